/** What the browser tests check of the charts of a page (Chromium via playwright-core). */
import type { Page } from 'playwright-core';
import { expect } from 'vitest';

/**
 * Every chart shown (an SVG other than a board) lies within the screen, not scrolled sideways, and its
 * smallest text is drawn at 10.5 px or more (its font size in the SVG's units × the SVG's scale).
 */
export async function expectReadableCharts(page: Page, width: number): Promise<void> {
  const charts = await page.evaluate<{ right: number; smallest: number; label: string }[]>(`
    [...document.querySelectorAll('svg:not(.board)')]
      .filter((svg) => svg.getClientRects().length > 0)
      .map((svg) => {
        const box = svg.getBoundingClientRect();
        const scale = svg.viewBox.baseVal && svg.viewBox.baseVal.width > 0 ? box.width / svg.viewBox.baseVal.width : 1;
        const sizes = [...svg.querySelectorAll('text')]
          .filter((t) => t.getClientRects().length > 0)
          .map((t) => parseFloat(getComputedStyle(t).fontSize) * scale);
        return {
          right: box.left + window.scrollX + box.width,
          smallest: Math.min(...sizes),
          label: svg.getAttribute('aria-label') || svg.getAttribute('class') || 'svg',
        };
      })`);
  for (const c of charts) {
    expect(c.right, `${c.label} at ${width} px`).toBeLessThanOrEqual(width);
    expect(c.smallest, `${c.label} at ${width} px`).toBeGreaterThanOrEqual(10.5);
  }
}
