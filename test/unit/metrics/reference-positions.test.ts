import { describe, expect, test } from 'vitest';
import { type Board, initialBoard } from '../../../src/core/board.js';
import { legalPlays } from '../../../src/core/moves.js';
import {
  likeDistance,
  likeVector,
  likeVectorDistance,
  segmentTotals,
} from '../../../src/metrics/like-distance.js';
import {
  nearCandidates,
  type ReferenceInput,
  referenceCandidates,
  selectReferencePositions,
} from '../../../src/metrics/reference-positions.js';
import { prng as makePrng } from '../../helpers/prng.js';

/** The start with side 0's checkers moved: each [from, to] in side 0's numbering (0 = off). */
function moved(...moves: [number, number][]): Board {
  const b = initialBoard();
  const a = b[0] as number[];
  for (const [from, to] of moves) {
    a[from - 1]!--;
    if (to > 0) a[to - 1]!++;
  }
  return b;
}

describe('like distance (classifier.md §6)', () => {
  const start = initialBoard();
  test('same position 0; one checker one pip 1; 24/18 six', () => {
    expect(likeDistance(start, 0, start, 0)).toBe(0);
    expect(likeDistance(start, 0, moved([6, 5]), 0)).toBe(1);
    expect(likeDistance(start, 0, moved([24, 18]), 0)).toBe(6);
    // two checkers 13/10 and 8/5: 3 + 3
    expect(likeDistance(start, 0, moved([13, 10], [8, 5]), 0)).toBe(6);
  });
  test('seen from the side on roll: the start is the same from either side', () => {
    expect(likeDistance(start, 0, start, 1)).toBe(0);
  });
  test('borne off is bin 0, the bar is bin 25', () => {
    // a checker from the 6-point borne off moves 6 pips; one from the 24-point to the bar 1 pip
    expect(likeDistance(start, 0, moved([6, 0]), 0)).toBe(6);
    const bar = initialBoard();
    (bar[0] as number[])[23]!--;
    (bar[0] as number[])[24]!++;
    expect(likeDistance(start, 0, bar, 0)).toBe(1);
  });
  test('segment totals differ by no more than the distance (the grid bound)', () => {
    const rnd = makePrng(7);
    let b: Board = initialBoard();
    const vs = [likeVector(b, 0)];
    for (let i = 0; i < 60; i++) {
      const plays = legalPlays(b, (i % 2) as 0 | 1, 1 + Math.floor(rnd() * 6), 1 + Math.floor(rnd() * 6));
      if (plays.length) b = plays[Math.floor(rnd() * plays.length)]!.result;
      vs.push(likeVector(b, 0));
    }
    for (const p of vs)
      for (const q of vs) {
        const tp = segmentTotals(p);
        const tq = segmentTotals(q);
        const s = tp.reduce((acc, t, k) => acc + Math.abs(t - tq[k]!), 0);
        expect(s).toBeLessThanOrEqual(likeVectorDistance(p, q));
      }
  });
});

function err(
  key: string,
  board: Board,
  loss: number,
  over: Partial<ReferenceInput<string>> = {},
): ReferenceInput<string> {
  return {
    positionKey: key,
    group: 'g',
    nature: 'checker',
    scoreKey: '',
    board,
    onRoll: 0,
    loss,
    difficulty: 0,
    tight: false,
    ref: key,
    ...over,
  };
}

describe('reference positions (metrics.md §8)', () => {
  test('an error repeated in one position is one candidate; excess Σ max(ℓ − d, 0)', () => {
    const c = referenceCandidates([
      err('p', initialBoard(), 0.03, { ref: 'first' }),
      err('p', initialBoard(), 0.05, { ref: 'second' }),
      err('p', initialBoard(), 0.01, { difficulty: 0.02, ref: 'third' }),
    ]);
    expect(c).toHaveLength(1);
    expect(c[0]!.excess).toBeCloseTo(0.08, 12);
    // the worst error (largest ℓ − d) stands for the position, with the count of errors made there
    expect(c[0]!.ref).toBe('second');
    expect(c[0]!.errors).toBe(3);
  });

  test('greedy by gain: a position covering its neighbours beats a lone larger one', () => {
    // c is the start; a (13/9) is 4 pips from it, b (24/15) 9 pips, a and b 4 + 9 = 13 > 12 apart;
    // far (24/12 24/12) is 24 pips from the start
    const a = err('a', moved([13, 9]), 0.02);
    const b = err('b', moved([24, 15]), 0.02);
    const c = err('c', initialBoard(), 0.02);
    const far = err('far', moved([24, 12], [24, 12]), 0.05);
    const cands = referenceCandidates([a, b, c, far]);
    const picked = selectReferencePositions(cands, { size: 5 });
    // gains: c 0.06 (a, b, itself), far 0.05, a and b 0.04; after c, a and b are covered: far, then nothing
    expect(picked.map((p) => p.candidate.ref)).toEqual(['c', 'far']);
    expect(picked[0]!.gain).toBeCloseTo(0.06, 12);
    expect(picked[0]!.covered).toBe(2);
    expect(picked[1]!.gain).toBeCloseTo(0.05, 12);
  });

  test('tight and unstable halve the gain each; treated positions count as chosen', () => {
    const cands = referenceCandidates([
      err('t', initialBoard(), 0.08, { tight: true, unstable: true }),
      err('u', moved([24, 12], [24, 12]), 0.03),
    ]);
    const picked = selectReferencePositions(cands);
    expect(picked.map((p) => [p.candidate.ref, p.gain])).toEqual([
      ['u', expect.closeTo(0.03, 12)],
      ['t', expect.closeTo(0.02, 12)],
    ]);
    const treated = referenceCandidates([
      err('x', initialBoard(), 0.08, { treated: true }),
      err('y', moved([6, 5]), 0.03),
    ]);
    expect(selectReferencePositions(treated)).toEqual([]);
  });

  test('a chosen position discards candidates within ρ of the same nature in other groups', () => {
    const cands = referenceCandidates([
      err('a', initialBoard(), 0.05),
      err('b', moved([6, 5]), 0.03, { group: 'other' }),
      err('c', moved([6, 5]), 0.03, { group: 'cube', nature: 'cube', scoreKey: '3/5' }),
    ]);
    expect(selectReferencePositions(cands).map((p) => p.candidate.ref)).toEqual(['a', 'c']);
  });

  test('the grid finds exactly the pairs a full comparison finds', () => {
    const rnd = makePrng(3);
    const errors: ReferenceInput<string>[] = [];
    for (let g = 0; g < 30; g++) {
      let b: Board = initialBoard();
      for (let i = 0; i < 40; i++) {
        const side = (i % 2) as 0 | 1;
        const plays = legalPlays(b, side, 1 + Math.floor(rnd() * 6), 1 + Math.floor(rnd() * 6));
        if (plays.length) b = plays[Math.floor(rnd() * plays.length)]!.result;
        errors.push(err(`${g}/${i}`, b, rnd() * 0.02, { onRoll: side, group: `g${i % 3}` }));
      }
    }
    const cands = referenceCandidates(errors);
    const { near, neighbours } = nearCandidates(cands);
    for (let i = 0; i < cands.length; i++) {
      const full: number[] = [];
      const fullN: number[] = [];
      for (let j = 0; j < cands.length; j++) {
        if (j === i || likeVectorDistance(cands[i]!.vector, cands[j]!.vector) > 12) continue;
        full.push(j);
        if (cands[j]!.group === cands[i]!.group) fullN.push(j);
      }
      expect([...near[i]!].sort((x, y) => x - y)).toEqual(full);
      expect([...neighbours[i]!].sort((x, y) => x - y)).toEqual(fullN);
    }
  });
});
