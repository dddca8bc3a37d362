/**
 * One fuzz case, run as the commands run a match (test/fuzz/fuzz.ts and the replay of the kept cases in
 * test/unit/fuzz-corpus.test.ts): parsed, the figures of `stats`, and with `deep` the review (its table and
 * HTML page), the biases and the plan. It fails on anything but a BdbError naming the file, on a NaN or
 * infinite figure, and on a message of two lines.
 */
import { defaultMet, parseMatchFiles, reportMatch } from '../../src/analyse.js';
import { BdbError } from '../../src/errors.js';
import { DEFAULT_THRESHOLDS } from '../../src/metrics/difficulty.js';
import { BiasCollector } from '../../src/report/biases.js';
import { renderReviewHtml } from '../../src/report/html.js';
import { PlanCollector } from '../../src/report/plan.js';
import { renderReview } from '../../src/report/review.js';
import { buildReview } from '../../src/review/review.js';
import { nonFinite } from './non-finite.js';

const met = defaultMet();

/** What a case did. */
type Outcome = { kind: 'ok' } | { kind: 'error' } | { kind: 'fail'; why: string };

/** Runs one case as the commands would; `deep` adds review, biases and plan. */
export function runCase(file: string, bytes: Uint8Array, deep: boolean): Outcome {
  try {
    const { match, warnings } = parseMatchFiles([{ file, bytes }], met);
    const bad: string[] = [];
    const report = reportMatch(match, met, match.format, warnings);
    nonFinite(report.stats, 'stats', bad);
    if (deep) {
      const review = buildReview(match, met);
      nonFinite(review, 'review', bad);
      renderReview(review);
      renderReviewHtml(review);
      const biases = new BiasCollector();
      biases.add(match);
      nonFinite(biases.results(), 'biases', bad);
      const plan = new PlanCollector(met, DEFAULT_THRESHOLDS);
      plan.add(match);
      nonFinite(plan.results(), 'plan', bad);
    }
    if (bad.length > 0) return { kind: 'fail', why: `non-finite figure: ${bad.slice(0, 4).join(', ')}` };
    for (const w of warnings)
      if (w.message.includes('\n')) return { kind: 'fail', why: 'a warning of two lines' };
    return { kind: 'ok' };
  } catch (e) {
    if (e instanceof BdbError) {
      if (!e.message.startsWith(`${file}`))
        return { kind: 'fail', why: `error not naming the file: ${e.message.slice(0, 200)}` };
      if (e.message.includes('\n')) return { kind: 'fail', why: 'an error of two lines' };
      return { kind: 'error' };
    }
    return { kind: 'fail', why: `${(e as Error).name}: ${(e as Error).message.slice(0, 200)}` };
  }
}
