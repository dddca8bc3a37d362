/**
 * byteCharset (src/parsers/text-decode.ts) tells a reader when it may split the bytes and decode only its
 * values, and decodeText reads through it. Each case gives the text the charset's definition gives
 * (UTF-8 with U+FFFD per maximal subpart, ISO-8859-1 and Windows-1252 byte by byte, UTF-16).
 */

import iconv from 'iconv-lite';
import { describe, expect, test } from 'vitest';
import { byteCharset, decodeText, decodeWin1252 } from '../../../src/parsers/text-decode.js';

const enc = new TextEncoder();
const bytesOf = (...parts: (string | number[])[]): Uint8Array =>
  new Uint8Array(parts.flatMap((p) => (typeof p === 'string' ? [...enc.encode(p)] : p)));

/** Each case: bytes, the declared charset, and what byteCharset must say. */
const CASES: [string, Uint8Array, string | undefined, 'utf8' | 'latin1' | null][] = [
  ['UTF-8 declared', bytesOf('Zoë'), 'UTF-8', 'utf8'],
  ['utf8 declared, malformed bytes', bytesOf('a', [0xff, 0xe2, 0x82]), 'utf8', 'utf8'],
  ['ISO-8859-1 declared', bytesOf('Zo', [0xeb, 0x80]), 'ISO-8859-1', 'latin1'],
  ['latin1 declared', bytesOf('Zo', [0xeb]), 'latin1', 'latin1'],
  [
    'a UTF-8 byte-order mark wins over the declaration',
    bytesOf([0xef, 0xbb, 0xbf], 'Zoë'),
    'ISO-8859-1',
    'utf8',
  ],
  ['a UTF-16 byte-order mark', bytesOf([0xff, 0xfe], [0x41, 0]), undefined, null],
  ['another charset declared', bytesOf('Zo', [0xeb]), 'windows-1252', null],
  ['nothing declared, valid UTF-8', bytesOf('Zoë 日本'), undefined, 'utf8'],
  ['nothing declared, not UTF-8 (read as Windows-1252)', bytesOf('Zo', [0xeb, 0x80]), undefined, null],
  ['nothing declared, UTF-8 holding U+FFFD (read as Windows-1252)', bytesOf('a\uFFFD'), undefined, null],
  ['an unknown charset declared, valid UTF-8', bytesOf('Zoë'), 'no-such-charset', 'utf8'],
];

describe('byteCharset', () => {
  test.each(CASES)('%s', (_, bytes, declared, expected) => {
    const r = byteCharset(bytes, declared);
    expect(r?.charset ?? null).toBe(expected);
    if (r !== null) {
      // the charset named decodes the body as decodeText decodes the whole
      expect(Buffer.from(r.body).toString(r.charset)).toBe(decodeText(bytes, declared));
    }
  });
});

describe('decodeWin1252', () => {
  test('gives iconv-lite 0.7.3\u2019s Windows-1252 text for every byte, alone and in a run', () => {
    const all = Uint8Array.from({ length: 256 }, (_, i) => i);
    for (let b = 0; b < 256; b++) {
      const one = Buffer.from([b]);
      expect(decodeWin1252(one), `byte 0x${b.toString(16)}`).toBe(iconv.decode(one, 'win1252'));
    }
    expect(decodeWin1252(all)).toBe(iconv.decode(Buffer.from(all), 'win1252'));
    // a view into a larger buffer decodes only its own bytes
    expect(decodeWin1252(all.subarray(0x7e, 0x82))).toBe('~\u007f\u20ac\ufffd');
  });

  test('the code page chart (Unicode\u2019s CP1252.TXT): 0x80 \u20ac, 0x8A \u0160, 0x9F \u0178, 0xE9 \u00e9', () => {
    expect(decodeWin1252(Uint8Array.of(0x80, 0x8a, 0x9f, 0xe9))).toBe('\u20ac\u0160\u0178\u00e9');
  });

  test('decodeText reads undeclared bytes that are not UTF-8 as Windows-1252', () => {
    const bytes = bytesOf('Jo', [0x80, 0xeb]);
    expect(decodeText(bytes)).toBe('Jo\u20ac\u00eb');
  });
});
