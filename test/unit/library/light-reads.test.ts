/**
 * Two lighter reads of a library, each checked against the full one on the same matches.
 *
 * `librarySeatsAlone` (src/library/read.ts), the seats `bdb find --player` resolves names against: one
 * pair a match passing the filter, as `librarySeats` gives them from the match heads, read by a lighter
 * query. Compared on a library of the reference matches (test/reference-matches/README.md; 67 matches held,
 * played 2022-01-07 to 2026-12-01, four events, lengths 0 to 25, analysed by XG and gnuBG at several
 * depths), each reader on a library opened by itself (the heads, once read, are kept for the opening).
 *
 * A stored report's `prs` (what `bdb stats --library` lists for each match) from the seats' decisions alone
 * (`tallyPr`): the same numbers as the PR of its full figures (`stats[i].pr`); a report made from a file
 * gives its figures' PRs.
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { analyseBytes } from '../../../src/index.js';
import { closeLibrary, openLibrary } from '../../../src/library/open.js';
import { libraryReports, librarySeats, librarySeatsAlone } from '../../../src/library/read.js';
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

describe('a stored report: its PRs without its other figures', () => {
  it('the PR of each seat, as its full figures and the file give it', async () => {
    const lib = await openLibrary(path, { readOnly: true });
    let n = 0;
    try {
      for await (const r of libraryReports(lib, {}, 'xg')) {
        // read first, before the full figures are made
        const prs = [...r.prs];
        expect(prs).toEqual([r.stats[0].pr, r.stats[1].pr]);
        expect([...r.prs]).toEqual(prs);
        n++;
      }
    } finally {
      closeLibrary(lib);
    }
    expect(n).toBe(67);
  });

  it("a report made from a file: its PRs are its figures' (test.xg: XG 2.19 shows 7.79 and 13.87)", () => {
    const file = `${REF_DIR}xg/test.xg`;
    const r = analyseBytes(readFileSync(file), file);
    expect(r.prs).toEqual([r.stats[0].pr, r.stats[1].pr]);
    expect(r.prs.map((p) => p?.toFixed(2))).toEqual(['7.79', '13.87']);
  });
});
