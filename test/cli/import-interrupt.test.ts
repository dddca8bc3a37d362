/**
 * Interrupted imports lose little and leave nothing (issue 37, item 7): Ctrl-C (SIGINT) or SIGTERM stops an
 * import in one line with the usual exit code (128 + the signal's number: 130, 143), keeps the files read
 * so far and leaves no temporary CSV; a pack of sources written by a run killed before its commit is
 * reclaimed by the next import; commits come every few seconds of work (BDB_IMPORT_BATCH_MS), so a kill
 * loses little. After each, importing again gives the figures of the file route (`bdb stats FILES`), which
 * test/reference-matches/*.test.ts check against XG and gnuBG.
 *
 * How far an import has gone is read from the size of its pack (`LIBRARY.sources/pack-*.bin`): each file's
 * bytes are appended to it as the file is stored, before its rows are committed (src/library/sources.ts).
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, readdirSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { DuckDBInstance } from '@duckdb/node-api';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BIN, bdb } from '../helpers/cli.js';

const REF = fileURLToPath(new URL('../reference-matches', import.meta.url));
const tmp = mkdtempSync(join(tmpdir(), 'bdb-interrupt-'));
const lib = (name: string): string => join(tmp, name);
afterAll(() => rmSync(tmp, { recursive: true, force: true }));

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

async function count(path: string, sql: string): Promise<number> {
  return Number((await query(path, sql))[0]![0]);
}

/** The pack files in a library's sources folder. */
function packs(path: string): string[] {
  try {
    return readdirSync(`${path}.sources`)
      .filter((f) => /^pack-.*\.bin$/.test(f))
      .sort();
  } catch {
    return [];
  }
}

/** The bytes written to a library's packs so far. */
function stored(path: string): number {
  return packs(path).reduce((n, f) => n + statSync(join(`${path}.sources`, f)).size, 0);
}

/** The packs the library's `sources` rows name. */
async function referenced(path: string): Promise<string[]> {
  return (await query(path, 'SELECT DISTINCT pack FROM sources ORDER BY pack')).map((r) => String(r[0]));
}

/** The temporary CSV files of imports left in the test's folder. */
function leftCsv(): string[] {
  return readdirSync(tmp).filter((f) => /\.import-\d+\.csv$/.test(f));
}

/** Every stored match is whole: its seats, games and decisions as many as its rows say. */
async function expectConsistent(path: string): Promise<void> {
  const bad = await query(
    path,
    `SELECT m.match_id FROM matches m
       LEFT JOIN (SELECT match_id, count(*) n FROM match_players GROUP BY 1) p USING (match_id)
       LEFT JOIN (SELECT match_id, count(*) n, sum(decisions) d FROM games GROUP BY 1) g USING (match_id)
       LEFT JOIN (SELECT match_id, count(*) n FROM decisions GROUP BY 1) d USING (match_id)
     WHERE coalesce(p.n, 0) <> 2 OR coalesce(g.n, 0) <> m.games OR coalesce(g.d, 0) <> coalesce(d.n, 0)`,
  );
  expect(bad).toEqual([]);
}

interface Run {
  readonly child: ChildProcess;
  readonly exited: Promise<{ code: number | null; signal: NodeJS.Signals | null; stderr: string }>;
  done: boolean;
}

/** Starts `bdb import REF --library path` with extra environment variables. */
function startImport(path: string, env: Record<string, string> = {}): Run {
  const child = spawn(process.execPath, [BIN, 'import', REF, '--library', path], {
    env: { ...process.env, NO_COLOR: '1', ...env },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let stderr = '';
  child.stderr!.setEncoding('utf8').on('data', (s: string) => {
    stderr += s;
  });
  const run: Run = {
    child,
    done: false,
    exited: new Promise((resolve) =>
      child.once('close', (code, signal) => {
        run.done = true;
        resolve({ code, signal, stderr });
      }),
    ),
  };
  return run;
}

/** Waits until the run has written `bytes` to its packs (or has ended); whether it is still running. */
async function waitStored(run: Run, path: string, bytes: number): Promise<boolean> {
  for (let t = 0; t < 120_000 && !run.done && stored(path) < bytes; t += 5)
    await new Promise((r) => setTimeout(r, 5));
  return !run.done;
}

/** Importing again finishes the job: exit 0, only referenced packs, the figures of the file route. */
async function expectFinishes(path: string, fileJson: string): Promise<void> {
  const again = bdb('import', REF, '--library', path);
  expect(again.code, again.stderr).toBe(0);
  await expectConsistent(path);
  expect(packs(path)).toEqual(await referenced(path));
  expect(leftCsv()).toEqual([]);
  expect(bdb('stats', '--library', path, '--json').stdout).toBe(fileJson);
}

describe('interrupted imports', () => {
  /** The bytes the whole reference folder leaves in a pack, and its units (files, or a text export's games). */
  let all = 0;
  let units = 0;
  let fileJson = '';
  beforeAll(async () => {
    const whole = lib('whole.duckdb');
    const r = bdb('import', REF, '--library', whole);
    expect(r.code, r.stderr).toBe(0);
    all = stored(whole);
    units = await count(whole, 'SELECT count(DISTINCT unit) FROM files');
    fileJson = bdb('stats', REF, '--json').stdout;
    expect(bdb('stats', '--library', whole, '--json').stdout).toBe(fileJson);
  });

  for (const [signal, code] of [
    ['SIGINT', 130],
    ['SIGTERM', 143],
  ] as const) {
    it(`${signal} mid-import: one line, exit ${code}, the files read so far kept, no temporary file left`, async () => {
      const path = lib(`${signal}.duckdb`);
      const run = startImport(path);
      // "after the first progress": a quarter of the files' bytes are in the pack
      expect(await waitStored(run, path, all / 4), 'the import ended before the signal').toBe(true);
      run.child.kill(signal);
      const end = await run.exited;
      expect(end.signal).toBeNull();
      expect(end.code, end.stderr).toBe(code);
      const lines = end.stderr.split('\n').filter((l) => l !== '');
      expect(lines).toHaveLength(1);
      const m = /^bdb: stopped: (\d+) of (\d+) files imported, the rest not/.exec(lines[0]!);
      expect(m, lines[0]).not.toBeNull();
      const kept = Number(m![1]);
      expect(Number(m![2])).toBe(units);
      expect(kept).toBeGreaterThan(0);
      expect(kept).toBeLessThan(units);
      expect(leftCsv()).toEqual([]);
      // what the line says is what the library holds: the units it stored were committed, whole
      expect(await count(path, 'SELECT count(DISTINCT unit) FROM files')).toBe(kept);
      await expectConsistent(path);
      expect(packs(path)).toEqual(await referenced(path));
      await expectFinishes(path, fileJson);
    }, 300_000);
  }

  it('import --help names the exit codes of a stop', () => {
    const help = bdb('import', '--help').stdout.replace(/\s+/g, ' ');
    expect(help).toContain('130/143 stopped by Ctrl-C or SIGTERM (the files imported so far are kept).');
  });

  it('a second Ctrl-C stops at once; importing again finishes the job', async () => {
    const path = lib('twice.duckdb');
    const run = startImport(path);
    expect(await waitStored(run, path, all / 4), 'the import ended before the signal').toBe(true);
    run.child.kill('SIGINT');
    // two signals sent at once may arrive as one: the second a moment later, while the first stop commits
    await new Promise((r) => setTimeout(r, 20));
    if (!run.done) run.child.kill('SIGINT');
    const end = await run.exited;
    // ended by the signal itself, in one line; or the first stop had finished before the second came
    if (end.signal === 'SIGINT')
      expect(end.stderr).toBe(
        'bdb: stopped at once: the files committed so far are kept; import again to finish\n',
      );
    else expect(end.code, end.stderr).toBe(130);
    expect(leftCsv()).toEqual([]);
    await expectConsistent(path);
    await expectFinishes(path, fileJson);
  }, 300_000);

  it('kill -9 before the first commit: the next import reclaims the unused pack', async () => {
    const path = lib('orphan.duckdb');
    // one transaction for the whole import: the kill lands before its commit
    const run = startImport(path, { BDB_IMPORT_BATCH_ROWS: '1000000000', BDB_IMPORT_BATCH_MS: '1000000000' });
    expect(await waitStored(run, path, all / 2), 'the import ended before the kill').toBe(true);
    run.child.kill('SIGKILL');
    await run.exited;
    const orphans = packs(path);
    expect(orphans).toHaveLength(1);
    expect(await count(path, 'SELECT count(*) FROM matches')).toBe(0);
    expect(await referenced(path)).toEqual([]);
    await expectFinishes(path, fileJson);
    expect(packs(path)).not.toContain(orphans[0]);
    expect(packs(path)).toHaveLength(1);
  }, 300_000);

  it('commits come every few seconds of work: kill -9 mid-import keeps the matches committed so far', async () => {
    const path = lib('bounded.duckdb');
    // a time bound of 50 ms (the default is a few seconds); the row bound as by default
    const run = startImport(path, { BDB_IMPORT_BATCH_MS: '50' });
    expect(await waitStored(run, path, all * 0.6), 'the import ended before the kill').toBe(true);
    run.child.kill('SIGKILL');
    await run.exited;
    await expectConsistent(path);
    expect(await count(path, 'SELECT count(*) FROM matches')).toBeGreaterThan(0);
    await expectFinishes(path, fileJson);
  }, 300_000);
});
