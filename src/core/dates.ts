/**
 * A match's date as the file writes it → the ISO day (YYYY-MM-DD) every reader gives, or null with the
 * reason (docs/dates.md). Evidence for each layout, from real files:
 *
 * - ISO `YYYY-MM-DD` (SGF `DT[]`, also `DT[2023-09-12,13]`), `YYYY.MM.DD` (.mat `EventDate`): year first.
 * - gnuBG's text export prints its `Date:` line with strftime("%x") of the machine's locale:
 *   - the C locale gives `MM/DD/YY`: gnubg-generated/g0001.txt prints "11/29/26" for its `DT[2026-11-29]`;
 *   - other locales a four-digit year, day first or month first (en_GB `DD/MM/YYYY`, en_US
 *     `MM/DD/YYYY`). One number above 12 tells the order. When both are 12 or less the file's name may
 *     tell (Backgammon Studio names carry the day: "… 2023_10_11 16_52_13.txt" prints "11/10/2023", and all
 *     79 matches of gnubg-text-bglab agree); else the date is ambiguous and left undated, never guessed.
 */

import { shown } from '../errors.js';

/** The ISO day of a year, month and day; null when no such day. */
function validDay(y: number, m: number, d: number): string | null {
  if (m < 1 || m > 12 || d < 1 || d > 31 || y < 1900 || y > 2999) return null;
  const t = new Date(Date.UTC(y, m - 1, d));
  if (t.getUTCMonth() !== m - 1) return null;
  return `${String(y).padStart(4, '0')}-${String(m).padStart(2, '0')}-${String(d).padStart(2, '0')}`;
}

/** The day a file name carries (`2023_10_11`, `2023-10-11`, `2023.10.11`), or null. */
function nameDay(file: string): string | null {
  const base = file.split(/[\\/]/).pop() ?? '';
  const m = /(?:^|\D)((?:19|20)\d\d)[-_.](\d\d)[-_.](\d\d)(?!\d)/.exec(base);
  return m ? validDay(Number(m[1]), Number(m[2]), Number(m[3])) : null;
}

/** The day read from a written date: `day` (ISO) or null, and why it is null when something was written. */
export interface ReadDate {
  readonly day: string | null;
  /** Why a written date gave no day ("date "05/09/2023" is ambiguous …"); null when read or absent. */
  readonly problem: string | null;
}

/**
 * Reads `written` (null or blank: no date) of the file `file` (its name may settle the day/month order of
 * an ambiguous slashed date).
 */
export function readDate(written: string | null | undefined, file = ''): ReadDate {
  const s = (written ?? '').trim();
  if (s === '') return { day: null, problem: null };
  const quoted = `"${shown(s)}"`;
  const iso = /^(\d{4})[-./](\d{1,2})[-./](\d{1,2})(?!\d)/.exec(s);
  if (iso) {
    const day = validDay(Number(iso[1]), Number(iso[2]), Number(iso[3]));
    return day
      ? { day, problem: null }
      : { day: null, problem: `date ${quoted} is no calendar day: left undated` };
  }
  const slashed = /^(\d{1,2})[/.-](\d{1,2})[/.-](\d{4}|\d{2})$/.exec(s);
  if (!slashed) return { day: null, problem: `date ${quoted} is not a date bdb reads: left undated` };
  const a = Number(slashed[1]);
  const b = Number(slashed[2]);
  const twoDigit = slashed[3]!.length === 2;
  const y = twoDigit ? 2000 + Number(slashed[3]) : Number(slashed[3]);
  const monthFirst = validDay(y, a, b);
  const dayFirst = validDay(y, b, a);
  // C locale: MM/DD/YY
  if (twoDigit)
    return monthFirst
      ? { day: monthFirst, problem: null }
      : { day: null, problem: `date ${quoted} is no calendar day (MM/DD/YY): left undated` };
  if (monthFirst === null || dayFirst === null || monthFirst === dayFirst) {
    const day = monthFirst ?? dayFirst;
    return day
      ? { day, problem: null }
      : { day: null, problem: `date ${quoted} is no calendar day: left undated` };
  }
  const named = nameDay(file);
  if (named === dayFirst || named === monthFirst) return { day: named, problem: null };
  return {
    day: null,
    problem:
      `date ${quoted} is ambiguous (${dayFirst} day first, ${monthFirst} month first) and the file name ` +
      'gives no day to tell: left undated',
  };
}

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
