#!/usr/bin/env node
import { findDecisions } from '../dist/library/find.js';
import { parsePattern } from '../dist/library/find-filters.js';
/**
 * `bdb find`'s query timed in process (bench/library.mjs section D runs it): the library opened read-only as
 * the command opens it, then each search's statement (src/library/find.ts `findDecisions`) run ROUNDS times
 * after one warm-up; prints one JSON object, each search's median milliseconds and its total.
 *
 *   node bench/find-query.mjs LIBRARY [ROUNDS]
 */
import { closeLibrary, openLibrary } from '../dist/library/open.js';

const [path, roundsText] = process.argv.slice(2);
const rounds = Number(roundsText ?? 5);
const searches = {
  playerBar: [{ filters: { players: ['Me'], pattern: parsePattern('me:bar') }, spellings: ['Me'] }],
  limit20: [{ filters: {}, spellings: null }],
};
const lib = await openLibrary(path, { readOnly: true });
const out = {};
try {
  for (const [name, sets] of Object.entries(searches)) {
    await findDecisions(lib, sets, 20);
    const times = [];
    let total = 0;
    for (let r = 0; r < rounds; r++) {
      const t = performance.now();
      total = (await findDecisions(lib, sets, 20)).total;
      times.push(performance.now() - t);
    }
    times.sort((a, b) => a - b);
    out[name] = { medianMs: times[Math.floor(times.length / 2)], total };
  }
} finally {
  closeLibrary(lib);
}
console.log(JSON.stringify(out));
