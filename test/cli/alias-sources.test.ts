/**
 * Issue 42 item 4: the aliases of every source make one map — the library's stored ones (`bdb alias add`),
 * then the configuration's, then `--alias`, a later source winning for the same spelling — and a cycle or
 * a chain in that map is refused with one line naming both aliases and where each comes from (exit 2),
 * whichever sources they come from. The names are the files' own (test/reference-matches/xg-files.test.ts):
 * in xg/, 'Kévin UNGER' plays 3 files and 'Kévin Unger' test.xg.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, test } from 'vitest';
import { type BdbRun, callWith } from '../helpers/cli.js';
import { REF_DIR } from '../helpers/fixtures.js';

const XG = `${REF_DIR}xg`;
const UNGER = 'Kévin UNGER';
const Unger = 'Kévin Unger';

const tmp = mkdtempSync(join(tmpdir(), 'bdb-alias-sources-'));
afterAll(() => rmSync(tmp, { recursive: true, force: true }));
/** A library whose stored alias counts 'Kévin UNGER' as 'Kévin Unger'. */
const stored = join(tmp, 'stored.duckdb');
/** A library without stored aliases. */
const plain = join(tmp, 'plain.duckdb');
let home: string;
let config: string;

/** `bdb` with its own configuration folder. */
async function run(...args: string[]): Promise<BdbRun> {
  return await callWith({ env: { XDG_CONFIG_HOME: home, BDB_LIBRARY: '' } }, ...args);
}

beforeAll(async () => {
  home = mkdtempSync(join(tmp, 'home-'));
  for (const lib of [stored, plain]) expect((await run('import', XG, '--library', lib)).code).toBe(0);
  expect((await run('alias', 'add', Unger, UNGER, '--library', stored)).code).toBe(0);
});
beforeEach(() => {
  home = mkdtempSync(join(tmp, 'home-'));
  config = join(home, 'bdb', 'config.json');
});

const cycle = (a: string, b: string, fromA: string, fromB: string): string =>
  `'${a}' is counted as '${b}' (${fromA}) and '${b}' as '${a}' (${fromB}): together they would make a cycle (remove one of them)`;
const chain = (a: string, b: string, c: string, fromA: string, fromB: string): string =>
  `'${a}' is counted as '${b}' (${fromA}) and '${b}' as '${c}' (${fromB}): together they would make a chain, ` +
  `and a spelling is counted as a person in one step (count '${a}' as '${c}' instead)`;

describe('one alias map from every source: a cycle or a chain across sources is refused', () => {
  test('a stored alias reversed by --alias: one line naming both, exit 2, on every command reading the library', async () => {
    const line = `bdb: ${cycle(UNGER, Unger, `stored in the library ${stored}`, `--alias ${UNGER}=${Unger}`)}`;
    for (const cmd of ['stats', 'biases', 'plan', 'progress', 'study', 'report']) {
      const more = cmd === 'report' ? ['--html', join(tmp, 'r.html')] : [];
      const r = await run(cmd, '--library', stored, '--alias', `${UNGER}=${Unger}`, ...more);
      expect([cmd, r.code, r.stderr]).toEqual([cmd, 2, `${line} (see bdb ${cmd} --help)\n`]);
    }
  });

  test('a stored alias reversed by the configuration', async () => {
    expect((await run('config', 'set', 'aliases', `${UNGER}=${Unger}`)).code).toBe(0);
    const r = await run('stats', '--library', stored);
    expect([r.code, r.stderr]).toEqual([
      2,
      `bdb: ${cycle(UNGER, Unger, `stored in the library ${stored}`, `the configuration ${config}`)} (see bdb stats --help)\n`,
    ]);
  });

  test('chains: stored then --alias, configuration then --alias (on files too)', async () => {
    const a = await run('stats', '--library', stored, '--alias', `K. Unger=${Unger}`);
    expect([a.code, a.stderr]).toEqual([
      2,
      `bdb: ${chain(UNGER, Unger, 'K. Unger', `stored in the library ${stored}`, `--alias K. Unger=${Unger}`)} (see bdb stats --help)\n`,
    ]);
    expect((await run('config', 'set', 'aliases', `${Unger}=${UNGER}`)).code).toBe(0);
    for (const from of [[XG], ['--library', plain]]) {
      const b = await run('stats', ...from, '--alias', `K. Unger=${Unger}`);
      expect([b.code, b.stderr]).toEqual([
        2,
        `bdb: ${chain(UNGER, Unger, 'K. Unger', `the configuration ${config}`, `--alias K. Unger=${Unger}`)} (see bdb stats --help)\n`,
      ]);
    }
  });

  test('bdb alias add refuses an alias the configuration reverses, nothing stored', async () => {
    expect((await run('config', 'set', 'aliases', `${UNGER}=${Unger}`)).code).toBe(0);
    const r = await run('alias', 'add', Unger, UNGER, '--library', plain);
    expect([r.code, r.stderr]).toEqual([
      2,
      `bdb: alias add: ${cycle(UNGER, Unger, 'bdb alias add', `the configuration ${config}`)}\n`,
    ]);
    expect(JSON.parse((await run('alias', 'list', '--library', plain, '--json')).stdout).aliases).toEqual([]);
  });

  test('a later source wins for the same spelling: no conflict', async () => {
    // stored: 'Kévin UNGER' as 'Kévin Unger'; --alias counts it as 'K. U.' instead
    const r = await run('stats', '--library', stored, '--alias', `K. U.=${UNGER}`, '--json');
    expect(r.code, r.stderr).toBe(0);
    const players = (JSON.parse(r.stdout) as { players: { player: string }[] }).players.map((p) => p.player);
    expect(players).toContain('K. U.');
    expect(players).toContain(Unger);
    expect(players).not.toContain(UNGER);
  });

  test('the configuration’s aliases count in the per-person table of a library without stored ones', async () => {
    // merged, the person plays the 4 files (3 + test.xg): not the stored totals of two persons
    expect((await run('config', 'set', 'aliases', `${Unger}=${UNGER}`)).code).toBe(0);
    const r = await run('stats', '--library', plain, '--no-matches', '--player', Unger);
    expect([r.code, r.stderr]).toEqual([0, '']);
    expect(r.stdout).toContain('Players over 4 matches\n');
  });
});
