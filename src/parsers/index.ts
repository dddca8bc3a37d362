/** The format registry and content-based detection. Adding a format = one line in `formats`. */
import { UnsupportedFormatError, UsageError } from '../errors.js';
import { loadKazarossXG2, type Met } from '../met/index.js';
import { HEAD_BYTES } from '../model/format-info.js';
import type { Match } from '../model/types.js';
import { gnubgTextFormat, parseGnubgTextMatch, sniffGnubgText } from './gnubg-text/index.js';
import { matFormat } from './mat/index.js';
import { sgfFormat } from './sgf/index.js';
import type { MatchFormat, ParseContext, ParseResult, ParseWarning } from './types.js';
import { xgFormat } from './xg/index.js';
import { xgTextFormat } from './xg-text/index.js';

/** Every format bdb reads, in detection order. */
export const formats: readonly MatchFormat[] = [
  xgFormat,
  sgfFormat,
  xgTextFormat,
  matFormat,
  gnubgTextFormat,
];

/** Finds the format of a file from its first bytes; null when none matches. */
export function detectFormat(head: Uint8Array): MatchFormat | null {
  for (const f of formats) if (f.sniff(head)) return f;
  return null;
}

/**
 * Parses the bytes of one file, detecting the format from its content; a file that is a format's near miss
 * ({@link MatchFormat.nearMiss}) is read by that format, whose error says where it goes wrong.
 */
export function parseBytes(bytes: Uint8Array, ctx: ParseContext): ParseResult & { format: MatchFormat } {
  const head = bytes.subarray(0, HEAD_BYTES);
  const format = detectFormat(head) ?? formats.find((f) => f.nearMiss?.(head)) ?? null;
  if (!format) {
    throw new UnsupportedFormatError(
      ctx.file,
      bytes.length === 0
        ? 'empty file'
        : 'not a format bdb reads (expected an XG .xg/.xgp file or position text, a gnuBG .sgf file or text export, or a .mat transcript)',
    );
  }
  return { ...format.parse(bytes, ctx), format };
}

/**
 * Parses the files of one match: a single file of any format, or the per-game files of a gnuBG text
 * export (NAME.txt, NAME_002.txt …), which are read together.
 */
export function parseMatchFiles(
  files: { file: string; bytes: Uint8Array }[],
  met: Met = loadKazarossXG2(),
): { match: Match; warnings: readonly ParseWarning[] } {
  const first = files[0];
  if (!first) throw new UsageError('no file to read');
  if (files.length > 1 || sniffGnubgText(first.bytes.subarray(0, HEAD_BYTES)))
    return parseGnubgTextMatch(files, met);
  return parseBytes(first.bytes, { file: first.file, met });
}

export type { MatchFormat, ParseContext, ParseResult, ParseWarning } from './types.js';
