/**
 * `bdb stats --jobs N` (issue 15, item 4): worker threads parse and report the files, the main thread hands
 * the reports on in input order. Whatever N, the output is byte for byte that of the main thread alone
 * (`--jobs 0`): on every reference match, as JSON and as tables, with copies, other readings, failures, a
 * filter and a player named; and without `--jobs`, where a folder of 100 units or more has workers (issue 40).
 */
import { copyFileSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, test } from 'vitest';
import { call } from '../helpers/cli.js';
import { REF_DIR } from '../helpers/fixtures.js';

const dir = mkdtempSync(join(tmpdir(), 'bdb-jobs-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** Runs stats with `--jobs 0` and with each other N; every run gives the same code, stdout and stderr. */
async function same(args: string[], jobs = ['1', '2', '3']): Promise<void> {
  const alone = await call('stats', ...args, '--jobs', '0');
  expect(alone.stdout.length).toBeGreaterThan(0);
  for (const n of jobs) {
    const r = await call('stats', ...args, '--jobs', n);
    expect(r.code, `--jobs ${n}`).toBe(alone.code);
    expect(r.stderr, `--jobs ${n}`).toBe(alone.stderr);
    expect(r.stdout === alone.stdout, `--jobs ${n}: stdout differs`).toBe(true);
  }
}

describe('stats --jobs', () => {
  test('every reference match: the same JSON, byte for byte', async () => {
    await same(['--json', REF_DIR]);
  }, 300_000);

  test('without --jobs, workers by default on the reference matches (105 units): the same JSON as --jobs 0', async () => {
    // poolSize gives workers from 100 units on more than one core (test/unit/cli/read-pool.test.ts)
    const alone = await call('stats', '--json', REF_DIR, '--jobs', '0');
    const byDefault = await call('stats', '--json', REF_DIR);
    expect(byDefault.code).toBe(alone.code);
    expect(byDefault.stderr).toBe(alone.stderr);
    expect(byDefault.stdout === alone.stdout, 'stdout differs').toBe(true);
  }, 300_000);

  test('every reference match: the same tables', async () => {
    await same([REF_DIR], ['2']);
  }, 300_000);

  test('copies, other readings, failures, a filter and a player: the same', async () => {
    const folder = join(dir, 'mixed');
    for (const sub of ['a', 'b', 'c']) mkdirSync(join(folder, sub), { recursive: true });
    // test.xg three times, its SGF and its transcript: one match, four set aside
    for (const sub of ['a', 'b', 'c']) copyFileSync(`${REF_DIR}xg/test.xg`, join(folder, sub, 'test.xg'));
    copyFileSync(`${REF_DIR}sgf/gbf_test.sgf`, join(folder, 'b', 'gbf_test.sgf'));
    copyFileSync(`${REF_DIR}mat/gbf_test.mat`, join(folder, 'c', 'gbf_test.mat'));
    // a damaged file and its copy: each fails with its own line
    writeFileSync(join(folder, 'a', 'bad.sgf'), '(;FF[4]GM[6]\n;W[31');
    writeFileSync(join(folder, 'b', 'bad.sgf'), '(;FF[4]GM[6]\n;W[31');
    for (const f of [
      'g0002.sgf',
      'g0002.txt',
      'g0002_002.txt',
      'g0002_003.txt',
      'g0002_004.txt',
      'g0071.sgf',
    ])
      copyFileSync(`${REF_DIR}gnubg/${f}`, join(folder, 'c', f));
    await same(['--json', folder]);
    await same(['--json', '--length', '7', folder], ['2']);
    await same(['--json', '--player', 'kévin unger', folder], ['2']);
    await same(['--json', '--all-readings', folder], ['2']);
  }, 300_000);

  test('a bad --jobs is a usage error', async () => {
    const r = await call('stats', '--jobs', 'many', `${REF_DIR}xg/test.xg`);
    expect(r.code).toBe(2);
    expect(r.stderr).toContain('--jobs expects a whole number from 0 to 64');
  });
});
