/**
 * Every usage error is one line `bdb: what (see bdb COMMAND --help)` and exit 2: commander's own errors
 * (unknown option or command, missing argument, bad choice) and bdb's (a bad option value), never a stack
 * trace.
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { call } from '../helpers/cli.js';
import { REF_DIR } from '../helpers/fixtures.js';

const TEST_XG = `${REF_DIR}xg/test.xg`;

describe('usage errors: one line with the pointer to the help, exit 2', () => {
  const lib = join(mkdtempSync(join(tmpdir(), 'bdb-errors-')), 'lib.duckdb');
  const cases: [string[], string][] = [
    // commander's own
    [['stats', '--foo', TEST_XG], "bdb: unknown option '--foo' (see bdb stats --help)"],
    [['stat', TEST_XG], "bdb: unknown command 'stat', did you mean stats? (see bdb --help)"],
    [['review'], "bdb: missing required argument 'file' (see bdb review --help)"],
    [
      ['stats', TEST_XG, '--thresholds'],
      "bdb: option '--thresholds <preset>' argument missing (see bdb stats --help)",
    ],
    [['tournament', 'pear'], "bdb: unknown command 'pear', did you mean pair? (see bdb tournament --help)"],
    [['alias', 'add', 'Niels'], "bdb: missing required argument 'other' (see bdb alias add --help)"],
    [['merge', lib], "bdb: required option '--into <path>' not specified (see bdb merge --help)"],
    // bdb's own
    [
      ['stats', TEST_XG, '--thresholds', 'snowie'],
      'bdb: --thresholds expects one of xg, gnubg, blunderdb, got "snowie" (see bdb stats --help)',
    ],
    [
      ['plan', TEST_XG, '--positions', '0'],
      'bdb: --positions expects a whole number from 1 to 50, got "0" (see bdb plan --help)',
    ],
    [['stats'], 'bdb: give match files or folders, or --library (see bdb stats --help)'],
    [['sql', 'SELECT 1', '--csv', '--json'], 'bdb: give --csv or --json, not both (see bdb sql --help)'],
    [
      ['alias', 'add', 'Niels', 'Niels', '--library', lib],
      'bdb: NAME and OTHER are the same spelling (see bdb alias add --help)',
    ],
    [['merge', lib, '--into', lib], `bdb: ${lib}: is the --into library itself (see bdb merge --help)`],
    [
      ['study', 'mark', 'nonsense', '--library', lib],
      'bdb: expected an XGID (XGID=…), a gnuBG Position ID (14 characters) or a family plan/nature/theme as bdb plan prints it (e.g. holding/checker/blots), got "nonsense" (see bdb study mark --help)',
    ],
  ];
  for (const [args, line] of cases) {
    it(`bdb ${args.join(' ')}`, async () => {
      const r = await call(...args);
      expect(r.code, r.stderr).toBe(2);
      expect(r.stdout).toBe('');
      expect(r.stderr).toBe(`${line}\n`);
    });
  }
});
