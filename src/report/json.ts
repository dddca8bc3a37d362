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
  settings: {
    thresholds: { preset: string; errorMpt: number; blunderMpt: number };
    difficultyTau: number;
    /** The match equity table (`stats`, `biases`, `plan`). */
    met?: { name: string; file: string | null };
    /** How the intervals were computed (`stats`): method, resamples and seed (null for the closed form). */
    interval?: { method: 'closed' | 'bootstrap' | 'bca'; resamples: number | null; seed: number | null };
  };
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

/** `JSON.stringify(value, null, 2)` as it reads nested `depth` levels deep (two spaces a level). */
function nested(value: unknown, depth: number): string {
  return JSON.stringify(value, null, 2).replaceAll('\n', `\n${'  '.repeat(depth)}`);
}

/**
 * Writes the report of {@link renderJson} piece by piece, each match as it comes, so a run over thousands
 * of matches never holds them all: the bytes are those `renderJson` would write for the whole report.
 */
export class JsonReportWriter {
  private readonly write: (s: string) => void;
  private count = 0;
  constructor(write: (s: string) => void, settings: JsonReport['settings']) {
    this.write = write;
    write(`{\n  "schemaVersion": 1,\n  "settings": ${nested(settings, 1)},\n  "matches": [`);
  }

  /** One entry of `matches`. */
  match(m: JsonMatch): void {
    this.write(`${this.count++ === 0 ? '\n' : ',\n'}    ${nested(m, 2)}`);
  }

  /** The rest of the report; the writer is done. */
  end(rest: Pick<JsonReport, 'players' | 'errors' | 'duplicates'>): void {
    this.write(this.count === 0 ? ']' : '\n  ]');
    this.write(`,\n  "players": ${nested(rest.players, 1)}`);
    this.write(`,\n  "errors": ${nested(rest.errors, 1)}`);
    this.write(`,\n  "duplicates": ${nested(rest.duplicates, 1)}\n}\n`);
  }
}
