/**
 * Shared pieces of the tournament simulations (test/unit/tournament/*simulation.test.ts): facts about a
 * round computed independently of the pairing engines, from the results alone.
 */
import { expect } from 'vitest';
import { type Edge, maxWeightMatching } from '../../src/tournament/blossom.js';
import type { MatchResult, RoundResult } from '../../src/tournament/event.js';

/** The opponent's result. */
export const FLIP: Readonly<Record<MatchResult, MatchResult>> = { win: 'loss', draw: 'draw', loss: 'win' };

/** What the checks need of the state before a round. */
export interface PairingState {
  readonly active: readonly string[];
  readonly met: ReadonlyMap<string, ReadonlySet<string>>;
  readonly hadBye: ReadonlySet<string>;
}

/** Size of a maximum-cardinality matching of the pairs without a rematch (plus allowed byes). */
export function rematchFreeMatching(s: PairingState): number {
  const n = s.active.length;
  const v = n % 2 === 1 ? n + 1 : n;
  const everyoneHadBye = s.active.every((p) => s.hadBye.has(p));
  const edges: Edge[] = [];
  for (let i = 0; i < n; i++) {
    const a = s.active[i]!;
    for (let j = i + 1; j < n; j++) if (!s.met.get(a)!.has(s.active[j]!)) edges.push([i, j, 1]);
    if (v > n && (everyoneHadBye || !s.hadBye.has(a))) edges.push([i, n, 1]);
  }
  const mate = maxWeightMatching(v, edges, { maxCardinality: true });
  return mate.filter((m) => m !== -1).length / 2;
}

/** [repeated bye, rematches, Σ (group distance)², bye rank]. */
export type Tiers = [number, number, number, number];

/**
 * Tiers of the best pairing, by a dense matching with the four tiers packed into one weight; group 0 is
 * the top, the bye sits one group below the lowest; the bye rank of a player is the number of active
 * players strictly below him (all 0 when `byeRank` is not given: the tier is then not compared).
 */
export function bestTiers(
  s: PairingState,
  group: ReadonlyMap<string, number>,
  groups: number,
  byeRank?: ReadonlyMap<string, number>,
): Tiers {
  const n = s.active.length;
  const v = n % 2 === 1 ? n + 1 : n;
  const everyoneHadBye = s.active.every((p) => s.hadBye.has(p));
  const u3 = n;
  const u2 = u3 * ((v / 2) * groups * groups + 1);
  const u1 = u2 * (v / 2 + 1);
  const big = u1 * 4;
  const tiers = (i: number, j: number): Tiers => {
    const a = s.active[i]!;
    const ga = group.get(a)!;
    if (j === n)
      return [s.hadBye.has(a) && !everyoneHadBye ? 1 : 0, 0, (groups - ga) ** 2, byeRank?.get(a) ?? 0];
    const b = s.active[j]!;
    return [0, s.met.get(a)!.has(b) ? 1 : 0, (ga - group.get(b)!) ** 2, 0];
  };
  const edges: Edge[] = [];
  for (let i = 0; i < v; i++) {
    for (let j = i + 1; j < v; j++) {
      const t = tiers(i, j);
      edges.push([i, j, big - (t[0] * u1 + t[1] * u2 + t[2] * u3 + t[3])]);
    }
  }
  const mate = maxWeightMatching(v, edges, { maxCardinality: true });
  const total: Tiers = [0, 0, 0, 0];
  for (let i = 0; i < v; i++) {
    if (mate[i]! > i) {
      const t = tiers(i, mate[i]!);
      for (let k = 0; k < 4; k++) total[k]! += t[k]!;
    }
  }
  return total;
}

/** A rating-weighted result (Elo expectation) with 3 % draws. */
export function randomResult(rnd: () => number, ratingA: number, ratingB: number): MatchResult {
  if (rnd() < 0.03) return 'draw';
  const pA = 1 / (1 + 10 ** ((ratingB - ratingA) / 400));
  return rnd() < pA ? 'win' : 'loss';
}

/**
 * Plays a round's pairs: each match is left unplayed (both absent) with probability `absentRate`,
 * else gets a rating-weighted result; the bye is a win. Returns the number of absent player-rounds.
 */
export function playRound(
  rnd: () => number,
  round: number,
  pairs: readonly (readonly [string, string])[],
  bye: string | null,
  rating: ReadonlyMap<string, number>,
  absentRate: number,
  results: RoundResult[],
): number {
  let absent = 0;
  for (const [a, b] of pairs) {
    if (rnd() < absentRate) {
      absent += 2;
      continue;
    }
    results.push({
      round,
      player: a,
      opponent: b,
      result: randomResult(rnd, rating.get(a)!, rating.get(b)!),
    });
  }
  if (bye !== null) results.push({ round, player: bye, opponent: 'bye', result: 'win' });
  return absent;
}

/** What the basic checks read of a pairing. */
export interface RoundPairing {
  readonly pairs: readonly (readonly [string, string])[];
  readonly bye: string | null;
  readonly rematches: number;
}

/** Counters the basic checks keep (to show they were exercised). */
export interface RoundTally {
  byes: number;
  rematches: number;
  rematchChecks: number;
}

/**
 * The checks every pairing engine must pass, computed from the state alone:
 *  1. no dead end: every active player paired once, or the one bye (odd fields only);
 *  2. no second bye while an active player without a bye could take it;
 *  3. rematches: exactly the unavoidable number V/2 − M (M: rematch-free matching, allowed byes).
 * Returns whether the bye is repeated (0/1) and the number of rematches.
 */
export function checkRoundBasics(
  p: RoundPairing,
  s: PairingState,
  where: string,
  tally: RoundTally,
): { repeated: 0 | 1; rematches: number } {
  const seen = [...p.pairs.flat(), ...(p.bye === null ? [] : [p.bye])].sort();
  expect(seen, where).toEqual([...s.active].sort());
  expect(p.bye === null, where).toBe(s.active.length % 2 === 0);
  const repeated = p.bye !== null && s.hadBye.has(p.bye) ? 1 : 0;
  if (p.bye !== null) {
    tally.byes++;
    if (repeated)
      expect(
        s.active.every((x) => s.hadBye.has(x)),
        where,
      ).toBe(true);
  }
  const rematches = p.pairs.filter(([a, b]) => s.met.get(a)!.has(b)).length;
  expect(p.rematches, where).toBe(rematches);
  if (rematches > 0) {
    tally.rematches += rematches;
    tally.rematchChecks++;
    const v = s.active.length + (s.active.length % 2);
    expect(rematches, where).toBe(v / 2 - rematchFreeMatching(s));
  }
  return { repeated, rematches };
}
