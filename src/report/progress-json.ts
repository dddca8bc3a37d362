/**
 * `bdb progress --json` (docs/schema/progress.schema.json): the report of src/history/progress.ts under the
 * JSON keys (unit in every name, docs/json.md), with the settings and the files not read or set aside.
 */
import type { ProgressPeriod, ProgressReport } from '../history/progress-types.js';
import { jsonAudit } from './analysis-mix.js';
import { type JsonDuplicate, type JsonFailure, type JsonSettings, jsonHead } from './json.js';

function jsonPeriod(p: ProgressPeriod): unknown {
  return {
    label: p.label,
    from: p.from,
    to: p.to,
    matches: p.matches,
    analysedMatches: p.analysedMatches,
    decisions: p.decisions,
    pr: p.pr,
    prLow: p.prLow,
    prHigh: p.prHigh,
    l7MwcPct: p.l7,
    l7MwcPctLow: p.l7Low,
    l7MwcPctHigh: p.l7High,
    level: p.level,
  };
}

/** The whole output of `bdb progress --json`. */
export function jsonProgress(
  r: ProgressReport,
  settings: JsonSettings,
  failures: readonly JsonFailure[],
  duplicates: readonly JsonDuplicate[],
): unknown {
  return {
    ...jsonHead('progress'),
    settings,
    player: r.player,
    by: r.by,
    periods: r.periods.map(jsonPeriod),
    overall: jsonPeriod(r.overall),
    trend: {
      matches: r.trend.matches,
      slopePrPer100Matches: r.trend.slopePer100,
      low: r.trend.low,
      high: r.trend.high,
      verdict: r.trend.verdict,
    },
    undated: r.undated,
    ...jsonAudit(r.audit),
    failures,
    duplicates,
  };
}
