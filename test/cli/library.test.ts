/**
 * The player's library end to end, through the built command: import, the figures read back (identical to
 * the file route, every field of the JSON), the kill test, merge, two processes at once, read-only SQL,
 * export, stored aliases, filters, and bad libraries. The expected figures are the file route's own
 * output on the same files — which test/reference-matches/*.test.ts check against XG and gnuBG.
 */
import { spawn, spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import {
  appendFileSync,
  cpSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
  truncateSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { brotliDecompressSync, gzipSync } from 'node:zlib';
import { DuckDBInstance } from '@duckdb/node-api';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MIGRATION_SLICE, SCHEMA_VERSION } from '../../src/library/schema.js';
import { decodeTally, encodeLegacyTally, encodeTally } from '../../src/library/tally-codec.js';
import { REGISTRY } from '../../src/metrics/index.js';
import { BIN, call } from '../helpers/cli.js';

const REF = fileURLToPath(new URL('../reference-matches', import.meta.url));
const tmp = mkdtempSync(join(tmpdir(), 'bdb-library-'));
const lib = (name: string): string => join(tmp, name);
afterAll(() => rmSync(tmp, { recursive: true, force: true }));

/**
 * The output of a file-route command (`bdb stats REF …`), run once per distinct command line: the same
 * command on the same files prints the same, and each run reads every reference match again.
 */
const fileRoutes = new Map<string, string>();
async function fileRoute(...args: string[]): Promise<string> {
  const key = JSON.stringify(args);
  let out = fileRoutes.get(key);
  if (out === undefined) {
    out = (await call(...args)).stdout;
    fileRoutes.set(key, out);
  }
  return out;
}

/** The reference folder imported once into a library: the route tests read it, others copy it. */
let mainPath: string | undefined;
async function mainLibrary(): Promise<string> {
  if (mainPath === undefined) {
    const path = lib('main.duckdb');
    const r = await call('import', REF, '--library', path);
    expect(r.code, r.stderr).toBe(0);
    mainPath = path;
  }
  return mainPath;
}

function sha(path: string): string {
  return createHash('sha256').update(readFileSync(path)).digest('hex');
}

async function query(path: string, sql: string): Promise<unknown[][]> {
  const inst = await DuckDBInstance.create(path, { access_mode: 'READ_ONLY' });
  const con = await inst.connect();
  try {
    return (await con.runAndReadAll(sql)).getRowsJS() as unknown[][];
  } finally {
    con.closeSync();
    inst.closeSync();
  }
}

/** Every stored match is whole: its seats, games and decisions as many as its rows say. */
async function checkConsistent(path: string): Promise<void> {
  const bad = await query(
    path,
    `SELECT m.match_id FROM matches m
       LEFT JOIN (SELECT match_id, count(*) n FROM match_players GROUP BY 1) p USING (match_id)
       LEFT JOIN (SELECT match_id, count(*) n, sum(decisions) d FROM games GROUP BY 1) g USING (match_id)
       LEFT JOIN (SELECT match_id, count(*) n FROM decisions GROUP BY 1) d USING (match_id)
     WHERE coalesce(p.n, 0) <> 2 OR coalesce(g.n, 0) <> m.games OR coalesce(g.d, 0) <> coalesce(d.n, 0)`,
  );
  expect(bad).toEqual([]);
  const orphans = await query(
    path,
    "SELECT path FROM files WHERE status = 'imported' AND match_id NOT IN (SELECT match_id FROM matches)",
  );
  expect(orphans).toEqual([]);
  // every imported file's bytes are kept beside the library, whole, in a pack file
  for (const [sha, pack, end] of await query(
    path,
    `SELECT DISTINCT f.sha256, s.pack, s."offset" + s.length FROM files f LEFT JOIN sources s USING (sha256)
     WHERE f.status = 'imported'`,
  )) {
    expect(pack, String(sha)).not.toBeNull();
    expect(statSync(join(`${path}.sources`, String(pack))).size, String(sha)).toBeGreaterThanOrEqual(
      Number(end),
    );
  }
}

describe('bdb import and the library route', () => {
  const main = lib('main.duckdb');
  let fileJson = '';
  beforeAll(async () => {
    expect(await mainLibrary()).toBe(main);
    fileJson = await fileRoute('stats', REF, '--json');
  });

  it('imports every match once and says so in one line', async () => {
    const again = await call('import', REF, '--library', main);
    expect(again.code).toBe(0);
    expect(again.stdout).toMatch(/: 0 new, \d+ unchanged, \d+ duplicate, 0 failed/);
  });

  it('stats --library gives the file route figures, every field of the JSON', async () => {
    const r = await call('stats', '--library', main, '--json');
    expect(r.code).toBe(0);
    expect(r.stdout).toBe(fileJson);
    for (const preset of ['gnubg', 'blunderdb']) {
      const viaLib = (await call('stats', '--library', main, '--json', '--thresholds', preset)).stdout;
      expect(viaLib).toBe(await fileRoute('stats', REF, '--json', '--thresholds', preset));
    }
  });

  it('stats --library prints the same tables as the file route', async () => {
    expect((await call('stats', '--library', main)).stdout).toBe(await fileRoute('stats', REF));
  });

  it('biases and plan --library give the file route JSON', async () => {
    expect((await call('biases', '--library', main, '--json')).stdout).toBe(
      await fileRoute('biases', REF, '--json'),
    );
    expect((await call('plan', '--library', main, '--json')).stdout).toBe(
      await fileRoute('plan', REF, '--json'),
    );
  });

  it('biases and plan --library read the stored columns, not the stored files, and give the file route tables, boards and JSON', async () => {
    // without its stored files, the library can only give the tables from its columns (schema 12)
    const bare = lib('no-sources.duckdb');
    cpSync(main, bare);
    const stored = await query(bare, 'SELECT count(*) FILTER (WHERE board_biases), count(*) FROM matches');
    expect(Number(stored[0]![0])).toBe(Number(stored[0]![1]));
    for (const f of [
      [],
      ['--player', 'Kévin Unger'],
      ['--since', '2023-06-01'],
      ['--length', 'money'],
      ['--length', '7'],
      ['--all-cells'],
      ['--alias', 'Kévin UNGER=Kévin Unger'],
      // the costliest blot decisions' boards: their references read from the stored rows
      ['--boards'],
      ['--boards', '--player', 'Kévin Unger', '--ascii'],
    ]) {
      const viaLib = await call('biases', '--library', bare, ...f);
      expect(viaLib.code, viaLib.stderr).toBe(0);
      expect(viaLib.stdout, f.join(' ')).toBe(await fileRoute('biases', REF, ...f));
    }
    // the JSON lists every blot decision with its place, read from the stored rows too
    const json = await call('biases', '--library', bare, '--json');
    expect(json.code, json.stderr).toBe(0);
    expect(json.stdout).toBe(await fileRoute('biases', REF, '--json'));
    // so does plan: each match's counted decisions and errors, with what the import stored of them
    for (const f of [
      ['--json'],
      ['--full', '--boards'],
      ['--json', '--thresholds', 'gnubg'],
      ['--json', '--thresholds', 'blunderdb', '--length', 'money'],
      ['--json', '--player', 'Kévin Unger', '--positions', '50'],
    ]) {
      const viaLib = await call('plan', '--library', bare, ...f);
      expect(viaLib.code, viaLib.stderr).toBe(0);
      expect(viaLib.stdout, f.join(' ')).toBe(await fileRoute('plan', REF, ...f));
    }
    // and scout (its biases and families); report parses the few matches of its worst decisions, here
    // missing: their boards are left out, and it says so
    const scout = await call('scout', 'Kévin Unger', '--library', bare, '--json');
    expect(scout.code, scout.stderr).toBe(0);
    const report = await call('report', '--library', bare, '--html', lib('no-sources.html'));
    expect(report.stderr).toMatch(/is missing: \d+ match(es)? cannot be read again/);
  });

  it('a library imported before the bias columns (schema 11) gets them from its stored files at the next import', async () => {
    const old = lib('schema11.duckdb');
    cpSync(main, old);
    cpSync(`${main}.sources`, `${old}.sources`, { recursive: true });
    const columns = `SELECT m.file, d.game, d.decision, d.board_bias, d.blots_played, d.blots_best, d.shots_played,
      d.shots_best, d.second_cost, d.difficulty_points, d.theme_coverage
      FROM decisions d JOIN matches m USING (match_id) ORDER BY 1, 2, 3`;
    const imported = await query(main, columns);
    expect(imported.filter((r) => r[3] !== null).length).toBeGreaterThan(1000);
    // what a schema 11 library holds after the upgrade's columns are added: nothing in them
    const inst = await DuckDBInstance.create(old);
    const con = await inst.connect();
    await con.run(`UPDATE decisions SET board_bias = NULL, blots_played = NULL, blots_best = NULL,
      shots_played = NULL, shots_best = NULL, second_cost = NULL, difficulty_points = NULL,
      theme_coverage = NULL; UPDATE matches SET board_biases = NULL`);
    con.closeSync();
    inst.closeSync();
    // before the import, the figures come from the parsed stored files, the same
    expect((await call('biases', '--library', old)).stdout).toBe(await fileRoute('biases', REF));
    expect((await call('plan', '--library', old, '--json')).stdout).toBe(
      await fileRoute('plan', REF, '--json'),
    );
    const scouts = ['Kévin Unger', 'Llabba'].map((who) => ['scout', who, '--library', old, '--json']);
    const parsed: string[] = [];
    for (const args of scouts) parsed.push((await call(...args)).stdout);
    // so does report: every match parsed again
    const reports = [[], ['--player', 'Llabba', '--thresholds', 'gnubg'], ['--length', '7']];
    const page = async (k: number): Promise<string> => {
      const out = lib(`schema11-${k}.html`);
      const r = await call('report', '--library', old, ...reports[k]!, '--html', out, '--force');
      expect(r.code, r.stderr).toBe(0);
      return readFileSync(out, 'utf8');
    };
    const pages: string[] = [];
    for (let k = 0; k < reports.length; k++) pages.push(await page(k));
    const up = await call('import', '--library', old);
    expect(up.code, up.stderr).toBe(0);
    expect(up.stderr).toMatch(
      /reading \d+ stored matches again for the columns bdb biases and bdb plan read/,
    );
    expect(await query(old, columns)).toEqual(imported);
    expect(await query(old, 'SELECT count(*) FROM matches WHERE board_biases IS NULL')).toEqual([[0n]]);
    // scout from the columns gives the pages it gave from the parsed files
    for (const [k, args] of scouts.entries()) expect((await call(...args)).stdout).toBe(parsed[k]);
    // and report (the few matches of its worst decisions parsed for their boards), byte for byte
    for (let k = 0; k < reports.length; k++) expect(await page(k), reports[k]!.join(' ')).toBe(pages[k]);
    // once filled, the next import has nothing to read again
    expect((await call('import', '--library', old)).stderr).toBe('');
  });

  it('filters: --since/--until/--event/--length on the library and on files alike', async () => {
    for (const f of [
      ['--since', '2023-06-01'],
      ['--until', '2023-06-01'],
      ['--event', 'paris'],
      ['--length', 'money'],
      ['--length', '7'],
      ['--player', 'Kévin Unger'],
    ]) {
      const viaLib = await call('stats', '--library', main, '--json', ...f);
      expect(viaLib.stdout).toBe(await fileRoute('stats', REF, '--json', ...f));
      expect(JSON.parse(viaLib.stdout).matches.length).toBeGreaterThan(0);
    }
  });

  it('stored aliases are used by every command on the library', async () => {
    const a = lib('alias.duckdb');
    cpSync(main, a);
    expect((await call('alias', 'add', 'Kévin Unger', 'Kévin UNGER', '--library', a)).code).toBe(0);
    expect((await call('alias', 'list', '--library', a, '--json')).stdout).toContain('Kévin UNGER');
    expect((await call('stats', '--library', a, '--json')).stdout).toBe(
      await fileRoute('stats', REF, '--json', '--alias', 'Kévin Unger=Kévin UNGER'),
    );
  });

  it('the per-person table from the stored totals equals the file route, also under aliases and presets', async () => {
    for (const extra of [[], ['--thresholds', 'gnubg'], ['--player', 'Niels', '--player', 'Kévin']]) {
      const viaLib = await call('stats', '--library', main, '--no-matches', ...extra);
      expect(viaLib.code).toBe(0);
      expect(viaLib.stdout).toBe(await fileRoute('stats', REF, '--no-matches', ...extra));
    }
    const a = lib('totals-alias.duckdb');
    cpSync(main, a);
    expect((await call('alias', 'add', 'Kévin Unger', 'Kévin UNGER', '--library', a)).code).toBe(0);
    const aliased = await fileRoute('stats', REF, '--no-matches', '--alias', 'Kévin Unger=Kévin UNGER');
    expect((await call('stats', '--library', a, '--no-matches')).stdout).toBe(aliased);
    // stale totals (a write after them) are not used: the matches are added up instead
    const inst = await DuckDBInstance.create(a);
    const con = await inst.connect();
    await con.run("UPDATE person_totals SET tally = '[]'");
    await con.run("UPDATE meta SET value = '999' WHERE key = 'generation'");
    con.closeSync();
    inst.closeSync();
    expect((await call('stats', '--library', a, '--no-matches')).stdout).toBe(aliased);
    // and the next write makes them again
    expect((await call('alias', 'remove', 'Kévin UNGER', '--library', a)).code).toBe(0);
    expect((await call('stats', '--library', a, '--no-matches')).stdout).toBe(
      await fileRoute('stats', REF, '--no-matches'),
    );
    const [[g, t]] = (await query(
      a,
      "SELECT max(value) FILTER (WHERE key = 'generation'), max(value) FILTER (WHERE key = 'totals_generation') FROM meta",
    )) as [[string, string]];
    expect(t).toBe(g);
  });

  it('a schema 1 library (one gzip file per hash) is refused for reading, upgraded by import, then read', async () => {
    // a copy of the reference folder's library
    const old = lib('schema1.duckdb');
    cpSync(main, old);
    cpSync(`${main}.sources`, `${old}.sources`, { recursive: true });
    // what schema 1 wrote: no sources table (each file's bytes gzipped under sources/ab/abcd….gz), no totals
    const inst = await DuckDBInstance.create(old);
    const con = await inst.connect();
    const packs = (await con.runAndReadAll('SELECT sha256, pack, "offset", length FROM sources')).getRowsJS();
    for (const [hash, pack, offset, length] of packs) {
      const blob = readFileSync(join(`${old}.sources`, String(pack))).subarray(
        Number(offset),
        Number(offset) + Number(length),
      );
      mkdirSync(join(`${old}.sources`, String(hash).slice(0, 2)), { recursive: true });
      writeFileSync(
        join(`${old}.sources`, String(hash).slice(0, 2), `${hash}.gz`),
        gzipSync(brotliDecompressSync(blob)),
      );
    }
    await con.run('DROP TABLE sources; DROP TABLE person_totals; DROP TABLE study_marks');
    // nor the later steps' mark of the decisions' schema 12 columns
    await con.run('ALTER TABLE matches DROP COLUMN board_biases');
    await con.run(
      "DELETE FROM meta WHERE key IN ('generation', 'totals_generation', 'migrated_2', 'migrated_3')",
    );
    await con.run("UPDATE meta SET value = '1' WHERE key = 'schema_version'");
    con.closeSync();
    inst.closeSync();
    for (const f of readdirSync(`${old}.sources`)) if (f.endsWith('.bin')) rmSync(join(`${old}.sources`, f));

    const refused = await call('stats', '--library', old, '--json');
    expect(refused.code).toBe(1);
    expect(refused.stderr).toMatch(/library schema 1 needs upgrading: run bdb import once/);
    const up = await call('import', REF, '--library', old);
    expect(up.code, up.stderr).toBe(0);
    expect(up.stdout).toMatch(/: 0 new, \d+ unchanged/);
    expect((await call('stats', '--library', old, '--json')).stdout).toBe(fileJson);
    expect((await call('stats', '--library', old, '--no-matches')).stdout).toBe(
      await fileRoute('stats', REF, '--no-matches'),
    );
    // the matches are parsed again from schema 1's files
    expect((await call('plan', '--library', old, '--json')).stdout).toBe(
      await fileRoute('plan', REF, '--json'),
    );
  });

  it('a schema 4 library (no review cells) is upgraded by import to the cells an import stores', async () => {
    const old = lib('schema4.duckdb');
    cpSync(main, old);
    cpSync(`${main}.sources`, `${old}.sources`, { recursive: true });
    const cells = 'SELECT match_id, seat, cells FROM match_players ORDER BY match_id, seat';
    const stored = await query(main, cells);
    expect(stored.length).toBeGreaterThan(0);
    const inst = await DuckDBInstance.create(old);
    const con = await inst.connect();
    await con.run(
      "ALTER TABLE match_players DROP COLUMN cells; UPDATE meta SET value = '4' WHERE key = 'schema_version'; DELETE FROM meta WHERE key = 'migrated_5'",
    );
    con.closeSync();
    inst.closeSync();
    expect((await call('stats', '--library', old, '--json')).stderr).toMatch(
      /library schema 4 needs upgrading/,
    );
    const up = await call('import', REF, '--library', old);
    expect(up.code, up.stderr).toBe(0);
    expect(await query(old, cells)).toEqual(stored);
    expect(await query(old, "SELECT value FROM meta WHERE key = 'schema_version'")).toEqual([
      [String(SCHEMA_VERSION)],
    ]);
  });

  it('a schema 7 library (tallies stored by position) is upgraded by import to the keyed tallies an import stores', async () => {
    const old = lib('schema7.duckdb');
    cpSync(main, old);
    cpSync(`${main}.sources`, `${old}.sources`, { recursive: true });
    const seats = 'SELECT match_id, seat, tally FROM match_players ORDER BY match_id, seat';
    const stored = await query(main, seats);
    expect(stored.length).toBeGreaterThan(0);
    // what schema 7 wrote: each tally one flat array in the order of the old PlayerTally's fields, the
    // per-person totals too
    const inst = await DuckDBInstance.create(old);
    const con = await inst.connect();
    for (const [id, seat, tally] of stored) {
      await con.run('UPDATE match_players SET tally = $1 WHERE match_id = $2 AND seat = $3', [
        encodeLegacyTally(decodeTally(String(tally))),
        Number(id),
        Number(seat),
      ]);
    }
    for (const table of ['person_totals', 'person_periods']) {
      for (const [tally] of await (
        await con.runAndReadAll(`SELECT DISTINCT tally FROM ${table}`)
      ).getRowsJS())
        await con.run(`UPDATE ${table} SET tally = $1 WHERE tally = $2`, [
          encodeLegacyTally(decodeTally(String(tally))),
          String(tally),
        ]);
    }
    await con.run(
      "UPDATE meta SET value = '7' WHERE key = 'schema_version'; DELETE FROM meta WHERE key = 'migrated_8'",
    );
    con.closeSync();
    inst.closeSync();
    expect(String((await query(old, seats))[0]![2])).toMatch(/^\[/);
    expect((await call('stats', '--library', old, '--json')).stderr).toMatch(
      /library schema 7 needs upgrading/,
    );
    const up = await call('import', REF, '--library', old);
    expect(up.code, up.stderr).toBe(0);
    expect(up.stdout).toMatch(/: 0 new, \d+ unchanged/);
    expect(await query(old, seats)).toEqual(stored);
    expect(await query(old, "SELECT value FROM meta WHERE key = 'schema_version'")).toEqual([
      [String(SCHEMA_VERSION)],
    ]);
    // the totals were made again from the upgraded tallies: the figures of the file route
    expect((await call('stats', '--library', old, '--json')).stdout).toBe(fileJson);
    expect((await call('stats', '--library', old, '--no-matches')).stdout).toBe(
      await fileRoute('stats', REF, '--no-matches'),
    );
    expect(await query(old, 'SELECT person, tally FROM person_totals ORDER BY person')).toEqual(
      await query(main, 'SELECT person, tally FROM person_totals ORDER BY person'),
    );
  });

  it("a stored tally lacking an accumulator's state (imported before it was registered) is filled by the next import", async () => {
    const old = lib('lacking.duckdb');
    cpSync(main, old);
    cpSync(`${main}.sources`, `${old}.sources`, { recursive: true });
    const seats = 'SELECT match_id, seat, tally FROM match_players ORDER BY match_id, seat';
    const stored = await query(main, seats);
    // the last accumulator of the registry, as if registered after the import
    const late = REGISTRY[REGISTRY.length - 1]!.id;
    const inst = await DuckDBInstance.create(old);
    const con = await inst.connect();
    for (const [id, seat, tally] of stored) {
      const t = decodeTally(String(tally));
      t.unknown.push(late);
      await con.run('UPDATE match_players SET tally = $1 WHERE match_id = $2 AND seat = $3', [
        encodeTally(t),
        Number(id),
        Number(seat),
      ]);
    }
    con.closeSync();
    inst.closeSync();
    expect(String((await query(old, seats))[0]![2])).not.toContain(`"${late}":`);
    const up = await call('import', REF, '--library', old);
    expect(up.code, up.stderr).toBe(0);
    expect(up.stdout).toMatch(/: 0 new, \d+ unchanged/);
    expect(await query(old, seats)).toEqual(stored);
    expect((await call('stats', '--library', old, '--json')).stdout).toBe(fileJson);
  });

  it('bdb sql answers queries and refuses writes, leaving the library as it was', async () => {
    const before = sha(main);
    const t = await call('sql', 'SELECT count(*) AS n FROM matches', '--library', main);
    expect(t.code).toBe(0);
    expect(t.stdout).toMatch(/\bn\b/);
    const j = JSON.parse(
      (
        await call(
          'sql',
          "SELECT player, pr FROM players WHERE player = 'Kévin Unger'",
          '--library',
          main,
          '--json',
        )
      ).stdout,
    );
    expect(j[0].player).toBe('Kévin Unger');
    expect((await call('sql', 'SELECT 1 AS a, NULL AS b', '--library', main, '--csv')).stdout).toBe(
      'a,b\n1,\n',
    );
    // a DATE is a day; a TIMESTAMP keeps its time
    expect(
      (
        await call(
          'sql',
          "SELECT DATE '2023-01-04' AS d, TIMESTAMP '2023-01-04 10:30:00' AS t",
          '--library',
          main,
          '--csv',
        )
      ).stdout,
    ).toBe('d,t\n2023-01-04,2023-01-04T10:30:00.000Z\n');
    for (const w of [
      'DELETE FROM decisions',
      'INSERT INTO aliases VALUES (1, 2)',
      'CREATE TABLE x (a INT)',
      "COPY decisions TO '/tmp/x.csv'",
      'DROP VIEW players',
      'SELECT 1; DELETE FROM matches',
    ]) {
      // refused before it runs: a usage error (test/cli/sql-safety.test.ts tries every statement class)
      const r = await call('sql', w, '--library', main);
      expect(r.code, w).toBe(2);
      expect(r.stderr.trim().split('\n')).toHaveLength(1);
    }
    expect(sha(main)).toBe(before);
  });

  it('exports the decisions as Parquet, CSV and JSON lines', async () => {
    const [[n]] = (await query(main, 'SELECT count(*) FROM decisions')) as [[bigint]];
    for (const ext of ['parquet', 'csv', 'jsonl']) {
      const out = join(tmp, `decisions.${ext}`);
      const r = await call('export', out, '--library', main);
      expect(r.code, r.stderr).toBe(0);
      const reader = ext === 'parquet' ? 'read_parquet' : ext === 'csv' ? 'read_csv' : 'read_json';
      const inst = await DuckDBInstance.create(':memory:');
      const con = await inst.connect();
      const [[m]] = (await con.runAndReadAll(`SELECT count(*) FROM ${reader}('${out}')`)).getRowsJS() as [
        [bigint],
      ];
      con.closeSync();
      inst.closeSync();
      expect(m).toBe(n);
    }
    expect((await call('export', join(tmp, 'm.csv'), '--table', 'matches', '--library', main)).code).toBe(0);
  });
});

describe('atomic imports', () => {
  it('kill -9 during an import leaves a consistent library; importing again finishes the job', async () => {
    // the whole import: the reference folder's library
    const whole = await mainLibrary();
    const expected = (await call('stats', '--library', whole, '--json')).stdout;
    const expectedTable = await fileRoute('stats', REF, '--no-matches');
    const [[total]] = (await query(whole, 'SELECT count(*) FROM matches')) as [[bigint]];
    const partial: bigint[] = [];
    // the bytes of each file are appended to a pack beside the library before its rows are committed: the
    // pack's size tells how far the import has gone
    const stored = (path: string): number => {
      try {
        return readdirSync(`${path}.sources`)
          .filter((f) => f.endsWith('.bin'))
          .reduce((n, f) => n + statSync(join(`${path}.sources`, f)).size, 0);
      } catch {
        return 0;
      }
    };
    const all = stored(whole);
    for (const [i, k] of [0.03, 0.15, 0.35, 0.6, 0.85].map((x) => x * all).entries()) {
      const killed = lib(`killed-${i}.duckdb`);
      // small transactions, so the kill lands between and inside commits
      const child = spawn(process.execPath, [BIN, 'import', REF, '--library', killed, '--jobs', '1'], {
        env: { ...process.env, BDB_IMPORT_BATCH_ROWS: '200' },
        stdio: 'ignore',
      });
      const exited = new Promise((r) => child.once('exit', r));
      let done = false;
      void exited.then(() => {
        done = true;
      });
      for (let t = 0; t < 60_000 && !done && stored(killed) < k; t += 5)
        await new Promise((r) => setTimeout(r, 5));
      child.kill('SIGKILL');
      await exited;
      await checkConsistent(killed);
      const [[n]] = (await query(killed, 'SELECT count(*) FROM matches')) as [[bigint]];
      partial.push(n);
      const again = await call('import', REF, '--library', killed);
      expect(again.code, again.stderr).toBe(0);
      await checkConsistent(killed);
      expect((await call('stats', '--library', killed, '--json')).stdout).toBe(expected);
      expect((await call('stats', '--library', killed, '--no-matches')).stdout).toBe(expectedTable);
    }
    // at least one kill landed in the middle of the import
    expect(
      partial.some((n) => n > 0n && n < total),
      `matches at the kill: ${partial.join(', ')} of ${total}`,
    ).toBe(true);
    // eleven imports of the reference matches: minutes on a loaded machine
  }, 900_000);

  it('two imports at once on one library: the second waits, nothing is lost or doubled', async () => {
    const shared = lib('shared.duckdb');
    const run = (): Promise<number | null> =>
      new Promise((resolve) => {
        // the second waits for the first however long it takes (the default wait is 10 s: a loaded machine
        // imports the reference matches in more)
        const c = spawn(process.execPath, [BIN, 'import', REF, '--library', shared], {
          stdio: 'ignore',
          env: { ...process.env, BDB_LIBRARY_WAIT_MS: '600000' },
        });
        c.once('exit', resolve);
      });
    const codes = await Promise.all([run(), run()]);
    expect(codes).toEqual([0, 0]);
    await checkConsistent(shared);
    expect((await call('stats', '--library', shared, '--json')).stdout).toBe(
      await fileRoute('stats', REF, '--json'),
    );
  });
});

describe('bdb merge', () => {
  it('two halves imported apart and merged give the figures of one import', async () => {
    const a = lib('half-a.duckdb');
    const b = lib('half-b.duckdb');
    const merged = lib('merged.duckdb');
    const halfA = ['gnubg', 'mat', 'sgf'].map((d) => join(REF, d));
    const halfB = ['xg', 'xg-text', 'xgp'].map((d) => join(REF, d));
    expect((await call('import', ...halfA, '--library', a)).code).toBe(0);
    expect((await call('import', ...halfB, '--library', b)).code).toBe(0);
    const r = await call('merge', b, a, '--into', merged);
    expect(r.code, r.stderr).toBe(0);
    const whole = lib('halves-whole.duckdb');
    expect((await call('import', ...halfA, ...halfB, '--library', whole)).code).toBe(0);
    const expected = (await call('stats', '--library', whole, '--json')).stdout;
    const expectedTable = (await call('stats', ...halfA, ...halfB, '--no-matches')).stdout;
    expect((await call('stats', '--library', merged, '--json')).stdout).toBe(expected);
    // the per-person totals made after the merge too
    expect((await call('stats', '--library', merged, '--no-matches')).stdout).toBe(expectedTable);
    // merging again adds nothing
    expect((await call('merge', a, '--into', merged)).stdout).toMatch(/: 0 matches/);
    expect((await call('stats', '--library', merged, '--json')).stdout).toBe(expected);
  });
});

describe('bdb merge: a match held by both libraries', () => {
  it('is kept by the file first in path order, whichever library it came from', async () => {
    // g0001.sgf and g0001.txt: gnuBG's SGF and its text export of one match (one fingerprint)
    const sgf = lib('g0001-sgf.duckdb');
    const txt = lib('g0001-txt.duckdb');
    expect((await call('import', join(REF, 'gnubg', 'g0001.sgf'), '--library', sgf)).code).toBe(0);
    expect((await call('import', join(REF, 'gnubg', 'g0001.txt'), '--library', txt)).code).toBe(0);
    const expected = (
      await call('stats', join(REF, 'gnubg', 'g0001.sgf'), join(REF, 'gnubg', 'g0001.txt'), '--json')
    ).stdout;
    expect(JSON.parse(expected).duplicates).toHaveLength(1);
    const intoTxt = lib('into-txt.duckdb');
    cpSync(txt, intoTxt);
    cpSync(`${txt}.sources`, `${intoTxt}.sources`, { recursive: true });
    // the target holds the text export; the source's .sgf comes first in path order and takes the match
    expect((await call('merge', sgf, '--into', intoTxt)).stdout).toMatch(/: 1 match, 1 already held/);
    expect((await call('stats', '--library', intoTxt, '--json')).stdout).toBe(expected);
    const intoSgf = lib('into-sgf.duckdb');
    cpSync(sgf, intoSgf);
    cpSync(`${sgf}.sources`, `${intoSgf}.sources`, { recursive: true });
    expect((await call('merge', txt, '--into', intoSgf)).stdout).toMatch(/: 0 matches, 1 already held/);
    expect((await call('stats', '--library', intoSgf, '--json')).stdout).toBe(expected);
    expect((await call('plan', '--library', intoTxt, '--json')).stdout).toBe(
      (await call('plan', join(REF, 'gnubg', 'g0001.sgf'), join(REF, 'gnubg', 'g0001.txt'), '--json')).stdout,
    );
  });
});

describe('bad libraries: one line, exit 1, the file untouched', () => {
  it('a missing library', async () => {
    const r = await call('stats', '--library', lib('none.duckdb'));
    expect(r.code).toBe(1);
    expect(r.stderr.trim().split('\n')).toHaveLength(1);
    expect(r.stderr).toMatch(/no library here/);
  });

  it('a foreign file, a truncated library, a folder', async () => {
    const foreign = lib('foreign.duckdb');
    writeFileSync(foreign, 'this is a text file, not a library\n');
    const corrupt = lib('corrupt.duckdb');
    expect((await call('import', join(REF, 'xg'), '--library', corrupt)).code).toBe(0);
    truncateSync(corrupt, 5000);
    for (const [path, why] of [
      [foreign, /not a bdb library/],
      [corrupt, /cannot open|not a bdb library|corrupt/i],
      [tmp, /is a folder/],
    ] as const) {
      const before = path === tmp ? '' : sha(path);
      for (const args of [
        ['stats', '--library', path],
        ['import', join(REF, 'xg'), '--library', path],
        ['sql', 'SELECT 1', '--library', path],
      ]) {
        const r = await call(...args);
        expect(r.code, `${args.join(' ')}: ${r.stderr}`).toBe(1);
        expect(r.stderr).toMatch(why);
        expect(r.stderr.trim().split('\n')).toHaveLength(1);
      }
      if (path !== tmp) expect(sha(path)).toBe(before);
    }
  });

  it('a DuckDB file that is not a bdb library, and a library from a newer bdb', async () => {
    const other = lib('other.duckdb');
    const inst = await DuckDBInstance.create(other);
    const con = await inst.connect();
    await con.run('CREATE TABLE t (a INTEGER)');
    con.closeSync();
    inst.closeSync();
    const newer = lib('newer.duckdb');
    expect((await call('import', join(REF, 'xg'), '--library', newer)).code).toBe(0);
    const i2 = await DuckDBInstance.create(newer);
    const c2 = await i2.connect();
    await c2.run("UPDATE meta SET value = '99' WHERE key = 'schema_version'");
    c2.closeSync();
    i2.closeSync();
    for (const [path, why] of [
      [other, /not a bdb library/],
      [newer, /newer bdb/],
    ] as const) {
      const before = sha(path);
      for (const args of [
        ['stats', '--library', path],
        ['import', join(REF, 'xg'), '--library', path],
      ]) {
        const r = await call(...args);
        expect(r.code).toBe(1);
        expect(r.stderr).toMatch(why);
      }
      expect(sha(path)).toBe(before);
    }
  });

  it('a library locked by another process: a clear line after the wait', async () => {
    const locked = lib('locked.duckdb');
    expect((await call('import', join(REF, 'xg'), '--library', locked)).code).toBe(0);
    const holder = spawn(
      process.execPath,
      [
        '--input-type=module',
        '-e',
        `const {DuckDBInstance}=await import('@duckdb/node-api'); const i=await DuckDBInstance.create(${JSON.stringify(locked)}); await i.connect(); console.log('locked'); setTimeout(()=>{}, 20000);`,
      ],
      { cwd: fileURLToPath(new URL('../..', import.meta.url)), stdio: ['ignore', 'pipe', 'inherit'] },
    );
    await new Promise<void>((r) => holder.stdout.once('data', () => r()));
    try {
      const r = spawnSync(process.execPath, [BIN, 'stats', '--library', locked], {
        encoding: 'utf8',
        env: { ...process.env, BDB_LIBRARY_WAIT_MS: '300' },
      });
      expect(r.status).toBe(1);
      expect(r.stderr).toMatch(/in use by another process/);
      expect(r.stderr.trim().split('\n')).toHaveLength(1);
    } finally {
      holder.kill('SIGKILL');
    }
  });

  it('a file that cannot be read: one line, recorded with its error, the rest imported; tried again next time', async () => {
    const dir = join(tmp, 'with-bad');
    cpSync(join(REF, 'xg'), dir, { recursive: true });
    const bad = join(dir, 'zz-truncated.xg');
    writeFileSync(bad, readFileSync(join(REF, 'xg', 'test.xg')).subarray(0, 3000));
    const withBad = lib('with-bad.duckdb');
    const r = await call('import', dir, '--library', withBad);
    expect(r.code).toBe(1);
    expect(r.stdout).toMatch(/: 6 new, 0 unchanged, 0 duplicate, 1 failed/);
    const lines = r.stderr.trim().split('\n');
    expect(lines).toHaveLength(1);
    expect(lines[0]).toContain('zz-truncated.xg');
    // the library says what the file route says, errors included
    const viaFiles = JSON.parse((await call('stats', dir, '--json')).stdout);
    const viaLib = JSON.parse((await call('stats', '--library', withBad, '--json')).stdout);
    expect(viaLib).toEqual(viaFiles);
    expect(viaLib.failures).toHaveLength(1);
    // importing again tries the failed file again (and only it)
    const again = await call('import', dir, '--library', withBad);
    expect(again.stdout).toMatch(/: 0 new, 6 unchanged, 0 duplicate, 1 failed/);
  });

  it('without --library: BDB_LIBRARY, else XDG_DATA_HOME/bdb/library.duckdb', () => {
    const run = (env: Record<string, string>, ...args: string[]) =>
      spawnSync(process.execPath, [BIN, ...args], {
        encoding: 'utf8',
        env: { ...process.env, BDB_LIBRARY: '', XDG_DATA_HOME: '', ...env },
      });
    const viaEnv = lib('env.duckdb');
    expect(run({ BDB_LIBRARY: viaEnv }, 'import', join(REF, 'xg')).status).toBe(0);
    expect(existsSync(viaEnv)).toBe(true);
    const xdg = join(tmp, 'xdg');
    expect(run({ XDG_DATA_HOME: xdg }, 'import', join(REF, 'xg')).status).toBe(0);
    expect(existsSync(join(xdg, 'bdb', 'library.duckdb'))).toBe(true);
    const a = run({ XDG_DATA_HOME: xdg }, 'stats', '--library', '--json').stdout;
    expect(a).toBe(run({ BDB_LIBRARY: viaEnv }, 'stats', '--library', '--json').stdout);
    expect(JSON.parse(a).matches).toHaveLength(6);
  });

  it('copies: a file copied under another name is a duplicate; one game file of a text export is not', async () => {
    const dir = join(tmp, 'copies');
    mkdirSync(dir);
    for (const f of ['g0002.txt', 'g0002_002.txt', 'g0002_003.txt', 'g0002_004.txt', 'g0001.sgf'])
      cpSync(join(REF, 'gnubg', f), join(dir, f));
    // the first game of g0002's export alone: another (one-game) match; g0001.sgf again: the same match
    cpSync(join(REF, 'gnubg', 'g0002.txt'), join(dir, 'zz-game1-only.txt'));
    cpSync(join(REF, 'gnubg', 'g0001.sgf'), join(dir, 'zz-copy.sgf'));
    const copies = lib('copies.duckdb');
    expect((await call('import', dir, '--library', copies)).stdout).toMatch(
      /: 3 new, 0 unchanged, 1 duplicate, 0 failed/,
    );
    expect((await call('stats', '--library', copies, '--json')).stdout).toBe(
      (await call('stats', dir, '--json')).stdout,
    );
    // copies met in a later import (a whole text export under another name, the SGF again) are duplicates
    // of the files holding their matches, on one thread as with workers
    const more = join(tmp, 'more-copies');
    mkdirSync(more);
    const renamed: [string, string][] = [
      ['g0002.txt', 'again.txt'],
      ['g0002_002.txt', 'again_002.txt'],
      ['g0002_003.txt', 'again_003.txt'],
      ['g0002_004.txt', 'again_004.txt'],
      ['g0001.sgf', 'again.sgf'],
    ];
    for (const [from, to] of renamed) cpSync(join(REF, 'gnubg', from), join(more, to));
    // what the file route says of both folders (the copies set aside as duplicates)
    const both = (await call('stats', dir, more, '--json')).stdout;
    for (const jobs of ['0', '2']) {
      const into = lib(`copies-${jobs}.duckdb`);
      cpSync(copies, into);
      expect((await call('import', more, '--library', into, '--jobs', jobs)).stdout).toMatch(
        /: 0 new, 0 unchanged, 2 duplicate, 0 failed/,
      );
      expect((await call('stats', '--library', into, '--json')).stdout).toBe(both);
      expect(
        (
          await call(
            'sql',
            "SELECT path, status, same_as FROM files WHERE path LIKE '%again%' ORDER BY path",
            '--library',
            into,
            '--csv',
          )
        ).stdout,
      ).toBe(
        [
          'path,status,same_as',
          ...['again.sgf', 'again.txt', 'again_002.txt', 'again_003.txt', 'again_004.txt'].map(
            (f) => `${join(more, f)},duplicate,${join(dir, f.endsWith('.sgf') ? 'g0001.sgf' : 'g0002.txt')}`,
          ),
          '',
        ].join('\n'),
      );
    }
  });

  it('a file saved again replaces its match; its unchanged copy stays recorded, on one thread as with workers', async () => {
    for (const jobs of ['0', '2']) {
      const dir = join(tmp, `saved-again-${jobs}`);
      mkdirSync(dir);
      cpSync(join(REF, 'gnubg', 'g0001.sgf'), join(dir, 'a.sgf'));
      cpSync(join(REF, 'gnubg', 'g0001.sgf'), join(dir, 'b.sgf'));
      const into = lib(`saved-again-${jobs}.duckdb`);
      expect((await call('import', dir, '--library', into, '--jobs', jobs)).stdout).toMatch(
        /: 1 new, 0 unchanged, 1 duplicate, 0 failed/,
      );
      // a.sgf saved again (one more line at its end): its match is replaced, and with it the rows of its
      // duplicates; b.sgf, unchanged, is then recorded again as a duplicate of the new reading
      appendFileSync(join(dir, 'a.sgf'), '\n');
      expect((await call('import', dir, '--library', into, '--jobs', jobs)).stdout).toMatch(
        /: 1 new, 0 unchanged, 1 duplicate, 0 failed/,
      );
      expect(
        (
          await call(
            'sql',
            'SELECT path, status, same_as FROM files ORDER BY path',
            '--library',
            into,
            '--csv',
          )
        ).stdout,
      ).toBe(
        [
          'path,status,same_as',
          `${join(dir, 'a.sgf')},imported,`,
          `${join(dir, 'b.sgf')},duplicate,${join(dir, 'a.sgf')}`,
          '',
        ].join('\n'),
      );
    }
  });

  it('paths given twice and a folder inside another: each file once', async () => {
    const twice = lib('twice.duckdb');
    const xg = join(REF, 'xg');
    const r = await call('import', xg, join(xg, 'test.xg'), REF, '--library', twice);
    expect(r.code).toBe(0);
    const once = await mainLibrary();
    expect((await call('stats', '--library', twice, '--json')).stdout).toBe(
      (await call('stats', '--library', once, '--json')).stdout,
    );
  });
});

describe('one played match in several files', () => {
  // test.xg, gbf_test.sgf and gbf_test.mat hold one match (test/reference-matches/README.md)
  const files = [
    join(REF, 'xg', 'test.xg'),
    join(REF, 'sgf', 'gbf_test.sgf'),
    join(REF, 'mat', 'gbf_test.mat'),
  ];

  async function run(path: string, sql: string): Promise<void> {
    const inst = await DuckDBInstance.create(path);
    const con = await inst.connect();
    try {
      await con.run(sql);
    } finally {
      con.closeSync();
      inst.closeSync();
    }
  }

  it('is imported once, from XG, whatever the order; a better reading imported later takes it over', async () => {
    const expected = (await call('stats', ...files, '--json')).stdout;
    expect(JSON.parse(expected).matches).toHaveLength(1);
    const once = lib('readings-once.duckdb');
    expect((await call('import', ...[...files].reverse(), '--library', once)).stdout).toMatch(
      /1 new, 0 unchanged, 2 duplicate/,
    );
    expect((await call('stats', '--library', once, '--json')).stdout).toBe(expected);
    // the transcript first, then the SGF, then XG's file: each better reading takes the match over
    const later = lib('readings-later.duckdb');
    for (const f of [...files].reverse()) expect((await call('import', f, '--library', later)).code).toBe(0);
    expect((await call('stats', '--library', later, '--json')).stdout).toBe(expected);
    expect(await query(later, 'SELECT path, status, same_as FROM files ORDER BY path')).toEqual([
      [files[2], 'duplicate', files[0]],
      [files[1], 'duplicate', files[0]],
      [files[0], 'imported', null],
    ]);
    await checkConsistent(later);
  });

  it('a library of schema 3 holding it three times is upgraded to one match by import', async () => {
    const [a, b, c] = ['v3-a.duckdb', 'v3-b.duckdb', 'v3-c.duckdb'].map(lib) as [string, string, string];
    for (const [i, f] of files.entries())
      expect((await call('import', f, '--library', [a, b, c][i]!)).code).toBe(0);
    // schema 3 told the three readings apart (its fingerprint held the analyser): three matches
    for (const [path, k] of [
      [a, 'xg'],
      [b, 'sgf'],
      [c, 'mat'],
    ] as const)
      await run(path, `UPDATE matches SET fingerprint = sha256('schema 3 ${k}')`);
    expect((await call('merge', b, c, '--into', a)).code).toBe(0);
    expect(await query(a, 'SELECT count(*) FROM matches')).toEqual([[3n]]);
    // ids far apart: the step recomputes fingerprints one slice of MIGRATION_SLICE ids at a time (a slice
    // with none of them in between)
    await run(
      a,
      ['matches', 'games', 'decisions', 'match_players', 'files']
        .map((t) => `UPDATE ${t} SET match_id = match_id * ${MIGRATION_SLICE * 2 - 1}`)
        .join('; '),
    );
    expect(await query(a, 'SELECT match_id FROM matches ORDER BY 1')).toEqual(
      [1, 2, 3].map((k) => [k * (MIGRATION_SLICE * 2 - 1)]),
    );
    await run(
      a,
      "UPDATE meta SET value = '3' WHERE key = 'schema_version'; DELETE FROM meta WHERE key = 'migrated_4'",
    );
    expect((await call('stats', '--library', a, '--json')).stderr).toMatch(
      /needs upgrading: run bdb import once/,
    );
    expect((await call('import', files[0]!, '--library', a)).stdout).toMatch(/0 new, 1 unchanged/);
    expect(await query(a, 'SELECT count(*) FROM matches')).toEqual([[1n]]);
    expect((await call('stats', '--library', a, '--json')).stdout).toBe(
      (await call('stats', ...files, '--json')).stdout,
    );
    await checkConsistent(a);
  });
});
