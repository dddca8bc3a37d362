/**
 * A writer's library opened again after DuckDB ran out of memory in a COMMIT (src/library/open.ts
 * `reopenLibrary`), which `bdb import` does before it runs a transaction again with a larger limit.
 *
 * DuckDB 1.5.6 (@duckdb/node-api 1.5.6-r.1) rolls such a COMMIT back but may leave the table's columns
 * misaligned in memory: its next checkpoint then ends in "FATAL Error: Failed to create checkpoint because
 * of error: Corrupted in-memory column - column with index 0 has misaligned count", after which it refuses
 * every statement. Seen importing 2,000 bench SGFs with BDB_IMPORT_BATCH_ROWS=10000 and
 * BDB_DUCKDB_MEMORY=64MB (7 December 2026). Here the same state is made from the reference matches'
 * decisions: ten copies committed and not checkpointed, then an eleventh committed under 48 MB (found by
 * trying 24, 32 and 48 MB after 3, 6 and 10 copies: only this one leaves the columns misaligned; the others
 * fail before the COMMIT touches the table, or leave it whole).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isOutOfMemory } from '../../../src/library/memory.js';
import { closeLibrary, type Library, openLibrary, reopenLibrary } from '../../../src/library/open.js';
import { rows } from '../../../src/library/sql.js';
import { bdbWith } from '../../helpers/cli.js';
import { REF_DIR } from '../../helpers/fixtures.js';

const tmp = mkdtempSync(join(tmpdir(), 'bdb-reopen-'));
afterAll(() => rmSync(tmp, { recursive: true, force: true }));

const COPIES = 10;
let decisions = 0;

beforeAll(() => {
  for (const name of ['kept.duckdb', 'lost.duckdb']) {
    const r = bdbWith({}, 'import', REF_DIR, '--library', join(tmp, name), '--no-progress');
    expect(r.code).toBe(0);
  }
}, 120_000);

/** The decisions of the imported matches again, under other match ids (copy `k`). */
function copy(lib: Library, k: number): Promise<void> {
  return lib.connection
    .run(
      `INSERT INTO decisions SELECT * REPLACE (match_id + ${k * 100_000} AS match_id) FROM decisions WHERE match_id < 100000`,
    )
    .then(() => undefined);
}

/** Opens `name`, commits ten copies without a checkpoint, then fails to commit the eleventh under 48 MB. */
async function failedCommit(name: string): Promise<Library> {
  const lib = await openLibrary(join(tmp, name), { readOnly: false });
  const con = lib.connection;
  await con.run('SET threads = 1');
  await con.run("SET wal_autocheckpoint = '1TB'");
  decisions = Number((await rows(con, 'SELECT count(*) FROM decisions'))[0]![0]);
  for (let k = 1; k <= COPIES; k++) await copy(lib, k);
  await con.run("SET memory_limit = '48MB'");
  await con.run('BEGIN TRANSACTION');
  await copy(lib, COPIES + 1);
  const failure = await con.run('COMMIT').then(
    () => null,
    (e: unknown) => e,
  );
  expect(failure).toBeInstanceOf(Error);
  expect((failure as Error).message).toMatch(
    /^TransactionContext Error: Failed to commit: failed to pin block/,
  );
  expect(isOutOfMemory(failure)).toBe(true);
  await con.run("SET memory_limit = '1GB'");
  return lib;
}

describe('a library opened again after a COMMIT ran out of memory', () => {
  it('checkpoints, and holds every row committed before and none of the failed commit', async () => {
    const lib = await failedCommit('kept.duckdb');
    try {
      await reopenLibrary(lib);
      await lib.connection.run('CHECKPOINT');
      const [[n, matches]] = (await rows(
        lib.connection,
        'SELECT count(*), count(DISTINCT match_id // 100000) FROM decisions',
      )) as [[bigint, bigint]];
      expect(Number(n)).toBe(decisions * (COPIES + 1));
      expect(Number(matches)).toBe(COPIES + 1);
    } finally {
      closeLibrary(lib);
    }
  }, 60_000);

  it('(what it avoids) kept open, the next checkpoint is fatal to DuckDB', async () => {
    const lib = await failedCommit('lost.duckdb');
    try {
      await expect(lib.connection.run('CHECKPOINT')).rejects.toThrow(
        /^FATAL Error: Failed to create checkpoint because of error: Corrupted in-memory column/,
      );
    } finally {
      closeLibrary(lib);
    }
  }, 60_000);
});
