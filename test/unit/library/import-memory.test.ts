/**
 * The import's DuckDB buffer limit (src/library/memory.ts, IMPORT_MEMORY_MB): an import lowers the
 * readers' 256 MB to 128 MB once the library is open, unless BDB_DUCKDB_MEMORY names a limit. The figures
 * that chose it (10,000 analysed SGF matches: peak RSS 340 MB at 128 MB, 436 MB at 256 MB) are in
 * docs/library.md; this test holds the setting itself.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { LibraryImporter } from '../../../src/library/import.js';
import { importMemoryLimits, memoryMb } from '../../../src/library/memory.js';
import { closeLibrary, type Library, openLibrary } from '../../../src/library/open.js';
import { rows } from '../../../src/library/sql.js';
import { defaultMet } from '../../../src/metrics/match-report.js';

const tmp = mkdtempSync(join(tmpdir(), 'bdb-import-memory-'));
afterAll(() => rmSync(tmp, { recursive: true, force: true }));

/** DuckDB's memory limit in MiB (it prints the setting as e.g. '122.0 MiB'). */
async function limitMib(lib: Library): Promise<number> {
  const [[text]] = (await rows(lib.connection, "SELECT current_setting('memory_limit')")) as [[string]];
  const m = /^([\d.]+) (KiB|MiB|GiB)$/.exec(text);
  if (!m) throw new Error(`memory_limit reads ${text}`);
  return Number(m[1]) * { KiB: 1 / 1024, MiB: 1, GiB: 1024 }[m[2] as 'KiB' | 'MiB' | 'GiB'];
}

const saved = process.env.BDB_DUCKDB_MEMORY;
afterEach(() => {
  if (saved === undefined) delete process.env.BDB_DUCKDB_MEMORY;
  else process.env.BDB_DUCKDB_MEMORY = saved;
});

describe("the import lowers DuckDB's memory limit", () => {
  it('to 128 MB from the 256 MB a library opens with', async () => {
    delete process.env.BDB_DUCKDB_MEMORY;
    const lib = await openLibrary(join(tmp, 'a.duckdb'), { readOnly: false, create: true });
    try {
      // 256 MB = 244.1 MiB, 128 MB = 122.0 MiB
      expect(await limitMib(lib)).toBeCloseTo(244.1, 1);
      const imp = await LibraryImporter.start(lib, defaultMet());
      await imp.finish();
      expect(await limitMib(lib)).toBeCloseTo(122.0, 1);
    } finally {
      closeLibrary(lib);
    }
  });

  it('not when BDB_DUCKDB_MEMORY names a limit', async () => {
    process.env.BDB_DUCKDB_MEMORY = '300MB';
    const lib = await openLibrary(join(tmp, 'b.duckdb'), { readOnly: false, create: true });
    try {
      const before = await limitMib(lib);
      const imp = await LibraryImporter.start(lib, defaultMet());
      await imp.finish();
      expect(await limitMib(lib)).toBe(before);
    } finally {
      closeLibrary(lib);
    }
  });
});

describe('the limits an import tries while DuckDB runs out of memory (issue 42)', () => {
  const GiB = 1024 ** 3;
  it('128 MB, then four times more each time, up to half the machine', () => {
    // 24 GiB = 25,769.8 MB: the last is its half
    expect(importMemoryLimits(undefined, 24 * GiB)).toEqual([128, 512, 2048, 8192, 12884]);
    expect(importMemoryLimits(undefined, 2 * GiB)).toEqual([128, 512, 1073]);
  });
  it("from the user's BDB_DUCKDB_MEMORY; nothing to try when bdb cannot read it", () => {
    expect(importMemoryLimits('1GB', 24 * GiB)).toEqual([1000, 4000, 12884]);
    expect(importMemoryLimits('16MB', 1 * GiB)).toEqual([16, 64, 256, 536]);
    expect(importMemoryLimits('lots', 24 * GiB)).toEqual([]);
  });
  it("reads DuckDB's units", () => {
    expect(memoryMb('512MB')).toBe(512);
    expect(memoryMb('1.5 GB')).toBe(1500);
    expect(memoryMb('1GiB')).toBeCloseTo(1073.74, 2);
    expect(memoryMb('100000kb')).toBe(100);
    expect(memoryMb('1e9')).toBeNull();
  });
});
