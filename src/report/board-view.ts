/**
 * What a drawn board shows, from the position bdb gives every decision it lists: its XGID (the side on roll
 * at the bottom, as src/review/position.ts writes it), the names of the two sides, and the play made and the
 * best play as their text (gnuBG / XG notation, or a cube action) with their equities as printed. The SVG
 * board (./board-svg.ts) and the text board (./board-text.ts) both draw a BoardView; nothing is computed
 * there that is not here.
 *
 * The XGID is the one currency of the three lists that draw boards (the review's decisions to review, the
 * plan's reference positions, the blot-bias list), on files and on the library alike (the library stores the
 * XGID and the plays' text, not the model's boards).
 */
import { type Board, checkersOff, type Hop, pipCount } from '../core/board.js';
import { parseMoveNotation } from '../core/move-notation.js';
import { applyPlay } from '../core/moves.js';
import { type ParsedXgid, parseXgid } from '../core/xgid-parse.js';

/** A play (or a cube action) as drawn: its text, its hops when arrows can be drawn, its equity as printed. */
export interface BoardPlay {
  /** The notation ('13/7 8/7', 'bar/22*') or the cube action ('Double', 'Take'). */
  readonly text: string;
  /**
   * The hops in the bottom player's numbering (25 = bar, 0 = off), in an order that can be played on the
   * board; null for a cube action, no move, or a text that does not fit the position (then no arrow).
   */
  readonly hops: readonly Hop[] | null;
  /** The equity as the list prints it (e.g. '-0.512 (-0.103)'), or null. */
  readonly equity: string | null;
}

/** Everything a drawn board shows. Side 0 of `position` is the bottom player, on roll. */
export interface BoardView {
  readonly xgid: string;
  readonly position: ParsedXgid;
  /** Names of the bottom player (on roll) and the top player. */
  readonly names: readonly [string, string];
  /** Pip counts of the bottom and the top player (src/core/board.ts `pipCount`). */
  readonly pips: readonly [number, number];
  /** Checkers borne off by the bottom and the top player. */
  readonly off: readonly [number, number];
  /** True when the bottom player has doubled and the top player answers (take or pass). */
  readonly answer: boolean;
  readonly played: BoardPlay | null;
  readonly best: BoardPlay | null;
}

/** What the lists give to draw a board. */
export interface BoardInput {
  /** The XGID (the side on roll at the bottom); null when the position is unknown. */
  readonly xgid: string | null;
  /** Names of the bottom player (on roll) and the top player; default 'on roll' and 'opponent'. */
  readonly names?: readonly [string, string];
  /** The bottom player doubled and the top player answers (the decision is a take or a pass). */
  readonly answer?: boolean;
  readonly played?: { readonly text: string; readonly equity?: string | null } | null;
  readonly best?: { readonly text: string; readonly equity?: string | null } | null;
}

/** The hops of a play's text, checked against the board (played in that order by the bottom player). */
function hopsOf(board: Board, text: string): Hop[] | null {
  const hops = parseMoveNotation(text);
  if (!hops) return null;
  try {
    applyPlay(board, 0, hops);
  } catch {
    return null;
  }
  return hops;
}

function play(
  board: Board,
  checker: boolean,
  p: { readonly text: string; readonly equity?: string | null } | null | undefined,
): BoardPlay | null {
  if (!p) return null;
  return { text: p.text, hops: checker ? hopsOf(board, p.text) : null, equity: p.equity ?? null };
}

/**
 * The view of a position, or null when there is no XGID or it cannot be read.
 *
 * @example boardView({ xgid: 'XGID=-b----E-C---eE---c-e----B-:0:0:1:52:0:0:0:7:10' })?.pips // => [167, 167]
 */
export function boardView(input: BoardInput): BoardView | null {
  if (input.xgid === null) return null;
  let position: ParsedXgid;
  try {
    position = parseXgid(input.xgid);
  } catch {
    return null;
  }
  const { board } = position;
  const checker = position.dice !== undefined;
  return {
    xgid: input.xgid,
    position,
    names: input.names ?? ['on roll', 'opponent'],
    pips: [pipCount(board, 0), pipCount(board, 1)],
    off: [checkersOff(board, 0), checkersOff(board, 1)],
    answer: input.answer === true || position.doubled,
    played: play(board, checker, input.played),
    best: play(board, checker, input.best),
  };
}

/** The match and score line: '7-point match · Crawford game', 'Money game · Jacoby rule'. */
export function matchText(v: BoardView): string {
  const p = v.position;
  if (p.matchLength === 0) return `Money game${p.jacoby ? ' · Jacoby rule' : ''}`;
  return `${p.matchLength}-point match${p.crawford ? ' · Crawford game' : ''}`;
}

/** The score of a side ('score 3 of 7'; money: ''). */
export function scoreText(v: BoardView, side: 0 | 1): string {
  const p = v.position;
  return p.matchLength === 0 ? '' : `score ${p.score[side]} of ${p.matchLength}`;
}

/** The cube as words: "cube 2, Maxence Job's" (the owner's name), 'cube 1, centred'. */
export function cubeText(v: BoardView): string {
  const p = v.position;
  return p.cubeOwner === -1
    ? `cube ${p.cubeValue}, centred`
    : `cube ${p.cubeValue}, ${v.names[p.cubeOwner]}'s`;
}

/**
 * What the side on roll does, named by `bottom` and `top` (names or marks): 'X to play 21', 'X on roll: cube
 * decision', 'X doubles: O to take or pass'.
 */
export function turnText(v: BoardView, bottom: string, top: string): string {
  const d = v.position.dice;
  if (d) return `${bottom} to play ${d[0]}${d[1]}`;
  return v.answer ? `${bottom} doubles: ${top} to take or pass` : `${bottom} on roll: cube decision`;
}

/** A name cut to `max` characters (code points), with an ellipsis ('…', or '...' in ASCII). */
export function cutName(name: string, max: number, ascii = false): string {
  const chars = [...name];
  if (chars.length <= max) return name;
  const dots = ascii ? '...' : '…';
  return chars.slice(0, Math.max(0, max - dots.length)).join('') + dots;
}
