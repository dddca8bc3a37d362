import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, test } from 'vitest';
import type { JsonPlayerReview, JsonReview } from '../../src/report/review-json.js';
import { call } from '../helpers/cli.js';
import { REF_DIR } from '../helpers/fixtures.js';

const XG = `${REF_DIR}xg/test.xg`;
const G0001 = `${REF_DIR}gnubg/g0001.sgf`;
const MONEY = `${REF_DIR}gnubg/g0011.sgf`;

describe('bdb review', () => {
  test('--help lists the review command', async () => {
    const r = await call('--help');
    expect(r.code).toBe(0);
    expect(r.stdout).toContain('review');
  });

  test('test.xg: both players, PR as XG shows it, three decisions each with XGID and Position ID', async () => {
    const r = await call('review', XG);
    expect(r.code).toBe(0);
    expect(r.stderr).toBe('');
    expect(r.stdout).toContain('Kévin Unger vs Maxence Job');
    // eXtreme Gammon's own PR of this match (expected/test.xg.json)
    expect(r.stdout).toMatch(/PR \(95 % interval\)\s+│ 7\.79 \[/);
    expect(r.stdout).toMatch(/PR \(95 % interval\)\s+│ 13\.87 \[/);
    expect(r.stdout.match(/^ {3}XGID=[-a-pA-P]{26}(:-?\d+){3}:\d\d(:\d+){5}$/gm)).toHaveLength(6);
    expect(r.stdout.match(/^ {3}Position ID: [A-Za-z0-9+/]{14}$/gm)).toHaveLength(6);
    expect(r.stdout.match(/^ {3}Played: /gm)).toHaveLength(6);
    expect(r.stdout.match(/^ {3}Best: /gm)).toHaveLength(6);
    expect(r.stdout).toContain('n/a (no move times in this file)');
    expect(r.stdout).toContain('Luck-adjusted result A');
    expect(r.stdout).toContain('Error gap');
    expect(r.stdout).not.toContain('\u001b['); // no colours
    // the charts: per-decision bars of both players and the cumulative curves, ≤ 100 columns
    expect(r.stdout).toContain('MWC lost per decision, in match order');
    expect(r.stdout).toContain('Kévin Unger: 162 decisions');
    expect(r.stdout).toContain('Maxence Job: 140 decisions');
    expect(r.stdout).toContain('Cumulative MWC loss (% MWC) by decision number in the match');
    expect(r.stdout).toContain('  * Kévin Unger (30.03 %)   o Maxence Job (51.20 %)   # both');
    const charts = r.stdout.slice(
      r.stdout.indexOf('MWC lost per decision'),
      r.stdout.indexOf('\nAn error loses at least'),
    );
    for (const line of charts.split('\n')) expect([...line].length).toBeLessThanOrEqual(100);
    expect((await call('review', XG)).stdout).toBe(r.stdout); // deterministic
  });

  test('--html: one standalone page with both players, two SVG charts, a board per decision and every XGID', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'bdb-review-'));
    const out = join(dir, 'r.html');
    const r = await call('review', XG, '--html', out);
    expect(r.code).toBe(0);
    expect(r.stderr).toBe(`bdb: wrote ${out}\n`);
    expect(r.stdout).toContain('Kévin Unger vs Maxence Job'); // the terminal review as well
    const html = readFileSync(out, 'utf8');
    expect(html.startsWith('<!DOCTYPE html>')).toBe(true);
    expect(html).toContain('<meta charset="utf-8">');
    expect(html).toContain('<title>');
    expect(html).toContain('Kévin Unger');
    expect(html).toContain('Maxence Job');
    // the two charts, each drawn for a wide screen and for a phone, and a board for each of the six
    // decisions to review
    expect(html.match(/<svg /g)).toHaveLength(10);
    expect(html.match(/<div class="charts chart-phone">/g)).toHaveLength(1);
    expect(html.match(/<svg [^>]*class="board"/g)).toHaveLength(6);
    expect(html).not.toMatch(/<script|<link|src=|@import/);
    const j = JSON.parse((await call('review', '--json', XG)).stdout) as JsonReview;
    const xgids = j.review.reviews.flatMap((p) => p.toReview.map((d) => d.xgid));
    expect(xgids).toHaveLength(6);
    for (const x of xgids) expect(html).toContain(`<code>${x}</code>`);
    for (const d of j.review.reviews.flatMap((p) => p.toReview))
      expect(html).toContain(`<code>${d.positionId}</code>`);
  });

  test('--html to a path that cannot be written: exit 1, one line', async () => {
    const r = await call('review', XG, '--html', join(tmpdir(), 'no-such-dir-bdb', 'x', 'r.html'));
    expect(r.code).toBe(1);
    expect(r.stdout).toBe('');
    expect(r.stderr.trim().split('\n')).toHaveLength(1);
    expect(r.stderr).toContain('cannot write');
  });

  test('a gnuBG match: the wrong take with gnuBG’s Position ID, A equal to gnuBG’s luck-adjusted result', async () => {
    const r = await call('review', G0001);
    expect(r.code).toBe(0);
    expect(r.stdout).toContain('Zoë Ångström vs Niels');
    expect(r.stdout).toContain('Position ID: g9cFMEjYztABBg'); // g0001.txt, "Niels doubles" / "accepts"
    expect(r.stdout).toContain('Played: Take');
    expect(r.stdout).toContain('Best:   Too good to double, pass');
    // g0001.stats.txt: "Luck adjusted result  -8.49%  +8.49%"
    expect(r.stdout).toMatch(/Luck-adjusted result A\s+│ -8\.49 %/);
    expect(r.stdout).toMatch(/Luck-adjusted result A\s+│ \+8\.49 %/);
  });

  test('what A means: the sign says who played better, not whether the dice helped (terminal and HTML)', async () => {
    // g0001.stats.txt (gnuBG 1.07.001): Niels won ("Actual result +50.00%") with the better dice ("Luck total
    // EMG (MWC) +0.898 (+19.572%)" against Zoë Ångström's "-0.949 (-21.941%)") and a "Luck adjusted result" of
    // +8.49%: C = 19.572 − (−21.941) = +41.51 %, A > 0 although the dice helped him, so "A > 0: the dice cost
    // the player" was wrong
    const dir = mkdtempSync(join(tmpdir(), 'bdb-review-'));
    const out = join(dir, 'r.html');
    const r = await call('review', G0001, '--html', out);
    expect(r.code).toBe(0);
    expect(r.stdout).toMatch(/Luck-adjusted result A\s+│ \+8\.49 % \(result \+50\.00 %, luck \+41\.51 %\)/);
    const note =
      'A = result − luck: what the play alone gained. A > 0: the player played better than the opponent ' +
      '(a loss with A > 0 was down to the dice); A < 0: worse (a win with A < 0 was down to the dice).';
    expect(r.stdout).toContain(note);
    expect(r.stdout).not.toContain('dice cost');
    const html = readFileSync(out, 'utf8');
    expect(html).toContain(note.replaceAll('>', '&gt;').replaceAll('<', '&lt;'));
    expect(html).not.toContain('dice cost');
  });

  test('--json: schemaVersion 2, the settings, the review with the same content, no duplicate', async () => {
    const r = await call('review', '--json', XG);
    expect(r.code).toBe(0);
    const j = JSON.parse(r.stdout) as JsonReview;
    expect(Object.keys(j)).toEqual(['$schema', 'schemaVersion', 'settings', 'review', 'duplicates']);
    expect(j.$schema).toBe('docs/schema/review.schema.json');
    expect(j.schemaVersion).toBe(2);
    expect(j.settings.thresholds).toEqual({ preset: 'xg', errorMpt: 20, blunderMpt: 80 });
    expect(j.duplicates).toEqual([]);
    const v = j.review;
    expect(v.players).toEqual(['Kévin Unger', 'Maxence Job']);
    expect(v.winner).toBe('Kévin Unger');
    expect(v.reviews).toHaveLength(2);
    // both players (--player would keep only those named)
    const [a, b] = v.reviews as [JsonPlayerReview, JsonPlayerReview];
    expect(a.pr).toBeCloseTo(7.79, 2);
    expect(b.pr).toBeCloseTo(13.87, 2);
    expect(a.prInterval.low).not.toBeNull();
    expect(a.level).toBe('Advanced');
    expect(a.haste).toEqual({ checker: null, cube: null, reason: 'no move times in this file' });
    expect(a.luck.adjustedMwcPct! + b.luck.adjustedMwcPct!).toBeCloseTo(0, 9);
    expect(a.luck.coveragePct).toBe(100);
    // the series: every counted decision of both players in match order, summing to the MWC lost
    const pts = v.series!.decisions;
    expect(pts.map((p) => p.index)).toEqual(pts.map((_, i) => i + 1));
    for (const seat of [0, 1] as const) {
      const own = pts.filter((p) => p.seat === seat);
      expect(own).toHaveLength(v.reviews[seat]!.decisions!);
      expect(own.reduce((s, p) => s + p.lossMwcPct, 0)).toBeCloseTo(v.reviews[seat]!.lossMwcPct!, 9);
    }
    expect(pts.at(-1)!.game).toBe(v.games);
    for (const p of v.reviews) {
      expect(p.toReview.length).toBeLessThanOrEqual(3);
      for (const d of p.toReview) {
        expect(d.xgid).toMatch(/^XGID=/);
        expect(d.positionId).toMatch(/^[A-Za-z0-9+/]{14}$/);
        expect(d.errorEmg).toBeGreaterThanOrEqual(0.02);
        expect(d.excessMwcPct).toBeGreaterThan(0);
        expect(d.checker !== null || d.cube !== null).toBe(true);
      }
      const shares = p.toReview.map((d) => d.excessMwcPct!);
      expect(shares).toEqual([...shares].sort((x, y) => y - x));
    }
  });

  test('--thresholds gnubg: only errors of 40 mpt or more', async () => {
    const r = await call('review', '--json', '--thresholds', 'gnubg', XG);
    expect(r.code).toBe(0);
    const j = JSON.parse(r.stdout) as JsonReview;
    expect(j.settings.thresholds).toEqual({ preset: 'gnubg', errorMpt: 40, blunderMpt: 80 });
    for (const p of j.review.reviews)
      for (const d of p.toReview) expect(d.errorEmg).toBeGreaterThanOrEqual(0.04);
  });

  test('money session: decisions to review in points (equity × cube), labelled so; no A, no MWC chart', async () => {
    const r = await call('review', MONEY);
    expect(r.code).toBe(0);
    expect(r.stdout).toContain('n/a (money session)');
    expect(r.stdout).not.toContain('Decisions to review: none');
    expect(r.stdout).toContain('Charts: none (money session: no MWC lost per decision)');
    expect(r.stdout).toContain(
      'Money session: the loss and the difficulty in points (equity lost × cube value), as there is no MWC;',
    );
    expect(r.stdout).not.toContain('percentage points of MWC');
    const j = JSON.parse((await call('review', '--json', MONEY)).stdout) as JsonReview;
    expect(j.review.series).toBeNull();
    for (const p of j.review.reviews) {
      expect(p.toReview).toHaveLength(3);
      for (const d of p.toReview) {
        expect([d.lossMwcPct, d.difficultyMwcPct, d.excessMwcPct]).toEqual([null, null, null]);
        expect(d.lossPoints).toBeCloseTo(d.errorEmg * d.cubeValue, 12);
        expect(d.excessPoints).toBeCloseTo(d.lossPoints! - (d.difficultyPoints ?? 0), 12);
      }
    }
  });

  test('money session with the cube at 4: ℓ is the equity lost times 4, as gnuBG counts points', async () => {
    // g0071_002.txt (gnuBG 1.07.001's text export of the same session): at Position ID l98DQADPDCATRg, "Bob
    // (Cube: 4)" rolled 43, "* Bob moves bar/22 16/12", "Alert: very bad move ( -0.348)": 4 × 0.348 = 1.392
    // points, the unit of gnuBG's "Error total EMG (Points)" at money play
    const g0071 = `${REF_DIR}gnubg/g0071.sgf`;
    const r = await call('review', g0071);
    expect(r.code).toBe(0);
    const block = r.stdout.slice(r.stdout.indexOf('Position ID: l98DQADPDCATRg') - 200);
    expect(block).toMatch(/money, cube 4 yours\n {3}lost 0\.34\d EMG, 1\.39\d points · difficulty /);
    const j = JSON.parse((await call('review', '--json', g0071)).stdout) as JsonReview;
    const d = j.review.reviews.flatMap((p) => p.toReview).find((x) => x.positionId === 'l98DQADPDCATRg')!;
    expect(d.cubeValue).toBe(4);
    expect(d.errorEmg).toBeCloseTo(0.348, 3);
    expect(d.lossPoints).toBeCloseTo(1.392, 2);
    expect(d.checker?.played).toBe('bar/22 16/12');
  });

  test('no file: usage error, exit 2', async () => {
    const r = await call('review');
    expect(r.code).toBe(2);
    expect(r.stderr).toContain('missing required argument');
  });

  test('two files or an unknown preset: usage error, exit 2', async () => {
    expect((await call('review', XG, G0001)).code).toBe(2);
    const r = await call('review', '--thresholds', 'nope', XG);
    expect(r.code).toBe(2);
    expect(r.stderr).toContain('--thresholds');
  });

  test('a file that fails: one line naming it, exit 1', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'bdb-review-'));
    const bad = join(dir, 'bad.sgf');
    writeFileSync(bad, '(;FF[4]GM[6]SZ[');
    for (const f of [bad, join(dir, 'missing.xg'), dir]) {
      const r = await call('review', f);
      expect(r.code).toBe(1);
      expect(r.stdout).toBe('');
      expect(r.stderr.trim().split('\n')).toHaveLength(1);
      expect(r.stderr).toContain(f);
    }
  });
});
