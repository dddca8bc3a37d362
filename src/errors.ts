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
 * How many more characters the quote may take once escaped: a NUL prints as the six characters `\u0000`, so
 * 60 NULs quoted whole made a message of 549 characters (issue 37).
 */
const SHOWN_ESCAPES = 20;

/** What {@link shownChar} escapes: `"`, `\`, control characters, U+2028, U+2029 and lone surrogates. */
const ESCAPED = /["\\\p{Cc}\u2028\u2029\p{Cs}]/u;

/**
 * One character as a message quotes it: escaped as JSON escapes it (`\n`, `\"`, `\u0000`, a lone surrogate as
 * `\ud800`), and the control characters JSON leaves as they are (DEL, U+0080–U+009F), U+2028 and U+2029 as
 * `\uXXXX`.
 */
function shownChar(c: string): string {
  if (!ESCAPED.test(c)) return c;
  const json = JSON.stringify(c).slice(1, -1);
  return json === c ? `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}` : json;
}

/**
 * A value read from an input as a message quotes it (without the quotes): at most `max` characters of it and
 * at most `max` + 20 once escaped, then "…"; control characters, U+2028 and U+2029 escaped (`\n`, `\u001b`,
 * `\u2028`), as are `"` and `\`, so the message stays one line and short and a terminal never acts on what a
 * damaged file holds. The cut never splits a character outside the Basic Multilingual Plane.
 */
export function shown(v: string, max = SHOWN_MAX): string {
  const width = max + SHOWN_ESCAPES;
  let out = '';
  let n = 0;
  for (const c of v) {
    const e = shownChar(c);
    if (n === max || out.length + e.length > width) return `${out}…`;
    out += e;
    n++;
  }
  return out;
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
