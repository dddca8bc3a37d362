/**
 * The tally as schemas 1–7 stored it: one flat object of fixed fields (the `PlayerTally` of bdb before the
 * accumulator registry, issue 38), its values written in the order of the fields below. Frozen: this is
 * what libraries made before hold, read by the upgrade to keyed tallies (src/library/migrate-tallies.ts).
 */
import { exactOf, toExact } from '../metrics/exact-sum.js';
import { emptyGnubgContext, type GnubgStatContext } from '../metrics/gnubg-stats.js';
import type { AccumulatorId } from '../metrics/index.js';
import type { PrUnit } from '../metrics/interval.js';
import type { L7Unit } from '../metrics/l7.js';
import { emptyTally, type PlayerTally } from '../metrics/player-stats.js';
import { decisions, difficulty, gnubg, mwc, snowie } from '../metrics/tally-parts.js';

/** The accumulators whose state the old tally held; any other is unknown to it. */
const LEGACY_PARTS: readonly string[] = [
  'decisions',
  'mwc',
  'units',
  'difficulty',
  'errors',
  'snowie',
  'gnubg',
];

interface ByType {
  checker: number;
  double: number;
  take: number;
}

/** The stored fields, in their stored order. */
export interface LegacyTally {
  player: string;
  matches: number;
  counted: ByType;
  error: ByType;
  mwcLoss: ByType;
  mwcCounted: number;
  l7Units: L7Unit[];
  prUnits: PrUnit[];
  gameLosses: number[];
  difficulty: { loss: number; sum: number; count: number };
  errors: number;
  avoidableErrors: number;
  snowieError: number;
  snowieDen: number;
  gnubgMatch: GnubgStatContext | null;
  gnubgMoney: GnubgStatContext | null;
  gnubgBothMovesMatch: number;
  gnubgMatchLength: number | null;
  gnubgBothMovesMoney: number;
}

/** An example of the stored tally holding one element in every array and both gnuBG contexts (its shape). */
export function legacySample(): LegacyTally {
  const ctx = emptyGnubgContext(true);
  const byType = { checker: 0, double: 0, take: 0 };
  return {
    player: '',
    matches: 0,
    counted: byType,
    error: byType,
    mwcLoss: byType,
    mwcCounted: 0,
    l7Units: [{ loss: 0, matchLength: 0 }],
    prUnits: [{ error: 0, decisions: 0 }],
    gameLosses: [0],
    difficulty: { loss: 0, sum: 0, count: 0 },
    errors: 0,
    avoidableErrors: 0,
    snowieError: 0,
    snowieDen: 0,
    gnubgMatch: ctx,
    gnubgMoney: ctx,
    gnubgBothMovesMatch: 0,
    gnubgMatchLength: 0,
    gnubgBothMovesMoney: 0,
  };
}

/**
 * The tally of a stored one. Its PR units were the games of a one-match tally (with `gameLosses`), the
 * matches of an aggregate; its sums, doubles, become exact sums holding them. Accumulators registered since
 * are unknown to it.
 */
export function fromLegacy(old: LegacyTally): PlayerTally {
  const t = emptyTally(old.player);
  for (const id of Object.keys(t.states)) if (!LEGACY_PARTS.includes(id)) t.unknown.push(id as AccumulatorId);
  t.matches = old.matches;
  const s = t.states;
  s.decisions = { counted: old.counted, error: toExact(old.error) };
  s.mwc = { loss: toExact(old.mwcLoss), counted: old.mwcCounted };
  const one = old.matches === 1;
  s.units = {
    matches: old.matches,
    games: one ? old.prUnits : [],
    gameLosses: one ? old.gameLosses : [],
    perMatch: one ? [] : old.prUnits,
    l7: old.l7Units,
  };
  s.difficulty = {
    loss: exactOf(old.difficulty.loss),
    sum: exactOf(old.difficulty.sum),
    count: old.difficulty.count,
  };
  s.errors = { errors: old.errors, avoidable: old.avoidableErrors };
  s.snowie = { error: exactOf(old.snowieError), den: old.snowieDen };
  s.gnubg = {
    match: old.gnubgMatch && toExact(old.gnubgMatch),
    money: old.gnubgMoney && toExact(old.gnubgMoney),
    bothMovesMatch: old.gnubgBothMovesMatch,
    bothMovesMoney: old.gnubgBothMovesMoney,
    matchLength: old.gnubgMatchLength,
  };
  return t;
}

/**
 * The old stored form of a tally (what schemas 1–7 wrote, its sums rounded to doubles): the upgrade tests
 * make an older library with it.
 */
export function toLegacy(t: PlayerTally): LegacyTally {
  const s = t.states;
  const d = decisions.finish(s.decisions);
  const g = gnubg.finish(s.gnubg);
  const one = s.units.matches === 1;
  return {
    player: t.player,
    matches: t.matches,
    counted: d.counted,
    error: d.error,
    mwcLoss: mwc.finish(s.mwc).loss,
    mwcCounted: s.mwc.counted,
    l7Units: s.units.l7,
    prUnits: one ? s.units.games : s.units.perMatch,
    gameLosses: s.units.gameLosses,
    difficulty: difficulty.finish(s.difficulty),
    errors: s.errors.errors,
    avoidableErrors: s.errors.avoidable,
    snowieError: snowie.finish(s.snowie).error,
    snowieDen: s.snowie.den,
    gnubgMatch: g.match,
    gnubgMoney: g.money,
    gnubgBothMovesMatch: g.bothMovesMatch,
    gnubgMatchLength: g.matchLength,
    gnubgBothMovesMoney: g.bothMovesMoney,
  };
}
