/**
 * The position of a decision, as a player pastes it into eXtreme Gammon (XGID) or GNU Backgammon (Position
 * ID).
 *
 * Whose turn: a checker play and a double / no double are decided by the player on roll; a take or pass is
 * answered by the opponent, but both programs show it as the doubler's cube decision (XG's position exports
 * put the doubler on roll with dice '00'; gnuBG prints the doubler's Position ID for the answer too, e.g.
 * g0001.txt, "Zoë Ångström accepts"). So the side "on roll" here is the decision maker, except for take and
 * pass where it is the doubler.
 *
 * Orientation of the XGID: the player on roll is the bottom player X (side 0 of the XGID, turn field 1),
 * as XG writes the XGID of an analysed position (test/reference-matches/xg-text: every exported XGID has
 * turn 1). The model's board is seat-indexed, so when seat 1 is on roll the two sides, the score and the
 * cube owner are swapped. The gnuBG Position ID does not depend on seats (player not on roll first).
 *
 * Board of a cube decision: the model stores boards on checker plays only. A cube decision is made before
 * the roll of the player on roll, so its board is that of the next checker play in the game (which is that
 * player's roll); when the game ends before it (a pass, a resignation) it is the previous checker play's
 * board with its play applied.
 */
import type { Board, Side } from '../core/board.js';
import { applyPlay } from '../core/moves.js';
import { positionId } from '../core/position-id.js';
import { type XgidArgs, xgid } from '../core/xgid.js';
import type { Decision, Game, Match } from '../model/types.js';

/** A decision's position: the board before it and the side on roll (the doubler for take and pass). */
export interface DecisionPosition {
  readonly board: Board;
  readonly onRoll: Side;
}

/** The side on roll at a decision: the decision maker, or the doubler for a take or pass. */
export function sideOnRoll(d: Decision): Side {
  if (d.kind === 'cube' && (d.action === 'take' || d.action === 'pass')) return d.player === 0 ? 1 : 0;
  return d.player;
}

/**
 * The position of decision `index` of `game`, or null when the game has no checker play to take it from
 * (or the previous play cannot be applied).
 */
export function decisionPosition(game: Game, index: number): DecisionPosition | null {
  const d = game.decisions[index];
  if (!d) return null;
  const onRoll = sideOnRoll(d);
  if (d.kind === 'checker') return { board: d.board, onRoll };
  for (let i = index + 1; i < game.decisions.length; i++) {
    const next = game.decisions[i]!;
    if (next.kind !== 'checker') continue;
    if (next.player === onRoll) return { board: next.board, onRoll };
    break;
  }
  for (let i = index - 1; i >= 0; i--) {
    const prev = game.decisions[i]!;
    if (prev.kind !== 'checker') continue;
    try {
      return { board: applyPlay(prev.board, prev.player, prev.played), onRoll };
    } catch {
      return null;
    }
  }
  return null;
}

/** log2 of a cube value, or null when the value is not a power of two. */
function cubeLog2(value: number): number | null {
  const l = Math.log2(value);
  return Number.isInteger(l) && l >= 0 ? l : null;
}

/**
 * The XGID of a decision's position, the side on roll at the bottom (X) and on roll: dice for a checker
 * play, '00' for a cube decision (the cube before the double for take and pass). Null when the position
 * cannot be written (a cube value that is not a power of two, an impossible board).
 */
export function decisionXgid(match: Match, d: Decision, pos: DecisionPosition): string | null {
  const me = pos.onRoll;
  const other: Side = me === 0 ? 1 : 0;
  const log2 = cubeLog2(d.cubeValue);
  if (log2 === null) return null;
  const args: XgidArgs = {
    board: [pos.board[me], pos.board[other]],
    onRoll: 0,
    cubeLog2: log2,
    cubeOwner: d.cubeOwner === -1 ? -1 : d.cubeOwner === me ? 0 : 1,
    score: [d.score[me], d.score[other]],
    matchLength: Math.max(0, d.matchLength),
    crawford: d.crawfordGame,
    jacoby: match.rules.jacoby,
  };
  if (d.kind === 'checker')
    args.dice = d.dice[0] >= d.dice[1] ? [d.dice[0], d.dice[1]] : [d.dice[1], d.dice[0]];
  try {
    return xgid(args);
  } catch {
    return null;
  }
}

/** gnuBG's Position ID of a decision's position (the side on roll as gnuBG's player on roll). */
export function decisionPositionId(pos: DecisionPosition): string | null {
  try {
    return positionId(pos.board, pos.onRoll);
  } catch {
    return null;
  }
}
