/**
 * A compact text board for the terminal (`--boards`): 13 lines, the board 43 columns wide with the facts
 * beside it, at most 80 columns in all. Unicode box drawing by default, plain ASCII with `ascii` (names
 * folded to ASCII too). The bottom player (X) is on roll; the points are numbered in X's numbering, 13–24
 * along the top and 12–1 along the bottom, as XG prints its text boards.
 *
 *   ┌13─14─15─16─17─18─┬───┬19─20─21─22─23─24─┐   O Maxence Job
 *   │    X           X │   │ X  O  O  O  O  O │     52 pips, 1 off, score 6 of 7
 *   …
 *   └12─11─10──9──8──7─┴───┴─6──5──4──3──2──1─┘   X Kévin Unger
 *
 * Each point shows up to five checkers; a taller stack shows its count in the fifth place. Checkers on the
 * bar are stacked in the bar column from the middle out, each side in its own half.
 */
import { asciiText } from '../core/text-ascii.js';
import { escapeControls } from '../core/text-controls.js';
import type { BoardView } from './board-view.js';
import { cubeText, cutName, matchText, scoreText, turnText } from './board-view.js';

/** Options of {@link renderTextBoard}. */
export interface TextBoardOptions {
  /** Plain ASCII instead of Unicode box drawing, names folded to ASCII (`--ascii`: the reports that take these
   *  options draw their tables in ASCII too). */
  readonly ascii?: boolean;
  /** Columns available, the indent included (default 80). */
  readonly width?: number;
  /** Put before every line (default none). */
  readonly indent?: string;
}

/** Rows of checkers drawn per half. */
const ROWS = 5;

/** Board width in columns: frame, 6 points of 3, frame, bar of 3, frame, 6 points of 3, frame. */
export const TEXT_BOARD_WIDTH = 43;

/** Columns between the board and the facts beside it. */
const GAP = 3;

interface Glyphs {
  readonly h: string;
  readonly v: string;
  readonly tl: string;
  readonly tr: string;
  readonly bl: string;
  readonly br: string;
  readonly tt: string;
  readonly bt: string;
}

const UNICODE: Glyphs = { h: '─', v: '│', tl: '┌', tr: '┐', bl: '└', br: '┘', tt: '┬', bt: '┴' };
const ASCII: Glyphs = { h: '-', v: '|', tl: '+', tr: '+', bl: '+', br: '+', tt: '+', bt: '+' };

/**
 * The 3-column cell of row `row` (0 = the row at the board's edge) of a stack of `count` checkers drawn with
 * `mark`: the checker, blank, or in the fifth row the count of a taller stack.
 */
function stackCell(count: number, row: number, mark: string): string {
  if (count <= row) return '   ';
  if (row === ROWS - 1 && count > ROWS) return ` ${count}`.padEnd(3);
  return ` ${mark} `;
}

/** The point numbers of a frame line, each in its 3 columns with the last digit over the checker. */
function numbered(points: readonly number[], h: string): string {
  return points.map((p) => (p < 10 ? `${h}${p}${h}` : `${p}${h}`)).join('');
}

const TOP_LEFT = [13, 14, 15, 16, 17, 18];
const TOP_RIGHT = [19, 20, 21, 22, 23, 24];
const BOTTOM_LEFT = [12, 11, 10, 9, 8, 7];
const BOTTOM_RIGHT = [6, 5, 4, 3, 2, 1];

/**
 * The text board of a position: 13 lines of at most `width` columns (the board, then the names, pip counts,
 * borne-off checkers, scores, cube and dice beside it).
 */
export function renderTextBoard(v: BoardView, opts: TextBoardOptions = {}): string[] {
  const g = opts.ascii ? ASCII : UNICODE;
  const indent = opts.indent ?? '';
  const width = opts.width ?? 80;
  const room = Math.max(10, width - indent.length - TEXT_BOARD_WIDTH - GAP);
  const text = (s: string): string => {
    // a name's control characters shown as escapes, its line breaks too: one line beside the board
    const shown = escapeControls(s);
    const t = opts.ascii ? asciiText(shown) : shown;
    return cutName(t, room, opts.ascii);
  };
  const [x, o] = v.position.board;
  // counts of X (bottom) and O (top) on point p of X's numbering
  const xAt = (p: number): number => x[p - 1] ?? 0;
  const oAt = (p: number): number => o[24 - p] ?? 0;
  const cell = (p: number, row: number): string => {
    const nx = xAt(p);
    return nx > 0 ? stackCell(nx, row, 'X') : stackCell(oAt(p), row, 'O');
  };
  const half = (points: readonly number[], row: number): string => points.map((p) => cell(p, row)).join('');
  const barO = o[24] ?? 0;
  const barX = x[24] ?? 0;

  const board: string[] = [];
  board.push(
    `${g.tl}${numbered(TOP_LEFT, g.h)}${g.tt}${g.h.repeat(3)}${g.tt}${numbered(TOP_RIGHT, g.h)}${g.tr}`,
  );
  for (let row = 0; row < ROWS; row++) {
    // the bar fills from the middle out: the top half's last row is next to the middle
    const bar = stackCell(barO, ROWS - 1 - row, 'O');
    board.push(`${g.v}${half(TOP_LEFT, row)}${g.v}${bar}${g.v}${half(TOP_RIGHT, row)}${g.v}`);
  }
  board.push(`${g.v}${' '.repeat(18)}${g.v}BAR${g.v}${' '.repeat(18)}${g.v}`);
  for (let row = ROWS - 1; row >= 0; row--) {
    const bar = stackCell(barX, ROWS - 1 - row, 'X');
    board.push(`${g.v}${half(BOTTOM_LEFT, row)}${g.v}${bar}${g.v}${half(BOTTOM_RIGHT, row)}${g.v}`);
  }
  board.push(
    `${g.bl}${numbered(BOTTOM_LEFT, g.h)}${g.bt}${g.h.repeat(3)}${g.bt}${numbered(BOTTOM_RIGHT, g.h)}${g.br}`,
  );

  const p = v.position;
  const figures = (side: 0 | 1): string =>
    [`${v.pips[side]} pips`, `${v.off[side]} off`, scoreText(v, side)].filter((s) => s !== '').join(', ');
  const cube = cubeText({ ...v, names: ['X', 'O'] });
  const side: string[] = Array<string>(board.length).fill('');
  side[0] = text(`O ${v.names[1]}`);
  side[1] = text(`  ${figures(1)}`);
  if (p.cubeOwner === 1) side[2] = text(`  ${cube}`);
  side[5] = text(matchText(v));
  side[6] = text(p.cubeOwner === -1 ? cube : '');
  side[7] = text(turnText(v, 'X', 'O'));
  if (p.cubeOwner === 0) side[10] = text(`  ${cube}`);
  side[11] = text(`  ${figures(0)}`);
  side[12] = text(`X ${v.names[0]}`);
  return board.map((line, i) => {
    const s = side[i] ?? '';
    return `${indent}${s === '' ? line : `${line}${' '.repeat(GAP)}${s}`}`;
  });
}
