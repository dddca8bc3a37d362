import { describe, expect, it } from 'vitest';
import {
  type Board,
  boardKey,
  initialBoard,
  makeBoard,
  type Play,
  pipCount,
  type Side,
} from '../../../src/core/board.js';
import { applyPlay, formatPlay, isLegalPlay, legalPlays } from '../../../src/core/moves.js';
import { prng } from '../../helpers/prng.js';

const z = () => new Array<number>(25).fill(0);

/** Builds a board from point → count maps (own numbering, 25 = bar). */
function board(side0: Record<number, number>, side1: Record<number, number>): Board {
  const a = z();
  const b = z();
  for (const [p, n] of Object.entries(side0)) a[Number(p) - 1] = n;
  for (const [p, n] of Object.entries(side1)) b[Number(p) - 1] = n;
  return makeBoard(a, b);
}

// ---------------------------------------------------------------------------------------------------------
// Independent brute-force reference: different representation (signed mover-perspective array), enumerates
// every hop sequence in every die order without pruning or dedupe, then applies the max-dice / max-pips
// filter and dedupes by resulting position.
// ---------------------------------------------------------------------------------------------------------

interface Pos {
  /** index 1..24: mover's point (>0 mover checkers, <0 opponent checkers); index 25: mover's bar. */
  pts: number[];
  oppBar: number;
}

function toPos(b: Board, side: Side): Pos {
  const me = b[side];
  const op = b[side === 0 ? 1 : 0];
  const pts = new Array<number>(26).fill(0);
  for (let q = 1; q <= 24; q++) pts[q] = me[q - 1]! > 0 ? me[q - 1]! : -op[24 - q]!;
  pts[25] = me[24]!;
  return { pts, oppBar: op[24]! };
}

function fromPos(p: Pos, side: Side): Board {
  const me = z();
  const op = z();
  for (let q = 1; q <= 24; q++) {
    const v = p.pts[q]!;
    if (v > 0) me[q - 1] = v;
    else op[24 - q] = -v;
  }
  me[24] = p.pts[25]!;
  op[24] = p.oppBar;
  return side === 0 ? [me, op] : [op, me];
}

function singleHops(p: Pos, die: number): [number, number][] {
  const { pts } = p;
  if (pts[25]! > 0) {
    const dest = 25 - die;
    return pts[dest]! >= -1 ? [[25, dest]] : [];
  }
  let allHome = true;
  let highest = 0;
  for (let i = 1; i <= 25; i++) {
    if (pts[i]! > 0) {
      highest = i;
      if (i > 6) allHome = false;
    }
  }
  const out: [number, number][] = [];
  for (let from = 1; from <= 24; from++) {
    if (pts[from]! <= 0) continue;
    const dest = from - die;
    if (dest >= 1) {
      if (pts[dest]! >= -1) out.push([from, dest]);
    } else if (allHome && (dest === 0 || from === highest)) {
      out.push([from, 0]);
    }
  }
  return out;
}

function hopOn(p: Pos, from: number, to: number): Pos {
  const pts = p.pts.slice();
  let oppBar = p.oppBar;
  pts[from]!--;
  if (to > 0) {
    if (pts[to] === -1) {
      pts[to] = 1;
      oppBar++;
    } else {
      pts[to]!++;
    }
  }
  return { pts, oppBar };
}

function bruteForce(b: Board, side: Side, d1: number, d2: number): { keys: Set<string>; sequences: number } {
  const leaves: { n: number; pips: number; key: string }[] = [];
  const rec = (p: Pos, rest: number[], n: number, pips: number) => {
    const die = rest[0];
    const options = die === undefined ? [] : singleHops(p, die);
    if (options.length === 0) {
      leaves.push({ n, pips, key: boardKey(fromPos(p, side)) });
      return;
    }
    for (const [f, t] of options) rec(hopOn(p, f, t), rest.slice(1), n + 1, pips + die!);
  };
  const orders =
    d1 === d2
      ? [[d1, d1, d1, d1]]
      : [
          [d1, d2],
          [d2, d1],
        ];
  for (const o of orders) rec(toPos(b, side), o, 0, 0);
  const maxN = Math.max(...leaves.map((l) => l.n));
  if (maxN === 0) return { keys: new Set(), sequences: leaves.length };
  const withN = leaves.filter((l) => l.n === maxN);
  const maxPips = Math.max(...withN.map((l) => l.pips));
  return {
    keys: new Set(withN.filter((l) => l.pips === maxPips).map((l) => l.key)),
    sequences: leaves.length,
  };
}

const ALL_ROLLS: [number, number][] = [];
for (let i = 1; i <= 6; i++) for (let j = i; j <= 6; j++) ALL_ROLLS.push([i, j]);

function expectMatchesBruteForce(b: Board, side: Side, d1: number, d2: number): number {
  const got = legalPlays(b, side, d1, d2);
  const ref = bruteForce(b, side, d1, d2);
  const gotKeys = got.map((lp) => lp.key);
  expect(new Set(gotKeys).size).toBe(gotKeys.length); // deduplicated
  expect(new Set(gotKeys)).toEqual(ref.keys);
  for (const lp of got) {
    expect(lp.key).toBe(boardKey(lp.result));
    expect(boardKey(applyPlay(b, side, lp.play))).toBe(lp.key);
  }
  return got.length;
}

/** Random legal-ish position: random checker placement for both sides, biased to make bear-offs common. */
function randomPosition(rnd: () => number): Board {
  const a = z();
  const b = z();
  const mode = rnd();
  const place = (arr: number[], other: number[], mirror: boolean) => {
    const n = Math.floor(rnd() * 16);
    for (let k = 0; k < n; k++) {
      for (let tries = 0; tries < 50; tries++) {
        let idx: number;
        const r = rnd();
        if (r < 0.05) idx = 24;
        else if (mode < 0.4 || r < 0.5) idx = Math.floor(rnd() * 6);
        else idx = Math.floor(rnd() * 24);
        if (idx < 24 && other[23 - idx]! > 0) continue;
        arr[idx]!++;
        break;
      }
    }
    return mirror;
  };
  place(a, b, false);
  place(b, a, true);
  return makeBoard(a, b);
}

describe('legalPlays', () => {
  it('agrees with the brute-force enumerator for all 21 opening rolls', () => {
    const counts: Record<string, number> = {};
    for (const [d1, d2] of ALL_ROLLS) {
      counts[`${d1}${d2}`] = expectMatchesBruteForce(initialBoard(), 0, d1, d2);
      // Symmetric start: the other side has the same number of plays.
      expect(legalPlays(initialBoard(), 1, d1, d2)).toHaveLength(counts[`${d1}${d2}`]!);
    }
    // Every opening roll can be played in full.
    for (const [d1, d2] of ALL_ROLLS) {
      for (const lp of legalPlays(initialBoard(), 0, d1, d2)) expect(lp.play).toHaveLength(d1 === d2 ? 4 : 2);
    }
  });

  it('opening 6-5 includes 24/13 (the run) and 13/7 13/8; dice order does not matter', () => {
    const a = legalPlays(initialBoard(), 0, 6, 5);
    const b = legalPlays(initialBoard(), 0, 5, 6);
    expect(new Set(a.map((x) => x.key))).toEqual(new Set(b.map((x) => x.key)));
    const run = applyPlay(initialBoard(), 0, [
      { from: 24, to: 18 },
      { from: 18, to: 13 },
    ]);
    expect(a.some((x) => x.key === boardKey(run))).toBe(true);
    const split = applyPlay(initialBoard(), 0, [
      { from: 13, to: 7 },
      { from: 13, to: 8 },
    ]);
    expect(a.some((x) => x.key === boardKey(split))).toBe(true);
  });

  it('agrees with the brute-force enumerator on 1500 random positions', () => {
    const rnd = prng(12345);
    for (let i = 0; i < 1500; i++) {
      const b = randomPosition(rnd);
      const side: Side = rnd() < 0.5 ? 0 : 1;
      const d1 = 1 + Math.floor(rnd() * 6);
      const d2 = 1 + Math.floor(rnd() * 6);
      expectMatchesBruteForce(b, side, d1, d2);
    }
  });

  it('agrees with the brute-force enumerator along random games', () => {
    const rnd = prng(777);
    let checked = 0;
    for (let g = 0; g < 15; g++) {
      let b = initialBoard();
      let side: Side = 0;
      for (let turn = 0; turn < 400; turn++) {
        const d1 = 1 + Math.floor(rnd() * 6);
        const d2 = 1 + Math.floor(rnd() * 6);
        expectMatchesBruteForce(b, side, d1, d2);
        checked++;
        const plays = legalPlays(b, side, d1, d2);
        if (plays.length > 0) b = plays[Math.floor(rnd() * plays.length)]!.result;
        if (b[side].every((c) => c === 0)) break;
        side = side === 0 ? 1 : 0;
      }
    }
    expect(checked).toBeGreaterThan(300);
  });

  it('dances against a closed board: [] for every roll', () => {
    const b = board({ 25: 1, 6: 14 }, { 1: 2, 2: 2, 3: 2, 4: 2, 5: 2, 6: 2, 13: 3 });
    for (const [d1, d2] of ALL_ROLLS) {
      expect(legalPlays(b, 0, d1, d2)).toEqual([]);
      expect(isLegalPlay(b, 0, d1, d2, [])).toBe(true);
      expect(isLegalPlay(b, 0, d1, d2, [{ from: 6, to: 6 - d1 }])).toBe(false);
    }
  });

  it('enters from the bar first; with one open point only that die enters', () => {
    // Side 1's home board closed except its 4-point (side 0 enters on 25 − 4 = 21 with a 4).
    const b = board({ 25: 1, 13: 14 }, { 1: 2, 2: 2, 3: 2, 5: 2, 6: 2, 13: 5 });
    const plays = legalPlays(b, 0, 4, 3);
    expect(plays.length).toBeGreaterThan(0);
    for (const lp of plays) {
      expect(lp.play[0]).toEqual({ from: 25, to: 21 });
      expect(lp.play).toHaveLength(2);
    }
    // 6-3: neither enters → dance.
    expect(legalPlays(b, 0, 6, 3)).toEqual([]);
  });

  it('two on the bar with a non-double: both dice must be used to enter', () => {
    const b = board({ 25: 2, 6: 13 }, { 6: 5, 13: 10 });
    const plays = legalPlays(b, 0, 5, 2);
    expect(plays).toHaveLength(1);
    expect(formatPlay(b, 0, plays[0]!.play)).toBe('bar/23 bar/20');
  });

  it('larger-die rule: only one die can be played, both individually possible → must play the larger', () => {
    // Side 0: one checker on 13, fourteen on the ace point. 6-5: 13/7 or 13/8, but the follow-up lands on
    // point 2, blocked by side 1 (its 23-point). Only one die is playable → the 6.
    const b = board({ 13: 1, 1: 14 }, { 23: 2, 6: 13 });
    const plays = legalPlays(b, 0, 6, 5);
    expect(plays).toHaveLength(1);
    expect(plays[0]!.play).toEqual([{ from: 13, to: 7 }]);
    expect(isLegalPlay(b, 0, 6, 5, [{ from: 13, to: 7 }])).toBe(true);
    expect(isLegalPlay(b, 0, 5, 6, [{ from: 13, to: 7 }])).toBe(true);
    expect(isLegalPlay(b, 0, 6, 5, [{ from: 13, to: 8 }])).toBe(false);
    expect(isLegalPlay(b, 0, 6, 5, [])).toBe(false);
  });

  it('larger-die rule: if the larger die cannot be played at all, the smaller is played', () => {
    // Same, but point 7 is blocked too (side 1's 18-point): only 13/8 is possible.
    const b = board({ 13: 1, 1: 14 }, { 23: 2, 18: 2, 6: 11 });
    const plays = legalPlays(b, 0, 6, 5);
    expect(plays).toHaveLength(1);
    expect(plays[0]!.play).toEqual([{ from: 13, to: 8 }]);
  });

  it('maximum-dice rule: a play using both dice beats one using one die', () => {
    // 13/7 then 7/2 is blocked, but 13/8 then 8/2 is blocked too; 13/8/... with the 6 first? Use a position
    // where only the order 5-then-6 uses both dice: side 0 one checker on 13 + 14 on the ace; block point 7.
    // 13/8 (5) then 8/2 (6): open. 13/7 (6): blocked. So the full play is 13/8/2.
    const b = board({ 13: 1, 1: 14 }, { 18: 2, 6: 13 });
    const plays = legalPlays(b, 0, 6, 5);
    expect(plays).toHaveLength(1);
    expect(plays[0]!.play).toEqual([
      { from: 13, to: 8 },
      { from: 8, to: 2 },
    ]);
    expect(isLegalPlay(b, 0, 6, 5, [{ from: 13, to: 8 }])).toBe(false);
  });

  it('bears off with the exact die, or with a larger die from the highest point only', () => {
    // Two on the 3-point, one on the 2-point; 6-5: both dice bear off from the 3-point.
    const b = board({ 3: 2, 2: 1 }, { 6: 15 });
    const plays = legalPlays(b, 0, 6, 5);
    expect(plays).toHaveLength(1);
    // two checkers off one point: gnuBG 1.07.001 writes '3/off(2)' (test/reference-matches/gnubg/g0001.txt:2101)
    expect(formatPlay(b, 0, plays[0]!.play)).toBe('3/off(2)');
    expect(plays[0]!.result[0]).toEqual(board({ 2: 1 }, {})[0]);

    // One on the 5-point and one on the 3-point, 6-4: 5/off 3/off or 5/1 3/off; never 3/off with the 4 first.
    const c = board({ 5: 1, 3: 1 }, { 6: 15 });
    const p2 = legalPlays(c, 0, 6, 4);
    const texts = p2.map((lp) => formatPlay(c, 0, lp.play)).sort();
    expect(texts).toEqual(['5/1 3/off', '5/off 3/off']);
    // 3/off with the 4 while the 5-point is occupied is illegal.
    expect(
      isLegalPlay(c, 0, 6, 4, [
        { from: 3, to: 0 },
        { from: 5, to: 0 },
      ]),
    ).toBe(true); // same position as 5/off 3/off, reached in another order
    expect(isLegalPlay(c, 0, 4, 4, [{ from: 3, to: 0 }])).toBe(false);
    const p3 = legalPlays(c, 0, 4, 4);
    // one checker's hops joined (5/1 then 1/off): '5/off 3/off'
    expect(p3.map((lp) => formatPlay(c, 0, lp.play))).toEqual(['5/off 3/off']);
  });

  it('cannot bear off while a checker is outside the home board', () => {
    const b = board({ 7: 1, 2: 14 }, { 6: 15 });
    // 6-2: 7/1 2/off or 7/5 5/off (all home after the first hop), never 2/off before the 7 is home.
    const plays = legalPlays(b, 0, 6, 2);
    const texts = plays.map((lp) => formatPlay(b, 0, lp.play)).sort();
    expect(texts).toEqual(['7/1 2/off', '7/off']);
    for (const lp of plays) expect(lp.play[0]!.from).toBe(7);
    expect(() => applyPlay(b, 0, [{ from: 2, to: 0 }])).toThrow(/bearing off not allowed/);
  });

  it('a hit sends the blot to the bar', () => {
    // Side 1 blot on its 5-point = side 0's 20-point.
    const b = board({ 24: 2, 13: 5, 8: 3, 6: 5 }, { 5: 1, 6: 4, 8: 3, 13: 5, 24: 2 });
    const r = applyPlay(b, 0, [{ from: 24, to: 20 }]);
    expect(r[1][4]).toBe(0);
    expect(r[1][24]).toBe(1);
    expect(r[0][19]).toBe(1);
    expect(pipCount(r, 1)).toBe(pipCount(b, 1) + 20);
    const plays = legalPlays(b, 0, 4, 1);
    expect(plays.some((lp) => lp.result[1][24] === 1)).toBe(true);
    expect(
      formatPlay(b, 0, [
        { from: 24, to: 20 },
        { from: 6, to: 5 },
      ]),
    ).toBe('24/20* 6/5');
  });

  it('doubles play four hops', () => {
    const plays = legalPlays(initialBoard(), 0, 6, 6);
    expect(plays.length).toBeGreaterThan(0);
    for (const lp of plays) expect(lp.play).toHaveLength(4);
    const texts = plays.map((lp) => formatPlay(initialBoard(), 0, lp.play));
    // gnuBG 1.07.001 writes the repeated parts counted: 'moves 24/18(2) 13/7(2)'
    // (test/reference-matches/gnubg/g1262_002.txt:60)
    expect(texts).toContain('24/18(2) 13/7(2)');
  });

  it('doubles: plays fewer than four hops when no more can be played', () => {
    // Side 0: one checker on 10, rest on ace; 2-2: 10/8/6/4/2 → four hops. Block point 4: 10/8/6 then stuck?
    // The checkers on the ace point cannot move (not all home). So the play is 10/8 8/6 only.
    const b = board({ 10: 1, 1: 14 }, { 21: 2, 6: 13 });
    const plays = legalPlays(b, 0, 2, 2);
    expect(plays).toHaveLength(1);
    expect(plays[0]!.play).toEqual([
      { from: 10, to: 8 },
      { from: 8, to: 6 },
    ]);
  });

  it('rejects invalid dice', () => {
    expect(() => legalPlays(initialBoard(), 0, 0, 3)).toThrow(/invalid die/);
    expect(() => legalPlays(initialBoard(), 0, 3, 7)).toThrow(/invalid die/);
  });

  it('does not modify its input', () => {
    const b = initialBoard();
    const before = boardKey(b);
    legalPlays(b, 0, 3, 1);
    legalPlays(b, 1, 4, 4);
    expect(boardKey(b)).toBe(before);
  });

  it('is fast enough on typical positions', () => {
    const rnd = prng(99);
    const positions: { b: Board; side: Side }[] = [];
    let b = initialBoard();
    let side: Side = 0;
    while (positions.length < 2000) {
      positions.push({ b, side });
      const plays = legalPlays(b, side, 1 + Math.floor(rnd() * 6), 1 + Math.floor(rnd() * 6));
      if (plays.length > 0) b = plays[Math.floor(rnd() * plays.length)]!.result;
      if (b[side].every((c) => c === 0)) b = initialBoard();
      side = side === 0 ? 1 : 0;
    }
    const rolls: [number, number][] = [];
    for (let i = 0; i < positions.length; i++) {
      const d1 = 1 + Math.floor(rnd() * 6);
      let d2 = 1 + Math.floor(rnd() * 6);
      if (d1 === d2) d2 = (d2 % 6) + 1; // non-doubles only
      rolls.push([d1, d2]);
    }
    for (let i = 0; i < positions.length; i++) legalPlays(positions[i]!.b, positions[i]!.side, ...rolls[i]!); // warm-up
    const t0 = performance.now();
    for (let rep = 0; rep < 3; rep++) {
      for (let i = 0; i < positions.length; i++)
        legalPlays(positions[i]!.b, positions[i]!.side, ...rolls[i]!);
    }
    const perCallUs = ((performance.now() - t0) * 1000) / (3 * positions.length);
    // Generous bound so slow CI machines do not flake; typical is far lower.
    expect(perCallUs).toBeLessThan(200);
  });
});

describe('applyPlay', () => {
  it('throws clear errors for impossible hops', () => {
    const b = initialBoard();
    expect(() => applyPlay(b, 0, [{ from: 5, to: 3 }])).toThrow(/no checker on point 5/);
    expect(() => applyPlay(b, 0, [{ from: 25, to: 20 }])).toThrow(/no checker on the bar/);
    // Side 0's point 12 = side 1's point 13 (5 checkers).
    expect(() => applyPlay(b, 0, [{ from: 13, to: 12 }])).toThrow(/point 12 is blocked/);
    expect(() => applyPlay(b, 0, [{ from: 6, to: 0 }])).toThrow(/bearing off not allowed/);
    expect(() => applyPlay(b, 0, [{ from: 6, to: 8 }])).toThrow(/forward/);
    expect(() => applyPlay(b, 0, [{ from: 26, to: 20 }])).toThrow(/1\.\.25/);
    expect(() => applyPlay(b, 0, [{ from: 6, to: -1 }])).toThrow(/0\.\.24/);
  });

  it('applies chained hops and does not modify the input', () => {
    const b = initialBoard();
    const r = applyPlay(b, 1, [
      { from: 24, to: 18 },
      { from: 18, to: 13 },
    ]);
    expect(r[1][23]).toBe(1);
    expect(r[1][12]).toBe(6);
    expect(boardKey(b)).toBe(boardKey(initialBoard()));
    expect(r[0]).toEqual(b[0]);
  });
});

describe('formatPlay', () => {
  it('formats like gnuBG: sorted high to low, one checker joined, hits starred, bar and off', () => {
    const b = initialBoard();
    expect(formatPlay(b, 0, [])).toBe('');
    expect(
      formatPlay(b, 0, [
        { from: 8, to: 5 },
        { from: 6, to: 5 },
      ]),
    ).toBe('8/5 6/5');
    expect(
      formatPlay(b, 0, [
        { from: 6, to: 5 },
        { from: 8, to: 5 },
      ]),
    ).toBe('8/5 6/5');
    // One checker's hops are one part, as gnuBG 1.07.001 writes 'moves 24/15' for 63
    // (test/reference-matches/gnubg/g0001.txt:25).
    expect(
      formatPlay(b, 0, [
        { from: 24, to: 18 },
        { from: 18, to: 13 },
      ]),
    ).toBe('24/13');
  });

  it('formats hits and entering from the bar', () => {
    // Side 1 blot on its 2-point = side 0's 23-point.
    const b = board({ 24: 2, 13: 5, 8: 3, 6: 5 }, { 2: 1, 6: 5, 8: 3, 13: 5, 24: 1 });
    expect(
      formatPlay(b, 0, [
        { from: 24, to: 23 },
        { from: 13, to: 9 },
      ]),
    ).toBe('24/23* 13/9');
    // A checker on the bar is outside the home board, so bearing off in the same play is impossible.
    const c = board({ 25: 1, 6: 5, 5: 9 }, { 6: 15 });
    expect(() => formatPlay(c, 0, [{ from: 6, to: 0 }])).toThrow(/bearing off not allowed/);
    // Side 0 enters with a 3 on its 22-point = side 1's 3-point.
    const d = board({ 25: 1, 6: 5, 5: 9 }, { 1: 1, 13: 14 });
    const e = board({ 25: 1, 6: 5, 5: 9 }, { 3: 1, 13: 14 });
    expect(formatPlay(d, 0, [{ from: 25, to: 22 }])).toBe('bar/22');
    expect(formatPlay(e, 0, [{ from: 25, to: 22 }])).toBe('bar/22*');
  });

  it('marks only the first of two hops landing on the same blot', () => {
    const b = board({ 13: 2, 1: 13 }, { 15: 1, 6: 14 }); // side 1's 15-point = side 0's 10-point
    expect(
      formatPlay(b, 0, [
        { from: 13, to: 10 },
        { from: 13, to: 10 },
      ]),
    ).toBe('13/10*(2)');
    // gnuBG 1.07.001 writes the pair counted with its hit: 'moves 8/2*(2)' (test/reference-matches/gnubg/g0001.txt:770)
  });

  it('keeps a point passed on the way when a blot was hit there', () => {
    // Side 1 blot on its 15-point = side 0's 10-point; 3-5 from 13: '13/10*/5' (gnuBG's form: '6/3*/1*'
    // in its text export of sgf/gbf_test.sgf, see test/unit/core/play-notation.test.ts)
    const b = board({ 13: 2, 1: 13 }, { 15: 1, 6: 14 });
    expect(
      formatPlay(b, 0, [
        { from: 13, to: 10 },
        { from: 10, to: 5 },
      ]),
    ).toBe('13/10*/5');
  });
});

describe('isLegalPlay', () => {
  it('accepts every generated play in any hop order that can be applied, rejects others', () => {
    const b = initialBoard();
    for (const lp of legalPlays(b, 0, 3, 1)) {
      expect(isLegalPlay(b, 0, 3, 1, lp.play)).toBe(true);
      expect(isLegalPlay(b, 0, 1, 3, lp.play)).toBe(true);
    }
    expect(
      isLegalPlay(b, 0, 3, 1, [
        { from: 6, to: 5 },
        { from: 8, to: 5 },
      ]),
    ).toBe(true);
    expect(isLegalPlay(b, 0, 3, 1, [{ from: 8, to: 5 }])).toBe(false); // uses one die only
    expect(
      isLegalPlay(b, 0, 3, 1, [
        { from: 8, to: 4 },
        { from: 6, to: 5 },
      ]),
    ).toBe(false); // wrong dice
    expect(isLegalPlay(b, 0, 3, 1, [{ from: 5, to: 4 }])).toBe(false); // impossible hop
  });

  it('treats two hop sequences reaching the same position as the same play', () => {
    const b = initialBoard();
    const plays = legalPlays(b, 0, 6, 5);
    const viaSix: Play = [
      { from: 13, to: 7 },
      { from: 7, to: 2 },
    ];
    const viaFive: Play = [
      { from: 13, to: 8 },
      { from: 8, to: 2 },
    ];
    const key = boardKey(applyPlay(b, 0, viaSix));
    expect(boardKey(applyPlay(b, 0, viaFive))).toBe(key);
    expect(plays.filter((lp) => lp.key === key)).toHaveLength(1);
    expect(isLegalPlay(b, 0, 6, 5, viaSix)).toBe(true);
    expect(isLegalPlay(b, 0, 6, 5, viaFive)).toBe(true);
  });
});
