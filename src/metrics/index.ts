/**
 * The registry of a player's tally: every accumulator (src/metrics/accumulator.ts), in order. A tally holds
 * one state of each, by id; making a match's tally is `empty` then `add` over this list, adding tallies is
 * `merge` over it (src/metrics/player-stats.ts), and the library stores each state under its id
 * (src/library/tally-codec.ts). A new figure is one accumulator file and one line here.
 */
import type { Accumulator, ResultOf, SeatMatch, StateOf } from './accumulator.js';
import { analysisMix, belowBmab } from './analysis-mix.js';
import { prFirst10 } from './pr-first-ten.js';
import { decisions, difficulty, errors, gnubg, mwc, snowie, units } from './tally-parts.js';
import { tilt } from './tilt.js';

/** Every accumulator of a tally, in the order the library stores them. */
export const ACCUMULATORS = [
  decisions,
  mwc,
  units,
  difficulty,
  errors,
  snowie,
  gnubg,
  prFirst10,
  tilt,
  analysisMix,
  belowBmab,
] as const;

type Registered = (typeof ACCUMULATORS)[number];

/** An id of the registry. */
export type AccumulatorId = Registered['id'];

/** One state of each accumulator, by id. */
export type TallyStates = { [A in Registered as A['id']]: StateOf<A> };

/** Any accumulator of the registry, its state and figures unknown to the caller. */
type AnyAccumulator = Accumulator<AccumulatorId, unknown, unknown>;

/** The registry as a list of accumulators of unknown state (for code that walks every one). */
export const REGISTRY = ACCUMULATORS as readonly Registered[] as unknown as readonly AnyAccumulator[];

/** The states of no match. */
export function emptyStates(): TallyStates {
  const out: Record<string, unknown> = {};
  for (const a of REGISTRY) out[a.id] = a.empty();
  return out as TallyStates;
}

/** `states` after one more match seen from one seat (changed in place). */
export function addMatch(states: TallyStates, seat: SeatMatch): void {
  const s = states as Record<string, unknown>;
  for (const a of REGISTRY) s[a.id] = a.add(s[a.id], seat);
}

/** `into` after merging `from` (changed in place; `from` is not). */
export function mergeStates(into: TallyStates, from: TallyStates): void {
  const s = into as Record<string, unknown>;
  const f = from as Record<string, unknown>;
  for (const a of REGISTRY) s[a.id] = a.merge(s[a.id], f[a.id]);
}

/** The figures of their own the registry adds to `bdb stats --json`, by id (null while unknown). */
export type RegistryFigures = {
  [A in Registered as A extends { readonly inStatsJson: true } ? A['id'] : never]: ResultOf<A> | null;
};

/** The figures of their own of the states (`inStatsJson`); null for an accumulator in `unknown`. */
export function registryFigures(states: TallyStates, unknown: readonly string[]): RegistryFigures {
  const out: Record<string, unknown> = {};
  const s = states as Record<string, unknown>;
  for (const a of REGISTRY) if (a.inStatsJson) out[a.id] = unknown.includes(a.id) ? null : a.finish(s[a.id]);
  return out as RegistryFigures;
}

/** The finished figures of each accumulator, by id. */
export type FinishedStates = { [A in Registered as A['id']]: ResultOf<A> };
