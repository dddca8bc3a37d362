/**
 * Issue 37, items 9 and 10: no figure of a damaged file is infinite, and what bdb says of damaged inputs and
 * libraries is short and plain.
 *
 * Item 9: an XG game header's `NumberOfAutoDouble` (formats.md §1.7, offset 64: the cube of the game really
 * is 2^n × the stored one) set to 2000 in a money session made every cube of that game 2^2000 = Infinity:
 * gnuBG's "points" figures (cube × EMG at money play) came out Infinity and NaN, printed "n/a". The input is
 * the real test/reference-matches/xg/test.xg, re-packed with its temp.xg records patched (the archive's sizes
 * and CRCs right, so only the patched field is damaged).
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, test } from 'vitest';
import { readXgArchive } from '../../src/parsers/xg/archive.js';
import { decodeXgRecords } from '../../src/parsers/xg/records.js';
import { bdb } from '../helpers/cli.js';
import { REF_DIR } from '../helpers/fixtures.js';
import { nonFinite } from '../helpers/non-finite.js';
import { buildXg } from '../unit/xg/build-xg.js';

const tmp = mkdtempSync(join(tmpdir(), 'bdb-messages-'));
afterAll(() => rmSync(tmp, { recursive: true, force: true }));

/** test.xg with its temp.xg changed by `patch` (a DataView over the inflated records), written as `name`. */
function patchedXg(
  name: string,
  patch: (view: DataView, records: ReturnType<typeof decodeXgRecords>) => void,
): string {
  const inner = readXgArchive(readFileSync(`${REF_DIR}xg/test.xg`), 'test.xg').files;
  const data = inner.get('temp.xg')!.slice();
  patch(new DataView(data.buffer, data.byteOffset, data.byteLength), decodeXgRecords(data, name));
  const p = join(tmp, name);
  writeFileSync(
    p,
    buildXg([...inner].map(([n, bytes]) => ({ name: n, data: n === 'temp.xg' ? data : bytes }))),
  );
  return p;
}

/** HeaderMatch.MatchLength (offset 92 of record 0): 99999 is a money session. */
const money = (view: DataView): void => view.setInt32(92, 99999, true);

interface StatsJson {
  matches: {
    warnings: { offset: number; message: string }[];
    stats: { gnubg: Record<string, unknown> }[];
  }[];
}

describe('item 9: an absurd count of automatic doubles in an XG game header', () => {
  const plain = patchedXg('money.xg', (v) => money(v));
  let gameHeader = -1;
  const damaged = patchedXg('auto-doubles.xg', (v, { records }) => {
    money(v);
    const first = records.find((r) => r.type === 'headerGame')!;
    gameHeader = first.offset;
    v.setInt32(first.offset + 64, 2000, true);
  });

  test('stats --json: every gnuBG figure finite, the same as with no automatic doubles, and one warning at the field', () => {
    const a = bdb('stats', '--json', plain);
    const b = bdb('stats', '--json', damaged);
    expect(a.code).toBe(0);
    expect(b.code).toBe(0);
    const ja = JSON.parse(a.stdout) as StatsJson;
    const jb = JSON.parse(b.stdout) as StatsJson;
    // JSON writes Infinity and NaN as null: the money session's points figures are numbers in the undamaged file
    const ga = ja.matches[0]!.stats.map((s) => s.gnubg);
    const gb = jb.matches[0]!.stats.map((s) => s.gnubg);
    for (const g of ga) expect(typeof g.cubeErrorPoints).toBe('number');
    expect(nonFinite(gb)).toEqual([]);
    // test.xg has no automatic doubles (its header's AutoDouble is false): read as none, the figures are the
    // undamaged file's
    expect(gb).toEqual(ga);
    const w = jb.matches[0]!.warnings;
    expect(w).toHaveLength(1);
    expect(w[0]!.offset).toBe(gameHeader + 64);
    expect(w[0]!.message).toMatch(/automatic doubles/);
    expect(w[0]!.message).toMatch(/2000/);
  });

  test('stats: no "n/a" in the points column of the gnuBG table', () => {
    const r = bdb('stats', damaged);
    expect(r.code).toBe(0);
    const rows = r.stdout.split('\n').filter((l) => /error total EMG \(Points\)/.test(l));
    expect(rows).toHaveLength(3);
    for (const row of rows) expect(row).not.toMatch(/n\/a/);
  });
});
