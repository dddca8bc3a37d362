/**
 * Which matches a command reads: `--since DATE`, `--until DATE` (ISO days, inclusive, on the match's day:
 * src/core/dates.ts), `--event TEXT` (a case-insensitive part of the event name), `--length N|money`.
 * One predicate for the library and for files, so both routes read the same matches.
 */
import { isoDay } from '../core/dates.js';

export interface MatchFilter {
  readonly since?: string;
  readonly until?: string;
  readonly event?: string;
  /** Match length; 0 = money. */
  readonly length?: number;
}

/** What the filter looks at in a match. */
export interface FilteredFields {
  /** The ISO day, or null when the match has no readable date. */
  readonly day: string | null;
  readonly event: string | null;
  readonly matchLength: number;
}

/** True when the filter sets nothing. */
export function isEmptyFilter(f: MatchFilter): boolean {
  return f.since === undefined && f.until === undefined && f.event === undefined && f.length === undefined;
}

/** True when the match passes the filter (a match without a date fails --since and --until). */
export function passesFilter(f: MatchFilter, m: FilteredFields): boolean {
  if (f.since !== undefined && (m.day === null || m.day < f.since)) return false;
  if (f.until !== undefined && (m.day === null || m.day > f.until)) return false;
  if (f.event !== undefined && !(m.event ?? '').toLowerCase().includes(f.event.toLowerCase())) return false;
  if (f.length !== undefined && m.matchLength !== f.length) return false;
  return true;
}

/** The fields of a parsed match, for {@link passesFilter}. */
export function matchFields(m: {
  date: string | null;
  event: string | null;
  matchLength: number;
}): FilteredFields {
  return { day: isoDay(m.date), event: m.event, matchLength: m.matchLength };
}
