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

/** Scratch of {@link formatHops}: the hops in order, the points of each part, the distinct parts. */
const hopFrom: number[] = [];
const hopTo: number[] = [];
const hopUsed: boolean[] = [];
/** The points of every part, one after another; part k is points[partStart[k]] … (partLength[k] of them). */
const points: number[] = [];
const partStart: number[] = [];
const partLength: number[] = [];
/** The distinct parts, in the order of their first: the part written and how many are the same. */
const distinctPart: number[] = [];
const distinctCount: number[] = [];
/** The points marked '*' so far. */
const starred: number[] = [];

/** Whether parts a and b (indexes into the part arrays) are written with the same points. */
function samePart(a: number, b: number): boolean {
  const n = partLength[a]!;
  if (partLength[b] !== n) return false;
  const sa = partStart[a]!;
  const sb = partStart[b]!;
  for (let i = 0; i < n; i++) if (points[sa + i] !== points[sb + i]) return false;
  return true;
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
 *
 * Written without a sort or an array per play (a play is written for every decision the library stores):
 * the hops, the parts and their counts go to scratch arrays of this module, reused from one play to the
 * next (`hitAt` must not write a play itself).
 */
export function formatHops(hops: readonly Hop[], hitAt: (point: number) => boolean): string {
  const n = hops.length;
  if (n === 0) return '';
  // 1. the hops by source point, highest first, then by destination (an insertion sort: a play has 1 to 4)
  for (let i = 0; i < n; i++) {
    const { from, to } = hops[i]!;
    let k = i;
    while (k > 0 && (hopFrom[k - 1]! < from || (hopFrom[k - 1] === from && hopTo[k - 1]! < to))) {
      hopFrom[k] = hopFrom[k - 1]!;
      hopTo[k] = hopTo[k - 1]!;
      k--;
    }
    hopFrom[k] = from;
    hopTo[k] = to;
    hopUsed[i] = false;
  }
  // 2. each part: the points it is written with (source, the hit points passed, destination)
  let parts = 0;
  let at = 0;
  for (let i = 0; i < n; i++) {
    if (hopUsed[i]) continue;
    partStart[parts] = at;
    points[at++] = hopFrom[i]!;
    points[at++] = hopTo[i]!;
    for (let j = i + 1; j < n; j++) {
      const end = points[at - 1]!;
      if (hopUsed[j] || end === 0 || hopFrom[j] !== end) continue;
      if (hitAt(end)) points[at++] = hopTo[j]!;
      else points[at - 1] = hopTo[j]!;
      hopUsed[j] = true;
    }
    partLength[parts] = at - partStart[parts]!;
    parts++;
  }
  // 4. identical parts counted, in the order of their first
  let distinct = 0;
  for (let k = 0; k < parts; k++) {
    let d = 0;
    while (d < distinct && !samePart(distinctPart[d]!, k)) d++;
    if (d < distinct) distinctCount[d]!++;
    else {
      distinctPart[distinct] = k;
      distinctCount[distinct] = 1;
      distinct++;
    }
  }
  // 3. and 5.: the text, a hit marked at the first part landing on the point
  let marks = 0;
  let text = '';
  for (let d = 0; d < distinct; d++) {
    const start = partStart[distinctPart[d]!]!;
    const length = partLength[distinctPart[d]!]!;
    if (d > 0) text += ' ';
    text += pointText(points[start]!);
    for (let k = 1; k < length; k++) {
      const p = points[start + k]!;
      text += `/${pointText(p)}`;
      const passed = k < length - 1;
      if (passed || (p !== 0 && hitAt(p) && !isStarred(p, marks))) {
        text += '*';
        starred[marks++] = p;
      }
    }
    if (distinctCount[d]! > 1) text += `(${distinctCount[d]})`;
  }
  return text;
}

/** Whether point `p` is among the first `marks` points marked '*'. */
function isStarred(p: number, marks: number): boolean {
  for (let i = 0; i < marks; i++) if (starred[i] === p) return true;
  return false;
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
