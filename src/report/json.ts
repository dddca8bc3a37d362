/**
 * The JSON report (schemaVersion 1). Other programs rely on it: extend it, never rename. Figures keep full
 * precision; keys come in a fixed order.
 */
import type { MatchReport } from '../analyse.js';
import type { PlayerStats } from '../metrics/player-stats.js';

/** One match in the JSON report. */
export interface JsonMatch {
  file: string;
  format: string;
  matchLength: number;
  players: readonly [string, string];
  games: number;
  winner: string | null;
  finalScore: readonly [number, number];
  date: string | null;
  event: string | null;
  analyser: MatchReport['analyser'];
  warnings: { line?: number; offset?: number; message: string }[];
  stats: readonly [PlayerStats, PlayerStats];
}

/** The whole JSON report. */
export interface JsonReport {
  schemaVersion: 1;
  /** Settings the figures depend on. */
  settings: { thresholds: { preset: string; errorMpt: number; blunderMpt: number }; difficultyTau: number };
  matches: JsonMatch[];
  players: PlayerStats[];
  errors: { file: string; message: string }[];
  /** Files holding a match already read from another file (counted once, under `sameAs`). */
  duplicates: { file: string; sameAs: string }[];
}

/** The JSON entry of one match. */
export function jsonMatch(r: MatchReport): JsonMatch {
  return {
    file: r.file,
    format: r.format,
    matchLength: r.matchLength,
    players: r.players,
    games: r.games,
    winner: r.winner,
    finalScore: r.finalScore,
    date: r.date,
    event: r.event,
    analyser: r.analyser,
    warnings: r.warnings.map((w) => ({ ...w })),
    stats: r.stats,
  };
}

/** Serialises a report. */
export function renderJson(report: JsonReport): string {
  return `${JSON.stringify(report, null, 2)}\n`;
}
