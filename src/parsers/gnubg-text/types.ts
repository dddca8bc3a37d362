/** Shared types of the gnuBG text-export reader. */
import { type AnalyserInfo, FormatId, type Game } from '../../model/types.js';
import type { ParseWarning } from '../types.js';

/** The format id of gnuBG's analysed text export. */
export const GNUBG_TEXT_FORMAT_ID = FormatId.GnubgText;

/** What one text-export file holds: its game(s) and the match header printed above them. */
export interface GnubgTextFile {
  readonly file: string;
  /** Player names (NFC), seat 0 (gnuBG's player 0, "O") then seat 1 ("X"). */
  readonly players: readonly [string, string];
  /** Match length in points; 0 for a money session. */
  readonly matchLength: number;
  /** 0-based number of the (first) game of the file: N of "The score (after N games)". */
  readonly gameNumber: number;
  /** Score of seats 0 and 1 when the (first) game started. */
  readonly score: readonly [number, number];
  /** The (first) game is the Crawford game. */
  readonly crawfordGame: boolean;
  /** The (first) game is played after the Crawford game. */
  readonly postCrawford: boolean;
  /** The `Date:` line's value as printed (the match reads it: src/core/dates.ts); null when absent. */
  readonly date: string | null;
  readonly event: string | null;
  readonly round: string | null;
  readonly place: string | null;
  readonly analyser: AnalyserInfo | null;
  /** The games of the file in file order (one for gnuBG's `export match text`). */
  readonly games: readonly Game[];
  /** The file ends with gnuBG's "Match statistics" / "Session statistics" (the last file of a match). */
  readonly hasMatchStatistics: boolean;
  readonly warnings: readonly ParseWarning[];
}
