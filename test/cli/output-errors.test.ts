/**
 * Output that cannot be written (issue 14): a closed pipe ends the run quietly (exit 0), a full disk is one
 * line and exit 1, never a Node stack trace; and `bin/bdb.js` before a build says to build in one line.
 * The pipe is a real one, closed by its reader after the first chunk; the full disk is /dev/full (Linux:
 * every write to it fails with ENOSPC).
 */
import { spawn, spawnSync } from 'node:child_process';
import { closeSync, copyFileSync, mkdirSync, mkdtempSync, openSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, test } from 'vitest';
import { BIN } from '../helpers/cli.js';
import { REF_DIR } from '../helpers/fixtures.js';

const TEST_XG = `${REF_DIR}xg/test.xg`;
const tmp = mkdtempSync(join(tmpdir(), 'bdb-output-'));
afterAll(() => rmSync(tmp, { recursive: true, force: true }));

const FULL = 'bdb: cannot write the output: no space left on device (ENOSPC)\n';

/** Runs bdb with its standard output on /dev/full. */
function toFullDisk(...args: string[]): { code: number | null; stderr: string } {
  const fd = openSync('/dev/full', 'w');
  try {
    const r = spawnSync(process.execPath, [BIN, ...args], {
      stdio: ['ignore', fd, 'pipe'],
      encoding: 'utf8',
      timeout: 120_000,
    });
    return { code: r.status, stderr: r.stderr };
  } finally {
    closeSync(fd);
  }
}

describe('output that cannot be written', () => {
  test('a reader closing the pipe early (bdb stats … | head -1): exit 0, nothing on stderr but bdb lines', async () => {
    // the 26 gnuBG reference matches print about 130 KB of tables: more than a pipe holds (64 KB)
    const child = spawn(process.execPath, [BIN, 'stats', `${REF_DIR}gnubg`], {
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stderr = '';
    child.stderr.setEncoding('utf8').on('data', (s: string) => {
      stderr += s;
    });
    let first = '';
    child.stdout.once('data', (chunk: Buffer) => {
      first = chunk.toString('utf8');
      child.stdout.destroy(); // the reader goes away: bdb's next write meets EPIPE
    });
    const code = await new Promise<number | null>((done) => child.on('close', (c) => done(c)));
    expect(first.length).toBeGreaterThan(0);
    expect(code).toBe(0);
    expect(stderr).not.toMatch(/Error|\n\s+at /);
    for (const line of stderr.split('\n').filter((l) => l !== '')) expect(line).toMatch(/^bdb: /);
    // the run ends at the write that fails: the summary printed once every file is read never comes
    expect(stderr).not.toContain('set aside');
  });

  test.each([
    ['stats', TEST_XG],
    ['stats', '--json', TEST_XG],
    ['biases', TEST_XG],
    ['plan', TEST_XG],
    ['review', TEST_XG],
    ['progress', TEST_XG],
    ['--help'],
  ])('bdb %s … on a full disk: one line, exit 1', (...args) => {
    const r = toFullDisk(...args);
    expect(r.code).toBe(1);
    expect(r.stderr).toBe(FULL);
  });

  test.each([['review'], ['progress']])(
    'bdb %s --html on a full disk: one line naming the file, exit 1',
    (cmd) => {
      const r = spawnSync(process.execPath, [BIN, cmd, '--html', '/dev/full', TEST_XG], { encoding: 'utf8' });
      expect(r.status).toBe(1);
      expect(r.stderr).toBe('bdb: /dev/full: cannot write: no space left on device (ENOSPC)\n');
    },
  );

  test('before a build (no dist/ beside bin/): one line saying to build, exit 1', () => {
    const bin = join(tmp, 'checkout', 'bin');
    mkdirSync(bin, { recursive: true });
    copyFileSync(BIN, join(bin, 'bdb.js'));
    const r = spawnSync(process.execPath, [join(bin, 'bdb.js'), 'stats', TEST_XG], { encoding: 'utf8' });
    expect(r.status).toBe(1);
    expect(r.stdout).toBe('');
    expect(r.stderr).toBe('bdb: not built yet (dist/ is missing): run npm run build, then bdb again\n');
  });
});
