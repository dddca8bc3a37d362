/**
 * The scout page (`bdb scout NAME --library … --html`, Llabba's history imported: test/history/llabba) in
 * Debian's Chromium (playwright-core, as test/browser/report-html.test.ts) at a phone's 390 px and a
 * desktop's 1,280 px: no page error, the biases' chart shown with a real size and readable text, nothing
 * wider than the screen. Screenshots are saved as test artefacts (test-artifacts/scout-390.png …).
 */
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { type Browser, chromium } from 'playwright-core';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { expectReadableCharts } from '../helpers/browser-charts.js';
import { chromiumPath } from '../helpers/chromium.js';

const BIN = fileURLToPath(new URL('../../bin/bdb.js', import.meta.url));
const ARTIFACTS = fileURLToPath(new URL('../../test-artifacts/', import.meta.url));
const LLABBA = fileURLToPath(new URL('../history/llabba', import.meta.url));

function run(...args: string[]): void {
  const r = spawnSync(process.execPath, [BIN, ...args], {
    encoding: 'utf8',
    env: { ...process.env, NO_COLOR: '1' },
  });
  expect(r.status, r.stderr).toBe(0);
}

const dir = mkdtempSync(join(tmpdir(), 'bdb-scout-html-'));
const page = join(dir, 'llabba.html');
let browser: Browser;
beforeAll(async () => {
  const lib = join(dir, 'l.duckdb');
  run('import', LLABBA, '--library', lib);
  run('scout', 'Llabba', '--alias', 'Llabba=llabba', '--me', 'jjoker', '--library', lib, '--html', page);
  browser = await chromium.launch({ executablePath: chromiumPath(), args: ['--no-sandbox'] });
}, 180_000);
afterAll(async () => {
  await browser?.close();
  rmSync(dir, { recursive: true, force: true });
});

for (const width of [390, 1280]) {
  test(`the scout page at ${width} px`, async () => {
    const p = await browser.newPage({ viewport: { width, height: 900 } });
    const errors: string[] = [];
    p.on('pageerror', (e) => errors.push(e.message));
    await p.goto(pathToFileURL(page).href);
    expect(await p.evaluate<number>('document.documentElement.scrollWidth')).toBeLessThanOrEqual(width);
    await expectReadableCharts(p, width);
    const svgs = p.locator('svg:visible');
    expect(await svgs.count()).toBe(1);
    const box = (await svgs.first().boundingBox())!;
    expect(box.width).toBeGreaterThan(200);
    expect(box.height).toBeGreaterThan(100);
    expect(await p.locator('ul.advice li').count()).toBeGreaterThanOrEqual(4);
    expect(await p.locator('h2', { hasText: 'Record against jjoker' }).count()).toBe(1);
    expect(errors).toEqual([]);
    mkdirSync(ARTIFACTS, { recursive: true });
    await p.screenshot({ path: join(ARTIFACTS, `scout-${width}.png`), fullPage: true });
    await p.close();
  });
}
