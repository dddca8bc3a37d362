/**
 * Small readers for the pieces of an XG position text: numbers (decimal point or comma), XG move notation,
 * analysis depth names. No labels here: every label of the position text is translated by XG, so the reader
 * goes by the shape of a line and the numbers in it (see read.ts). The move notation reader is shared with the
 * boards (src/core/move-notation.ts).
 */

export { parseMoveNotation } from '../../core/move-notation.js';

/** A signed decimal as XG prints it: '+0.580', '-0.491', '0,365', '25.45' (also U+2212 minus). */
export const NUM = String.raw`[+\-\u2212]?\d+(?:[.,]\d+)?`;

/** An equity as XG prints it: three decimals or more ('-0.491', '+1,000'); a number cut short by a truncated
 *  file ('-0.49') is not one. */
export const EQ = String.raw`[+\-\u2212]?\d+[.,]\d{3,}`;

/** Parses a number written by XG; NaN when it is not one. */
export function parseNumber(s: string): number {
  const t = s.trim();
  if (!new RegExp(`^${NUM}$`).test(t)) return Number.NaN;
  return Number(t.replace('\u2212', '-').replace(',', '.'));
}

/** True for a token of XG move notation: point/point with optional hits, chains and a repeat count. */
export function isMoveToken(token: string): boolean {
  return token.includes('/');
}

/**
 * The model's name of an analysis depth as XG prints it (translated): '4-ply', '4-plis', '2 Züge' → '4-ply' /
 * '2-ply'; 'XG Roller++' unchanged; 'Book¹' (any language, XG marks book moves with '¹') → 'opening book';
 * 'Rollout…' → 'rollout'; anything else verbatim. Names match the XG binary reader's.
 */
export function depthName(printed: string): string {
  const d = printed.trim().replace(/\s+/g, ' ');
  if (d.endsWith('\u00b9')) return 'opening book';
  const roller = /^XG\s*Roller(\+{0,2})$/i.exec(d);
  if (roller) return `XG Roller${roller[1]}`;
  if (/^rollout/i.test(d)) return 'rollout';
  const ply = /^(\d{1,2})[-\s]\p{L}+\.?( red)?$/u.exec(d);
  if (ply) return `${Number(ply[1])}-ply${ply[2] ?? ''}`;
  return d;
}
