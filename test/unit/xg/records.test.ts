/**
 * The temp.xg record decoder (src/parsers/xg/records.ts) on edited copies of a real temp.xg: version
 * gates, unknown record types, damaged strings and headers give warnings, never errors; and decoding is
 * cheap next to inflating.
 */
import { readFileSync } from 'node:fs';
import { inflateSync } from 'node:zlib';
import { describe, expect, test } from 'vitest';
import { readXgArchive } from '../../../src/parsers/xg/archive.js';
import {
  decodeXgRecords,
  decodeXgRollouts,
  XG_RECORD_SIZE,
  XG_ROLLOUT_SIZE,
  type XgRecord,
} from '../../../src/parsers/xg/records.js';
import { REF_DIR } from '../../helpers/fixtures.js';

const XG_DIR = `${REF_DIR}xg/`;
const bytes = new Uint8Array(readFileSync(`${XG_DIR}test.xg`));
const archive = readXgArchive(bytes, 'test.xg');
const game = archive.files.get('temp.xg')!;

/** A copy of temp.xg with `edit` applied. */
function edited(edit: (d: DataView, b: Uint8Array) => void): Uint8Array {
  const b = game.slice();
  edit(new DataView(b.buffer, b.byteOffset, b.byteLength), b);
  return b;
}

function first<T extends XgRecord['type']>(
  records: readonly XgRecord[],
  type: T,
): Extract<XgRecord, { type: T }> {
  return records.find((r) => r.type === type) as Extract<XgRecord, { type: T }>;
}

describe('version gates', () => {
  test('file version 32: every field decoded', () => {
    const s = decodeXgRecords(game, 'test.xg');
    expect(s.version).toBe(32);
    expect(s.warnings).toEqual([]);
    const hm = first(s.records, 'headerMatch');
    expect([hm.cubeLimit, hm.transcribed, hm.player1, hm.timeSetting?.clockType, hm.transcriber]).toEqual([
      10,
      true,
      'Kévin Unger',
      0,
      'Kévin Unger',
    ]);
    expect(first(s.records, 'cube').timeBot).toBe(0);
    expect(first(s.records, 'move').numberOfAutoDoubleMove).toBe(0);
  });

  test.each([
    [7, ['cubeLimit', 'transcribed', 'player1', 'timeSetting', 'totTimeDelayMove', 'transcriber']],
    [24, ['timeSetting', 'totTimeDelayMove', 'transcriber']],
    [26, ['transcriber']],
    [29, ['transcriber']],
  ])('file version %i: later fields are null', (version, nulls) => {
    const s = decodeXgRecords(
      edited((d) => d.setInt32(552, version, true)),
      'x.xg',
    );
    expect(s.version).toBe(version);
    const hm = first(s.records, 'headerMatch') as unknown as Record<string, unknown>;
    const all = ['cubeLimit', 'transcribed', 'player1', 'timeSetting', 'totTimeDelayMove', 'transcriber'];
    expect(all.filter((k) => hm[k] === null)).toEqual(nulls);
    const cube = first(s.records, 'cube');
    const move = first(s.records, 'move');
    const game1 = first(s.records, 'headerGame');
    expect(cube.editedCube === null).toBe(version < 24);
    expect(cube.timeDelayCube === null).toBe(version < 26);
    expect(cube.numberOfAutoDoubleCube === null).toBe(version < 27);
    expect(cube.timeTop === null).toBe(version < 28);
    expect(move.editedMove === null).toBe(version < 24);
    expect(move.timeDelayMove === null).toBe(version < 26);
    expect(move.numberOfAutoDoubleMove === null).toBe(version < 27);
    expect(game1.numberOfAutoDouble === null).toBe(version < 26);
  });
});

describe('damage gives warnings', () => {
  test('unknown and layout-less record types are skipped by stride', () => {
    const s = decodeXgRecords(
      edited((_, b) => {
        b[3 * XG_RECORD_SIZE + 8] = 9;
        b[5 * XG_RECORD_SIZE + 8] = 6;
      }),
      'x.xg',
    );
    expect(s.records).toHaveLength(game.length / XG_RECORD_SIZE - 2);
    expect(s.records[3]!.index).toBe(4);
    expect(s.warnings).toEqual([
      { offset: 3 * XG_RECORD_SIZE + 8, message: 'temp.xg record 3: unknown record type 9; skipped' },
      {
        offset: 5 * XG_RECORD_SIZE + 8,
        message: 'temp.xg record 5: record type 6 (Comment) has no layout; skipped',
      },
    ]);
  });

  test('a type 7 (Missing) record is decoded', () => {
    const s = decodeXgRecords(
      edited((d, b) => {
        b[4 * XG_RECORD_SIZE + 8] = 7;
        d.setInt32(4 * XG_RECORD_SIZE + 24, -1, true);
      }),
      'x.xg',
    );
    expect(s.records[4]).toMatchObject({ type: 'missing', entryType: 7, winner: -1, index: 4 });
  });

  test('bad magic, version out of range, over-long ShortString, trailing bytes, second HeaderMatch', () => {
    const b = edited((d, b) => {
      d.setUint32(556, 0, true);
      d.setInt32(552, 41, true);
      b[9] = 41;
      b[2 * XG_RECORD_SIZE + 208] = 255;
    });
    const extra = new Uint8Array(b.length + XG_RECORD_SIZE + 100);
    extra.set(b);
    extra.set(b.subarray(0, XG_RECORD_SIZE), b.length);
    const s = decodeXgRecords(extra, 'x.xg');
    expect(s.warnings.map((w) => w.message)).toEqual([
      'temp.xg: 100 trailing bytes after the last whole 2560-byte record ignored',
      'temp.xg record 0: SPlayer1 length 41 exceeds its 40 bytes; cut',
      'temp.xg record 0: HeaderMatch magic 0x0 is not DMLI',
      'temp.xg record 0: file version 41 is outside 1..40',
      'temp.xg record 2: DiceRolled length 255 exceeds its 2 bytes; cut',
      `temp.xg record ${game.length / XG_RECORD_SIZE}: SPlayer1 length 41 exceeds its 40 bytes; cut`,
      `temp.xg record ${game.length / XG_RECORD_SIZE}: a second HeaderMatch`,
    ]);
    expect(first(s.records, 'headerMatch').sPlayer1).toHaveLength(40);
  });

  test('no HeaderMatch, empty stream', () => {
    const s = decodeXgRecords(game.subarray(XG_RECORD_SIZE, 3 * XG_RECORD_SIZE), 'x.xg');
    expect(s.version).toBeNull();
    expect(s.records.map((r) => r.type)).toEqual(['headerGame', 'cube']);
    expect(s.warnings.map((w) => w.message)).toEqual([
      'temp.xg record 0: not a HeaderMatch; file version unknown, all fields decoded',
    ]);
    expect(decodeXgRecords(new Uint8Array(0), 'x.xg')).toEqual({
      version: null,
      records: [],
      warnings: [{ offset: 0, message: 'temp.xg holds no record' }],
    });
  });

  test('rollouts: whole records decoded, trailing bytes warned', () => {
    const r = decodeXgRollouts(new Uint8Array(XG_ROLLOUT_SIZE + 5), 'x.xgp');
    expect(r.rollouts).toHaveLength(1);
    expect(r.warnings).toEqual([
      {
        offset: XG_ROLLOUT_SIZE,
        message: 'temp.xgr: 5 trailing bytes after the last whole 2184-byte record ignored',
      },
    ]);
  });
});

test('records do not alias the bytes given, unless handed over with copy: false', () => {
  const data = game.slice();
  const copied = first(decodeXgRecords(data, 'x.xg').records, 'move');
  const shared = first(decodeXgRecords(data, 'x.xg', { copy: false }).records, 'move');
  // candidate 0's equity: the 7th single of DataMoves.Eval
  const before = [copied.positionEnd[6], copied.dataMoves.eval[6]];
  data.fill(0x7f);
  expect([copied.positionEnd[6], copied.dataMoves.eval[6]]).toEqual(before);
  expect(shared.positionEnd[6]).toBe(0x7f);
});

test('decoding temp.xg costs less than inflating it', () => {
  const entry = archive.entries[0]!;
  const stream = bytes.subarray(entry.offset, entry.offset + entry.storedSize);
  /** Best of 10 runs after 5 warm-up runs, in ms. */
  const time = (f: () => void): number => {
    for (let i = 0; i < 5; i++) f();
    let best = Number.POSITIVE_INFINITY;
    for (let i = 0; i < 10; i++) {
      const t0 = performance.now();
      f();
      best = Math.min(best, performance.now() - t0);
    }
    return best;
  };
  const inflate = time(() => inflateSync(stream));
  const decode = time(() => decodeXgRecords(game, 'test.xg'));
  console.info(
    `test.xg: inflate ${inflate.toFixed(2)} ms, decode ${decode.toFixed(2)} ms (${game.length} bytes)`,
  );
  // generous bound, to stay stable on a loaded CI machine
  expect(decode).toBeLessThan(2 * inflate + 5);
});
