/** Tables for people (cli-table3), from the shared rows. No colours: output is the same on any terminal. */
import Table from 'cli-table3';
import type { MatchReport } from '../analyse.js';
import type { PlayerStats } from '../metrics/player-stats.js';
import { compact, plain } from './cli-table.js';
import { fixed, percent } from './format.js';
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

/** The per-match table: XG-style then gnuBG-style figures, one column per player. */
export function renderMatchTable(r: MatchReport): string {
  const rows = [...xgRows(r.stats), ...gnubgRows(r.stats)];
  // one width per column across the sections, so they line up
  const width = (i: number): number =>
    2 +
    Math.max(
      ...rows.map((row) => (i === 0 ? row.label : (row.cells?.[i - 1] ?? r.players[i - 1]!)).length),
      i === 0 ? 0 : r.players[i - 1]!.length,
    );
  const colWidths = [width(0), width(1), width(2)];
  const sections: string[] = [];
  let t: Table.Table | null = null;
  for (const row of rows) {
    if (!row.cells) {
      if (t) sections.push(compact(t));
      t = new Table({ head: [row.label, r.players[0], r.players[1]], style: plain, colWidths });
    } else t?.push([row.label, ...row.cells]);
  }
  if (t) sections.push(compact(t));
  return `${matchTitle(r)}\n${sections.join('\n')}`;
}

/** The per-person aggregate table: one row per player. */
export function renderPlayersTable(players: readonly PlayerStats[]): string {
  const t = new Table({
    head: [
      'Player',
      'Matches',
      'PR',
      'PR 95 %',
      'Checker',
      'Cube',
      'Decisions',
      'Equity lost',
      'MWC lost',
      'L7',
      'Elo',
      'Excess',
      'Ratio',
      'Snowie',
    ],
    style: plain,
  });
  for (const s of players) {
    t.push([
      s.player,
      String(s.matches),
      fixed(s.pr, 2),
      s.prInterval.low === null ? 'n/a' : `${fixed(s.prInterval.low, 1)}–${fixed(s.prInterval.high, 1)}`,
      fixed(s.prChecker, 2),
      fixed(s.prCube, 2),
      fixed(s.decisions.total, 0),
      fixed(s.equityError.total, 3),
      percent(s.mwcLossPct.total, 2),
      percent(s.l7Pct, 1),
      s.elo === null ? 'n/a' : `${s.eloFloored ? '≤ ' : ''}${fixed(s.elo, 0)}`,
      percent(s.difficulty.excessPct, 2),
      fixed(s.difficulty.ratio, 2),
      fixed(s.snowieER, 2),
    ]);
  }
  return compact(t);
}
