/**
 * The day of a match as an ISO date (YYYY-MM-DD), for `--since` / `--until` and the library's `day`
 * column. Every reader gives the match's date as its ISO day already (src/parsers/dates.ts, the rules and
 * their evidence; docs/dates.md); a date stored as written by an older bdb is read by the same rules.
 */
import { readDate } from '../parsers/dates.js';

/** The ISO day of a stored date string, or null when it cannot be read as one. */
export function isoDay(date: string | null): string | null {
  return readDate(date).day;
}

/** The label of the calendar period holding `day` (ISO): YYYY-MM, YYYY-Qn or YYYY. */
export function periodKey(day: string, by: 'month' | 'quarter' | 'year'): string {
  const y = day.slice(0, 4);
  const m = Number(day.slice(5, 7));
  if (by === 'year') return y;
  if (by === 'quarter') return `${y}-Q${Math.ceil(m / 3)}`;
  return day.slice(0, 7);
}
