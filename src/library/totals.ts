/**
 * Each person's totals over the whole library, kept in `person_totals` so that `bdb stats --library
 * --no-matches` reads one row per person instead of two tallies per match: its time no longer grows with
 * the library.
 *
 * A person's total is the tally the per-person aggregation (`PlayerAggregator`) holds after adding every
 * stored match in file order under the stored aliases: the very sums, in the very order, of the file route,
 * so the figures are identical to the last bit. Error counts under the other threshold presets are kept
 * beside it (whole numbers: their sums do not depend on order).
 *
 * Validity: every write that changes matches or aliases increments `meta.generation` in its own
 * transaction; the totals record the generation they were made from (`meta.totals_generation`) and are
 * used only while the two are equal. `bdb import`, `merge` and `alias` rebuild them when they finish; a
 * process killed before that leaves them stale, never wrong, and readers then add the matches up.
 */
import { canonicalName, PlayerAggregator } from '../match-report.js';
import type { THRESHOLD_PRESETS } from '../metrics/difficulty.js';
import type { PlayerTally } from '../metrics/player-stats.js';
import { storedAliases } from './aliases.js';
import type { Library } from './open.js';
import { libraryTallies } from './read.js';
import type { ErrorsByPreset } from './rows.js';
import { rows, TableAppender } from './sql.js';
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

/** Makes the totals again from the stored matches (one transaction); nothing to do when they are current. */
export async function rebuildTotals(lib: Library): Promise<void> {
  if (await totalsCurrent(lib)) return;
  const aliases = await storedAliases(lib);
  const agg = new PlayerAggregator({ aliases });
  for await (const m of libraryTallies(lib, {}, 'xg')) agg.add(m);
  const errors = new Map<string, ErrorsByPreset>();
  for (const [player, stored] of await rows(
    lib.connection,
    'SELECT player, errors_by_preset FROM match_players',
  )) {
    const name = canonicalName(String(player), aliases);
    const e = errors.get(name) ?? ({} as ErrorsByPreset);
    addErrors(e, JSON.parse(String(stored)) as ErrorsByPreset);
    errors.set(name, e);
  }
  const con = lib.connection;
  await con.run('BEGIN TRANSACTION');
  try {
    const [generation] = await generations(lib);
    await con.run('DELETE FROM person_totals');
    const app = await TableAppender.create(con, 'person_totals');
    for (const [name, tally] of agg.totals())
      app.append([name, encodeTally(tally), JSON.stringify(errors.get(name) ?? {})]);
    app.close();
    await con.run("UPDATE meta SET value = $1 WHERE key = 'totals_generation'", [generation ?? '0']);
    await con.run('COMMIT');
  } catch (e) {
    await con.run('ROLLBACK');
    throw e;
  }
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
    if (e) [t.errors, t.avoidableErrors] = e;
    totals.push(t);
  }
  const matches = Number((await rows(lib.connection, 'SELECT count(*) FROM matches'))[0]![0]);
  return { totals, matches };
}
