/**
 * The day of a match as an ISO date (YYYY-MM-DD), for `--since` / `--until` and the library's `day`
 * column. Formats store dates as they print them: ISO (SGF `DT[]`, XG, .mat), or gnuBG's text export's
 * `DD/MM/YYYY` (checked on gnubg-text-bglab: "09/08/2023" in the export of
 * "… 2023_08_09 18_11_07.txt"). A slashed date whose first number exceeds 12 is day first, whose second
 * does is month first; otherwise day first. Anything else: null (the date is still kept as read).
 */
function valid(y: number, m: number, d: number): string | null {
  if (m < 1 || m > 12 || d < 1 || d > 31 || y < 1900 || y > 2999) return null;
  const t = new Date(Date.UTC(y, m - 1, d));
  if (t.getUTCMonth() !== m - 1) return null;
  return `${String(y).padStart(4, '0')}-${String(m).padStart(2, '0')}-${String(d).padStart(2, '0')}`;
}

/** The ISO day of a stored date string, or null when it cannot be read as one. */
export function isoDay(date: string | null): string | null {
  if (!date) return null;
  const iso = /^\s*(\d{4})[-./](\d{1,2})[-./](\d{1,2})/.exec(date);
  if (iso) return valid(Number(iso[1]), Number(iso[2]), Number(iso[3]));
  const slashed = /^\s*(\d{1,2})[/.-](\d{1,2})[/.-](\d{4})\b/.exec(date);
  if (slashed) {
    const a = Number(slashed[1]);
    const b = Number(slashed[2]);
    const y = Number(slashed[3]);
    return b > 12 ? valid(y, a, b) : valid(y, b, a);
  }
  return null;
}

/** The label of the calendar period holding `day` (ISO): YYYY-MM, YYYY-Qn or YYYY. */
export function periodKey(day: string, by: 'month' | 'quarter' | 'year'): string {
  const y = day.slice(0, 4);
  const m = Number(day.slice(5, 7));
  if (by === 'year') return y;
  if (by === 'quarter') return `${y}-Q${Math.ceil(m / 3)}`;
  return day.slice(0, 7);
}
