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
  /**
   * The bytes are handed over ({@link FileBytes.owned}): the reader may keep views over them in the match
   * instead of a copy. Left out: the caller may change or reuse them once the parse returns.
   */
  readonly owned?: boolean;
}

/** One file of a match, read: its name (as messages give it) and its bytes. */
export interface FileBytes {
  readonly file: string;
  readonly bytes: Uint8Array;
  /**
   * True when nobody changes these bytes once they are given to a reader (a file read for this parse alone,
   * a stored file inflated): the reader may keep views over them in the match it returns. The SGF reader
   * then keeps no copy of the file for its candidates (read when asked): 0.34 GB of copying less over
   * 1,000 bench matches.
   */
  readonly owned?: boolean;
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
  /**
   * For a format that writes a match in several files (gnuBG's text export: one file per game): given the
   * names of one folder, sorted, a function giving the names of the other files of the match whose first
   * file is `name` in that folder (none when `name` does not start a match). Made once per folder, so that
   * a folder of many matches is gone through once.
   */
  siblings?(listing: readonly string[]): (name: string) => readonly string[];
  /**
   * For such a format: its files (paths) grouped into matches, each group in reading order, the groups in
   * the order of their first files; a path given twice counts once.
   */
  group?(paths: readonly string[]): string[][];
  /** For such a format: parses the files of one match, given in any order. */
  parseFiles?(files: readonly FileBytes[], ctx: Omit<ParseContext, 'file'>): ParseResult;
}
