/**
 * The options every reading command shares (issue 14): `--json`, `--player`, `--alias`, `--thresholds` and
 * `--no-progress`, declared once (src/cli/options.ts `personOptions`) and accepted by `stats`, `biases`,
 * `plan`, `progress`, `review`, `study` and `tournament review`, and (without `--json`: it writes a page)
 * `report`. Each command is run with all five on the
 * real match test/reference-matches/xg/test.xg (Kévin Unger vs Maxence Job, 7 points: the players XG 2.19
 * shows for it), with an alias for Kévin Unger: the output names only him, under the alias, and records the
 * gnuBG thresholds (40/80 mpt, the preset the option's help names).
 */
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, test } from 'vitest';
import { BIN, call, callWith } from '../helpers/cli.js';
import { REF_DIR } from '../helpers/fixtures.js';

const TEST_XG = `${REF_DIR}xg/test.xg`;
// Llabba's 79 matches (test/history/README.md): enough for the progress line, drawn every 25 matches
const LLABBA = fileURLToPath(new URL('../history/llabba', import.meta.url));
const SHARED = [
  '--no-progress',
  '--json',
  '--thresholds',
  'gnubg',
  '--alias',
  'KU=Kévin Unger',
  '--player',
  'KU',
];
const tmp = mkdtempSync(join(tmpdir(), 'bdb-shared-options-'));
afterAll(() => rmSync(tmp, { recursive: true, force: true }));

const READING = ['stats', 'biases', 'plan', 'progress', 'review', 'study', 'tournament review'];

describe('the shared options of the reading commands', () => {
  test.each(READING)('%s lists --json, --player, --alias, --thresholds and --no-progress', async (cmd) => {
    const r = await call(...cmd.split(' '), '--help');
    expect(r.code).toBe(0);
    for (const o of ['--json', '--player', '--alias', '--thresholds', '--no-progress'])
      expect(r.stdout).toContain(o);
  });

  test('report (a page, no --json) lists --player, --alias, --thresholds and --no-progress', async () => {
    const r = await call('report', '--help');
    expect(r.code).toBe(0);
    for (const o of ['--player', '--alias', '--thresholds', '--no-progress']) expect(r.stdout).toContain(o);
    expect(r.stdout).not.toContain('--json');
  });

  test('report: one section, for the person named under the alias', async () => {
    const out = join(tmp, 'report.html');
    const r = await call('report', ...SHARED.filter((o) => o !== '--json'), '--html', out, TEST_XG);
    expect(r.code).toBe(0);
    expect(r.stdout).toBe('');
    expect(r.stderr).toBe(`bdb: wrote ${out} (1 player, 1 match)\n`);
    const page = readFileSync(out, 'utf8');
    expect(
      [...page.matchAll(/<section class="person" id="person-\d+" data-player="([^"]*)"/g)].map((m) => m[1]),
    ).toEqual(['KU']);
    expect(page).toContain('gnubg thresholds: error 40, blunder 80 millipoints');
  });

  const gnubg = { preset: 'gnubg', errorMpt: 40, blunderMpt: 80 };

  test('stats, biases and plan: only the person named, under the alias, with the gnuBG thresholds', async () => {
    for (const cmd of ['stats', 'biases', 'plan']) {
      const r = await call(cmd, ...SHARED, TEST_XG);
      expect(r.code, cmd).toBe(0);
      const j = JSON.parse(r.stdout);
      expect(j.settings.thresholds, cmd).toEqual(gnubg);
      expect(
        j.players.map((p: { player: string }) => p.player),
        cmd,
      ).toEqual(['KU']);
    }
  });

  test('progress follows the person named, under the alias', async () => {
    const r = await call('progress', ...SHARED, TEST_XG);
    expect(r.code).toBe(0);
    expect(JSON.parse(r.stdout).player).toBe('KU');
  });

  test('review: only the section of the person named (text and JSON); thresholds 40/80', async () => {
    const j = await call('review', ...SHARED, TEST_XG);
    expect(j.code).toBe(0);
    const out = JSON.parse(j.stdout);
    const review = out.review;
    expect(review.players).toEqual(['KU', 'Maxence Job']);
    expect(review.reviews.map((p: { player: string; seat: number }) => [p.player, p.seat])).toEqual([
      ['KU', 0],
    ]);
    // schemaVersion 2: the settings at the top level, with the preset
    expect(out.settings.thresholds).toEqual({ preset: 'gnubg', errorMpt: 40, blunderMpt: 80 });
    const t = await call('review', '--no-progress', '--player', 'Maxence Job', TEST_XG);
    expect(t.code).toBe(0);
    expect(t.stdout).toContain('\nMaxence Job\n');
    expect(t.stdout).not.toContain('\nKévin Unger\n');
  });

  test('review: a name not in the match is one line and exit 1', async () => {
    const r = await call('review', '--player', 'Nobody', TEST_XG);
    expect(r.code).toBe(1);
    expect(r.stdout).toBe('');
    expect(r.stderr).toBe(`bdb: ${TEST_XG}: no player 'Nobody' (players: 'Kévin Unger', 'Maxence Job')\n`);
  });

  test("review: the configuration's player is followed when in the match, else both players are shown", async () => {
    const home = join(tmp, 'config-home');
    mkdirSync(join(home, 'bdb'), { recursive: true });
    writeFileSync(join(home, 'bdb', 'config.json'), '{"player": "Maxence Job"}');
    const env = { XDG_CONFIG_HOME: home };
    // a player's section opens with a line holding the name alone
    const names = ['Kévin Unger', 'Maxence Job', 'Zoë Ångström', 'Niels'];
    const sections = (stdout: string): string[] => stdout.split('\n').filter((l) => names.includes(l));
    const mine = await callWith({ env }, 'review', TEST_XG);
    expect(mine.code).toBe(0);
    expect(sections(mine.stdout)).toEqual(['Maxence Job']);
    // g0001.sgf is Zoë Ångström vs Niels (test/reference-matches/README.md): Maxence Job did not play it
    const other = await callWith({ env }, 'review', `${REF_DIR}gnubg/g0001.sgf`);
    expect(other.code).toBe(0);
    // and says so (issue 42 item 4: the fallback was silent)
    expect(other.stderr).toBe(
      "bdb: the configured player 'Maxence Job' plays in none of the matches read: showing 'Niels' and 'Zoë Ångström'\n",
    );
    expect(sections(other.stdout)).toEqual(['Zoë Ångström', 'Niels']);
    // stats, biases and plan fall back the same way (they failed with exit 1 before issue 42 item 4); the
    // followed-person commands follow the one in most matches
    const note =
      "bdb: the configured player 'Maxence Job' plays in none of the matches read: showing 'Niels' and 'Zoë Ångström'\n";
    for (const cmd of ['stats', 'biases', 'plan']) {
      const r = await callWith({ env }, cmd, `${REF_DIR}gnubg/g0001.sgf`, '--json');
      expect([cmd, r.code, r.stderr]).toEqual([cmd, 0, note]);
      const typed = await callWith({ env }, cmd, `${REF_DIR}gnubg/g0001.sgf`, '--json', '--no-player');
      expect(JSON.parse(r.stdout).players).toEqual(JSON.parse(typed.stdout).players);
    }
    const p = await callWith({ env }, 'progress', `${REF_DIR}gnubg/g0001.sgf`);
    expect(p.code).toBe(0);
    expect(p.stderr).toMatch(
      /^bdb: the configured player 'Maxence Job' plays in none of the matches read: following '/,
    );
    // typed, a name not in the match is refused as before
    expect(
      (await callWith({ env }, 'review', '--player', 'Maxence Job', `${REF_DIR}gnubg/g0001.sgf`)).code,
    ).toBe(1);
  });

  test('tournament review of a folder: the person named, under the alias', async () => {
    // no library at the default path: the habitual level is unknown, the tournament side is read
    const r = await callWith(
      { env: { BDB_LIBRARY: join(tmp, 'none.duckdb') } },
      'tournament',
      'review',
      '--matches',
      `${REF_DIR}xg`,
      ...SHARED,
    );
    expect(r.code).toBe(0);
    const j = JSON.parse(r.stdout);
    expect(j.player).toBe('KU');
    expect(j.settings.thresholds).toEqual(gnubg);
  });

  test('study on a library: the person named, under the alias', async () => {
    const lib = join(tmp, 'lib.duckdb');
    expect((await call('import', '--library', lib, '--no-progress', TEST_XG)).code).toBe(0);
    const r = await call('study', '--library', lib, ...SHARED);
    expect(r.code).toBe(0);
    const j = JSON.parse(r.stdout);
    expect(j.player).toBe('KU');
    expect(j.settings.thresholds).toEqual(gnubg);
  });

  /** stderr of `bdb ...args` run on a terminal (util-linux `script` gives it one), stdout thrown away. */
  function onTerminal(...args: string[]): string {
    const cmd = [process.execPath, BIN, ...args].map((a) => `'${a.replaceAll("'", "'\\''")}'`).join(' ');
    const r = spawnSync('script', ['-qec', `${cmd} 2>&1 >/dev/null`, '/dev/null'], {
      encoding: 'utf8',
      timeout: 120_000,
    });
    expect(r.status).toBe(0);
    return r.stdout;
  }

  test.each(['biases', 'plan', 'progress'])(
    '%s draws the progress line on a terminal, and not with --no-progress',
    (cmd) => {
      expect(onTerminal(cmd, '--json', LLABBA)).toContain('bdb: 75 matches read…');
      expect(onTerminal(cmd, '--json', '--no-progress', LLABBA)).not.toContain('matches read');
    },
  );
});
