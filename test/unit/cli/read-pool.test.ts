/**
 * How many worker threads `bdb stats` starts (src/cli/read-pool.ts `poolSize`): `--jobs N` gives N − 1
 * workers, none for fewer than four units a worker; without `--jobs` (issue 40, "workers that pay"), one
 * per core beyond the main thread, four threads at most, from 100 units (a folder of 73 reference SGFs was
 * break-even on 2 cores, 150 bench matches 0.90× the wall time: bench/README.md, jobs section).
 */
import { describe, expect, test } from 'vitest';
import { AUTO_MAX_THREADS, AUTO_MIN_UNITS, poolSize } from '../../../src/cli/read-pool.js';

describe('poolSize', () => {
  test('--jobs N: N − 1 workers, none for a few units', () => {
    expect(poolSize(0, 1000)).toBe(0);
    expect(poolSize(1, 1000)).toBe(0);
    expect(poolSize(2, 1000)).toBe(1);
    expect(poolSize(3, 1000)).toBe(2);
    // four units a worker at least
    expect(poolSize(3, 7)).toBe(1);
    expect(poolSize(2, 3)).toBe(0);
  });

  test('without --jobs: from 100 units, one worker per core beyond the main thread, four threads at most', () => {
    expect(AUTO_MIN_UNITS).toBe(100);
    expect(AUTO_MAX_THREADS).toBe(4);
    expect(poolSize('auto', 99, 2)).toBe(0);
    expect(poolSize('auto', 100, 2)).toBe(1);
    expect(poolSize('auto', 100, 1)).toBe(0);
    expect(poolSize('auto', 10_000, 3)).toBe(2);
    expect(poolSize('auto', 10_000, 64)).toBe(3);
  });
});
