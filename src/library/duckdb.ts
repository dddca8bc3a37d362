/**
 * DuckDB, loaded when a library is first opened: its native binding takes a few hundred milliseconds to
 * load, which every other command (`bdb stats FILE`, `review`, `tournament` …) must not pay.
 */
type DuckDB = typeof import('@duckdb/node-api');

let loaded: Promise<DuckDB> | null = null;

/** The DuckDB module (loaded once). */
export function duckdb(): Promise<DuckDB> {
  loaded ??= import('@duckdb/node-api');
  return loaded;
}
