/**
 * The match review for people: per player a small table (PR, L₇, level, decisions, luck-adjusted result)
 * and the three decisions to review, or every error (`--all`: a table, then with boards each error as a
 * decision to review), each with lines a player can paste into XG (XGID) or gnuBG (Position ID). No
 * colours.
 */

import { escapeControls } from '../core/text-controls.js';
import { displayWidth, FULL_WIDTH, wrapSummary, wrapText } from '../core/text-width.js';
import type { IntervalFigure } from '../metrics/player-stats.js';
import type { MatchReview, PlayerReview, ReviewedDecision } from '../review/review.js';
import { auditLines } from './analysis-mix.js';
import { renderTextBoard, type TextBoardOptions } from './board-text.js';
import { type BoardView, boardView } from './board-view.js';
import { renderCumulativeChart, renderLossBars } from './charts.js';
import { fitTable } from './cli-table.js';
import { fixed, percent, signed } from './format.js';

/** "value [low, high]", or the value and why there is no interval. */
function withInterval(value: string, i: IntervalFigure, digits: number): string {
  if (value === 'n/a') return value;
  if (i.low === null || i.high === null) return `${value} (no interval: ${i.reason ?? 'n/a'})`;
  return `${value} [${fixed(i.low, digits)}, ${fixed(i.high, digits)}]`;
}

/** Signed percentage points, e.g. "+8.49 %", or "n/a". */
function signedPct(x: number | null, digits = 2): string {
  const s = signed(x, digits);
  return s === 'n/a' ? s : `${s} %`;
}

/** What was played: '7-point match · 7 games · winner A (7–4)'. */
export function matchResultText(r: MatchReview): string {
  const kind = r.matchLength > 0 ? `${r.matchLength}-point match` : 'money session';
  const games = `${r.games} game${r.games === 1 ? '' : 's'}`;
  const [a, b] = r.finalScore;
  const result = r.winner
    ? `winner ${r.winner} (${a}–${b})`
    : r.matchLength > 0
      ? `unfinished (${a}–${b})`
      : `${a}–${b}`;
  return `${kind} · ${games} · ${result}`;
}

/** The one-line title of a reviewed match. */
export function reviewTitle(r: MatchReview): string {
  return `${r.file} — ${r.players[0]} vs ${r.players[1]} · ${matchResultText(r)}`;
}

function luckCells(p: PlayerReview): [string, string][] {
  const l = p.luck;
  const coverage =
    l.coveragePct === null
      ? 'n/a (no rolls)'
      : `${fixed(l.coveragePct, 0)} % (${l.rollsWithLuck} of ${l.rollsPlayed} rolls)`;
  if (l.adjustedPct === null) {
    return [
      ['Luck-adjusted result A', `n/a (${l.reason ?? 'n/a'})`],
      ['Luck coverage', coverage],
    ];
  }
  return [
    [
      'Luck-adjusted result A',
      `${signedPct(l.adjustedPct)} (result ${signedPct(l.resultPct)}, luck ${signedPct(l.luckPct)})`,
    ],
    ['Luck coverage', coverage],
    ['Error gap (MWC lost: opponent − player)', signedPct(l.errorGapPct)],
  ];
}

/** The rows (label, value) of a player's summary, as the terminal and the HTML page show them. */
export function summaryRows(p: PlayerReview): [string, string][] {
  return [
    ['PR (95 % interval)', withInterval(fixed(p.pr, 2), p.prInterval, 2)],
    ['L7 (95 % interval)', withInterval(percent(p.l7Pct, 1), p.l7Interval, 1)],
    ['Level (PR band)', p.level ?? 'n/a'],
    ['Decisions (counted)', fixed(p.decisions, 0)],
    [
      'Errors (of them avoidable)',
      p.errors === null ? 'n/a (no analysis)' : `${p.errors} (${fixed(p.avoidableErrors, 0)})`,
    ],
    ...luckCells(p),
    [
      'Hasty / deliberate errors',
      p.haste.checker && p.haste.cube
        ? `checker ${p.haste.checker.hasty} / ${p.haste.checker.deliberate}, cube ${p.haste.cube.hasty} / ${p.haste.cube.deliberate}`
        : `n/a (${p.haste.reason ?? 'n/a'})`,
    ],
  ];
}

/** The summary table of one player, within `width` columns (in plain ASCII with `ascii`). */
export function renderPlayerSummary(p: PlayerReview, width: number = FULL_WIDTH, ascii = false): string {
  return fitTable({ head: null, rows: summaryRows(p) }, width, { ascii });
}

function cubeText(d: ReviewedDecision): string {
  const owner = d.cubeOwner === 'centred' ? 'centred' : d.cubeOwner === 'player' ? 'yours' : "opponent's";
  return `cube ${d.cubeValue} ${owner}`;
}

/** True for a take or pass: XG and gnuBG show it as the doubler's cube decision. */
export function answer(d: ReviewedDecision): boolean {
  return d.cube !== null && /^(Take|Pass|Beaver)$/.test(d.cube.action);
}

/** A decision to review in parts: heading, figures, positions, the action made and the best one. */
export interface DecisionParts {
  heading: string;
  figures: string;
  xgid: string | null;
  positionId: string | null;
  /** [label, text, equity] rows: Played, Best. */
  played: { action: string; equity: string };
  best: { action: string; equity: string };
  /** Cubeful equities of a cube decision (doubler's view), or null. */
  cubeEquities: string | null;
}

/** The parts of one decision to review (the same text on the terminal and in the HTML page). */
export function decisionParts(d: ReviewedDecision, n: number): DecisionParts {
  const what =
    d.checker !== null
      ? `checker play, ${d.checker.dice[0]}${d.checker.dice[1]} to play`
      : `cube decision (${d.cube?.action ?? 'n/a'}${answer(d) ? '; the position has the doubler on roll' : ''})`;
  const score = d.matchLength > 0 ? `score ${d.score[0]}–${d.score[1]} of ${d.matchLength}` : 'money';
  // match play in percentage points of MWC; a money session in points (equity × cube value)
  const money = d.matchLength <= 0;
  const amount = (pct: number | null, points: number | null): string =>
    money ? (points === null ? 'n/a' : `${fixed(points, 3)} points`) : percent(pct, 2);
  const figures =
    `lost ${fixed(d.errorEMG, 3)} EMG, ${amount(d.lossPct, d.lossPoints)}${money ? '' : ' MWC'} · ` +
    `difficulty ${amount(d.difficultyPct, d.difficultyPoints)} · ` +
    `beyond difficulty ${amount(d.avoidableSharePct, d.avoidableSharePoints)}${d.avoidable ? ' (avoidable)' : ''}`;
  const loss = `(-${fixed(d.errorEMG, 3)})`;
  const parts: DecisionParts = {
    heading: `${n}. Game ${d.game}, move ${d.move}: ${what} · ${score}, ${cubeText(d)}`,
    figures,
    xgid: d.xgid,
    positionId: d.positionId,
    played: { action: 'n/a', equity: '' },
    best: { action: 'n/a', equity: '' },
    cubeEquities: null,
  };
  if (d.checker) {
    const c = d.checker;
    parts.played = { action: c.played, equity: `${signed(c.playedEquity, 3)} ${loss}` };
    parts.best = { action: c.best, equity: signed(c.bestEquity, 3) };
  } else if (d.cube) {
    const c = d.cube;
    parts.played = { action: c.action, equity: loss };
    parts.best = { action: c.bestAction, equity: '' };
    parts.cubeEquities =
      `Cubeful equities (doubler's view): No double ${signed(c.noDouble, 3)} · ` +
      `Double, take ${signed(c.doubleTake, 3)} · Double, pass ${signed(c.doublePass, 3)}`;
  }
  return parts;
}

/**
 * The board of a decision to review (null when its position is unknown): the side on roll at the bottom (the
 * doubler for a take or pass), the play made and the best one with their equities.
 */
export function reviewBoard(d: ReviewedDecision, player: string, opponent: string): BoardView | null {
  const p = decisionParts(d, 1);
  const ans = answer(d);
  return boardView({
    xgid: d.xgid,
    names: ans ? [opponent, player] : [player, opponent],
    answer: ans,
    played: { text: p.played.action, equity: p.played.equity || null },
    best: { text: p.best.action, equity: p.best.equity || null },
  });
}

/** What the terminal review shows, and within how many columns. */
export interface ReviewTextOptions {
  /** Text boards under the decisions (`--boards`), or none. */
  readonly boards?: TextBoardOptions | null;
  /** The columns the text fits (default {@link FULL_WIDTH}: no limit). */
  readonly width?: number;
  /** The players shown (`--player` picks; default both). */
  readonly seats?: readonly (0 | 1)[];
  /** `--all`: the filters of the errors listed in place of the decisions to review (set by renderReview). */
  readonly list?: MatchReview['list'];
}

/** What the list of `--all` holds, in words: "Blunders: 2 of 25 errors, costliest first:". */
export function listHeading(p: PlayerReview, list: NonNullable<MatchReview['list']>): string {
  const n = p.listed?.length ?? 0;
  const what =
    list.cube && list.blunders
      ? 'Cube blunders'
      : list.cube
        ? 'Cube errors'
        : list.blunders
          ? 'Blunders'
          : 'Errors';
  if (p.errors === null) return `${what}: none (no analysis in this file)`;
  const filtered = list.cube || list.blunders || list.top !== null;
  const count = filtered ? `${n} of ${p.errors} error${p.errors === 1 ? '' : 's'}` : String(n);
  if (n === 0)
    return `${what}: none${filtered ? ` (${p.errors} error${p.errors === 1 ? '' : 's'} in all)` : ''}`;
  return `${what}: ${count}, ${list.top !== null ? 'costliest first' : 'in match order'}:`;
}

/** One row of the `--all` table: where, the roll or the cube, the play or action made and the best one. */
function errorRow(d: ReviewedDecision, n: number): string[] {
  const money = d.matchLength <= 0;
  const lost = money
    ? d.lossPoints === null
      ? 'n/a'
      : `${fixed(d.lossPoints, 3)} pt`
    : percent(d.lossPct, 2);
  const mark = `${d.blunder ? 'blunder' : 'error'}${d.avoidable ? ', avoidable' : ''}`;
  return [
    String(n),
    String(d.game),
    String(d.move),
    d.checker ? `${d.checker.dice[0]}${d.checker.dice[1]}` : 'cube',
    d.checker ? d.checker.played : (d.cube?.action ?? 'n/a'),
    d.checker ? d.checker.best : (d.cube?.bestAction ?? 'n/a'),
    fixed(d.errorEMG, 3),
    lost,
    mark,
    d.xgid ?? 'n/a',
  ];
}

/** The heads of the `--all` table (the loss in MWC at match play, in points in a money session). */
function errorHead(money: boolean): string[] {
  return ['#', 'Game', 'Move', 'Roll', 'Played', 'Best', 'EMG', money ? 'Points' : 'MWC', 'Kind', 'XGID'];
}

/**
 * The `--all` list of one player: its heading and its table, within `width` columns; with `boards`, then
 * each error numbered as in the table, shown as a decision to review is, with its text board.
 */
function renderErrorList(
  p: PlayerReview,
  list: NonNullable<MatchReview['list']>,
  width: number,
  ascii: boolean,
  boards: DecisionBoards | null,
): string[] {
  const listed = p.listed ?? [];
  const lines = wrapText(listHeading(p, list), width);
  if (listed.length === 0) return lines;
  const money = listed[0]!.matchLength <= 0;
  const rows = listed.map((d, i) => errorRow(d, i + 1));
  // XGIDs do not wrap: a narrow terminal gets a paragraph per error
  lines.push(fitTable({ head: errorHead(money), rows }, width, { narrow: 'records', ascii }));
  if (boards)
    listed.forEach((d, i) => {
      lines.push(...renderReviewedDecision(d, i + 1, width, boards));
    });
  return lines;
}

/** How the boards of a player's decisions are drawn: the text boards' options and the names beside them. */
interface DecisionBoards {
  readonly text: TextBoardOptions;
  readonly player: string;
  readonly opponent: string;
}

/**
 * The lines of one decision to review, within `width` columns (with its text board when `boards` is
 * given).
 */
export function renderReviewedDecision(
  d: ReviewedDecision,
  n: number,
  width: number = FULL_WIDTH,
  boards: DecisionBoards | null = null,
): string[] {
  const p = decisionParts(d, n);
  const lines = [
    ...wrapSummary(p.heading, width, { hang: '   ' }),
    ...wrapSummary(p.figures, width, { indent: '   ', hang: '     ' }),
    `   ${p.xgid ?? 'XGID: n/a (position unknown)'}`,
    `   Position ID: ${p.positionId ?? 'n/a'}`,
  ];
  if (d.checker) {
    const w = Math.max(p.played.action.length, p.best.action.length);
    lines.push(`   Played: ${p.played.action.padEnd(w)}  ${p.played.equity}`);
    lines.push(`   Best:   ${p.best.action.padEnd(w)}  ${p.best.equity}`);
  } else if (d.cube) {
    lines.push(`   Played: ${p.played.action} ${p.played.equity}`);
    lines.push(`   Best:   ${p.best.action}`);
    lines.push(...wrapSummary(p.cubeEquities ?? '', width, { indent: '   ', hang: '     ' }));
  }
  if (boards) {
    const v = reviewBoard(d, boards.player, boards.opponent);
    if (v) lines.push(...renderTextBoard(v, { ...boards.text, indent: '   ' }));
    else lines.push('   (no board: the position is unknown)');
  }
  return lines;
}

/**
 * One player's section: name, summary table, decisions to review (with boards against `opponent`), within
 * `opts.width` columns.
 */
export function renderPlayerReview(
  p: PlayerReview,
  opponent = 'opponent',
  opts: ReviewTextOptions = {},
): string {
  const width = opts.width ?? FULL_WIDTH;
  // the name alone on its line: its control characters shown as escapes (src/core/text-controls.ts)
  const lines = [escapeControls(p.player), renderPlayerSummary(p, width, opts.boards?.ascii)];
  const boards = opts.boards ? { text: opts.boards, player: p.player, opponent } : null;
  if (opts.list) {
    lines.push(...renderErrorList(p, opts.list, width, opts.boards?.ascii === true, boards));
  } else if (p.toReview.length === 0) {
    lines.push(
      ...wrapText(
        p.decisions === null
          ? 'Decisions to review: none (no analysis in this file)'
          : 'Decisions to review: none (no error whose loss is known and beyond its difficulty)',
        width,
      ),
    );
  } else {
    lines.push(...wrapText('Decisions to review (the most MWC lost beyond difficulty first):', width));
    p.toReview.forEach((d, i) => {
      lines.push(...renderReviewedDecision(d, i + 1, width, boards));
    });
  }
  return lines.join('\n');
}

/** The widest the per-decision bars are drawn, and the most columns of the line plot. */
const BARS_WIDTH = 100;
const PLOT_COLUMNS = 60;

/** Why a review has no chart: a transcript has no analysis; a money session has no MWC lost. */
export function noChartsReason(r: MatchReview): string {
  return r.reviews.every((p) => p.decisions === null)
    ? 'no analysis in this file'
    : 'money session: no MWC lost per decision';
}

/** The charts of the per-decision series within `width` columns, or why there are none. */
export function renderReviewCharts(r: MatchReview, width: number = FULL_WIDTH): string {
  if (r.series === null) return wrapText(`Charts: none (${noChartsReason(r)})`, width).join('\n');
  const bars = renderLossBars(r.series, r.players, Math.min(width, BARS_WIDTH));
  // the plot's lines are its columns plus the axis labels (at most 8 columns: "100.0 ┤")
  const plot = renderCumulativeChart(r.series, r.players, {
    width: Math.max(10, Math.min(PLOT_COLUMNS, width - 8)),
  });
  // the plot's grid fits; its legend lines are broken when wider
  return [...bars, '', ...plot.flatMap((l) => (displayWidth(l) <= width ? [l] : wrapText(l, width)))].join(
    '\n',
  );
}

/**
 * What A means, said once for the terminal and the HTML page. A = R − C is the result with the luck taken out
 * (spec/metrics.md §6): what the play alone gained against this opponent, whose expectation is the error gap
 * L(opponent) − L(player). Its sign says who played better, not whether the dice helped: Kévin Unger on
 * test.xg has A +23.65 % with luck +26.35 % (he outplayed Maxence Job and had the better dice too). The dice
 * decided the match only when A and the result disagree: a loss with A > 0, a win with A < 0.
 */
export const LUCK_NOTE =
  'A = result − luck: what the play alone gained. A > 0: the player played better than the opponent ' +
  '(a loss with A > 0 was down to the dice); A < 0: worse (a win with A < 0 was down to the dice).';

/** The closing note: the settings the figures depend on, their units and what A means. */
export function reviewNote(r: MatchReview): string {
  const t = r.settings.thresholds;
  const head =
    `An error loses at least ${t.errorMpt / 1000} EMG (thresholds: error ${t.errorMpt}, blunder ${t.blunderMpt} ` +
    'millipoints); avoidable when the decision was not hard (its difficulty at most a tenth of what it lost).';
  if (r.matchLength <= 0)
    return (
      `${head} Money session: the loss and the difficulty in points (equity lost × cube value), as there ` +
      'is no MWC; 95 % intervals over the games. Terms explained in docs/glossary.md.'
    );
  return (
    `${head} MWC lost, difficulty and A in percentage points of MWC; 95 % intervals over the games. Terms ` +
    `explained in docs/glossary.md. ${LUCK_NOTE}`
  );
}

/**
 * The whole review: title, the players of `opts.seats` (both by default; `--player` picks), the charts, and
 * the settings the figures depend on; within `opts.width` columns.
 */
export function renderReview(r: MatchReview, opts: ReviewTextOptions = {}): string {
  const width = opts.width ?? FULL_WIDTH;
  const seats = opts.seats ?? [0, 1];
  return [
    ...wrapSummary(reviewTitle(r), width, { hang: '  ' }),
    ...auditLines(r.audit, width),
    '',
    ...seats.flatMap((k) => [
      renderPlayerReview(r.reviews[k], r.players[1 - k], { ...opts, list: r.list }),
      '',
    ]),
    renderReviewCharts(r, width),
    '',
    ...wrapText(reviewNote(r), width),
  ].join('\n');
}
