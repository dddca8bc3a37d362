/**
 * `librarySeatsAlone` (src/library/read.ts), the seats `bdb find --player` resolves names against: one
 * pair a match passing the filter, as `librarySeats` gives them from the match heads, read by a lighter
 * query. Compared on a library of the reference matches (test/reference-matches/README.md; 67 matches held,
 * played 2022-01-07 to 2026-12-01, four events, lengths 0 to 25, analysed by XG and gnuBG at several
 * depths), each reader on a library opened by itself (the heads, once read, are kept for the opening).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { closeLibrary, openLibrary } from '../../../src/library/open.js';
import { librarySeats, librarySeatsAlone } from '../../../src/library/read.js';
import type { MatchFilter } from '../../../src/model/filter.js';
import { bdbWith } from '../../helpers/cli.js';
import { REF_DIR } from '../../helpers/fixtures.js';

const tmp = mkdtempSync(join(tmpdir(), 'bdb-seats-'));
const path = join(tmp, 'library.duckdb');
afterAll(() => rmSync(tmp, { recursive: true, force: true }));

beforeAll(() => {
  const r = bdbWith({}, 'import', REF_DIR, '--library', path, '--no-progress');
  expect(r.code).toBe(0);
}, 120_000);

/** The pairs a reader gives on a library opened for it alone, sorted (the order is not the same). */
async function seatsBy(
  read: (
    lib: Awaited<ReturnType<typeof openLibrary>>,
    f: MatchFilter,
  ) => Promise<(readonly [string, string])[]>,
  filter: MatchFilter,
): Promise<string[]> {
  const lib = await openLibrary(path, { readOnly: true });
  try {
    return (await read(lib, filter)).map((p) => JSON.stringify(p)).sort();
  } finally {
    closeLibrary(lib);
  }
}

describe('librarySeatsAlone', () => {
  const filters: [string, MatchFilter][] = [
    ['no filter', {}],
    ['since', { since: '2024-01-01' }],
    ['until', { until: '2023-06-30' }],
    ['event', { event: 'backgammon' }],
    ['length', { length: 7 }],
    ['money', { length: 0 }],
    ['depth', { minDepth: '4-ply' }],
    ['all of them', { since: '2022-01-01', until: '2026-12-31', event: 'o', length: 11, minDepth: '2-ply' }],
  ];
  it.each(filters)('%s: the same pairs as the heads give', async (_, filter) => {
    const heads = await seatsBy(librarySeats, filter);
    const alone = await seatsBy(librarySeatsAlone, filter);
    expect(alone).toEqual(heads);
  });

  it('the whole library: one pair a match held', async () => {
    expect(await seatsBy(librarySeatsAlone, {})).toHaveLength(67);
  });

  it('after the heads were read on the same opening: read from them', async () => {
    const lib = await openLibrary(path, { readOnly: true });
    try {
      const heads = await librarySeats(lib, { length: 7 });
      expect(await librarySeatsAlone(lib, { length: 7 })).toEqual(heads);
    } finally {
      closeLibrary(lib);
    }
  });
});
