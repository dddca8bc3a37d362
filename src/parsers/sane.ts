/**
 * Whether a stored equity, error or luck value is one an analyser could have written: finite and within
 * ±100 (equities are normalised to the cube, within ±3, MWC within 0..1; errors and luck smaller still).
 * NaN, ±Infinity or absurd values come only from a damaged file and would spread to every figure: the
 * readers treat such a value as missing, with a warning naming where it was.
 */
export function isSaneValue(x: number): boolean {
  return Number.isFinite(x) && Math.abs(x) <= 100;
}
