/** The bounds-checked reader of XG bytes (src/parsers/xg/bytes.ts). */
import { describe, expect, test } from 'vitest';
import { CorruptFileError } from '../../../src/errors.js';
import { ByteReader, delphiDateTimeToIso } from '../../../src/parsers/xg/bytes.js';

/** The CorruptFileError thrown by `f`. */
function errorOf(f: () => unknown): CorruptFileError {
  try {
    f();
  } catch (e) {
    expect(e).toBeInstanceOf(CorruptFileError);
    return e as CorruptFileError;
  }
  throw new Error('no error');
}

describe('numbers', () => {
  const b = new Uint8Array([0xff, 0xfe, 0x01, 0x80, 0x00, 0x00, 0x80, 0x3f, 0, 0, 0, 0, 0, 0, 0xf0, 0x3f]);
  const r = new ByteReader(b, 'f.xg', 'test');

  test('little-endian integers, signed and unsigned', () => {
    expect(r.u8(0)).toBe(255);
    expect(r.i8(0)).toBe(-1);
    expect(r.u16(0)).toBe(0xfeff);
    expect(r.i16(0)).toBe(-257);
    expect(r.u32(0)).toBe(0x8001feff);
    expect(r.i32(0)).toBe(0x8001feff | 0);
    expect(r.bool(2)).toBe(true);
    expect(r.bool(4)).toBe(false);
  });

  test('single and double', () => {
    expect(r.f32(4)).toBe(1);
    expect(r.f64(8)).toBe(1);
    expect(Array.from(r.f32Array(4, 1))).toEqual([1]);
    // unaligned single: the slow path
    const u = new ByteReader(new Uint8Array([9, 0, 0, 0x80, 0x3f]), 'f', 's');
    expect(Array.from(u.f32Array(1, 1))).toEqual([1]);
  });

  test('32-bit integer arrays: a view when aligned, a copy otherwise, same values', () => {
    // bytes 0..7: 0x8001feff (as i32 above) then 0x3f800000 (the single 1.0 as an integer)
    expect(Array.from(r.i32View(0, 2))).toEqual([0x8001feff | 0, 0x3f800000]);
    expect(r.i32View(0, 2).buffer).toBe(b.buffer);
    const u = new ByteReader(new Uint8Array([9, 0xff, 0xfe, 0x01, 0x80]), 'f', 's');
    expect(Array.from(u.i32View(1, 1))).toEqual([0x8001feff | 0]);
    expect(Array.from(r.i32View(0, 2))).toEqual(r.i32Array(0, 2));
  });

  test('a sub reader reads its window of the same bytes, at its own offset 0', () => {
    // bytes 8..15 are the double 1.0 (see 'single and double'); 4..7 the single 1.0
    const sub = r.sub(4, 12, 'w');
    expect([sub.length, sub.base, sub.f32(0), sub.f64(4)]).toEqual([12, 4, 1, 1]);
    expect(Array.from(sub.bytes)).toEqual(Array.from(b.subarray(4, 16)));
    const inner = sub.sub(4, 8, 'inner');
    expect([inner.base, inner.f64(0), inner.u8(7), inner.bool(7)]).toEqual([8, 1, 0x3f, true]);
    expect(inner.i8View(6, 2).byteOffset).toBe(14);
  });

  test('a read past the end is a CorruptFileError with the absolute offset and segment', () => {
    const sub = r.sub(8, 8, 'temp.xg record 3');
    expect(sub.base).toBe(8);
    const e = errorOf(() => sub.i32(6));
    expect(e.location).toEqual({ file: 'f.xg', offset: 14, segment: 'temp.xg record 3' });
    expect(e.message).toBe('f.xg@0xe (temp.xg record 3): needs 4 bytes at 0xe, only 2 left');
    expect(errorOf(() => r.f64(-1)).detail).toMatch(/needs 8 bytes/);
    expect(errorOf(() => r.sub(10, 7, 'x')).location.offset).toBe(10);
    expect(errorOf(() => r.i8Array(0, 17)).detail).toBe('needs 17 bytes at 0x0, only 16 left');
  });
});

describe('strings', () => {
  test('ShortString: length byte, Windows-1252, clamped to its capacity', () => {
    const b = new Uint8Array([4, 0x4b, 0xe9, 0x80, 0x21, 0x78, 0x78]);
    const r = new ByteReader(b, 'f', 's');
    expect(r.shortString(0, 5)).toBe('Ké€!');
    b[0] = 200;
    expect(r.shortStringLength(0)).toBe(200);
    expect(r.shortString(0, 5)).toBe('Ké€!x');
    expect(errorOf(() => r.shortString(0, 7)).detail).toMatch(/needs 8 bytes/);
  });

  test('UTF-16LE cut at the first NUL, garbage after it ignored', () => {
    const b = Buffer.alloc(20);
    b.write('Kévin', 0, 'utf16le');
    b[12] = 0x00;
    b[13] = 0xd8; // a lone high surrogate after the NUL would break a strict decoder
    const r = new ByteReader(new Uint8Array(b), 'f', 's');
    expect(r.utf16z(0, 10)).toBe('Kévin');
    expect(r.utf16z(10, 0)).toBe('');
    b.write('abcdefghij', 0, 'utf16le');
    expect(new ByteReader(new Uint8Array(b), 'f', 's').utf16z(0, 10)).toBe('abcdefghij');
  });

  test('GUID in the Windows text form', () => {
    const b = new Uint8Array([
      0xe1, 0xf5, 0x5a, 0x2f, 0x21, 0xe0, 0x32, 0x48, 0xa4, 0x23, 0xef, 0x48, 0x0e, 0xc5, 0x8a, 0x0b,
    ]);
    expect(new ByteReader(b, 'f', 's').guid(0)).toBe('2f5af5e1-e021-4832-a423-ef480ec58a0b');
  });
});

describe('TDateTime', () => {
  test('days since 1899-12-30, rounded to the millisecond', () => {
    expect(delphiDateTimeToIso(0)).toBe('1899-12-30T00:00:00');
    expect(delphiDateTimeToIso(35065.541666666664)).toBe('1996-01-01T13:00:00');
    // xgdatatools prints this one as 12:59:59 (it truncates)
    expect(delphiDateTimeToIso(45514.541666666664)).toBe('2024-08-10T13:00:00');
    expect(delphiDateTimeToIso(45256.395833333336)).toBe('2023-11-26T09:30:00');
    expect(delphiDateTimeToIso(0.5 + 1 / 86_400_000)).toBe('1899-12-30T12:00:00.001');
  });

  test('negative values: days before the epoch, the fraction still the time of day', () => {
    expect(delphiDateTimeToIso(-1.25)).toBe('1899-12-29T06:00:00');
  });

  test('not a date: null', () => {
    expect(delphiDateTimeToIso(Number.NaN)).toBeNull();
    expect(delphiDateTimeToIso(Number.POSITIVE_INFINITY)).toBeNull();
    expect(delphiDateTimeToIso(1e300)).toBeNull();
    expect(delphiDateTimeToIso(-700_000)).toBeNull();
  });
});
