/**
 * The order of names in every output (players, groups, plans, themes): alphabetical ignoring case and
 * accents; between names equal so, the one without an accent first, then the lower case one first (as
 * Unicode's collation orders them), then by UTF-16 code units. It is the same on every machine.
 *
 * `String.prototype.localeCompare` followed the machine's locale (under Lithuanian 'y' sorts before 'j',
 * under Danish "Aa" after 'z'), so the same files gave their players in another order on another machine.
 * Its first call also builds ICU's collator, which a CPU profile of `bdb stats test.xg` put at 8–11 ms; run
 * in pairs, the command took 0.98× the time without it (0.150 against 0.153 s, 30 pairs, load 1.7).
 *
 * For names of letters, digits and spaces this is the order of Unicode's default collation (what
 * `localeCompare` gives under English); it differs from it between punctuation signs, between two
 * different accents on the same letter, and for letters the collation expands (ß, æ, œ).
 */

/** Whether every code unit of `s` is printable ASCII (no accent to strip). */
function isAscii(s: string): boolean {
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    if (c < 0x20 || c > 0x7e) return false;
  }
  return true;
}

/** Combining marks, left apart from their letters by canonical decomposition (é → e + ◌́). */
const MARKS = /\p{M}/gu;

/** `s` with its accents apart from their letters (canonical decomposition: é → e + ◌́). */
function decomposed(s: string): string {
  return isAscii(s) ? s : s.normalize('NFD');
}

/**
 * Latin letters with a stroke, which canonical decomposition leaves whole: Unicode's collation orders each
 * as its plain letter with a second-level difference, as it orders an accented one.
 */
const STROKED: Record<string, string> = { ø: 'o', đ: 'd', ł: 'l', ħ: 'h', ŧ: 't', ƀ: 'b', ɨ: 'i', ƶ: 'z' };
const STROKED_LETTERS = new RegExp(`[${Object.keys(STROKED).join('')}]`, 'g');

/** A name as it is first ordered: lower case, without accents. */
export function nameKey(s: string): string {
  if (isAscii(s)) return s.toLowerCase();
  return s
    .normalize('NFD')
    .replace(MARKS, '')
    .toLowerCase()
    .replace(STROKED_LETTERS, (c) => STROKED[c]!);
}

/**
 * Compares two names in bdb's order, for `Array.prototype.sort`: by {@link nameKey}; names equal so, by
 * their accents (a letter without one first), then by case (at the first letter that differs, the lower
 * case one first), then by code units.
 */
export function compareNames(a: string, b: string): number {
  if (a === b) return 0;
  const ka = nameKey(a);
  const kb = nameKey(b);
  if (ka !== kb) return ka < kb ? -1 : 1;
  const da = decomposed(a);
  const db = decomposed(b);
  const la = da.toLowerCase();
  const lb = db.toLowerCase();
  // a mark's code unit is above every Latin letter's: the name without the accent comes first
  if (la !== lb) return la < lb ? -1 : 1;
  const n = Math.min(da.length, db.length, la.length);
  for (let i = 0; i < n; i++) if (da[i] !== db[i]) return da[i] === la[i] ? -1 : 1;
  return a < b ? -1 : 1;
}
