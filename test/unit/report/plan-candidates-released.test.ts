/**
 * src/report/plan.ts: a person's plan keeps its families' members (read again by their place), not the
 * reference candidates the plan was made from. They used to stay reachable through the closures the rows'
 * reader shared with the candidate fold, for every person until the run ended (`bdb plan` on one player's
 * library of 10,000 matches peaked at 623 MB, 248 MB once they were let go). A child process with the
 * collector garbage-collected on demand (`--expose-gc`) makes every plan of the reference SGFs, keeps the
 * plans, and tells how many of the folds are still alive.
 */
import { execFileSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { expect, test } from 'vitest';
import { refFiles } from '../../helpers/fixtures.js';

const DIST = fileURLToPath(new URL('../../../dist/', import.meta.url));

const SCRIPT = `
import { readFileSync } from 'node:fs';
import { CandidateFold } from '${DIST}metrics/reference-positions.js';
import { DEFAULT_THRESHOLDS } from '${DIST}metrics/difficulty.js';
import { defaultMet } from '${DIST}metrics/match-report.js';
import { parseBytes } from '${DIST}parsers/index.js';
import { PlanCollector } from '${DIST}report/plan.js';
const folds = [];
const add = CandidateFold.prototype.add;
CandidateFold.prototype.add = function (e) {
  if (!folds.some((w) => w.deref() === this)) folds.push(new WeakRef(this));
  return add.call(this, e);
};
const met = defaultMet();
const plan = new PlanCollector(met, DEFAULT_THRESHOLDS);
for (const file of JSON.parse(process.argv[1])) plan.add(parseBytes(new Uint8Array(readFileSync(file)), { file, met }).match);
const plans = plan.results();
const tick = () => new Promise((r) => setImmediate(r));
await tick();
globalThis.gc();
await tick();
globalThis.gc();
const alive = folds.filter((w) => w.deref() !== undefined).length;
console.log(JSON.stringify({ folds: folds.length, alive, plans: plans.length, families: plans.reduce((n, p) => n + p.plan.families.length, 0) }));
`;

test('the plans of the reference SGFs keep none of their candidate folds', () => {
  const files = [...refFiles('gnubg', '.sgf'), ...refFiles('sgf', '.sgf')];
  const out = execFileSync(
    process.execPath,
    ['--expose-gc', '--input-type=module', '-e', SCRIPT, JSON.stringify(files)],
    {
      encoding: 'utf8',
    },
  );
  const r = JSON.parse(out) as { folds: number; alive: number; plans: number; families: number };
  expect(r.plans).toBeGreaterThan(10);
  expect(r.families).toBeGreaterThan(0);
  expect(r.folds).toBeGreaterThan(10);
  expect(r.alive).toBe(0);
});
