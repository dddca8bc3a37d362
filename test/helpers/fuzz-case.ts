/**
 * One fuzz case, run as the commands run a match (test/fuzz/fuzz.ts and the replay of the kept cases in
 * test/unit/fuzz-corpus.test.ts): parsed, the figures of `stats`, and with `deep` the review (its table and
 * HTML page), the biases and the plan. It fails on anything but a BdbError naming the file, on a NaN or
 * infinite figure, and on a message that is not one short plain line: two lines, a raw control character,
 * or more than {@link MESSAGE_MAX} characters besides the file's name and the place in it (a reader quotes at most 60 characters
 * of the bad text, 80 once escaped: issue 37 saw messages of 549 characters).
 */

import { BdbError } from '../../src/errors.js';
import { DEFAULT_THRESHOLDS } from '../../src/metrics/difficulty.js';
import { defaultMet, reportMatch } from '../../src/metrics/match-report.js';
import { parseMatchFiles } from '../../src/parsers/index.js';
import { BiasCollector } from '../../src/report/biases.js';
import { renderReviewHtml } from '../../src/report/html.js';
import { PlanCollector } from '../../src/report/plan.js';
import { renderReview } from '../../src/report/review.js';
import { buildReview } from '../../src/review/review.js';
import { nonFinite } from './non-finite.js';

const met = defaultMet();

/** The longest message a case may give, not counting where it is (the file's name, line or byte offset). */
export const MESSAGE_MAX = 200;

/** Where an error is, before its text: `:LINE[:COLUMN]: `, `@0xOFFSET (segment): ` or `: ` after the name. */
const LOCATION = /^(?::\d+(?::\d+)?|@0x[0-9a-f]+(?: \([^)]*\))?)?: /;

/** A message's text without the file name and location an error starts with. */
function ownText(message: string, file: string): string {
  return message.startsWith(file) ? message.slice(file.length).replace(LOCATION, '') : message;
}

/** A character a message never holds raw: a terminal may act on it (NUL, ESC, U+009B) or it ends the line. */
const RAW = /[\p{Cc}\u2028\u2029]/u;

/** Why a message (`what`: "a warning", "an error") is not one short plain line; null when it is. */
function badMessage(what: string, message: string, file: string): string | null {
  if (message.includes('\n')) return `${what} of two lines`;
  const text = ownText(message, file);
  if (RAW.test(message)) return `raw control character in ${what}: ${JSON.stringify(text.slice(0, 120))}`;
  if (text.length > MESSAGE_MAX) return `long message: ${what} of ${text.length}: ${text.slice(0, 120)}`;
  return null;
}

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
    for (const w of warnings) {
      const why = badMessage('a warning', w.message, file);
      if (why) return { kind: 'fail', why };
    }
    return { kind: 'ok' };
  } catch (e) {
    if (e instanceof BdbError) {
      if (!e.message.startsWith(`${file}`))
        return { kind: 'fail', why: `error not naming the file: ${e.message.slice(0, 200)}` };
      const why = badMessage('an error', e.message, file);
      if (why) return { kind: 'fail', why };
      return { kind: 'error' };
    }
    return { kind: 'fail', why: `${(e as Error).name}: ${(e as Error).message.slice(0, 200)}` };
  }
}
