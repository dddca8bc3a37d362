/**
 * Hostile input for the XG reader: real files truncated and corrupted byte by byte, and containers
 * crafted (test/unit/xg/build-xg.ts) so that one thing is wrong while every check before it passes.
 * The contract: `readXgFile` either returns (possibly with warnings) or throws a BdbError subclass whose
 * message is one line naming the file — never another error class, never a hang. Every variant comes
 * from a seeded PRNG, so a failure is reproducible from its name.
 */
import { readFileSync } from 'node:fs';
import { deflateSync } from 'node:zlib';
import { describe, expect, test } from 'vitest';
import { BdbError, CorruptFileError, UnsupportedFormatError } from '../../../src/errors.js';
import { readXgArchive } from '../../../src/parsers/xg/archive.js';
import { readXgFile, type XgFile } from '../../../src/parsers/xg/file.js';
import { decodeXgRecords, XG_RECORD_SIZE } from '../../../src/parsers/xg/records.js';
import { REF_DIR } from '../../helpers/fixtures.js';
import { prng } from '../../helpers/prng.js';
import { buildXg } from './build-xg.js';

const XG_DIR = `${REF_DIR}xg/`;
const FILE = 'hostile.xg';

/** The smallest real match (fewest bytes to inflate per variant), and its inner files. */
const real = new Uint8Array(readFileSync(`${XG_DIR}ronde3-UngerHarmand-HuyckLarsen.xg`));
const realArchive = readXgArchive(real, FILE);
const realGame = realArchive.files.get('temp.xg')!;
const indexAt = realArchive.archiveStart + realArchive.trailer.dataSize;

type Outcome = { ok: XgFile } | { error: BdbError };

/** Reads `bytes`, failing the test on anything but a result or a well-formed BdbError. */
function attempt(bytes: Uint8Array, options?: Parameters<typeof readXgFile>[2]): Outcome {
  try {
    return { ok: readXgFile(bytes, FILE, options) };
  } catch (e) {
    if (!(e instanceof BdbError)) throw new Error(`not a BdbError: ${String(e)}`, { cause: e });
    expect(e.message).not.toMatch(/\n/);
    expect(e.message).toContain(FILE);
    if (e instanceof CorruptFileError) {
      expect(e.location.file).toBe(FILE);
      expect(e.location.segment).toBeTruthy();
      expect(e.location.offset).toBeGreaterThanOrEqual(0);
      expect(e.location.offset).toBeLessThanOrEqual(bytes.length);
    }
    return { error: e };
  }
}

/** The CorruptFileError reading `bytes` must throw. */
function corrupt(bytes: Uint8Array, options?: Parameters<typeof readXgFile>[2]): CorruptFileError {
  const o = attempt(bytes, options);
  if (!('error' in o)) throw new Error('read without error');
  expect(o.error).toBeInstanceOf(CorruptFileError);
  return o.error as CorruptFileError;
}

/** A copy of `bytes` with the byte at `at` replaced by a different random value. */
function flip(bytes: Uint8Array, at: number, rnd: () => number): Uint8Array {
  const copy = bytes.slice();
  copy[at] = (copy[at]! + 1 + Math.floor(rnd() * 255)) & 0xff;
  return copy;
}

/** `n` random integers in [lo, hi). */
function offsets(seed: number, n: number, lo: number, hi: number): number[] {
  const rnd = prng(seed);
  return Array.from({ length: n }, () => lo + Math.floor(rnd() * (hi - lo)));
}

describe('not an XG file', () => {
  test('empty file', () => {
    const o = attempt(new Uint8Array(0));
    expect('error' in o && o.error).toBeInstanceOf(UnsupportedFormatError);
    expect('error' in o && o.error.message).toBe(`${FILE}: empty file`);
  });

  test('wrong magic, short files', () => {
    for (const bytes of [
      real.slice(0, 3),
      flip(real, 0, prng(1)),
      flip(real, 3, prng(2)),
      new Uint8Array(9000),
    ]) {
      const o = attempt(bytes);
      expect('error' in o && o.error).toBeInstanceOf(UnsupportedFormatError);
    }
  });

  test('the magic alone, and random bytes after it', () => {
    const rnd = prng(7);
    for (let i = 0; i < 30; i++) {
      const bytes = new Uint8Array(i === 0 ? 4 : Math.floor(rnd() * 30_000));
      for (let k = 4; k < bytes.length; k++) bytes[k] = Math.floor(rnd() * 256);
      bytes.set([0x52, 0x47, 0x4d, 0x48]);
      if (bytes.length >= 4) corrupt(bytes);
    }
  });
});

describe('truncated', () => {
  const cuts = [
    4,
    100,
    8231,
    8232,
    realArchive.archiveStart,
    indexAt,
    real.length - 36,
    real.length - 1,
    ...offsets(11, 92, 4, real.length),
  ];
  test.each(cuts)('at %i', (cut) => {
    const e = corrupt(real.subarray(0, cut));
    expect(e.location.offset).toBeLessThanOrEqual(cut);
  });
});

describe('flipped bytes', () => {
  test('in the RGMH header (60 variants): a result or a BdbError', () => {
    const rnd = prng(21);
    let results = 0;
    for (const at of [...offsets(22, 50, 4, 8232), 4, 8, 12, 19, 20, 21, 22, 23, 40, 2088]) {
      if ('ok' in attempt(flip(real, at, rnd))) results++;
    }
    // the display strings do not matter; a thumbnail size change moves the archive and is caught
    expect(results).toBeGreaterThan(30);
    // a changed thumbnail size: the trailer still locates the archive, and the mismatch is a warning
    const o = attempt(flip(real, 21, prng(3)));
    expect('ok' in o && o.ok.warnings.map((w) => w.message)).toEqual([
      expect.stringMatching(/^archive starts at 0x[0-9a-f]+, not right after the thumbnail at 0x[0-9a-f]+$/),
    ]);
  });

  test('in the archive index (40 variants): the archive CRC catches every one', () => {
    const rnd = prng(31);
    for (const at of offsets(32, 40, indexAt, real.length - 36)) {
      const e = corrupt(flip(real, at, rnd));
      expect(e.detail).toMatch(/archive CRC-32/);
    }
  });

  test('in the archive index with CRC checks off (40 variants): a result or a BdbError', () => {
    const rnd = prng(41);
    for (const at of offsets(42, 40, indexAt, real.length - 36))
      attempt(flip(real, at, rnd), { verifyCrc: false });
  });

  test('in the trailer (every byte, 3 values each): a result or a BdbError', () => {
    const rnd = prng(51);
    for (let at = real.length - 36; at < real.length; at++) {
      for (let k = 0; k < 3; k++) attempt(flip(real, at, rnd));
    }
  });

  test('in the zlib stream of temp.xg (30 variants, CRC checks on and off)', () => {
    const rnd = prng(61);
    for (const at of offsets(62, 30, realArchive.archiveStart, indexAt)) {
      const bad = flip(real, at, rnd);
      expect(corrupt(bad).detail).toMatch(/archive CRC-32/);
      attempt(bad, { verifyCrc: false });
    }
  });

  test('in the records of temp.xg (300 variants): always a result, damage reported as warnings', () => {
    const rnd = prng(71);
    for (let i = 0; i < 300; i++) {
      const data = realGame.slice();
      const n = 1 + Math.floor(rnd() * 20);
      for (let k = 0; k < n; k++) {
        const at = Math.floor(rnd() * data.length);
        data[at] = Math.floor(rnd() * 256);
      }
      const s = decodeXgRecords(data, FILE);
      expect(s.records.length).toBeGreaterThan(0);
      expect(s.records.length).toBeLessThanOrEqual(data.length / XG_RECORD_SIZE);
    }
    // and through the container, CRCs made right again
    const data = realGame.slice();
    for (const at of offsets(72, 200, 0, data.length)) data[at] = Math.floor(rnd() * 256);
    expect('ok' in attempt(buildXg([{ name: 'temp.xg', data }]))).toBe(true);
  });
});

describe('crafted containers', () => {
  const game = realGame;

  test('a zlib stream with a bad header: CorruptFileError at the stream, zlib error as cause', () => {
    const stream = deflateSync(game);
    stream[0] = 0;
    const e = corrupt(buildXg([{ name: 'temp.xg', data: game, stream }]));
    expect(e.location).toEqual({ file: FILE, offset: 8232, segment: 'inner file temp.xg' });
    expect(e.detail).toMatch(/^bad zlib data: incorrect header check/);
    expect(e.cause).toBeInstanceOf(Error);
  });

  test('a zlib stream cut short', () => {
    const stream = deflateSync(game).subarray(0, 1000);
    const e = corrupt(buildXg([{ name: 'temp.xg', data: game, stream }]));
    expect(e.detail).toMatch(/^bad zlib data: unexpected end of file/);
  });

  test('an inner file whose CRC does not match', () => {
    const e = corrupt(buildXg([{ name: 'temp.xg', data: game }], { entries: [{ crc: 12345 }] }));
    expect(e.detail).toMatch(/CRC-32 of the inflated data/);
    expect(
      'ok' in
        attempt(buildXg([{ name: 'temp.xg', data: game }], { entries: [{ crc: 1 }] }), { verifyCrc: false }),
    ).toBe(true);
  });

  test('index entries pointing outside the file or the data area', () => {
    for (const o of [{ offset: 1_000_000 }, { offset: -5 }, { storedSize: 2 ** 31 - 1 }, { offset: 10 }]) {
      const e = corrupt(buildXg([{ name: 'temp.xg', data: game }], { entries: [o] }));
      expect(e.location.segment).toBe('archive index entry 0');
      expect(e.detail).toMatch(/outside the data area|negative size or offset/);
    }
  });

  test('inflated size over the cap', () => {
    // declared over the default 64 MiB cap: refused before inflating
    let e = corrupt(buildXg([{ name: 'temp.xg', data: game }], { entries: [{ size: 100 * 1024 * 1024 }] }));
    expect(e.detail).toMatch(/over the 67108864-byte cap/);
    // a stream that inflates to more than the size it declares (a zlib bomb): stopped at the declared size
    const bomb = deflateSync(new Uint8Array(8 * 1024 * 1024));
    e = corrupt(buildXg([{ name: 'temp.xg', data: game, stream: bomb }]));
    expect(e.detail).toMatch(/inflates to more than the \d+ bytes the index declares/);
    expect(e.cause).toBeInstanceOf(RangeError);
    // caps given by the caller
    e = corrupt(buildXg([{ name: 'temp.xg', data: game }]), { maxInnerFileSize: 100_000 });
    expect(e.detail).toMatch(/over the 100000-byte cap/);
    e = corrupt(
      buildXg([
        { name: 'temp.xg', data: game },
        { name: 'temp.xgc', data: game },
      ]),
      {
        maxTotalSize: game.length + 10,
      },
    );
    expect(e.detail).toMatch(/add up to more than/);
  });

  test('a stream that inflates to less than declared', () => {
    const e = corrupt(buildXg([{ name: 'temp.xg', data: game }], { entries: [{ size: game.length + 1 }] }));
    expect(e.detail).toMatch(/inflates to \d+ bytes, the index declares/);
  });

  test('index entry counts and flags', () => {
    expect(corrupt(buildXg([{ name: 'temp.xg', data: game }], { fileCount: 1000 })).detail).toMatch(
      /1000 inner files/,
    );
    expect(corrupt(buildXg([{ name: 'temp.xg', data: game }], { fileCount: 0 })).detail).toMatch(
      /0 inner files/,
    );
    expect(corrupt(buildXg([{ name: 'temp.xg', data: game }], { fileCount: 3 })).detail).toMatch(
      /index inflates to|index holds/,
    );
    expect(corrupt(buildXg([{ name: 'temp.xg', data: game }], { entries: [{ storage: 7 }] })).detail).toMatch(
      /storage flag 7/,
    );
    const noIndex = corrupt(
      buildXg([{ name: 'temp.xg', data: game }], { indexStream: () => new Uint8Array([1, 2, 3]) }),
    );
    expect(noIndex.location.segment).toBe('archive index');
    expect(noIndex.cause).toBeInstanceOf(Error);
  });

  test('no temp.xg among the inner files', () => {
    expect(corrupt(buildXg([{ name: 'temp.xgi', data: game.subarray(0, 5120) }])).detail).toMatch(
      /no temp\.xg/,
    );
  });

  test('a repeated inner file: the first is used, with a warning', () => {
    const o = attempt(
      buildXg([
        { name: 'temp.xg', data: game },
        { name: 'temp.xg', data: new Uint8Array(0) },
      ]),
    );
    expect('ok' in o && o.ok.records.length).toBe(game.length / XG_RECORD_SIZE);
    expect('ok' in o && o.ok.warnings.map((w) => w.message)).toEqual([
      'inner file "temp.xg" repeated; the first is used',
    ]);
  });
});
