/**
 * Failures that are the disk's (src/core/disk.ts, issue 37 item 4), told from Node's error codes and from
 * DuckDB's messages, which carry none. DuckDB's messages here are its own, made by DuckDB in the test: a
 * block it cannot spill is an "Out of Memory Error" naming its temporary folder's limit, which bdb leaves at
 * DuckDB's default, 90 % of the disk's free space: the disk is full, and more memory is not the answer
 * (`isOutOfMemory` must say no, else the import retries and then advises BDB_DUCKDB_MEMORY).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DuckDBInstance } from '@duckdb/node-api';
import { afterAll, describe, expect, it } from 'vitest';
import { diskFailure, diskFailureWords } from '../../../src/core/disk.js';
import { CorruptFileError } from '../../../src/errors.js';
import { isOutOfMemory } from '../../../src/library/memory.js';

const tmp = mkdtempSync(join(tmpdir(), 'bdb-disk-'));
afterAll(() => rmSync(tmp, { recursive: true, force: true }));

/** The error DuckDB throws running `sql` on a database of its own opened with `config`. */
async function duckdbError(name: string, config: Record<string, string>, sql: string[]): Promise<Error> {
  const inst = await DuckDBInstance.create(join(tmp, name), config);
  const con = await inst.connect();
  try {
    for (const s of sql) await con.run(s);
  } catch (e) {
    return e as Error;
  } finally {
    con.closeSync();
    inst.closeSync();
  }
  throw new Error('DuckDB did not fail');
}

/** A Node error with a system code, as `fs.writeSync` throws it. */
function systemError(code: string): NodeJS.ErrnoException {
  return Object.assign(new Error(`${code}: failed, write`), { code, syscall: 'write' });
}

describe('a block DuckDB cannot spill (its temporary folder full)', () => {
  it('is the disk (ENOSPC), not memory', async () => {
    const e = await duckdbError('spill.duckdb', { memory_limit: '4MB', threads: '1' }, [
      "SET max_temp_directory_size = '256KiB'",
      'CREATE TEMP TABLE t AS SELECT md5(i::VARCHAR) || repeat(md5((i * 7)::VARCHAR), 3) a FROM range(100000) r(i)',
    ]);
    // DuckDB's words, as it says them on a full disk
    expect(e.message).toMatch(/^Out of Memory Error: failed to offload data block/);
    expect(e.message).toMatch(/max_temp_directory_size/);
    expect(isOutOfMemory(e)).toBe(false);
    expect(diskFailure(e)).toBe('ENOSPC');
    expect(diskFailureWords(e)).toBe('no space left on device (ENOSPC)');
  });

  it('a statement that wants more memory than the limit, with room on the disk, is still memory', async () => {
    // no temporary folder: nothing can be spilled, so the rows must fit in memory
    const e = await duckdbError('memory.duckdb', { memory_limit: '1MB', threads: '1', temp_directory: '' }, [
      'CREATE TABLE t AS SELECT repeat(md5(i::VARCHAR), 8) a FROM range(200000) r(i)',
    ]);
    expect(e.message).toMatch(/^Out of Memory Error/);
    expect(isOutOfMemory(e)).toBe(true);
    expect(diskFailure(e)).toBeNull();
  });
});

describe("DuckDB's words for a full or read-only disk", () => {
  // the operating system's words (strerror) after DuckDB's own, as DuckDB 1.5 writes them
  it.each([
    [
      'TransactionContext Error: Failed to commit: Could not write file "/d/lib.duckdb.wal": No space left on device',
      'ENOSPC',
    ],
    ['IO Error: Could not write file "/d/x.csv": No space left on device', 'ENOSPC'],
    ['IO Error: Cannot open file "/d/x.parquet": Read-only file system', 'EROFS'],
    ['IO Error: Could not write file "/d/x.csv": Disk quota exceeded', 'EDQUOT'],
    ['IO Error: Could not write file "/d/x.csv": File too large', 'EFBIG'],
  ])('%s: %s', (message, code) => {
    expect(diskFailure(new Error(message))).toBe(code);
  });

  it('anything else is not the disk', () => {
    expect(diskFailure(new Error('Out of Memory Error: failed to pin block of size 256.0 KiB'))).toBeNull();
    expect(diskFailure(new Error('Catalog Error: Table with name t does not exist!'))).toBeNull();
    expect(diskFailure('No space left on device')).toBeNull();
  });
});

describe("Node's errors", () => {
  it('by their code', () => {
    expect(diskFailure(systemError('ENOSPC'))).toBe('ENOSPC');
    expect(diskFailure(systemError('EROFS'))).toBe('EROFS');
    expect(diskFailureWords(systemError('EROFS'))).toBe('read-only file system (EROFS)');
    expect(diskFailure(systemError('ENOENT'))).toBeNull();
    expect(diskFailure(systemError('EACCES'))).toBeNull();
  });

  it("never an input's message that quotes the words", () => {
    const e = new CorruptFileError({ file: 'a.sgf', line: 1 }, 'unknown property "No space left on device"');
    expect(diskFailure(e)).toBeNull();
  });
});
