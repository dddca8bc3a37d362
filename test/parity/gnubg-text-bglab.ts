/**
 * `npm run parity`: every count gnuBG printed in the "Match statistics" of the 79 Llabba matches
 * (test/history/llabba/, gnuBG 1.07.001 Windows, 4-ply text exports; test/history/README.md) equals bdb's
 * reading of the same files (the slice in test/unit/gnubg-text/printed-statistics.test.ts runs in npm test).
 */
import { fileURLToPath } from 'node:url';
import { expect, test } from 'vitest';
import { PRINTED_COUNT_ROWS } from '../helpers/gnubg-stats-txt.js';
import { allCountDiffs, textMatches } from '../helpers/printed-counts.js';

const LLABBA = fileURLToPath(new URL('../history/llabba/', import.meta.url));

test('the 79 Llabba matches: 2,686 counts, all equal to gnuBG’s printed Match statistics', () => {
  const groups = textMatches(LLABBA);
  expect(groups.length).toBe(79);
  const { compared, diffs } = allCountDiffs(groups);
  expect(diffs).toEqual([]);
  expect(compared).toBe(79 * PRINTED_COUNT_ROWS.length * 2);
});
