/**
 * The library's main path: bytes → match → per-player figures, and aggregation by person. The parsing is
 * here; what follows a parsed match is src/match-report.ts, re-exported.
 */

import { UsageError } from './errors.js';
import { defaultMet, type MatchReport, reportMatch } from './match-report.js';
import type { Met } from './met/index.js';
import { DEFAULT_THRESHOLDS, type ErrorThresholds } from './metrics/difficulty.js';
import { HEAD_BYTES } from './model/format-info.js';
import type { Match } from './model/types.js';
import { parseGnubgTextMatch, sniffGnubgText } from './parsers/gnubg-text/index.js';
import { parseBytes } from './parsers/index.js';
import type { ParseWarning } from './parsers/types.js';

export * from './match-report.js';

/** Parses the bytes of one file (format detected from content) and computes its figures. */
export function analyseBytes(
  bytes: Uint8Array,
  file: string,
  met: Met = defaultMet(),
  thresholds: ErrorThresholds = DEFAULT_THRESHOLDS,
): MatchReport {
  const { match, warnings } = parseBytes(bytes, { file, met });
  return reportMatch(match, met, match.format, warnings, thresholds);
}

/**
 * Parses the files of one match: a single file of any format, or the per-game files of a gnuBG text
 * export (NAME.txt, NAME_002.txt …), which are read together.
 */
export function parseMatchFiles(
  files: { file: string; bytes: Uint8Array }[],
  met: Met = defaultMet(),
): { match: Match; warnings: readonly ParseWarning[] } {
  const first = files[0];
  if (!first) throw new UsageError('no file to read');
  if (files.length > 1 || sniffGnubgText(first.bytes.subarray(0, HEAD_BYTES)))
    return parseGnubgTextMatch(files, met);
  return parseBytes(first.bytes, { file: first.file, met });
}
