/** Theme coverage tallies on hand-built theme results (docs/themes.md; blunderDB's silence at 60 mp). */
import { describe, expect, test } from 'vitest';
import type { CheckerThemeToken, ThemeResult } from '../../../src/classify/checker-themes.js';
import {
  addCheckerCoverage,
  addCubeCoverage,
  addThemeCoverage,
  emptyThemeCoverage,
  share,
} from '../../../src/metrics/theme-coverage.js';

function themed(costMp: number, ...tokens: CheckerThemeToken[]): ThemeResult {
  const themes = tokens.map((token) => ({ token, played: 0, best: 0 }));
  return { status: 'themed', themes, primary: themes[0] ?? null, costMp };
}

describe('theme coverage', () => {
  test('four errors, one cube error', () => {
    const c = emptyThemeCoverage();
    addCheckerCoverage(c, themed(80, 'blots', 'exposure')); // a blunderDB theme above its 60 mp silence
    addCheckerCoverage(c, themed(30, 'point')); // a blunderDB theme, silenced by blunderDB at 30 mp
    addCheckerCoverage(c, themed(45, 'missed-hit')); // bdb's theme only
    addCheckerCoverage(c, themed(25, 'distribution')); // the fallback only
    addCubeCoverage(c, true);
    expect(c).toEqual({
      checkerErrors: 4,
      blunderDb: 1,
      blunderDbFour: 2,
      named: 3,
      fallback: 1,
      cubeErrors: 1,
      cubeNamed: 1,
    });
    // 60 mp exactly is spoken (ExplainMinCostMP: silent below)
    const d = emptyThemeCoverage();
    addCheckerCoverage(d, themed(60, 'gammon'));
    expect(d.blunderDb).toBe(1);
    addThemeCoverage(c, d);
    expect([c.checkerErrors, c.blunderDb, c.named]).toEqual([5, 2, 4]);
    expect(share(c.named, c.checkerErrors)).toBe(0.8);
    expect(share(0, 0)).toBeNull();
  });
});
