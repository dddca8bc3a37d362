/**
 * Small readers for the pieces of an XG position text: numbers (decimal point or comma), XG move notation,
 * analysis depth names. No labels here: every label of the position text is translated by XG, so the reader
 * goes by the shape of a line and the numbers in it (see read.ts).
 */
import type { Hop } from '../../core/board.js';

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

/** One token of a move: from (25 = bar) then each point reached (0 = off), and how many checkers did it. */
interface MoveToken {
  readonly points: number[];
  readonly times: number;
}

/** A point of a move token: a number 0..25, or a word ('bar' as a source, 'off' as a destination). */
function pointOf(s: string, isSource: boolean, isLast: boolean): number {
  if (/^\d{1,2}$/.test(s)) return Number(s);
  // XG writes 'bar' and 'off'; a translated word is accepted where only one meaning is possible
  if (/^\p{L}+$/u.test(s)) {
    if (isSource) return 25;
    if (isLast) return 0;
  }
  return Number.NaN;
}

function readToken(token: string): MoveToken | null {
  let t = token;
  let times = 1;
  const rep = /\((\d)\)$/.exec(t);
  if (rep) {
    times = Number(rep[1]);
    t = t.slice(0, rep.index);
  }
  if (times < 1 || times > 4) return null;
  const parts = t.split('/');
  if (parts.length < 2) return null;
  const points: number[] = [];
  for (let i = 0; i < parts.length; i++) {
    const raw = parts[i]!.replace(/\*+$/, '');
    const p = pointOf(raw, i === 0, i === parts.length - 1);
    if (Number.isNaN(p)) return null;
    points.push(p);
  }
  return { points, times };
}

/**
 * Reads XG move notation in the mover's own numbering ('19/18 14/12', 'bar/22', '6/off', '13/7(2)',
 * '24/21*\/18', hits '*') into hops, one hop per written segment (a segment may cover two dice: the caller
 * resolves it against the legal plays).
 *
 * @returns the hops, or null when the notation is not readable (a point outside 0..25, a backward hop, more
 *   than 8 hops)
 */
export function parseMoveNotation(text: string): Hop[] | null {
  const tokens = text.trim().split(/\s+/);
  const hops: Hop[] = [];
  for (const tok of tokens) {
    const m = readToken(tok);
    if (!m) return null;
    for (let k = 0; k < m.times; k++) {
      for (let i = 0; i + 1 < m.points.length; i++) {
        const from = m.points[i]!;
        const to = m.points[i + 1]!;
        if (from < 1 || from > 25 || to < 0 || to > 24 || to >= from) return null;
        hops.push({ from, to });
        if (hops.length > 8) return null;
      }
    }
  }
  return hops.length > 0 ? hops : null;
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
