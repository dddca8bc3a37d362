/**
 * The scout's lines in words, shared by the text and the HTML page: the level, the record and the families,
 * each with its n and 95 % interval, or saying that there is too little data for one.
 */
import type { PlayerStats } from '../../metrics/player-stats.js';
import type { StudyFamily } from '../../metrics/study-plan.js';
import { familyWords } from '../family-words.js';
import { fixed, matchesAnalysedText, thousands } from '../format.js';
import { MWC_UNIT, type PlanRef } from '../plan.js';
import type { ScoutRecord } from './data.js';

/** A PR's 95 % interval in words, or why there is none ("fewer than 3 units": too few matches). */
export function prIntervalText(s: PlayerStats): string {
  const i = s.prInterval;
  if (i.low !== null && i.high !== null) return `95 % ${fixed(i.low, 2)} … ${fixed(i.high, 2)}`;
  const why =
    i.reason === 'fewer than 3 units' ? 'fewer than 3 matches: too little data' : (i.reason ?? 'n/a');
  return `95 % n/a (${why})`;
}

/** A person's level: "PR 6.12, 95 % 5.10 … 7.14, Advanced; n = 1,234 decisions in 12 matches". */
export function levelText(s: PlayerStats | null): string {
  if (s === null || s.pr === null || s.decisions.total === null || s.decisions.total === 0)
    return 'PR n/a: no analysed decision';
  return (
    `PR ${fixed(s.pr, 2)}, ${prIntervalText(s)}, ${s.level ?? 'no level'}; ` +
    `n = ${thousands(s.decisions.total)} decisions in ${matchesAnalysedText(s.matches, s.analysedMatches)}`
  );
}

/** The record's first line: "2 matches: Selbs won 1, lost 1; points 23–25". */
export function recordText(opponent: string, r: ScoutRecord): string {
  if (r.matches === 0) return `no match between ${opponent} and ${r.me} in the library (n = 0)`;
  const undecided = r.undecided > 0 ? `, ${r.undecided} without a winner` : '';
  return (
    `${r.matches} match${r.matches === 1 ? '' : 'es'}: ${opponent} won ${r.won}, lost ${r.lost}${undecided}; ` +
    `points ${r.pointsFor}–${r.pointsAgainst}`
  );
}

/** A family's figures: "n = 7 errors (6 scored), R +1.23 pp MWC, 95 % +0.40 … +2.06". */
export function familyFigures(f: StudyFamily<PlanRef>): string {
  const interval = f.low === null ? 'n/a' : `${MWC_UNIT.signed(f.low)} … ${MWC_UNIT.signed(f.high)}`;
  return `n = ${f.members} error${f.members === 1 ? '' : 's'} (${f.scored} scored), R ${MWC_UNIT.signed(f.recoverable)} pp MWC, 95 % ${interval}`;
}

/** A family's certainty: in the plan (sure), or tentative (too few scored errors, or the interval reaches 0). */
export function familySureness(f: StudyFamily<PlanRef>): string {
  return f.included ? 'sure' : 'tentative: too little data (fewer than 5 scored, or the interval reaches 0)';
}

/** A family in plain words. */
export function familyName(f: StudyFamily<PlanRef>): string {
  return familyWords(f);
}
