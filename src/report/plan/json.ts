/** `bdb plan --json` (docs/json.md), written as it is made: each person's plan made, written, let go. */
import { jsonHead, LazyJsonArray, writeJson } from '../json.js';
import { jsonCoverage, jsonPlayerPlan } from '../plan.js';
import type { Reporter } from '../reporter.js';
import type { PlanResult, PlanView } from './types.js';

export const planJson: Reporter<PlanResult, PlanView> = (r, _view, write) =>
  writeJson(
    {
      ...jsonHead('plan'),
      settings: r.settings,
      matches: r.read,
      themeCoverage: jsonCoverage(r.coverage, r.analysed),
      players: LazyJsonArray.of(r.persons, (n) => jsonPlayerPlan(r.plan(n))),
      failures: r.failures,
      duplicates: r.duplicates,
    },
    write,
  );
