/**
 * `bdb find --html` in Debian's Chromium (driven by playwright-core, as test/browser/review-html.test.ts) at a
 * phone's 390 px and a desktop's 1,280 px: the example matches imported into a fresh library, every error
 * listed with its board; no page error, nothing wider than the screen, one visible SVG board per decision of
 * real size (filling a phone's column, readable on a desktop), the XGIDs shown. Screenshots are saved as
 * test artefacts (test-artifacts/find-390.png, find-1280.png) to look at.
 */
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { chromium } from 'playwright-core';
import { afterAll, expect, test } from 'vitest';
import { chromiumPath } from '../helpers/chromium.js';

const BIN = fileURLToPath(new URL('../../bin/bdb.js', import.meta.url));
const ARTIFACTS = fileURLToPath(new URL('../../test-artifacts/', import.meta.url));
const EXAMPLES = fileURLToPath(new URL('../../examples/matches', import.meta.url));
const dir = mkdtempSync(join(tmpdir(), 'bdb-find-html-'));

afterAll(() => rmSync(dir, { recursive: true, force: true }));

function run(...args: string[]): string {
  const r = spawnSync(process.execPath, [BIN, ...args], {
    encoding: 'utf8',
    env: { ...process.env, NO_COLOR: '1' },
  });
  expect(r.status, r.stderr).toBe(0);
  return r.stdout;
}

test('the find page at 390 and 1,280 px: a board per decision, nothing wider than the screen', async () => {
  const lib = join(dir, 'lib.duckdb');
  run('import', EXAMPLES, '--library', lib);
  const page0 = join(dir, 'find.html');
  const listed = JSON.parse(run('find', '--library', lib, '--limit', '6', '--json', '--html', page0)) as {
    decisions: { xgid: string | null }[];
  };
  expect(listed.decisions).toHaveLength(6);
  const browser = await chromium.launch({ executablePath: chromiumPath(), args: ['--no-sandbox'] });
  try {
    for (const width of [390, 1280]) {
      const page = await browser.newPage({ viewport: { width, height: 900 } });
      const errors: string[] = [];
      page.on('pageerror', (e) => errors.push(e.message));
      page.on('console', (m) => {
        if (m.type() === 'error') errors.push(m.text());
      });
      await page.goto(pathToFileURL(page0).href);
      expect(await page.evaluate<number>('document.documentElement.scrollWidth')).toBeLessThanOrEqual(width);
      const boards = page.locator('svg.board');
      expect(await boards.count()).toBe(6);
      for (let i = 0; i < 6; i++) {
        const svg = boards.nth(i);
        await svg.scrollIntoViewIfNeeded();
        expect(await svg.isVisible(), `board ${i}`).toBe(true);
        const box = (await svg.boundingBox())!;
        if (width === 390) expect(box.width, `board ${i}`).toBeGreaterThan(340);
        else expect(box.width, `board ${i}`).toBeGreaterThanOrEqual(400);
        expect(box.height, `board ${i}`).toBeGreaterThan(200);
      }
      const text = (await page.locator('body').textContent()) ?? '';
      for (const d of listed.decisions) if (d.xgid !== null) expect(text).toContain(d.xgid);
      expect(errors).toEqual([]);
      mkdirSync(ARTIFACTS, { recursive: true });
      await page.screenshot({ path: join(ARTIFACTS, `find-${width}.png`), fullPage: true });
      await page.close();
    }
  } finally {
    await browser.close();
  }
}, 120_000);
