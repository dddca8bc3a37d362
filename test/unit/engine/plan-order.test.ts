/**
 * `bdb analyse` starts the longest matches first (src/engine/analyse.ts planAnalysis): with N processes, a
 * long match started last would run alone at the end while the others wait. The 20 Galaxy transcripts of
 * test/reference-matches/galaxy/ (their README gives where they come from) are planned in decreasing order
 * of decisions, path order among equals, every input once.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test } from 'vitest';
import { planAnalysis } from '../../../src/engine/analyse.js';
import { defaultMet } from '../../../src/metrics/match-report.js';
import { REF_DIR } from '../../helpers/fixtures.js';

test('the longest matches are analysed first', () => {
  const root = `${REF_DIR}galaxy`;
  const files = readdirSync(root)
    .filter((f) => f.endsWith('.txt'))
    .map((f) => ({ file: join(root, f), format: undefined, root }));
  const plan = planAnalysis(
    files,
    { out: '/nonexistent', shard: null, met: defaultMet() },
    (f) => readFileSync(f),
    (f, e) => `${f}: ${(e as Error).message}`,
  );
  expect(plan.tasks.length).toBeGreaterThanOrEqual(20);
  expect(new Set(plan.tasks.map((t) => t.input)).size).toBe(plan.tasks.length);
  for (let i = 1; i < plan.tasks.length; i++) {
    const [a, b] = [plan.tasks[i - 1]!, plan.tasks[i]!];
    expect(a.decisions > b.decisions || (a.decisions === b.decisions && a.input < b.input)).toBe(true);
  }
  expect(plan.tasks[0]!.decisions).toBeGreaterThan(plan.tasks.at(-1)!.decisions);
});
