/**
 * DuckDB's memory limit, decided in one place for the import and the readers (src/library/memory.ts,
 * issue 42 item 1). The ladders are arithmetic on the rule the docs state (docs/library.md, "Memory"):
 * the first limit, then four times more each time, up to half the machine's memory (in MB of 10^6 bytes:
 * half of 24 GiB = 12,884.9 MB, of 2 GiB = 1,073.7 MB).
 */
import { afterEach, describe, expect, it } from 'vitest';
import {
  FIND_MEMORY_MB,
  FIND_SHORT_MEMORY_MB,
  findMemoryMb,
  MemoryLimits,
  memoryLimits,
  memorySetting,
  READ_MEMORY_MB,
  userMemoryLimit,
  withMoreMemory,
} from '../../../src/library/memory.js';

const GiB = 1024 ** 3;
const saved = process.env.BDB_DUCKDB_MEMORY;
afterEach(() => {
  if (saved === undefined) delete process.env.BDB_DUCKDB_MEMORY;
  else process.env.BDB_DUCKDB_MEMORY = saved;
});

/** DuckDB's message when a statement runs out of memory (as DuckDB 1.5 words it). */
const OOM = new Error(
  'Out of Memory Error: failed to pin block of size 256.0 KiB (800.0 KiB/976.5 KiB used)',
);

describe('the limits a reader goes through', () => {
  it('256 MB, then four times more each time, up to half the machine', () => {
    expect(READ_MEMORY_MB).toBe(256);
    expect(memoryLimits(READ_MEMORY_MB, undefined, 24 * GiB)).toEqual([256, 1024, 4096, 12884]);
    expect(memoryLimits(READ_MEMORY_MB, undefined, 2 * GiB)).toEqual([256, 1024, 1073]);
  });

  it('on a machine with less than twice 256 MB: half of it, and no more', () => {
    expect(memoryLimits(READ_MEMORY_MB, undefined, 400e6)).toEqual([200]);
  });

  it('bdb find starts at 64 MB, then goes the same way', () => {
    delete process.env.BDB_DUCKDB_MEMORY;
    expect(FIND_MEMORY_MB).toBe(64);
    const limits = MemoryLimits.forReading(2 * GiB, undefined, FIND_MEMORY_MB);
    expect(limits.current).toBe(64);
    expect(limits.raise(OOM)).toBe(true);
    expect(limits.current).toBe(256);
    expect(MemoryLimits.forReading(2 * GiB).current).toBe(READ_MEMORY_MB);
  });

  it('bdb find starts at 40 MB for a list of up to 1,000 decisions, at 64 MB for a longer one or all', () => {
    expect(FIND_SHORT_MEMORY_MB).toBe(40);
    expect(findMemoryMb(20)).toBe(40);
    expect(findMemoryMb(1000)).toBe(40);
    expect(findMemoryMb(1001)).toBe(64);
    expect(findMemoryMb(null)).toBe(64);
    expect(MemoryLimits.forReading(2 * GiB, undefined, findMemoryMb(20)).current).toBe(40);
  });

  it("from the user's BDB_DUCKDB_MEMORY, which is only where it starts", () => {
    expect(memoryLimits(READ_MEMORY_MB, '1MB', 1 * GiB)).toEqual([1, 4, 16, 64, 256, 536]);
    expect(memoryLimits(READ_MEMORY_MB, 'lots', 24 * GiB)).toEqual([]);
  });
});

describe('BDB_DUCKDB_MEMORY', () => {
  it('set but empty is not set', () => {
    process.env.BDB_DUCKDB_MEMORY = '';
    expect(userMemoryLimit()).toBeUndefined();
    process.env.BDB_DUCKDB_MEMORY = ' 1GB ';
    expect(userMemoryLimit()).toBe('1GB');
  });

  it('goes to DuckDB in KB, so that a limit under 1 MB is kept', () => {
    expect(memorySetting(256)).toBe('256000KB');
    expect(memorySetting(0.5)).toBe('500KB');
  });
});

describe('a larger limit when DuckDB runs out of memory', () => {
  it('only on an out-of-memory failure, and while a larger limit is left; each step told', () => {
    const told: [number, number][] = [];
    const limits = new MemoryLimits([1, 4, 16], (from, to) => told.push([from, to]));
    expect(limits.current).toBe(1);
    expect(limits.raise(new Error('Binder Error: no such column'))).toBe(false);
    expect(limits.raise(OOM)).toBe(true);
    expect(limits.raise(OOM)).toBe(true);
    expect(limits.current).toBe(16);
    expect(limits.largest).toBe(true);
    expect(limits.raise(OOM)).toBe(false);
    expect(told).toEqual([
      [1, 4],
      [4, 16],
    ]);
  });

  it('runs the work again with each larger limit set, and gives up after the largest', async () => {
    const set: string[] = [];
    const con = {
      run: async (sql: string) => {
        set.push(sql);
      },
    } as unknown as Parameters<typeof withMoreMemory>[0];
    let tries = 0;
    const ok = await withMoreMemory(con, new MemoryLimits([1, 4, 16]), async () => {
      if (++tries < 3) throw OOM;
      return 'done';
    });
    expect(ok).toBe('done');
    expect(set).toEqual(["SET memory_limit = '4000KB'", "SET memory_limit = '16000KB'"]);
    await expect(
      withMoreMemory(con, new MemoryLimits([1, 4]), async () => {
        throw OOM;
      }),
    ).rejects.toBe(OOM);
  });
});
