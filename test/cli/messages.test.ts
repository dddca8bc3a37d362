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
import { copyFileSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterAll, describe, expect, test } from 'vitest';
import { readXgArchive } from '../../src/parsers/xg/archive.js';
import { decodeXgRecords, XG_POSITION_BYTES, xgCandidateCount } from '../../src/parsers/xg/records.js';
import { call } from '../helpers/cli.js';
import { REF_DIR, refFiles } from '../helpers/fixtures.js';
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

  test('stats --json: every gnuBG figure finite, the same as with no automatic doubles, and one warning at the field', async () => {
    const a = await call('stats', '--json', plain);
    const b = await call('stats', '--json', damaged);
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

  test('stats: no "n/a" in the points column of the gnuBG table', async () => {
    const r = await call('stats', damaged);
    expect(r.code).toBe(0);
    const rows = r.stdout.split('\n').filter((l) => /error total EMG \(Points\)/.test(l));
    expect(rows).toHaveLength(3);
    for (const row of rows) expect(row).not.toMatch(/n\/a/);
  });
});

/** The gnuBG error figures of a `stats --json` run, per player, by name (all must be 0 or more). */
function gnubgErrors(j: StatsJson): Record<string, number>[] {
  return j.matches[0]!.stats.map((s) =>
    Object.fromEntries(
      Object.entries(s.gnubg).filter(
        (e): e is [string, number] =>
          /Error(Emg|MwcPct)$|ErrorRateMemg$|^snowieErMemg$/.test(e[0]) && typeof e[1] === 'number',
      ),
    ),
  );
}

/**
 * Item 9, the negative error rate: an equity within the ±100 every reader accepts, but absurd (+50 EMG, where
 * a game is worth at most 3 cubes), made a played move 50 EMG better than XG's best: the player "gained"
 * 46 EMG, a negative error total and rate. XG stores its own error of each decision beside the equities, and
 * in the six reference files they agree: on all 1,461 analysed played moves the played candidate's equity
 * minus the first candidate's is ErrMove within 0.0001, and on all 805 analysed cube decisions max(ND,
 * min(D/T, D/P)) minus the chosen action's equity is ErrCube within 0.0001. Equities that disagree with it
 * are damaged: the decision is read as not analysed, with a warning.
 */
describe("item 9: stored equities that disagree with XG's own stored error", async () => {
  const undamaged = JSON.parse((await call('stats', '--json', `${REF_DIR}xg/test.xg`)).stdout) as StatsJson;
  let moveAt = -1;
  const move = patchedXg('played-50.xg', (v, { records }) => {
    // the first analysed move where the player did not play XG's best candidate
    for (const r of records) {
      if (r.type !== 'move' || !r.played || r.errMove === -1000 || r.errMove > -0.01) continue;
      // candidate j's position is posPlayed[26j .. 26j + 25]
      const n = xgCandidateCount(r.dataMoves);
      let p = -1;
      for (let j = 0; j < n && p < 0; j++) {
        const x = r.dataMoves.posPlayed.subarray(XG_POSITION_BYTES * j, XG_POSITION_BYTES * (j + 1));
        if (x.every((c, i) => c === r.positionEnd[i])) p = j;
      }
      if (p <= 0) continue;
      moveAt = r.offset;
      // DataMoves.Eval of candidate p (formats.md §1.9: 28 bytes a candidate from offset 1408), [6] the equity
      v.setFloat32(r.offset + 1408 + 28 * p + 24, 50, true);
      return;
    }
  });
  let cubeAt = -1;
  const cube = patchedXg('double-50.xg', (v, { records }) => {
    // the first analysed no double: D/T and D/P (offsets 156, 160) made +50, a missed double of 50 EMG
    const r = records.find(
      (x) => x.type === 'cube' && x.double === 0 && x.errCube !== -1000 && x.analyzeC >= 0,
    )!;
    cubeAt = r.offset;
    v.setFloat32(r.offset + 156, 50, true);
    v.setFloat32(r.offset + 160, 50, true);
  });

  test('a played candidate at +50: no negative error, one warning at the move record', async () => {
    const r = await call('stats', '--json', move);
    expect(r.code).toBe(0);
    const j = JSON.parse(r.stdout) as StatsJson;
    for (const side of gnubgErrors(j))
      for (const [k, x] of Object.entries(side)) expect(x, k).toBeGreaterThanOrEqual(0);
    const w = j.matches[0]!.warnings;
    expect(w.map((x) => x.offset)).toEqual([moveAt]);
    expect(w[0]!.message).toMatch(/XG's stored error/);
  });

  test('a no double whose D/T and D/P read +50: no 50 EMG cube error, one warning at the cube record', async () => {
    const r = await call('stats', '--json', cube);
    expect(r.code).toBe(0);
    const j = JSON.parse(r.stdout) as StatsJson;
    const before = gnubgErrors(undamaged);
    gnubgErrors(j).forEach((side, i) => {
      // one decision read as not analysed changes a side's cube error by less than one EMG, never by 50
      expect(Math.abs(side.cubeErrorEmg! - before[i]!.cubeErrorEmg!)).toBeLessThan(1);
    });
    const w = j.matches[0]!.warnings;
    expect(w.map((x) => x.offset)).toEqual([cubeAt]);
    expect(w[0]!.message).toMatch(/XG's stored error/);
  });

  test('the six reference .xg files and four .xgp files: no such warning', async () => {
    for (const f of [...refFiles('xg', '.xg'), ...refFiles('xgp', '.xgp')]) {
      const j = JSON.parse((await call('stats', '--json', f)).stdout) as StatsJson;
      for (const m of j.matches) expect(m.warnings, f).toEqual([]);
    }
  });
});

/**
 * Item 10b: a library whose DuckDB file is damaged (bytes flipped in a real library made by `bdb import`:
 * every DuckDB block carries a checksum, so a flipped byte is found when the block is read) gave DuckDB's raw
 * text: "cannot open: Corrupt database file: computed checksum 7275282568459265498 does not match stored
 * checksum 8726290845111363034 in block at location 12288", or "SQL: IO Error: Corrupt database file: …" when
 * the block was a table's. Now one plain line naming the library.
 */
describe('item 10b: a library with damaged blocks', async () => {
  const lib = join(tmp, 'lib', 'good.duckdb');
  const xgs = ['test.xg', 'match_with_comment.xg', '2-Intermediate-Round2-Unger-Lahme-7pt.xg'].map(
    (f) => `${REF_DIR}xg/${f}`,
  );
  const made = await call('import', '--library', lib, ...xgs);
  /** A copy of the library with 4 bytes at `offset` set to 0xff. */
  const damaged = (name: string, offset: number): string => {
    const bytes = readFileSync(lib);
    bytes.fill(0xff, offset, offset + 4);
    const p = join(tmp, 'lib', name);
    writeFileSync(p, bytes);
    return p;
  };
  const esc = (p: string): string => p.replaceAll(/[.*+?^${}()|[\]\\]/g, '\\$&');
  /** The one line bdb gives for the damaged library at `p`. */
  const plainLine = (p: string, what: 'catalog' | 'data' | 'catalog|data'): RegExp =>
    new RegExp(
      `^bdb: ${esc(p)}: not a readable library: its (${what}) is damaged \\(DuckDB: [^\\n]{1,120}\\)\\n$`,
    );

  test('the library was made', () => {
    expect(made.code).toBe(0);
  });

  test('its database header damaged: stats, sql and import say so in one line, and import leaves it untouched', async () => {
    // DuckDB's file: a 4096-byte main header, then two 4096-byte database headers (the catalog's root)
    const p = damaged('header.duckdb', 4096 + 100);
    const before = readFileSync(p);
    for (const args of [
      ['stats', '--library', p],
      ['sql', '--library', p, 'SELECT count(*) FROM matches'],
      ['import', '--library', p, `${REF_DIR}xg/ronde3-UngerHarmand-HuyckLarsen.xg`],
    ]) {
      const r = await call(...args);
      expect(r.code, args[0]).toBe(1);
      expect(r.stderr, args[0]).toMatch(plainLine(p, 'catalog'));
      // DuckDB's 19-digit checksums are not the user's business
      expect(r.stderr).not.toMatch(/\d{12}/);
    }
    expect(readFileSync(p).equals(before)).toBe(true);
  });

  test('each block damaged in turn: sql reading every decision (the hash of each whole row) and stats fail in one plain line, at open or at the read', async () => {
    const size = readFileSync(lib).length;
    const kinds = { sql: new Set<string>(), stats: new Set<string>() };
    // DuckDB's blocks follow the three headers, 262,144 bytes each
    for (let k = 0, at = 12288; at < size; k++, at += 262144) {
      const p = damaged(`block-${k}.duckdb`, at + 5000);
      for (const [name, args] of [
        ['sql', ['sql', '--library', p, 'SELECT sum(hash(d)) FROM decisions d']],
        ['stats', ['stats', '--library', p]],
      ] as const) {
        const r = await call(...args);
        if (r.code === 0) continue;
        expect(r.stderr, `${name}, block ${k}`).toMatch(plainLine(p, 'catalog|data'));
        kinds[name].add(/its (\w+) is damaged/.exec(r.stderr)![1]!);
      }
    }
    // with these three matches, some damaged blocks are found when DuckDB opens the file (its catalog) and
    // some only when a command reads a table's rows
    expect([...kinds.sql].sort()).toEqual(['catalog', 'data']);
    expect([...kinds.stats].sort()).toEqual(['catalog', 'data']);
  });
});

/**
 * Item 10c: a library copied without its `.sources` folder (the stored bytes of every imported file, which
 * report reads again for its worst decisions' boards) printed one line per match, 1,814 for a real library.
 * Now one line for the run: the folder missing and how many matches it leaves unread.
 */
describe('item 10c: a library copied without its sources folder', async () => {
  const made = join(tmp, 'made', 'lib.duckdb');
  const xgs = ['test.xg', 'match_with_comment.xg', '2-Intermediate-Round2-Unger-Lahme-7pt.xg'].map(
    (f) => `${REF_DIR}xg/${f}`,
  );
  const imported = await call('import', '--library', made, ...xgs);
  const copy = join(tmp, 'copied', 'lib.duckdb');
  mkdirSync(dirname(copy));
  copyFileSync(made, copy);

  // biases, plan, scout and study read the library's columns, not its stored files (test/cli/library.test.ts,
  // test/cli/study.test.ts): nothing is missing for them
  test('study: reads the columns, no line', async () => {
    expect(imported.code).toBe(0);
    const r = await call('study', '--library', copy);
    expect(r.code, r.stderr).toBe(0);
    expect(r.stderr).toBe('');
  });
  // report parses again the matches of the worst decisions it draws: here all three
  test.each([
    ['report', 3, ['report', '--library', copy, '--html', join(tmp, 'copied', 'report.html')]],
  ] as const)('%s: one line naming the folder and the %i matches it needs, exit 1', async (_, n, args) => {
    expect(imported.code).toBe(0);
    const r = await call(...args);
    expect(r.code).toBe(1);
    // report says what it wrote, as always
    const lines = r.stderr
      .trimEnd()
      .split('\n')
      .filter((l) => !l.startsWith('bdb: wrote '));
    expect(lines).toHaveLength(1);
    expect(lines[0]!.startsWith(`bdb: ${copy}: `)).toBe(true);
    expect(lines[0]).toContain(`${copy}.sources`);
    expect(lines[0]).toMatch(new RegExp(`\\b${n} matches\\b`));
  });
});
