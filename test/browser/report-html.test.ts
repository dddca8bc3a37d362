/**
 * The player report (`bdb report --library … --html`, test.xg imported into a fresh library so that every
 * section is there, progress included) and the review page with its boards, in Debian's Chromium (driven by
 * playwright-core, as test/browser/review-html.test.ts) at a phone's 390 px and a desktop's 1,400 px: no
 * page error, every SVG shown visible with a real size, nothing wider than the screen, every chart inside
 * the screen with its text at 10.5 px or more (a phone's smallest readable size; boards aside). Screenshots
 * of both widths are saved as test artefacts (test-artifacts/report-390.png …) to look at.
 */
import { spawnSync } from 'node:child_process';
import { copyFileSync, mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
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
const XG = `${REF_DIR}xg/test.xg`;

function run(...args: string[]): void {
  const r = spawnSync(process.execPath, [BIN, ...args], {
    encoding: 'utf8',
    env: { ...process.env, NO_COLOR: '1' },
  });
  expect(r.status, r.stderr).toBe(0);
}

const dir = mkdtempSync(join(tmpdir(), 'bdb-report-html-'));
let browser: Browser;
beforeAll(async () => {
  browser = await chromium.launch({ executablePath: chromiumPath(), args: ['--no-sandbox'] });
}, 60_000);
afterAll(async () => {
  await browser?.close();
  rmSync(dir, { recursive: true, force: true });
});

/** Opens a page at a width and checks it; returns the number of SVGs and of boards. */
async function check(file: string, width: number, shot: string): Promise<{ svgs: number; boards: number }> {
  const page = await browser.newPage({ viewport: { width, height: 900 } });
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(e.message));
  page.on('console', (m) => {
    if (m.type() === 'error') errors.push(m.text());
  });
  await page.goto(pathToFileURL(file).href);
  // nothing wider than the screen
  const scrollWidth = await page.evaluate<number>('document.documentElement.scrollWidth'); // no DOM lib here
  expect(scrollWidth).toBeLessThanOrEqual(width);
  await expectReadableCharts(page, width);
  // a chart may be drawn twice (a wide screen's and a phone's), one of them hidden: the SVGs shown
  const svgs = page.locator('svg:visible');
  const n = await svgs.count();
  for (let i = 0; i < n; i++) {
    const svg = svgs.nth(i);
    await svg.scrollIntoViewIfNeeded();
    expect(await svg.isVisible(), `svg ${i}`).toBe(true);
    const box = (await svg.boundingBox())!;
    expect(box.width, `svg ${i}`).toBeGreaterThan(200);
    expect(box.height, `svg ${i}`).toBeGreaterThan(100);
  }
  // a board fills the column on a phone (the page's padding aside) and keeps a readable size on a desktop
  const boards = page.locator('svg.board');
  const b = await boards.count();
  if (b > 0) {
    const w = (await boards.first().boundingBox())!.width;
    if (width === 390) expect(w).toBeGreaterThan(340);
    else expect(w).toBeGreaterThanOrEqual(400);
  }
  expect(errors).toEqual([]);
  mkdirSync(ARTIFACTS, { recursive: true });
  await page.screenshot({ path: join(ARTIFACTS, `${shot}-${width}.png`), fullPage: true });
  await page.close();
  return { svgs: n, boards: b };
}

test('the player report at 390 and 1,400 px', async () => {
  const lib = join(dir, 'lib.duckdb');
  run('import', XG, '--library', lib);
  const out = join(dir, 'report.html');
  run('report', '--library', lib, '--html', out);
  for (const width of [390, 1400]) {
    const { svgs, boards } = await check(out, width, 'report');
    // per player: the biases chart, 6 reference positions, 5 worst decisions and the progress chart
    expect(boards).toBe(2 * (6 + 5));
    expect(svgs).toBe(boards + 2 * 2);
  }
}, 120_000);

test('the review page with its boards at 390 and 1,400 px', async () => {
  // a long path with no break in it (as a user's may be) must wrap, not widen the page
  const deep = join(dir, 'Backgammon_matches_analysed_in_XG_2023_club_nights');
  mkdirSync(deep, { recursive: true });
  const xg = join(deep, 'test.xg');
  copyFileSync(XG, xg);
  const out = join(dir, 'review.html');
  run('review', xg, '--html', out);
  // the title: the players, the event and the day of test.xg's header (XG 2.19: HSBT Paris 2023,
  // 2023-11-26), not the path; the file's name is in the line under it
  const html = readFileSync(out, 'utf8');
  const title = 'Kévin Unger vs Maxence Job · HSBT Paris 2023 · 2023-11-26 — match review';
  expect(html).toContain(`<title>${title}</title>`);
  expect(html).toContain(`<h1>${title}</h1>`);
  expect(html).toContain('<p class="sub">7-point match · 7 games · winner Kévin Unger (7–4) · test.xg</p>');
  for (const width of [390, 1400]) {
    const { svgs, boards } = await check(out, width, 'review');
    expect(boards).toBe(6);
    expect(svgs).toBe(8);
  }
}, 120_000);
