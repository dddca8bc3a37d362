/**
 * gnuBG SGF → decision model (src/parsers/sgf/to-model.ts, spec/formats.md §2), on small hand-written files:
 * point letters, cube tracking, beavers, luck, cube analysis conversion, results, rules, charsets, and
 * the rejection of files that are not gnuBG backgammon.
 */
import { describe, expect, test } from 'vitest';
import { CorruptFileError, UnsupportedFormatError } from '../../../src/errors.js';
import { doublePassEquity, mwc2eq } from '../../../src/met/index.js';
import { defaultMet } from '../../../src/metrics/match-report.js';
import type { CheckerDecision, CubeDecision, Decision, Match } from '../../../src/model/types.js';
import { type ParseWarning, parseBytes } from '../../../src/parsers/index.js';

const met = defaultMet();
const enc = new TextEncoder();

const ROOT5 = 'MI[length:5][game:0][ws:0][bs:0]';
/** One game: the root (GM[6], players Alice/Bob, the given MI and extra properties) then the body. */
function sgf(body: string, root = ROOT5): string {
  return `(;FF[4]GM[6]CA[UTF-8]AP[GNU Backgammon:1.08.003]${root}PW[Alice]PB[Bob]\n${body})\n`;
}

function parse(
  input: string | Uint8Array,
  file = 't.sgf',
): { match: Match; warnings: readonly ParseWarning[] } {
  const bytes = typeof input === 'string' ? enc.encode(input) : input;
  const r = parseBytes(bytes, { file, met });
  expect(r.format.id).toBe('sgf');
  return r;
}

/** The decisions of the first game. */
function decisionsOf(text: string): readonly Decision[] {
  const { match } = parse(text);
  return match.games[0]!.decisions;
}

function checker(d: Decision | undefined): CheckerDecision {
  expect(d?.kind).toBe('checker');
  return d as CheckerDecision;
}

function cube(d: Decision | undefined): CubeDecision {
  expect(d?.kind).toBe('cube');
  return d as CubeDecision;
}

/** A `DA[]` evaluation (format 3, 2-ply) whose cubeful no-double and double/take values are `nd` and `dt`. */
function da(nd: number, dt: number): string {
  const v = (x: number) => `0.6 0.2 0.01 0.1 0.005 0.3 ${x}`;
  return `DA[E ver 3 2C 1 0.000000 1 ${v(nd)} ${v(dt)}]`;
}

/** A candidate of an `A[]` list with the given letters and cubeful equity. */
function cand(letters: string, eq: number): string {
  return `[${letters} E ver 3 0.5 0.1 0.01 0.1 0.01 ${eq} 1C 0 1 0.000000 1]`;
}

describe('point letters', () => {
  test('B[41ablp] is 24/23 13/9 for Black, W[41xwmi] the same play for White', () => {
    const ds = decisionsOf(sgf(';B[41ablp]\n;W[41xwmi]\n'));
    const b = checker(ds[0]);
    expect(b.player).toBe(1);
    expect(b.dice).toEqual([4, 1]);
    expect(b.played).toEqual([
      { from: 24, to: 23 },
      { from: 13, to: 9 },
    ]);
    expect(b.legalCount).toBeGreaterThan(1);
    const w = checker(ds[1]);
    expect(w.player).toBe(0);
    expect(w.played).toEqual([
      { from: 24, to: 23 },
      { from: 13, to: 9 },
    ]);
    // W's board before its play shows B's play, in B's own numbering
    const bSide = w.board[1];
    expect([bSide[23], bSide[22], bSide[12], bSide[8]]).toEqual([1, 1, 4, 1]);
    expect(w.board[0]).toEqual(b.board[0]);
  });

  test('y is the bar and z is off, for both sides', () => {
    // W: one on the bar, one on its 5-point; B: two on its 6-point, one on the bar
    const ds = decisionsOf(sgf(';AE[a:y]AW[y][e]AB[s][s][y]\n;W[21ywed]\n;B[31ycst]\n'));
    expect(checker(ds[0]).played).toEqual([
      { from: 25, to: 23 },
      { from: 5, to: 4 },
    ]);
    expect(checker(ds[1]).played).toEqual([
      { from: 25, to: 22 },
      { from: 6, to: 5 },
    ]);
    const off = decisionsOf(sgf(';AE[a:y]AW[a][b]AB[s]\n;W[21bzaz]\n;AE[a:y]AW[s]AB[w][x]\n;B[21wzxz]\n'));
    expect(checker(off[0]).played).toEqual([
      { from: 2, to: 0 },
      { from: 1, to: 0 },
    ]);
    expect(checker(off[1]).played).toEqual([
      { from: 2, to: 0 },
      { from: 1, to: 0 },
    ]);
  });

  test('a dance (W[65], no letters) is an empty play with no legal move, and no warning', () => {
    const { match, warnings } = parse(sgf(';AE[a:y]AW[y]AB[s][s][t][t][u][u][v][v][w][w][x][x]\n;W[65]\n'));
    const d = checker(match.games[0]!.decisions[0]);
    expect(d.dice).toEqual([6, 5]);
    expect(d.played).toEqual([]);
    expect(d.legalCount).toBe(0);
    expect(warnings).toEqual([]);
  });

  test('decisions know their game, index, player, score and source line/column', () => {
    const text = `${sgf(';B[41ablp]\n;W[31hefe]\n')}${sgf(';W[31hefe]\n', 'MI[length:5][game:1][ws:0][bs:2]')}`;
    const { match } = parse(text, 'two.sgf');
    expect(match.games).toHaveLength(2);
    const d = match.games[1]!.decisions[0]!;
    expect(d).toMatchObject({ gameIndex: 1, index: 0, player: 0, matchLength: 5, score: [0, 2] });
    expect(d.source).toEqual({ file: 'two.sgf', format: 'sgf', line: 6, column: 1 });
    expect(match.games[0]!.decisions[1]!.source.line).toBe(3);
  });
});

describe('cube', () => {
  test('double, take, later double and drop: cube value and owner on each decision', () => {
    const ds = decisionsOf(
      sgf(
        [
          ';B[41ablp]',
          `;W[double]${da(0.55, 0.52)}`,
          `;B[take]${da(0.55, 0.52)}`,
          ';W[31hefe]',
          `;B[double]${da(0.6, 0.58)}`,
          ';W[drop]',
          '',
        ].join('\n'),
        'MI[length:0][game:0][ws:0][bs:0]',
      ),
    );
    const dbl = cube(ds[1]);
    expect(dbl).toMatchObject({ action: 'double', player: 0, cubeValue: 1, cubeOwner: -1 });
    expect(dbl.analysis).toEqual({ nd: 0.55, dt: 0.52, dp: 1 });
    const take = cube(ds[2]);
    // the take carries the cube before the double and the double's analysis (doubler's view)
    expect(take).toMatchObject({ action: 'take', player: 1, cubeValue: 1, cubeOwner: -1 });
    expect(take.analysis).toEqual(dbl.analysis);
    expect(checker(ds[3])).toMatchObject({ player: 0, cubeValue: 2, cubeOwner: 1 });
    const redouble = cube(ds[4]);
    expect(redouble).toMatchObject({ action: 'double', player: 1, cubeValue: 2, cubeOwner: 1 });
    const drop = cube(ds[5]);
    expect(drop).toMatchObject({ action: 'pass', player: 0, cubeValue: 2, cubeOwner: 1 });
    expect(drop.analysis).toEqual({ nd: 0.6, dt: 0.58, dp: 1 });
    expect(drop.beaver).toBeUndefined();
    expect(drop.afterBeaver).toBeUndefined();
  });

  test('the take shares the double analysis even when its own DA[] differs', () => {
    const ds = decisionsOf(
      sgf(`;W[double]${da(0.55, 0.52)}\n;B[take]${da(0.1, 0.2)}\n`, 'MI[length:0][game:0][ws:0][bs:0]'),
    );
    expect(cube(ds[1]).analysis).toEqual({ nd: 0.55, dt: 0.52, dp: 1 });
  });

  test('a take with no double before it uses its own DA[] from the doubler and doubles the cube', () => {
    const ds = decisionsOf(sgf(`;B[take]${da(0.4, 0.45)}\n;W[31hefe]\n`, 'MI[length:0][game:0][ws:0][bs:0]'));
    expect(cube(ds[0])).toMatchObject({ action: 'take', player: 1, cubeValue: 1 });
    expect(cube(ds[0]).analysis).toEqual({ nd: 0.4, dt: 0.45, dp: 1 });
    expect(checker(ds[1])).toMatchObject({ cubeValue: 2, cubeOwner: 1 });
  });

  test('a beaver: W doubles, B beavers, W takes — cube 4 owned by B afterwards', () => {
    const ds = decisionsOf(
      sgf(
        [`;W[double]${da(0.3, 0.2)}`, ';B[double]', ';W[take]', ';W[31hefe]', ''].join('\n'),
        'MI[length:0][game:0][ws:0][bs:0]RU[Jacoby]',
      ),
    );
    expect(ds).toHaveLength(4);
    const dbl = cube(ds[0]);
    expect(dbl).toMatchObject({ action: 'double', player: 0, cubeValue: 1 });
    const beaver = cube(ds[1]);
    expect(beaver).toMatchObject({ action: 'take', player: 1, beaver: true, cubeValue: 1, cubeOwner: -1 });
    expect(beaver.analysis).toEqual(dbl.analysis);
    const answer = cube(ds[2]);
    expect(answer).toMatchObject({
      action: 'take',
      player: 0,
      afterBeaver: true,
      cubeValue: 2,
      cubeOwner: 1,
    });
    expect(answer.beaver).toBeUndefined();
    expect(checker(ds[3])).toMatchObject({ cubeValue: 4, cubeOwner: 1 });
  });

  test('CV[] sets the cube value, CP[] its owner', () => {
    const ds = decisionsOf(sgf(';W[31hefe]\n;CV[4]CP[b]\n;B[41ablp]\n', `${ROOT5}CV[2]`));
    expect(checker(ds[0])).toMatchObject({ cubeValue: 2, cubeOwner: -1 });
    expect(checker(ds[1])).toMatchObject({ cubeValue: 4, cubeOwner: 1 });
  });
});

describe('analysis', () => {
  test('LU[x] is the luck; LU[-inf], LU[inf], LU[nan] mean unknown (null)', () => {
    const ds = decisionsOf(
      sgf(';B[41ablp]LU[0.12345]\n;W[31hefe]LU[-inf]\n;B[31qtst]LU[inf]\n;W[21fdxw]LU[nan]\n'),
    );
    expect(ds.map((d) => checker(d).luck)).toEqual([0.12345, null, null, null]);
  });

  test('DA[] at money play is taken as is, with DP = 1, and sets the cube depth', () => {
    const { match } = parse(sgf(`;W[31hefe]${da(0.45, 0.8)}\n`, 'MI[length:0][game:0][ws:0][bs:0]'));
    const [nd, move] = match.games[0]!.decisions;
    // a DA[] on a move node is the no-double decision made before rolling
    expect(cube(nd)).toMatchObject({
      action: 'no-double',
      player: 0,
      analysis: { nd: 0.45, dt: 0.8, dp: 1 },
    });
    expect(checker(move).dice).toEqual([3, 1]);
    expect(match.analyser).toEqual({
      program: 'GNU Backgammon 1.08.003',
      checkerDepth: null,
      cubeDepth: '2-ply',
    });
  });

  test('DA[] at match play is MWC converted to EMG (spec: 0.500529 / 0.474559 at 0-0 to 5 → +0.007 / −0.329)', () => {
    const ds = decisionsOf(sgf(`;W[31hefe]${da(0.500529, 0.474559)}\n`));
    const a = cube(ds[0]).analysis!;
    expect(a.nd).toBeCloseTo(0.007, 3);
    expect(a.dt).toBeCloseTo(-0.329, 3);
    const ci = {
      score0: 0,
      score1: 0,
      matchLength: 5,
      player: 0 as const,
      cubeValue: 1,
      crawfordGame: false,
    };
    expect(a.nd).toBe(mwc2eq(met, ci, 0.500529));
    // double/pass: 1 up to float32 rounding, as gnuBG's FindCubeDecision compares it (the cash's MWC converted)
    expect(a.dp).toBeCloseTo(1, 6);
    expect(a.dp).toBe(doublePassEquity(met, ci));
  });

  test('A[] candidates: best first, the played one found by position, depth from the ply count', () => {
    const { match, warnings } = parse(
      sgf(`;W[31hefe]A[1]${cand('mjmi', 0.05)}${cand('hefe', 0.01)}${cand('xwxu', -0.2)}\n`),
    );
    const d = checker(match.games[0]!.decisions[0]);
    expect(d.candidates.map((c) => c.equity)).toEqual([0.05, 0.01, -0.2]);
    expect(d.candidates[2]!.play).toEqual([
      { from: 24, to: 23 },
      { from: 24, to: 21 },
    ]);
    expect(d.playedIndex).toBe(1);
    expect(d.candidates[0]!.depth).toBe('1-ply');
    expect(warnings).toEqual([]);
  });

  test('A[] values with an escape (kept as text by the lexer) read as the same candidates as without', () => {
    // SGF FF[4]: "\\" before a character other than a newline stands for that character
    const plain = `;W[31hefe]A[1]${cand('mjmi', 0.05)}${cand('hefe', 0.01)}\n`;
    const escaped = `;W[31hefe]A[1]${cand('mjmi', 0.05)}${cand('he\\fe', 0.01)}\n`;
    const a = checker(parse(sgf(plain)).match.games[0]!.decisions[0]);
    const b = checker(parse(sgf(escaped)).match.games[0]!.decisions[0]);
    // every field named: the SGF reader's play and probs are getters, which toEqual does not see
    const fields = (d: CheckerDecision) =>
      d.candidates.map((c) => ({ play: c.play, equity: c.equity, depth: c.depth, probs: c.probs }));
    expect(fields(b)).toEqual(fields(a));
    expect(b.playedIndex).toBe(1);
  });

  test("a candidate's play and probabilities, read when asked, are those of the file as read", () => {
    // the values are those the cand() fixture writes: mjmi is White's 13/10 13/9, p0..p4 0.5 0.1 0.01 0.1 0.01
    const bytes = enc.encode(sgf(`;W[31hefe]A[1]${cand('mjmi', 0.05)}${cand('hefe', 0.01)}\n`));
    const d = checker(parse(bytes).match.games[0]!.decisions[0]);
    bytes.fill(0x20); // the caller reuses its buffer: the match keeps what the file said
    const play = [
      { from: 13, to: 10 },
      { from: 13, to: 9 },
    ];
    const probs = { win: 0.5, winGammon: 0.1, winBackgammon: 0.01, loseGammon: 0.1, loseBackgammon: 0.01 };
    expect(d.candidates[0]!.play).toEqual(play);
    expect(d.candidates[0]!.probs).toEqual(probs);
    expect(JSON.parse(JSON.stringify(d.candidates[0]))).toEqual({
      play,
      equity: 0.05,
      depth: '1-ply',
      probs,
    });
  });

  test('an unreadable candidate is a warning naming the line, the others are kept', () => {
    const { match, warnings } = parse(
      sgf(`;B[41ablp]\n;W[31hefe]A[0]${cand('hefe', 0.01)}[hefe E ver 3 junk]\n`),
    );
    expect(checker(match.games[0]!.decisions[1]).candidates).toHaveLength(1);
    expect(warnings).toEqual([{ line: 3, message: expect.stringMatching(/unreadable candidate/) }]);
  });
});

describe('root properties', () => {
  test('RE[B+4R]: Black won 4 points by resignation; RE[W+2]: White 2, no resignation', () => {
    const g = parse(sgf(';W[31hefe]\n', `${ROOT5}RE[B+4R]`)).match.games[0]!;
    expect(g).toMatchObject({ winner: 1, points: 4, resigned: true });
    expect(parse(sgf('', `${ROOT5}RE[W+2]`)).match.games[0]).toMatchObject({
      winner: 0,
      points: 2,
      resigned: false,
    });
    expect(parse(sgf('')).match.games[0]).toMatchObject({ winner: null, points: 0, resigned: false });
  });

  test('RU[Crawford:CrawfordGame]: the rule and the Crawford game; on decisions too', () => {
    const { match } = parse(sgf(';W[31hefe]\n', 'MI[length:5][game:3][ws:4][bs:2]RU[Crawford:CrawfordGame]'));
    expect(match.rules).toEqual({ crawford: true, jacoby: false, cube: true });
    expect(match.games[0]!.crawfordGame).toBe(true);
    expect(match.games[0]!.score).toEqual([4, 2]);
    expect(match.games[0]!.decisions[0]!.crawfordGame).toBe(true);
    const plain = parse(sgf(';W[31hefe]\n', `${ROOT5}RU[Crawford]`)).match;
    expect(plain.games[0]!.crawfordGame).toBe(false);
  });

  test('match length, players and metadata; defaults when absent', () => {
    const { match } = parse(
      sgf('', 'MI[length:7][game:0][ws:0][bs:0]DT[2023-09-05]EV[HSBT \\] Paris]RO[Final]PC[Paris]'),
    );
    expect(match).toMatchObject({
      matchLength: 7,
      players: ['Alice', 'Bob'],
      date: '2023-09-05',
      event: 'HSBT ] Paris',
      round: 'Final',
      place: 'Paris',
      format: 'sgf',
      file: 't.sgf',
    });
    const bare = parse('(;FF[4]GM[6]\n;W[31hefe])').match;
    expect(bare).toMatchObject({ matchLength: 0, players: ['White', 'Black'], date: null, analyser: null });
  });
});

describe('charsets', () => {
  const bytesOf = (...parts: (string | number[])[]): Uint8Array =>
    Uint8Array.from(parts.flatMap((p) => (typeof p === 'string' ? [...enc.encode(p)] : p)));

  test('CA[ISO-8859-1]: a latin-1 byte in PW[] is decoded', () => {
    const bytes = bytesOf(
      '(;FF[4]GM[6]CA[ISO-8859-1]MI[length:3]PW[Ren',
      [0xe9],
      ']PB[J',
      [0xf6],
      'rg]\n;W[31hefe])',
    );
    expect(parse(bytes).match.players).toEqual(['René', 'Jörg']);
  });

  test('a UTF-8 BOM is skipped', () => {
    const bytes = bytesOf(
      [0xef, 0xbb, 0xbf],
      '(;FF[4]GM[6]CA[UTF-8]MI[length:3]PW[Zoë Ångström]PB[B]\n;W[31hefe])',
    );
    const { match } = parse(bytes);
    expect(match.players).toEqual(['Zoë Ångström', 'B']);
    expect(match.games[0]!.decisions).toHaveLength(1);
  });

  test('no CA[]: UTF-8 content is read as UTF-8', () => {
    expect(parse('(;FF[4]GM[6]MI[length:3]PW[Zoë Ångström]PB[日本]\n;W[31hefe])').match.players).toEqual([
      'Zoë Ångström',
      '日本',
    ]);
  });

  test('no CA[] and bytes that are not UTF-8: read as Windows-1252', () => {
    const bytes = bytesOf('(;FF[4]GM[6]MI[length:3]PW[Ren', [0xe9], ']PB[', [0x80], ']\n;W[31hefe])');
    expect(parse(bytes).match.players).toEqual(['René', '€']);
  });
});

describe('files that are not gnuBG backgammon', () => {
  test('a go SGF (GM[1]) is a CorruptFileError naming the file, the line and the game type', () => {
    let err: unknown;
    try {
      parse('(;FF[4]GM[1]SZ[19]PW[a]PB[b];B[pd];W[dp])', 'go.sgf');
    } catch (e) {
      err = e;
    }
    expect(err).toBeInstanceOf(CorruptFileError);
    expect((err as CorruptFileError).location).toEqual({ file: 'go.sgf', line: 1, column: 2 });
    expect((err as Error).message).toBe('go.sgf:1:2: GM[1] is not backgammon (GM[6])');
  });

  test('an SGF without any GM[] is not recognised (UnsupportedFormatError naming the file)', () => {
    expect(() => parse('(;FF[4]SZ[19];B[pd])', 'nogm.sgf')).toThrow(UnsupportedFormatError);
    expect(() => parse('(;FF[4]SZ[19];B[pd])', 'nogm.sgf')).toThrow(/^nogm\.sgf: not a format bdb reads/);
  });

  test('a GM[1] game tree inside a backgammon file is a CorruptFileError at its root', () => {
    const text = `${sgf(';W[31hefe]\n')}(;FF[4]GM[1]SZ[19]\n;B[pd])\n`;
    let err: unknown;
    try {
      parse(text, 'mixed.sgf');
    } catch (e) {
      err = e;
    }
    expect(err).toBeInstanceOf(CorruptFileError);
    const e = err as CorruptFileError;
    expect(e.location).toEqual({ file: 'mixed.sgf', line: 4, column: 2 });
    expect(e.message).toBe('mixed.sgf:4:2: GM[1] is not backgammon (GM[6])');
  });

  test('non-SGF bytes and an empty file are UnsupportedFormatError naming the file', () => {
    for (const [bytes, detail] of [
      [enc.encode('Match file exported by eXtreme Gammon\n 1) Alice : 0   Bob : 0'), /not a format/],
      [Uint8Array.of(0x50, 0x4b, 0x03, 0x04, 0, 0, 0xff), /not a format/],
      [new Uint8Array(0), /empty file/],
    ] as const) {
      expect(() => parse(bytes, 'foreign.txt')).toThrow(UnsupportedFormatError);
      expect(() => parse(bytes, 'foreign.txt')).toThrow(/^foreign\.txt: /);
      expect(() => parse(bytes, 'foreign.txt')).toThrow(detail);
    }
  });

  // gnuBG's SGF reader skips a B[] or W[] value that is not double/take/drop and does not start with two
  // dice 1-6 (sgf.c RestoreNode: "illegal roll -- ignore"): GNU Gibbon writes resign:2, accept, reject
  test('a move value that is neither a roll nor a cube action is skipped with a warning at its line', () => {
    for (const other of ['resign:2', 'accept', 'reject', 'resign', 'beaver', '09ab', '7', '', 'xx']) {
      const { match, warnings } = parse(sgf(`;B[41ablp]\n;W[${other}]\n;W[31hefe]\n`), 'other.sgf');
      expect(match.games[0]!.decisions.map((d) => d.kind)).toEqual(['checker', 'checker']);
      expect(warnings).toEqual([
        {
          line: 3,
          message: expect.stringMatching(/is neither a roll nor a cube action; skipped, as gnuBG does$/),
        },
      ]);
    }
  });
});
