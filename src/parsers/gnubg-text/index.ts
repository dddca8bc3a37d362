/** gnuBG's analysed text export (`export match text`): one file per game, spec/formats.md §3.1. */

import { GNUBG_TEXT_INFO, HEAD_BYTES } from '../../model/format-info.js';
import { Lines } from '../lines.js';
import { decodeText } from '../text-decode.js';
import type { MatchFormat } from '../types.js';
import { parseGnubgTextGame, readScoreLine } from './game.js';
import { assembleGnubgTextMatch, groupGnubgTextFiles, parseGnubgTextMatch } from './match.js';

export { parseGnubgTextGame, readScoreLine } from './game.js';
export { assembleGnubgTextMatch, groupGnubgTextFiles, parseGnubgTextMatch } from './match.js';
export { MoveNotationError, parseMoveNotation } from './notation.js';
export { GNUBG_TEXT_FORMAT_ID, type GnubgTextFile } from './types.js';

/**
 * Does this look like a gnuBG text export? The first non-blank line must be gnuBG's score line, and when the
 * head is long enough to hold the first move block it must show gnuBG's board ("GNU Backgammon  Position
 * ID:") or a "Move number" header. A .mat transcript (` 5 point match`), an XG position text (`XGID=`) or an
 * SGF file never starts that way.
 *
 * @param head - the first bytes of the file (a few kilobytes)
 */
export function sniffGnubgText(head: Uint8Array): boolean {
  const text = decodeText(head.subarray(0, Math.min(head.length, HEAD_BYTES)));
  // the lines are taken one by one, as far as the test looks (a sniff runs on every .txt of a folder)
  const lines = new Lines(text);
  let first = lines.next();
  while (first !== undefined && first.trim() === '') first = lines.next();
  if (first === undefined || typeof readScoreLine(first) === 'string') return false;
  // a complete head must reach the first move block (the match information takes a few lines), or the
  // game's statistics when it has no move (a match forfeited before the first roll)
  let rest = 0;
  for (let l = lines.next(); l !== undefined && rest < 39; l = lines.next(), rest++) {
    if (
      l.startsWith('Move number ') ||
      /^\s*GNU Backgammon\s+Position ID:/.test(l) ||
      l.startsWith('Game statistics for game ')
    )
      return true;
  }
  // none of them: a head too short to reach them (fewer than 39 lines after the score line) still counts
  return head.length < 2048 && rest < 39;
}

/**
 * A name as a case-insensitive regular expression (without the u flag) compares it: each UTF-16 unit
 * upper-cased when that gives one unit, and not a non-ASCII unit turned into an ASCII one (ECMAScript's
 * Canonicalize). Two names fold to the same text exactly when `/^a$/i` matches `b`.
 */
function foldCase(name: string): string {
  let out = '';
  for (let i = 0; i < name.length; i++) {
    const c = name[i]!;
    const u = c.toUpperCase();
    out += u.length !== 1 || (c.charCodeAt(0) >= 128 && u.charCodeAt(0) < 128) ? c : u;
  }
  return out;
}

/**
 * The numbered game files (NAME_002.txt …) of the exports in one folder, from its names listed once: a
 * folder of N exports is gone through once, not once per export (N listings of the whole folder took 75 s
 * for 1,975 exports of 8 games on average). Names are compared as {@link foldCase} does.
 *
 * @param listing - the names in the folder, sorted
 * @returns for the name of an export's first file (NAME.txt), its game files' names, sorted
 */
function gameFiles(listing: readonly string[]): (name: string) => readonly string[] {
  const byStem = new Map<string, string[]>();
  for (const n of listing) {
    const m = /^(.*)_\d{3}\.txt$/i.exec(n);
    if (!m) continue;
    const key = foldCase(m[1]!);
    const list = byStem.get(key);
    if (list) list.push(n);
    else byStem.set(key, [n]);
  }
  return (name) => {
    // a numbered file is a game of another first file, never a first file itself
    const m = /^(.*)\.txt$/i.exec(name);
    if (!m || /_\d{3}$/.test(m[1]!)) return [];
    return byStem.get(foldCase(m[1]!)) ?? [];
  };
}

export const gnubgTextFormat: MatchFormat = {
  ...GNUBG_TEXT_INFO,
  sniff: sniffGnubgText,
  parse(bytes, ctx) {
    return assembleGnubgTextMatch([parseGnubgTextGame(bytes, ctx.file, ctx.met)]);
  },
  siblings: gameFiles,
  group: (paths) => groupGnubgTextFiles([...paths]),
  parseFiles: (files, ctx) => parseGnubgTextMatch([...files], ctx.met),
};
