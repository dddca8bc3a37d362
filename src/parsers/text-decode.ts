/**
 * Turning the bytes of a text input into a string: BOM detection, then the declared or guessed charset
 * (the one place bdb decides how text is decoded). UTF-8 and ISO-8859-1 go through Node's Buffer, whose
 * strings are iconv-lite's for every input, malformed UTF-8 included; other charsets through iconv-lite.
 */
import { isUtf8 } from 'node:buffer';
import iconv from 'iconv-lite';

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
  if (declared && iconv.encodingExists(declared)) {
    if (UTF8_LABEL.test(declared)) return { body: bytes, charset: 'utf8' };
    if (LATIN1_LABEL.test(declared)) return { body: bytes, charset: 'latin1' };
    return null;
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
  if (bytes[0] === 0xff && bytes[1] === 0xfe) return iconv.decode(buf.subarray(2), 'utf16le');
  if (bytes[0] === 0xfe && bytes[1] === 0xff) return iconv.decode(buf.subarray(2), 'utf16be');
  return iconv.decode(buf, declared && iconv.encodingExists(declared) ? declared : 'win1252');
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
