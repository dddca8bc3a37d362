/** Tables for people (boxes drawn by ./cli-table.ts), from the shared rows. No colours: output is the same on any terminal. */

import { FULL_WIDTH, wrapSummary, wrapText } from '../core/text-width.js';
import type { MatchReport } from '../metrics/match-report.js';
import type { PlayerStats } from '../metrics/player-stats.js';
import { fitTable, fitTables } from './cli-table.js';
import { fixed, matchesAnalysed, percent } from './format.js';
import { gnubgRows, xgRows } from './rows.js';

/** A one-line description of a match. */
export function matchTitle(r: MatchReport): string {
  const kind = r.matchLength > 0 ? `${r.matchLength}-point match` : 'money session';
  const games = `${r.games} game${r.games === 1 ? '' : 's'}`;
  const result = r.winner
    ? `winner ${r.winner} (${r.finalScore[0]}–${r.finalScore[1]})`
    : r.matchLength > 0
      ? `unfinished (${r.finalScore[0]}–${r.finalScore[1]})`
      : `${r.finalScore[0]}–${r.finalScore[1]}`;
  return `${r.file} — ${r.players[0]} vs ${r.players[1]} · ${kind} · ${games} · ${result}`;
}

/**
 * One line for a match (the default of `bdb stats` over several matches): its date, each player with their
 * PR, the length and the score, e.g. "2023-08-09 BoardLord 1.97 – Llabba 1.73 (PR) · 7 points · 8–2 in 3
 * games"; wrapped within `width`. `--matches` gives the file and the tables.
 */
export function renderMatchLine(r: MatchReport, width: number = FULL_WIDTH): string {
  const [a, b] = r.tallies.map((t) => t.player);
  const [prA, prB] = r.prs;
  const date = r.date === null ? '' : `${r.date} `;
  const kind = r.matchLength > 0 ? `${r.matchLength} point${r.matchLength === 1 ? '' : 's'}` : 'money';
  const score = `${r.finalScore[0]}–${r.finalScore[1]}${r.matchLength > 0 && r.winner === null ? ' unfinished' : ''}`;
  const games = `${r.games} game${r.games === 1 ? '' : 's'}`;
  const text = `${date}${a} ${fixed(prA, 2)} – ${b} ${fixed(prB, 2)} (PR) · ${kind} · ${score} in ${games}`;
  return wrapText(text, width, { hang: '  ' }).join('\n');
}

/**
 * The per-match table: XG-style then gnuBG-style figures, one column per player, within `width` columns
 * (drawn in plain ASCII with `ascii`).
 */
export function renderMatchTable(r: MatchReport, width: number = FULL_WIDTH, ascii = false): string {
  const rows = [...xgRows(r.stats), ...gnubgRows(r.stats)];
  // one table per section (a row without cells heads one); their columns line up
  const sections: { head: string[]; rows: string[][] }[] = [];
  for (const row of rows) {
    if (!row.cells) sections.push({ head: [row.label, r.players[0], r.players[1]], rows: [] });
    else sections[sections.length - 1]?.rows.push([row.label, ...row.cells]);
  }
  return [
    ...wrapSummary(matchTitle(r), width, { hang: '  ' }),
    ...fitTables(sections, width, { ascii }),
  ].join('\n');
}

/** The per-person aggregate table: one row per player, within `width` columns (plain ASCII with `ascii`). */
export function renderPlayersTable(
  players: readonly PlayerStats[],
  width: number = FULL_WIDTH,
  ascii = false,
): string {
  const head = [
    'Player',
    'Matches',
    'PR',
    'PR 95 %',
    'Checker',
    'Cube',
    'Decisions',
    'Equity lost',
    'MWC lost',
    'MWC/match',
    'L7',
    'Elo',
    'Excess',
    'Excess/match',
    'Ratio',
    'Snowie',
  ];
  const rows = players.map((s) => [
    s.player,
    matchesAnalysed(s.matches, s.analysedMatches),
    fixed(s.pr, 2),
    s.prInterval.low === null ? 'n/a' : `${fixed(s.prInterval.low, 1)}–${fixed(s.prInterval.high, 1)}`,
    fixed(s.prChecker, 2),
    fixed(s.prCube, 2),
    fixed(s.decisions.total, 0),
    fixed(s.equityError.total, 3),
    percent(s.mwcLossPct.total, 2),
    percent(s.mwcLossPerMatchPct, 2),
    percent(s.l7Pct, 1),
    s.elo === null ? 'n/a' : `${s.eloFloored ? '≤ ' : ''}${fixed(s.elo, 0)}`,
    percent(s.difficulty.excessPct, 2),
    percent(s.difficulty.excessPerMatchPct, 2),
    fixed(s.difficulty.ratio, 2),
    fixed(s.snowieER, 2),
  ]);
  return fitTable({ head, rows }, width, { ascii });
}
