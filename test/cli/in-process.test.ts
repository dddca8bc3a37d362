/**
 * The tests run `bdb` in their own process (`call`, test/helpers/cli.ts over `run` in src/cli/main.ts); this
 * checks that such a run prints and returns exactly what the built command does when started as a process
 * (`bdb`): the same exit code, standard output and standard error, byte for byte, for output of every kind
 * (tables, JSON, help, usage errors, failed inputs, --ascii, the library, worker threads), and that runs one
 * after another in one process do not leak into each other (--ascii, the configuration).
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, expect, test } from 'vitest';
import { bdb, bdbWith, call, callWith } from '../helpers/cli.js';
import { REF_DIR } from '../helpers/fixtures.js';

const tmp = mkdtempSync(join(tmpdir(), 'bdb-in-process-'));
afterAll(() => rmSync(tmp, { recursive: true, force: true }));
const XG = `${REF_DIR}xg/test.xg`;
const LIB = join(tmp, 'lib.duckdb');

const RUNS: readonly (readonly string[])[] = [
  ['stats', XG],
  ['stats', XG, '--json'],
  ['stats', `${REF_DIR}xg`, '--jobs', '2', '--json'],
  ['stats', '--ascii', XG],
  ['stats', XG],
  ['stats', 'no-such-file.xg', XG],
  ['stats', '--no-such-option'],
  ['--help'],
  ['review', '--help'],
  ['--version'],
  ['biases', XG],
  ['review', XG, '--json'],
  ['sql', 'SELECT count(*) AS n FROM decisions', '--library', LIB, '--csv'],
  ['sql', 'SELECT 1', '--csv', '--json', '--library', LIB],
  ['sql', 'DROP TABLE decisions', '--library', LIB],
];

test('bdb import: the same in this process, into a library of its own', async () => {
  const started = bdb('import', XG, '--library', LIB, '--no-progress');
  const other = join(tmp, 'other.duckdb');
  const here = await call('import', XG, '--library', other, '--no-progress');
  expect({ ...here, stdout: here.stdout.replace(other, LIB) }).toEqual(started);
  expect(started.stdout).toContain(': 1 new, 0 unchanged');
});

test.each(RUNS.map((args) => [args.join(' '), args] as const))(
  'bdb %s: the same in this process',
  async (_, args) => {
    const started = bdb(...args);
    expect(await call(...args)).toEqual(started);
  },
);

test('a width and a configuration given to one run only', async () => {
  const config = join(tmp, 'config');
  writeFileSync(join(tmp, 'config.json'), '');
  const env = { BDB_COLUMNS: '60', XDG_CONFIG_HOME: config };
  expect(await callWith({ env }, 'stats', XG)).toEqual(bdbWith({ env }, 'stats', XG));
  expect(process.env.BDB_COLUMNS).toBeUndefined();
  expect(await call('stats', XG)).toEqual(bdb('stats', XG));
});
