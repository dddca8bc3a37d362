/**
 * A reader of move notation that needs no board: the notation XG prints ('19/18 14/12', 'bar/22*', '6/off',
 * '13/7(2)', '24/21*\/18') and the one bdb writes (src/core/moves.ts `formatPlay`, one hop per checker move).
 * Used by the XG position-text reader (which resolves the hops against the legal plays) and by the boards,
 * which draw the play made and the best play from their text.
 */
import type { Hop } from './board.js';

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
