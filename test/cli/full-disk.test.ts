/**
 * A full disk and a read-only file system (issue 37, item 4): `bdb import` into a library on a full file
 * system printed a Node stack trace (`ENOSPC at _LibraryImporter.store`), or DuckDB's "Out of Memory" with
 * the advice to raise BDB_DUCKDB_MEMORY; `bdb analyse` printed "unterminated value" lines for the SGFs gnuBG
 * could only half write before saying why; export gave DuckDB's words. Now each says in one line that the
 * disk is full (ENOSPC) or read-only (EROFS), exit 1, and what was committed stays: freed of the limit, the
 * same import finishes with the library the file route reads.
 *
 * The small disks are real file systems: a tmpfs of a given size mounted in a mount namespace of the test's
 * own (`unshare -rm`: a user namespace, so no privilege is needed, as root or not), over a folder of the
 * test's; everything written there is gone when the namespace ends. A read-only one is a tmpfs remounted
 * read-only in the same namespace.
 */
import { spawnSync } from 'node:child_process';
import { cpSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { locateGnubg } from '../../src/engine/gnubg.js';
import { type BdbRun, BIN, bdb } from '../helpers/cli.js';
import { REF_DIR } from '../helpers/fixtures.js';

const tmp = mkdtempSync(join(tmpdir(), 'bdb-full-disk-'));
afterAll(() => rmSync(tmp, { recursive: true, force: true }));

/**
 * The match files imported, copied into one folder so that the file route reads them as the import does,
 * in path order (the first file of a match holds it): gnuBG's own matches (SGF, text export, transcript),
 * gnuBG text exports, other analysed SGFs, XG files, and last (`zz-copy/`) a byte-identical copy of one
 * SGF, which an import finding its original stored records without parsing or writing it anywhere but in
 * DuckDB's tables.
 */
const IN = join(tmp, 'in');
const FOLDERS = ['gnubg', 'gnubg-text', 'sgf', 'xg'];
for (const f of FOLDERS) cpSync(`${REF_DIR}${f}`, join(IN, f), { recursive: true });
mkdirSync(join(IN, 'zz-copy'));
cpSync(`${REF_DIR}sgf/gbf_test.sgf`, join(IN, 'zz-copy', 'gbf_test.sgf'));

/** One step run in the namespace: a `bdb` command (with extra environment variables), or a shell line. */
type Step = { readonly bdb: readonly string[]; readonly env?: Readonly<Record<string, string>> } | string;

/** Quotes a word for sh. */
function q(word: string): string {
  return `'${word.replaceAll("'", "'\\''")}'`;
}

let runs = 0;

/**
 * Mounts a tmpfs with `options` (`size=600k`, `ro`) over a new folder in a mount namespace of its own and
 * runs `steps` there in turn ($D names the folder in a shell step); returns the folder and what each `bdb`
 * step gave.
 */
function onTmpfs(options: string, steps: (dir: string) => Step[]): { dir: string; runs: BdbRun[] } {
  const n = ++runs;
  const dir = join(tmp, `disk${n}`);
  const logs = join(tmp, `logs${n}`);
  mkdirSync(dir);
  mkdirSync(logs);
  const lines = [`mount -t tmpfs -o ${q(options)} tmpfs "$D" || exit 99`];
  let i = 0;
  for (const step of steps(dir)) {
    if (typeof step === 'string') {
      lines.push(`${step} || exit 98`);
      continue;
    }
    const env = Object.entries(step.env ?? {}).map(([k, v]) => `${k}=${q(v)}`);
    const out = join(logs, String(i));
    lines.push(
      `env ${env.join(' ')} ${q(process.execPath)} ${q(BIN)} ${step.bdb.map(q).join(' ')} >${q(`${out}.out`)} 2>${q(`${out}.err`)}; echo $? >${q(`${out}.code`)}`,
    );
    i++;
  }
  const env: NodeJS.ProcessEnv = { ...process.env, NO_COLOR: '1', D: dir };
  delete env.BDB_COLUMNS;
  const r = spawnSync('unshare', ['-rm', 'sh', '-c', lines.join('\n')], {
    encoding: 'utf8',
    env,
    timeout: 300_000,
  });
  expect(r.status, `unshare: ${r.stderr}`).toBe(0);
  const got: BdbRun[] = [];
  for (let k = 0; k < i; k++) {
    const base = join(logs, String(k));
    got.push({
      code: Number(readFileSync(`${base}.code`, 'utf8')),
      stdout: readFileSync(`${base}.out`, 'utf8'),
      stderr: readFileSync(`${base}.err`, 'utf8'),
    });
  }
  return { dir, runs: got };
}

/** What stderr must be: exactly one line, `bdb: …`, and none of a stack trace or of memory advice. */
function oneLine(r: BdbRun): string {
  const lines = r.stderr.split('\n').filter((l) => l !== '');
  expect(lines, r.stderr).toHaveLength(1);
  expect(r.stderr).not.toMatch(/^\s+at |node:internal|Node\.js v/m);
  expect(r.stderr).not.toMatch(/Out of Memory|BDB_DUCKDB_MEMORY|memory/i);
  return lines[0]!;
}

/** The line of an import a full disk stopped. */
const STOPPED =
  /^bdb: \S+lib\.duckdb: no space left on device \(ENOSPC\): the import stopped; the \d+ files? imported before (is|are) kept, as is all the library held \(import again to finish\)$/;

/** The file route's figures on the inputs: what any library made from them must give. */
let fileJson: string | undefined;
function fileRoute(): string {
  if (fileJson === undefined) {
    const r = bdb('stats', IN, '--json');
    expect(r.code, r.stderr).toBe(0);
    fileJson = r.stdout;
  }
  return fileJson;
}

describe('bdb import into a library on a full disk', () => {
  /**
   * Sizes of the disk that stop the import at different places, each with the new files its commits kept
   * (measured with these inputs and 3,000 decisions a commit, no time bound; a new layout of the library may move them:
   * schema 9's position columns and the tilt figures' states moved the third from 4600k to 4700k, schema 11's
   * point columns to 5000k, schema 12's bias and plan columns to 5200k, its window now about 5150k-5250k:
   * 5000k stops in the last batch, 18 kept, and 5300k is room enough):
   * 200k in the sources' pack (the first match's compressed bytes, none kept), 2m in a batch's temporary
   * CSV of decisions after two commits (9 kept), 5200k in DuckDB's commit of each person's totals after the
   * last batch (all 30 kept; its write-ahead log). Whatever the place, the same line.
   */
  test.each([
    ['200k', 0],
    ['2m', 9],
    ['5200k', 30],
  ])(
    'a %s disk: one line saying the disk is full (%i files kept), exit 1; with room, the same import gives the file route',
    (size, kept) => {
      const { runs: r } = onTmpfs(`size=${size}`, (d) => {
        const lib = join(d, 'lib.duckdb');
        const run = { bdb: ['import', IN, '--library', lib, '--no-progress'] };
        return [
          // commits by rows alone (not also every 2 s of work, which a slow machine would reach sooner)
          { ...run, env: { BDB_IMPORT_BATCH_ROWS: '3000', BDB_IMPORT_BATCH_MS: '600000' } },
          // room again: the import goes on from what was kept
          'mount -o remount,size=64m "$D"',
          run,
          { bdb: ['stats', '--library', lib, '--json'] },
        ];
      });
      const [full, again, stats] = r as [BdbRun, BdbRun, BdbRun];
      expect(full.code).toBe(1);
      expect(oneLine(full)).toMatch(STOPPED);
      expect(full.stderr).toContain(`; the ${kept} files imported before are kept`);
      expect(again.code, again.stderr).toBe(0);
      expect(again.stderr).toBe('');
      // the files kept are not imported again (they are among the unchanged, with the duplicates kept)
      expect(again.stdout).toMatch(new RegExp(`: ${30 - kept} new, `));
      expect(stats.code, stats.stderr).toBe(0);
      expect(stats.stdout).toBe(fileRoute());
    },
  );

  test('a disk filled to the last byte: DuckDB cannot commit (its own words), the same line', () => {
    const { runs: r } = onTmpfs('size=32m', (d) => {
      const lib = join(d, 'lib.duckdb');
      const run = { bdb: ['import', IN, '--library', lib, '--no-progress'] };
      return [
        { bdb: ['import', ...FOLDERS.map((f) => join(IN, f)), '--library', lib, '--no-progress'] },
        // every byte taken (head stops at the full disk)
        'head -c 64M /dev/zero > "$D/fill"; test "$(df -k "$D" | awk \'NR == 2 { print $4 }\')" = 0',
        // new: only the copy, a duplicate recorded in DuckDB's tables alone
        run,
        'rm "$D/fill"',
        run,
        { bdb: ['stats', '--library', lib, '--json'] },
      ];
    });
    const [first, full, again, stats] = r as [BdbRun, BdbRun, BdbRun, BdbRun];
    expect(first.code, first.stderr).toBe(0);
    expect(full.code).toBe(1);
    expect(oneLine(full)).toMatch(STOPPED);
    expect(again.code, again.stderr).toBe(0);
    expect(again.stdout).toMatch(/: 0 new, \d+ unchanged, 1 duplicate, 0 failed/);
    expect(stats.stdout).toBe(fileRoute());
  });
});

describe('a read-only file system', () => {
  test('import into a library there: one line saying so (EROFS), exit 1', () => {
    const { runs: r } = onTmpfs('size=8m', (d) => [
      { bdb: ['import', `${REF_DIR}sgf`, '--library', join(d, 'lib.duckdb'), '--no-progress'] },
      'mount -o remount,ro "$D"',
      // the library made before: still read, not written
      { bdb: ['import', `${REF_DIR}xg`, '--library', join(d, 'lib.duckdb'), '--no-progress'] },
      // a new one, in the folder and below it
      { bdb: ['import', `${REF_DIR}xg`, '--library', join(d, 'new.duckdb'), '--no-progress'] },
      { bdb: ['import', `${REF_DIR}xg`, '--library', join(d, 'sub', 'new.duckdb'), '--no-progress'] },
      { bdb: ['stats', '--library', join(d, 'lib.duckdb'), '--json'] },
    ]);
    const [made, existing, fresh, below, stats] = r as [BdbRun, BdbRun, BdbRun, BdbRun, BdbRun];
    expect(made.code, made.stderr).toBe(0);
    for (const run of [existing, fresh, below]) {
      expect(run.code).toBe(1);
      expect(oneLine(run)).toMatch(/^bdb: \S+\.duckdb: .*read-only file system \(EROFS\)$/);
    }
    expect(stats.code, stats.stderr).toBe(0);
  });

  test('export and --html there: one line saying so (EROFS), nothing left', () => {
    const lib = join(tmp, 'export.duckdb');
    expect(bdb('import', `${REF_DIR}sgf`, '--library', lib, '--no-progress').code).toBe(0);
    const { dir, runs: r } = onTmpfs('ro', (d) => [
      { bdb: ['export', join(d, 'x.parquet'), '--library', lib] },
      { bdb: ['export', join(d, 'x.csv'), '--library', lib] },
      { bdb: ['report', `${REF_DIR}sgf`, '--html', join(d, 'r.html'), '--no-progress'] },
      { bdb: ['tournament', 'new', join(d, 'event.json'), '--players', 'a,b,c,d'] },
    ]);
    for (const run of r) {
      expect(run.code).toBe(1);
      expect(oneLine(run)).toMatch(/^bdb: \S+: cannot write: read-only file system \(EROFS\)$/);
    }
    expect(readdirSync(dir)).toEqual([]);
  });
});

describe('outputs on a full disk', () => {
  test('export and report --html: one line saying the disk is full, no file left, not even empty', () => {
    const lib = join(tmp, 'export-full.duckdb');
    expect(bdb('import', IN, '--library', lib, '--no-progress').code).toBe(0);
    const { runs: r } = onTmpfs('size=64k', (d) => [
      { bdb: ['export', join(d, 'x.csv'), '--library', lib] },
      { bdb: ['export', join(d, 'x.parquet'), '--library', lib] },
      { bdb: ['export', join(d, 'x.jsonl'), '--library', lib] },
      { bdb: ['report', join(IN, 'sgf'), '--html', join(d, 'r.html'), '--no-progress'] },
      // what the disk holds afterwards (nothing)
      `ls -A "$D" > ${q(join(tmp, 'left.txt'))}`,
    ]);
    for (const run of r) {
      expect(run.code).toBe(1);
      expect(oneLine(run)).toMatch(/^bdb: \S+: cannot write: no space left on device \(ENOSPC\)$/);
    }
    expect(readFileSync(join(tmp, 'left.txt'), 'utf8')).toBe('');
  });
});

const GNUBG = (() => {
  try {
    return locateGnubg(process.env.GNUBG, undefined);
  } catch {
    return null;
  }
})();

describe.skipIf(GNUBG === null)('bdb analyse on a full disk', () => {
  /** Four short Galaxy transcripts: their analysed SGFs and statistics take about 100 KB. */
  const inputs = join(tmp, 'transcripts');
  beforeAll(() => {
    mkdirSync(inputs);
    for (const f of ['match926877.txt', 'match1548034.txt', 'match8488387.txt', 'match9664897.txt'])
      cpSync(`${REF_DIR}galaxy/${f}`, join(inputs, f));
  });

  test('one line naming the cause first, not the half-written SGFs gnuBG left', () => {
    for (const size of ['30k', '60k']) {
      const { runs: r } = onTmpfs(`size=${size}`, (d) => [
        {
          bdb: [
            'analyse',
            '--gnubg',
            GNUBG!,
            '--plies',
            '0',
            '--jobs',
            '2',
            '--no-progress',
            '--out',
            join(d, 'out'),
            inputs,
          ],
        },
      ]);
      expect(r[0]!.code, size).toBe(1);
      expect(oneLine(r[0]!), size).toMatch(/^bdb: \S+: cannot write the analysis \(no space left on/);
    }
  });

  test('--import into a library on a read-only file system: said once, the analyses written', () => {
    const out = join(tmp, 'analysed');
    const { runs: r } = onTmpfs('ro', (d) => [
      {
        bdb: [
          'analyse',
          '--gnubg',
          GNUBG!,
          '--plies',
          '0',
          '--no-progress',
          '--out',
          out,
          '--import',
          '--library',
          join(d, 'lib.duckdb'),
          inputs,
        ],
      },
    ]);
    expect(r[0]!.code).toBe(1);
    expect(oneLine(r[0]!)).toMatch(/^bdb: \S+lib\.duckdb: .*read-only file system \(EROFS\)$/);
    expect(r[0]!.stdout).toMatch(/: 4 analysed, .*, 4 failed, 0 imported/);
    expect(readdirSync(out).filter((f) => f.endsWith('.sgf'))).toHaveLength(4);
  });
});
