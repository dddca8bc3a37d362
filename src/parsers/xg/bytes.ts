/**
 * A bounds-checked little-endian reader over bytes of an XG file (formats.md §1.4).
 *
 * Reads are positional: every method takes an offset relative to the start of the reader's bytes, so
 * the record layouts can be written as the offset tables of the spec. The reader knows the absolute
 * offset of its first byte (`base`) and the name of the part it reads (`segment`), so a read past the
 * end throws a {@link CorruptFileError} that says where, never a `RangeError`.
 */
import { CorruptFileError } from '../../errors.js';
import { decodeWin1252 } from '../text-decode.js';

/** Milliseconds per day. */
const DAY_MS = 86_400_000;
/** Delphi's TDateTime epoch, 1899-12-30 00:00, as a JavaScript time value. */
const DELPHI_EPOCH_MS = Date.UTC(1899, 11, 30);
/** Largest |TDateTime| turned into a date: year 9999 is about 2.96 million days after the epoch. */
const MAX_DATETIME_DAYS = 2_958_465;
/** True when typed arrays use little-endian order on this machine (every platform Node supports). */
const HOST_LE = new Uint8Array(new Uint16Array([1]).buffer)[0] === 1;

const utf16 = new TextDecoder('utf-16le');

/** Writes `n` as 2 digits (or `width` digits). */
function pad(n: number, width = 2): string {
  return String(n).padStart(width, '0');
}

/**
 * Formats a Delphi `TDateTime` (days since 1899-12-30, the fraction being the time of day) as a local
 * ISO 8601 date-time without a zone, e.g. `2023-11-26T09:30:00`: XG stores the wall-clock time of the
 * machine that saved the file. The value is rounded to the millisecond and `.sss` is written only when
 * it is not zero. Negative values follow Delphi: the integral part counts days before the epoch and the
 * fraction is still the time of day. Returns null for NaN, infinities and dates outside years 1–9999.
 */
export function delphiDateTimeToIso(days: number): string | null {
  if (!Number.isFinite(days) || Math.abs(days) > MAX_DATETIME_DAYS) return null;
  const whole = Math.trunc(days);
  const fraction = Math.abs(days - whole);
  const ms = DELPHI_EPOCH_MS + whole * DAY_MS + Math.round(fraction * DAY_MS);
  const d = new Date(ms);
  const year = d.getUTCFullYear();
  if (year < 1 || year > 9999) return null;
  const millis = d.getUTCMilliseconds();
  return (
    `${pad(year, 4)}-${pad(d.getUTCMonth() + 1)}-${pad(d.getUTCDate())}` +
    `T${pad(d.getUTCHours())}:${pad(d.getUTCMinutes())}:${pad(d.getUTCSeconds())}` +
    (millis === 0 ? '' : `.${pad(millis, 3)}`)
  );
}

/** `bytes` as a plain Uint8Array (a view, no copy): a Node Buffer's `slice()` does not copy. */
export function plainBytes(bytes: Uint8Array): Uint8Array {
  return Object.getPrototypeOf(bytes) === Uint8Array.prototype
    ? bytes
    : new Uint8Array(bytes.buffer, bytes.byteOffset, bytes.byteLength);
}

/**
 * Bounds-checked positional little-endian reads over `bytes`; see the module comment. A reader made by
 * {@link sub} is a window on its parent's bytes and DataView (no view of its own is made: `temp.xg` is
 * read through one per 2560-byte record).
 */
export class ByteReader {
  /** The file name used in errors (the outer `.xg`/`.xgp` file, also for inner files). */
  readonly file: string;
  /** The part of the file these bytes are, e.g. `RGMH header`, `archive index`, `temp.xg record 12`. */
  readonly segment: string;
  /**
   * The offset of `bytes[0]` in the stream that error offsets refer to: the file itself for the
   * container, the inflated inner file (e.g. `temp.xg`) for records.
   */
  readonly base: number;
  /** Number of bytes in the reader. */
  readonly length: number;
  /** The bytes the reader is a window on (its parent's, for a {@link sub} reader). */
  private readonly all: Uint8Array;
  /** A DataView over {@link all}. */
  private readonly view: DataView;
  /** Offset of the reader's byte 0 in {@link all}. */
  private readonly origin: number;

  /**
   * A reader over `bytes`. `origin`, `length` and `view` are for {@link sub} only: a window of `length`
   * bytes at `origin` in `bytes`, read through `view` (a DataView over `bytes`).
   */
  constructor(
    bytes: Uint8Array,
    file: string,
    segment: string,
    base = 0,
    origin = 0,
    length = bytes.length,
    view?: DataView,
  ) {
    // a plain Uint8Array view, so that slice() copies even when given a Node Buffer
    this.all = plainBytes(bytes);
    this.file = file;
    this.segment = segment;
    this.base = base;
    this.origin = origin;
    this.length = length;
    this.view = view ?? new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  }

  /** The bytes read, as a view (no copy); offset 0 of every method is `bytes[0]`. */
  get bytes(): Uint8Array {
    return this.all.subarray(this.origin, this.origin + this.length);
  }

  /** Throws a CorruptFileError at reader offset `at` (reported as `base + at`). */
  fail(at: number, detail: string, cause?: unknown): never {
    throw new CorruptFileError(
      { file: this.file, offset: this.base + at, segment: this.segment },
      detail,
      cause === undefined ? undefined : { cause },
    );
  }

  /** Checks that `n` bytes can be read at `at`; throws a CorruptFileError otherwise. */
  need(at: number, n: number): void {
    if (!(at >= 0 && n >= 0 && at + n <= this.length)) {
      const left = Math.max(0, this.length - Math.max(0, at));
      this.fail(Math.max(0, at), `needs ${n} bytes at 0x${(this.base + at).toString(16)}, only ${left} left`);
    }
  }

  /** True when `n` bytes can be read at `at`. */
  has(at: number, n: number): boolean {
    return at >= 0 && n >= 0 && at + n <= this.length;
  }

  /** A reader over `n` bytes at `at` (no copy), reporting offsets in the same stream. */
  sub(at: number, n: number, segment: string): ByteReader {
    this.need(at, n);
    return new ByteReader(this.all, this.file, segment, this.base + at, this.origin + at, n, this.view);
  }

  u8(at: number): number {
    this.need(at, 1);
    return this.view.getUint8(this.origin + at);
  }

  i8(at: number): number {
    this.need(at, 1);
    return this.view.getInt8(this.origin + at);
  }

  u16(at: number): number {
    this.need(at, 2);
    return this.view.getUint16(this.origin + at, true);
  }

  i16(at: number): number {
    this.need(at, 2);
    return this.view.getInt16(this.origin + at, true);
  }

  u32(at: number): number {
    this.need(at, 4);
    return this.view.getUint32(this.origin + at, true);
  }

  i32(at: number): number {
    this.need(at, 4);
    return this.view.getInt32(this.origin + at, true);
  }

  /** Signed 64-bit integer as a number (exact up to 2^53; larger magnitudes lose low bits). */
  i64(at: number): number {
    this.need(at, 8);
    return Number(this.view.getBigInt64(this.origin + at, true));
  }

  /** IEEE single (Delphi `Single`); the result is exactly representable as a float32. */
  f32(at: number): number {
    this.need(at, 4);
    return this.view.getFloat32(this.origin + at, true);
  }

  /** IEEE double (Delphi `Double`). */
  f64(at: number): number {
    this.need(at, 8);
    return this.view.getFloat64(this.origin + at, true);
  }

  /** Delphi `Boolean`: one byte, any non-zero value is true. */
  bool(at: number): boolean {
    this.need(at, 1);
    return this.all[this.origin + at] !== 0;
  }

  /** `n` bytes at `at`, as a view (no copy). */
  view8(at: number, n: number): Uint8Array {
    this.need(at, n);
    const from = this.origin + at;
    return this.all.subarray(from, from + n);
  }

  /** A copy of `n` bytes at `at`. */
  copy(at: number, n: number): Uint8Array {
    this.need(at, n);
    const from = this.origin + at;
    return this.all.slice(from, from + n);
  }

  /** A copy of `n` signed bytes (Delphi `array of ShortInt`, e.g. a 26-byte `PositionEngine`). */
  i8Array(at: number, n: number): Int8Array {
    this.need(at, n);
    return new Int8Array(this.all.buffer, this.all.byteOffset + this.origin + at, n).slice();
  }

  /**
   * `n` signed bytes at `at` as a view over the reader's bytes: no copy, so it shares their memory
   * (decodeXgRecords reads from a private copy, so its records never alias the caller's bytes).
   */
  i8View(at: number, n: number): Int8Array {
    this.need(at, n);
    return new Int8Array(this.all.buffer, this.all.byteOffset + this.origin + at, n);
  }

  /**
   * `n` singles at `at` as a view over the reader's bytes when they are 4-byte aligned in memory on a
   * little-endian host (no copy, shared memory as {@link i8View}); a copy otherwise.
   */
  f32View(at: number, n: number): Float32Array {
    this.need(at, 4 * n);
    const abs = this.all.byteOffset + this.origin + at;
    if (HOST_LE && abs % 4 === 0) return new Float32Array(this.all.buffer, abs, n);
    return this.f32Array(at, n);
  }

  /**
   * `n` signed 32-bit integers at `at` as a view over the reader's bytes when they are 4-byte aligned in
   * memory on a little-endian host (no copy, shared memory as {@link i8View}); a copy otherwise. One
   * object where {@link i32Array} fills an array with `n` reads.
   */
  i32View(at: number, n: number): Int32Array {
    this.need(at, 4 * n);
    const abs = this.all.byteOffset + this.origin + at;
    if (HOST_LE && abs % 4 === 0) return new Int32Array(this.all.buffer, abs, n);
    const out = new Int32Array(n);
    for (let i = 0; i < n; i++) out[i] = this.view.getInt32(this.origin + at + 4 * i, true);
    return out;
  }

  /** `n` consecutive signed 32-bit integers. */
  i32Array(at: number, n: number): number[] {
    this.need(at, 4 * n);
    const out = new Array<number>(n);
    for (let i = 0; i < n; i++) out[i] = this.view.getInt32(this.origin + at + 4 * i, true);
    return out;
  }

  /** `n` consecutive singles, as a Float32Array copy (one bulk copy when the data is aligned). */
  f32Array(at: number, n: number): Float32Array {
    this.need(at, 4 * n);
    const abs = this.all.byteOffset + this.origin + at;
    if (HOST_LE && abs % 4 === 0) return new Float32Array(this.all.buffer, abs, n).slice();
    const out = new Float32Array(n);
    for (let i = 0; i < n; i++) out[i] = this.view.getFloat32(this.origin + at + 4 * i, true);
    return out;
  }

  /** `n` consecutive doubles. */
  f64Array(at: number, n: number): number[] {
    this.need(at, 8 * n);
    const out = new Array<number>(n);
    for (let i = 0; i < n; i++) out[i] = this.view.getFloat64(this.origin + at + 8 * i, true);
    return out;
  }

  /**
   * The length byte of a Delphi `string[capacity]` at `at` (the field occupies `capacity + 1` bytes).
   * May exceed `capacity` in a damaged file; {@link shortString} clamps it.
   */
  shortStringLength(at: number): number {
    return this.u8(at);
  }

  /**
   * A Delphi ShortString `string[capacity]`: a length byte, then up to `capacity` ANSI bytes (no NUL),
   * decoded as Windows-1252. A length byte above `capacity` (damaged data) is clamped to `capacity`.
   */
  shortString(at: number, capacity: number): string {
    this.need(at, capacity + 1);
    const b = this.all;
    const a = this.origin + at;
    const len = Math.min(b[a] ?? 0, capacity);
    // ASCII (dice, most names) needs no code page
    let ascii = '';
    for (let i = a + 1; i <= a + len; i++) {
      const c = b[i] ?? 0;
      if (c >= 0x80) return decodeWin1252(b.subarray(a + 1, a + 1 + len));
      ascii += String.fromCharCode(c);
    }
    return ascii;
  }

  /**
   * A fixed-size UTF-16LE string of `units` code units (`array [0..units-1] of WideChar`), cut at the
   * first NUL code unit before decoding: the bytes after the NUL are uninitialised memory. Lone
   * surrogates become U+FFFD.
   */
  utf16z(at: number, units: number): string {
    this.need(at, 2 * units);
    const b = this.all;
    const a = this.origin + at;
    let end = a;
    const stop = a + 2 * units;
    while (end < stop && (b[end] !== 0 || b[end + 1] !== 0)) end += 2;
    return end === a ? '' : utf16.decode(b.subarray(a, end));
  }

  /** A Delphi `TDateTime` (double) as a local ISO string; see {@link delphiDateTimeToIso}. */
  dateTime(at: number): string | null {
    return delphiDateTimeToIso(this.f64(at));
  }

  /** A Delphi/Windows `TGUID` (16 bytes) in the usual `xxxxxxxx-xxxx-xxxx-xxxx-xxxxxxxxxxxx` form. */
  guid(at: number): string {
    this.need(at, 16);
    const b = this.bytes;
    const hex = (from: number, to: number): string => {
      let s = '';
      for (let i = from; i < to; i++) s += (b[i] ?? 0).toString(16).padStart(2, '0');
      return s;
    };
    const d1 = this.view
      .getUint32(this.origin + at, true)
      .toString(16)
      .padStart(8, '0');
    const d2 = this.view
      .getUint16(this.origin + at + 4, true)
      .toString(16)
      .padStart(4, '0');
    const d3 = this.view
      .getUint16(this.origin + at + 6, true)
      .toString(16)
      .padStart(4, '0');
    return `${d1}-${d2}-${d3}-${hex(at + 8, at + 10)}-${hex(at + 10, at + 16)}`;
  }
}
