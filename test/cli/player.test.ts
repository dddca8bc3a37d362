/**
 * `--player NAME` in every command that takes it: only that person's matches are counted and listed. The
 * names are the files' own (test/reference-matches/xg-files.test.ts): in xg/, 'Kévin UNGER' plays
 * 1-Intermediate-Round1-Unger-Kozoman-11pt.xg, 2-Intermediate-Round2-Unger-Lahme-7pt.xg and
 * match_with_comment.xg (3 of the folder's 6 files); 'Kévin Unger' plays test.xg.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, join } from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { call } from '../helpers/cli.js';
import { REF_DIR } from '../helpers/fixtures.js';

const XG = `${REF_DIR}xg`;
const UNGER_FILES = [
  '1-Intermediate-Round1-Unger-Kozoman-11pt.xg',
  '2-Intermediate-Round2-Unger-Lahme-7pt.xg',
  'match_with_comment.xg',
];

interface Listing {
  matches: { file: string }[] | number;
  players: { player: string }[];
}

async function json(...args: string[]): Promise<Listing> {
  const r = await call(...args, '--json');
  expect(r.code).toBe(0);
  return JSON.parse(r.stdout) as Listing;
}

const tmp = mkdtempSync(join(tmpdir(), 'bdb-player-'));
const lib = join(tmp, 'xg.duckdb');
beforeAll(async () => {
  expect((await call('import', XG, '--library', lib)).code).toBe(0);
});
afterAll(() => rmSync(tmp, { recursive: true, force: true }));

describe('--player counts and lists only that person’s matches', () => {
  test('stats: "over 3 matches" and the JSON lists those 3, on files and on the library', async () => {
    for (const from of [[XG], ['--library', lib]]) {
      const r = await call('stats', ...from, '--player', 'Kévin UNGER');
      expect(r.code).toBe(0);
      expect(r.stdout).toContain('Players over 3 matches\n');
      const j = await json('stats', ...from, '--player', 'Kévin UNGER');
      expect((j.matches as { file: string }[]).map((m) => basename(m.file)).sort()).toEqual(UNGER_FILES);
      expect(j.players.map((p) => p.player)).toEqual(['Kévin UNGER']);
    }
    // the per-person table alone, from the library's stored totals
    const t = await call('stats', '--library', lib, '--no-matches', '--player', 'Kévin UNGER');
    expect(t.stdout).toContain('Players over 3 matches\n');
    // two persons: the matches of either
    expect((await call('stats', XG, '--player', 'Kévin UNGER', '--player', 'Kévin Unger')).stdout).toContain(
      'Players over 4 matches\n',
    );
  });

  test('biases and plan: "over 3 matches", and 3 in the JSON, on files and on the library', async () => {
    for (const from of [[XG], ['--library', lib]]) {
      expect((await call('biases', ...from, '--player', 'Kévin UNGER')).stdout).toContain(
        'Signed biases over 3 matches\n',
      );
      expect((await call('plan', ...from, '--player', 'Kévin UNGER')).stdout).toContain(
        'Study plan over 3 matches\n',
      );
      for (const cmd of ['biases', 'plan']) {
        const j = await json(cmd, ...from, '--player', 'Kévin UNGER');
        expect(j.matches).toBe(3);
        expect(j.players.map((p) => p.player)).toEqual(['Kévin UNGER']);
      }
    }
  });

  test('progress: the person’s 3 matches', async () => {
    const r = await call('progress', XG, '--player', 'Kévin UNGER', '--by', '2', '--json');
    expect(r.code).toBe(0);
    const j = JSON.parse(r.stdout) as { player: string; periods: { matches: number }[]; undated: number };
    expect(j.player).toBe('Kévin UNGER');
    expect(j.periods.reduce((n, p) => n + p.matches, 0) + j.undated).toBe(3);
  });
});

describe('--player names a person whatever the case and accents, when only one person fits', () => {
  const TEST_XG = `${XG}/test.xg`;
  test('a case or accent slip on test.xg is Kévin Unger, in every command', async () => {
    for (const cmd of ['stats', 'biases', 'plan', 'progress']) {
      const exact = await call(cmd, TEST_XG, '--player', 'Kévin Unger');
      expect(exact.code).toBe(0);
      for (const typed of ['kévin unger', 'KEVIN UNGER', 'kevin unger']) {
        const r = await call(cmd, TEST_XG, '--player', typed);
        expect(r.code).toBe(0);
        expect(r.stdout).toBe(exact.stdout);
      }
    }
    // the same on the library, and for the commands following one person
    expect((await call('stats', '--library', lib, '--player', 'susanne lahme')).stdout).toBe(
      (await call('stats', '--library', lib, '--player', 'Susanne LAHME')).stdout,
    );
    expect((await call('study', '--library', lib, '--player', 'davor kozoman')).stdout).toContain(
      'Before/after study — Davor KOZOMAN: 1 match',
    );
    const t = await call(
      'tournament',
      'review',
      '--matches',
      XG,
      '--library',
      lib,
      '--player',
      'maxence job',
    );
    expect(t.code).toBe(0);
    expect(t.stdout).toContain('— Maxence Job');
  });

  test('through an alias: --alias KU=Kévin UNGER --player ku is KU', async () => {
    const r = await call('stats', XG, '--alias', 'KU=Kévin UNGER', '--player', 'ku', '--no-matches');
    expect(r.code).toBe(0);
    expect(r.stdout).toContain('Players over 3 matches\n');
    expect(r.stdout).toMatch(/│ KU +│ 3 +│/);
  });

  test('two persons fit, or none: one line naming the closest, nothing on stdout, exit 1', async () => {
    // xg/ holds both 'Kévin UNGER' and 'Kévin Unger' (xg-files.test.ts): 'kévin unger' could be either
    const both = "bdb: no player 'kévin unger' — did you mean 'Kévin UNGER' or 'Kévin Unger'?\n";
    const none = "bdb: no player 'kevin ungr' — did you mean 'Kévin Unger'?\n";
    const cases: [string[], string][] = [
      [[XG, '--player', 'kévin unger'], both],
      [['--library', lib, '--player', 'kévin unger'], both],
      [[`${XG}/test.xg`, '--player', 'kevin ungr'], none],
    ];
    for (const cmd of ['stats', 'biases', 'plan', 'progress'])
      for (const [args, line] of cases)
        for (const json of [[], ['--json']]) {
          const r = await call(cmd, ...args, ...json);
          expect(r.code).toBe(1);
          expect(r.stdout).toBe('');
          expect(r.stderr).toBe(line);
        }
    const s = await call('study', '--library', lib, '--player', 'kévin unger');
    expect([s.code, s.stdout, s.stderr]).toEqual([1, '', both]);
    const t = await call(
      'tournament',
      'review',
      '--matches',
      XG,
      '--library',
      lib,
      '--player',
      'kévin unger',
    );
    expect([t.code, t.stdout, t.stderr]).toEqual([1, '', both]);
  });

  test('one name found, another not: the first listed, a line for the second, exit 1', async () => {
    const r = await call('stats', XG, '--player', 'Kévin Unger', '--player', 'nobody at all', '--json');
    expect(r.code).toBe(1);
    const j = JSON.parse(r.stdout) as Listing;
    expect((j.matches as { file: string }[]).map((m) => basename(m.file))).toEqual(['test.xg']);
    expect(r.stderr).toMatch(/^bdb: no player 'nobody at all'/);
  });
});

describe('names the same up to case and accents are two persons, and bdb says so (issue 42 item 4)', () => {
  // xg/ holds 'Kévin UNGER' in 3 files and 'Kévin Unger' in test.xg (xg-files.test.ts, the files' own names)
  const also = (p: string, q: string, n: number): string =>
    `bdb: also '${q}' (${n} match${n === 1 ? '' : 'es'}): same person? bdb alias add '${p}' '${q}' (library), or --alias '${q}=${p}'\n`;

  test('every command taking --player names the namesake, its matches and the alias merging them', async () => {
    for (const from of [[XG], ['--library', lib]]) {
      for (const cmd of ['stats', 'biases', 'plan', 'progress']) {
        const r = await call(cmd, ...from, '--player', 'Kévin Unger', '--json');
        expect([cmd, r.code, r.stderr]).toEqual([cmd, 0, also('Kévin Unger', 'Kévin UNGER', 3)]);
      }
      const u = await call('stats', ...from, '--player', 'Kévin UNGER', '--no-matches');
      expect([u.code, u.stderr]).toEqual([0, also('Kévin UNGER', 'Kévin Unger', 1)]);
    }
    expect((await call('study', '--library', lib, '--player', 'Kévin UNGER')).stderr).toBe(
      also('Kévin UNGER', 'Kévin Unger', 1),
    );
    const t = await call(
      'tournament',
      'review',
      '--matches',
      XG,
      '--library',
      lib,
      '--player',
      'Kévin Unger',
    );
    expect(t.stderr).toBe(also('Kévin Unger', 'Kévin UNGER', 3));
    // one match: the namesake is in the other files, so review (of test.xg) has nothing to say
    expect((await call('review', `${XG}/test.xg`, '--player', 'Kévin Unger')).stderr).toBe('');
    // once merged, nothing to say, and the person has the 4 matches
    const merged = await call('stats', XG, '--player', 'Kévin Unger', '--alias', 'Kévin UNGER=Kévin Unger');
    expect(merged.stderr).toBe('');
    expect(merged.stdout).toContain('Players over 4 matches\n');
  });
});

describe('bdb alias add refuses cycles and chains, and warns on spellings not in the library', () => {
  const aliasLib = join(tmp, 'alias.duckdb');
  beforeAll(async () => {
    expect((await call('import', XG, '--library', aliasLib)).code).toBe(0);
  });

  test('the reverse of an alias is refused (it swapped the two before), exit 2, nothing stored', async () => {
    const a = await call('alias', 'add', 'Kévin Unger', 'Kévin UNGER', '--library', aliasLib);
    expect([a.code, a.stderr]).toEqual([0, '']);
    const b = await call('alias', 'add', 'Kévin UNGER', 'Kévin Unger', '--library', aliasLib);
    expect(b.code).toBe(2);
    expect(b.stderr).toBe(
      "bdb: alias add: 'Kévin UNGER' is already counted as 'Kévin Unger': counting 'Kévin Unger' as " +
        "'Kévin UNGER' would make a cycle (remove the alias 'Kévin UNGER' first)\n",
    );
    const list = JSON.parse((await call('alias', 'list', '--library', aliasLib, '--json')).stdout);
    expect(list.aliases).toEqual([{ name: 'Kévin Unger', alias: 'Kévin UNGER' }]);
    // a chain (an alias of an alias) is refused too: a spelling is counted as a person in one step
    const c = await call('alias', 'add', 'Kévin UNGER', 'KU', '--library', aliasLib);
    expect(c.code).toBe(2);
    expect(c.stderr).toBe(
      "bdb: alias add: 'Kévin UNGER' is itself counted as 'Kévin Unger': count 'KU' as 'Kévin Unger' instead\n",
    );
    // the same on the command line and in the configuration
    const d = await call(
      'stats',
      XG,
      '--alias',
      'Kévin Unger=Kévin UNGER',
      '--alias',
      'Kévin UNGER=Kévin Unger',
    );
    expect(d.code).toBe(2);
    expect(d.stderr).toMatch(/would make a cycle/);
  });

  test('a spelling no stored match has: added, with a warning', async () => {
    const r = await call('alias', 'add', 'Kévin Unger', 'Kevin Ungr', '--library', aliasLib);
    expect(r.code).toBe(0);
    expect(r.stdout).toBe('Kevin Ungr is counted as Kévin Unger\n');
    expect(r.stderr).toBe("bdb: warning: no match in the library has a player named 'Kevin Ungr' (yet)\n");
  });
});
