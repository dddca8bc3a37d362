/** Tables for people (cli-table3), from the shared rows. No colours: output is the same on any terminal. */
import Table from 'cli-table3';
import type { MatchReport } from '../analyse.js';
import type { PlayerStats } from '../metrics/player-stats.js';
import { fixed, percent } from './format.js';
import { gnubgRows, xgRows } from './rows.js';

const plain = { head: [] as string[], border: [] as string[] };

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
  const t = new Table({ head: ['', r.players[0], r.players[1]], style: plain });
  for (const row of [...xgRows(r.stats), ...gnubgRows(r.stats)]) {
    if (!row.cells) t.push([{ colSpan: 3, content: row.label }]);
    else t.push([row.label, ...row.cells]);
  }
  return `${matchTitle(r)}\n${t.toString()}`;
}

/** The per-person aggregate table: one row per player. */
export function renderPlayersTable(players: readonly PlayerStats[]): string {
  const t = new Table({
    head: [
      'Player',
      'Matches',
      'PR',
      'Checker',
      'Cube',
      'Decisions',
      'Equity lost',
      'MWC lost',
      'L7',
      'Elo',
      'Snowie',
    ],
    style: plain,
  });
  for (const s of players) {
    t.push([
      s.player,
      String(s.matches),
      fixed(s.pr, 2),
      fixed(s.prChecker, 2),
      fixed(s.prCube, 2),
      String(s.decisions.total),
      fixed(s.equityError.total, 3),
      percent(s.mwcLossPct.total, 2),
      percent(s.l7Pct, 1),
      s.elo === null ? 'n/a' : `${s.eloFloored ? '≤ ' : ''}${fixed(s.elo, 0)}`,
      fixed(s.snowieER, 2),
    ]);
  }
  return t.toString();
}
