/**
 * References from a figure back to the decisions it was computed from: file, game, move, XGID and gnuBG
 * Position ID, and the play made / the best play in the notation XG and gnuBG print. Shared by the
 * biases and study-plan reports. No printing here.
 */
import { formatHops } from '../core/move-notation.js';
import { formatPlay } from '../core/moves.js';
import type { CheckerDecision, Decision, Game, Match } from '../model/types.js';
import { cubeActionName, properCubeAction } from './cube-action.js';
import {
  type DecisionPosition,
  decisionPosition,
  decisionPositionId,
  decisionXgid,
  sideOnRoll,
} from './position.js';

/** Where a decision is and what position it was. */
export interface DecisionRef {
  readonly file: string;
  /** 1-based game number. */
  readonly game: number;
  /** 1-based number of the roll in its game (a cube decision: the roll it comes before). */
  readonly move: number;
  /** 0-based index of the decision in its game (the model's `index`). */
  readonly decisionIndex: number;
  readonly kind: 'checker' | 'cube';
  readonly xgid: string | null;
  readonly positionId: string | null;
}

/** 1-based number of the roll decision `position` is (or comes before) in its game. */
export function moveNumber(game: Game, position: number): number {
  let rolls = 0;
  for (let i = 0; i < position && i < game.decisions.length; i++) {
    if (game.decisions[i]!.kind === 'checker') rolls++;
  }
  return rolls + 1;
}

/** The reference of decision `position` of `game` (with its board, when it can be rebuilt). */
export function decisionRef(
  match: Match,
  game: Game,
  position: number,
): { ref: DecisionRef; pos: DecisionPosition | null } {
  const d = game.decisions[position]!;
  const pos = decisionPosition(game, position);
  return {
    ref: {
      file: match.file,
      game: game.index + 1,
      move: moveNumber(game, position),
      decisionIndex: d.index,
      kind: d.kind,
      xgid: pos ? decisionXgid(match, d, pos) : null,
      positionId: pos ? decisionPositionId(pos) : null,
    },
    pos,
  };
}

/**
 * A play of decision `d` as XG and gnuBG print it ('cannot move' when empty); without hit marks when the
 * play does not fit the board.
 */
export function playText(d: CheckerDecision, play: CheckerDecision['played']): string {
  try {
    return formatPlay(d.board, d.player, play) || 'cannot move';
  } catch {
    return formatHops(play, () => false);
  }
}

/** Whether two plays are the same hops in the same order (then {@link playText} writes the same text). */
function sameHops(a: CheckerDecision['played'], b: CheckerDecision['played']): boolean {
  if (a === b) return true;
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) if (a[i]!.from !== b[i]!.from || a[i]!.to !== b[i]!.to) return false;
  return true;
}

/**
 * The play or action made and the best one, as XG and gnuBG print them ('n/a' when unknown). The best
 * play's text is the played one's when its hops are the same (most plays: the best was played), not
 * written twice.
 */
export function playedAndBest(d: Decision): { played: string; best: string } {
  if (d.kind === 'checker') {
    const best = d.candidates[0];
    const played = playText(d, d.played);
    if (!best) return { played, best: 'n/a' };
    return { played, best: sameHops(d.played, best.play) ? played : playText(d, best.play) };
  }
  const redouble = d.cubeOwner !== -1 && d.cubeOwner === sideOnRoll(d);
  return {
    played: cubeActionName(d.action, redouble, d.beaver === true),
    best: d.analysis ? properCubeAction(d.analysis, redouble) : 'n/a',
  };
}
