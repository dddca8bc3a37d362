/**
 * The study plan's classification of one error (spec/metrics.md §7): its family (game plan of the decision
 * maker, nature, theme), its ℓ and d, and its reference. The one classification `bdb plan` (src/report/plan.ts,
 * which collects and prints), `bdb study` (src/history/study.ts) and the tournament review share.
 */
import { checkerThemes } from '../classify/checker-themes.js';
import { cubeTheme, decisionCubeDirection } from '../classify/cube-direction.js';
import { gamePlan } from '../classify/game-plan.js';
import type { StoredDetail } from '../library/read.js';
import type { Met } from '../met/index.js';
import { decisionError } from '../metrics/decision-error.js';
import { decisionDifficulty, reachesThreshold } from '../metrics/difficulty.js';
import { mwcLoss } from '../metrics/mwc-loss.js';
import type { DecisionNature, StudyPlanInput } from '../metrics/study-plan.js';
import { addCheckerCoverage, addCubeCoverage, type ThemeCoverage } from '../metrics/theme-coverage.js';
import type { Decision, Game, Match } from '../model/types.js';
import { type DecisionRef, decisionRef, playedAndBest } from '../review/decision-refs.js';
import type { DecisionPosition } from '../review/position.js';

/** A decision of the plan: its reference, the play made and the best one. */
export interface PlanRef extends DecisionRef {
  readonly played: string;
  readonly best: string;
  /** The opponent of the player who decided, as the file names him (absent where unknown: a stored row). */
  readonly opponent?: string;
}

/**
 * The theme token of an error: the checker play's primary theme, or the cube error cell; null if none
 * (or only the `distribution` fallback).
 */
export function errorTheme(d: Decision): string | null {
  return themeOfError(d, null);
}

/** {@link errorTheme}, also tallying the coverage of themes when `coverage` is given. */
function themeOfError(d: Decision, coverage: ThemeCoverage | null): string | null {
  if (d.kind === 'cube') {
    const theme = cubeTheme(decisionCubeDirection(d));
    if (coverage) addCubeCoverage(coverage, theme !== null);
    return theme;
  }
  const r = checkerThemes(d);
  if (coverage) addCheckerCoverage(coverage, r);
  // the `distribution` fallback says only that the boards differ: like blunderDB's `none`, no family
  const token = r.primary?.token ?? null;
  return token === 'distribution' ? null : token;
}

/** The game-plan token the plan gives a decision: the decision maker's plan, 'unknown' without a board. */
export function decisionPlanToken(d: Decision, pos: DecisionPosition | null): string {
  return pos ? gamePlan(pos.board, d.player) : 'unknown';
}

/** A counted decision's error as the plan takes it, with the decision's board (null when unknown). */
export interface PlanError {
  readonly input: StudyPlanInput<PlanRef>;
  readonly pos: DecisionPosition | null;
}

/**
 * The error of counted decision `i` of `game` as the study plan classifies it (family = plan, nature,
 * theme; ℓ and d): null when not analysed or below the Error threshold (`threshold`, equity). The one
 * classification `bdb plan` and `bdb study` share. `coverage`, when given, tallies the themes named.
 */
export function planError(
  met: Met,
  match: Match,
  game: Game,
  i: number,
  threshold: number,
  coverage: ThemeCoverage | null = null,
): PlanError | null {
  const d = game.decisions[i]!;
  const e = decisionError(d);
  if (e === null || !reachesThreshold(e, threshold)) return null;
  const { ref, pos } = decisionRef(match, game, i);
  const full: PlanRef = { ...ref, ...playedAndBest(d), opponent: match.players[d.player === 0 ? 1 : 0] };
  const loss = mwcLoss(met, d, e);
  const difficulty = loss === null ? null : decisionDifficulty(met, d);
  const plan = decisionPlanToken(d, pos);
  const nature: DecisionNature = d.kind;
  const theme = themeOfError(d, coverage);
  return { input: { plan, nature, theme, error: e, loss, difficulty, ref: full }, pos };
}

/**
 * {@link planError} from a library's stored decision row (src/library/rows.ts) read with its detail: the row
 * holds the figures and the classification the import computed with the same functions (e, ℓ, d; the
 * decision maker's game plan; the checker play's primary theme, or the cube error cell). The `distribution`
 * fallback names no family, as in {@link errorTheme}.
 */
export function storedPlanInput(file: string, error: number, x: StoredDetail): StudyPlanInput<PlanRef> {
  const nature: DecisionNature = x.kind === 'checker' ? 'checker' : 'cube';
  return {
    plan: x.gamePlan ?? 'unknown',
    nature,
    theme: x.theme === 'distribution' ? null : x.theme,
    error,
    loss: x.loss,
    difficulty: x.loss === null ? null : x.difficulty,
    ref: {
      file,
      game: x.game,
      move: x.move,
      decisionIndex: x.decision - 1,
      kind: nature,
      xgid: x.xgid,
      positionId: x.positionId,
      played: x.played ?? 'n/a',
      best: x.best ?? 'n/a',
    },
  };
}
