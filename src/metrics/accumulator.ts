/**
 * The contract of a tally's part: an accumulator (issue 38, item 3; spec/architecture.md §2.6, "combinable
 * aggregates").
 *
 * A player's figures over any set of matches come from a state that folds one match at a time and merges
 * with another state of the same kind:
 *
 *   empty()            the state of no match
 *   add(s, seat)       s after one more match, seen from one seat: a fold over that seat's decisions
 *   merge(a, b)        the state of the matches of a and of b (a may be changed and is returned)
 *   finish(s)          the figures the state gives
 *
 * merge is associative and commutative, and empty() is its identity, so a folder can be cut into parts,
 * each part reduced on its own (a worker, a stored total) and the parts merged in any order: the same
 * figures to the last bit. Sums of doubles make that true only when kept exact across matches
 * (src/metrics/exact-sum.ts; where and how each part does it: src/metrics/tally-parts.ts), and lists whose
 * order a figure follows are put in one order by `finish` (test/unit/metrics/accumulators.test.ts checks
 * it over real folders). A state is plain data (numbers,
 * strings, booleans, objects and arrays of them, null for an absent object) because the library stores it
 * (src/library/tally-codec.ts); `sample()` shows its shape.
 *
 * The registry of accumulators is src/metrics/index.ts; a tally (src/metrics/player-stats.ts) holds one
 * state of each.
 */
import type { Met } from '../met/index.js';
import type { Decision, Match } from '../model/types.js';
import type { GnubgStatContext } from './gnubg-stats.js';

/** Decision types of XG's breakdown: checker, double (incl. no-double), take (takes and passes). */
export interface ByType<T> {
  checker: T;
  double: T;
  take: T;
}

/** XG's breakdown type of a decision (spec/metrics.md §1.2): double = double or no double, take = take or pass. */
export function decisionType(d: Decision): keyof ByType<number> {
  if (d.kind === 'checker') return 'checker';
  return d.action === 'take' || d.action === 'pass' ? 'take' : 'double';
}

/** What the tally computed for one decision, handed to an observer (the library stores it per decision). */
export interface DecisionFigures {
  /** e (equity), null when not analysed. */
  readonly error: number | null;
  /** True when the decision counts in PR (XG's rules, spec/metrics.md §2.2). */
  readonly counted: boolean;
  /** ℓ (fraction of a match) and d (fraction of a match); computed for counted decisions only, else null. */
  readonly loss: number | null;
  readonly difficulty: number | null;
}

/** One decision of the seat with its figures, computed once for every accumulator. */
export interface SeatDecision extends DecisionFigures {
  readonly decision: Decision;
  /** Index of its game in the match (0 = first). */
  readonly game: number;
}

/** A counted decision of a seat: its error known, counted in PR (spec/metrics.md §2.1). */
export type CountedDecision = SeatDecision & { readonly error: number };

/** A match seen from one seat: what `add` folds. */
export interface SeatMatch {
  readonly met: Met;
  readonly match: Match;
  readonly seat: 0 | 1;
  /** The error threshold (equity) deciding what counts as an error (spec/metrics.md §4, §16). */
  readonly errorThreshold: number;
  /** Every decision of the seat, in match order (game by game), analysed or not. */
  readonly decisions: readonly SeatDecision[];
  /**
   * The seat's counted decisions (`counted`, error known), in match order: picked once for every part that
   * folds them (a generator walked by five parts made an object per decision each time).
   */
  readonly counted: readonly CountedDecision[];
  /** Checker plays of both seats whose error is known: the Snowie error rate's denominator. */
  readonly scoredCheckerPlays: number;
  /** gnuBG's statistics context of the whole match, both seats (src/metrics/gnubg-stats.ts). */
  readonly gnubg: GnubgStatContext;
  /** gnuBG's statistics context of each game, both seats, in game order (their sum is `gnubg`). */
  readonly gnubgGames: readonly GnubgStatContext[];
}

/** A tally's part: a state folded over matches, merged in any order, finished into figures. */
export interface Accumulator<Id extends string, S, R> {
  /** The state's name in a tally and in the library's stored tallies: never renamed once stored. */
  readonly id: Id;
  /** The state of no match. */
  empty(): S;
  /** `state` after one more match seen from one seat (it may change `state` and returns the result). */
  add(state: S, seat: SeatMatch): S;
  /** The state of both parts' matches (it may change `into`, never `from`, and returns the result). */
  merge(into: S, from: S): S;
  /** The figures of a state. */
  finish(state: S): R;
  /**
   * True for a figure of its own: its finished value is shown in `bdb stats --json` under its id, after
   * the fixed keys (src/report/json.ts; null while the state is unknown, src/metrics/player-stats.ts). Such
   * a figure is documented in docs/schema/stats.schema.json and docs/glossary.md.
   */
  readonly inStatsJson?: true;
  /**
   * A state holding one element in every array and no null object: the shape the library stores it by
   * (src/library/tally-codec.ts). Absent when `empty()` already has that shape.
   */
  sample?(): S;
}

/** An accumulator that is a figure of its own in `bdb stats --json` (`inStatsJson`). */
export type Figure<Id extends string, S, R> = Accumulator<Id, S, R> & { readonly inStatsJson: true };

/** The state type of an accumulator. */
export type StateOf<A> = A extends Accumulator<string, infer S, unknown> ? S : never;

/** The finished figures of an accumulator. */
export type ResultOf<A> = A extends Accumulator<string, unknown, infer R> ? R : never;

/** Adds `from` into `into`, type by type. */
export function addByType(into: ByType<number>, from: ByType<number>): void {
  into.checker += from.checker;
  into.double += from.double;
  into.take += from.take;
}

/** A zero of each type. */
export function byType(): ByType<number> {
  return { checker: 0, double: 0, take: 0 };
}
