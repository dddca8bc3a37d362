/** `bdb scout NAME --json` (docs/schema/scout.schema.json): the page's figures at full precision. */
import { auditOf } from '../../metrics/analysis-mix.js';
import type { PlayerStats } from '../../metrics/player-stats.js';
import type { ScoutLean } from '../../metrics/scout-lean.js';
import { familyText, type StudyFamily } from '../../metrics/study-plan.js';
import { jsonAudit } from '../analysis-mix.js';
import { jsonHead, writeJson } from '../json.js';
import type { PlanRef } from '../plan.js';
import type { Reporter } from '../reporter.js';
import { leanWords } from './advice.js';
import type { ScoutRecord } from './data.js';
import type { ScoutResult, ScoutView } from './types.js';

/** A person's level as `bdb stats` gives it; every figure null without an analysed decision. */
function jsonLevel(s: PlayerStats | null): unknown {
  const decisions = s?.decisions.total ?? null;
  return {
    matches: s?.matches ?? 0,
    analysedMatches: s?.analysedMatches ?? 0,
    decisions,
    pr: s?.pr ?? null,
    prInterval: s ? s.prInterval : { low: null, high: null, reason: 'no analysis' },
    level: s?.level ?? null,
    ...jsonAudit(auditOf(s?.figures ?? null)),
  };
}

function jsonLean(l: ScoutLean): unknown {
  const { habit, advice } = leanWords(l);
  const e = l.estimate;
  return {
    kind: l.kind,
    away: l.cell?.away ?? null,
    opponentAway: l.cell?.opponentAway ?? null,
    lean: l.lean,
    certainty: l.certainty,
    n: e.n,
    bias: e.bias,
    low: e.low,
    high: e.high,
    habit,
    advice,
  };
}

function jsonFamily(f: StudyFamily<PlanRef>): unknown {
  return {
    family: familyText(f),
    members: f.members,
    scored: f.scored,
    recoverableMwc: f.recoverable,
    low: f.low,
    high: f.high,
    included: f.included,
  };
}

function jsonRecord(r: ScoutRecord | 'no player' | 'same person'): unknown {
  if (typeof r === 'string')
    return {
      me: null,
      reason: r,
      matches: null,
      won: null,
      lost: null,
      undecided: null,
      pointsFor: null,
      pointsAgainst: null,
      opponentLevel: null,
      meLevel: null,
    };
  return {
    me: r.me,
    reason: null,
    matches: r.matches,
    won: r.won,
    lost: r.lost,
    undecided: r.undecided,
    pointsFor: r.pointsFor,
    pointsAgainst: r.pointsAgainst,
    opponentLevel: jsonLevel(r.opponentStats),
    meLevel: jsonLevel(r.meStats),
  };
}

export const scoutJson: Reporter<ScoutResult, ScoutView> = (r, _view, write) => {
  const p = r.report;
  writeJson(
    {
      ...jsonHead('scout'),
      settings: r.settings,
      library: r.library,
      player: p.opponent,
      matches: r.read,
      level: jsonLevel(p.stats),
      leans: p.leans === null ? null : p.leans.leans.map(jsonLean),
      cellsWithoutLean: p.leans?.cellsWithoutLean ?? null,
      tilt: p.biases?.tilt ?? null,
      errors: p.errors,
      families: p.errors === null ? null : p.families.map(jsonFamily),
      familiesIncluded: p.errors === null ? null : p.familiesIncluded,
      record: jsonRecord(p.record),
      failures: r.failures,
      duplicates: r.duplicates,
    },
    write,
  );
};
