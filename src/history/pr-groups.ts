/**
 * PR by game plan and by game phase: the person's counted decisions grouped by the decision maker's game plan
 * (src/classify/game-plan.ts `gamePlan`, blunderDB's plans) and by the phase of the position (`gamePhase`),
 * each group's PR by the formula of src/metrics/pr.ts (500 × Σe / N over the group's counted decisions).
 *
 * The decisions and their errors are those the PR of `bdb stats` counts: they come from the same
 * computation (src/metrics/player-stats.ts `matchTallies`, whose observer sees each decision with the e
 * and the counted flag the tally took), so the groups' decisions add up to the PR's N and their errors to its
 * Σe, and the tallies made on the way are the ones `bdb stats` aggregates. A decision's board is its
 * position (src/review/position.ts: a cube decision takes the board of the roll it comes before), as the
 * library's rows and the study plan classify it; a decision without a known board is in the group
 * 'unknown'.
 */
import { gamePhase, gamePlan } from '../classify/game-plan.js';
import { compareNames } from '../core/name-order.js';
import type { Met } from '../met/index.js';
import { DEFAULT_THRESHOLDS, type ErrorThresholds } from '../metrics/difficulty.js';
import { matchTallies, type PlayerTally } from '../metrics/player-stats.js';
import { performanceRating } from '../metrics/pr.js';
import type { Decision, Game, Match } from '../model/types.js';
import { decisionPosition } from '../review/position.js';

/** Σe and N of one group. */
export interface GroupSum {
  error: number;
  decisions: number;
}

/** One seat's (or person's) sums by game plan and by phase. */
export interface GroupTally {
  readonly plan: Map<string, GroupSum>;
  readonly phase: Map<string, GroupSum>;
}

/** An empty tally. */
export function emptyGroupTally(): GroupTally {
  return { plan: new Map(), phase: new Map() };
}

function addTo(m: Map<string, GroupSum>, key: string, error: number, decisions: number): void {
  const g = m.get(key);
  if (g) {
    g.error += error;
    g.decisions += decisions;
  } else m.set(key, { error, decisions });
}

/** Adds one counted decision of error `error` (equity) to its game plan's and its phase's groups. */
export function addGroupDecision(t: GroupTally, plan: string, phase: string, error: number): void {
  addTo(t.plan, plan, error, 1);
  addTo(t.phase, phase, error, 1);
}

/** Adds `from` into `into`. */
export function addGroupTally(into: GroupTally, from: GroupTally): void {
  for (const [k, g] of from.plan) addTo(into.plan, k, g.error, g.decisions);
  for (const [k, g] of from.phase) addTo(into.phase, k, g.error, g.decisions);
}

/**
 * The tallies of a match (as `bdb stats` makes them) and each seat's counted decisions by game plan and phase.
 *
 * @param met - the MET
 * @param match - a parsed match
 * @param thresholds - as for `matchTallies`
 */
export function matchTalliesWithGroups(
  met: Met,
  match: Match,
  thresholds: ErrorThresholds = DEFAULT_THRESHOLDS,
): { tallies: [PlayerTally, PlayerTally]; groups: [GroupTally, GroupTally] } {
  const groups: [GroupTally, GroupTally] = [emptyGroupTally(), emptyGroupTally()];
  // the observer sees the decisions in match order: game by game, decision by decision
  const where: { game: Game; index: number }[] = [];
  for (const game of match.games) {
    for (let index = 0; index < game.decisions.length; index++) where.push({ game, index });
  }
  let next = 0;
  const tallies = matchTallies(met, match, thresholds, (d: Decision, f) => {
    const at = where[next++];
    if (!f.counted || f.error === null) return;
    if (at?.game.decisions[at.index] !== d)
      throw new Error('matchTallies observed the decisions out of order');
    const pos = decisionPosition(at.game, at.index);
    addGroupDecision(
      groups[d.player],
      pos ? gamePlan(pos.board, d.player) : 'unknown',
      pos ? gamePhase(pos.board) : 'unknown',
      f.error,
    );
  });
  return { tallies, groups };
}

/** One group's figures. */
export interface PrGroup {
  readonly group: string;
  readonly decisions: number;
  /** Σe (equity). */
  readonly error: number;
  /** PR of the group, null without decisions. */
  readonly pr: number | null;
}

/** The groups of a map, most decisions first (ties by name). */
function groupsOf(m: ReadonlyMap<string, GroupSum>): PrGroup[] {
  return [...m.entries()]
    .map(([group, g]) => ({
      group,
      decisions: g.decisions,
      error: g.error,
      pr: performanceRating(g.error, g.decisions),
    }))
    .sort((a, b) => b.decisions - a.decisions || compareNames(a.group, b.group));
}

/** PR by game plan and by phase of a tally. */
export function prGroups(t: GroupTally): { plan: PrGroup[]; phase: PrGroup[] } {
  return { plan: groupsOf(t.plan), phase: groupsOf(t.phase) };
}
