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

/** What a checker error's themes give its coverage, as bits (the library stores them: `theme_coverage`). */
export const COVERAGE_BITS = { four: 1, blunderDb: 2, named: 4, fallback: 8 } as const;

/** The coverage bits of a checker error's themes (computed without a silence threshold). */
export function checkerCoverageBits(r: ThemeResult): number {
  const four = r.themes.some((t) => FOUR.has(t.token));
  let bits = 0;
  if (four) {
    bits |= COVERAGE_BITS.four;
    if ((r.costMp ?? 0) >= EXPLAIN_MIN_COST_MP) bits |= COVERAGE_BITS.blunderDb;
  }
  if (r.themes.some((t) => t.token !== 'distribution')) bits |= COVERAGE_BITS.named;
  else if (r.themes.length > 0) bits |= COVERAGE_BITS.fallback;
  return bits;
}

/** Adds one checker error, given its themes (computed without a silence threshold). */
export function addCheckerCoverage(c: ThemeCoverage, r: ThemeResult): void {
  addCheckerCoverageBits(c, checkerCoverageBits(r));
}

/** Adds one checker error by its coverage bits ({@link checkerCoverageBits}). */
export function addCheckerCoverageBits(c: ThemeCoverage, bits: number): void {
  c.checkerErrors++;
  if (bits & COVERAGE_BITS.four) c.blunderDbFour++;
  if (bits & COVERAGE_BITS.blunderDb) c.blunderDb++;
  if (bits & COVERAGE_BITS.named) c.named++;
  if (bits & COVERAGE_BITS.fallback) c.fallback++;
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
