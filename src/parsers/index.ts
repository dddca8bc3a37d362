/** Reading matches: the formats and their detection (./detect.ts), and parsing bytes with a unit's format. */
import { UnsupportedFormatError, UsageError } from '../errors.js';
import { loadKazarossXG2, type Met } from '../met/index.js';
import { HEAD_BYTES } from '../model/format-info.js';
import { type Detected, detectFormat, formatById, formats } from './detect.js';
import type { FileBytes, MatchFormat, ParseContext, ParseResult } from './types.js';

/**
 * The format that reads a file no format's sniff claims: a format's near miss ({@link MatchFormat.nearMiss}),
 * whose error says where the file goes wrong; else the error that bdb does not read it.
 */
function nearMissOf(file: FileBytes): MatchFormat {
  const head = file.bytes.subarray(0, HEAD_BYTES);
  const format = formats.find((f) => f.nearMiss?.(head));
  if (format) return format;
  throw new UnsupportedFormatError(
    file.file,
    file.bytes.length === 0
      ? 'empty file'
      : 'not a format bdb reads (expected an XG .xg/.xgp file or position text, a gnuBG .sgf file or text export, or a .mat transcript)',
  );
}

/**
 * Parses the bytes of one file, detecting the format from its content; a file that is a format's near miss
 * is read by that format, whose error says where it goes wrong.
 */
export function parseBytes(bytes: Uint8Array, ctx: ParseContext): ParseResult & { format: MatchFormat } {
  const format = detectFormat(bytes.subarray(0, HEAD_BYTES)) ?? nearMissOf({ file: ctx.file, bytes });
  return { ...format.parse(bytes, ctx), format };
}

/**
 * The format of files whose first bytes were not seen before (standard input, a library's stored match, a
 * caller of the API): told from the first file's head; several files are read by a format that reads
 * several, the one whose sniff claims the head, else the first (whose reader says what is wrong).
 */
function formatOfBytes(files: readonly FileBytes[]): MatchFormat | null {
  const head = files[0]!.bytes.subarray(0, HEAD_BYTES);
  if (files.length === 1) return detectFormat(head);
  const several = formats.filter((f) => f.parseFiles);
  return several.find((f) => f.sniff(head)) ?? several[0] ?? null;
}

/**
 * Parses the files of one match (a unit of src/parsers/detect.ts): a single file, or the game files of a
 * gnuBG text export (NAME.txt, NAME_002.txt …), which are read together.
 *
 * @param format - the unit's format, told when its files were found: no sniff runs again; null when none
 *   claimed them (the near miss's reader, or the error); left out, it is told here from the bytes
 */
export function parseMatchFiles(
  files: readonly FileBytes[],
  met: Met = loadKazarossXG2(),
  format?: Detected,
): ParseResult {
  const first = files[0];
  if (!first) throw new UsageError('no file to read');
  const told = format === undefined ? formatOfBytes(files) : format === null ? null : formatById(format);
  const reader = told ?? nearMissOf(first);
  if (reader.parseFiles) return reader.parseFiles(files, { met });
  if (files.length > 1)
    throw new UsageError(`${first.file}: ${reader.name} holds a match in one file, not ${files.length}`);
  return reader.parse(first.bytes, { file: first.file, met, owned: first.owned === true });
}

export {
  type Detected,
  type DetectedFile,
  detectFile,
  detectFormat,
  formats,
  isMatchFile,
  type ListFolder,
  type MatchUnit,
  matchUnits,
} from './detect.js';
export type { FileBytes, MatchFormat, ParseContext, ParseResult, ParseWarning } from './types.js';
