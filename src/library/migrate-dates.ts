/**
 * Schema step 7: every stored date as its ISO day (docs/dates.md). A library imported before the readers
 * gave ISO days holds in `matches.date` a gnuBG text export's ambiguous date as printed ("11/10/2023"),
 * which `bdb sql` showed as is, and in `matches.day` the day that bdb read from it (an ambiguous date day
 * first). Each such row gets the day the readers' rules give its text and its file's name
 * (src/core/dates.ts), so an upgraded library and a new import hold the same day; when those rules leave
 * the text undated, the stored day, which every command read until now; else null (`date` and `day`
 * alike). Run as a sliced step (src/library/schema.ts): only the rows whose `date` is not their `day`.
 */
import type { DuckDBConnection } from '@duckdb/node-api';
import { readDate } from '../core/dates.js';
import { rows, TableAppender } from './sql.js';

/** Before the slices: where the days go (src/library/schema.ts STEP_7_AFTER moves them into `matches`). */
export const DATES_BEFORE = 'CREATE TABLE step7_dates (match_id INTEGER, day VARCHAR);';

/**
 * The ISO day of a match stored by an older bdb: its date text read by the readers' rules (the file's
 * name settling an ambiguous order), else the day stored beside it, else null.
 */
export function upgradedDay(date: string | null, day: string | null, file: string): string | null {
  return readDate(date, file).day ?? day;
}

/** The days of the matches lo ≤ id < hi whose date is not their day, into `step7_dates`. */
export async function rewriteDates(con: DuckDBConnection, lo: number, hi: number): Promise<void> {
  const found = await rows(
    con,
    `SELECT match_id, file, date, CAST(day AS VARCHAR) FROM matches
     WHERE match_id >= $1 AND match_id < $2 AND date IS DISTINCT FROM CAST(day AS VARCHAR)`,
    [lo, hi],
  );
  if (found.length === 0) return;
  const out = await TableAppender.create(con, 'step7_dates');
  for (const [id, file, date, day] of found)
    out.append([
      id as number,
      upgradedDay(date === null ? null : String(date), day === null ? null : String(day), String(file)),
    ]);
  out.close();
}
