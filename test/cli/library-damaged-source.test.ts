/**
 * A stored match file whose packed bytes are damaged (a flipped run of bytes in `LIBRARY.sources/pack-…`):
 * the commands that parse the library's files again (`plan` over matches imported before schema 12, `scout`,
 * `report`) say so in one line naming the
 * file and where its bytes lie, read every other match, and exit 1; no stack trace. Both ways of inflating:
 * on a worker thread beside the parsing (8 matches or more, src/library/read.ts) and on the main thread
 * (fewer). The matches are the ten gnuBG-made SGFs of test/reference-matches/gnubg (README there).
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DuckDBInstance } from '@duckdb/node-api';
import { afterAll, describe, expect, it } from 'vitest';
import { EXIT } from '../../src/cli/exit.js';
import { call } from '../helpers/cli.js';
import { GNUBG_MADE, REF_DIR } from '../helpers/fixtures.js';

const tmp = mkdtempSync(join(tmpdir(), 'bdb-damaged-source-'));
afterAll(() => rmSync(tmp, { recursive: true, force: true }));

/** Imports `games` into a new library, then damages the stored bytes of the first; returns its path. */
async function damagedLibrary(
  name: string,
  games: readonly string[],
): Promise<{ path: string; file: string }> {
  const path = join(tmp, `${name}.duckdb`);
  const files = games.map((g) => `${REF_DIR}gnubg/${g}.sgf`);
  expect((await call('import', ...files, '--library', path, '--no-progress')).code).toBe(EXIT.ok);
  const file = files[0]!;
  const instance = await DuckDBInstance.create(path);
  const con = await instance.connect();
  // as if imported before schema 12's columns: plan then parses the stored files again
  await con.run('UPDATE matches SET board_biases = NULL');
  const [[pack, offset, length]] = (
    await con.runAndReadAll(
      'SELECT s.pack, s."offset", s.length FROM files f JOIN sources s USING (sha256) WHERE f.path = $1',
      [file],
    )
  ).getRowsJS() as [[string, bigint | number, bigint | number]];
  con.closeSync();
  instance.closeSync();
  const packPath = join(`${path}.sources`, pack);
  const bytes = readFileSync(packPath);
  // a run of bytes in the middle of the blob overwritten
  const from = Number(offset) + Math.floor(Number(length) / 2);
  bytes.fill(0x55, from, from + 64);
  writeFileSync(packPath, bytes);
  return { path, file };
}

describe('a damaged stored file: one line, the other matches read, exit 1', () => {
  for (const [way, games] of [
    ['on the inflating thread (10 matches)', GNUBG_MADE],
    ['on the main thread (3 matches)', GNUBG_MADE.slice(0, 3)],
  ] as const) {
    it(way, async () => {
      const { path, file } = await damagedLibrary(way.includes('10') ? 'ten' : 'three', games);
      // plan parses the stored files of matches imported before schema 12's columns
      const r = await call('plan', '--library', path, '--json', '--no-progress');
      expect(r.code).toBe(EXIT.someFailed);
      const lines = r.stderr.trim().split('\n');
      expect(lines).toHaveLength(1);
      expect(lines[0]).toMatch(
        /^bdb: .*g0001\.sgf: its stored bytes \(pack-\d+-\d+\.bin at byte \d+\) cannot be inflated/,
      );
      expect(lines[0]).toContain(file);
      expect(r.stderr).not.toMatch(/\n\s+at /);
      // every other match read
      expect((JSON.parse(r.stdout) as { matches: number }).matches).toBe(games.length - 1);
    });
  }
});
