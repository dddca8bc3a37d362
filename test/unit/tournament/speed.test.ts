import { describe, expect, it } from 'vitest';
import { type Edge, matchingWeight, maxWeightMatching } from '../../../src/tournament/blossom.js';
import {
  maximumPairing,
  type PairingPlayer,
  pairPlayers,
  seededRandom,
} from '../../../src/tournament/swiss.js';

/** A Swiss-like weight matrix: score groups, (i − j)² costs, some rematches, a random tier. */
function instance(v: number, groups: number, rematchRate: number, seed: number) {
  const random = seededRandom(seed);
  const groupOf = new Int32Array(v);
  for (let i = 0; i < v; i++) groupOf[i] = Math.floor(random() * groups);
  const base = 2 ** 40;
  const weight = new Float64Array(v * v);
  const edges: Edge[] = [];
  for (let i = 0; i < v; i++) {
    for (let j = i + 1; j < v; j++) {
      const d = groupOf[i]! - groupOf[j]!;
      let penalty = d * d * 1000 + Math.floor(random() * 16);
      if (random() < rematchRate) penalty += 10_000_000;
      weight[i * v + j] = base - penalty;
      weight[j * v + i] = base - penalty;
      edges.push([i, j, base - penalty]);
    }
  }
  return { weight, groupOf, edges };
}

describe('maximumPairing (sparse subgraph + dual certificate)', () => {
  it('matches the dense matching weight for small fields (N ≤ 64)', () => {
    for (let seed = 1; seed <= 30; seed++) {
      const v = 2 * (2 + (seed % 31));
      const { weight, groupOf, edges } = instance(v, 1 + (seed % 7), (seed % 4) * 0.1, seed);
      const sparse = maximumPairing(v, weight, groupOf);
      const dense = maxWeightMatching(v, edges, { maxCardinality: true });
      expect(sparse).not.toContain(-1);
      expect(matchingWeight(sparse, edges)).toBe(matchingWeight(dense, edges));
    }
  });

  it('pairs a 200-player round exactly as well as the dense matching', () => {
    const v = 200;
    const { weight, groupOf, edges } = instance(v, 8, 0.05, 2024);
    const sparse = maximumPairing(v, weight, groupOf);
    const dense = maxWeightMatching(v, edges, { maxCardinality: true });
    expect(sparse).not.toContain(-1);
    for (let i = 0; i < v; i++) expect(sparse[sparse[i]!]).toBe(i);
    expect(matchingWeight(sparse, edges)).toBe(matchingWeight(dense, edges));
  });

  it('pairPlayers on 201 players reaches the dense optimum of the bye, rematch and score-group tiers', () => {
    const random = seededRandom(7);
    const n = 201;
    const players: PairingPlayer[] = Array.from({ length: n }, (_, i) => ({
      name: `P${i}`,
      score: Math.floor(random() * 6) * 3 + (random() < 0.2 ? 1 : 0),
      rank: 0,
      hadBye: random() < 0.3,
    }))
      .sort((a, b) => b.score - a.score)
      .map((p, rank) => ({ ...p, rank }));
    const met = new Map<string, Set<string>>(players.map((p) => [p.name, new Set<string>()]));
    for (let k = 0; k < 4 * n; k++) {
      const a = players[Math.floor(random() * n)]!.name;
      const b = players[Math.floor(random() * n)]!.name;
      if (a !== b) {
        met.get(a)!.add(b);
        met.get(b)!.add(a);
      }
    }
    const pairing = pairPlayers({ players, met, seed: 11 });

    // Dense reference on the first three tiers only: repeated bye, rematches, Σ d².
    const distinct = [...new Set(players.map((p) => p.score))].sort((a, b) => b - a);
    const group = players.map((p) => distinct.indexOf(p.score));
    const groups = distinct.length;
    const unitRematch = 200 * groups * groups;
    const unitBye = unitRematch * 200;
    const edges: Edge[] = [];
    for (let i = 0; i < n; i++) {
      for (let j = i + 1; j < n; j++) {
        const d = group[i]! - group[j]!;
        const rematch = met.get(players[i]!.name)!.has(players[j]!.name) ? 1 : 0;
        edges.push([i, j, -(d * d + rematch * unitRematch)]);
      }
      const d = groups - group[i]!;
      edges.push([i, n, -(d * d + (players[i]!.hadBye ? unitBye : 0))]);
    }
    const dense = maxWeightMatching(n + 1, edges, { maxCardinality: true });
    let rematches = 0;
    let cost = 0;
    let repeatedBye = false;
    for (let i = 0; i < n; i++) {
      const j = dense[i]!;
      if (j === n) {
        const d = groups - group[i]!;
        cost += d * d;
        repeatedBye = players[i]!.hadBye;
      } else if (j > i) {
        const d = group[i]! - group[j]!;
        cost += d * d;
        if (met.get(players[i]!.name)!.has(players[j]!.name)) rematches++;
      }
    }
    expect(pairing.pairs.length).toBe(100);
    expect([pairing.repeatedBye, pairing.rematches, pairing.scoreGroupCost]).toEqual([
      repeatedBye,
      rematches,
      cost,
    ]);
  });
});
