/**
 * DuckDB, loaded when a library is first opened: its native binding takes a few hundred milliseconds to
 * load, which every other command (`bdb stats FILE`, `review`, `tournament` …) must not pay.
 *
 * `@duckdb/node-api` is a CommonJS package: `require` loads it directly, where `import()` first has Node scan
 * its 176 KB of sources for their exports (about 100 ms of every library command, measured with
 * `--cpu-prof`). The command's bundle (scripts/bundle-cli.mjs) turns this `require` into one of its own
 * modules, so that only the native addon is loaded from node_modules.
 *
 * DuckDB allocates through its own jemalloc, which by default keeps freed pages for seconds before giving
 * them back to the system: an import's peak resident memory then holds the freed buffers of every COPY
 * (about 60 MB more on the 1,777 Galaxy transcripts, same speed; docs/library.md). Unless the user set
 * `DUCKDB_JE_MALLOC_CONF` themselves, freed pages are returned at once. It must be set before the
 * library is loaded (jemalloc reads it on its first allocation).
 */
import { createRequire } from 'node:module';

type DuckDB = typeof import('@duckdb/node-api');

let loaded: Promise<DuckDB> | null = null;

/** jemalloc options: freed pages go back to the system at once (no decay delay). */
const RETURN_FREED_PAGES = 'dirty_decay_ms:0,muzzy_decay_ms:0';

/** The DuckDB module (loaded once). */
export function duckdb(): Promise<DuckDB> {
  loaded ??= Promise.resolve().then(() => {
    process.env.DUCKDB_JE_MALLOC_CONF ??= RETURN_FREED_PAGES;
    return createRequire(import.meta.url)('@duckdb/node-api') as DuckDB;
  });
  return loaded;
}
