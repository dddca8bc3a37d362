/**
 * `--ascii` (issue 42: it drew the boards in ASCII but left the tables, charts and names in Unicode, and
 * wrote a Greek name as '????????'): the whole text output of `review`, `biases` and `plan` is plain
 * ASCII, tables line up, names are spelt in Latin letters; the JSON keeps the names as they are.
 * Files: test/reference-matches/gnubg/g0016.sgf (players `李雷` and `Δημήτρης`, gnubg-generated),
 * test/reference-matches/xg/test.xg (`Kévin Unger`).
 */
import { copyFileSync, mkdirSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Command } from 'commander';
import { beforeAll, describe, expect, test } from 'vitest';
import { buildProgram } from '../../src/cli/main.js';
import { type BdbRun, call, callWith } from '../helpers/cli.js';
import { REF_DIR } from '../helpers/fixtures.js';

const GREEK = `${REF_DIR}gnubg/g0016.sgf`;
const XG = `${REF_DIR}xg/test.xg`;

/** The lines of the output that are not plain ASCII. */
function notAscii(stdout: string): string[] {
  return stdout.split('\n').filter((l) => !/^[\x20-\x7e]*$/.test(l));
}

/** The tables of an output: runs of lines opening with '+' or '|' and closing with '+' or '|'. */
function tables(stdout: string): string[][] {
  const out: string[][] = [];
  let run: string[] = [];
  for (const l of [...stdout.split('\n'), '']) {
    if (/^[+|].*[+|]$/.test(l)) run.push(l);
    else {
      // a board is a run too, with text beside its frame: only a run whose lines all end the frame
      if (run.length >= 3 && /^\+[-+]+\+$/.test(run[0]!)) out.push(run);
      run = [];
    }
  }
  return out;
}

describe('--ascii: plain ASCII text', () => {
  test.each([
    ['review', GREEK],
    ['review', XG],
    ['biases', XG],
    ['plan', XG],
  ])('bdb %s %s --ascii: every line ASCII, every table lined up', async (cmd, file) => {
    const r = await call(cmd, file, '--ascii');
    expect(r.code, r.stderr).toBe(0);
    expect(notAscii(r.stdout)).toEqual([]);
    const found = tables(r.stdout);
    expect(found.length).toBeGreaterThan(0);
    for (const t of found) expect(new Set(t.map((l) => l.length)).size, t.join('\n')).toBe(1);
    // without --ascii the same output has Unicode rules
    expect(notAscii((await call(cmd, file)).stdout).length).toBeGreaterThan(0);
  });

  test('names spelt in Latin letters: Δημήτρης as Dimitris (was ????????), Kévin as Kevin', async () => {
    const greek = (await call('review', GREEK, '--ascii')).stdout;
    expect(greek).toContain('Dimitris');
    expect(greek).not.toContain('????????');
    // on the boards too: the player on roll's name under the frame
    expect(greek).toMatch(/^ {3}\+12-11.* X Dimitris$/m);
    expect((await call('review', XG, '--ascii')).stdout).toMatch(/^Kevin Unger$/m);
  });

  test('the JSON keeps every name as it is', async () => {
    const j = await call('review', GREEK, '--ascii', '--json');
    expect(j.code).toBe(0);
    expect(j.stdout).toContain('Δημήτρης');
    expect(j.stdout).toBe((await call('review', GREEK, '--json')).stdout);
  });
});

/**
 * `--ascii` on every command that prints text (issue 42 item 6: it was taken by review, biases and plan
 * only, `bdb stats --ascii` a usage error). Each run reads real files with accented names: test.xg (`Kévin
 * Unger`), g0001.sgf (`Zoë Ångström`, gnubg-generated) and g0016.sgf (`Δημήτρης`, `李雷`), in a folder named
 * `…Søren…` so that the paths in the summaries and messages are not ASCII either; the expected spellings
 * are those of src/core/text-ascii.ts's rules (é → e, ø → o, Δημήτρης → Dimitris), not bdb's output.
 */
describe('--ascii on every command with text output', () => {
  const G0001 = `${REF_DIR}gnubg/g0001.sgf`;
  let dir = '';
  let env: Record<string, string> = {};

  beforeAll(() => {
    dir = mkdtempSync(join(tmpdir(), 'bdb-ascii-Søren-'));
    env = { XDG_CONFIG_HOME: dir, BDB_LIBRARY: join(dir, 'bibliothèque.duckdb') };
    mkdirSync(join(dir, 'matchs-é'));
    copyFileSync(XG, join(dir, 'matchs-é', 'test.xg'));
  });

  /** `bdb ...args --ascii` in the temporary folder, with its own configuration and library. */
  const run = async (...args: string[]): Promise<BdbRun> =>
    await callWith({ env, cwd: dir }, ...args, '--ascii');

  /** Every byte of both outputs below 0x80, and every table lined up. */
  function expectAscii(r: BdbRun, what: string): void {
    expect(notAscii(r.stdout), `${what}: stdout`).toEqual([]);
    expect(notAscii(r.stderr), `${what}: stderr`).toEqual([]);
    for (const t of tables(r.stdout)) expect(new Set(t.map((l) => l.length)).size, t.join('\n')).toBe(1);
  }

  // in this order: the import makes the library the later commands read
  const cases: [string[], number, RegExp][] = [
    [['import', XG, G0001, GREEK], 0, /^Imported into .*bdb-ascii-Soren-.*bibliotheque\.duckdb/m],
    [['stats', XG, G0001, GREEK], 0, /Zoe Angstrom.*Dimitris|Dimitris[\s\S]*Zoe Angstrom/],
    [['stats', '--library'], 0, /Kevin Unger/],
    [['progress', '--library', '--player', 'Kévin Unger'], 0, /^Kevin Unger: progress/m],
    // a name that means nobody: said on stderr with the name it may mean
    [['progress', XG, '--player', 'Kévin'], 1, /did you mean 'Kevin Unger'/],
    [['study', 'mark', 'holding/checker/blots', '--date', '2023-07-01'], 0, /studied on 2023-07-01/],
    [['study', '--player', 'Kévin Unger'], 0, /Kevin Unger/],
    [['report', XG, '--html', 'page.html'], 0, /wrote page\.html/],
    [['sql', 'select player0, player1 from matches order by match_id'], 0, /\| Kevin Unger +\| Maxence Job/],
    [['alias', 'add', 'Kévin Unger', 'K. Ünger'], 0, /K\. Unger is counted as Kevin Unger/],
    [['alias', 'list'], 0, /Kevin Unger/],
    [['alias', 'remove', 'K. Ünger'], 0, /K\. Unger/],
    [['config', 'set', 'player', 'Zoë Ångström'], 0, /^player = Zoe Angstrom$/m],
    [['config', 'get', 'player'], 0, /^Zoe Angstrom$/m],
    [['config', 'list'], 0, /Zoe Angstrom/],
    [['config', 'unset', 'player'], 0, /player/],
    [['tournament', 'new', 'clüb.json', '--players', 'Søren,Zoë,Kévin,Ana'], 0, /^club\.json: "club"/m],
    [['tournament', 'pair', 'clüb.json'], 0, /\| Soren +\|/],
    [['tournament', 'result', 'clüb.json', '1', 'Søren', 'Zoë', '--winner', 'Søren'], 1, /"Soren" and "Zoe"/],
    [['tournament', 'standings', 'clüb.json'], 0, /\| Kevin +\|/],
    [['tournament', 'review', '--matches', 'matchs-é', '--player', 'Kévin Unger'], 0, /Kevin Unger/],
    [['export', 'décisions.csv'], 0, /to decisions\.csv/],
    [['merge', '--into', 'autre.duckdb', 'bibliothèque.duckdb'], 0, /bibliotheque\.duckdb/],
    [['analyse', XG, '--gnubg', 'gnübg'], 1, /gnubg/],
  ];

  test.each(cases)('bdb %j --ascii: both outputs plain ASCII', async (args, code, expected) => {
    const r = await run(...args);
    expect(r.code, r.stderr).toBe(code);
    expectAscii(r, args.join(' '));
    expect(`${r.stdout}${r.stderr}`).toMatch(expected);
  });

  test('the JSON and the CSV keep the names as they are; the messages on stderr are ASCII', async () => {
    const csv = await callWith({ env }, 'sql', 'select player0 from matches order by match_id', '--csv');
    expect(csv.stdout).toContain('Zoë Ångström');
    expect((await run('sql', 'select player0 from matches order by match_id', '--csv')).stdout).toBe(
      csv.stdout,
    );
    const json = await callWith({ env }, 'stats', XG, '--json');
    expect((await run('stats', XG, '--json')).stdout).toBe(json.stdout);
    const named = await run('stats', XG, '--json', '--player', 'Kévin');
    expect(named.code).toBe(1);
    expect(named.stderr).toMatch(/did you mean 'Kevin Unger'/);
    expect(notAscii(named.stderr)).toEqual([]);
  });

  test('every command that runs takes it and says it in its --help and in the completion scripts', async () => {
    const program = await buildProgram();
    const commands: [string[], Command][] = [];
    const walk = (cmd: Command, path: string[]): void => {
      for (const sub of cmd.commands) {
        const p = [...path, sub.name()];
        // a group (tournament, alias, config) has no option of its own; completion prints a script
        if ((sub.commands.length === 0 || sub.options.length > 0) && sub.name() !== 'completion')
          commands.push([p, sub]);
        walk(sub, p);
      }
    };
    walk(program, []);
    expect(commands.length).toBeGreaterThan(20);
    const bash = (await call('completion', 'bash')).stdout;
    for (const [p, cmd] of commands) {
      expect(cmd.helpInformation(), p.join(' ')).toMatch(/^ {2}--ascii +plain ASCII/m);
      const line = bash.split('\n').find((l) => l.trim().startsWith(`'/${p.join('/')}')`));
      expect(line, p.join(' ')).toMatch(/[' ]--ascii[' ]/);
    }
  });

  test.each([['stats'], ['biases'], ['tournament', 'review'], ['config', 'set']])(
    'bdb %s --help --ascii: the help in ASCII, within 80 columns',
    async (...path) => {
      expect(notAscii((await call(...path, '--help')).stdout).length).toBeGreaterThan(0);
      const r = await call(...path, '--help', '--ascii');
      expect(r.code).toBe(0);
      expect(notAscii(r.stdout)).toEqual([]);
      expect(r.stdout.split('\n').filter((l) => l.length > 80)).toEqual([]);
    },
  );
});
