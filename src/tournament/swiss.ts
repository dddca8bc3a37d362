/**
 * Swiss pairing as one maximum-weight matching over the whole field (the approach of bbpPairings and
 * OpenGotha, see /shared/spec/tournament.md). Every pair of players is an edge, plus a dummy "bye"
 * vertex when the count is odd; each edge's weight is a large base minus a penalty that packs the
 * criteria in lexicographic order, each tier's largest possible total below one unit of the next:
 *
 *  1. no second bye while someone has had none;
 *  2. no rematch unless unavoidable;
 *  3. score groups: a pair from groups i and j (groups ranked by score, the bye as one group below
 *     the lowest) costs (i − j)², so pairs stay inside a group, an odd group's pair-down goes to the
 *     nearest group, and the bye goes to the lowest group;
 *  4. the bye to the lowest-ranked player;
 *  5. a seeded random number, so that pairings inside a score group are random (as KTS does).
 *
 * Because the graph is complete (rematches are penalised, not removed), a pairing always exists:
 * the engine never dead-ends.
 */

import { type Edge, maxWeightMatching, maxWeightMatchingWithDuals } from './blossom.js';
import {
  BYE,
  defaultRounds,
  isActive,
  type ResultTable,
  resultTable,
  type Scoring,
  TournamentError,
  type TournamentEvent,
} from './event.js';
import { kts, scores } from './tiebreaks.js';

/** One player as the pairing engine sees him. */
export interface PairingPlayer {
  readonly name: string;
  /** The score that forms score groups (match points for Swiss, McMahon score for McMahon). */
  readonly score: number;
  /** Standing order, 0 = first; the bye goes to the highest `rank` without a previous bye. */
  readonly rank: number;
  readonly hadBye: boolean;
}

export interface PairingInput {
  readonly players: readonly PairingPlayer[];
  /** Opponents already met, by player name. */
  readonly met: ReadonlyMap<string, ReadonlySet<string>>;
  readonly seed: number;
}

export interface Pairing {
  readonly pairs: readonly (readonly [string, string])[];
  readonly bye: string | null;
  /** Pairs of players who had already met (non-zero only when unavoidable). */
  readonly rematches: number;
  /** True when the bye went to a player who already had one (only when everyone had one). */
  readonly repeatedBye: boolean;
  /** Σ (score-group distance)² over the pairs, the bye counted as a group below the lowest. */
  readonly scoreGroupCost: number;
}

export interface SwissPairing extends Pairing {
  readonly round: number;
}

/** A small seeded generator (xorshift32 on a mixed seed), so pairings are reproducible. */
export function seededRandom(seed: number): () => number {
  let x = (Math.imul(seed | 0, 0x9e3779b1) ^ 0x5bd1e995) >>> 0 || 1;
  return () => {
    x ^= x << 13;
    x >>>= 0;
    x ^= x >>> 17;
    x ^= x << 5;
    x >>>= 0;
    return x / 4294967296;
  };
}

const RANDOM_RANGE = 16;
const SAFE_LIMIT = 2 ** 50;

/** Score-group index of each score, 0 = the highest score. */
export function scoreGroups(players: readonly PairingPlayer[]): Map<number, number> {
  const distinct = [...new Set(players.map((p) => p.score))].sort((a, b) => b - a);
  return new Map(distinct.map((s, i) => [s, i]));
}

/** Candidate edges kept per vertex on the first try of {@link maximumPairing}. */
const CANDIDATES = 12;
/** Rounds of adding violated edges before falling back to the complete graph. */
const REPAIRS = 8;

/**
 * Maximum-weight perfect matching of the complete graph on `v` vertices (v even) with the weights of
 * the V×V matrix `weight` and score groups `groupOf`. Exact, but fast: it first matches a sparse subgraph (each vertex's
 * heaviest edges), then checks the matching's dual certificate against every edge of the complete
 * graph. If every left-out edge has non-negative reduced slack, LP duality proves the sparse
 * matching optimal for the complete graph too; otherwise the violated edges are added and the
 * subgraph is matched again, and after a few tries (or when the subgraph has no perfect matching)
 * the complete graph is matched directly.
 */
export function maximumPairing(v: number, weight: Float64Array, groupOf: Int32Array): number[] {
  const inGraph = new Uint8Array(v * v);
  let k = CANDIDATES;
  const members = new Map<number, number[]>();
  for (let i = 0; i < v; i++) {
    const list = members.get(groupOf[i]!);
    if (list) list.push(i);
    else members.set(groupOf[i]!, [i]);
  }
  // Each vertex's `count` heaviest edges into its own score group and into each adjacent one.
  const addBest = (count: number): void => {
    for (let i = 0; i < v; i++) {
      const row = i * v;
      for (let d = -1; d <= 1; d++) {
        const others = (members.get(groupOf[i]! + d) ?? []).filter((j) => j !== i);
        others.sort((a, b) => weight[row + b]! - weight[row + a]! || a - b);
        for (let t = 0; t < count && t < others.length; t++) {
          const j = others[t]!;
          inGraph[row + j] = 1;
          inGraph[j * v + i] = 1;
        }
      }
    }
  };
  if (v - 1 > 2 * CANDIDATES) {
    addBest(k);
    for (let attempt = 0; attempt < REPAIRS; attempt++) {
      const edges: Edge[] = [];
      for (let i = 0; i < v; i++) {
        for (let j = i + 1; j < v; j++) if (inGraph[i * v + j]) edges.push([i, j, weight[i * v + j]!]);
      }
      const { mate, dual, parent } = maxWeightMatchingWithDuals(v, edges, { maxCardinality: true });
      if (mate.includes(-1)) {
        k *= 2;
        if (k >= v - 1) break;
        addBest(k);
        continue;
      }
      // Blossom dual sums shared by two vertices: walk both ancestor chains from the top.
      const chains: (number[] | null)[] = new Array(v).fill(null);
      for (let i = 0; i < v; i++) {
        if (parent[i] === -1) continue;
        const chain: number[] = [];
        for (let b = parent[i]!; b !== -1; b = parent[b]!) chain.push(b);
        chains[i] = chain.reverse();
      }
      let violated = 0;
      for (let i = 0; i < v; i++) {
        for (let j = i + 1; j < v; j++) {
          if (inGraph[i * v + j]) continue;
          let slack = dual[i]! + dual[j]! - 2 * weight[i * v + j]!;
          const ci = chains[i];
          const cj = chains[j];
          if (ci && cj) {
            for (let t = 0; t < ci.length && t < cj.length && ci[t] === cj[t]; t++)
              slack += 2 * dual[ci[t]!]!;
          }
          if (slack < 0) {
            inGraph[i * v + j] = 1;
            inGraph[j * v + i] = 1;
            violated++;
          }
        }
      }
      if (violated === 0) return mate;
    }
  }
  const edges: Edge[] = [];
  for (let i = 0; i < v; i++) for (let j = i + 1; j < v; j++) edges.push([i, j, weight[i * v + j]!]);
  return maxWeightMatching(v, edges, { maxCardinality: true });
}

/** Pairs one round of the given players (the generic engine, shared by Swiss and McMahon). */
export function pairPlayers(input: PairingInput): Pairing {
  const players = input.players;
  const n = players.length;
  if (n === 0) return { pairs: [], bye: null, rematches: 0, repeatedBye: false, scoreGroupCost: 0 };
  const names = new Set<string>();
  for (const p of players) {
    if (names.has(p.name)) throw new TournamentError(`player "${p.name}" is listed twice for pairing`);
    names.add(p.name);
  }
  const odd = n % 2 === 1;
  const vertices = odd ? n + 1 : n;
  const byeVertex = odd ? n : -1;
  const pairsCount = vertices / 2;
  const groupOf = scoreGroups(players);
  const groupCount = groupOf.size;
  const group = players.map((p) => groupOf.get(p.score)!);
  const everyoneHadBye = players.every((p) => p.hadBye);
  // Bye rank: 0 for the lowest-ranked player.
  const byRankDesc = players.map((p, i) => ({ i, rank: p.rank })).sort((a, b) => b.rank - a.rank);
  const byeRank = new Array<number>(n);
  byRankDesc.forEach((x, pos) => {
    byeRank[x.i] = pos;
  });

  // Tier units: each tier's maximum total is below one unit of the next.
  const unitRank = pairsCount * (RANDOM_RANGE - 1) + 1;
  const unitScore = unitRank * n;
  const unitRematch = unitScore * (pairsCount * groupCount * groupCount + 1);
  const unitBye = unitRematch * (pairsCount + 1);
  const base = unitBye * 2;
  if (base > SAFE_LIMIT) {
    throw new TournamentError(`too many players or score groups to pair exactly (${n} players)`);
  }

  // Edge weights of the complete graph, drawn in the same order as ever (so the seeded random
  // tier is unchanged), stored as a V×V matrix.
  const random = seededRandom(input.seed);
  const weight = new Float64Array(vertices * vertices);
  for (let i = 0; i < n; i++) {
    const pi = players[i]!;
    const met = input.met.get(pi.name);
    for (let j = i + 1; j < n; j++) {
      const pj = players[j]!;
      const d = group[i]! - group[j]!;
      let penalty = d * d * unitScore + Math.floor(random() * RANDOM_RANGE);
      if (met?.has(pj.name) || input.met.get(pj.name)?.has(pi.name)) penalty += unitRematch;
      weight[i * vertices + j] = base - penalty;
      weight[j * vertices + i] = base - penalty;
    }
    if (odd) {
      const d = groupCount - group[i]!;
      let penalty = d * d * unitScore + byeRank[i]! * unitRank;
      if (pi.hadBye && !everyoneHadBye) penalty += unitBye;
      weight[i * vertices + byeVertex] = base - penalty;
      weight[byeVertex * vertices + i] = base - penalty;
    }
  }
  const vertexGroup = new Int32Array(vertices);
  for (let i = 0; i < n; i++) vertexGroup[i] = group[i]!;
  if (odd) vertexGroup[byeVertex] = groupCount;
  const mate = maximumPairing(vertices, weight, vertexGroup);
  const pairs: [string, string][] = [];
  let bye: string | null = null;
  let rematches = 0;
  let scoreGroupCost = 0;
  for (let i = 0; i < n; i++) {
    const j = mate[i]!;
    if (j === -1) throw new TournamentError('internal error: a player was left unpaired');
    if (j === byeVertex) {
      bye = players[i]!.name;
      const d = groupCount - group[i]!;
      scoreGroupCost += d * d;
    } else if (j > i) {
      const a = players[i]!;
      const b = players[j]!;
      pairs.push(a.rank <= b.rank ? [a.name, b.name] : [b.name, a.name]);
      const d = group[i]! - group[j]!;
      scoreGroupCost += d * d;
      if (input.met.get(a.name)?.has(b.name) || input.met.get(b.name)?.has(a.name)) rematches++;
    }
  }
  const rankOf = new Map(players.map((p) => [p.name, p.rank]));
  pairs.sort((x, y) => rankOf.get(x[0])! - rankOf.get(y[0])!);
  const repeatedBye = bye !== null && players.find((p) => p.name === bye)!.hadBye;
  return { pairs, bye, rematches, repeatedBye, scoreGroupCost };
}

/** Opponents met so far, by player. */
export function meetings(table: ResultTable): Map<string, Set<string>> {
  const out = new Map<string, Set<string>>();
  for (const name of table.players) {
    const set = new Set<string>();
    for (const e of table.history.get(name) ?? []) if (e.kind === 'played') set.add(e.opponent);
    out.set(name, set);
  }
  return out;
}

/** Number of rounds of a Swiss event: its `rounds`, else ⌈log₂ N⌉. */
export function swissRounds(event: TournamentEvent): number {
  return event.rounds ?? defaultRounds(event.players.length);
}

export interface SwissOptions {
  /** Seed of the random choices inside score groups. */
  readonly seed: number;
  /** Round to pair (default: the round after the last one with results). */
  readonly round?: number;
  /**
   * Points for an absent round (the event file's `tiebreakOptions.absentPoints`, default 0), so that
   * score groups use the same match points as the standings.
   */
  readonly absentPoints?: number;
  /** Points per result (the event file's `points`, default win 1 / loss 0). */
  readonly points?: Scoring;
}

/**
 * Pairs the next round of a Swiss event on the event's points (default win 1 / loss 0, bye = win,
 * absent round `absentPoints`, default 0) — the points the standings show. Players withdrawn before the round
 * are left out. Rank (for the bye) is points, then the KTS tiebreak (on the same points), then
 * rating, then a seeded random order.
 */
export function pairSwissRound(event: TournamentEvent, options: SwissOptions): SwissPairing {
  const table = resultTable(event);
  const round = options.round ?? table.rounds + 1;
  if (round <= table.rounds) throw new TournamentError(`round ${round} already has results`);
  const rules = {
    ...(options.absentPoints === undefined ? {} : { absentPoints: options.absentPoints }),
    ...(options.points === undefined ? {} : { points: options.points }),
  };
  const points = scores(table, rules);
  const tiebreak = kts(table, rules);
  const met = meetings(table);
  const random = seededRandom(options.seed ^ Math.imul(round, 0x85ebca6b));
  const active = event.players
    .filter((p) => isActive(p, round))
    .map((p) => ({
      name: p.name,
      points: points.get(p.name) ?? 0,
      kts: tiebreak.get(p.name)?.value ?? 0,
      rating: p.rating ?? Number.NEGATIVE_INFINITY,
      key: random(),
      hadBye: (table.history.get(p.name) ?? []).some((e) => e.kind === 'bye'),
    }))
    .sort((a, b) => b.points - a.points || b.kts - a.kts || b.rating - a.rating || a.key - b.key);
  const players: PairingPlayer[] = active.map((p, rank) => ({
    name: p.name,
    score: p.points,
    rank,
    hadBye: p.hadBye,
  }));
  const pairing = pairPlayers({ players, met, seed: options.seed ^ Math.imul(round, 0xc2b2ae35) });
  return { round, ...pairing };
}

/** Results rows for a pairing's bye (a bye is a win), ready to append to an event's results. */
export function byeResult(
  pairing: SwissPairing,
): { round: number; player: string; opponent: 'bye'; result: 'win' }[] {
  return pairing.bye === null
    ? []
    : [{ round: pairing.round, player: pairing.bye, opponent: BYE, result: 'win' }];
}
