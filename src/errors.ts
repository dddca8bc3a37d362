/**
 * Typed errors. The location is data on the error; the message is built from it in one format:
 * `file:line:col: what` for text, `file@0xOFFSET (segment): what` for binary.
 */

/** Where a problem is in an input. */
export interface ErrorLocation {
  readonly file: string;
  readonly line?: number;
  readonly column?: number;
  readonly offset?: number;
  readonly segment?: string;
}

/** Formats a location as `file:line:col` or `file@0xOFFSET (segment)`. */
export function formatLocation(loc: ErrorLocation): string {
  if (loc.line !== undefined) {
    return `${loc.file}:${loc.line}${loc.column !== undefined ? `:${loc.column}` : ''}`;
  }
  if (loc.offset !== undefined) {
    const seg = loc.segment ? ` (${loc.segment})` : '';
    return `${loc.file}@0x${loc.offset.toString(16)}${seg}`;
  }
  return loc.file;
}

/** How many characters of a value read from an input a message quotes. */
export const SHOWN_MAX = 60;

/**
 * A value read from an input as a message quotes it (without the quotes): at most `max` characters, then
 * "…"; control characters, U+2028 and U+2029 escaped (`\n`, `\u001b`, `\u2028`), as are `"` and `\`, so the
 * message stays one line and a terminal never acts on what a damaged file holds.
 */
export function shown(v: string, max = SHOWN_MAX): string {
  const cut = v.length > max ? `${v.slice(0, max)}…` : v;
  return JSON.stringify(cut)
    .slice(1, -1)
    .replace(/[\u2028\u2029]/g, (c) => `\\u${c.charCodeAt(0).toString(16)}`);
}

/** Base class of every error bdb reports to users. */
export class BdbError extends Error {
  readonly code: string;
  constructor(code: string, message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = new.target.name;
    this.code = code;
  }
}

/** The input is not a format bdb reads. */
export class UnsupportedFormatError extends BdbError {
  readonly file: string;
  constructor(file: string, detail: string) {
    super('UNSUPPORTED_FORMAT', `${file}: ${detail}`);
    this.file = file;
  }
}

/** The input claims a known format but is truncated or malformed. */
export class CorruptFileError extends BdbError {
  readonly location: ErrorLocation;
  readonly detail: string;
  constructor(location: ErrorLocation, detail: string, options?: { cause?: unknown }) {
    super('CORRUPT_FILE', `${formatLocation(location)}: ${detail}`, options);
    this.location = location;
    this.detail = detail;
  }
}

/** A bad command line. */
export class UsageError extends BdbError {
  constructor(message: string) {
    super('USAGE', message);
  }
}

/** Every error class bdb exports (MetError lives with the table code in src/met/load.ts). */
export type AnyBdbError = UnsupportedFormatError | CorruptFileError | UsageError;
