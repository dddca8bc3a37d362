/**
 * eXtreme Gammon position text exports ("Copy position" / export as text, spec/formats.md §3.2): one analysed
 * position per block, in any of XG's languages; several blocks may be pasted in one file.
 */

import { CorruptFileError } from '../../errors.js';
import { XG_TEXT_INFO } from '../../model/format-info.js';
import { decodeText } from '../text-decode.js';
import type { MatchFormat, ParseWarning } from '../types.js';
import { EQ } from './notation.js';
import { blockStarts, type RawPosition, readBlock, splitLines } from './read.js';
import { positionsToModel } from './to-model.js';
import type { XgTextResult } from './types.js';

export type {
  FromPosition,
  XgBestCube,
  XgChances,
  XgTextCandidate,
  XgTextCheckerDecision,
  XgTextCube,
  XgTextCubeDecision,
  XgTextDecision,
  XgTextPosition,
  XgTextResult,
} from './types.js';

/** Lines longer than this are not XG's (its longest are under 100 characters); they are skipped. */
const MAX_LINE = 1000;

/**
 * Reads an XG position text.
 *
 * @param text - the decoded text
 * @param file - the file name used in errors and source locations
 * @returns the match (one game and one decision per position), warnings, and every position as printed
 * @throws CorruptFileError (with the line) for a text without an XGID, a bad XGID, a position without its
 *   analysis; UnsupportedFormatError for equities shown as MWC percentages
 */
export function parseXgText(text: string, file: string): XgTextResult {
  const warnings: ParseWarning[] = [];
  const lines = splitLines(text).map((l, i) => {
    if (l.length <= MAX_LINE) return l;
    warnings.push({ line: i + 1, message: `line of ${l.length} characters skipped` });
    return '';
  });
  const starts = blockStarts(lines);
  if (starts.length === 0) {
    throw new CorruptFileError({ file, line: 1, column: 1 }, 'no "XGID=" line: not an XG position text');
  }
  const before = lines.slice(0, starts[0]).findIndex((l) => l.trim() !== '');
  if (before >= 0) warnings.push({ line: before + 1, message: 'text before the first XGID ignored' });
  const raws: RawPosition[] = [];
  for (let k = 0; k < starts.length; k++) {
    raws.push(readBlock(lines, starts[k]!, starts[k + 1] ?? lines.length, file, warnings));
  }
  return positionsToModel(raws, file, warnings);
}

const XGID_AT_LINE_START = /^[ \t]*XGID=[-A-Pa-p]{26}:/m;
/** A candidate line with XG's glued equity ("eq:-0.491"; gnuBG writes "Eq.: -0.012"). */
const XG_CANDIDATE = new RegExp(
  String.raw`^[ \t]+\d{1,3}\.[ \t]+\S.*\S[:\uFF1A]${EQ}%?(?:[ \t]+\(${EQ}%?\))?[ \t]*$`,
  'mu',
);
/** Three consecutive indented cubeful lines ("       No double:     +0.580 (-0.109)"). */
const CUBEFUL_LINE = String.raw`[ \t]+[^\s=:\uFF1A][^\n:\uFF1A=]*[:\uFF1A][ \t]*${EQ}%?(?:[ \t]+\(${EQ}%?\))?[ \t]*\r?\n`;
const XG_CUBEFUL = new RegExp(`^${CUBEFUL_LINE}${CUBEFUL_LINE}${CUBEFUL_LINE}`, 'mu');
/** gnuBG's text export ("GNU Backgammon  Position ID: …") and .mat transcripts ("; [Event …]", " 7 point match"). */
const NOT_XG = /GNU Backgammon|Position ID\s*:|^\s*;\s*\[|^\s*\d+\s+point match\s*$/m;

/** True when a text looks like an XG position text: an XGID line and XG's analysis lines. */
export function looksLikeXgText(text: string): boolean {
  // the plain search first: most texts tried have no XGID at all, and it is many times faster
  if (!text.includes('XGID=') || !XGID_AT_LINE_START.test(text)) return false;
  if (NOT_XG.test(text)) return false;
  return XG_CANDIDATE.test(text) || XG_CUBEFUL.test(text);
}

export const xgTextFormat: MatchFormat = {
  ...XG_TEXT_INFO,
  sniff(head) {
    return looksLikeXgText(decodeText(head.subarray(0, Math.min(head.length, 8192))));
  },
  parse(bytes, ctx) {
    const { match, warnings } = parseXgText(decodeText(bytes), ctx.file);
    return { match, warnings };
  },
};
