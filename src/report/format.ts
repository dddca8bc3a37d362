/** Number formatting for reports. The only place figures are rounded. */
import { FULL_WIDTH, wrapText } from '../core/text-width.js';

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

/**
 * The sections of the persons with analysed decisions, then one line naming those without (known only
 * from transcripts), instead of a screen of empty tables each.
 */
export function withoutAnalysis<P extends { readonly player: string }>(
  players: readonly P[],
  analysed: (p: P) => boolean,
  render: (p: P) => string,
  width: number = FULL_WIDTH,
): string {
  const shown = players.filter(analysed);
  const rest = players.filter((p) => !analysed(p));
  const parts = shown.map(render);
  if (rest.length > 0) {
    const names = rest.slice(0, 20).map((p) => p.player);
    const more = rest.length > 20 ? `, … (${rest.length - 20} more)` : '';
    parts.push(
      wrapText(
        `No analysed decision for ${rest.length} person${rest.length === 1 ? '' : 's'} (transcripts without analysis): ${names.join(', ')}${more}.`,
        width,
      ).join('\n'),
    );
  }
  return parts.join('\n\n');
}

/**
 * A whole number with thousands separators ("1,696"), as `toLocaleString('en-US')` writes it. Grouped by
 * hand for a safe integer: the first `toLocaleString` of a process loads the locale's data, 14 ms of the
 * 0.45 s `bdb stats` takes on one match.
 */
export function thousands(n: number): string {
  if (!Number.isSafeInteger(n) || Object.is(n, -0)) return n.toLocaleString('en-US');
  const digits = String(Math.abs(n));
  const head = digits.length % 3 || 3;
  let out = digits.slice(0, head);
  for (let i = head; i < digits.length; i += 3) out += `,${digits.slice(i, i + 3)}`;
  return n < 0 ? `-${out}` : out;
}

/** What "N analysed of M" means, for the legends of the tables and pages that print it. */
export const MATCHES_ANALYSED_NOTE =
  'Matches: "343 analysed of 1,696" when some have no analysis (a transcript): every figure comes from the analysed ones.';

/**
 * A person's matches: "69" when every one has analysed decisions, else "343 analysed of 1,696" (the figures
 * come from the analysed ones only).
 */
export function matchesAnalysed(matches: number, analysed: number): string {
  return analysed === matches
    ? thousands(matches)
    : `${thousands(analysed)} analysed of ${thousands(matches)}`;
}

/**
 * The same with the noun: "69 matches", "343 analysed of 1,696 matches"; `words` stand before it
 * ("dated " → "2 analysed of 3 dated matches").
 */
export function matchesAnalysedText(matches: number, analysed: number, words = ''): string {
  return `${matchesAnalysed(matches, analysed)} ${words}match${matches === 1 ? '' : 'es'}`;
}
