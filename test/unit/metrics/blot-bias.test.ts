import { describe, expect, test } from 'vitest';
import type { Play } from '../../../src/core/board.js';
import { type Board, initialBoard } from '../../../src/core/board.js';
import { blotBias } from '../../../src/metrics/blot-bias.js';
import { exposureBias } from '../../../src/metrics/exposure-bias.js';
import type { CheckerDecision } from '../../../src/model/types.js';
import { checker } from './helpers.js';

const hops = (...h: [number, number][]): Play => h.map(([from, to]) => ({ from, to }));

/** A side-0 decision at `board`: best play first (equity 0.2), the played one second with `e` less. */
function play(best: Play, played: Play, e: number, board: Board = initialBoard()): CheckerDecision {
  return checker([0.2, 0.2 - e], 1, 16, {
    board,
    dice: [3, 1],
    played,
    candidates: [
      { play: best, equity: 0.2 },
      { play: played, equity: 0.2 - e },
    ],
  });
}

// From the start, 3-1: 8/5 6/5 leaves no blot; 24/21 24/23 leaves two (21, 23); 13/10 6/5 two (10, 5).
const bolder = play(hops([8, 5], [6, 5]), hops([24, 21], [24, 23]), 0.1);
const safer = play(hops([13, 10], [6, 5]), hops([8, 5], [6, 5]), 0.05);
const free = checker([0.2, 0.1], 0, 16, {
  dice: [3, 1],
  played: hops([8, 5], [6, 5]),
  candidates: [
    { play: hops([8, 5], [6, 5]), equity: 0.2 },
    { play: hops([24, 21], [24, 23]), equity: 0.1 },
  ],
});
// a played move that cannot be applied (no checker on point 2)
const unreadable = play(hops([8, 5], [6, 5]), hops([2, 1], [4, 1]), 0.08);
// a race: side 0 on its points 1..6, side 1 on its own points 1..6 — no contact
const raceSide = [3, 3, 3, 2, 2, 2, ...new Array<number>(19).fill(0)];
const race = play(hops([6, 3], [4, 3]), hops([6, 5], [6, 3]), 0.03, [raceSide, raceSide]);
const forced = checker([0.2], 0, 1, { played: hops([8, 5], [6, 5]) });

const inputs = [bolder, safer, free, unreadable, race, forced].map((decision, i) => ({ decision, ref: i }));

describe('blot bias (metrics.md §10, classifier.md §4)', () => {
  const b = blotBias(inputs);
  test('counted contact plays: +1 more blots, −1 fewer, 0 free; race and forced skipped', () => {
    expect(b.estimate).toMatchObject({ n: 3, plus: 1, minus: 1, bias: 0, verdict: 'insufficient' });
    expect(b.estimate.plusCostMpt).toBeCloseTo(100, 9);
    expect(b.estimate.minusCostMpt).toBeCloseTo(50, 9);
    expect([...b.rows].map((r) => [r.ref, r.x, r.blotsPlayed, r.blotsBest])).toEqual([
      [0, 1, 2, 0],
      [1, -1, 0, 2],
      [2, 0, null, null],
    ]);
  });
  test('an unreproducible play leaves N and is counted apart: share 1/(1 + 3)', () => {
    expect(b.unread).toBe(1);
    expect(b.unreadRefs).toEqual([3]);
    expect(b.unreadShare).toBe(0.25);
  });
  test('no decision: null share and bias', () => {
    const none = blotBias([]);
    expect(none.unreadShare).toBeNull();
    expect(none.estimate.bias).toBeNull();
  });
});

describe('exposure-weighted blot bias', () => {
  const x = exposureBias(inputs);
  test('same rows; x = sign(shots after played − shots after best); mean over N', () => {
    expect(x.estimate.n).toBe(3);
    expect(x.unread).toBe(1);
    const [a, s, f] = x.rows;
    // no blot, no shot: the safe plays leave 0 shots
    expect(a!.shotsBest).toBe(0);
    expect(s!.shotsPlayed).toBe(0);
    expect(a!.shotsPlayed).toBeGreaterThan(0);
    expect(s!.shotsBest).toBeGreaterThan(0);
    expect([a!.x, s!.x, f!.x]).toEqual([1, -1, 0]);
    expect(x.meanShotDifference).toBeCloseTo((a!.shotsPlayed! - s!.shotsBest!) / 3, 12);
    expect(x.meanLow).not.toBeNull();
    expect(x.meanLow!).toBeLessThan(x.meanShotDifference!);
  });
});
