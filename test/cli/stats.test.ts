import { spawnSync } from 'node:child_process';
import {
  copyFileSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  symlinkSync,
  truncateSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, test } from 'vitest';
import type { JsonReport } from '../../src/report/json.js';
import { call } from '../helpers/cli.js';
import { REF_DIR } from '../helpers/fixtures.js';

const GBF = `${REF_DIR}sgf/gbf_test.sgf`;
const MONEY = `${REF_DIR}gnubg/g0011.sgf`;

describe('bdb', () => {
  test('--help lists the stats command; exit 0', async () => {
    const r = await call('--help');
    expect(r.code).toBe(0);
    expect(r.stdout).toContain('stats');
  });

  test('stats on a real match prints both players and the aggregate; exit 0', async () => {
    const r = await call('stats', GBF);
    expect(r.code).toBe(0);
    expect(r.stdout).toContain('Kévin Unger vs Maxence Job');
    expect(r.stdout).toContain('PR');
    // gnuBG's own figures of this match, as gnuBG 1.08.003 wrote them in GS[] (chequer EMG 2.152127)
    expect(r.stdout).toContain('-2.152');
    expect(r.stdout).toContain('Players over 1 match');
    expect(r.stderr).toBe('');
  });

  test('--json follows the schemaVersion 2 contract', async () => {
    const r = await call('stats', '--json', GBF, MONEY);
    expect(r.code).toBe(0);
    const j = JSON.parse(r.stdout) as JsonReport;
    expect(j.$schema).toBe('docs/schema/stats.schema.json');
    expect(j.schemaVersion).toBe(2);
    expect(j.failures).toEqual([]);
    expect(j.matches).toHaveLength(2);
    const [m, money] = j.matches;
    expect(Object.keys(m!).slice(0, 6)).toEqual([
      'file',
      'format',
      'matchLength',
      'players',
      'games',
      'winner',
    ]);
    expect(m!.format).toBe('sgf');
    expect(m!.matchLength).toBe(7);
    expect(m!.winner).toBe('Kévin Unger');
    const s = m!.stats[0];
    for (const k of [
      'player',
      'pr',
      'prChecker',
      'prCube',
      'decisions',
      'errorEmg',
      'lossMwcPct',
      'l7MwcPct',
    ]) {
      expect(s).toHaveProperty(k);
    }
    for (const k of ['elo', 'eloFloored', 'snowieErPr', 'gnubg']) expect(s).toHaveProperty(k);
    expect(Object.keys(s.decisions)).toEqual(['total', 'checker', 'double', 'take']);
    expect(s.gnubg!.unforcedMoves).toBe(147); // gnuBG 1.08.003 GS[] of gbf_test.sgf
    // money: no MWC, never 0
    expect(money!.matchLength).toBe(0);
    expect(money!.stats[0].lossMwcPct.total).toBeNull();
    expect(money!.stats[0].l7MwcPct).toBeNull();
    expect(money!.stats[0].gnubg!.checkerErrorMwcPct).toBeNull();
    expect(money!.stats[0].gnubg!.checkerErrorPoints).not.toBeNull();
    expect(j.players.map((p) => p.player).sort()).toEqual([...m!.players, ...money!.players].sort());
  });

  test('the Snowie error rate has one key per scale: snowieErPr (×500) and gnubg.snowieErMemg (×1000)', async () => {
    const j = JSON.parse((await call('stats', '--json', `${REF_DIR}gnubg/g0001.sgf`)).stdout) as JsonReport;
    const [zoe, niels] = j.matches[0]!.stats;
    // gnuBG 1.07.001 prints "Snowie error rate -44.8 -21.3" (mEMG) for Zoë Ångström and Niels in g0001.stats.txt
    expect(zoe.gnubg!.snowieErMemg!.toFixed(1)).toBe('44.8');
    expect(niels.gnubg!.snowieErMemg!.toFixed(1)).toBe('21.3');
    // XG's scale (500 × Σe over the checker decisions of both players, spec/metrics.md §2.1): another figure
    expect(typeof zoe.snowieErPr).toBe('number');
    expect(Object.keys(zoe)).not.toContain('snowieER');
    expect(Object.keys(zoe.gnubg!)).not.toContain('snowieER');
  });

  test('a folder is read recursively; a bad file is one line and the batch goes on; exit 1', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'bdb-cli-'));
    mkdirSync(join(dir, 'sub'));
    copyFileSync(GBF, join(dir, 'sub', 'good.sgf'));
    const text = readFileSync(MONEY, 'utf8');
    writeFileSync(join(dir, 'truncated.sgf'), text.slice(0, Math.floor(text.length / 2)));
    writeFileSync(join(dir, 'foreign.sgf'), 'this is not a match file\n');
    const r = await call('stats', dir);
    expect(r.code).toBe(1);
    expect(r.stdout).toContain('Kévin Unger vs Maxence Job');
    const lines = r.stderr.trim().split('\n');
    expect(lines.find((l) => l.includes('truncated.sgf'))).toMatch(/truncated\.sgf:\d+:\d+: /);
    expect(lines.find((l) => l.includes('foreign.sgf'))).toContain('foreign.sgf');
    expect(lines.at(-1)).toBe('bdb: 2 of 3 inputs failed');
    expect(r.stderr).not.toMatch(/\n\s+at /); // no stack trace
    const j = JSON.parse((await call('stats', '--json', dir)).stdout) as JsonReport;
    expect(j.matches).toHaveLength(1);
    expect(j.failures.map((e) => e.file.replace(dir, '')).sort()).toEqual(['/foreign.sgf', '/truncated.sgf']);
  });

  test('a missing path is reported; exit 1', async () => {
    const r = await call('stats', '/nonexistent/match.sgf');
    expect(r.code).toBe(1);
    expect(r.stderr).toContain('/nonexistent/match.sgf: no such file or folder');
  });

  test('usage errors exit 2', async () => {
    expect((await call('stats')).code).toBe(2);
    expect((await call('stats', '--bogus', GBF)).code).toBe(2);
    const r = await call('stats', '--alias', 'nonsense', GBF);
    expect(r.code).toBe(2);
    expect(r.stderr).toContain('--alias expects NAME=OTHER');
  });

  test('--alias merges spellings; --player keeps one person', async () => {
    const r = await call('stats', '--json', '--alias', 'Kevin=Kévin Unger', '--player', 'Kevin', GBF);
    const j = JSON.parse(r.stdout) as JsonReport;
    expect(j.players.map((p) => p.player)).toEqual(['Kevin']);
    expect(j.players[0]!.decisions).toEqual(j.matches[0]!.stats[0].decisions);
  });

  test('one folder mixing every format: .xg, .sgf, .mat, XG position text, gnuBG text export (grouped)', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'bdb-mixed-'));
    copyFileSync(`${REF_DIR}xg/test.xg`, join(dir, 'test.xg'));
    copyFileSync(GBF, join(dir, 'gbf_test.sgf'));
    copyFileSync(`${REF_DIR}mat/gbf_test.mat`, join(dir, 'gbf_test.mat'));
    copyFileSync(`${REF_DIR}xg-text/02_NDT_EN.txt`, join(dir, 'position.txt'));
    for (const f of ['g0002.txt', 'g0002_002.txt', 'g0002_003.txt', 'g0002_004.txt']) {
      copyFileSync(`${REF_DIR}gnubg/${f}`, join(dir, f));
    }
    writeFileSync(join(dir, 'notes.txt'), 'not a match\n');
    const r = await call('stats', '--json', dir);
    expect(r.code).toBe(0);
    const j = JSON.parse(r.stdout) as JsonReport;
    expect(j.failures).toEqual([]);
    // test.xg, gbf_test.sgf and gbf_test.mat hold one match (test/reference-matches/README.md): counted once,
    // from XG's file, the two others set aside
    expect(j.matches.map((m) => m.format).sort()).toEqual(['gnubg-text', 'xg', 'xg-text']);
    expect(j.duplicates).toEqual([
      { file: join(dir, 'gbf_test.mat'), sameAs: join(dir, 'test.xg') },
      { file: join(dir, 'gbf_test.sgf'), sameAs: join(dir, 'test.xg') },
    ]);
    // the four per-game files of g0002 are one 4-game match (gnuBG's export of g0002.sgf)
    expect(j.matches.find((m) => m.format === 'gnubg-text')!.games).toBe(4);
    expect(r.stderr).toContain('1 other file in the folders skipped');
    expect(r.stderr).toContain('bdb: 2 files set aside');
    expect(j.settings.thresholds).toEqual({ preset: 'xg', errorMpt: 20, blunderMpt: 80 });
    // --all-readings keeps every file
    const all = JSON.parse((await call('stats', '--json', '--all-readings', dir)).stdout) as JsonReport;
    expect(all.matches.map((m) => m.format).sort()).toEqual(['gnubg-text', 'mat', 'sgf', 'xg', 'xg-text']);
    expect(all.duplicates).toEqual([]);
  });

  test('the same match in two files (g0002.sgf and its gnuBG text export) counts once', async () => {
    // test/reference-matches/README.md: g0002.txt … g0002_004.txt are gnuBG's export of g0002.sgf
    const dir = mkdtempSync(join(tmpdir(), 'bdb-dup-'));
    for (const f of ['g0002.sgf', 'g0002.txt', 'g0002_002.txt', 'g0002_003.txt', 'g0002_004.txt']) {
      copyFileSync(`${REF_DIR}gnubg/${f}`, join(dir, f));
    }
    copyFileSync(`${REF_DIR}mat/gbf_test.mat`, join(dir, 'gbf_test.mat'));
    copyFileSync(GBF, join(dir, 'gbf_test.sgf'));
    const r = await call('stats', '--json', dir);
    expect(r.code).toBe(0);
    const j = JSON.parse(r.stdout) as JsonReport;
    // the transcript of gbf_test is another reading of its analysed SGF: the SGF is kept, whatever the order
    expect(j.matches.map((m) => m.format).sort()).toEqual(['sgf', 'sgf']);
    expect(j.duplicates).toEqual([
      { file: join(dir, 'g0002.txt'), sameAs: join(dir, 'g0002.sgf') },
      { file: join(dir, 'gbf_test.mat'), sameAs: join(dir, 'gbf_test.sgf') },
    ]);
    // one summary line, not one line per file
    expect(r.stderr.match(/set aside/g)).toHaveLength(1);
    expect(r.stderr).not.toContain('the same match as');
  });

  test('--thresholds picks a preset; an unknown one is a usage error', async () => {
    const j = JSON.parse((await call('stats', '--json', '--thresholds', 'gnubg', GBF)).stdout) as JsonReport;
    expect(j.settings.thresholds).toEqual({ preset: 'gnubg', errorMpt: 40, blunderMpt: 80 });
    const r = await call('stats', '--thresholds', 'strict', GBF);
    expect(r.code).toBe(2);
    expect(r.stderr).toContain('--thresholds expects one of');
    // not a preset although every object has it
    expect((await call('stats', '--thresholds', 'toString', GBF)).code).toBe(2);
  });
});

describe('paths that are not files', () => {
  // a FIFO waited for a writer forever and /dev/zero grew without end (issue: hostile input)
  test('a pipe or a device: one line naming it, the other files read, exit 1', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'bdb-fifo-'));
    const fifo = join(dir, 'f.xg');
    expect(spawnSync('mkfifo', [fifo]).status).toBe(0);
    for (const p of [fifo, '/dev/zero']) {
      const r = await call('stats', p, GBF, '--no-matches');
      expect(r.code).toBe(1);
      expect(r.stderr).toContain(`bdb: ${p}: not a regular file (a pipe, a device or a socket); not read`);
      expect(r.stdout).toContain('Players over 1 match');
      const review = await call('review', p);
      expect(review.code).toBe(1);
      expect(review.stderr.trim()).toBe(
        `bdb: ${p}: not a regular file (a pipe, a device or a socket); not read`,
      );
    }
  });
});

describe('a file larger than any match file', () => {
  // a file of 2 GiB was read whole before its format was known (2.1 GB of memory, 31 s)
  test('is refused unread, in one line; review too', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'bdb-huge-'));
    const huge = join(dir, 'huge.sgf');
    writeFileSync(huge, '');
    truncateSync(huge, 300 * 1024 * 1024); // sparse: no disk used
    const line = `bdb: ${huge}: 300 MB, above the 64 MB read at most (--max-file-size); not read`;
    const r = await call('stats', huge, GBF, '--no-matches');
    expect(r.code).toBe(1);
    expect(r.stderr).toContain(line);
    expect(r.stdout).toContain('Players over 1 match');
    expect((await call('review', huge)).stderr.trim()).toBe(line);
    // --max-file-size lowers (or raises) the limit; a bad value is a usage error
    const small = await call('stats', GBF, '--max-file-size', '0.01', '--no-matches');
    expect(small.code).toBe(1);
    expect(small.stderr).toMatch(/gbf_test\.sgf: 0\.\d MB, above the 0\.01 MB read at most/);
    expect((await call('stats', GBF, '--max-file-size', 'big')).code).toBe(2);
  });
});

describe('symbolic links', () => {
  test('followed to files and folders; a broken one, a loop of links and a link back are said', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'bdb-links-'));
    const a = join(dir, 'a');
    mkdirSync(a);
    copyFileSync(GBF, join(a, 'gbf_test.sgf'));
    symlinkSync(MONEY, join(a, 'money.sgf'));
    symlinkSync(a, join(a, 'back'));
    symlinkSync(join(a, 'nowhere.sgf'), join(a, 'broken.sgf'));
    const r = await call('stats', a, '--no-matches');
    expect(r.code).toBe(1);
    expect(r.stdout).toContain('Players over 2 matches');
    expect(r.stderr).toContain(`bdb: ${join(a, 'broken.sgf')}: no such file or folder`);
    expect(r.stderr).toContain('bdb: 1 other file in the folders skipped');
    symlinkSync(join(dir, 'x2'), join(dir, 'x1'));
    symlinkSync(join(dir, 'x1'), join(dir, 'x2'));
    expect((await call('stats', join(dir, 'x1'))).stderr).toContain(
      `bdb: ${join(dir, 'x1')}: a loop of symbolic links`,
    );
  });

  test('a file name with a line break: its error stays on one line', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'bdb-nl-'));
    const name = join(dir, 'bad\nname.sgf');
    writeFileSync(name, `${readFileSync(GBF, 'utf8')}x`);
    const r = await call('stats', dir, '--no-matches');
    expect(r.stderr.split('\n')[0]).toMatch(/^bdb: .*bad\\nname\.sgf:\d+:\d+: unexpected "x"/);
  });
});
