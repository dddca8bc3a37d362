/**
 * The player's saved searches (`searches`, schema step 9): `bdb find --save NAME` stores a search's filter
 * sets (./find-filters.ts) as JSON under a name, `bdb find NAME` runs them again. A search is a list of sets,
 * ANDed: one set as typed, or a saved search narrowed by the command line (its sets and the new one). Names
 * are compared as typed. Saved searches change no match: the generation (the per-person totals) is left
 * alone.
 */
import type { FindFilters } from './find-filters.js';
import type { Library } from './open.js';
import { rows } from './sql.js';

/** A saved search. */
export interface SavedSearch {
  readonly name: string;
  /** Its filter sets, all of which a decision passes. */
  readonly sets: readonly FindFilters[];
  /** When it was saved (ISO, UTC). */
  readonly savedAt: string;
}

const UPSERT = 'INSERT OR REPLACE INTO searches VALUES ($1, $2, CAST($3 AS TIMESTAMP))';
const ONE = 'SELECT filters FROM searches WHERE name = $1';
const DELETE = 'DELETE FROM searches WHERE name = $1';
const LIST = "SELECT name, filters, strftime(saved_at, '%Y-%m-%dT%H:%M:%SZ') FROM searches ORDER BY name";

/** The sets of a stored JSON text (a list of filter objects). */
function setsOf(json: unknown): FindFilters[] {
  const v = JSON.parse(String(json)) as unknown;
  return Array.isArray(v) ? (v as FindFilters[]) : [v as FindFilters];
}

/** Saves (or replaces) the search `name`; true when it replaced one. */
export async function saveSearch(
  lib: Library,
  name: string,
  sets: readonly FindFilters[],
  at: Date = new Date(),
): Promise<boolean> {
  const existed = (await rows(lib.connection, ONE, [name])).length > 0;
  const when = at.toISOString().replace('T', ' ').replace('Z', '');
  await lib.connection.run(UPSERT, [name, JSON.stringify(sets), when]);
  return existed;
}

/** The sets of the search `name`, or null when there is none of that name. */
export async function savedSearch(lib: Library, name: string): Promise<FindFilters[] | null> {
  const found = await rows(lib.connection, ONE, [name]);
  return found.length === 0 ? null : setsOf(found[0]![0]);
}

/** Forgets the search `name`; false when there was none. */
export async function forgetSearch(lib: Library, name: string): Promise<boolean> {
  if ((await rows(lib.connection, ONE, [name])).length === 0) return false;
  await lib.connection.run(DELETE, [name]);
  return true;
}

/** Every saved search, by name. */
export async function savedSearches(lib: Library): Promise<SavedSearch[]> {
  return (await rows(lib.connection, LIST)).map(([name, filters, at]) => ({
    name: String(name),
    sets: setsOf(filters),
    savedAt: String(at),
  }));
}
