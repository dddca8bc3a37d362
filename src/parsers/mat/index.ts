/** .mat (Jellyfish-style) match transcripts: gnuBG/Jellyfish exports and XG / Backgammon Galaxy / Backgammon
 *  Studio exports (often named `.txt`). No analysis: the match, its dice, plays and cube actions. */

import { MAT_INFO } from '../../model/format-info.js';
import { Lines } from '../lines.js';
import { decodeText } from '../text-decode.js';
import type { MatchFormat } from '../types.js';
import { lexMat, MATCH_LINE } from './lexer.js';
import { matToModel } from './to-model.js';

const latin1 = new TextDecoder('latin1');

/**
 * True when the head of a file is a .mat transcript: after an optional BOM, blank lines and `;`/`#` comment
 * lines (`; [Site "…"]`), the first line is ` N point match`. gnuBG's text exports ("The score (after 0
 * games) is: …") and XG's position texts ("XGID=…") start otherwise and are not claimed.
 */
export function sniffMat(head: Uint8Array): boolean {
  const s = latin1.decode(head.subarray(0, Math.min(head.length, 8192)));
  if (s.includes('XGID=')) return false;
  const lines = new Lines(s.replace(/^(\uFEFF|\u00EF\u00BB\u00BF)/, ''));
  for (let line = lines.next(); line !== undefined; line = lines.next()) {
    const t = line.trim();
    if (t === '' || t.startsWith(';') || t.startsWith('#')) continue;
    return /^\d+\s+point\s+match$/i.test(t);
  }
  return false;
}

/** Lines other than comments that may stand before the match line of a transcript's near miss. */
const STRAY_LINES = 3;

/**
 * A transcript but for a few stray lines before its ` N point match` line (a title pasted above it, a
 * header field without its `;`): the lexer then names the first stray line.
 */
export function nearMissMat(head: Uint8Array): boolean {
  const s = latin1.decode(head.subarray(0, Math.min(head.length, 8192)));
  if (s.includes('XGID=')) return false;
  let stray = 0;
  for (const line of s.replace(/^(\uFEFF|\u00EF\u00BB\u00BF)/, '').split(/\r\n|\n|\r/)) {
    const t = line.trim();
    if (t === '' || t.startsWith(';') || t.startsWith('#')) continue;
    if (MATCH_LINE.test(line)) return stray > 0;
    if (++stray > STRAY_LINES) return false;
  }
  return false;
}

export const matFormat: MatchFormat = {
  ...MAT_INFO,
  sniff: sniffMat,
  nearMiss: nearMissMat,
  parse(bytes, ctx) {
    const text = decodeText(bytes);
    const mat = lexMat(text, ctx.file);
    return matToModel(mat, { file: ctx.file });
  },
};

export { lexMat } from './lexer.js';
export { matToModel } from './to-model.js';
