/**
 * Turning the bytes of a text input into a string: BOM detection, then the declared or guessed charset
 * (the one place bdb decides how text is decoded). UTF-8 and ISO-8859-1 go through Node's Buffer, whose
 * strings are iconv-lite's for every input, malformed UTF-8 included; Windows-1252 (XG's strings, and the
 * guess for undeclared text that is not UTF-8) through {@link decodeWin1252}, equal to iconv-lite's byte
 * for byte (test/unit/parsers/text-decode.test.ts); other charsets through iconv-lite, loaded on first use
 * (it and its tables take about 12 ms to load, more than a whole match takes to read).
 */
import { isUtf8 } from 'node:buffer';
import { createRequire } from 'node:module';

type Iconv = typeof import('iconv-lite');
const requireHere = createRequire(import.meta.url);
/**
 * iconv-lite, required the first time a charset other than UTF-8, ISO-8859-1 or Windows-1252 is named (and
 * then from Node's module cache: no state of bdb's own).
 */
function iconv(): Iconv {
  return requireHere('iconv-lite') as Iconv;
}

/**
 * Windows-1252's characters for the bytes 0x80–0x9F (the other bytes are ISO-8859-1's, their own code
 * points). The five bytes the code page leaves undefined (0x81, 0x8D, 0x8F, 0x90, 0x9D) become U+FFFD,
 * as iconv-lite decodes them.
 */
const WIN1252_C1 =
  '\u20ac\ufffd\u201a\u0192\u201e\u2026\u2020\u2021\u02c6\u2030\u0160\u2039\u0152\ufffd\u017d\ufffd' +
  '\ufffd\u2018\u2019\u201c\u201d\u2022\u2013\u2014\u02dc\u2122\u0161\u203a\u0153\ufffd\u017e\u0178';

/** Decodes Windows-1252 bytes (XG's ANSI strings): one character a byte, never an error. */
export function decodeWin1252(bytes: Uint8Array): string {
  let c1 = false;
  for (let i = 0; i < bytes.length; i++) {
    const b = bytes[i]!;
    if (b >= 0x80 && b < 0xa0) {
      c1 = true;
      break;
    }
  }
  const latin1 = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString('latin1');
  if (!c1) return latin1;
  let out = '';
  for (let i = 0; i < latin1.length; i++) {
    const code = latin1.charCodeAt(i);
    out += code >= 0x80 && code < 0xa0 ? WIN1252_C1[code - 0x80] : latin1[i];
  }
  return out;
}

/** Charset labels of UTF-8 and of ISO-8859-1 that {@link byteCharset} recognises (iconv-lite knows both). */
const UTF8_LABEL = /^utf-?8$/i;
const LATIN1_LABEL = /^(iso-?8859-1|latin-?1|l1)$/i;
/** U+FFFD in UTF-8: undeclared bytes holding it are read as Windows-1252. */
const REPLACEMENT = Buffer.from([0xef, 0xbf, 0xbd]);

/**
 * The charset {@link decodeText} reads `bytes` in, when each byte is a character or it is UTF-8: a UTF-8
 * byte-order mark (`body` then starts after it), else the declared charset when it names UTF-8 or
 * ISO-8859-1, else UTF-8 when nothing iconv-lite knows is declared and the bytes are valid UTF-8 without
 * U+FFFD. Null in every other case (a UTF-16 mark, another charset, Windows-1252). A reader whose syntax is
 * ASCII can then split the bytes and decode only its values, each giving the text decodeText would.
 */
export function byteCharset(
  bytes: Uint8Array,
  declared?: string,
): { readonly body: Uint8Array; readonly charset: 'utf8' | 'latin1' } | null {
  if (bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf) {
    return { body: bytes.subarray(3), charset: 'utf8' };
  }
  if ((bytes[0] === 0xff && bytes[1] === 0xfe) || (bytes[0] === 0xfe && bytes[1] === 0xff)) return null;
  if (declared) {
    // both labels are iconv-lite's too, so they need not load it
    if (UTF8_LABEL.test(declared)) return { body: bytes, charset: 'utf8' };
    if (LATIN1_LABEL.test(declared)) return { body: bytes, charset: 'latin1' };
    if (iconv().encodingExists(declared)) return null;
  }
  const buf = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  return isUtf8(buf) && buf.indexOf(REPLACEMENT) < 0 ? { body: bytes, charset: 'utf8' } : null;
}

/** Decodes bytes: a UTF-8/UTF-16 BOM wins; else `declared` if iconv-lite knows it; else UTF-8 when the bytes
 *  are valid UTF-8 (without U+FFFD), Windows-1252 otherwise. */
export function decodeText(bytes: Uint8Array, declared?: string): string {
  const plain = byteCharset(bytes, declared);
  if (plain !== null) {
    const { body, charset } = plain;
    return Buffer.from(body.buffer, body.byteOffset, body.byteLength).toString(charset);
  }
  const buf = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.length);
  if (bytes[0] === 0xff && bytes[1] === 0xfe) return iconv().decode(buf.subarray(2), 'utf16le');
  if (bytes[0] === 0xfe && bytes[1] === 0xff) return iconv().decode(buf.subarray(2), 'utf16be');
  if (declared && iconv().encodingExists(declared)) return iconv().decode(buf, declared);
  return decodeWin1252(bytes);
}

/** The longest name kept whole (XG stores up to 128 characters): a longer one comes from a damaged file
 *  and would widen every table column. */
const MAX_NAME = 128;

/** C0 and C1 control characters and the Unicode line and paragraph separators. */
const CONTROLS = /[\p{Cc}\u2028\u2029]/gu;

/**
 * A player or event name as bdb keeps it: Unicode NFC (so "é" typed two ways is one name), control
 * characters turned to spaces, trimmed, at most 128 characters (a longer one cut, ending in "…").
 */
export function normalizeName(name: string): string {
  // control characters (terminal escapes, U+2028/2029 line breaks) would travel into tables and messages
  const clean = name.normalize('NFC').replace(CONTROLS, ' ').trim();
  return clean.length > MAX_NAME ? `${clean.slice(0, MAX_NAME - 1).trimEnd()}…` : clean;
}
