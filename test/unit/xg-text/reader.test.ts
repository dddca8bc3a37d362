/**
 * The XG position-text reader beyond the ten samples: several positions in one file, decimal commas, line
 * ends and encodings, the player on roll at the top, a double offered, cross-checks against the XGID, and
 * the pieces (move notation, depth names, best-action wordings).
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { boardKey } from '../../../src/core/board.js';
import { applyPlay, isLegalPlay } from '../../../src/core/moves.js';
import { CorruptFileError, UnsupportedFormatError } from '../../../src/errors.js';
import { defaultMet } from '../../../src/metrics/match-report.js';
import type { CheckerDecision, CubeDecision } from '../../../src/model/types.js';
import { looksLikeXgText, parseXgText, xgTextFormat } from '../../../src/parsers/xg-text/index.js';
import { depthName, parseMoveNotation, parseNumber } from '../../../src/parsers/xg-text/notation.js';
import { bestFromEquities, bestFromText } from '../../../src/parsers/xg-text/read.js';
import { REF_DIR } from '../../helpers/fixtures.js';

const DIR = `${REF_DIR}xg-text/`;
const text = (name: string): string => readFileSync(`${DIR}${name}`, 'utf8');
const met = defaultMet();

/** The error thrown by `f`. */
function thrown(f: () => unknown): unknown {
  try {
    f();
  } catch (e) {
    return e;
  }
  return expect.fail('no error thrown');
}

/** A text with its lines (1-based) replaced. */
function withLines(t: string, edits: Record<number, string>): string {
  const lines = t.split('\n');
  for (const [n, s] of Object.entries(edits)) lines[Number(n) - 1] = s;
  return lines.join('\n');
}

const BOARD = [
  ' +13-14-15-16-17-18------19-20-21-22-23-24-+',
  ' |                  |BAR|                  |',
  ' +12-11-10--9--8--7-------6--5--4--3--2--1-+',
];

/** The standard start, O (the top player, seat 1) to play 31, money game. */
const O_TO_PLAY = [
  'XGID=-b----E-C---eE---c-e----B-:0:0:-1:31:0:0:0:0:10',
  '',
  'X:Alice   O:Bob',
  'Score is X:0 O:0 Unlimited Game',
  ...BOARD,
  'Pip count  X: 167  O: 167 X-O: 0-0',
  'Cube: 1',
  'O to play 31',
  '',
  '    1. XG Roller++ 8/5 6/5                      eq:+0.168',
  '      Player:   53.45% (G:15.19% B:0.65%)',
  '      Opponent: 46.55% (G:12.24% B:0.49%)',
  '',
  '    2. 3-ply       24/21 6/5                    eq:-0.012 (-0.180)',
  '    3. 2 Züge      13/10 6/5                    eq:-0.023 (-0.191)',
  '    4. Book¹       24/20                        eq:-0.030 (-0.198)',
  '',
  'eXtreme Gammon Version: 2.10, MET: Kazaross XG2',
  '',
].join('\n');

/** A cube block with the given XGID, cubeful lines and best action. */
function cubeText(
  xgidText: string,
  cubeful: [string, string, string],
  best: string,
  decision = 'X on roll, cube action',
): string {
  return [
    xgidText,
    '',
    'X:Player 1   O:Player 2',
    'Score is X:2 O:4 9 pt.(s) match.',
    ...BOARD,
    'Pip count  X: 139  O: 156 X-O: 2-4/9',
    'Cube: 1',
    decision,
    '',
    'Analyzed in XG Roller++',
    'Player Winning Chances:   61.38% (G:24.55% B:1.88%)',
    'Opponent Winning Chances: 38.62% (G:13.14% B:0.46%)',
    '',
    'Cubeless Equities: No Double=+0.365, Double=+0.791',
    '',
    'Cubeful Equities:',
    `       No double:     ${cubeful[0]}`,
    `       Double/Take:   ${cubeful[1]}`,
    `       Double/Pass:   ${cubeful[2]}`,
    '',
    `Best Cube action: ${best}`,
    '',
    'eXtreme Gammon Version: 2.10, MET: Kazaross XG2',
    '',
  ].join('\n');
}
const DT_XGID = 'XGID=-aAaBaDaB---bD-b-A-cA-b-b-:0:0:1:00:2:4:0:9:10';

describe('several positions in one file', () => {
  it('gives one game per position, each with its own score, cube and source lines', () => {
    const a = text('01_checkerPosition_EN.txt');
    const b = text('02_NDT_EN.txt');
    const c = text('07_RP_EN.txt');
    const la = a.split('\n').length - 1;
    const lb = b.split('\n').length - 1;
    const r = parseXgText(a + b + c, 'three.txt');
    expect(r.positions.map((p) => p.line)).toEqual([1, la + 1, la + lb + 1]);
    const games = r.match.games;
    expect(games.map((g) => g.index)).toEqual([0, 1, 2]);
    expect(games.map((g) => g.score)).toEqual([
      [3, 6],
      [0, 5],
      [1, 2],
    ]);
    const ds = games.map((g) => g.decisions[0]!);
    expect(ds.map((d) => [d.kind, d.gameIndex, d.index, d.source.line])).toEqual([
      ['checker', 0, 0, 20],
      ['cube', 1, 0, la + 20],
      ['cube', 2, 0, la + lb + 20],
    ]);
    expect(ds.map((d) => d.matchLength)).toEqual([7, 9, 9]);
    expect((ds[1] as CubeDecision).analysis).toEqual({ nd: 0.337, dt: 0.215, dp: 1 });
    expect((ds[2] as CubeDecision).analysis).toEqual({ nd: 1.027, dt: 1.869, dp: 1 });
    // the match takes the first position's players and length, and says where the others differ
    expect(r.match.players).toEqual(['Player 1', 'Player 2']);
    expect(r.match.matchLength).toBe(7);
    expect(r.match.analyser).toEqual({
      program: 'eXtreme Gammon 2.10',
      checkerDepth: '4-ply',
      cubeDepth: 'XG Roller++',
    });
    const messages = r.warnings.map((w) => `${w.line}: ${w.message}`);
    expect(messages).toEqual([
      expect.stringMatching(new RegExp(`^${la + 1}: .*9-point match`)),
      expect.stringMatching(new RegExp(`^${la + lb + 1}: .*other players`)),
      expect.stringMatching(new RegExp(`^${la + lb + 1}: .*9-point match`)),
    ]);
  });

  it('a bad XGID in the second position is reported at its line and column', () => {
    const a = text('01_checkerPosition_EN.txt');
    const la = a.split('\n').length - 1;
    const b = text('02_NDT_EN.txt').replace(':0:5:0:9:10', ':0:9:0:9:10');
    const e = thrown(() => parseXgText(a + b, 'two.txt'));
    expect(e).toBeInstanceOf(CorruptFileError);
    expect((e as CorruptFileError).location).toEqual({ file: 'two.txt', line: la + 1, column: 44 });
    expect((e as CorruptFileError).message).toMatch(/score 9 is not in 0\.\.8/);
  });
});

describe('decimal commas, line ends, encodings', () => {
  /** Every decimal point of the analysis written as a comma (not the version "2.10"). */
  const commas = (t: string) =>
    t
      .split('\n')
      .map((l) => (l.startsWith('eXtreme Gammon') ? l : l.replace(/(\d)\.(\d)/g, '$1,$2')))
      .join('\n');

  it('reads "éq:-0,491 (-0,065)" and "25,45%" as the decimal-point text', () => {
    const fr = text('01_checkerPosition_FR.txt');
    expect(commas(fr)).toContain('éq:-0,556 (-0,065)');
    const a = parseXgText(fr, 'fr.txt');
    const b = parseXgText(commas(fr), 'fr.txt');
    expect(b.warnings).toEqual([]);
    expect(b.match).toEqual(a.match);
    expect(b.positions[0]!.candidates).toEqual(a.positions[0]!.candidates);
  });

  it('reads "No double:     +0,580 (-0,109)" and "No Double=+0,365, Double=+0,791"', () => {
    const en = text('03_DT_EN.txt');
    const b = parseXgText(commas(en), 'dt.txt');
    expect(b.warnings).toEqual([]);
    expect((b.match.games[0]!.decisions[0] as CubeDecision).analysis).toEqual({ nd: 0.58, dt: 0.689, dp: 1 });
    expect(b.positions[0]!.cube!.cubeless).toEqual({ noDouble: 0.365, double: 0.791 });
    expect(b.positions[0]!.cube!.player).toEqual({ winPct: 61.38, gammonPct: 24.55, backgammonPct: 1.88 });
  });

  it('CR LF, a UTF-8 BOM and UTF-16 (LE with BOM) give the same match', () => {
    const jp = text('03_DT_JP.txt');
    const base = xgTextFormat.parse(new TextEncoder().encode(jp), { file: 'jp.txt', met }).match;
    const crlf = new TextEncoder().encode(`\uFEFF${jp.replace(/\n/g, '\r\n')}`);
    expect(xgTextFormat.parse(crlf, { file: 'jp.txt', met }).match).toEqual(base);
    const utf16 = Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from(jp, 'utf16le')]);
    const bytes = new Uint8Array(utf16.buffer, utf16.byteOffset, utf16.length);
    expect(xgTextFormat.sniff(bytes)).toBe(true);
    expect(xgTextFormat.parse(bytes, { file: 'jp.txt', met }).match).toEqual(base);
    expect(base.players).toEqual(['プレーヤー 1', 'プレーヤー 2']);
  });
});

describe('positions the samples do not have', () => {
  it('O (seat 1) on roll at money: moves in O’s own numbering, depths normalised', () => {
    const r = parseXgText(O_TO_PLAY, 'o.txt');
    expect(r.warnings).toEqual([]);
    expect(r.match.matchLength).toBe(0);
    expect(r.match.players).toEqual(['Alice', 'Bob']);
    const d = r.match.games[0]!.decisions[0] as CheckerDecision;
    expect(d.player).toBe(1);
    expect(d.dice).toEqual([3, 1]);
    expect(d.legalCount).toBe(16);
    expect(d.candidates.map((c) => [c.equity, c.depth])).toEqual([
      [0.168, 'XG Roller++'],
      [-0.012, '3-ply'],
      [-0.023, '2-ply'],
      [-0.03, 'opening book'],
    ]);
    for (const c of d.candidates) expect(isLegalPlay(d.board, 1, 3, 1, c.play)).toBe(true);
    // 8/5 6/5 makes O's 5-point: two checkers on O's point 5
    expect(applyPlay(d.board, 1, d.candidates[0]!.play)[1][4]).toBe(2);
    expect(r.match.analyser?.checkerDepth).toBe('XG Roller++');
  });

  it("a double offered (XGID dice 'D'): the responder's decision, with a warning", () => {
    const t = cubeText(
      'XGID=-aAaBaDaB---bD-b-A-cA-b-b-:0:0:1:D:2:4:0:9:10',
      ['+0.735 (-0.265)', '+1.336 (+0.336)', '+1.000'],
      'Double / Pass',
    );
    const r = parseXgText(t, 'd.txt');
    const d = r.match.games[0]!.decisions[0] as CubeDecision;
    expect(d.player).toBe(1);
    expect(d.action).toBe('pass');
    expect(d.analysis).toEqual({ nd: 0.735, dt: 1.336, dp: 1 });
    expect(d.cubeValue).toBe(1);
    expect(r.warnings.map((w) => w.message)).toEqual([expect.stringMatching(/double offered/)]);
  });

  it('equities printed from the responder’s side (Double/Pass -1.000) are turned to the doubler’s', () => {
    const t = cubeText(DT_XGID, ['-0.580 (+0.109)', '-0.689', '-1.000 (-0.311)'], 'Double / Take');
    const r = parseXgText(t, 'neg.txt');
    expect((r.match.games[0]!.decisions[0] as CubeDecision).analysis).toEqual({ nd: 0.58, dt: 0.689, dp: 1 });
    expect(r.warnings.map((w) => w.message)).toContain(
      'Double/Pass is -1.000: the equities are read as the responder’s and negated',
    );
  });

  it('a best action in words bdb does not know is taken from the equities', () => {
    const t = cubeText(DT_XGID, ['+0.580 (-0.109)', '+0.689', '+1.000 (+0.311)'], 'Doblar / Aceptar');
    const r = parseXgText(t, 'es.txt');
    expect(r.warnings).toEqual([]);
    expect(r.positions[0]!.cube!.best).toEqual({ doubler: 'double', responder: 'take', from: 'equities' });
    expect((r.match.games[0]!.decisions[0] as CubeDecision).action).toBe('double');
  });
});

describe('cross-checks against the XGID (the XGID wins, a warning says so)', () => {
  it('score, cube, pip count, player and roll lines that disagree', () => {
    const en = text('01_checkerPosition_EN.txt');
    const t = withLines(en, {
      4: 'Score is X:2 O:6 9 pt.(s) match.',
      18: 'Pip count  X: 112  O: 52 X-O: 3-6/7',
      19: 'Cube: 4, O own cube',
      20: 'X to play 31',
    });
    const r = parseXgText(t, 'x.txt');
    expect(r.warnings.map((w) => w.line)).toEqual([4, 4, 18, 19, 20]);
    expect(r.warnings.map((w) => w.message).join('\n')).toMatch(
      /score line says 2-6[\s\S]*9-point[\s\S]*112 pips[\s\S]*says 4[\s\S]*31/,
    );
    const d = r.match.games[0]!.decisions[0] as CheckerDecision;
    expect([d.score, d.cubeValue, d.dice]).toEqual([[3, 6], 2, [2, 1]]);
    const o = parseXgText(withLines(en, { 20: 'O to play 21' }), 'o.txt');
    expect(o.warnings.map((w) => w.message)).toEqual([expect.stringMatching(/says O is on roll/)]);
  });

  it('an illegal candidate is kept as written, an unreadable one skipped, a wrong difference flagged', () => {
    const en = text('01_checkerPosition_EN.txt');
    const t = withLines(en, {
      26: '    2. 4-ply       19/17 14/12                  eq:-0.556 (-0.065)',
      30: '    3. 4-ply       19/17 18/1x                  eq:-0.576 (-0.085)',
      34: '    4. 3-ply       14/11                        eq:-0.568 (-0.176)',
    });
    const r = parseXgText(t, 'x.txt');
    expect(r.warnings.map((w) => [w.line, w.message.slice(0, 28)])).toEqual([
      [34, 'printed difference -0.176 is'],
      [26, 'candidate 2 "19/17 14/12" is'],
      [30, 'unreadable move "19/17 18/1x'],
    ]);
    const d = r.match.games[0]!.decisions[0] as CheckerDecision;
    expect(d.candidates.map((c) => c.equity)).toEqual([-0.491, -0.556, -0.568, -0.572]);
    expect(d.candidates[1]!.play).toEqual([
      { from: 19, to: 17 },
      { from: 14, to: 12 },
    ]);
  });

  it('a best action that contradicts the equities', () => {
    const t = cubeText(DT_XGID, ['+0.580 (-0.109)', '+0.689', '+1.000 (+0.311)'], 'No double / Take');
    const r = parseXgText(t, 'x.txt');
    expect(r.warnings.map((w) => [w.line, w.message])).toEqual([
      [23, 'the best cube action "No double / Take" does not match the equities; the text is used'],
    ]);
    expect((r.match.games[0]!.decisions[0] as CubeDecision).action).toBe('no-double');
  });
});

describe('refused input', () => {
  it('no XGID line', () => {
    const e = thrown(() => parseXgText('hello\nworld\n', 'x.txt'));
    expect(e).toBeInstanceOf(CorruptFileError);
    expect((e as CorruptFileError).location).toEqual({ file: 'x.txt', line: 1, column: 1 });
  });

  it('a bad XGID: line 1, the column of the field', () => {
    const en = text('01_checkerPosition_EN.txt');
    const e = thrown(() => parseXgText(en.replace(':1:21:3:6:', ':1:27:3:6:'), 'x.txt'));
    expect(e).toBeInstanceOf(CorruptFileError);
    expect((e as CorruptFileError).location).toEqual({ file: 'x.txt', line: 1, column: 40 });
    expect((e as Error).message).toBe(
      'x.txt:1:40: bad XGID "XGID=-B-CBBB---a---A---ABcbbbd-:1:-1:1:27:3:6:0:7:10": dice "27" are not \'00\', \'D\' or two dice 1..6',
    );
  });

  it('an analysis of the other kind than the XGID says', () => {
    const checker = text('01_checkerPosition_EN.txt').replace(':1:21:3:6:', ':1:00:3:6:');
    const e1 = thrown(() => parseXgText(checker, 'x.txt'));
    expect(e1).toBeInstanceOf(CorruptFileError);
    expect((e1 as CorruptFileError).location.line).toBe(22);
    const cube = text('02_NDT_EN.txt').replace(':1:00:0:5:', ':1:21:0:5:');
    const e2 = thrown(() => parseXgText(cube, 'x.txt'));
    expect(e2).toBeInstanceOf(CorruptFileError);
    expect((e2 as CorruptFileError).location.line).toBe(29);
  });

  it('equities shown as match winning chances', () => {
    const en = text('01_checkerPosition_EN.txt');
    const t = withLines(en, { 22: '    1. 4-ply       19/18 14/12                  MWC:45.23%' });
    const e = thrown(() => parseXgText(t, 'x.txt'));
    expect(e).toBeInstanceOf(UnsupportedFormatError);
    expect((e as Error).message).toMatch(/^x\.txt: line 22: the equities are shown as match winning chances/);
    const c = cubeText(DT_XGID, ['62.10%', '64.00% (+1.90%)', '68.00%'], 'Double / Take');
    expect(thrown(() => parseXgText(c, 'x.txt'))).toBeInstanceOf(UnsupportedFormatError);
  });

  it('lines longer than 1000 characters are skipped with a warning', () => {
    const en = text('01_checkerPosition_EN.txt');
    const r = parseXgText(withLines(en, { 2: `    1. ${'9/8 '.repeat(300)} eq:+9.999` }), 'x.txt');
    expect(r.warnings).toEqual([{ line: 2, message: 'line of 1217 characters skipped' }]);
    expect((r.match.games[0]!.decisions[0] as CheckerDecision).candidates).toHaveLength(5);
  });
});

describe('detection', () => {
  it('refuses gnuBG text exports, .mat transcripts, SGF and XG binaries', () => {
    const others = [
      `${REF_DIR}gnubg/g0001.txt`,
      `${REF_DIR}gnubg/g0002_002.txt`,
      `${REF_DIR}gnubg-text/match1484923_analyzed.txt`,
      `${REF_DIR}mat/gbf_test.mat`,
      `${REF_DIR}mat/gbf_test_xg_export.txt`,
      `${REF_DIR}mat/match1484923.mat`,
      `${REF_DIR}sgf/gbf_test.sgf`,
      `${REF_DIR}xg/test.xg`,
      `${REF_DIR}xgp/BothAnalysis.xgp`,
    ];
    expect(others.length).toBeGreaterThan(1);
    for (const f of others) {
      const b = readFileSync(f);
      expect(xgTextFormat.sniff(new Uint8Array(b.buffer, b.byteOffset, Math.min(b.length, 4096))), f).toBe(
        false,
      );
    }
  });

  it('needs both the XGID line and XG analysis lines', () => {
    const en = text('01_checkerPosition_EN.txt');
    expect(looksLikeXgText(en)).toBe(true);
    expect(looksLikeXgText(en.split('\n').slice(0, 21).join('\n'))).toBe(false);
    expect(looksLikeXgText(en.replace('XGID=', 'XGIX='))).toBe(false);
    // gnuBG's own candidate lines ("Eq.: -0.012") are not XG's
    expect(
      looksLikeXgText(
        `${en.split('\n')[0]}\n*    1. Cubeful 1-ply    24/23 13/9                   Eq.: -0.012\n`,
      ),
    ).toBe(false);
    expect(looksLikeXgText(`GNU Backgammon  Position ID: 4HPwATDgc/ABMA\n${en}`)).toBe(false);
    expect(looksLikeXgText(text('02_NDT_EN.txt'))).toBe(true);
  });
});

describe('pieces', () => {
  it('parseMoveNotation: hits, bar, off, repeats, chains', () => {
    expect(parseMoveNotation('19/18 14/12')).toEqual([
      { from: 19, to: 18 },
      { from: 14, to: 12 },
    ]);
    expect(parseMoveNotation('bar/22* 6/off')).toEqual([
      { from: 25, to: 22 },
      { from: 6, to: 0 },
    ]);
    expect(parseMoveNotation('13/7(2)')).toEqual([
      { from: 13, to: 7 },
      { from: 13, to: 7 },
    ]);
    expect(parseMoveNotation('24/21*/18 Bar/20')).toEqual([
      { from: 24, to: 21 },
      { from: 21, to: 18 },
      { from: 25, to: 20 },
    ]);
    expect(parseMoveNotation('barre/22 6/sortie')).toEqual([
      { from: 25, to: 22 },
      { from: 6, to: 0 },
    ]);
    for (const bad of ['', '19/20', '26/20', '6/off/3', '13/7(5)', '1x/3', '8/5(4) 6/5(4) 13/10', '19 18']) {
      expect(parseMoveNotation(bad), bad).toBeNull();
    }
  });

  it('13/7(2) with 33 is resolved to one hop per die', () => {
    const t = O_TO_PLAY.replace(':-1:31:', ':1:33:')
      .replace('O to play 31', 'X to play 33')
      .replace('8/5 6/5 ', '13/7(2) ')
      .replace('24/21 6/5 ', '8/5(2) 6/3(2)')
      .replace('13/10 6/5 ', '24/21(2) 13/10(2)')
      .replace('24/20   ', '24/18(2)');
    const r = parseXgText(t, 'x.txt');
    expect(r.warnings).toEqual([]);
    const d = r.match.games[0]!.decisions[0] as CheckerDecision;
    expect(d.player).toBe(0);
    for (const c of d.candidates) {
      expect(c.play).toHaveLength(4);
      expect(c.play.every((x) => x.from - x.to === 3)).toBe(true);
    }
    expect(boardKey(applyPlay(d.board, 0, d.candidates[0]!.play))).toBe(
      boardKey(
        applyPlay(d.board, 0, [
          { from: 13, to: 7 },
          { from: 13, to: 7 },
        ]),
      ),
    );
  });

  it('depthName', () => {
    expect(
      [
        '4-ply',
        '4-plis',
        '2 Züge',
        '3-ply red',
        'XG Roller++',
        'XG Roller',
        'Book¹',
        'Livre¹',
        'Rollout',
      ].map(depthName),
    ).toEqual([
      '4-ply',
      '4-ply',
      '2-ply',
      '3-ply red',
      'XG Roller++',
      'XG Roller',
      'opening book',
      'opening book',
      'rollout',
    ]);
  });

  it('parseNumber', () => {
    expect(['+0.580', '-0,491', '\u22120.5', '25.45', '1'].map(parseNumber)).toEqual([
      0.58, -0.491, -0.5, 25.45, 1,
    ]);
    expect(Number.isNaN(parseNumber('0.5.1'))).toBe(true);
  });

  it('best cube action wordings of XG in English, French, German and Japanese', () => {
    // as printed by XG 2.10/2.19 in kevung/xgparser's test/2025-11-04 samples (FR/DE/JP versions of 02..07)
    const cases: [string, string, string][] = [
      ['No double / Take', 'no-double', 'take'],
      ['Too good to redouble / Pass', 'too-good', 'pass'],
      ['Pas de double / Prend', 'no-double', 'take'],
      ['Trop bon pour redoubler / Passe', 'too-good', 'pass'],
      ['Redouble / Prend', 'double', 'take'],
      ['Beste Dopplerwürfel Aktion Nicht Redoppeln / Annehmen', 'no-double', 'take'],
      ['Beste Dopplerwürfel Aktion Zu gut zum redoppeln / Ablehnen', 'too-good', 'pass'],
      ['Beste Dopplerwürfel Aktion Doppeln / Ablehnen', 'double', 'pass'],
      ['ダブル / テイク', 'double', 'take'],
      ['ノーリダブル / テイク', 'no-double', 'take'],
      ['ツーグッド / パス', 'too-good', 'pass'],
    ];
    for (const [t, doubler, responder] of cases) expect(bestFromText(t), t).toEqual({ doubler, responder });
    expect(bestFromText('Double')).toBeNull();
    expect(bestFromText('Doblar / Aceptar')).toBeNull();
  });

  it('bestFromEquities', () => {
    expect(bestFromEquities(0.337, 0.215, 1)).toEqual({ doubler: 'no-double', responder: 'take' });
    expect(bestFromEquities(0.58, 0.689, 1)).toEqual({ doubler: 'double', responder: 'take' });
    expect(bestFromEquities(0.735, 1.336, 1)).toEqual({ doubler: 'double', responder: 'pass' });
    expect(bestFromEquities(1.027, 1.869, 1)).toEqual({ doubler: 'too-good', responder: 'pass' });
  });
});
