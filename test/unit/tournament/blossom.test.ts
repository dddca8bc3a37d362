import { describe, expect, it } from 'vitest';
import { type Edge, matchingWeight, maxWeightMatching } from '../../../src/tournament/blossom.js';
import { prng } from '../../helpers/prng.js';

/** Brute force: best [weight, cardinality] over all matchings (optionally max cardinality first). */
function bruteForce(
  n: number,
  edges: readonly Edge[],
  maxCardinality: boolean,
): { weight: number; size: number } {
  const w = new Map<number, number>();
  for (const [u, v, x] of edges) w.set(Math.min(u, v) * n + Math.max(u, v), x);
  let best = { weight: 0, size: 0 };
  const used = new Array<boolean>(n).fill(false);
  const rec = (i: number, weight: number, size: number): void => {
    while (i < n && used[i]) i++;
    if (i >= n) {
      const better = maxCardinality
        ? size > best.size || (size === best.size && weight > best.weight)
        : weight > best.weight;
      if (better) best = { weight, size };
      return;
    }
    used[i] = true;
    rec(i + 1, weight, size); // i unmatched
    for (let j = i + 1; j < n; j++) {
      const x = w.get(i * n + j);
      if (used[j] || x === undefined) continue;
      used[j] = true;
      rec(i + 1, weight + x, size + 1);
      used[j] = false;
    }
    used[i] = false;
  };
  rec(0, 0, 0);
  return best;
}

function check(n: number, edges: readonly Edge[], maxCardinality: boolean): void {
  const mate = maxWeightMatching(n, edges, { maxCardinality });
  for (let v = 0; v < n; v++) {
    const m = mate[v]!;
    if (m !== -1) expect(mate[m]).toBe(v);
  }
  const size = mate.filter((m) => m !== -1).length / 2;
  const expected = bruteForce(n, edges, maxCardinality);
  expect(matchingWeight(mate, edges)).toBe(expected.weight);
  if (maxCardinality) expect(size).toBe(expected.size);
}

describe('maxWeightMatching', () => {
  it('handles empty and trivial graphs', () => {
    expect(maxWeightMatching(0, [])).toEqual([]);
    expect(maxWeightMatching(3, [])).toEqual([-1, -1, -1]);
    expect(maxWeightMatching(2, [[0, 1, 1]])).toEqual([1, 0]);
  });

  it('prefers the heavier of two overlapping edges, or cardinality when asked', () => {
    const edges: Edge[] = [
      [0, 1, 1],
      [1, 2, 3],
      [2, 3, 1],
    ];
    expect(maxWeightMatching(4, edges)).toEqual([-1, 2, 1, -1]);
    expect(maxWeightMatching(4, edges, { maxCardinality: true })).toEqual([1, 0, 3, 2]);
  });

  it('solves odd cycles (blossoms) and nested blossoms', () => {
    // Triangle with a pendant: must use the pendant edge and one triangle edge.
    check(
      4,
      [
        [0, 1, 5],
        [1, 2, 5],
        [2, 0, 5],
        [2, 3, 4],
      ],
      false,
    );
    // Pentagon with tails (blossom forms and is expanded).
    check(
      7,
      [
        [0, 1, 8],
        [1, 2, 9],
        [2, 3, 10],
        [3, 4, 7],
        [4, 0, 6],
        [0, 5, 2],
        [3, 6, 3],
      ],
      true,
    );
    // Two triangles joined: nested blossom structure.
    check(
      6,
      [
        [0, 1, 9],
        [1, 2, 9],
        [2, 0, 9],
        [2, 3, 1],
        [3, 4, 9],
        [4, 5, 9],
        [5, 3, 9],
      ],
      false,
    );
    // Classic cases that force a T-blossom expansion.
    check(
      8,
      [
        [1, 2, 23],
        [1, 5, 22],
        [1, 6, 15],
        [2, 3, 25],
        [3, 4, 22],
        [4, 5, 25],
        [4, 7, 14],
        [5, 6, 13],
      ],
      false,
    );
    check(
      10,
      [
        [1, 2, 45],
        [1, 5, 45],
        [2, 3, 50],
        [3, 4, 45],
        [4, 5, 50],
        [1, 6, 30],
        [3, 9, 35],
        [4, 8, 26],
        [5, 7, 40],
        [9, 8, 10],
      ],
      false,
    );
    check(
      11,
      [
        [1, 2, 40],
        [1, 3, 40],
        [2, 3, 60],
        [2, 4, 55],
        [3, 5, 55],
        [4, 5, 50],
        [1, 8, 15],
        [5, 7, 30],
        [7, 6, 10],
        [8, 10, 10],
        [4, 9, 30],
      ],
      false,
    );
  });

  it('matches a brute force on random graphs up to 12 vertices', () => {
    const rnd = prng(20261130);
    for (let iter = 0; iter < 600; iter++) {
      const n = 1 + Math.floor(rnd() * 12);
      const density = 0.2 + rnd() * 0.8;
      const maxW = [1, 3, 10, 1000][Math.floor(rnd() * 4)]!;
      const edges: Edge[] = [];
      for (let u = 0; u < n; u++) {
        for (let v = u + 1; v < n; v++) {
          if (rnd() < density) edges.push([u, v, 1 + Math.floor(rnd() * maxW)]);
        }
      }
      check(n, edges, iter % 2 === 0);
    }
  });

  it('handles negative weights with maxCardinality', () => {
    const rnd = prng(7);
    for (let iter = 0; iter < 100; iter++) {
      const n = 2 + Math.floor(rnd() * 8);
      const edges: Edge[] = [];
      for (let u = 0; u < n; u++) {
        for (let v = u + 1; v < n; v++) if (rnd() < 0.6) edges.push([u, v, Math.floor(rnd() * 21) - 10]);
      }
      check(n, edges, true);
    }
  });
});
