/**
 * Theme coverage: what share of the errors a theme names (issue 7; spec/classifier.md §2, docs/themes.md).
 *
 *   share(X) = (errors named by X) / (errors)          errors = counted decisions with e ≥ Error threshold
 *
 * Counted over checker errors, for three namers, and over cube errors:
 * - `blunderDb`: blunderDB's own classifier, its four themes (gammon, blots, point, passive) and its
 *   silence below 60 mp (ExplainMinCostMP; classifier.md §2);
 * - `blunderDbFour`: the same four themes at any error size (no silence);
 * - `named`: bdb's measured themes, the four included, without the `distribution` fallback;
 * - `fallback`: errors only the `distribution` fallback names (the boards differ, no rule fires);
 * - cube errors: named when the cube direction (classifier.md §3a) can be read.
 * Numerator: errors so named; denominator: errors of that nature (null share when there is none).
 */
import { BLUNDERDB_THEMES, EXPLAIN_MIN_COST_MP, type ThemeResult } from '../classify/checker-themes.js';

/** Tallies of one person or one history. */
export interface ThemeCoverage {
  checkerErrors: number;
  blunderDb: number;
  blunderDbFour: number;
  named: number;
  fallback: number;
  cubeErrors: number;
  cubeNamed: number;
}

export function emptyThemeCoverage(): ThemeCoverage {
  return {
    checkerErrors: 0,
    blunderDb: 0,
    blunderDbFour: 0,
    named: 0,
    fallback: 0,
    cubeErrors: 0,
    cubeNamed: 0,
  };
}

const FOUR: ReadonlySet<string> = new Set(BLUNDERDB_THEMES);

/** Adds one checker error, given its themes (computed without a silence threshold). */
export function addCheckerCoverage(c: ThemeCoverage, r: ThemeResult): void {
  c.checkerErrors++;
  const four = r.themes.some((t) => FOUR.has(t.token));
  if (four) {
    c.blunderDbFour++;
    if ((r.costMp ?? 0) >= EXPLAIN_MIN_COST_MP) c.blunderDb++;
  }
  if (r.themes.some((t) => t.token !== 'distribution')) c.named++;
  else if (r.themes.length > 0) c.fallback++;
}

/** Adds one cube error; `named` when its direction was read. */
export function addCubeCoverage(c: ThemeCoverage, named: boolean): void {
  c.cubeErrors++;
  if (named) c.cubeNamed++;
}

/** Adds `b` into `a`. */
export function addThemeCoverage(a: ThemeCoverage, b: ThemeCoverage): void {
  a.checkerErrors += b.checkerErrors;
  a.blunderDb += b.blunderDb;
  a.blunderDbFour += b.blunderDbFour;
  a.named += b.named;
  a.fallback += b.fallback;
  a.cubeErrors += b.cubeErrors;
  a.cubeNamed += b.cubeNamed;
}

/** numerator / denominator, or null without a denominator. */
export function share(numerator: number, denominator: number): number | null {
  return denominator > 0 ? numerator / denominator : null;
}
