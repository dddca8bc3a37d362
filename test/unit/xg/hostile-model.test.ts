/**
 * Damage inside the records of real .xg files, rebuilt into a valid container (so it reaches the mapping
 * and the metrics): `analyseBytes` must return figures with no NaN or Infinity, or throw a BdbError —
 * never another error, whatever the bytes of positions, moves, dice, player signs or cube fields say.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { expect, test } from 'vitest';
import { BdbError } from '../../../src/errors.js';
import { analyseBytes } from '../../../src/index.js';
import { defaultMet, reportMatch } from '../../../src/metrics/match-report.js';
import { parseBytes } from '../../../src/parsers/index.js';
import { readXgArchive } from '../../../src/parsers/xg/archive.js';
import { XG_RECORD_SIZE } from '../../../src/parsers/xg/records.js';
import { renderReviewHtml } from '../../../src/report/html.js';
import { renderReview } from '../../../src/report/review.js';
import { buildReview } from '../../../src/review/review.js';
import { prng } from '../../helpers/prng.js';
import { buildXg } from './build-xg.js';

const DIR = new URL('../../reference-matches/xg/', import.meta.url).pathname;
const met = defaultMet();

function finiteOrNull(x: unknown, path: string, bad: string[]): void {
  if (typeof x === 'number' && !Number.isFinite(x)) bad.push(path);
  else if (x && typeof x === 'object')
    for (const [k, v] of Object.entries(x)) finiteOrNull(v, `${path}.${k}`, bad);
}

test.each(readdirSync(DIR).filter((f) => f.endsWith('.xg')))('%s: 60 damaged record streams', (name) => {
  const bytes = new Uint8Array(readFileSync(`${DIR}${name}`));
  const game = readXgArchive(bytes, name).files.get('temp.xg')!;
  const rnd = prng(name.length * 7919);
  let errors = 0;
  for (let v = 0; v < 60; v++) {
    const data = game.slice();
    // damage a few records at field-rich offsets (header bytes, positions, moves, dice, cube, errors)
    const hits = 1 + Math.floor(rnd() * 6);
    for (let h = 0; h < hits; h++) {
      const rec = Math.floor(rnd() * (data.length / XG_RECORD_SIZE));
      const off =
        rec * XG_RECORD_SIZE + (rnd() < 0.7 ? Math.floor(rnd() * 320) : Math.floor(rnd() * XG_RECORD_SIZE));
      data[off] = Math.floor(rnd() * 256);
    }
    const file = buildXg([{ name: 'temp.xg', data }]);
    try {
      const r = analyseBytes(file, `${name}#${v}`, met);
      const bad: string[] = [];
      finiteOrNull(r.stats, 'stats', bad);
      expect(bad).toEqual([]);
    } catch (e) {
      if (!(e instanceof BdbError)) throw e;
      expect(e.message.startsWith(`${name}#${v}`)).toBe(true);
      errors++;
    }
  }
  expect(errors).toBeLessThan(60);
});

// XG's stored floats from a damaged file: NaN, ±Infinity and absurd finite values in a move's ErrMove, a
// cube decision's ErrCube and its no-double equity. They are read as not analysed, with a warning naming
// the record, and every figure, the review and its HTML page stay finite (issue: PR 5.68e+200, a crash).
test.each([Number.NaN, Number.POSITIVE_INFINITY, Number.NEGATIVE_INFINITY, -1e200, 1.7e308])(
  'test.xg with stored errors and equities of %s',
  (value) => {
    const bytes = new Uint8Array(readFileSync(`${DIR}test.xg`));
    const data = readXgArchive(bytes, 'test.xg').files.get('temp.xg')!.slice();
    const view = new DataView(data.buffer, data.byteOffset, data.byteLength);
    let moves = 0;
    let cubes = 0;
    for (let at = 0; at + XG_RECORD_SIZE <= data.length; at += XG_RECORD_SIZE) {
      const type = data[at + 8];
      if (type === 3 && moves < 3 && view.getFloat64(at + 2312, true) !== -1000) {
        view.setFloat64(at + 2312, value, true); // ErrMove
        moves++;
      }
      if (type === 2 && cubes < 3 && view.getFloat64(at + 200, true) !== -1000) {
        view.setFloat64(at + 200, value, true); // ErrCube
        view.setFloat32(at + 152, value, true); // the no-double equity
        cubes++;
      }
    }
    expect([moves, cubes]).toEqual([3, 3]);
    const file = buildXg([{ name: 'temp.xg', data }]);
    const { match, warnings } = parseBytes(file, { file: 'damaged.xg', met });
    expect(warnings.filter((w) => /out of range/.test(w.message))).toHaveLength(6);
    const report = reportMatch(match, met, match.format, warnings);
    const bad: string[] = [];
    finiteOrNull(report.stats, 'stats', bad);
    expect(bad).toEqual([]);
    const review = buildReview(match, met);
    expect(() => renderReview(review)).not.toThrow();
    expect(() => renderReviewHtml(review)).not.toThrow();
  },
);
