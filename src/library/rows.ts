/**
 * A parsed match → the library's rows: the match, its two seats' tallies (the exact sums the metrics layer
 * made, spec/metrics.md §2.1), its games and one row per decision. Every figure in a row comes from the
 * function that computes it for `bdb stats` (decisionError, isCounted, mwcLoss, decisionDifficulty,
 * the classifiers, the position writers): the library stores figures, it does not recompute them.
 */

import { checkerThemes, type ThemeResult } from '../classify/checker-themes.js';
import { cubeTheme, decisionCubeDirection } from '../classify/cube-direction.js';
import { blots, shots } from '../classify/exposure.js';
import { gamePhase, gamePlan, hasContact } from '../classify/game-plan.js';
import { type Board, checkersOff, pipCount, type Side } from '../core/board.js';
import { isoDay } from '../core/dates.js';
import type { Met } from '../met/index.js';
import { BOARD_BIAS } from '../metrics/bias-columns.js';
import { boardBiasInput } from '../metrics/blot-bias.js';
import { bestCubeEquity } from '../metrics/decision-error.js';
import {
  DEFAULT_THRESHOLDS,
  decisionDifficultyPoints,
  type ErrorThresholds,
  isAvoidableError,
  reachesThreshold,
  secondCheapestCost,
  THRESHOLD_PRESETS,
  thresholdEquity,
} from '../metrics/difficulty.js';
import { matchOutcome } from '../metrics/match-report.js';
import {
  type DecisionFigures,
  decisionType,
  matchTallies,
  type PlayerTally,
} from '../metrics/player-stats.js';
import { CellsBuilder, encodeCells } from '../metrics/review-cells.js';
import { checkerCoverageBits } from '../metrics/theme-coverage.js';
import type { Decision, Match } from '../model/types.js';
import type { ParseWarning } from '../parsers/types.js';
import { playedAndBest } from '../review/decision-refs.js';
import {
  type DecisionPosition,
  decisionPosition,
  decisionPositionId,
  decisionXgid,
} from '../review/position.js';
import { encodeTally } from './tally-codec.js';

/** A column value as the appender takes it. */
export type Cell = string | number | boolean | null;

/** Errors and avoidable errors of one seat under each threshold preset (spec/metrics.md §4). */
export type ErrorsByPreset = Record<keyof typeof THRESHOLD_PRESETS, [errors: number, avoidable: number]>;

/** The rows of one match, in the column order of src/library/schema.ts. */
export interface MatchRows {
  readonly match: Cell[];
  readonly players: [Cell[], Cell[]];
  readonly games: Cell[][];
  /** The decision rows; empty when a sink took them one by one. */
  readonly decisions: Cell[][];
  /** The seats' tallies, as stored (for tests and the caller's own use). */
  readonly tallies: readonly [PlayerTally, PlayerTally];
}

/** Each threshold preset with its error threshold in equity (computed once, not per decision). */
const PRESETS = (
  Object.entries(THRESHOLD_PRESETS) as [keyof typeof THRESHOLD_PRESETS, ErrorThresholds][]
).map(([name, t]) => ({ name, threshold: thresholdEquity(t.errorMpt), isDefault: t === DEFAULT_THRESHOLDS }));

function emptyErrorsByPreset(): ErrorsByPreset {
  return Object.fromEntries(PRESETS.map(({ name }) => [name, [0, 0]])) as unknown as ErrorsByPreset;
}

/** Equities of the action made and the best one, from the decision maker's view; null when unknown. */
function equities(d: Decision): [played: number | null, best: number | null] {
  if (d.kind === 'checker') {
    const best = d.candidates[0];
    const played = d.playedIndex === null ? undefined : d.candidates[d.playedIndex];
    return [played?.equity ?? null, best?.equity ?? null];
  }
  const a = d.analysis;
  if (!a) return [null, null];
  const reply = Math.min(a.dt, a.dp);
  switch (d.action) {
    case 'no-double':
      return [a.nd, bestCubeEquity(a)];
    case 'double':
      return [reply, bestCubeEquity(a)];
    case 'take':
      return [-a.dt, -reply];
    case 'pass':
      return [-a.dp, -reply];
  }
}

/**
 * Themes name errors (spec/classifier.md): they are computed for checker plays whose error reaches the
 * smallest error threshold of the presets (XG's 20 mpt) and left null below it, where they would cost a
 * legal-move search per play and name differences nobody studies.
 */
const THEME_MIN_ERROR = thresholdEquity(Math.min(...Object.values(THRESHOLD_PRESETS).map((t) => t.errorMpt)));

/** What `bdb find` reads of a position, the decision maker's first. */
export type PositionFigures = readonly [
  pips: number,
  opponentPips: number,
  borneOff: number,
  opponentBorneOff: number,
  contact: boolean,
];

/** The figures of `board` for the decision maker `me` (a seat, or a side of an XGID's board). */
export function positionFigures(board: Board, me: Side): PositionFigures {
  const out = new Array<number | boolean>(NO_FIGURES.length);
  writePositionFigures(out, board, me);
  return out as unknown as PositionFigures;
}

/** Writes {@link positionFigures} into `out` (an array of its own, kept from one position to the next). */
function writePositionFigures(out: (number | boolean)[], board: Board, me: Side): void {
  const other: Side = me === 0 ? 1 : 0;
  out[0] = pipCount(board, me);
  out[1] = pipCount(board, other);
  out[2] = checkersOff(board, me);
  out[3] = checkersOff(board, other);
  out[4] = hasContact(board);
}

/** No position figures (no XGID). */
const NO_FIGURES = [null, null, null, null, null] as const;

/**
 * The columns `p1` … `p24`, `bar`, `opponent_bar` (schema 11) of `board` for the decision maker `me`: on
 * each of my points, numbered from my side, my checkers as a positive count and the opponent's as a
 * negative one (a point holds one side's checkers at most), then the checkers on my bar and on the
 * opponent's. `bdb find --pattern` compares them as integers (src/library/find.ts).
 */
export function pointColumns(board: Board, me: Side): number[] {
  const out = new Array<number>(26);
  writePointColumns(out, board, me);
  return out;
}

/** Writes {@link pointColumns} into `out` (an array of its own, kept from one position to the next). */
function writePointColumns(out: number[], board: Board, me: Side): void {
  const mine = board[me];
  const theirs = board[me === 0 ? 1 : 0];
  // my point p is the opponent's point 25 − p: their index 24 − (p − 1)
  for (let i = 0; i < 24; i++) out[i] = mine[i]! - theirs[23 - i]!;
  out[24] = mine[24]!;
  out[25] = theirs[24]!;
}

/** No point columns (no XGID). */
const NO_POINTS: null[] = new Array(26).fill(null);

/** No board bias columns: the decision is skipped. */
const NO_BOARD_BIAS = [null, null, null, null, null] as const;

/** No plan columns: not a counted decision whose error reaches the smallest Error threshold. */
const NO_PLAN = [null, null, null] as const;

/**
 * Schema 12's columns of the blot and exposure biases, made at import by the functions `bdb biases` calls on
 * a parsed match (src/metrics/blot-bias.ts `boardBiasInput`, src/classify/exposure.ts `blots`, `shots`), so
 * that the library's biases read them instead of parsing every stored file again: `board_bias`
 * ({@link BOARD_BIAS}), then for a rebuilt play the mover's blots after the played and the best play and
 * the opponent's shots at them (rolls of 36) after each.
 */
export function boardBiasCells(d: Decision): readonly (number | null)[] {
  if (d.kind !== 'checker') return NO_BOARD_BIAS;
  const { kind, after } = boardBiasInput(d);
  if (kind.kind === 'skip') return NO_BOARD_BIAS;
  if (kind.kind === 'free') return [BOARD_BIAS.free, null, null, null, null];
  if (after === null) return [BOARD_BIAS.unread, null, null, null, null];
  const me = d.player;
  return [
    BOARD_BIAS.read,
    blots(after.played, me),
    blots(after.best, me),
    shots(after.played, me),
    shots(after.best, me),
  ];
}

/**
 * The cells of a decision row, the columns of `decisions` (src/library/schema.ts): 35 about the decision,
 * then the position's figures, its point columns, the board biases' columns and the plan's.
 */
const DECISION_WIDTH = 35 + NO_FIGURES.length + NO_POINTS.length + NO_BOARD_BIAS.length + NO_PLAN.length;

/** The text of each roll, by 10 × first die + second (the dice as recorded, not sorted). */
const DICE_TEXT: string[] = Array.from({ length: 67 }, (_, i) => `${Math.floor(i / 10)}${i % 10}`);

/** A roll as the row stores it: the two dice as recorded ('31', '13'). */
function diceText(dice: readonly [number, number]): string {
  const [a, b] = dice;
  const known = Number.isInteger(a) && Number.isInteger(b) && a >= 1 && a <= 6 && b >= 1 && b <= 6;
  return known ? DICE_TEXT[10 * a + b]! : `${a}${b}`;
}

/**
 * What a row stores of a decision's position, for the decision maker `me`: one object for a whole match,
 * filled anew for each position (the row takes its values at once). `board` null: it holds none.
 */
interface PositionCells {
  board: Board | null;
  onRoll: Side;
  me: Side;
  positionId: string | null;
  plan: string;
  phase: string;
  readonly figures: (number | boolean)[];
  readonly points: number[];
}

function emptyPositionCells(): PositionCells {
  return {
    board: null,
    onRoll: 0,
    me: 0,
    positionId: null,
    plan: '',
    phase: '',
    figures: new Array<number | boolean>(NO_FIGURES.length).fill(0),
    points: new Array<number>(NO_POINTS.length).fill(0),
  };
}

/**
 * Fills `cells` with the position's cells of a decision, unless they hold them already for the same board
 * (the same object), side on roll and decision maker: a double or no double and the checker play after it
 * are the same position (the cube decision takes its board from that play, {@link decisionPosition}), made
 * once.
 */
function fillPositionCells(cells: PositionCells, pos: DecisionPosition, me: Side): PositionCells {
  if (cells.board === pos.board && cells.onRoll === pos.onRoll && cells.me === me) return cells;
  cells.board = pos.board;
  cells.onRoll = pos.onRoll;
  cells.me = me;
  cells.positionId = decisionPositionId(pos);
  cells.plan = gamePlan(pos.board, me);
  cells.phase = gamePhase(pos.board);
  writePositionFigures(cells.figures, pos.board, me);
  writePointColumns(cells.points, pos.board, me);
  return cells;
}

export function themesOf(d: Decision, error: number | null): ThemeResult | null {
  if (error === null || d.kind === 'cube' || !reachesThreshold(error, THEME_MIN_ERROR)) return null;
  return checkerThemes(d);
}

/**
 * Schema 12's columns of the study plan (src/report/plan.ts), for a counted decision whose error `e`
 * reaches the smallest Error threshold of the presets (every error a plan takes): what its second-cheapest
 * option costs (`second_cost`, equity: a tight decision, src/metrics/difficulty.ts `secondCheapestCost`),
 * its difficulty in points at money play (`difficulty_points`, `decisionDifficultyPoints`; at match play the
 * `difficulty` column holds it in MWC), and a checker error's theme coverage bits (`theme_coverage`,
 * src/metrics/theme-coverage.ts `checkerCoverageBits`, from all its themes).
 */
export function planCells(
  d: Decision,
  e: number | null,
  themes: ThemeResult | null,
): readonly (number | null)[] {
  if (e === null || !reachesThreshold(e, THEME_MIN_ERROR)) return NO_PLAN;
  return [
    secondCheapestCost(d),
    d.matchLength <= 0 ? decisionDifficultyPoints(d) : null,
    themes === null ? null : checkerCoverageBits(themes),
  ];
}

/**
 * The play or cube action made and the analyser's best as the rows store them (`decisions.played`, `best`;
 * no best without analysis), in the notation XG and gnuBG print (src/review/decision-refs.ts).
 */
export function storedPlays(d: Decision): [played: string, best: string | null] {
  const { played, best } = playedAndBest(d);
  const analysed = d.kind === 'checker' ? d.candidates.length > 0 : d.analysis !== null;
  return [played, analysed ? best : null];
}

/**
 * A decision's columns of schema 12, the board biases' then the plan's (both for counted decisions only), as
 * the import writes them and the next import fills them for the matches stored before (./refill.ts); `e`
 * its error, `themes` a checker error's ({@link themesOf}).
 */
export function schema12Cells(
  d: Decision,
  counted: boolean,
  e: number | null,
  themes: ThemeResult | null,
): (number | null)[] {
  const out = new Array<number | null>(SCHEMA12_WIDTH);
  writeSchema12Cells(out, 0, d, counted, e, themes);
  return out;
}

/** The number of {@link schema12Cells}. */
const SCHEMA12_WIDTH = NO_BOARD_BIAS.length + NO_PLAN.length;

/** Writes {@link schema12Cells} into `row` from cell `at` on (no array of their own); returns the next cell. */
function writeSchema12Cells(
  row: Cell[],
  at: number,
  d: Decision,
  counted: boolean,
  e: number | null,
  themes: ThemeResult | null,
): number {
  let c = at;
  const bias = counted ? boardBiasCells(d) : NO_BOARD_BIAS;
  for (let i = 0; i < bias.length; i++) row[c++] = bias[i]!;
  const plan = counted ? planCells(d, e, themes) : NO_PLAN;
  for (let i = 0; i < plan.length; i++) row[c++] = plan[i]!;
  return c;
}

/**
 * The rows of a match. `matchId` keys them; `sourceFiles` are the files read (several for a gnuBG text
 * export); `fingerprint` the match's identity (null when it has no decision). With `sink`, each decision
 * row is handed to it as it is made (and not kept: the import turns it into text at once). The sink gets the
 * same array each time, filled anew: it must copy what it keeps (a row per decision was the largest part of
 * what the rows allocate).
 */
export function matchRows(
  met: Met,
  match: Match,
  warnings: readonly ParseWarning[],
  matchId: number,
  sourceFiles: readonly string[],
  fingerprint: string | null,
  sink?: (row: readonly Cell[]) => void,
): MatchRows {
  const decisions: Cell[][] = [];
  const take = sink ?? ((row: Cell[]) => decisions.push(row));
  const shared = new Array<Cell>(DECISION_WIDTH);
  const errors: [ErrorsByPreset, ErrorsByPreset] = [emptyErrorsByPreset(), emptyErrorsByPreset()];
  // where each decision sits, for the observer (decisions arrive in game order), and the rolls before it
  let gameIndex = 0;
  let position = 0;
  let rolls = 0;
  const cells = new CellsBuilder();
  // the position cells of the decision before, kept when the next one is the same position
  const positionCells = emptyPositionCells();
  const observe = (d: Decision, f: DecisionFigures): void => {
    cells.observe(d, f);
    while (gameIndex < match.games.length && position >= match.games[gameIndex]!.decisions.length) {
      gameIndex++;
      position = 0;
      rolls = 0;
    }
    const game = match.games[gameIndex];
    if (game?.decisions[position] !== d) throw new Error('library rows: decisions observed out of order');
    // errors and avoidable errors under each preset; the row shows them at the default (XG's) thresholds
    let isError: boolean | null = null;
    let avoidable: boolean | null = null;
    if (f.counted && f.error !== null) {
      for (let i = 0; i < PRESETS.length; i++) {
        const { name, threshold, isDefault } = PRESETS[i]!;
        const reached = reachesThreshold(f.error, threshold);
        const avoid = isAvoidableError(f.error, f.loss, f.difficulty, threshold);
        const slot = errors[d.player][name];
        if (reached) slot[0]++;
        if (avoid) slot[1]++;
        if (isDefault) {
          isError = reached;
          avoidable = avoid;
        }
      }
    }
    const pos = decisionPosition(game, position);
    const [played, best] = storedPlays(d);
    const eq = equities(d);
    const me = d.player;
    const ml = match.matchLength;
    const direction = d.kind === 'cube' && d.analysis ? decisionCubeDirection(d) : null;
    const xgidText = pos ? decisionXgid(match, d, pos) : null;
    if (!pos) positionCells.board = null;
    const at = pos ? fillPositionCells(positionCells, pos, me) : null;
    // what `bdb find` filters on, for the decision maker; none where no XGID is stored (as schema 9 fills them)
    const stored = at !== null && xgidText !== null;
    const figures = stored ? at.figures : NO_FIGURES;
    const points = stored ? at.points : NO_POINTS;
    // the row: a new array each, or the one handed to the sink again (it takes the values at once)
    const row: Cell[] = sink ? shared : new Array<Cell>(DECISION_WIDTH);
    let c = 0;
    row[c++] = matchId;
    row[c++] = game.index + 1;
    row[c++] = position + 1;
    row[c++] = rolls + 1;
    row[c++] = me;
    row[c++] = match.players[me];
    row[c++] = match.players[me === 0 ? 1 : 0];
    row[c++] = decisionType(d);
    row[c++] = d.kind === 'cube' ? d.action : null;
    row[c++] = d.kind === 'checker' ? diceText(d.dice) : null;
    row[c++] = ml;
    row[c++] = ml > 0 ? ml - d.score[me] : null;
    row[c++] = ml > 0 ? ml - d.score[me === 0 ? 1 : 0] : null;
    row[c++] = d.cubeValue;
    row[c++] = d.cubeOwner === -1 ? 'centre' : d.cubeOwner === me ? 'player' : 'opponent';
    row[c++] = d.crawfordGame;
    row[c++] = d.fromPosition === true;
    row[c++] = f.counted;
    row[c++] = f.error;
    row[c++] = f.loss;
    row[c++] = f.difficulty;
    row[c++] = isError;
    row[c++] = avoidable;
    row[c++] = played;
    row[c++] = eq[0];
    row[c++] = best;
    row[c++] = eq[1];
    row[c++] = d.kind === 'checker' ? d.candidates.length : null;
    row[c++] = xgidText;
    row[c++] = at ? at.positionId : null;
    row[c++] = at ? at.plan : null;
    row[c++] = at ? at.phase : null;
    // a checker error's themes: its primary one here, its coverage with the plan's columns
    const themes = themesOf(d, f.error);
    row[c++] = d.kind === 'cube' ? cubeTheme(direction) : (themes?.primary?.token ?? null);
    row[c++] = direction;
    row[c++] = d.kind === 'checker' ? d.luck : null;
    row[c++] = figures[0];
    row[c++] = figures[1];
    row[c++] = figures[2];
    row[c++] = figures[3];
    row[c++] = figures[4];
    for (let i = 0; i < points.length; i++) row[c++] = points[i]!;
    c = writeSchema12Cells(row, c, d, f.counted, f.error, themes);
    if (c !== DECISION_WIDTH) throw new Error(`library rows: ${c} decision cells, not ${DECISION_WIDTH}`);
    take(row);
    position++;
    if (d.kind === 'checker') rolls++;
  };
  const tallies = matchTallies(met, match, DEFAULT_THRESHOLDS, observe);
  const { finalScore, winner } = matchOutcome(match);
  const a = match.analyser;
  const matchRow: Cell[] = [
    matchId,
    sourceFiles[0]!,
    JSON.stringify(sourceFiles),
    match.format,
    fingerprint,
    match.players[0],
    match.players[1],
    match.matchLength,
    match.games.length,
    match.date,
    isoDay(match.date),
    match.event,
    match.round,
    match.place,
    a?.program ?? null,
    a?.checkerDepth ?? null,
    a?.cubeDepth ?? null,
    winner === null ? null : match.players[winner],
    finalScore[0],
    finalScore[1],
    match.rules.crawford,
    match.rules.jacoby,
    JSON.stringify(warnings),
    // the decisions' board bias columns are filled (schema 12)
    true,
  ];
  const seatCells = cells.cells();
  const players = ([0, 1] as const).map((seat): Cell[] => [
    matchId,
    seat,
    match.players[seat],
    encodeTally(tallies[seat]),
    JSON.stringify(errors[seat]),
    encodeCells(seatCells[seat]),
  ]) as [Cell[], Cell[]];
  const games = match.games.map((g): Cell[] => [
    matchId,
    g.index + 1,
    g.score[0],
    g.score[1],
    g.crawfordGame,
    g.winner,
    g.points,
    g.resigned,
    g.decisions.length,
  ]);
  return { match: matchRow, players, games, decisions, tallies };
}
