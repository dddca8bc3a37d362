/**
 * The tournament review page (`bdb tournament review EVENT --html`) in Debian's Chromium (playwright-core, as
 * test/browser/report-html.test.ts): at a desktop's 1,280 px every table fits the 1,100-pixel page (none
 * scrolls sideways in its box), at a phone's 390 px the page is no wider than the screen (a table may scroll
 * in its own box) and the charts are drawn for the phone, their text readable. The title names the player,
 * the event and its days. Data: Kévin UNGER's two matches of the Aachen Backgammon Festival in
 * test/reference-matches/xg (XG 2.19's match headers: 2024-08-03 and 2024-08-10).
 */
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { type Browser, chromium } from 'playwright-core';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { expectReadableCharts } from '../helpers/browser-charts.js';
import { chromiumPath } from '../helpers/chromium.js';
import { REF_DIR } from '../helpers/fixtures.js';

const BIN = fileURLToPath(new URL('../../bin/bdb.js', import.meta.url));
const ARTIFACTS = fileURLToPath(new URL('../../test-artifacts/', import.meta.url));

function run(...args: string[]): void {
  const r = spawnSync(process.execPath, [BIN, ...args], {
    encoding: 'utf8',
    env: { ...process.env, NO_COLOR: '1' },
  });
  expect(r.status, r.stderr).toBe(0);
}

const dir = mkdtempSync(join(tmpdir(), 'bdb-tournament-html-'));
const out = join(dir, 'tournament.html');
let browser: Browser;
beforeAll(async () => {
  const lib = join(dir, 'lib.duckdb');
  run('import', `${REF_DIR}xg`, '--library', lib);
  run(
    'tournament',
    'review',
    'Aachen Backgammon Festival',
    '--library',
    lib,
    '--player',
    'Kévin UNGER',
    '--html',
    out,
  );
  browser = await chromium.launch({ executablePath: chromiumPath(), args: ['--no-sandbox'] });
}, 120_000);
afterAll(async () => {
  await browser?.close();
  rmSync(dir, { recursive: true, force: true });
});

test('the title names the player, the event and its days', () => {
  const html = readFileSync(out, 'utf8');
  const title = 'Kévin UNGER · Aachen Backgammon Festival · 2024-08-03 – 2024-08-10 — tournament review';
  expect(html).toContain(`<title>${title}</title>`);
  expect(html).toContain(`<h1>${title}</h1>`);
});

test('at 1,280 px every table fits the page; at 390 px the page fits the screen and the charts are readable', async () => {
  for (const width of [1280, 390]) {
    const page = await browser.newPage({ viewport: { width, height: 900 } });
    await page.goto(pathToFileURL(out).href);
    expect(await page.evaluate<number>('document.documentElement.scrollWidth')).toBeLessThanOrEqual(width);
    // each table against the box it sits in (the page's 1,100-pixel column at 1,280 px)
    const tables = await page.evaluate<{ table: number; box: number }[]>(
      `[...document.querySelectorAll('.table-wrap')].map((w) => ({ table: w.scrollWidth, box: w.clientWidth }))`,
    );
    expect(tables.length).toBe(5);
    if (width === 1280) for (const t of tables) expect(t.table).toBeLessThanOrEqual(t.box);
    await expectReadableCharts(page, width);
    // the two breakdown charts are shown at either width
    expect(await page.locator('svg.chart:visible').count()).toBe(2);
    mkdirSync(ARTIFACTS, { recursive: true });
    await page.screenshot({ path: join(ARTIFACTS, `tournament-${width}.png`), fullPage: true });
    await page.close();
  }
}, 120_000);
