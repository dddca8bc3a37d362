/**
 * Move notation as XG and gnuBG print it ('24/23 13/9', '13/5', '24/21*\/18', 'bar/22*', '6/off',
 * '6/2(4)'): its writer ({@link formatHops}, behind src/core/moves.ts `formatPlay`, the one writer of every
 * play bdb prints or stores) and a reader that needs no board ({@link parseMoveNotation}, used by the XG
 * position-text reader, which resolves the hops against the legal plays, and by the boards, which draw the
 * play made and the best play from their text).
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

/** A point in the notation: 'bar' (25), 'off' (0) or the number. */
function pointText(p: number): string {
  return p === 25 ? 'bar' : p === 0 ? 'off' : String(p);
}

/**
 * A play in the notation XG and gnuBG print, from its hops (mover's numbering, 25 = bar, 0 = off) and where
 * the opponent had a checker before the play (`hitAt(p)`: true when the mover's point p held a blot, so a
 * checker landing there hits). The rules, read from what both programs print for the same plays (gnuBG's
 * text exports and XG's transcript export of test.xg, see test/unit/core/play-notation.test.ts):
 *
 * 1. the hops in order of their source point, highest first (then of their destination, highest first):
 *    `24/23 13/9`, `5/off 4/2`;
 * 2. one checker's hops joined into one part: a hop starting where a part ends continues it, `13/10 10/5` is
 *    `13/5`; a point passed on the way stays written only when a blot was hit there, `13/10*\/5`;
 * 3. a hit marked `*` at the first part that lands on the point: `13/9* 10/9`;
 * 4. identical parts written once with their count: `6/2 6/2 6/2 6/2` is `6/2(4)`, `24/16* 6/2*(2)`;
 * 5. 'bar' for the bar, 'off' for borne off: `bar/22* 6/off`.
 *
 * An empty play gives ''.
 */
export function formatHops(hops: readonly Hop[], hitAt: (point: number) => boolean): string {
  const sorted = [...hops].sort((x, y) => y.from - x.from || y.to - x.to);
  const used = new Array<boolean>(sorted.length).fill(false);
  // each part: the points it is written with (source, the hit points passed, destination)
  const parts: number[][] = [];
  for (let i = 0; i < sorted.length; i++) {
    if (used[i]) continue;
    const points = [sorted[i]!.from, sorted[i]!.to];
    for (let j = i + 1; j < sorted.length; j++) {
      const end = points[points.length - 1]!;
      if (used[j] || end === 0 || sorted[j]!.from !== end) continue;
      if (hitAt(end)) points.push(sorted[j]!.to);
      else points[points.length - 1] = sorted[j]!.to;
      used[j] = true;
    }
    parts.push(points);
  }
  // identical parts counted, in the order of their first
  const counted: { points: number[]; count: number }[] = [];
  for (const points of parts) {
    const same = counted.find((c) => c.points.join('/') === points.join('/'));
    if (same) same.count++;
    else counted.push({ points, count: 1 });
  }
  const starred = new Set<number>();
  return counted
    .map(({ points, count }) => {
      let text = pointText(points[0]!);
      for (let k = 1; k < points.length; k++) {
        const p = points[k]!;
        text += `/${pointText(p)}`;
        const passed = k < points.length - 1;
        if (passed || (p !== 0 && hitAt(p) && !starred.has(p))) {
          text += '*';
          starred.add(p);
        }
      }
      return count > 1 ? `${text}(${count})` : text;
    })
    .join(' ');
}

/** A play as bdb writes it: parts such as 'bar/22*', '13/10*\/5', '6/off', '6/2(4)', separated by spaces. */
const PLAY_TEXT =
  /^(?:bar|\d{1,2})(?:\/(?:\d{1,2}|off)\*?)+(?:\(\d\))?(?: (?:bar|\d{1,2})(?:\/(?:\d{1,2}|off)\*?)+(?:\(\d\))?)*$/;

/**
 * A play's text written anew by {@link formatHops}: for text stored by an earlier bdb, which wrote one part
 * per hop ('13/10 10/5', '6/2 6/2 6/2 6/2', '6/3* 3/1*'). The hits are read from the text's marks (a point
 * marked '*' held a blot: every point where a blot was hit is marked once). A text that is not a play
 * ('cannot move', a cube action, 'n/a') is returned as it is.
 *
 * @example reformatPlayText('24/20 20/16* 6/2* 6/2') // => '24/16* 6/2*(2)'
 */
export function reformatPlayText(text: string): string {
  if (!PLAY_TEXT.test(text)) return text;
  const hops = parseMoveNotation(text);
  if (!hops) return text;
  const hits = new Set(Array.from(text.matchAll(/(\d{1,2})\*/g), (m) => Number(m[1])));
  return formatHops(hops, (p) => hits.has(p));
}
