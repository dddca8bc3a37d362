/**
 * DuckDB, loaded when a library is first opened: its native binding takes a few hundred milliseconds to
 * load, which every other command (`bdb stats FILE`, `review`, `tournament` …) must not pay.
 *
 * `@duckdb/node-api` is a CommonJS package: `require` loads it directly, where `import()` first has Node scan
 * its 176 KB of sources for their exports (about 100 ms of every library command, measured with
 * `--cpu-prof`).
 */
import { createRequire } from 'node:module';

type DuckDB = typeof import('@duckdb/node-api');

let loaded: Promise<DuckDB> | null = null;

/** The DuckDB module (loaded once). */
export function duckdb(): Promise<DuckDB> {
  loaded ??= Promise.resolve().then(() => createRequire(import.meta.url)('@duckdb/node-api') as DuckDB);
  return loaded;
}
