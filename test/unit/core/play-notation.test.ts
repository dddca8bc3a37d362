/**
 * Move notation: the text bdb writes for a play (src/core/moves.ts `formatPlay`) is the text gnuBG and XG
 * print for the same play, read from their own outputs.
 *
 * - gnuBG: the SGF files of test/reference-matches/gnubg/ hold each play as hops; gnuBG 1.07.001 printed
 *   the same plays as text in its text export of the same session (`export match text`, NAME.txt,
 *   NAME_002.txt …): the "* NAME moves …" line of every roll and every candidate of its list.
 * - XG: test/reference-matches/xg/test.xg stores each play as hops; XG 2.19 printed the same match as a
 *   transcript (test/reference-matches/mat/gbf_test_xg_export.txt, 'Bar' and 'Off' capitalised there).
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it, test } from 'vitest';
import { reformatPlayText } from '../../../src/core/move-notation.js';
import { formatPlay } from '../../../src/core/moves.js';
import { defaultMet } from '../../../src/metrics/match-report.js';
import type { CheckerDecision } from '../../../src/model/types.js';
import { parseBytes } from '../../../src/parsers/index.js';
import { bytesOf, REF_DIR } from '../../helpers/fixtures.js';

/** The texts of one roll in a gnuBG text export: the play made and the candidates, in the file's order. */
interface ExportedRoll {
  readonly line: number;
  readonly played: string;
  /** The candidates listed: their rank (1 = best) and text; the play made is listed even when ranked lower. */
  readonly candidates: { rank: number; text: string }[];
}

/** Every roll of a gnuBG text export (one game), in order: from its "Move number N:  NAME to play DD" line. */
function exportedRolls(text: string): ExportedRoll[] {
  const out: { line: number; played: string | null; candidates: { rank: number; text: string }[] }[] = [];
  text.split(/\r?\n/).forEach((l, i) => {
    if (/^Move number \d+:/.test(l)) {
      if (/ to play \d\d$/.test(l)) out.push({ line: i + 1, played: null, candidates: [] });
      return;
    }
    const roll = out[out.length - 1];
    if (!roll) return;
    const moved = /^\* .+? (?:moves (.+)|cannot move)$/.exec(l);
    if (moved && roll.played === null) {
      roll.played = moved[1] ?? '';
      roll.line = i + 1;
      return;
    }
    const cand = /^[* ] +(\d+)\. +Cubeful \d+-ply +(.*?) +Eq\.:/.exec(l);
    if (cand) roll.candidates.push({ rank: Number(cand[1]), text: cand[2]! });
  });
  return out.map((r) => ({ ...r, played: r.played ?? '' }));
}

/** The file of game `g` (0-based) of a gnuBG text export. */
function gameFile(name: string, g: number): string {
  return `${REF_DIR}gnubg/${name}${g === 0 ? '' : `_${String(g + 1).padStart(3, '0')}`}.txt`;
}

describe('gnuBG: the text of every play made and every candidate equals gnuBG 1.07.001 text export', () => {
  test.each(['g0001', 'g0002', 'g0071', 'g0143', 'g0179', 'g0227', 'g1262', 'g1547'])('%s', (name) => {
    const file = `${REF_DIR}gnubg/${name}.sgf`;
    const { match } = parseBytes(bytesOf(file), { file, met: defaultMet() });
    let compared = 0;
    match.games.forEach((game, g) => {
      const rolls = exportedRolls(readFileSync(gameFile(name, g), 'utf8'));
      const decisions = game.decisions.filter((d): d is CheckerDecision => d.kind === 'checker');
      expect(decisions.length, `${name} game ${g + 1}`).toBe(rolls.length);
      decisions.forEach((d, k) => {
        const roll = rolls[k]!;
        const where = `${gameFile(name, g)}:${roll.line}`;
        expect(formatPlay(d.board, d.player, d.played), where).toBe(roll.played);
        expect(
          roll.candidates.map((c) => formatPlay(d.board, d.player, d.candidates[c.rank - 1]!.play)),
          where,
        ).toEqual(roll.candidates.map((c) => c.text));
        compared += 1 + roll.candidates.length;
      });
    });
    expect(compared).toBeGreaterThan(100);
  });
});

/** The plays of XG's transcript export, in order (XG's '????' for a roll it did not write is kept). */
function xgTranscriptPlays(text: string): { line: number; dice: string; text: string }[] {
  const out: { line: number; dice: string; text: string }[] = [];
  text.split(/\r?\n/).forEach((l, i) => {
    const m = /^\s*\d+\)\s(.*)$/.exec(l);
    if (!m) return;
    for (const p of m[1]!.matchAll(/(\d\d): (.*?)(?=\s{2,}\S|\s*$)/g)) {
      const t = p[2]!.trim();
      out.push({
        line: i + 1,
        dice: p[1]!,
        text: t === 'Cannot Move' ? '' : t.replace(/Bar/g, 'bar').replace(/Off/g, 'off'),
      });
    }
  });
  return out;
}

describe('XG: the plays of test.xg as XG 2.19 wrote them in its transcript export', () => {
  const file = `${REF_DIR}xg/test.xg`;
  const { match } = parseBytes(bytesOf(file), { file, met: defaultMet() });
  const ours = match.games.flatMap((g) =>
    g.decisions
      .filter((d): d is CheckerDecision => d.kind === 'checker')
      .map((d) => ({ dice: `${d.dice[0]}${d.dice[1]}`, text: formatPlay(d.board, d.player, d.played) })),
  );
  const xg = xgTranscriptPlays(readFileSync(`${REF_DIR}mat/gbf_test_xg_export.txt`, 'utf8'));

  /**
   * Where the two programs write the same play differently, bdb writes it as gnuBG does. gnuBG's text is
   * from its text export of the same match (sgf/gbf_test.sgf, `load match` then `export match text` with
   * GNU Backgammon 1.07.001), line "* NAME moves …" of that roll:
   * - a hit on the way: XG `6/3* 3/1*`, gnuBG `6/3*\/1*` (one checker, the point passed written with its hit);
   * - parts from one point: XG keeps the order of the hops as played (`6/1 6/5*`), gnuBG orders them by
   *   destination, highest first (`6/5* 6/1`).
   */
  const GNUBG: Readonly<Record<string, string>> = {
    '6/3* 3/1*': '6/3*/1*',
    'bar/24* 24/18': 'bar/24*/18',
    '8/7* 7/3': '8/7*/3',
    '6/4*(2) 4/2*(2)': '6/4*/2*(2)',
    '6/1 6/5*': '6/5* 6/1',
    '10/6(2) 10/2': '10/2 10/6(2)',
    '11/9* 9/8': '11/9*/8',
    '22/16* 16/13*': '22/16*/13*',
    '8/4* 4/2': '8/4*/2',
    '23/18* 18/17*': '23/18*/17*',
    '12/11* 11/9': '12/11*/9',
    'bar/13* 13/1*': 'bar/13*/1*',
    '6/2 6/off 4/off': '6/off 6/2 4/off',
    '8/6 8/2': '8/2 8/6',
    '24/20 22/14* 14/10': '24/20 22/14*/10',
    '8/3* 3/1': '8/3*/1',
    '6/5(2) 6/4': '6/4 6/5(2)',
  };

  it('reads the same rolls as the transcript', () => {
    // the transcript writes '????' for the last roll of two games: XG's own gap, not a play
    const written = xg.filter((x) => x.text !== '????');
    expect(ours.length).toBe(written.length);
  });

  it('writes every play as XG does, or as gnuBG does where they differ', () => {
    const written = xg.filter((x) => x.text !== '????');
    let same = 0;
    written.forEach((x, i) => {
      const expected = GNUBG[x.text] ?? x.text;
      if (expected === x.text) same++;
      expect(ours[i]!.text, `gbf_test_xg_export.txt:${x.line} (${x.dice})`).toBe(expected);
    });
    // nearly every play is written the same by both programs: '13/5', '6/2(2)', 'bar/24', '3/off'
    expect(same).toBeGreaterThan(300);
  });

  it('joins one checker`s hops and counts repeated parts (issue 42: `13/10 10/5`, `6/2 6/2 6/2 6/2`)', () => {
    const texts = ours.map((o) => o.text);
    // gbf_test_xg_export.txt line 32: '55: 20/5 11/6'; line 55: '22: 23/21(2) 3/1(2)' (bdb wrote
    // '23/21 23/21 3/1 3/1'); line 71: '11: 1/Off(4)'; line 91: '44: 13/5(2)'
    for (const t of ['20/5 11/6', '23/21(2) 3/1(2)', '1/off(4)', '13/5(2)']) expect(texts).toContain(t);
    // no part starts where another ends: one checker's hops are one part
    for (const t of texts.filter((x) => x !== '')) {
      const parts = t.split(' ').map((p) => p.replace(/\(\d\)$/, '').split('/'));
      for (const a of parts)
        for (const b of parts) expect(a[a.length - 1]!.replace('*', ''), t).not.toBe(b[0]);
    }
  });
});

describe('reformatPlayText: a play stored in the former notation, written anew', () => {
  it('gives the notation formatPlay gives for the same play', () => {
    // each former text (one hop a part, hits marked where the hop landed) with its text in gnuBG 1.07.001's
    // text exports: 13/5 (joined), 6/2(4) (counted), 6/3*/1* (hits on the way), bar/24*/18
    expect(reformatPlayText('13/10 10/5')).toBe('13/5');
    expect(reformatPlayText('6/2 6/2 6/2 6/2')).toBe('6/2(4)');
    expect(reformatPlayText('6/3* 3/1*')).toBe('6/3*/1*');
    expect(reformatPlayText('bar/24* 24/18')).toBe('bar/24*/18');
    expect(reformatPlayText('24/20 20/16* 6/2* 6/2')).toBe('24/16* 6/2*(2)');
    expect(reformatPlayText('23/21 23/21 3/1 3/1')).toBe('23/21(2) 3/1(2)');
    expect(reformatPlayText('7/6 5/off')).toBe('7/6 5/off');
  });

  it('leaves what is not a play as it is', () => {
    for (const t of ['cannot move', 'n/a', 'Double, take', 'No double', 'Double/Take', 'Redouble/Pass'])
      expect(reformatPlayText(t)).toBe(t);
  });
});
