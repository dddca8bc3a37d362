/**
 * The .mat reader on the reference transcripts (test/reference-matches/, copied from ../shared; README there):
 * - every file of reference-matches/mat/ (both dialects) reads without a warning, and its players, match
 *   length, games, scores and winners are what the text itself says (the players' lines and "Wins" lines);
 * - the two dialects of the HSBT Paris 2023 match (gnuBG's gbf_test.mat, XG's gbf_test_xg_export.txt) give the
 *   same games, dice, plays and cube actions, and so do the transcripts and gnuBG's SGF of the same matches;
 * - the 13 gnuBG matches of test/reference-matches/gnubg/ with a transcript (3 real Galaxy matches of
 *   gnubg-real/, 4 of gnubg-generated/ and 6 money sessions and matches made the same way) and, when ../shared
 *   is beside the clone, all 20 real Galaxy matches of gnubg-real/ and all 48 gnuBG-generated matches and
 *   money sessions of gnubg-generated/: the transcript gives the games, scores, dice, plays (compared by resulting position),
 *   cube actions and results of the SGF gnuBG saved (SGF no-double decisions, which exist only with
 *   analysis, left out).
 */
import { readdirSync, readFileSync } from 'node:fs';
import { describe, expect, test } from 'vitest';
import { boardKey } from '../../../src/core/board.js';
import { applyPlay } from '../../../src/core/moves.js';
import { defaultMet, matchOutcome, reportMatch } from '../../../src/metrics/match-report.js';
import type { Match } from '../../../src/model/types.js';
import { parseBytes } from '../../../src/parsers/index.js';
import { matFormat } from '../../../src/parsers/mat/index.js';
import { GNUBG_MADE, REF_DIR, shared } from '../../helpers/fixtures.js';

const MAT_DIR = `${REF_DIR}mat/`;
const REAL = shared('reference-matches/gnubg-real');
const GENERATED = shared('reference-matches/gnubg-generated');
const met = defaultMet();

function bytesOf(path: string): Uint8Array {
  const b = readFileSync(path);
  return new Uint8Array(b.buffer, b.byteOffset, b.length);
}

function readMat(path: string, file = path.slice(path.lastIndexOf('/') + 1)) {
  return matFormat.parse(bytesOf(path), { file, met });
}

function readSgf(path: string): Match {
  return parseBytes(bytesOf(path), { file: path, met }).match;
}

/** What two readings of one match must share: per game the result and the decisions, in order. */
function summary(m: Match) {
  return m.games.map((g) => ({
    score: g.score.join('-'),
    crawfordGame: g.crawfordGame,
    winner: g.winner,
    points: g.points,
    resigned: g.resigned,
    checker: g.decisions.flatMap((d) =>
      d.kind === 'checker'
        ? [
            `${d.player} ${d.dice.join('')} cube ${d.cubeValue}/${d.cubeOwner} ${boardKey(d.board)} → ${boardKey(applyPlay(d.board, d.player, d.played))}`,
          ]
        : [],
    ),
    cube: g.decisions.flatMap((d) =>
      d.kind === 'cube' && d.action !== 'no-double'
        ? [
            `${d.player} ${d.action} cube ${d.cubeValue}/${d.cubeOwner}${d.beaver ? ' beaver' : ''}${d.afterBeaver ? ' after-beaver' : ''}`,
          ]
        : [],
    ),
  }));
}

/** What a transcript's text says, read with plain string functions (independently of the reader). */
function textFacts(text: string) {
  const lines = text.replace(/^\uFEFF/, '').split(/\r?\n/);
  const length = Number(/^\s*(\d+) point match/m.exec(text)?.[1]);
  const games: {
    names: [string, string];
    score: [number, number];
    wins?: { seat: 0 | 1; points: number };
  }[] = [];
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i]!;
    if (/^\s*Game \d+\s*$/.test(line)) {
      const m = /^\s*(.*?) : (\d+)\s+(.*?) : (\d+)\s*$/.exec(lines[i + 1]!)!;
      games.push({ names: [m[1]!, m[3]!], score: [Number(m[2]), Number(m[4])] });
    }
    const w = line.indexOf('Wins ');
    if (w >= 0) {
      const g = games[games.length - 1]!;
      g.wins = { seat: w >= 20 ? 1 : 0, points: Number(/Wins (\d+)/.exec(line)![1]) };
    }
  }
  return { length, games, matchWon: /and the match/.test(text) };
}

const matFiles = readdirSync(MAT_DIR).sort();

describe('reference-matches/mat: every transcript reads as its text says', () => {
  test('the folder holds both dialects', () => {
    expect(matFiles).toContain('gbf_test.mat');
    expect(matFiles).toContain('gbf_test_xg_export.txt');
    expect(matFiles.length).toBeGreaterThanOrEqual(7);
  });

  test.each(matFiles)('%s', (name) => {
    const bytes = bytesOf(`${MAT_DIR}${name}`);
    expect(matFormat.sniff(bytes.subarray(0, 4096))).toBe(true);
    const { match, warnings } = readMat(`${MAT_DIR}${name}`);
    expect(warnings).toEqual([]);
    const facts = textFacts(new TextDecoder().decode(bytes));
    expect(match.format).toBe('mat');
    expect(match.matchLength).toBe(facts.length);
    expect(match.players).toEqual(facts.games[0]!.names.map((n) => n.normalize('NFC').trim()));
    expect(match.games.length).toBe(facts.games.length);
    match.games.forEach((g, i) => {
      const f = facts.games[i]!;
      expect(g.index).toBe(i);
      expect(g.score, `game ${i + 1} score`).toEqual(f.score);
      expect(f.wins, `game ${i + 1} has a "Wins" line`).toBeDefined();
      expect(g.winner, `game ${i + 1} winner`).toBe(f.wins!.seat);
      // the text writes the points the match counts: all of them, or what the winner still needed
      const need = match.matchLength - g.score[g.winner!];
      expect(
        g.points === f.wins!.points || (f.wins!.points === need && g.points > need),
        `game ${i + 1}`,
      ).toBe(true);
      const next = facts.games[i + 1];
      if (next) {
        const after: [number, number] = [g.score[0], g.score[1]];
        after[g.winner!] += g.points;
        expect(next.score, `score after game ${i + 1}`).toEqual(after);
      }
      for (const d of g.decisions) {
        expect(d.gameIndex).toBe(i);
        expect(d.source.line).toBeGreaterThan(0);
        expect(d.source.format).toBe('mat');
        if (d.kind === 'checker') {
          expect(d.candidates).toEqual([]);
          expect(d.playedIndex).toBeNull();
          expect(d.luck).toBeNull();
        } else expect(d.analysis).toBeNull();
      }
    });
    const outcome = matchOutcome(match);
    if (facts.matchWon) {
      expect(outcome.winner).toBe(facts.games[facts.games.length - 1]!.wins!.seat);
      expect(outcome.finalScore[outcome.winner!]).toBeGreaterThanOrEqual(match.matchLength);
    }
    // no analysis: bdb's figures are there, every one of them n/a — the count of decisions too (null, not 0)
    const report = reportMatch(match, met);
    for (const s of report.stats) {
      expect(s.pr).toBeNull();
      expect(s.decisions.total).toBeNull();
    }
  });

  test('gbf_test.mat: players from the columns, header fields, Crawford game', () => {
    const { match } = readMat(`${MAT_DIR}gbf_test.mat`);
    expect(match.players).toEqual(['Kévin Unger', 'Maxence Job']);
    expect(match.date).toBe('2023-11-26');
    expect(match.event).toBe('HSBT Paris 2023');
    expect(match.round).toBe('Tableau Or 2');
    expect(match.place).toBe('Paris, Fédération Française de Bridge');
    expect(match.rules).toEqual({ crawford: true, jacoby: false, cube: true });
    expect(match.analyser).toBeNull();
    // 5-4 → Kévin at 5 needs 2, Maxence at 4 needs 3: no Crawford game in this match (nobody reached 6)
    expect(match.games.map((g) => g.crawfordGame)).toEqual([false, false, false, false, false, false, false]);
    expect(matchOutcome(match)).toEqual({ finalScore: [7, 4], winner: 0 });
  });

  test('gbf_test_xg_export.txt: the header lists Player 1/2 opposite to the columns; the columns win', () => {
    const { match } = readMat(`${MAT_DIR}gbf_test_xg_export.txt`);
    expect(match.players).toEqual(['Kévin Unger', 'Maxence Job']);
    expect(match.place).toBe('Paris, Fédération Française de Bridge');
  });

  test('the two dialects of the HSBT Paris 2023 match give the same games, dice, plays and cube actions', () => {
    const a = readMat(`${MAT_DIR}gbf_test.mat`).match;
    const b = readMat(`${MAT_DIR}gbf_test_xg_export.txt`).match;
    const sa = summary(a);
    expect(summary(b)).toEqual(sa);
    expect(sa.reduce((n, g) => n + g.checker.length, 0)).toBeGreaterThan(250);
    expect(sa.reduce((n, g) => n + g.cube.length, 0)).toBe(14);
  });

  test('the XG dialect writes consolidated hops; the plays are read in die-sized hops', () => {
    const g = readMat(`${MAT_DIR}gbf_test_xg_export.txt`).match.games[0]!;
    // row 2, right column: "11: 24/20"
    const d = g.decisions.find((x) => x.kind === 'checker' && x.source.line === 22 && x.player === 1);
    expect(d?.kind).toBe('checker');
    if (d?.kind === 'checker') {
      expect(d.dice).toEqual([1, 1]);
      expect(d.played.every((h) => h.from - h.to === 1 || h.to === 0)).toBe(true);
      expect(d.played).toHaveLength(4);
    }
  });

  const sgfPairs: [string, string][] = [
    ['mat/gbf_test.mat', 'sgf/gbf_test.sgf'],
    ['mat/gbf_test_xg_export.txt', 'sgf/gbf_test.sgf'],
    ['mat/charlot1-charlot2_7p_2025-11-08-2305.mat', 'sgf/charlot1-charlot2_7p_2025-11-08-2305.sgf'],
    ['mat/match1484923.mat', 'sgf/match1484923_analyzed.sgf'],
    ['mat/match1486073.mat', 'sgf/match1486073_analyzed.sgf'],
    ['mat/test-match01.mat', 'sgf/test-match01_analyzed.sgf'],
  ];
  test.each(sgfPairs)('%s equals %s', (mat, sgf) => {
    const m = readMat(`${REF_DIR}${mat}`).match;
    const s = readSgf(`${REF_DIR}${sgf}`);
    expect(m.players).toEqual(s.players);
    expect(m.matchLength).toBe(s.matchLength);
    expect(summary(m)).toEqual(summary(s));
  });
});

/** The NAME.mat / NAME.sgf pairs of a gnuBG folder (given by its file names). */
function pairs(names: string[]): string[] {
  return names
    .filter((f) => f.endsWith('.mat') && names.includes(f.replace(/\.mat$/, '.sgf')))
    .sort()
    .map((f) => f.replace(/\.mat$/, ''));
}

/** Compares a transcript with gnuBG's SGF of the same match; returns the counts compared. */
function compareWithSgf(dir: string, name: string) {
  const { match: m, warnings } = readMat(`${dir}${name}.mat`, `${name}.mat`);
  const s = readSgf(`${dir}${name}.sgf`);
  expect(warnings).toEqual([]);
  expect(m.matchLength).toBe(s.matchLength);
  expect(m.players).toEqual(s.players);
  // (in a 1-point match the rule means nothing, and gnuBG's SGF has it or not depending on how the match was
  // made: imported from a transcript, or played)
  if (m.matchLength !== 1) expect(m.rules.crawford).toBe(s.rules.crawford);
  const a = summary(m);
  const b = summary(s);
  expect(a.length).toBe(b.length);
  a.forEach((g, i) => {
    const h = b[i]!;
    expect({ ...g, checker: g.checker.length, cube: g.cube.length }, `game ${i + 1}`).toEqual({
      ...h,
      checker: h.checker.length,
      cube: h.cube.length,
    });
    g.checker.forEach((c, k) => {
      expect(c, `game ${i + 1} checker decision ${k + 1}`).toBe(h.checker[k]);
    });
    g.cube.forEach((c, k) => {
      expect(c, `game ${i + 1} cube action ${k + 1}`).toBe(h.cube[k]);
    });
  });
  return {
    games: a.length,
    checker: a.reduce((n, g) => n + g.checker.length, 0),
    cube: a.reduce((n, g) => n + g.cube.length, 0),
  };
}

describe('test/reference-matches/gnubg: 13 gnuBG transcripts equal the SGF gnuBG saved', () => {
  const dir = `${REF_DIR}gnubg/`;
  const names = pairs(readdirSync(dir));
  test('13 pairs: 3 Galaxy matches, matches and money sessions ("0 point match")', () => {
    expect(names).toEqual([...GNUBG_MADE, 'match1004844', 'match3243887', 'match956620']);
    const money = names.filter((n) => readMat(`${dir}${n}.mat`).match.matchLength === 0);
    expect(money.length).toBeGreaterThan(0);
  });
  test.each(names)('%s', (name) => {
    const n = compareWithSgf(dir, name);
    expect(n.checker).toBeGreaterThan(0);
  });
});

describe.skipIf(REAL.absent)(
  REAL.title('gnubg-real: 20 Galaxy transcripts equal the SGF gnuBG made of them'),
  () => {
    const names = pairs(REAL.names());
    test('20 pairs', () => expect(names).toHaveLength(20));
    test.each(names)('%s', (name) => {
      const n = compareWithSgf(REAL.dir, name);
      expect(n.checker).toBeGreaterThan(0);
    });
  },
);

describe.skipIf(GENERATED.absent)(
  GENERATED.title('gnubg-generated: 48 gnuBG transcripts (matches and money sessions) equal their SGF'),
  () => {
    const names = pairs(GENERATED.names());
    test('48 pairs, money sessions ("0 point match") among them', () => {
      expect(names).toHaveLength(48);
      const money = names.filter((n) => readMat(`${GENERATED.dir}${n}.mat`).match.matchLength === 0);
      expect(money.length).toBeGreaterThan(0);
    });
    test.each(names)('%s', (name) => {
      compareWithSgf(GENERATED.dir, name);
    });
  },
);

describe('gnubg-generated g0047 (copied)', () => {
  test('beavers: a chain of beavers and the take that closes it', () => {
    // g0047 game 1: Bob doubles, Sofía beavers (4), Bob beavers (8), Sofía beavers (16), Bob's roll implies his take
    const g = readMat(`${REF_DIR}gnubg/g0047.mat`).match.games[0]!;
    const cube = g.decisions.filter((d) => d.kind === 'cube');
    expect(cube.map((d) => [d.player, d.kind === 'cube' && d.action, d.cubeValue])).toEqual([
      [1, 'double', 1],
      [0, 'take', 1],
      [1, 'take', 2],
      [0, 'take', 4],
      [1, 'take', 8],
    ]);
    expect(cube.map((d) => d.kind === 'cube' && (d.beaver ?? d.afterBeaver ?? false))).toEqual([
      false,
      true,
      true,
      true,
      true,
    ]);
    expect(g.points).toBe(48);
    const after = g.decisions.find((d) => d.kind === 'checker' && d.index > cube[4]!.index);
    expect(after?.cubeValue).toBe(16);
    expect(after?.cubeOwner).toBe(0);
  });
});
