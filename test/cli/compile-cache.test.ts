/**
 * bin/bdb.js's code cache (issue 40: `bdb stats` on one match against bare node): the first run of a
 * command by a build writes one cache file, named by the build's hash, the Node version and the command,
 * in the user's folder; the next runs read it and print the same bytes; a cache V8 refuses (another
 * build's, or damaged) is written anew, never an error; `BDB_COMPILE_CACHE=off` writes nothing, and a
 * folder that cannot be written costs the cache, not the run.
 */
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, test } from 'vitest';
import { bdbWith } from '../helpers/cli.js';
import { REF_DIR } from '../helpers/fixtures.js';

const TEST_XG = `${REF_DIR}xg/test.xg`;
const tmp = mkdtempSync(join(tmpdir(), 'bdb-compile-cache-'));
afterAll(() => rmSync(tmp, { recursive: true, force: true }));

/** The build's hash, as the bundle's first line gives it. */
const BUILD = /^\/\/ bdb-cli ([0-9a-f]{16})\n/.exec(
  readFileSync(new URL('../../dist/bundle/cli.cjs', import.meta.url), 'utf8'),
)?.[1];

function statsIn(folder: string): ReturnType<typeof bdbWith> {
  return bdbWith({ env: { BDB_COMPILE_CACHE: folder } }, 'stats', '--json', TEST_XG);
}

describe('the code cache of bin/bdb.js', () => {
  test('written once per build and command, read back with the same output', () => {
    expect(BUILD).toMatch(/^[0-9a-f]{16}$/);
    const folder = join(tmp, 'cache');
    const first = statsIn(folder);
    expect(first.code).toBe(0);
    expect(first.stderr).toBe('');
    const files = readdirSync(folder);
    expect(files).toEqual([`${BUILD}-${process.version}-${process.arch}-stats.bin`]);
    const written = readFileSync(join(folder, files[0]!));
    expect(written.length).toBeGreaterThan(0);
    const second = statsIn(folder);
    expect(second).toEqual(first);
    // read, not written again
    expect(readFileSync(join(folder, files[0]!)).equals(written)).toBe(true);
    // XG 2.19 shows PR 7.79 / 13.87 for test.xg (test/reference-matches/README.md)
    const prs = (JSON.parse(second.stdout) as { players: { pr: number }[] }).players.map((p) =>
      p.pr.toFixed(2),
    );
    expect(prs.sort()).toEqual(['13.87', '7.79']);
  });

  test('a damaged cache is refused by V8 and written anew; the output is the same', () => {
    const folder = join(tmp, 'damaged');
    const clean = statsIn(folder);
    const file = join(folder, readdirSync(folder)[0]!);
    writeFileSync(file, Buffer.alloc(4096, 7));
    const run = statsIn(folder);
    expect(run).toEqual(clean);
    expect(readFileSync(file).equals(Buffer.alloc(4096, 7))).toBe(false);
  });

  test('off: no cache written; an unwritable folder: the run as without one', () => {
    const off = bdbWith(
      { env: { BDB_COMPILE_CACHE: 'off', XDG_CACHE_HOME: join(tmp, 'xdg') } },
      'stats',
      TEST_XG,
    );
    expect(off.code).toBe(0);
    expect(() => readdirSync(join(tmp, 'xdg'))).toThrow();
    // a folder under a plain file cannot be made, whoever runs the tests (root too)
    const plain = join(tmp, 'plain-file');
    writeFileSync(plain, 'not a folder');
    const run = statsIn(join(plain, 'cache'));
    expect(run.code).toBe(0);
    expect(run.stderr).toBe('');
  });
});
