/**
 * The plays a library stores (`decisions.played`, `decisions.best`) are in the notation XG and gnuBG print
 * (test/unit/core/play-notation.test.ts checks it against their outputs), and a library stored by an
 * earlier bdb, which wrote one part per hop ('23/21 23/21 3/1 3/1'), is brought to it by schema step 6:
 * the same text a new import stores.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DuckDBInstance } from '@duckdb/node-api';
import { afterAll, describe, expect, it } from 'vitest';
import type { Board, Play, Side } from '../../src/core/board.js';
import { defaultMet } from '../../src/metrics/match-report.js';
import type { CheckerDecision } from '../../src/model/types.js';
import { parseBytes } from '../../src/parsers/index.js';
import { call } from '../helpers/cli.js';
import { bytesOf, REF_DIR } from '../helpers/fixtures.js';

const tmp = mkdtempSync(join(tmpdir(), 'bdb-plays-'));
afterAll(() => rmSync(tmp, { recursive: true, force: true }));
const FILE = `${REF_DIR}xg/test.xg`;

async function withLibrary<T>(
  path: string,
  f: (run: (sql: string) => Promise<unknown[][]>) => Promise<T>,
): Promise<T> {
  const inst = await DuckDBInstance.create(path);
  const con = await inst.connect();
  try {
    return await f(async (sql) => (await con.runAndReadAll(sql)).getRowsJS() as unknown[][]);
  } finally {
    con.closeSync();
    inst.closeSync();
  }
}

/**
 * The text bdb 0.1.0 (main 272fdc2) stored for a play: one part per hop, sorted from the highest point,
 * '*' on the hop that hits when the hops are replayed in order (its src/core/moves.ts `formatPlay`).
 */
function formerText(board: Board, side: Side, play: Play): string {
  const opp = [...board[side === 0 ? 1 : 0]];
  const parts = play.map((h) => {
    const hit = h.to > 0 && opp[24 - h.to] === 1;
    if (hit) opp[24 - h.to] = 0;
    return { ...h, hit };
  });
  parts.sort((x, y) => y.from - x.from || y.to - x.to);
  return parts
    .map((h) => `${h.from === 25 ? 'bar' : h.from}/${h.to === 0 ? 'off' : h.to}${h.hit ? '*' : ''}`)
    .join(' ');
}

describe('library: the stored plays', () => {
  const lib = join(tmp, 'plays.duckdb');
  const SELECT =
    "SELECT game, decision, played, best FROM decisions WHERE kind = 'checker' ORDER BY game, decision";

  it('are stored as XG writes them, and a schema 5 library is upgraded to the same text', async () => {
    const imported = await call('import', FILE, '--library', lib);
    expect(imported.code, imported.stderr).toBe(0);
    const stored = await withLibrary(lib, (q) => q(SELECT));
    // XG 2.19's transcript of the same match (test/reference-matches/mat/gbf_test_xg_export.txt line 55):
    // game 2, Maxence Job's 22 written '23/21(2) 3/1(2)'; bdb 272fdc2 stored '23/21 23/21 3/1 3/1'
    expect(stored.map((r) => r[2])).toContain('23/21(2) 3/1(2)');
    expect(stored.map((r) => r[2])).not.toContain('23/21 23/21 3/1 3/1');

    // the library as bdb 272fdc2 left it: schema 5, every play in its notation
    const { match } = parseBytes(bytesOf(FILE), { file: FILE, met: defaultMet() });
    const former: string[] = [];
    match.games.forEach((g, gi) => {
      g.decisions.forEach((d, di) => {
        if (d.kind !== 'checker') return;
        const c = d as CheckerDecision;
        const played = c.played.length === 0 ? 'cannot move' : formerText(c.board, c.player, c.played);
        const best = c.candidates[0]
          ? formerText(c.board, c.player, c.candidates[0].play) || 'cannot move'
          : null;
        const q = (s: string | null): string => (s === null ? 'NULL' : `'${s}'`);
        former.push(`(${gi + 1}, ${di + 1}, ${q(played)}, ${q(best)})`);
      });
    });
    await withLibrary(lib, async (q) => {
      await q(`CREATE TEMP TABLE former (game INTEGER, decision INTEGER, played VARCHAR, best VARCHAR);
        INSERT INTO former VALUES ${former.join(', ')};
        UPDATE decisions SET played = f.played, best = f.best FROM former f
          WHERE decisions.game = f.game AND decisions.decision = f.decision;
        UPDATE meta SET value = '5' WHERE key = 'schema_version'; DELETE FROM meta WHERE key = 'migrated_6';`);
      return null;
    });
    const old = await withLibrary(lib, (q) => q(SELECT));
    expect(old.map((r) => r[2])).toContain('23/21 23/21 3/1 3/1');
    expect(old).not.toEqual(stored);

    expect((await call('stats', '--library', lib, '--json')).stderr).toMatch(
      /library schema 5 needs upgrading/,
    );
    const up = await call('import', FILE, '--library', lib);
    expect(up.code, up.stderr).toBe(0);
    expect(await withLibrary(lib, (q) => q(SELECT))).toEqual(stored);
  });
});
