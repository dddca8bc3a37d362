/**
 * The HTML review in a real browser: `bdb review test.xg --html` is opened in Debian's Chromium (driven by
 * playwright-core; `.ci/run` installs the `chromium` package), both charts must be drawn (two visible
 * SVGs of real size) next to the tables and the decisions to review, and a screenshot is saved as a test
 * artefact (test-artifacts/review-test.png) to look at.
 */
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { chromium } from 'playwright-core';
import { expect, test } from 'vitest';
import { chromiumPath } from '../helpers/chromium.js';
import { REF_DIR } from '../helpers/fixtures.js';

const BIN = fileURLToPath(new URL('../../bin/bdb.js', import.meta.url));
const ARTIFACTS = fileURLToPath(new URL('../../test-artifacts/', import.meta.url));

test('the review page renders both charts in Chromium', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'bdb-html-'));
  const out = join(dir, 'review.html');
  const r = spawnSync(process.execPath, [BIN, 'review', `${REF_DIR}xg/test.xg`, '--html', out], {
    encoding: 'utf8',
    env: { ...process.env, NO_COLOR: '1' },
  });
  expect(r.status, r.stderr).toBe(0);
  const browser = await chromium.launch({ executablePath: chromiumPath(), args: ['--no-sandbox'] });
  try {
    const page = await browser.newPage({ viewport: { width: 1200, height: 900 } });
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(e.message));
    page.on('console', (m) => {
      if (m.type() === 'error') errors.push(m.text());
    });
    await page.goto(pathToFileURL(out).href);
    expect(await page.title()).toContain('Kévin Unger');
    const svgs = page.locator('svg');
    expect(await svgs.count()).toBeGreaterThanOrEqual(2);
    for (let i = 0; i < 2; i++) {
      const svg = svgs.nth(i);
      await svg.scrollIntoViewIfNeeded();
      expect(await svg.isVisible()).toBe(true);
      const box = await svg.boundingBox();
      expect(box!.width).toBeGreaterThan(200);
      expect(box!.height).toBeGreaterThan(100);
    }
    // bars and curves are drawn, not empty frames
    expect(await page.locator('svg rect').count()).toBeGreaterThan(20);
    expect(await page.locator('svg polyline, svg path').count()).toBeGreaterThanOrEqual(2);
    const text = (await page.locator('body').textContent()) ?? '';
    expect(text).toContain('Maxence Job');
    expect(text).toContain('XGID=');
    expect(errors).toEqual([]);
    mkdirSync(ARTIFACTS, { recursive: true });
    await page.screenshot({ path: join(ARTIFACTS, 'review-test.png'), fullPage: true });
  } finally {
    await browser.close();
  }
}, 60_000);
