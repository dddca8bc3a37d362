/**
 * `bdb drill` does not hold the library while it waits for an answer: a session is started as a user runs
 * it (a process of its own, its standard input a pipe written one answer at a time), and while it waits on
 * its first question, then on its second, `bdb import` adds another match to the same library. Both imports
 * succeed at once (the lock wait is cut to 0.5 s, so a session holding the library would make them stop), and
 * both answers land: the one written before the second import and the one written after it.
 *
 * Real data: Llabba's matches (gnuBG 1.07.001 text exports, ../shared/reference-matches/gnubg-text-bglab,
 * the repository's copy in test/history/llabba): the drilled match is BoardLord - Llabba (three files, one
 * per game); the imported ones are Llabba - Iradch49 and sahlen - llabba (match1278964), one file each.
 */
import { type ChildProcessWithoutNullStreams, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BIN, call, callWith } from '../helpers/cli.js';

const DIR = fileURLToPath(new URL('../history/llabba', import.meta.url));
const DRILLED = 'BoardLord - Llabba 7pt Backgammon Studio 2023_08_09 18_11_07';
const FILES = ['', '_002', '_003'].map((s) => join(DIR, `${DRILLED}${s}.txt`));
const FIRST = join(DIR, 'Llabba - Iradch49 7pt Backgammon Studio 2023_05_15 18_07_54.txt');
const SECOND = join(DIR, 'match1278964.txt');
const tmp = mkdtempSync(join(tmpdir(), 'bdb-drill-lock-'));
const lib = join(tmp, 'llabba.duckdb');

beforeAll(async () => {
  const r = await call('import', ...FILES, '--library', lib, '--no-progress');
  expect(r.code, r.stderr).toBe(0);
}, 60_000);
afterAll(() => rmSync(tmp, { recursive: true, force: true }));

/** A running `bdb drill`: what it printed so far, and a wait for a text to appear in it. */
class Session {
  readonly child: ChildProcessWithoutNullStreams;
  stdout = '';
  stderr = '';
  readonly exited: Promise<number | null>;
  constructor(...args: string[]) {
    this.child = spawn(process.execPath, [BIN, ...args], {
      env: { ...process.env, NO_COLOR: '1', BDB_COLUMNS: '' },
    });
    this.child.stdout.on('data', (b: Buffer) => {
      this.stdout += b.toString('utf8');
    });
    this.child.stderr.on('data', (b: Buffer) => {
      this.stderr += b.toString('utf8');
    });
    this.exited = new Promise((resolve) => this.child.on('close', (code) => resolve(code)));
  }
  /** Waits until the output holds `text` `times` times (at most 60 s). */
  async waitFor(text: string, times: number): Promise<void> {
    const until = Date.now() + 60_000;
    while (this.stdout.split(text).length - 1 < times) {
      if (Date.now() > until || this.child.exitCode !== null)
        throw new Error(`no ${times}× ${JSON.stringify(text)} in: ${this.stdout}\n${this.stderr}`);
      await new Promise((r) => setTimeout(r, 50));
    }
  }
}

/** `bdb import FILE` into the drilled library, not waiting for a lock longer than 0.5 s. */
function importFile(file: string) {
  return callWith({ env: { BDB_LIBRARY_WAIT_MS: '500' } }, 'import', file, '--library', lib, '--no-progress');
}

describe('bdb drill and the library lock', () => {
  it('an import succeeds while the session waits on an answer; the answers before and after it land', async () => {
    const s = new Session('drill', '--library', lib, '--player', 'Llabba', '--limit', '2');
    try {
      // the first card: gnuBG's "Move number 22: Llabba to play 41" (file _002), best 6/2 4/3
      await s.waitFor('your play with', 1);
      const first = await importFile(FIRST);
      expect(first.code, first.stderr).toBe(0);
      expect(first.stdout).toMatch(/: 1 new/);
      s.child.stdin.write('6/2 4/3\n');
      // the second card: the 44 of game 1 (first file) bearing off, best 6/2(2) 4/off(2)
      await s.waitFor('your play with', 2);
      const second = await importFile(SECOND);
      expect(second.code, second.stderr).toBe(0);
      expect(second.stdout).toMatch(/: 1 new/);
      s.child.stdin.write('6/2(2) 4/off(2)\n');
      s.child.stdin.end();
      expect(await s.exited, s.stderr).toBe(0);
    } finally {
      if (s.child.exitCode === null) s.child.kill();
    }
    expect(s.stdout).toContain('your play with 41? 6/2 4/3\nright: 6/2 4/3\n');
    expect(s.stdout).toMatch(/\n2 answered, 2 right; next due /);
    const count = await call(
      'sql',
      'SELECT (SELECT count(*) FROM matches) AS m, (SELECT count(*) FROM drill_answers) AS a',
      '--library',
      lib,
      '--csv',
    );
    // three matches: the drilled one and the two imported during the session; two answers
    expect(count.stdout).toBe('m,a\n3,2\n');
  }, 120_000);
});
