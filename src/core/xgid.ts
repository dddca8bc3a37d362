/**
 * XGID (eXtreme Gammon position ID) writer.
 *
 * Format: 'XGID=' + position + ':' + cube + ':' + cube position + ':' + turn + ':' + dice + ':' + score bottom
 * + ':' + score top + ':' + rules + ':' + match length + ':' + max cube.
 *
 * Sources checked (via the project's search tool):
 *  - gnuBG's XGID reader, SetXGID in set.c and PositionFromXG in positionid.c (gnubg source, GPL; facts only,
 *    no code copied): 26 position characters; character 0 is the TOP player's bar, characters 1..24 are points
 *    1..24 in the BOTTOM player's numbering, character 25 is the BOTTOM player's bar; 'A'..'P' = 1..16 bottom
 *    checkers, 'a'..'p' = 1..16 top checkers, '-' = empty. Cube field = log2 of the cube value. Cube position
 *    1 = owned by the bottom player, -1 = owned by the top player, 0 = centred. Turn 1 = bottom player on roll,
 *    -1 = top player. Dice '00' = not rolled yet (two digits otherwise, 'D' = doubled). Then the bottom
 *    player's score, the top player's score, the rules field (match: 1 = Crawford game, 0 otherwise; money:
 *    1 = Jacoby, 2 = beaver, 3 = both), the match length (0 = money) and the max cube as log2 (gnuBG ignores
 *    it; XG writes 10).
 *  - A worked example posted to rec.games.backgammon (groups.google.com/g/rec.games.backgammon/c/9W8xJucvIKA):
 *    'XGID=-ABBBBBa-----Ba----cBb--h-:0:0:1:00:4:0:0:7:10' shown as "X on roll", "Score is X:4 O:0", with X's
 *    checkers (upper case) on X's points 1..6, 13 and 20.
 *
 * Project convention: side 0 = player X = the bottom player (upper case), side 1 = the top player (lower
 * case). The standard start is 'XGID=-b----E-C---eE---c-e----B-:0:0:1:00:0:0:0:0:10'.
 */
import type { Board, Side } from './board.js';

/** Arguments of {@link xgid}. */
export interface XgidArgs {
  /** The position (project convention: side 0 = bottom player). */
  board: Board;
  /** The player on roll (or to decide, when dice are absent). */
  onRoll: Side;
  /** The rolled dice; omitted = not rolled yet ('00'). */
  dice?: [number, number];
  /** log2 of the cube value (0 = cube at 1). */
  cubeLog2: number;
  /** Cube owner: -1 = centred, 0 or 1 = that side. */
  cubeOwner: -1 | 0 | 1;
  /** Score [side 0, side 1] (points won so far in the match). */
  score: [number, number];
  /** Match length; 0 = money game. */
  matchLength: number;
  /** Crawford game (match play only). */
  crawford: boolean;
  /** Jacoby rule (money play only). */
  jacoby?: boolean;
  /** Beaver rule (money play only). */
  beaver?: boolean;
  /** log2 of the maximum cube value; default 10. */
  maxCubeLog2?: number;
}

/** Character codes: '-' for an empty point, 'A'..'P' = 1..16 bottom checkers, 'a'..'p' = 1..16 top checkers. */
const EMPTY = 45;
const UPPER_BEFORE_A = 64;
const LOWER_BEFORE_A = 96;

/** The code of `n` checkers of one side on a point (`before` is the code before 'A' or 'a'). */
function letterCode(n: number, before: number): number {
  if (n === 0) return EMPTY;
  if (!(n >= 1 && n <= 16 && Number.isInteger(n)))
    throw new Error(`XGID cannot encode ${n} checkers on a point`);
  return before + n;
}

/** The character codes of the XGID being written (one is written at a time) and their count. */
const codes: number[] = new Array<number>(64).fill(EMPTY);
let count = 0;

/** Writes the codes of the 26-character position field of `board` into {@link codes}. */
function pushPosition(board: Board): void {
  const [b0, b1] = board;
  codes[count++] = letterCode(b1[24]!, LOWER_BEFORE_A);
  for (let p = 1; p <= 24; p++) {
    const x = b0[p - 1]!;
    const o = b1[24 - p]!;
    if (x > 0 && o > 0) throw new Error(`point ${p} holds checkers of both sides`);
    codes[count++] = x > 0 ? letterCode(x, UPPER_BEFORE_A) : letterCode(o, LOWER_BEFORE_A);
  }
  codes[count++] = letterCode(b0[24]!, UPPER_BEFORE_A);
}

/** Writes the codes of a text into {@link codes}. */
function pushText(text: string): void {
  for (let i = 0; i < text.length; i++) codes[count++] = text.charCodeAt(i);
}

/** Writes ':' and the digits of an integer (a minus sign first when negative) into {@link codes}. */
function pushField(v: number): void {
  codes[count++] = 58;
  if (v < 0) {
    codes[count++] = 45;
    v = -v;
  }
  if (v >= 10) pushText(String(v));
  else codes[count++] = 48 + v;
}

/**
 * The string of the codes written. One flat string made at once: concatenating the parts would leave a
 * tree of partial strings (V8 cons strings) in every XGID a collector keeps, ten times the memory of the text.
 */
function takeCodes(): string {
  let exact = exactCodes[count];
  if (exact === undefined) {
    exact = new Array<number>(count).fill(0);
    exactCodes[count] = exact;
  }
  for (let i = 0; i < count; i++) exact[i] = codes[i]!;
  const text = String.fromCharCode.apply(null, exact);
  count = 0;
  return text;
}

/**
 * An array of each length written so far, for {@link takeCodes}: `fromCharCode` takes a whole array, and a
 * slice of {@link codes} per XGID was a tenth of what the import allocates per decision.
 */
const exactCodes: number[][] = [];

/**
 * The 26-character XGID position field of a board (side 0 = bottom, upper case).
 *
 * @param board - the position
 * @returns the position characters: top bar, points 1..24 (bottom numbering), bottom bar
 * @throws Error if a point holds checkers of both sides
 */
export function xgidPosition(board: Board): string {
  count = 0;
  pushPosition(board);
  return takeCodes();
}

function int(name: string, v: number): number {
  if (!Number.isInteger(v) || v < 0)
    throw new Error(`XGID: ${name} must be a non-negative integer, got ${v}`);
  return v;
}

/** XGID string for a position: 'XGID=' + 26 position chars + ':' + cube log2 + ':' + cube position + ':' + turn
 *  + ':' + dice + ':' + score bottom + ':' + score top + ':' + crawford/jacoby + ':' + match length + ':' + max cube.
 *  Position chars: index 0 = top player's (side 1's) bar, 1..24 = points 1..24 in side 0's numbering, 25 = side
 *  0's bar; upper case = side 0 (bottom, X), lower case = side 1 (top). Cube position 1 = side 0 owns, -1 =
 *  side 1 owns, 0 = centred. Turn 1 = side 0, -1 = side 1. The rules field is, in a match, 1 for the Crawford
 *  game, else 0; in a money game (matchLength 0), Jacoby (1) + beaver (2).
 *
 * @param args - position, cube, score and match state
 * @returns the XGID, e.g. 'XGID=-b----E-C---eE---c-e----B-:0:0:1:00:0:0:0:0:10' for the start
 * @throws Error on an impossible board or out-of-range numbers
 */
export function xgid(args: XgidArgs): string {
  const { board, onRoll, dice, cubeLog2, cubeOwner, score, matchLength, crawford } = args;
  const cubePos = cubeOwner === -1 ? 0 : cubeOwner === 0 ? 1 : -1;
  const turn = onRoll === 0 ? 1 : -1;
  if (dice) {
    for (const d of dice) {
      if (!Number.isInteger(d) || d < 1 || d > 6) throw new Error(`XGID: invalid die ${d}`);
    }
  }
  const len = int('match length', matchLength);
  const rules = len > 0 ? (crawford ? 1 : 0) : (args.jacoby ? 1 : 0) + (args.beaver ? 2 : 0);
  const maxCube = int('max cube', args.maxCubeLog2 ?? 10);
  const cube = int('cube', cubeLog2);
  const s0 = int('score', score[0]);
  const s1 = int('score', score[1]);
  count = 0;
  pushText('XGID=');
  pushPosition(board);
  pushField(cube);
  pushField(cubePos);
  pushField(turn);
  codes[count++] = 58;
  codes[count++] = 48 + (dice ? dice[0] : 0);
  codes[count++] = 48 + (dice ? dice[1] : 0);
  for (const v of [s0, s1, rules, len, maxCube]) pushField(v);
  return takeCodes();
}
