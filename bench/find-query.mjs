#!/usr/bin/env node
import { resolveSets } from '../dist/cli/find-search.js';
import { findDecisions } from '../dist/library/find.js';
import { parsePattern } from '../dist/library/find-filters.js';
/**
 * `bdb find`'s query timed in process (bench/library.mjs section D runs it): the library opened read-only as
 * the command opens it, then each search as the command runs it (its `--player` names resolved, then its
 * statement, src/library/find.ts `findDecisions`): the first run
 * (DuckDB's buffers empty, as in a new `bdb find` process: the operating system's file cache is what the
 * runs before left) and then ROUNDS runs; prints one JSON object, each search's first time, the median of
 * the ROUNDS after it (null for none) and its total. SEARCH: only that one (playerBar or limit20).
 *
 *   node bench/find-query.mjs LIBRARY [ROUNDS] [SEARCH]
 */
import { FIND_MEMORY_MB } from '../dist/library/memory.js';
// loaded before the timing, as the command's one script holds them from its start (the searches load them
// on first use here)
import '../dist/library/aliases.js';
import '../dist/library/read.js';
import '../dist/library/sql.js';
import { closeLibrary, openLibrary } from '../dist/library/open.js';

const [path, roundsText, only] = process.argv.slice(2);
const rounds = Number(roundsText ?? 5);
// each search as the command has it: its options and filter sets, the names resolved as it resolves them
const searches = {
  playerBar: { opts: { player: ['Me'] }, sets: [{ players: ['Me'], pattern: parsePattern('me:bar') }] },
  limit20: { opts: {}, sets: [{}] },
};
const search = async (lib, { opts, sets }) => findDecisions(lib, await resolveSets(lib, opts, sets), 20);
if (only !== undefined && !(only in searches)) throw new Error(`find-query: no search named ${only}`);
const lib = await openLibrary(path, { readOnly: true, memoryMb: FIND_MEMORY_MB });
const out = {};
try {
  for (const [name, input] of Object.entries(searches)) {
    if (only !== undefined && name !== only) continue;
    let t = performance.now();
    let total = (await search(lib, input)).total;
    const firstMs = performance.now() - t;
    const times = [];
    for (let r = 0; r < rounds; r++) {
      t = performance.now();
      total = (await search(lib, input)).total;
      times.push(performance.now() - t);
    }
    times.sort((a, b) => a - b);
    out[name] = { firstMs, medianMs: rounds > 0 ? times[Math.floor(times.length / 2)] : null, total };
  }
} finally {
  closeLibrary(lib);
}
console.log(JSON.stringify(out));
