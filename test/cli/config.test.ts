/**
 * `bdb config` and the configuration file ($XDG_CONFIG_HOME/bdb/config.json): keys and values checked, one
 * line for a bad key, value or file, and the order option > environment > file > bdb's default.
 */
import { mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { homedir, tmpdir } from 'node:os';
import { join } from 'node:path';
import { beforeEach, describe, expect, it } from 'vitest';
import { configPath } from '../../src/cli/config.js';
import type { JsonReport } from '../../src/report/json.js';
import { type BdbRun, callWith } from '../helpers/cli.js';
import { REF_DIR } from '../helpers/fixtures.js';

const TEST_XG = `${REF_DIR}xg/test.xg`;
const G0001 = `${REF_DIR}gnubg/g0001.sgf`;

let home: string;
let file: string;

/** `bdb` with its own configuration folder. */
async function run(...args: string[]): Promise<BdbRun> {
  return await callWith({ env: { XDG_CONFIG_HOME: home, BDB_LIBRARY: '' } }, ...args);
}

function json(r: BdbRun): JsonReport {
  expect(r.code, r.stderr).toBe(0);
  return JSON.parse(r.stdout) as JsonReport;
}

/** The one line a run printed on stderr. */
function oneLine(r: BdbRun): string {
  const lines = r.stderr.trimEnd().split('\n');
  expect(lines, r.stderr).toHaveLength(1);
  return lines[0]!;
}

beforeEach(() => {
  home = mkdtempSync(join(tmpdir(), 'bdb-config-'));
  file = join(home, 'bdb', 'config.json');
});

describe('the file', () => {
  it('is $XDG_CONFIG_HOME/bdb/config.json, else ~/.config/bdb/config.json (a relative XDG path is ignored)', () => {
    expect(configPath({ XDG_CONFIG_HOME: '/x' })).toBe('/x/bdb/config.json');
    expect(configPath({})).toBe(join(homedir(), '.config/bdb/config.json'));
    expect(configPath({ XDG_CONFIG_HOME: '' })).toBe(join(homedir(), '.config/bdb/config.json'));
    expect(configPath({ XDG_CONFIG_HOME: 'rel' })).toBe(join(homedir(), '.config/bdb/config.json'));
  });
});

describe('bdb config set, get, list, unset', () => {
  it('writes each key to the file and reads it back', async () => {
    expect((await run('config', 'set', 'player', 'Kévin Unger')).stdout).toBe('player = Kévin Unger\n');
    expect((await run('config', 'set', 'aliases', 'Kévin Unger=K. Unger', 'Niels=Niels B.')).code).toBe(0);
    expect((await run('config', 'set', 'thresholds', 'gnubg')).code).toBe(0);
    // a relative library path is taken from the folder bdb runs in
    expect(
      (
        await callWith(
          { env: { XDG_CONFIG_HOME: home }, cwd: home },
          'config',
          'set',
          'library',
          'lib.duckdb',
        )
      ).code,
    ).toBe(0);
    expect(JSON.parse(readFileSync(file, 'utf8'))).toEqual({
      player: 'Kévin Unger',
      aliases: { 'Kévin Unger': ['K. Unger'], Niels: ['Niels B.'] },
      thresholds: 'gnubg',
      library: join(home, 'lib.duckdb'),
    });
    expect((await run('config', 'get', 'player')).stdout).toBe('Kévin Unger\n');
    expect((await run('config', 'get', 'aliases')).stdout).toBe('Kévin Unger=K. Unger\nNiels=Niels B.\n');
    const list = await run('config', 'list');
    expect(list.code).toBe(0);
    expect(list.stdout).toContain(`Configuration: ${file}\n`);
    expect(list.stdout).toMatch(/^thresholds +gnubg$/m);
    expect((await run('config', 'unset', 'player')).code).toBe(0);
    const get = await run('config', 'get', 'player');
    expect(get.code).toBe(1);
    expect(get.stdout).toBe('');
    expect(oneLine(get)).toBe('bdb: player is not set (bdb config set player ...)');
    expect((await run('config', 'list')).stdout).toMatch(/^player +not set$/m);
  });

  it('a bad key or value: one line, exit 2, the file untouched', async () => {
    await run('config', 'set', 'thresholds', 'xg');
    const before = readFileSync(file, 'utf8');
    for (const [args, line] of [
      [
        ['get', 'colour'],
        "bdb: key 'colour' is not one of player, aliases, thresholds, library, gnubg (see bdb config get --help)",
      ],
      [
        ['set', 'colour', 'red'],
        "bdb: key 'colour' is not one of player, aliases, thresholds, library, gnubg (see bdb config set --help)",
      ],
      [
        ['unset', 'colour'],
        "bdb: key 'colour' is not one of player, aliases, thresholds, library, gnubg (see bdb config unset --help)",
      ],
      [
        ['set', 'thresholds', 'snowie'],
        'bdb: config set thresholds: expected xg, gnubg, blunderdb, got "snowie" (see bdb config set --help)',
      ],
      [
        ['set', 'player', 'A', 'B'],
        'bdb: config set player takes one value, got 2 (see bdb config set --help)',
      ],
      [
        ['set', 'aliases', 'Niels'],
        'bdb: config set aliases expects NAME=OTHER, got "Niels" (see bdb config set --help)',
      ],
      [
        ['set', 'aliases', 'A=X', 'B=X'],
        `bdb: ${file}: aliases: "X" is given to both "A" and "B" (see bdb config --help)`,
      ],
    ] as const) {
      const r = await run('config', ...args);
      expect(r.code, args.join(' ')).toBe(2);
      expect(oneLine(r)).toBe(line);
    }
    expect(readFileSync(file, 'utf8')).toBe(before);
  });
});

describe('a file bdb cannot use stops every command with one line naming it (exit 2)', () => {
  const cases: [string, string, string][] = [
    [
      'not JSON',
      '{\n  "player": "x",\n  "thresholds": gnubg\n}\n',
      ":3:17: not valid JSON: unexpected 'g'; fix it or remove the file",
    ],
    [
      'a trailing comma',
      '{\n  "player": "x",\n}\n',
      ':3:1: not valid JSON: expected double-quoted property name; fix it or remove the file',
    ],
    ['not an object', '["x"]', ': expected a JSON object of settings, such as {"player": "Your Name"}'],
    [
      'an unknown key',
      '{"colour": "red"}',
      ': unknown key "colour" (the keys are player, aliases, thresholds, library, gnubg)',
    ],
    ['a bad preset', '{"thresholds": "snowie"}', ': thresholds: expected xg, gnubg, blunderdb, got "snowie"'],
    [
      'a relative library',
      '{"library": "lib.duckdb"}',
      ': library: expected an absolute path (or ~/...), got "lib.duckdb"',
    ],
    ['an empty name', '{"player": " "}', ': player: expected a name, got " "'],
    [
      'aliases not lists',
      '{"aliases": {"A": "B"}}',
      ': aliases: "A": expected a list of other spellings, such as ["A"]',
    ],
  ];
  for (const [what, text, message] of cases) {
    it(what, async () => {
      mkdirSync(join(home, 'bdb'));
      writeFileSync(file, text);
      for (const args of [
        ['stats', TEST_XG],
        ['sql', 'SELECT 1'],
        ['config', 'list'],
      ]) {
        const r = await run(...args);
        expect(r.code, args.join(' ')).toBe(2);
        expect(r.stdout).toBe('');
        expect(oneLine(r)).toBe(`bdb: ${file}${message} (see bdb config --help)`);
      }
    });
  }

  it('bdb config unset mends an unknown key; an empty file sets nothing', async () => {
    mkdirSync(join(home, 'bdb'));
    writeFileSync(file, '{"player": "Niels", "colour": "red"}');
    expect((await run('config', 'unset', 'colour')).code).toBe(0);
    expect(JSON.parse(readFileSync(file, 'utf8'))).toEqual({ player: 'Niels' });
    writeFileSync(file, '');
    expect((await run('config', 'list')).stdout).toMatch(/^player +not set/m);
  });
});

describe('the order: option > environment > configuration > default', () => {
  it('player: the default --player; --player replaces it; --no-player sets it aside', async () => {
    await run('config', 'set', 'player', 'Kévin Unger');
    // PR 7.79 and 13.87: eXtreme Gammon's own display for test.xg (test/reference-matches/README.md)
    const mine = json(await run('stats', TEST_XG, '--json'));
    expect(mine.players.map((p) => [p.player, Number(p.pr!.toFixed(2))])).toEqual([['Kévin Unger', 7.79]]);
    const other = json(await run('stats', TEST_XG, '--json', '--player', 'Maxence Job'));
    expect(other.players.map((p) => [p.player, Number(p.pr!.toFixed(2))])).toEqual([['Maxence Job', 13.87]]);
    const all = json(await run('stats', TEST_XG, '--json', '--no-player'));
    expect(all.players.map((p) => p.player).sort()).toEqual(['Kévin Unger', 'Maxence Job']);
  });

  it('thresholds: the default --thresholds; --thresholds replaces it', async () => {
    await run('config', 'set', 'thresholds', 'gnubg');
    expect(json(await run('stats', G0001, '--json')).settings.thresholds.preset).toBe('gnubg');
    expect(
      json(await run('stats', G0001, '--json', '--thresholds', 'blunderdb')).settings.thresholds.preset,
    ).toBe('blunderdb');
  });

  it('aliases: added before --alias, which wins for the same spelling', async () => {
    // g0001.sgf's players are "Zoë Ångström" and "Niels" (test/reference-matches/README.md)
    await run('config', 'set', 'aliases', 'Niels Bohr=Niels');
    const names = (r: BdbRun) =>
      json(r)
        .players.map((p) => p.player)
        .sort();
    expect(names(await run('stats', G0001, '--json'))).toEqual(['Niels Bohr', 'Zoë Ångström']);
    expect(names(await run('stats', G0001, '--json', '--alias', 'N.=Niels'))).toEqual(['N.', 'Zoë Ångström']);
  });

  it('library: --library PATH, else $BDB_LIBRARY, else the configuration, else the XDG data folder', async () => {
    const configured = join(home, 'configured.duckdb');
    const data = join(home, 'data');
    const sql = async (env: Record<string, string>, ...more: string[]) =>
      oneLine(
        await callWith(
          { env: { XDG_CONFIG_HOME: home, XDG_DATA_HOME: data, BDB_LIBRARY: '', ...env } },
          'sql',
          'SELECT 1',
          ...more,
        ),
      );
    // no library exists anywhere: the message names the file bdb chose
    expect(await sql({})).toContain(`bdb: ${join(data, 'bdb', 'library.duckdb')}: no library here`);
    await run('config', 'set', 'library', configured);
    expect(await sql({})).toContain(`bdb: ${configured}: no library here`);
    expect(await sql({ BDB_LIBRARY: join(home, 'env.duckdb') })).toContain(
      `bdb: ${join(home, 'env.duckdb')}: no library here`,
    );
    expect(
      await sql({ BDB_LIBRARY: join(home, 'env.duckdb') }, '--library', join(home, 'option.duckdb')),
    ).toContain(`bdb: ${join(home, 'option.duckdb')}: no library here`);
  });
});
