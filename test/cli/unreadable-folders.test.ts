/**
 * A folder that cannot be listed, deep in a folder given to bdb, is reported by its own path, once, and
 * counted as a failed input; every other file under the folder given is read (issue 37, item 2: one
 * unreadable `lost+found` made `bdb stats deep` and `bdb import deep` read nothing and name `deep`).
 *
 * Permissions do not stop root (tests run as root in CI), so the folder that cannot be listed whoever runs
 * the test is one whose path is longer than Linux's PATH_MAX (4,096 bytes with its terminating NUL, <linux/
 * limits.h>): open and stat fail with ENAMETOOLONG. A `lost+found` at mode 000 is there as well: unreadable
 * unless the test runs as root, which the test asks the system before it says what to expect.
 */
import { spawnSync } from 'node:child_process';
import { chmodSync, copyFileSync, mkdirSync, mkdtempSync, opendirSync, renameSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, test } from 'vitest';
import { call } from '../helpers/cli.js';
import { REF_DIR } from '../helpers/fixtures.js';

/** Five different matches (gnuBG 1.08-made SGF files of the reference set, README there). */
const MATCH = ['g0011', 'g0012', 'g0016', 'g0022', 'g0027'].map((g) => `${REF_DIR}gnubg/${g}.sgf`);

/** Linux's PATH_MAX, the NUL included (<linux/limits.h>). */
const PATH_MAX = 4096;

/** A folder name of 250 bytes (NAME_MAX is 255). */
const LONG = 'l'.repeat(250);

const root = mkdtempSync(join(tmpdir(), 'bdb-unreadable-'));
const deep = join(root, 'deep');
const lostFound = join(deep, 'x', 'y', 'lost+found');

/**
 * deep/a.sgf, deep/x/z/b.sgf, deep/x/y/lost+found/c.sgf (mode 000), deep/x/long/d.sgf and, 17 folders of
 * 250-byte names below deep/x/long, e.sgf. The chain is built from its bottom up under short names and moved
 * into place, as no path given to the system may pass PATH_MAX. Returns the folders of the chain, top first.
 */
function build(): string[] {
  mkdirSync(join(deep, 'x', 'z'), { recursive: true });
  mkdirSync(lostFound, { recursive: true });
  copyFileSync(MATCH[0]!, join(deep, 'a.sgf'));
  copyFileSync(MATCH[1]!, join(deep, 'x', 'z', 'b.sgf'));
  copyFileSync(MATCH[2]!, join(lostFound, 'c.sgf'));
  const work = join(root, 'work');
  mkdirSync(work);
  copyFileSync(MATCH[4]!, join(work, 'e.sgf'));
  const levels = 17;
  for (let i = 0; i < levels; i++) {
    const wrap = join(root, 'wrap');
    mkdirSync(wrap);
    renameSync(work, join(wrap, LONG));
    renameSync(wrap, work);
  }
  copyFileSync(MATCH[3]!, join(work, 'd.sgf'));
  renameSync(work, join(deep, 'x', 'long'));
  chmodSync(lostFound, 0o000);
  const chain = [join(deep, 'x', 'long')];
  for (let i = 0; i < levels; i++) chain.push(join(chain.at(-1)!, LONG));
  return chain;
}

const chain = build();

afterAll(() => {
  chmodSync(lostFound, 0o755);
  // coreutils' rm walks a tree deeper than PATH_MAX (Node's rmSync gives names whole to the system)
  spawnSync('rm', ['-rf', root]);
});

/** Whether this process can list `lost+found` (mode 000): only with root's powers. */
function canList(dir: string): boolean {
  try {
    opendirSync(dir).closeSync();
    return true;
  } catch {
    return false;
  }
}

/** The first folder of the chain whose path the system refuses: the one bdb cannot list. */
const tooLong = chain.find((d) => d.length + 1 > PATH_MAX)!;

/** The lines bdb is expected to print for the folders it cannot list, and how many matches it reads. */
function expected(): { lines: string[]; read: number } {
  // in name order: deep/x/long before deep/x/y
  const lines = [`${tooLong}: the path is too long to open`];
  if (canList(lostFound)) return { lines, read: 4 };
  return { lines: [...lines, `${lostFound}: permission denied`], read: 3 };
}

/** A message as bdb prints it: after `bdb: `, at most 1,000 characters (src/cli/failure.ts oneLine). */
function asPrinted(message: string): string {
  return `bdb: ${message.length > 1000 ? `${message.slice(0, 999)}…` : message}`;
}

describe('a folder that cannot be listed inside a folder given', () => {
  test('the chain passes PATH_MAX below deep/x/long, not before', () => {
    expect(tooLong).toBeDefined();
    expect(chain.indexOf(tooLong)).toBeGreaterThan(1);
  });

  test('stats reads every other match and names the folder, once, as a failed input', async () => {
    const want = expected();
    const r = await call('stats', deep, '--json');
    expect(r.code).toBe(1);
    const j = JSON.parse(r.stdout) as { matches: unknown[]; failures: { file: string; message: string }[] };
    expect(j.matches).toHaveLength(want.read);
    const lines = r.stderr.trimEnd().split('\n');
    expect(lines.slice(0, -1)).toEqual(want.lines.map(asPrinted));
    // the batch's summary counts the folder with the files (src/cli/commands/stats.ts)
    const failed = want.lines.length;
    expect(lines.at(-1)).toBe(`bdb: ${failed} of ${want.read + failed} inputs failed`);
    // the JSON names the folder whole (the printed line stops at 1,000 characters)
    expect(j.failures).toEqual(
      want.lines.map((message) => ({ file: message.slice(0, message.lastIndexOf(': ')), message })),
    );
  });

  test('import stores every other match and counts the folder as failed', async () => {
    const want = expected();
    const lib = join(root, 'lib.duckdb');
    const r = await call('import', deep, '--library', lib, '--no-progress');
    expect(r.code).toBe(1);
    for (const line of want.lines) expect(r.stderr).toContain(asPrinted(line));
    expect(r.stderr.split('\n').filter((l) => l.startsWith('bdb: '))).toHaveLength(want.lines.length);
    expect(r.stdout).toContain(`: ${want.read} new, 0 unchanged, 0 duplicate, ${want.lines.length} failed`);
  });
});
