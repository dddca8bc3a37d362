/**
 * A command reading the library never fails for want of DuckDB memory while the machine has some (issue 42,
 * item 1: "a user must never tune memory"). Under a tiny starting limit (BDB_DUCKDB_MEMORY=1MB: opening a
 * library alone asks DuckDB for 2 MiB at once, and reading the decisions of five SGF matches for biases
 * or plan more than 4 MB) a statement that runs out of memory is run again with four times the limit
 * (src/library/memory.ts), saying so in one line: the output is the one of a run without the limit. Before,
 * these commands stopped with "Out of Memory Error" (a stack trace when it came while the library was
 * being opened).
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bdbWith } from '../helpers/cli.js';
import { REF_DIR } from '../helpers/fixtures.js';

const tmp = mkdtempSync(join(tmpdir(), 'bdb-read-memory-'));
afterAll(() => rmSync(tmp, { recursive: true, force: true }));

const LIB = join(tmp, 'lib.duckdb');
const TINY = { env: { BDB_DUCKDB_MEMORY: '1MB' } };
const PLAIN = { env: { BDB_DUCKDB_MEMORY: undefined } };
/** The lines saying that DuckDB goes on with a larger limit, and nothing else. */
const NOTICES = /^(bdb: \S+: DuckDB needed more than \d+ MB of memory: going on with \d+ MB\n)+$/;
const NOTICE_LINES = /^bdb: \S+: DuckDB needed more than \d+ MB of memory: going on with \d+ MB\n/gm;
/** A heavy query: every decision row made one JSON text (the rows of the five matches take several MB). */
const HEAVY =
  'SELECT length(j) > 0 AS made, md5(j) AS digest FROM (SELECT CAST(to_json(list(d ORDER BY match_id, game, decision)) AS VARCHAR) AS j FROM decisions d)';

beforeAll(() => {
  const r = bdbWith(PLAIN, 'import', `${REF_DIR}sgf`, '--library', LIB, '--no-progress');
  expect(r.stderr).toBe('');
  expect(r.code).toBe(0);
});

describe('library readers under a 1 MB DuckDB limit', () => {
  it.each([
    ['stats', '--library', LIB, '--json'],
    ['biases', '--library', LIB, '--json'],
    ['plan', '--library', LIB, '--json'],
    ['sql', HEAVY, '--library', LIB, '--csv'],
  ])('%s: the output of a run without the limit, and one line a larger limit', (...args) => {
    const tiny = bdbWith(TINY, ...args);
    const plain = bdbWith(PLAIN, ...args);
    expect(plain.stderr).toBe('');
    expect(plain.code).toBe(0);
    expect(plain.stdout).not.toBe('');
    expect(tiny.stderr).toMatch(NOTICES);
    // the first says what the limit was (1 MB) and the next one (four times more)
    expect(tiny.stderr).toMatch(
      new RegExp(
        `^bdb: ${LIB.replaceAll('.', '\\.')}: DuckDB needed more than 1 MB of memory: going on with 4 MB\n`,
      ),
    );
    expect(tiny.stdout).toBe(plain.stdout);
    expect(tiny.code).toBe(0);
  });

  it('export: the same file as without the limit', () => {
    const write = (name: string, run: typeof TINY | typeof PLAIN): { said: string; file: string } => {
      const out = join(tmp, name);
      const r = bdbWith(run, 'export', out, '--library', LIB);
      expect(r.code).toBe(0);
      // its last line: how many rows went where
      return {
        said: r.stderr.replace(NOTICE_LINES, '').replace(out, 'OUT'),
        file: readFileSync(out, 'utf8'),
      };
    };
    const tiny = write('tiny.csv', TINY);
    const plain = write('plain.csv', PLAIN);
    expect(plain.said).toMatch(/^bdb: wrote \d+ decisions rows to OUT \(csv\)\n$/);
    expect(tiny).toEqual(plain);
  });

  it('merge: the merged library holds what the source holds', () => {
    const SUMMARY =
      'SELECT (SELECT count(*) FROM decisions) d, (SELECT count(*) FROM matches) m, (SELECT count(*) FROM files) f, (SELECT sum(error) FROM decisions) e, (SELECT count(*) FROM aliases) a';
    const into = join(tmp, 'merged.duckdb');
    const r = bdbWith(TINY, 'merge', LIB, '--into', into);
    expect(r.stderr).toMatch(NOTICES);
    // the five SGF files of test/reference-matches/sgf, one match each
    expect(r.stdout).toMatch(/^Merged .*: 5 matches, 0 already held, 5 files recorded\n$/);
    expect(r.code).toBe(0);
    const summary = (lib: string): string => bdbWith(PLAIN, 'sql', SUMMARY, '--library', lib, '--csv').stdout;
    expect(summary(into)).toBe(summary(LIB));
  });

  it('import: a library made under the limit holds what one made without it holds', () => {
    // the library is created under 1 MB (its schema steps run again with more memory), then the import
    // asks for its own limit, under what the open library holds: it goes on with a larger one
    const made = join(tmp, 'made-tiny.duckdb');
    const r = bdbWith(TINY, 'import', `${REF_DIR}sgf`, '--library', made, '--no-progress');
    expect(r.stderr).toMatch(/^(bdb: .*needed more than \d+ MB of memory: going on with \d+ MB\n)+$/);
    expect(r.stdout).toBe(`Imported into ${made}: 5 new, 0 unchanged, 0 duplicate, 0 failed\n`);
    expect(r.code).toBe(0);
    const stats = (lib: string): string => bdbWith(PLAIN, 'stats', '--library', lib, '--json').stdout;
    expect(stats(made)).toBe(stats(LIB));
  });
});
