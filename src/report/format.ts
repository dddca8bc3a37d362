/** Number formatting for reports. The only place figures are rounded. */

/** Fixed decimals, or "n/a" for a missing figure. */
export function fixed(x: number | null | undefined, digits: number): string {
  if (x === null || x === undefined || !Number.isFinite(x)) return 'n/a';
  const s = x.toFixed(digits);
  return s === `-${(0).toFixed(digits)}` ? (0).toFixed(digits) : s;
}

/** Signed fixed decimals (gnuBG's %+f style), or "n/a". */
export function signed(x: number | null | undefined, digits: number): string {
  if (x === null || x === undefined || !Number.isFinite(x)) return 'n/a';
  const s = fixed(x, digits);
  return s.startsWith('-') ? s : `+${s}`;
}

/** A percentage with a % sign, or "n/a". */
export function percent(x: number | null | undefined, digits: number): string {
  const s = fixed(x, digits);
  return s === 'n/a' ? s : `${s} %`;
}
