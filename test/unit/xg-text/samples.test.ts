/**
 * The ten XG position texts of reference-matches/xg-text/ (XG 2.10 / 2.19, English, French, German,
 * Japanese; kevung/xgparser, LGPL-2.1, see reference-matches/README.md): every expected value below was read
 * from the file's own text, and the comment before it cites the line.
 *
 * All ten files are UTF-8 without BOM, LF line ends (checked with `file -i`); the Japanese labels
 * ("キューブ: 1", "ノーダブル:", "ベストキューブアクション：ダブル / テイク") and names ("プレーヤー 1") decode
 * through decodeText's UTF-8 path. No sample uses a decimal comma (see decimal-comma variants in
 * reader.test.ts).
 */
import { readdirSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { boardKey, type Hop } from '../../../src/core/board.js';
import { applyPlay, isLegalPlay } from '../../../src/core/moves.js';
import { defaultMet } from '../../../src/metrics/match-report.js';
import type { CheckerDecision, CubeDecision } from '../../../src/model/types.js';
import { decodeText } from '../../../src/parsers/text-decode.js';
import { parseXgText, xgTextFormat } from '../../../src/parsers/xg-text/index.js';
import { bytesOf, REF_DIR } from '../../helpers/fixtures.js';

/** The samples, copied into test/reference-matches/xg-text/ (provenance in its README). */
const DIR = `${REF_DIR}xg-text/`;
const SAMPLE_FILES = readdirSync(DIR)
  .filter((f) => f.endsWith('.txt'))
  .sort();
const sample = (name: string): string => `${DIR}${name}`;
const ctx = (file: string) => ({ file, met: defaultMet() });

function read(name: string) {
  const bytes = bytesOf(sample(name));
  const { match, warnings } = xgTextFormat.parse(bytes, ctx(name));
  const full = parseXgText(decodeText(bytes), name);
  expect(warnings).toEqual([]);
  expect(match.games).toHaveLength(1);
  const game = match.games[0]!;
  expect(game.decisions).toHaveLength(1);
  return { match, game, decision: game.decisions[0]!, position: full.positions[0]! };
}

const h = (from: number, to: number): Hop => ({ from, to });

describe('XG position texts: checker play, 01_checkerPosition_{EN,FR,DE}.txt', () => {
  // The three files differ only in their labels (and the version line); lines cited from the EN file, the
  // FR/DE lines are at the same numbers.
  const expected = [
    // line 22: "    1. 4-ply       19/18 14/12                  eq:-0.491"
    { rank: 1, move: '19/18 14/12', hops: [h(19, 18), h(14, 12)], equity: -0.491, diff: null, depth: 4 },
    // line 26: "    2. 4-ply       19/18 3/1                    eq:-0.556 (-0.065)"
    { rank: 2, move: '19/18 3/1', hops: [h(19, 18), h(3, 1)], equity: -0.556, diff: -0.065, depth: 4 },
    // line 30: "    3. 4-ply       19/17 18/17                  eq:-0.576 (-0.085)"
    { rank: 3, move: '19/17 18/17', hops: [h(19, 17), h(18, 17)], equity: -0.576, diff: -0.085, depth: 4 },
    // line 34: "    4. 3-ply       14/11                        eq:-0.568 (-0.076)" (one checker, both dice)
    { rank: 4, move: '14/11', hops: [h(14, 12), h(12, 11)], equity: -0.568, diff: -0.076, depth: 3 },
    // line 38: "    5. 3-ply       14/12 3/2                    eq:-0.572 (-0.081)"
    { rank: 5, move: '14/12 3/2', hops: [h(14, 12), h(3, 2)], equity: -0.572, diff: -0.081, depth: 3 },
  ];
  const files = [
    // line 3 "X:Player 1   O:Player 2", line 22 "4-ply", line 43 "eXtreme Gammon Version: 2.10, MET: Kazaross XG2"
    { file: '01_checkerPosition_EN.txt', names: ['Player 1', 'Player 2'], ply: 'ply', version: '2.10' },
    // line 3 "X:Player 1   O:Player 2", line 22 "4-plis … éq:-0.491", line 43 "… 2.10, TEM: Kazaross XG2"
    { file: '01_checkerPosition_FR.txt', names: ['Player 1', 'Player 2'], ply: 'plis', version: '2.10' },
    // line 3 "X:Spieler 1   O:Spieler 2", line 43 "eXtreme Gammon Version: 2.19.211.pre-release, MET: Kazaross XG2"
    {
      file: '01_checkerPosition_DE.txt',
      names: ['Spieler 1', 'Spieler 2'],
      ply: 'ply',
      version: '2.19.211.pre-release',
    },
  ];

  for (const f of files) {
    it(`${f.file}: the decision, its context and the five candidates`, () => {
      const { match, game, decision, position } = read(f.file);
      expect(match.format).toBe('xg-text');
      expect(match.players).toEqual(f.names);
      // line 4: "Score is X:3 O:6 7 pt.(s) match." (FR "Le score est X:3 O:6 match en 7 pt(s)")
      expect(match.matchLength).toBe(7);
      expect(match.rules).toEqual({ crawford: true, jacoby: false, cube: true });
      expect(match.analyser).toEqual({
        program: `eXtreme Gammon ${f.version}`,
        checkerDepth: '4-ply',
        cubeDepth: null,
      });
      expect(game).toMatchObject({ index: 0, score: [3, 6], crawfordGame: false, winner: null, points: 0 });
      expect(position.version).toBe(f.version);
      expect(position.met).toBe('Kazaross XG2');

      expect(decision.kind).toBe('checker');
      const d = decision as CheckerDecision;
      // line 20: "X to play 21" (FR "X à jouer 21", DE "X zum spielen 21"); XGID (line 1) turn 1, dice 21
      expect(d.player).toBe(0);
      expect(d.dice).toEqual([2, 1]);
      // line 19: "Cube: 2, O own cube" (FR "Videau: 2, O a le videau", DE "Dopplerwürfel: 2, O … im Besitz")
      expect(d.cubeValue).toBe(2);
      expect(d.cubeOwner).toBe(1);
      expect(d.score).toEqual([3, 6]);
      expect(d.matchLength).toBe(7);
      expect(d.crawfordGame).toBe(false);
      expect(d.source).toEqual({ file: f.file, format: 'xg-text', line: 20, column: 1 });
      // not marked in the text: unscored
      expect(d.playedIndex).toBeNull();
      expect(d.played).toEqual([]);
      expect(d.luck).toBeNull();
      expect((d as unknown as { fromPosition: boolean }).fromPosition).toBe(true);

      expect(d.candidates).toHaveLength(5);
      for (let k = 0; k < expected.length; k++) {
        const e = expected[k]!;
        const c = d.candidates[k]!;
        expect(c.equity, `candidate ${e.rank}`).toBe(e.equity);
        expect(c.depth).toBe(`${e.depth}-ply`);
        // the play reaches the position the notation names, is legal, and uses one die per hop
        expect(boardKey(applyPlay(d.board, 0, c.play))).toBe(boardKey(applyPlay(d.board, 0, e.hops)));
        expect(isLegalPlay(d.board, 0, 2, 1, c.play)).toBe(true);
        expect(c.play.map((x) => x.from - x.to).sort()).toEqual([1, 2]);
        const p = position.candidates[k]!;
        expect(p.rank).toBe(e.rank);
        expect(p.move).toBe(e.move);
        expect(p.diff).toBe(e.diff);
        expect(p.depth).toBe(`${e.depth}-${f.ply}`);
        expect(p.line).toBe(22 + 4 * k);
      }
      // XG's order is kept: candidate 4 (3-ply, -0.568) is ranked below candidate 3 (4-ply, -0.576)
      expect(d.candidates.map((c) => c.equity)).toEqual([-0.491, -0.556, -0.576, -0.568, -0.572]);

      // lines 23-24: "Player:   25.45% (G:0.00% B:0.00%)", "Opponent: 74.55% (G:31.09% B:0.09%)"
      expect(position.candidates[0]!.player).toEqual({ winPct: 25.45, gammonPct: 0, backgammonPct: 0 });
      expect(position.candidates[0]!.opponent).toEqual({
        winPct: 74.55,
        gammonPct: 31.09,
        backgammonPct: 0.09,
      });
      // lines 39-40: "Player:   21.41% (G:0.00% B:0.00%)", "Opponent: 78.59% (G:41.01% B:0.36%)"
      expect(position.candidates[4]!.player).toEqual({ winPct: 21.41, gammonPct: 0, backgammonPct: 0 });
      expect(position.candidates[4]!.opponent).toEqual({
        winPct: 78.59,
        gammonPct: 41.01,
        backgammonPct: 0.36,
      });
      expect(position.cube).toBeNull();
    });
  }
});

interface CubeCase {
  file: string;
  /** line 3 */
  names: [string, string];
  /** line 4: "Score is X:a O:b N pt.(s) match." */
  score: [number, number];
  matchLength: number;
  /** line 19: "Cube: 1" / "Cube: 2, X own cube" */
  cubeValue: number;
  cubeOwner: -1 | 0 | 1;
  /** lines 29-31 */
  nd: number;
  dt: number;
  dp: number;
  diffs: [number | null, number | null, number | null];
  /** line 33 */
  bestText: string;
  best: { doubler: string; responder: string };
  action: 'double' | 'no-double';
  /** line 26 */
  cubeless: { noDouble: number; double: number };
  /** lines 23-24 */
  player: [number, number, number];
  opponent: [number, number, number];
  /** line 34, when present */
  wrongNeeded: string | null;
}

const EN_NAMES: [string, string] = ['Player 1', 'Player 2'];
const JA_NAMES: [string, string] = ['プレーヤー 1', 'プレーヤー 2'];

const cubeCases: CubeCase[] = [
  {
    file: '02_NDT_EN.txt',
    names: EN_NAMES, // line 3: "X:Player 1   O:Player 2"
    score: [0, 5], // line 4: "Score is X:0 O:5 9 pt.(s) match."
    matchLength: 9,
    cubeValue: 1, // line 19: "Cube: 1"
    cubeOwner: -1,
    nd: 0.337, // line 29: "No double:     +0.337"
    dt: 0.215, // line 30: "Double/Take:   +0.215 (-0.122)"
    dp: 1, // line 31: "Double/Pass:   +1.000 (+0.663)"
    diffs: [null, -0.122, 0.663],
    bestText: 'No double / Take', // line 33: "Best Cube action: No double / Take"
    best: { doubler: 'no-double', responder: 'take' },
    action: 'no-double',
    cubeless: { noDouble: 0.103, double: 0.259 }, // line 26: "Cubeless Equities: No Double=+0.103, Double=+0.259"
    player: [54.4, 18.22, 0.53], // line 23: "Player Winning Chances:   54.40% (G:18.22% B:0.53%)"
    opponent: [45.6, 12.71, 0.51], // line 24: "Opponent Winning Chances: 45.60% (G:12.71% B:0.51%)"
    // line 34
    wrongNeeded: 'Percentage of wrong pass needed to make the double decision right: 13.4%',
  },
  {
    file: '03_DT_EN.txt',
    names: JA_NAMES, // line 3: "X:プレーヤー 1   O:プレーヤー 2" (English labels, Japanese names)
    score: [2, 4], // line 4: "Score is X:2 O:4 9 pt.(s) match."
    matchLength: 9,
    cubeValue: 1, // line 19: "Cube: 1"
    cubeOwner: -1,
    nd: 0.58, // line 29: "No double:     +0.580 (-0.109)"
    dt: 0.689, // line 30: "Double/Take:   +0.689"
    dp: 1, // line 31: "Double/Pass:   +1.000 (+0.311)"
    diffs: [-0.109, null, 0.311],
    bestText: 'Double / Take', // line 33: "Best Cube action: Double / Take"
    best: { doubler: 'double', responder: 'take' },
    action: 'double',
    cubeless: { noDouble: 0.365, double: 0.791 }, // line 26
    player: [61.38, 24.55, 1.88], // line 23
    opponent: [38.62, 13.14, 0.46], // line 24
    wrongNeeded: null,
  },
  {
    file: '03_DT_JP.txt',
    names: JA_NAMES, // line 3: "X:プレーヤー 1   O:プレーヤー 2"
    score: [2, 4], // line 4: "Score is X:2 O:4 9 pt.(s) match."
    matchLength: 9,
    cubeValue: 1, // line 19: "キューブ: 1"
    cubeOwner: -1,
    nd: 0.58, // line 29: "ノーダブル:    +0.580 (-0.109)"
    dt: 0.689, // line 30: "ダブル/テイク:  +0.689"
    dp: 1, // line 31: "ダブル/パス:   +1.000 (+0.311)"
    diffs: [-0.109, null, 0.311],
    bestText: 'ダブル / テイク', // line 33: "ベストキューブアクション：ダブル / テイク" (full-width colon)
    best: { doubler: 'double', responder: 'take' },
    action: 'double',
    cubeless: { noDouble: 0.365, double: 0.791 }, // line 26
    player: [61.38, 24.55, 1.88], // line 23
    opponent: [38.62, 13.14, 0.46], // line 24
    wrongNeeded: null,
  },
  {
    file: '04_DP_EN.txt',
    names: EN_NAMES, // line 3
    score: [0, 2], // line 4: "Score is X:0 O:2 7 pt.(s) match."
    matchLength: 7,
    cubeValue: 1, // line 19: "Cube: 1"
    cubeOwner: -1,
    nd: 0.735, // line 29: "No double:     +0.735 (-0.265)"
    dt: 1.336, // line 30: "Double/Take:   +1.336 (+0.336)"
    dp: 1, // line 31: "Double/Pass:   +1.000"
    diffs: [-0.265, 0.336, null],
    bestText: 'Double / Pass', // line 33
    best: { doubler: 'double', responder: 'pass' },
    action: 'double',
    cubeless: { noDouble: 0.68, double: 1.462 }, // line 26
    player: [66.65, 41.35, 1.87], // line 23
    opponent: [33.35, 8.6, 0.55], // line 24
    wrongNeeded: null,
  },
  {
    file: '05_NRT_EN.txt',
    names: JA_NAMES, // line 3
    score: [4, 0], // line 4: "Score is X:4 O:0 7 pt.(s) match."
    matchLength: 7,
    cubeValue: 2, // line 19: "Cube: 2, X own cube"
    cubeOwner: 0,
    nd: 0.485, // line 29: "No redouble:     +0.485"
    dt: -0.511, // line 30: "Redouble/Take:   -0.511 (-0.997)"
    dp: 1, // line 31: "Redouble/Pass:   +1.000 (+0.515)"
    diffs: [null, -0.997, 0.515],
    bestText: 'No redouble / Take', // line 33
    best: { doubler: 'no-double', responder: 'take' },
    action: 'no-double',
    cubeless: { noDouble: 0.423, double: 0.602 }, // line 26
    player: [71.13, 0, 0], // line 23
    opponent: [28.87, 0, 0], // line 24
    // line 34
    wrongNeeded: 'Percentage of wrong pass needed to make the double decision right: 39.7%',
  },
  {
    file: '06_RT_EN.txt',
    names: EN_NAMES, // line 3
    score: [0, 1], // line 4: "Score is X:0 O:1 7 pt.(s) match."
    matchLength: 7,
    cubeValue: 2, // line 19: "Cube: 2, X own cube"
    cubeOwner: 0,
    nd: 0.797, // line 29: "No redouble:     +0.797 (-0.055)"
    dt: 0.852, // line 30: "Redouble/Take:   +0.852"
    dp: 1, // line 31: "Redouble/Pass:   +1.000 (+0.148)"
    diffs: [-0.055, null, 0.148],
    bestText: 'Redouble / Take', // line 33
    best: { doubler: 'double', responder: 'take' },
    action: 'double',
    cubeless: { noDouble: 0.414, double: 0.967 }, // line 26
    player: [66.21, 18.41, 0.72], // line 23
    opponent: [33.79, 10.96, 0.23], // line 24
    wrongNeeded: null,
  },
  {
    file: '07_RP_EN.txt',
    names: JA_NAMES, // line 3
    score: [1, 2], // line 4: "Score is X:1 O:2 9 pt.(s) match."
    matchLength: 9,
    cubeValue: 2, // line 19: "Cube: 2, X own cube"
    cubeOwner: 0,
    nd: 1.027, // line 29: "No redouble:     +1.027"
    dt: 1.869, // line 30: "Redouble/Take:   +1.869 (+0.842)"
    dp: 1, // line 31: "Redouble/Pass:   +1.000 (-0.027)"
    diffs: [null, 0.842, -0.027],
    bestText: 'Too good to redouble / Pass', // line 33
    best: { doubler: 'too-good', responder: 'pass' },
    action: 'no-double',
    cubeless: { noDouble: 0.881, double: 1.928 }, // line 26
    player: [89.87, 7.61, 0.29], // line 23
    opponent: [10.13, 0.61, 0.01], // line 24
    // line 34
    wrongNeeded: 'Percentage of wrong take needed to make the double decision right: 3.1%',
  },
];

describe('XG position texts: cube actions, 02..07', () => {
  for (const c of cubeCases) {
    it(`${c.file}: ND/DT/DP, best action, context`, () => {
      const { match, game, decision, position } = read(c.file);
      expect(match.players).toEqual(c.names);
      expect(match.matchLength).toBe(c.matchLength);
      // line 22: "Analyzed in XG Roller++"; line 35/36: "eXtreme Gammon Version: 2.10, MET: Kazaross XG2"
      expect(match.analyser).toEqual({
        program: 'eXtreme Gammon 2.10',
        checkerDepth: null,
        cubeDepth: 'XG Roller++',
      });
      expect(position.met).toBe('Kazaross XG2');
      expect(game.score).toEqual(c.score);

      expect(decision.kind).toBe('cube');
      const d = decision as CubeDecision;
      // line 20: "X on roll, cube action"
      expect(d.player).toBe(0);
      expect(d.source.line).toBe(20);
      expect(d.score).toEqual(c.score);
      expect(d.matchLength).toBe(c.matchLength);
      expect(d.cubeValue).toBe(c.cubeValue);
      expect(d.cubeOwner).toBe(c.cubeOwner);
      expect(d.crawfordGame).toBe(false);
      expect(d.analysis).toEqual({ nd: c.nd, dt: c.dt, dp: c.dp });
      expect(d.action).toBe(c.action);
      expect((d as unknown as { fromPosition: boolean }).fromPosition).toBe(true);
      expect(d.storedError).toBeUndefined();

      const cube = position.cube!;
      expect(cube.line).toBe(29);
      expect(cube.diffs).toEqual(c.diffs);
      expect(cube.bestText).toBe(c.bestText);
      expect(cube.best).toEqual({ ...c.best, from: 'text' });
      expect(cube.redouble).toBe(c.cubeOwner !== -1);
      expect(cube.cubeless).toEqual(c.cubeless);
      expect(cube.depth).toBe('XG Roller++');
      const [pw, pg, pb] = c.player;
      const [ow, og, ob] = c.opponent;
      expect(cube.player).toEqual({ winPct: pw, gammonPct: pg, backgammonPct: pb });
      expect(cube.opponent).toEqual({ winPct: ow, gammonPct: og, backgammonPct: ob });
      expect(cube.wrongNeeded).toBe(c.wrongNeeded);
      expect(position.candidates).toEqual([]);
    });
  }

  it('03_DT_EN.txt and 03_DT_JP.txt give the same decision', () => {
    const en = read('03_DT_EN.txt').decision;
    const jp = read('03_DT_JP.txt').decision;
    expect({ ...jp, source: null }).toEqual({ ...en, source: null });
  });
});

describe('XG position texts: detection', () => {
  it('sniff claims all ten samples', () => {
    expect(SAMPLE_FILES).toHaveLength(10);
    for (const f of SAMPLE_FILES) expect(xgTextFormat.sniff(bytesOf(sample(f))), f).toBe(true);
  });
});
