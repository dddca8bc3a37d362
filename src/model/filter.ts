/**
 * Which matches a command reads: `--since DATE`, `--until DATE` (ISO days, inclusive, on the match's day:
 * src/core/dates.ts), `--event TEXT` (a case-insensitive part of the event name), `--length N|money`.
 * One predicate for the library and for files, so both routes read the same matches.
 */
import { isoDay } from '../core/dates.js';
import { levelRank, matchDepthRank } from './depth.js';
import type { AnalyserInfo } from './types.js';

export interface MatchFilter {
  readonly since?: string;
  readonly until?: string;
  readonly event?: string;
  /** Match length; 0 = money. */
  readonly length?: number;
  /** A level of src/model/depth.ts's scale: only matches analysed at least that deep. */
  readonly minDepth?: string;
}

/** What the filter looks at in a match. */
export interface FilteredFields {
  /** The ISO day, or null when the match has no readable date. */
  readonly day: string | null;
  readonly event: string | null;
  readonly matchLength: number;
  /** Who analysed the match and how deep, null when nobody did (absent: unknown, below every level). */
  readonly analyser?: AnalyserInfo | null;
}

/** True when the filter sets nothing. */
export function isEmptyFilter(f: MatchFilter): boolean {
  return (
    f.since === undefined &&
    f.until === undefined &&
    f.event === undefined &&
    f.length === undefined &&
    f.minDepth === undefined
  );
}

/** True when the match passes the filter (a match without a date fails --since and --until). */
export function passesFilter(f: MatchFilter, m: FilteredFields): boolean {
  if (f.since !== undefined && (m.day === null || m.day < f.since)) return false;
  if (f.until !== undefined && (m.day === null || m.day > f.until)) return false;
  if (f.event !== undefined && !(m.event ?? '').toLowerCase().includes(f.event.toLowerCase())) return false;
  if (f.length !== undefined && m.matchLength !== f.length) return false;
  return deepEnough(f.minDepth, m.analyser ?? null);
}

/** True without a level, or when the match was analysed at least at it (unknown depth: below every level). */
function deepEnough(level: string | undefined, analyser: AnalyserInfo | null): boolean {
  return level === undefined || matchDepthRank(analyser) >= (levelRank(level) ?? 0);
}

/** The fields of a parsed match, for {@link passesFilter}. */
export function matchFields(m: {
  date: string | null;
  event: string | null;
  matchLength: number;
  analyser: AnalyserInfo | null;
}): FilteredFields {
  return { day: isoDay(m.date), event: m.event, matchLength: m.matchLength, analyser: m.analyser };
}
