/**
 * `bdb progress` on a real history: Llabba's 79 Backgammon Studio matches, January 2023 – January 2024,
 * analysed by gnuBG 1.07 at 4-ply (test/history/README.md). Each period's figures must be those of
 * `bdb stats` restricted to the same matches (`--since`/`--until`, issue 12's check), on the library and on
 * the files alike.
 */
import { cpSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call } from '../helpers/cli.js';
import { SchemaChecker } from '../helpers/json-schema.js';

const LLABBA = fileURLToPath(new URL('../history/llabba', import.meta.url));
const tmp = mkdtempSync(join(tmpdir(), 'bdb-progress-'));
const lib = join(tmp, 'llabba.duckdb');
// the files spell the player "Llabba" in 69 matches and "llabba" in 9 (October 2023 and January 2024):
// one person, told with an alias; one match of the folder is between two other players
const ALIAS = ['--alias', 'Llabba=llabba'];

afterAll(() => rmSync(tmp, { recursive: true, force: true }));

interface Period {
  label: string;
  from: string;
  to: string;
  matches: number;
  decisions: number;
  pr: number | null;
  prLow: number | null;
  prHigh: number | null;
  l7MwcPct: number | null;
  l7MwcPctLow: number | null;
  l7MwcPctHigh: number | null;
  level: string | null;
}

/** The last day of the month of an ISO day. */
function monthEnd(day: string): string {
  const [y, m] = day.split('-').map(Number);
  return new Date(Date.UTC(y!, m!, 0)).toISOString().slice(0, 10);
}

describe('bdb progress on Llabba’s history', () => {
  let report: {
    player: string;
    by: string;
    periods: Period[];
    overall: Period;
    undated: number;
    trend: unknown;
  };
  beforeAll(async () => {
    const r = await call('import', LLABBA, '--library', lib);
    expect(r.code, r.stderr).toBe(0);
    const p = await call('progress', '--library', lib, ...ALIAS, '--json');
    expect(p.code, p.stderr).toBe(0);
    report = JSON.parse(p.stdout);
  }, 180_000);

  it('follows the player in most matches, month by month over the year', () => {
    expect(report.player).toBe('Llabba');
    expect(report.by).toBe('month');
    expect(report.undated).toBe(0);
    expect(report.overall.matches).toBe(78);
    // January to November 2023 and January 2024, as dated in the files
    expect(report.periods.map((p) => p.label)).toEqual([
      '2023-01',
      '2023-02',
      '2023-03',
      '2023-04',
      '2023-05',
      '2023-06',
      '2023-07',
      '2023-08',
      '2023-09',
      '2023-10',
      '2023-11',
      '2024-01',
    ]);
    expect(report.periods.reduce((n, p) => n + p.matches, 0)).toBe(78);
  });

  it('the JSON conforms to docs/schema/progress.schema.json', () => {
    expect(new SchemaChecker().errors(report, 'docs/schema/progress.schema.json')).toEqual([]);
  });

  it('every month, and the whole year, equals bdb stats over the same dates', async () => {
    for (const p of [...report.periods, report.overall]) {
      const since = p.label === 'all' ? p.from : `${p.label}-01`;
      const until = p.label === 'all' ? p.to : monthEnd(p.from);
      const r = await call(
        'stats',
        '--library',
        lib,
        ...ALIAS,
        '--player',
        'Llabba',
        '--since',
        since,
        '--until',
        until,
        '--json',
      );
      expect(r.code, r.stderr).toBe(0);
      const s = JSON.parse(r.stdout).players[0];
      expect([
        p.label,
        p.matches,
        p.decisions,
        p.pr,
        p.prLow,
        p.prHigh,
        p.l7MwcPct,
        p.l7MwcPctLow,
        p.l7MwcPctHigh,
        p.level,
      ]).toEqual([
        p.label,
        s.matches,
        s.decisions.total,
        s.pr,
        s.prInterval.low,
        s.prInterval.high,
        s.l7MwcPct,
        s.l7MwcPctInterval.low,
        s.l7MwcPctInterval.high,
        s.level,
      ]);
    }
  });

  it('the file route gives the same report; groups of N matches and quarters cover every match', async () => {
    expect((await call('progress', LLABBA, ...ALIAS, '--json')).stdout).toBe(
      (await call('progress', '--library', lib, ...ALIAS, '--json')).stdout,
    );
    const by10 = JSON.parse(
      (await call('progress', '--library', lib, ...ALIAS, '--by', '10', '--json')).stdout,
    );
    expect(by10.periods.map((p: Period) => p.matches)).toEqual([10, 10, 10, 10, 10, 10, 10, 8]);
    expect(by10.periods[0].label).toBe('matches 1–10');
    const q = JSON.parse(
      (await call('progress', '--library', lib, ...ALIAS, '--by', 'quarter', '--json')).stdout,
    );
    expect(q.periods.map((p: Period) => p.label)).toEqual([
      '2023-Q1',
      '2023-Q2',
      '2023-Q3',
      '2023-Q4',
      '2024-Q1',
    ]);
    expect(q.overall).toEqual(report.overall);
  });

  it('from the stored totals (aliases stored, no filter) the report equals the files route, every grouping and preset', async () => {
    // the alias stored in a copy: progress then reads each period's stored totals (src/library/totals.ts)
    const stored = join(tmp, 'stored-alias.duckdb');
    cpSync(lib, stored);
    cpSync(`${lib}.sources`, `${stored}.sources`, { recursive: true });
    expect((await call('alias', 'add', 'Llabba', 'llabba', '--library', stored)).code).toBe(0);
    const periods = await call(
      'sql',
      "SELECT count(*) AS n FROM person_periods WHERE person = 'Llabba'",
      '--library',
      stored,
      '--json',
    );
    expect(JSON.parse(periods.stdout)[0].n).toBeGreaterThan(12);
    for (const extra of [[], ['--by', 'quarter'], ['--by', 'year'], ['--thresholds', 'gnubg']]) {
      const files = await call('progress', LLABBA, ...ALIAS, '--json', ...extra);
      expect(files.code, files.stderr).toBe(0);
      expect((await call('progress', '--library', stored, '--json', ...extra)).stdout).toBe(files.stdout);
      // a filter keeping every match reads the matches instead: the same report
      expect(
        (await call('progress', '--library', stored, '--json', '--since', '2000-01-01', ...extra)).stdout,
      ).toBe(files.stdout);
    }
    expect((await call('progress', '--library', stored, '--player', 'Llabba')).stdout).toBe(
      (await call('progress', LLABBA, ...ALIAS, '--player', 'Llabba')).stdout,
    );
  }, 120_000);

  it('the table: one row per month, the whole history, the chart and the trend sentence', async () => {
    const r = await call('progress', '--library', lib, '--player', 'Llabba', ...ALIAS);
    expect(r.code).toBe(0);
    expect(r.stdout).toMatch(/^Llabba: progress by month, 78 dated matches/);
    expect(r.stdout).toContain('2023-06');
    expect(r.stdout).toMatch(/│ All /);
    expect(r.stdout).toContain('●');
    expect(r.stdout).toMatch(
      /Trend over 78 matches: PR [+-]\d+\.\d\d per 100 matches \(95 %: [^)]+\): (improving|worsening|no clear trend)( \(the interval holds 0\))?\./,
    );
    expect(r.stdout).not.toMatch(/NaN/);
  });

  it('an unknown player: one line naming the closest, exit 1; a bad --by: usage error', async () => {
    const r = await call('progress', '--library', lib, '--player', 'Llaba');
    expect(r.code).toBe(1);
    expect(r.stderr.trim()).toBe("bdb: no player 'Llaba' — did you mean 'Llabba' or 'llabba'?");
    const bad = await call('progress', '--library', lib, '--by', 'week');
    expect(bad.code).toBe(2);
    expect(bad.stderr).toMatch(/--by expects month, quarter, year or a number of matches/);
  });

  it('--html writes a standalone page with the chart', async () => {
    const out = join(tmp, 'progress.html');
    expect((await call('progress', '--library', lib, '--html', out)).code).toBe(0);
    const html = readFileSync(out, 'utf8');
    expect(html).toMatch(/^<!DOCTYPE html>/i);
    expect(html).toContain('<svg');
    expect(html).toContain('Llabba');
    expect(html).not.toMatch(/https?:\/\/(?!www\.w3\.org)/);
  });
});
