/** The contract every input format implements. */
import type { Met } from '../met/index.js';
import type { FormatId, Match, ParseWarning } from '../model/types.js';

export type { ParseWarning };

/** What a parser needs besides the bytes. */
export interface ParseContext {
  /** The file name used in errors and source locations. */
  readonly file: string;
  /** The match equity table used for MWC ↔ EMG conversions (Kazaross-XG2). */
  readonly met: Met;
}

/** The result of parsing one file. */
export interface ParseResult {
  readonly match: Match;
  readonly warnings: readonly ParseWarning[];
}

/** One input format. */
export interface MatchFormat {
  readonly id: FormatId;
  readonly name: string;
  readonly extensions: readonly string[];
  /** Cheap check over the first bytes: does this look like the format? */
  sniff(head: Uint8Array): boolean;
  /**
   * For a file named to be read that no format's `sniff` claims: true when its first bytes are this format
   * but for a slip the parser can point at (a .mat transcript with a stray line before its match line), so
   * the parser's error names the line instead of "not a format bdb reads". Never used to pick files in
   * folders.
   */
  nearMiss?(head: Uint8Array): boolean;
  /** Parses a whole file. Throws a BdbError subclass on bad input. */
  parse(bytes: Uint8Array, ctx: ParseContext): ParseResult;
}
