/**
 * The files commands write for the user (issue 37, item 3): `bdb export OUT --library L` with OUT = L
 * turned the library into Parquet, and every output replaced an existing file silently. Now an output is
 * never the library (through any link), its log or its sources, nor an input; an existing file is replaced
 * only with --force; a failed write leaves no half file (src/cli/output-file.ts).
 *
 * A write that fails part way is made with the shell's file size limit (`ulimit -f`, in KiB in bash): past
 * it a write fails with EFBIG (Node ignores SIGXFSZ, so the process lives on to clean up).
 */
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import {
  copyFileSync,
  existsSync,
  linkSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { locateGnubg } from '../../src/engine/gnubg.js';
import { BIN, call, callWith } from '../helpers/cli.js';
import { REF_DIR } from '../helpers/fixtures.js';

/** A match analysed by gnuBG 1.08 (test/reference-matches/README.md). */
const MATCH = `${REF_DIR}sgf/gbf_test.sgf`;

const tmp = mkdtempSync(join(tmpdir(), 'bdb-outputs-'));
const lib = join(tmp, 'lib.duckdb');
afterAll(() => rmSync(tmp, { recursive: true, force: true }));

beforeAll(async () => {
  const r = await call('import', MATCH, '--library', lib, '--no-progress');
  expect(r.code, r.stderr).toBe(0);
});

function sha(path: string): string {
  return createHash('sha256').update(readFileSync(path)).digest('hex');
}

/** `bdb ...args` run by bash under a file size limit of `kib` KiB. */
function limited(kib: number, ...args: string[]): { code: number | null; stderr: string } {
  const r = spawnSync('bash', ['-c', `ulimit -f ${kib} && exec "$0" "$@"`, process.execPath, BIN, ...args], {
    encoding: 'utf8',
    env: { ...process.env, NO_COLOR: '1' },
  });
  return { code: r.status, stderr: r.stderr };
}

/** A fresh folder under the test's own. */
let folders = 0;
function folder(): string {
  const d = join(tmp, `d${++folders}`);
  mkdirSync(d);
  return d;
}

describe('bdb export', () => {
  test('never writes over the library, by its path or through a link, nor its log or sources', async () => {
    const before = sha(lib);
    const d = folder();
    const soft = join(d, 'soft.parquet');
    symlinkSync(lib, soft);
    const hard = join(d, 'hard.parquet');
    linkSync(lib, hard);
    for (const out of [lib, soft, hard, `${lib}.wal`, join(`${lib}.sources`, 'x.parquet')]) {
      for (const force of [[], ['--force']]) {
        const r = await call('export', out, '--library', lib, ...force);
        expect(r.code, `${out} ${force}`).toBe(2);
        expect(r.stderr).toMatch(/^bdb: .*: is (the library|the write-ahead log|in the sources folder)/);
        expect(r.stderr.trim().split('\n')).toHaveLength(1);
      }
    }
    expect(sha(lib)).toBe(before);
    expect(existsSync(`${lib}.wal`)).toBe(false);
    expect(existsSync(join(`${lib}.sources`, 'x.parquet'))).toBe(false);
    // the library still reads
    expect((await call('stats', '--library', lib, '--json')).code).toBe(0);
  });

  test('an existing file is kept without --force, replaced with it', async () => {
    const d = folder();
    const out = join(d, 'out.csv');
    writeFileSync(out, 'keep me\n');
    const r = await call('export', out, '--library', lib);
    expect(r.code).toBe(1);
    expect(r.stderr).toBe(`bdb: ${out}: already exists (give --force to replace it)\n`);
    expect(readFileSync(out, 'utf8')).toBe('keep me\n');
    const forced = await call('export', out, '--library', lib, '--force');
    expect(forced.code, forced.stderr).toBe(0);
    // the same bytes as an export to a new file (two exports of a library are the same file: export.ts)
    const fresh = join(d, 'fresh.csv');
    expect((await call('export', fresh, '--library', lib)).code).toBe(0);
    expect(readFileSync(out, 'utf8')).toBe(readFileSync(fresh, 'utf8'));
    // nothing else left in the folder
    expect(readdirSync(d).sort()).toEqual(['fresh.csv', 'out.csv']);
  });

  test('a write that fails part way leaves no half file, and an old file whole', async () => {
    const d = folder();
    const whole = join(d, 'whole.csv');
    expect((await call('export', whole, '--library', lib)).code).toBe(0);
    const size = readFileSync(whole).length;
    expect(size).toBeGreaterThan(16 * 1024);
    const out = join(d, 'out.csv');
    const r = limited(8, 'export', out, '--library', lib);
    expect(r.code).toBe(1);
    expect(r.stderr.trim().split('\n')).toHaveLength(1);
    expect(r.stderr).toContain(`bdb: ${out}: cannot write`);
    expect(readdirSync(d)).toEqual(['whole.csv']);
    // over an existing file (--force): the old file stays whole
    writeFileSync(out, 'old\n');
    expect(limited(8, 'export', out, '--library', lib, '--force').code).toBe(1);
    expect(readFileSync(out, 'utf8')).toBe('old\n');
    expect(readdirSync(d).sort()).toEqual(['out.csv', 'whole.csv']);
  });
});

/** The commands writing a page (`--html`), each with the arguments naming what it reads. */
const PAGES: [string, (input: string) => string[]][] = [
  ['review', (input) => ['review', input]],
  ['progress', (input) => ['progress', input]],
  ['report', (input) => ['report', input]],
  // the tournament's folder of matches (its habitual level from the test's library)
  [
    'tournament review',
    (input) => ['tournament', 'review', '--matches', join(input, '..'), '--library', lib],
  ],
  // the standings of the match's event, read from its file
  ['tournament standings', (input) => ['tournament', 'standings', input]],
];

describe.each(PAGES)('bdb %s --html', (_name, command) => {
  /** A folder holding a copy of the match, and the copy. */
  function inputs(): { d: string; input: string } {
    const d = folder();
    const input = join(d, 'match.sgf');
    copyFileSync(MATCH, input);
    return { d, input };
  }

  test('an existing file is kept without --force, replaced with it; nothing left beside it', async () => {
    const { d, input } = inputs();
    const page = join(tmp, `page-${folders}.html`);
    writeFileSync(page, 'keep me\n');
    const r = await call(...command(input), '--html', page);
    expect(r.code).toBe(1);
    expect(r.stderr).toBe(`bdb: ${page}: already exists (give --force to replace it)\n`);
    expect(r.stdout).toBe('');
    expect(readFileSync(page, 'utf8')).toBe('keep me\n');
    const forced = await call(...command(input), '--html', page, '--force');
    expect(forced.code, forced.stderr).toBe(0);
    expect(readFileSync(page, 'utf8').startsWith('<!DOCTYPE html>')).toBe(true);
    expect(readdirSync(d)).toEqual(['match.sgf']);
  });

  test('never over an input nor the library, even with --force', async () => {
    const { input } = inputs();
    const before = sha(input);
    for (const force of [[], ['--force']]) {
      const r = await call(...command(input), '--html', input, ...force);
      expect(r.code).toBe(2);
      expect(r.stderr).toMatch(
        /^bdb: .*match\.sgf: is an input \(.*match\.sgf\); bdb does not write over it/,
      );
      expect(sha(input)).toBe(before);
    }
    // the library named by BDB_LIBRARY (the default one), through a hard link
    const libBefore = sha(lib);
    const hard = join(folder(), 'lib-link.html');
    linkSync(lib, hard);
    const l = await callWith({ env: { BDB_LIBRARY: lib } }, ...command(input), '--html', hard, '--force');
    expect(l.code).toBe(2);
    expect(l.stderr).toContain(`is the library ${lib}`);
    expect(sha(lib)).toBe(libBefore);
  });

  test('a write that fails part way leaves no half page', () => {
    const { d, input } = inputs();
    const page = join(d, 'page.html');
    const r = limited(2, ...command(input), '--html', page);
    expect(r.code).toBe(1);
    expect(r.stderr).toContain(`bdb: ${page}: cannot write: file too large (EFBIG)`);
    expect(readdirSync(d)).toEqual(['match.sgf']);
  });
});

describe('the library route', () => {
  test('report and progress --library L --html L: refused, the library unchanged', async () => {
    const before = sha(lib);
    for (const cmd of ['report', 'progress']) {
      const r = await call(cmd, '--library', lib, '--html', lib, '--force');
      expect(r.code, cmd).toBe(2);
      expect(r.stderr).toContain(`is the library ${lib}`);
    }
    expect(sha(lib)).toBe(before);
  });
});

describe('bdb merge', () => {
  test('a source that is the --into library through a link: refused, the library unchanged', async () => {
    const before = sha(lib);
    const d = folder();
    const soft = join(d, 'soft.duckdb');
    symlinkSync(lib, soft);
    const hard = join(d, 'hard.duckdb');
    linkSync(lib, hard);
    for (const source of [soft, hard]) {
      const r = await call('merge', source, '--into', lib);
      expect(r.code, source).toBe(2);
      expect(r.stderr).toBe(`bdb: ${source}: is the --into library itself (see bdb merge --help)\n`);
    }
    expect(sha(lib)).toBe(before);
  });
});

describe('bdb analyse', () => {
  /** A Backgammon Galaxy transcript gnuBG analyses (test/reference-matches/README.md, galaxy/). */
  const TRANSCRIPT = `${REF_DIR}galaxy/match926877.txt`;
  const GNUBG = locateGnubg(process.env.GNUBG, undefined);

  test('an SGF it did not make (no record beside it) is replaced only with --force', async () => {
    const d = folder();
    const input = join(d, 'in', 'm.txt');
    mkdirSync(join(d, 'in'));
    copyFileSync(TRANSCRIPT, input);
    const out = join(d, 'out');
    mkdirSync(out);
    const mine = join(out, 'm.sgf');
    writeFileSync(mine, 'my own file\n');
    const args = ['analyse', input, '--out', out, '--gnubg', GNUBG, '--plies', '0', '--no-progress'];
    const r = await call(...args);
    expect(r.code).toBe(1);
    expect(r.stderr).toContain(
      `bdb: ${mine}: exists and was not made by bdb analyse (no m.analysis.json nor m.stats.txt beside it); not replaced (give --force to replace it)\n`,
    );
    expect(readFileSync(mine, 'utf8')).toBe('my own file\n');
    expect(readdirSync(out)).toEqual(['m.sgf']);
    const forced = await call(...args, '--force');
    expect(forced.code, forced.stderr).toBe(0);
    expect(readFileSync(mine, 'utf8').startsWith('(;')).toBe(true);
    expect(readdirSync(out).sort()).toEqual(['m.analysis.json', 'm.sgf', 'm.stats.txt']);
  });

  test('never over its input, reached through a link, even with --force', async () => {
    const d = folder();
    const x = join(d, 'x');
    mkdirSync(x);
    copyFileSync(TRANSCRIPT, join(x, 'm.txt'));
    // an SGF holding no analysis, saved by gnuBG itself from the transcript
    const g = spawnSync(GNUBG, ['-t', '-q', '-r'], {
      cwd: x,
      input: 'import mat m.txt\nsave match m.sgf\n',
      encoding: 'utf8',
      timeout: 120_000,
    });
    expect(g.status).toBe(0);
    rmSync(join(x, 'm.txt'));
    const input = join(x, 'm.sgf');
    const before = sha(input);
    // d/link/m.sgf is x/m.sgf: with --out x its analysis would be written over it
    symlinkSync(x, join(d, 'link'));
    const viaLink = join(d, 'link', 'm.sgf');
    for (const force of [[], ['--force']]) {
      const r = await call(
        'analyse',
        viaLink,
        '--out',
        x,
        '--gnubg',
        GNUBG,
        '--plies',
        '0',
        '--no-progress',
        ...force,
      );
      expect(r.code).toBe(1);
      expect(r.stderr).toContain(
        `bdb: ${input}: is the input ${viaLink}; bdb does not write over it: give another --out\n`,
      );
      expect(sha(input)).toBe(before);
      expect(readdirSync(x)).toEqual(['m.sgf']);
    }
  });
});
