/**
 * An import never fails for want of DuckDB memory while the machine has some (issue 42, item 1: a
 * 343-match gnuBG text folder into a 1,800-match library stopped with "Out of Memory Error: could not
 * allocate block of size 32.0 KiB (122.0 MiB/122.0 MiB used)"). A tiny starting limit (BDB_DUCKDB_MEMORY=8MB:
 * DuckDB's CSV reader alone asks 30.5 MiB at once) makes every COPY run out, as a large batch did under
 * 128 MB: the import goes on with a larger limit and stores exactly what an import without the limit
 * stores. The 10,000-match figures are bench/import-memory.mjs's (docs/library.md).
 */
import { existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { bdbWith } from '../helpers/cli.js';
import { REF_DIR } from '../helpers/fixtures.js';

const tmp = mkdtempSync(join(tmpdir(), 'bdb-import-memory-'));
afterAll(() => rmSync(tmp, { recursive: true, force: true }));

const INPUT = [`${REF_DIR}gnubg`];
const SUMMARY =
  'SELECT (SELECT count(*) FROM decisions) d, (SELECT count(*) FROM matches) m, (SELECT count(*) FROM files) f, (SELECT count(*) FROM sources) s, (SELECT count(*) FROM match_players) p, (SELECT sum(error) FROM decisions) e';

describe('bdb import when DuckDB runs out of memory', () => {
  it('goes on with a larger limit: exit 0, one line saying so, the library of an import without the limit', () => {
    const small = join(tmp, 'small.duckdb');
    const plain = join(tmp, 'plain.duckdb');
    const r = bdbWith(
      { env: { BDB_DUCKDB_MEMORY: '8MB' } },
      'import',
      ...INPUT,
      '--library',
      small,
      '--no-progress',
    );
    expect(r.stderr).toMatch(/^bdb: the import needed more than 8 MB of memory: going on with 32 MB\n/);
    expect(r.stderr).not.toMatch(/Out of Memory/);
    expect(r.code).toBe(0);
    const p = bdbWith(
      { env: { BDB_DUCKDB_MEMORY: undefined } },
      'import',
      ...INPUT,
      '--library',
      plain,
      '--no-progress',
    );
    expect(p.code).toBe(0);
    expect(p.stderr).toBe('');
    // the same counts and outcome line (the library's path aside)
    expect(r.stdout.replace(small, 'L')).toBe(p.stdout.replace(plain, 'L'));
    const sum = (lib: string): string => bdbWith({}, 'sql', SUMMARY, '--library', lib, '--csv').stdout;
    expect(sum(small)).toBe(sum(plain));
    expect(bdbWith({}, 'stats', '--library', small, '--json').stdout).toBe(
      bdbWith({}, 'stats', '--library', plain, '--json').stdout,
    );
    // nothing left beside the library: no CSV of a batch, no DuckDB temporary folder
    expect(
      readdirSync(tmp)
        .filter((f) => f.startsWith('small.'))
        .sort(),
    ).toEqual(['small.duckdb', 'small.duckdb.sources']);
    expect(existsSync(`${small}.tmp`)).toBe(false);
  }, 120_000);
});
