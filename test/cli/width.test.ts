/**
 * Output that fits the terminal (issue 14): with a width (BDB_COLUMNS, or a real terminal's columns) every
 * line a reading command prints on stdout fits it, nothing lost (every XGID still whole); piped, the lines
 * are as long as they are (the per-person table of `stats` is 154 columns on one line per row). The matches
 * are the real test/reference-matches/xg/test.xg (Kévin Unger vs Maxence Job: Latin names, so one column
 * per code point) and Llabba's history (test/history/README.md).
 */
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { describe, expect, test } from 'vitest';
import { BIN, call, callWith } from '../helpers/cli.js';
import { REF_DIR } from '../helpers/fixtures.js';

const TEST_XG = `${REF_DIR}xg/test.xg`;
const LLABBA = fileURLToPath(new URL('../history/llabba', import.meta.url));

/** The widest line, in code points (the outputs here have no wide character). */
const widest = (text: string): number => Math.max(...text.split('\n').map((l) => [...l].length));

/**
 * The lines wider than `columns`, but for a lone word longer than a line (a file path under the test
 * folder's absolute path): that one keeps its own line, whole, so that it can be copied.
 */
const over = (text: string, columns: number): string[] =>
  text.split('\n').filter((l) => [...l].length > columns && /\s/.test(l.trim()));

const COMMANDS: readonly (readonly string[])[] = [
  ['stats', TEST_XG],
  ['biases', TEST_XG],
  ['plan', TEST_XG],
  ['review', TEST_XG],
  ['progress', '--by', 'quarter', '--alias', 'Llabba=llabba', LLABBA],
  ['tournament', 'standings', `${REF_DIR}xg`],
  // with text boards: the lines around each board wrap, the boards are at most 80 columns
  ['biases', '--boards', TEST_XG],
  ['plan', '--boards', '--positions', '3', TEST_XG],
  ['review', '--ascii', TEST_XG],
];

const XGID = /XGID=[-a-pA-P]{26}(:-?\d+){9}/g;

describe('text that fits the width', () => {
  test.each([80, 100])('at %i columns, every line of every reading command fits', async (columns) => {
    for (const args of COMMANDS) {
      const r = await callWith({ env: { BDB_COLUMNS: String(columns) } }, ...args);
      expect(r.code, args.join(' ')).toBe(0);
      expect(over(r.stdout, columns), args.join(' ')).toEqual([]);
    }
  });

  test('piped: full lines (the per-person table of stats is wider than 150 columns, one line per row)', async () => {
    const r = await call('stats', '--no-matches', TEST_XG);
    expect(r.code).toBe(0);
    expect(widest(r.stdout)).toBeGreaterThan(150);
    const head = r.stdout.split('\n').find((l) => l.startsWith('│ Player'))!;
    for (const h of ['Matches', 'PR 95 %', 'Equity lost', 'MWC lost', 'Elo', 'Snowie'])
      expect(head).toContain(h);
  });

  test('at 80 columns nothing is lost: the same figures, every XGID of the plan whole', async () => {
    const full = (await call('plan', TEST_XG)).stdout;
    const narrow = (await callWith({ env: { BDB_COLUMNS: '80' } }, 'plan', TEST_XG)).stdout;
    expect(narrow.match(XGID)?.sort()).toEqual(full.match(XGID)?.sort());
    const stats = (await callWith({ env: { BDB_COLUMNS: '80' } }, 'stats', '--no-matches', TEST_XG)).stdout;
    // XG 2.19 shows PR 7.79 and 13.87 for this match (test/reference-matches/README.md)
    for (const cell of ['Kévin Unger', 'Maxence Job', '7.79', '13.87', 'Snowie'])
      expect(stats).toContain(cell);
  });

  test("on a terminal of 70 columns (a real one: util-linux script), the terminal's width is used", () => {
    const cmd = `stty cols 70 rows 50; '${process.execPath}' '${BIN}' stats --no-matches '${TEST_XG}'`;
    const r = spawnSync('script', ['-qec', cmd, '/dev/null'], { encoding: 'utf8', timeout: 120_000 });
    expect(r.status).toBe(0);
    const out = r.stdout.replaceAll('\r', '');
    expect(out).toContain('Players over 1 match');
    expect(widest(out)).toBeLessThanOrEqual(70);
  });

  test('BDB_COLUMNS=0: no limit, as piped; not a number: a usage error', async () => {
    expect((await callWith({ env: { BDB_COLUMNS: '0' } }, 'stats', TEST_XG)).stdout).toBe(
      (await call('stats', TEST_XG)).stdout,
    );
    const bad = await callWith({ env: { BDB_COLUMNS: 'wide' } }, 'stats', TEST_XG);
    expect(bad.code).toBe(2);
    expect(bad.stderr).toBe(
      'bdb: BDB_COLUMNS expects a number of columns (0: no limit), got "wide" (see bdb stats --help)\n',
    );
  });
});
