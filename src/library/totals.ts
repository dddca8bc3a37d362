/**
 * Each person's totals over the whole library, kept in `person_totals` so that `bdb stats --library
 * --no-matches` reads one row per person instead of two tallies per match: its time no longer grows with
 * the library.
 *
 * A person's total is the tally the per-person aggregation (`PlayerAggregator`) holds after adding every
 * stored match under the stored aliases: the very sums of the file route, which do not depend on the order
 * the matches are added in (src/metrics/tally-parts.ts), so the figures are identical to the last bit. Error counts under the other threshold presets are kept
 * beside it (whole numbers: their sums do not depend on order).
 *
 * Validity: every write that changes matches or aliases increments `meta.generation` in its own
 * transaction; the totals record the generation they were made from (`meta.totals_generation`) and are
 * used only while the two are equal. `bdb import`, `merge` and `alias` rebuild them when they finish; a
 * process killed before that leaves them stale, never wrong, and readers then add the matches up.
 */

import { periodKey } from '../core/dates.js';
import type { THRESHOLD_PRESETS } from '../metrics/difficulty.js';
import { canonicalName, PlayerAggregator } from '../metrics/match-report.js';
import { type PlayerTally, setErrorCounts } from '../metrics/player-stats.js';
import type { TrendPoint } from '../metrics/trend.js';
import { storedAliases } from './aliases.js';
import type { Library } from './open.js';
import { GROUPINGS, type Grouping, PersonPeriods } from './period-totals.js';
import { libraryTallies } from './read.js';
import type { ErrorsByPreset } from './rows.js';
import { rollback, rows, TableAppender } from './sql.js';
import { decodeTally, encodeTally } from './tally-codec.js';

type Preset = keyof typeof THRESHOLD_PRESETS;

const GENERATIONS =
  "SELECT max(CASE WHEN key = 'generation' THEN value END), max(CASE WHEN key = 'totals_generation' THEN value END) FROM meta";

async function generations(lib: Library): Promise<[string | null, string | null]> {
  const [g, t] = (await rows(lib.connection, GENERATIONS))[0] ?? [null, null];
  return [g === null ? null : String(g), t === null ? null : String(t)];
}

/** Whether the stored totals are those of the library as it is. */
export async function totalsCurrent(lib: Library): Promise<boolean> {
  const [g, t] = await generations(lib);
  return g !== null && g === t;
}

function addErrors(into: ErrorsByPreset, more: ErrorsByPreset): void {
  for (const k of Object.keys(more) as Preset[]) {
    const slot = into[k] ?? [0, 0];
    slot[0] += more[k][0];
    slot[1] += more[k][1];
    into[k] = slot;
  }
}

/** The grouping of the row holding the whole of a person's dated matches. */
const DATED = 'dated';

/** The key of a person's period in the maps below. */
const periodId = (person: string, grouping: string, period: string): string =>
  JSON.stringify([person, grouping, period]);

/**
 * Makes the totals again from the stored matches (one transaction); nothing to do when they are current.
 * Besides each person's totals, `person_periods` keeps what `bdb progress` adds up: each person's tally
 * over the dated matches of every month, quarter and year, and over all of them (in file order, as
 * progress adds them), with the trend's points (each dated match's Σe and N, in date order).
 */
export async function rebuildTotals(lib: Library): Promise<void> {
  if (await totalsCurrent(lib)) return;
  const aliases = await storedAliases(lib);
  const agg = new PlayerAggregator({ aliases });
  const periods = new Map<string, PersonPeriods>();
  for await (const m of libraryTallies(lib, {}, 'xg')) {
    agg.add(m);
    if (m.day === null) continue;
    for (const person of new Set(m.tallies.map((t) => canonicalName(t.player, aliases)))) {
      let p = periods.get(person);
      if (!p) {
        p = new PersonPeriods(person, aliases, GROUPINGS);
        periods.set(person, p);
      }
      p.add(m.tallies, m.day);
    }
  }
  const errors = new Map<string, ErrorsByPreset>();
  const periodErrors = new Map<string, ErrorsByPreset>();
  const addTo = (map: Map<string, ErrorsByPreset>, id: string, more: ErrorsByPreset): void => {
    const e = map.get(id) ?? ({} as ErrorsByPreset);
    addErrors(e, more);
    map.set(id, e);
  };
  for (const [player, day, stored] of await rows(
    lib.connection,
    'SELECT p.player, CAST(m.day AS VARCHAR), p.errors_by_preset FROM match_players p JOIN matches m ON m.match_id = p.match_id',
  )) {
    const name = canonicalName(String(player), aliases);
    const more = JSON.parse(String(stored)) as ErrorsByPreset;
    addTo(errors, name, more);
    if (day !== null) {
      for (const g of GROUPINGS) addTo(periodErrors, periodId(name, g, periodKey(String(day), g)), more);
      addTo(periodErrors, periodId(name, DATED, ''), more);
    }
  }
  const con = lib.connection;
  await con.run('BEGIN TRANSACTION');
  try {
    const [generation] = await generations(lib);
    await con.run('DELETE FROM person_totals; DELETE FROM person_periods');
    const app = await TableAppender.create(con, 'person_totals');
    for (const [name, tally] of agg.totals())
      app.append([name, encodeTally(tally), JSON.stringify(errors.get(name) ?? {})]);
    app.close();
    const per = await TableAppender.create(con, 'person_periods');
    const errorsOf = (person: string, grouping: string, period: string): string =>
      JSON.stringify(periodErrors.get(periodId(person, grouping, period)) ?? {});
    for (const [person, p] of periods) {
      for (const g of GROUPINGS)
        for (const [period, tally] of p.periodTallies(g))
          per.append([person, g, period, encodeTally(tally), errorsOf(person, g, period), null]);
      const dated = p.datedTally();
      if (dated === null) continue;
      const points = p.trendPoints().map((x) => [x.error, x.decisions]);
      per.append([
        person,
        DATED,
        '',
        encodeTally(dated),
        errorsOf(person, DATED, ''),
        JSON.stringify(points),
      ]);
    }
    per.close();
    await con.run("UPDATE meta SET value = $1 WHERE key = 'totals_generation'", [generation ?? '0']);
    await con.run('COMMIT');
  } catch (e) {
    await rollback(con);
    throw e;
  }
}

/** A person's stored progress by `grouping` (null when the totals are stale): what `bdb progress` reports. */
export interface StoredProgress {
  /** Each period's tally (errors counted under the preset asked for), by period label. */
  readonly periods: Map<string, PlayerTally>;
  /** The tally over every dated match; null without one. */
  readonly dated: PlayerTally | null;
  /** Each dated match's Σe and N, in date order (ties: file order). */
  readonly points: TrendPoint[];
}

export async function storedProgress(
  lib: Library,
  person: string,
  grouping: Grouping,
  preset: Preset,
): Promise<StoredProgress | null> {
  if (!(await totalsCurrent(lib))) return null;
  const periods = new Map<string, PlayerTally>();
  let dated: PlayerTally | null = null;
  let points: TrendPoint[] = [];
  for (const [g, period, tally, stored, trend] of await rows(
    lib.connection,
    'SELECT grouping, period, tally, errors_by_preset, points FROM person_periods WHERE person = $1 AND grouping IN ($2, $3)',
    [person, grouping, DATED],
  )) {
    const t = decodeTally(String(tally));
    const e = (JSON.parse(String(stored)) as Partial<ErrorsByPreset>)[preset];
    if (e) setErrorCounts(t, e);
    if (g === DATED) {
      dated = t;
      points = (JSON.parse(String(trend)) as [number, number][]).map(([error, decisions]) => ({
        error,
        decisions,
      }));
    } else periods.set(String(period), t);
  }
  return { periods, dated, points };
}

/**
 * The stored totals with error counts under `preset`, and the number of matches they cover; null when they
 * are stale (the caller then adds the matches up).
 */
export async function storedTotals(
  lib: Library,
  preset: Preset,
): Promise<{ totals: PlayerTally[]; matches: number } | null> {
  if (!(await totalsCurrent(lib))) return null;
  const totals: PlayerTally[] = [];
  for (const [tally, stored] of await rows(
    lib.connection,
    'SELECT tally, errors_by_preset FROM person_totals',
  )) {
    const t = decodeTally(String(tally));
    const e = (JSON.parse(String(stored)) as Partial<ErrorsByPreset>)[preset];
    if (e) setErrorCounts(t, e);
    totals.push(t);
  }
  const matches = Number((await rows(lib.connection, 'SELECT count(*) FROM matches'))[0]![0]);
  return { totals, matches };
}
