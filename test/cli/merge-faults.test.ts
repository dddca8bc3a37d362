/**
 * `bdb merge` with a source it cannot merge (issue 37, item 8): it blamed the --into library for a source
 * whose blocks could not be read, and stopped the batch there; it told a source written by a newer bdb to
 * "open it once with bdb import"; and a merge that failed left an empty library where there was none.
 *
 * Now each source that cannot be merged is one line naming it and what is wrong, the others still merge,
 * and the count of failures ends the run ("N of M libraries failed", exit 1, as for files); a source of
 * another schema is told what to do (a newer one: update bdb; an older one: upgrade it, as merge only
 * reads its sources); and a merge that merged nothing into a library it created leaves nothing behind.
 */
import { createHash } from 'node:crypto';
import {
  copyFileSync,
  cpSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
  symlinkSync,
  truncateSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DuckDBInstance } from '@duckdb/node-api';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { SCHEMA_VERSION } from '../../src/library/schema.js';
import { call } from '../helpers/cli.js';
import { REF_DIR } from '../helpers/fixtures.js';

/** Two matches gnuBG played and analysed (test/reference-matches/README.md), one per good source. */
const MATCH_A = `${REF_DIR}gnubg/g0001.sgf`;
const MATCH_B = `${REF_DIR}gnubg/g0002.sgf`;

const tmp = mkdtempSync(join(tmpdir(), 'bdb-merge-faults-'));
afterAll(() => rmSync(tmp, { recursive: true, force: true }));
/** Libraries holding MATCH_A and MATCH_B, imported once; the tests copy them. */
const goodA = join(tmp, 'good-a.duckdb');
const goodB = join(tmp, 'good-b.duckdb');

beforeAll(async () => {
  for (const [match, lib] of [
    [MATCH_A, goodA],
    [MATCH_B, goodB],
  ] as const) {
    const r = await call('import', match, '--library', lib, '--no-progress');
    expect(r.code, r.stderr).toBe(0);
  }
});

/** A fresh folder under the test's own. */
let folders = 0;
function folder(): string {
  const d = join(tmp, `d${++folders}`);
  mkdirSync(d);
  return d;
}

/** A copy of the library `from` (with its sources) at `to`. */
function copyLibrary(from: string, to: string): string {
  copyFileSync(from, to);
  cpSync(`${from}.sources`, `${to}.sources`, { recursive: true });
  return to;
}

function sha(path: string): string {
  return createHash('sha256').update(readFileSync(path)).digest('hex');
}

/** Runs SQL statements on a library file with DuckDB itself (as another program, or an older bdb, would). */
async function run(path: string, sql: string): Promise<void> {
  const inst = await DuckDBInstance.create(path);
  const con = await inst.connect();
  try {
    await con.run(sql);
  } finally {
    con.closeSync();
    inst.closeSync();
  }
}

/** The number of matches a library holds, read by bdb. */
async function matchCount(lib: string): Promise<number> {
  const r = await call('sql', 'SELECT count(*) AS n FROM matches', '--library', lib, '--json');
  expect(r.code, r.stderr).toBe(0);
  return Number((JSON.parse(r.stdout) as { n: number }[])[0]!.n);
}

/** `n` bytes that are no file format: a SHA-256 chain from a fixed seed (the same on every run). */
function noise(n: number): Buffer {
  const out = Buffer.alloc(n);
  let block = createHash('sha256').update('bdb merge-faults').digest();
  for (let at = 0; at < n; at += block.length) {
    block.copy(out, at);
    block = createHash('sha256').update(block).digest();
  }
  return out;
}

/** Bad sources, each made at the path given; what the line must say is wrong. */
const BAD: [string, (path: string) => Promise<void> | void, RegExp][] = [
  [
    'a library truncated to 5,000 bytes (its header only)',
    (p) => {
      copyFileSync(goodA, p);
      truncateSync(p, 5000);
    },
    /damaged/,
  ],
  [
    // DuckDB attaches it: its first blocks are whole; copying the rows reads past the end
    'a library truncated to two thirds of its size',
    (p) => {
      copyFileSync(goodA, p);
      truncateSync(p, Math.floor((statSync(p).size * 2) / 3));
    },
    /damaged/,
  ],
  [
    // a block's checksum no longer matches (a disk error, a bad copy)
    'a library with its later blocks overwritten',
    (p) => {
      const bytes = readFileSync(goodA);
      const from = Math.floor(bytes.length * 0.6);
      noise(bytes.length - from).copy(bytes, from);
      writeFileSync(p, bytes);
    },
    /damaged/,
  ],
  [
    // here the blocks of an index (meta's key): a full read of every table does not meet them
    'a library with blocks near its end overwritten',
    (p) => {
      const bytes = readFileSync(goodA);
      const from = bytes.length - 1024 * 1024;
      noise(512 * 1024).copy(bytes, from);
      writeFileSync(p, bytes);
    },
    /damaged/,
  ],
  ['random bytes', (p) => writeFileSync(p, noise(300_000)), /not a bdb library/],
  ['a text file', (p) => writeFileSync(p, 'Llabba vs adidan, 7 points\n'), /not a bdb library/],
  ['an empty file', (p) => writeFileSync(p, ''), /not a bdb library/],
  [
    'a DuckDB database without bdb tables',
    (p) =>
      run(p, "CREATE TABLE scores (player VARCHAR, points INTEGER); INSERT INTO scores VALUES ('Llabba', 7)"),
    /not a bdb library/,
  ],
  ['a folder', (p) => mkdirSync(p), /is a folder/],
  [
    // of this schema by its number, one of its tables changed by hand: its rows do not fit the target's
    'a bdb library with a table changed',
    async (p) => {
      copyLibrary(goodA, p);
      await run(p, 'ALTER TABLE aliases ADD COLUMN note VARCHAR');
    },
    /damaged bdb library: its table aliases/,
  ],
];

describe('bdb merge: a source that is no readable bdb library', () => {
  test.each(BAD)(
    '%s: one line naming it, the other source merged, the count of failures',
    async (_, make, what) => {
      const d = folder();
      const bad = join(d, 'bad.duckdb');
      await make(bad);
      const good = copyLibrary(goodB, join(d, 'good.duckdb'));
      const into = join(d, 'all.duckdb');
      const r = await call('merge', bad, good, '--into', into);
      expect(r.code, r.stderr).toBe(1);
      const lines = r.stderr.trimEnd().split('\n');
      expect(lines, r.stderr).toHaveLength(2);
      expect(lines[0]!.startsWith(`bdb: ${bad}: `), r.stderr).toBe(true);
      expect(lines[0]).toMatch(what);
      // the --into library is not what is wrong: it is not named
      expect(r.stderr).not.toContain(into);
      expect(lines[1]).toBe('bdb: 1 of 2 libraries failed');
      expect(r.stdout).toMatch(/^Merged .*good\.duckdb: 1 match, 0 already held, 1 file recorded$/m);
      expect(await matchCount(into)).toBe(1);
      expect(await matchCount(good)).toBe(1);
    },
  );
});

describe('bdb merge: a source of another schema', () => {
  test('written by a newer bdb: "update bdb", not "bdb import"', async () => {
    const d = folder();
    const newer = copyLibrary(goodA, join(d, 'newer.duckdb'));
    await run(newer, `UPDATE meta SET value = '${SCHEMA_VERSION + 1}' WHERE key = 'schema_version'`);
    const before = sha(newer);
    const good = copyLibrary(goodB, join(d, 'good.duckdb'));
    const into = join(d, 'all.duckdb');
    const r = await call('merge', newer, good, '--into', into);
    expect(r.code).toBe(1);
    const lines = r.stderr.trimEnd().split('\n');
    expect(lines, r.stderr).toHaveLength(2);
    expect(lines[0]!.startsWith(`bdb: ${newer}: `), r.stderr).toBe(true);
    expect(lines[0]).toMatch(/newer bdb/);
    expect(lines[0]).toMatch(/update bdb/);
    expect(lines[0]).not.toMatch(/bdb import/);
    expect(lines[1]).toBe('bdb: 1 of 2 libraries failed');
    expect(await matchCount(into)).toBe(1);
    // the source is read, never written
    expect(sha(newer)).toBe(before);
  });

  test('written by an older bdb: told to upgrade it first, which then lets it merge', async () => {
    const d = folder();
    const older = copyLibrary(goodA, join(d, 'older.duckdb'));
    // schema 6 differs from 7 only by the form of the dates stored (schema.ts, step 7): a current library
    // marked 6 is a schema 6 library as far as bdb can tell, and is upgraded again by step 7
    await run(
      older,
      "UPDATE meta SET value = '6' WHERE key = 'schema_version'; DELETE FROM meta WHERE key = 'migrated_7'",
    );
    const before = sha(older);
    const into = join(d, 'all.duckdb');
    const r = await call('merge', older, '--into', into);
    expect(r.code).toBe(1);
    const lines = r.stderr.trimEnd().split('\n');
    expect(lines, r.stderr).toHaveLength(2);
    expect(lines[0]!.startsWith(`bdb: ${older}: `), r.stderr).toBe(true);
    expect(lines[0]).toMatch(/schema 6/);
    // what to run, with this source as the library
    expect(lines[0]).toContain(`bdb import`);
    expect(lines[0]).toContain(`--library ${older}`);
    expect(lines[1]).toBe('bdb: 1 of 1 library failed');
    expect(sha(older)).toBe(before);
    // the advice followed (one of its own files, already held: nothing is added), the merge goes through
    const up = await call('import', MATCH_A, '--library', older);
    expect(up.code, up.stderr).toBe(0);
    expect(up.stdout).toMatch(/0 new, 1 unchanged/);
    const again = await call('merge', older, '--into', into);
    expect(again.code, again.stderr).toBe(0);
    expect(await matchCount(into)).toBe(1);
  });
});

describe('bdb merge: a merge that merged nothing', () => {
  test('into a library it created: nothing left behind (file, log, sources, spill or folders)', async () => {
    const d = folder();
    const bad = join(d, 'bad.duckdb');
    writeFileSync(bad, noise(300_000));
    const truncated = join(d, 'truncated.duckdb');
    copyFileSync(goodA, truncated);
    truncateSync(truncated, Math.floor((statSync(truncated).size * 2) / 3));
    const newer = copyLibrary(goodA, join(d, 'newer.duckdb'));
    await run(newer, `UPDATE meta SET value = '${SCHEMA_VERSION + 1}' WHERE key = 'schema_version'`);
    const missing = join(d, 'missing.duckdb');
    for (const sources of [[bad], [truncated], [newer], [bad, truncated, newer, missing]]) {
      // in folders that do not exist yet
      const into = join(d, 'new', 'parts', 'all.duckdb');
      const r = await call('merge', ...sources, '--into', into);
      expect(r.code, `${sources}`).toBe(1);
      expect(r.stderr.trimEnd().split('\n').at(-1)).toBe(
        `bdb: ${sources.length} of ${sources.length} librar${sources.length === 1 ? 'y' : 'ies'} failed`,
      );
      expect(r.stderr).not.toContain(into);
      expect(existsSync(join(d, 'new')), `${sources}: ${r.stderr}`).toBe(false);
      expect(readdirSync(d).sort()).toEqual(
        ['bad.duckdb', 'newer.duckdb', 'newer.duckdb.sources', 'truncated.duckdb'].sort(),
      );
    }
  });

  test('into a library that existed: left as it was', async () => {
    const d = folder();
    const into = copyLibrary(goodB, join(d, 'all.duckdb'));
    const before = sha(into);
    const packs = readdirSync(`${into}.sources`);
    const truncated = join(d, 'truncated.duckdb');
    copyFileSync(goodA, truncated);
    truncateSync(truncated, Math.floor((statSync(truncated).size * 2) / 3));
    const r = await call('merge', truncated, '--into', into);
    expect(r.code).toBe(1);
    expect(r.stderr.startsWith(`bdb: ${truncated}: `), r.stderr).toBe(true);
    expect(sha(into)).toBe(before);
    expect(readdirSync(`${into}.sources`)).toEqual(packs);
    expect(readdirSync(d).sort()).toEqual(['all.duckdb', 'all.duckdb.sources', 'truncated.duckdb']);
    expect(await matchCount(into)).toBe(1);
  });

  test('a source that merged is kept, with the library it went into', async () => {
    const d = folder();
    const good = copyLibrary(goodA, join(d, 'good.duckdb'));
    const into = join(d, 'all.duckdb');
    const r = await call('merge', good, join(d, 'missing.duckdb'), '--into', into);
    expect(r.code).toBe(1);
    expect(r.stderr).toBe(
      `bdb: ${join(d, 'missing.duckdb')}: no such library\nbdb: 1 of 2 libraries failed\n`,
    );
    expect(await matchCount(into)).toBe(1);
  });
});

describe('bdb merge: names', () => {
  test('a source merged into a library named src.duckdb (the name the merge gave its source)', async () => {
    const d = folder();
    const good = copyLibrary(goodA, join(d, 'good.duckdb'));
    const into = join(d, 'src.duckdb');
    const r = await call('merge', good, '--into', into);
    expect(r.code, r.stderr).toBe(0);
    expect(await matchCount(into)).toBe(1);
  });
});

describe('bdb merge: --into a source', () => {
  test('through a link to it, or a path through a linked folder: refused with one line, nothing written', async () => {
    const d = folder();
    const source = copyLibrary(goodA, join(d, 'source.duckdb'));
    const before = sha(source);
    const link = join(d, 'link.duckdb');
    symlinkSync(source, link);
    const linkedFolder = join(d, 'linked');
    symlinkSync(d, linkedFolder);
    for (const into of [link, join(linkedFolder, 'source.duckdb'), `${d}/./source.duckdb`]) {
      const r = await call('merge', source, '--into', into);
      expect(r.code, into).toBe(2);
      expect(r.stderr).toBe(`bdb: ${source}: is the --into library itself (see bdb merge --help)\n`);
    }
    expect(sha(source)).toBe(before);
    expect(readdirSync(d).sort()).toEqual([
      'link.duckdb',
      'linked',
      'source.duckdb',
      'source.duckdb.sources',
    ]);
  });
});
