/**
 * The HTML progress page in a real browser: a hand-built ProgressReport (12 months, one without a PR, one
 * with a PR but no interval, a player name that needs escaping) is rendered with renderProgressHtml and
 * opened in Debian's Chromium (driven by playwright-core) at a desktop width and at a phone width: the chart
 * must be drawn (one visible SVG of real size, its points, band and trend), the table must hold every period
 * and the "All" row, and the phone page must not scroll sideways. Screenshots are saved as test artefacts
 * (test-artifacts/progress-1400.png, test-artifacts/progress-390.png) to look at.
 */
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { chromium } from 'playwright-core';
import { describe, expect, test } from 'vitest';
import type { ProgressPeriod, ProgressReport } from '../../src/history/progress-types.js';
import { renderProgressHtml } from '../../src/report/progress-html.js';
import { chromiumPath } from '../helpers/chromium.js';

const ARTIFACTS = fileURLToPath(new URL('../../test-artifacts/', import.meta.url));

const PLAYER = 'Llabba <&> "Ø"';

function levelOf(pr: number | null): string | null {
  if (pr === null) return null;
  if (pr < 3) return 'World-class';
  if (pr < 5) return 'Expert';
  if (pr < 8) return 'Advanced';
  if (pr <= 12) return 'Intermediate';
  return 'Beginner';
}

/** A month of 2023 with its figures. */
function month(
  m: number,
  matches: number,
  pr: number | null,
  prInterval: readonly [number, number] | null,
  l7: number | null,
  l7Interval: readonly [number, number] | null,
): ProgressPeriod {
  const mm = String(m).padStart(2, '0');
  return {
    label: `2023-${mm}`,
    from: `2023-${mm}-0${1 + (m % 5)}`,
    to: matches === 1 ? `2023-${mm}-0${1 + (m % 5)}` : `2023-${mm}-2${m % 9}`,
    matches,
    // a period without a PR: its matches have no counted decision (transcripts)
    analysedMatches: pr === null ? 0 : matches,
    decisions: pr === null ? 0 : matches * 180 + m * 7,
    pr,
    prLow: prInterval?.[0] ?? null,
    prHigh: prInterval?.[1] ?? null,
    l7,
    l7Low: l7Interval?.[0] ?? null,
    l7High: l7Interval?.[1] ?? null,
    level: levelOf(pr),
  };
}

const PERIODS: readonly ProgressPeriod[] = [
  month(1, 6, 11.42, [8.9, 13.95], 21.4, [17.2, 25.6]),
  month(2, 4, 10.87, [7.6, 14.1], 19.8, [14.9, 24.7]),
  month(3, 7, 9.95, [8.1, 11.8], 18.1, [15.0, 21.2]),
  month(4, 5, 10.31, [7.7, 12.9], 19.0, [15.1, 22.9]),
  month(5, 1, null, null, null, null), // a match without a counted decision
  month(6, 8, 8.76, [7.2, 10.3], 16.2, [13.6, 18.8]),
  month(7, 1, 7.12, null, 13.5, null), // one match of one game: no interval
  month(8, 6, 8.03, [6.4, 9.7], 15.1, [12.2, 18.0]),
  month(9, 9, 7.48, [6.3, 8.7], 14.0, [12.1, 15.9]),
  month(10, 5, 6.91, [5.0, 8.8], 12.9, [9.8, 16.0]),
  month(11, 7, 6.25, [5.1, 7.4], 11.7, [9.9, 13.5]),
  month(12, 6, 5.84, [4.6, 7.1], 10.8, [8.7, 12.9]),
];

const REPORT: ProgressReport = {
  player: PLAYER,
  by: 'month',
  periods: PERIODS,
  overall: {
    label: 'all',
    from: '2023-01-02',
    to: '2023-12-23',
    matches: PERIODS.reduce((s, p) => s + p.matches, 0),
    analysedMatches: PERIODS.reduce((s, p) => s + p.analysedMatches, 0),
    decisions: PERIODS.reduce((s, p) => s + p.decisions!, 0),
    pr: 8.21,
    prLow: 7.64,
    prHigh: 8.79,
    l7: 15.6,
    l7Low: 14.5,
    l7High: 16.7,
    level: 'Intermediate',
  },
  trend: { matches: 64, slopePer100: -7.35, low: -10.2, high: -4.5, verdict: 'improving' },
  undated: 2,
  // no analysis audit: the page's other parts are what this test checks
  audit: { analysis: [], belowBmab: null },
};

const WITH_PR = PERIODS.filter((p) => p.pr !== null).length;

describe('renderProgressHtml', () => {
  test('escapes the report texts and writes no NaN', () => {
    const html = renderProgressHtml(REPORT);
    expect(html.startsWith('<!DOCTYPE html>')).toBe(true);
    expect(html).toContain('<html lang="en">');
    expect(html).toContain('Llabba &lt;&amp;&gt; &quot;Ø&quot;');
    expect(html).not.toContain(PLAYER);
    expect(html).not.toContain('NaN');
    expect(html).not.toMatch(/<script|<link|https?:\/\/(?!www\.w3\.org\/2000\/svg)/);
    expect(html).toContain('2 undated matches left out');
    expect(html).toContain('PR changes by -7.35 per 100 matches (95\u00a0%: -10.20 to -4.50): improving');
  });

  test('without enough matches: no trend, no chart, no NaN', () => {
    const one = PERIODS[6]!;
    const html = renderProgressHtml({
      ...REPORT,
      periods: [one],
      overall: { ...one, label: 'all' },
      trend: { matches: 1, slopePer100: null, low: null, high: null, verdict: 'insufficient' },
      undated: 0,
    });
    expect(html).toContain('fewer than 3 matches: no trend');
    expect(html).not.toContain('undated');
    expect(html).not.toContain('class="trend"');
    expect(html).not.toContain('NaN');
    const empty = renderProgressHtml({
      ...REPORT,
      periods: [],
      overall: { ...PERIODS[4]!, label: 'all', matches: 0 },
      trend: { matches: 0, slopePer100: null, low: null, high: null, verdict: 'insufficient' },
    });
    expect(empty).not.toContain('<svg');
    expect(empty).not.toContain('NaN');
  });
});

test('the progress page renders its chart and table in Chromium, on a desktop and on a phone', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'bdb-progress-'));
  const out = join(dir, 'progress.html');
  writeFileSync(out, renderProgressHtml(REPORT), 'utf8');
  mkdirSync(ARTIFACTS, { recursive: true });
  const browser = await chromium.launch({ executablePath: chromiumPath(), args: ['--no-sandbox'] });
  try {
    for (const [width, height, minChartWidth] of [
      [1400, 900, 300],
      [390, 800, 250],
    ] as const) {
      const page = await browser.newPage({ viewport: { width, height } });
      const errors: string[] = [];
      page.on('pageerror', (e) => errors.push(e.message));
      page.on('console', (m) => {
        if (m.type() === 'error') errors.push(m.text());
      });
      await page.goto(pathToFileURL(out).href);
      expect(await page.title()).toContain(PLAYER);
      expect(await page.locator('h1').textContent()).toContain(PLAYER);

      // exactly one chart, visible and of real size
      const svgs = page.locator('svg');
      expect(await svgs.count()).toBe(1);
      const svg = svgs.first();
      await svg.scrollIntoViewIfNeeded();
      expect(await svg.isVisible()).toBe(true);
      const box = await svg.boundingBox();
      expect(box!.width, `chart width at ${width}`).toBeGreaterThan(minChartWidth);
      expect(box!.height, `chart height at ${width}`).toBeGreaterThan(150);
      // drawn, not an empty frame: a point per period with a PR, the band, the PR line, the trend
      expect(await svg.locator('circle').count()).toBeGreaterThanOrEqual(WITH_PR);
      expect(await svg.locator('path.band, polygon.band').count()).toBeGreaterThanOrEqual(1);
      expect(await svg.locator('polyline').count()).toBeGreaterThanOrEqual(1);
      expect(await svg.locator('.trend').count()).toBe(1);
      const pointBox = await svg.locator('circle').first().boundingBox();
      expect(pointBox!.width).toBeGreaterThan(2);

      // the table: every period and the "All" row
      const rows = page.locator('table tbody tr');
      expect(await rows.count()).toBe(PERIODS.length + 1);
      expect(await rows.last().locator('td').first().textContent()).toBe('All');
      const tableText = (await page.locator('table').textContent()) ?? '';
      expect(tableText).toContain('n/a');
      expect(tableText).toContain('11.42');
      expect(tableText).toContain('8.90–13.95');
      expect(tableText).toContain('21.4 %');
      // May's match has no analysis; the whole: 64 of the 65 matches analysed
      expect(tableText).toContain('0 analysed of 1');
      expect(tableText).toContain('64 analysed of 65');

      const text = (await page.locator('body').textContent()) ?? '';
      expect(text).toContain('n/a');
      expect(text).not.toContain('NaN');
      expect(text).toContain('2 undated matches left out');
      expect(text).toContain('improving');

      if (width === 390) {
        // the document does not scroll sideways (the table's wrapper may)
        const scrollWidth = await page.evaluate<number>('document.documentElement.scrollWidth'); // no DOM lib here
        expect(scrollWidth).toBeLessThanOrEqual(390 + 1);
      }
      expect(errors).toEqual([]);
      await page.screenshot({ path: join(ARTIFACTS, `progress-${width}.png`), fullPage: true });
      await page.close();
    }
  } finally {
    await browser.close();
  }
}, 60_000);
