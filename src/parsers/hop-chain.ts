/**
 * The one-pass reading of a hop token that the transcript (.mat) and gnuBG text readers share: `24/20`,
 * `bar/22*`, `6/off(2)`, a chain `13/9/5`. A token is a chain of points joined by `/` (each one or two ASCII
 * digits up to 25, or `bar` (25) or `off` (0) in any case), each point followed by hit marks `*`, and an
 * optional repeat `(1)` … `(4)` for the whole chain. Each reader then checks the points as its own rules
 * say, and reads every other token with its general reader, which says what is wrong with it.
 */

/** What {@link scanChain} read besides the points: the repeat count (1 when none is written). */
export const scannedChain = { repeat: 1 };

/**
 * Reads token `s` into `points` (bar 25, off 0) and returns how many it holds, or 0 when the token is not
 * of the form above or holds more points than `points` does. A point takes at most `maxMarks` hit marks,
 * the starting point none unless `firstMarks`. Sets {@link scannedChain}.
 */
export function scanChain(s: string, points: Int8Array, maxMarks: number, firstMarks: boolean): number {
  let end = s.length;
  let repeat = 1;
  if (end >= 3 && s.charCodeAt(end - 1) === 0x29 && s.charCodeAt(end - 3) === 0x28) {
    repeat = s.charCodeAt(end - 2) - 0x30;
    if (!(repeat >= 1 && repeat <= 4)) return 0;
    end -= 3;
  }
  let n = 0;
  let i = 0;
  while (true) {
    if (i >= end || n === points.length) return 0;
    const c = s.charCodeAt(i);
    let point: number;
    if (c >= 0x30 && c <= 0x39) {
      point = c - 0x30;
      i++;
      const d = i < end ? s.charCodeAt(i) : 0;
      if (d >= 0x30 && d <= 0x39) {
        point = 10 * point + d - 0x30;
        i++;
      }
      if (point > 25) return 0;
    } else if (i + 3 <= end) {
      // `bar` or `off`, any case (0x20 makes an ASCII capital small)
      const a = c | 0x20;
      const b = s.charCodeAt(i + 1) | 0x20;
      const e = s.charCodeAt(i + 2) | 0x20;
      if (a === 0x62 && b === 0x61 && e === 0x72) point = 25;
      else if (a === 0x6f && b === 0x66 && e === 0x66) point = 0;
      else return 0;
      i += 3;
    } else return 0;
    points[n++] = point;
    const marks = n === 1 && !firstMarks ? 0 : maxMarks;
    for (let m = 0; m < marks && i < end && s.charCodeAt(i) === 0x2a; m++) i++;
    if (i === end) break;
    if (s.charCodeAt(i) !== 0x2f) return 0;
    i++;
  }
  if (n < 2) return 0;
  scannedChain.repeat = repeat;
  return n;
}
