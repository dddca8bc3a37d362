/**
 * xg/test.xg (HSBT Paris 2023, Kévin Unger vs Maxence Job, 7 points, XG 2.19 file v32, XG Roller++):
 * bdb's figures against those eXtreme Gammon displays for the match, as transcribed in
 * expected/test.xg.json, block "xg" (from kevung/blunderDB testdata/stats_reference/test.json).
 * Tolerances are the issue's: PR ±0.005, decision counts exact, equity per category ±0.001 (XG shows 3
 * decimals), MWC per category ±0.01 pp (XG shows 2 decimals; "51.2"/"49.1"/"2.1" are shown with fewer).
 */
import { readFileSync } from 'node:fs';
import { expect, test } from 'vitest';
import { analyseBytes } from '../../src/index.js';
import { defaultMet } from '../../src/metrics/match-report.js';
import { bytesOf, REF_DIR } from '../helpers/fixtures.js';

const expected = JSON.parse(readFileSync(`${REF_DIR}expected/test.xg.json`, 'utf8')).xg;

test('test.xg: PR, decisions, equity and MWC lost equal what XG displays', () => {
  const r = analyseBytes(bytesOf(`${REF_DIR}xg/test.xg`), 'test.xg', defaultMet());
  expect(r.format).toBe('xg');
  expect(r.players).toEqual(['Kévin Unger', 'Maxence Job']);
  expect(r.matchLength).toBe(7);
  for (const [seat, key] of [
    [0, 'player1'],
    [1, 'player2'],
  ] as const) {
    const e = expected[key];
    const s = r.stats[seat];
    expect(Math.abs(s.pr! - e.pr)).toBeLessThanOrEqual(0.005);
    expect(s.decisions).toEqual({
      total: e.total_decisions,
      checker: e.checker_unforced,
      double: e.double_decisions,
      take: e.take_decisions + e.pass_decisions,
    });
    const eq = (x: number | null, y: number) => expect(Math.abs(x! - y)).toBeLessThanOrEqual(0.001 + 1e-9);
    eq(s.equityError.total, e.total_equity_error_emg);
    eq(s.equityError.checker, e.checker_equity_error_emg);
    eq(s.equityError.double, e.double_equity_error_emg);
    eq(s.equityError.take, e.take_equity_error_emg);
    const mwc = (x: number | null, y: number) => expect(Math.abs(x! - y)).toBeLessThanOrEqual(0.01 + 1e-9);
    mwc(s.mwcLossPct.total, e.total_mwc_loss_pct);
    mwc(s.mwcLossPct.checker, e.checker_mwc_loss_pct);
    mwc(s.mwcLossPct.double, e.double_mwc_loss_pct);
    mwc(s.mwcLossPct.take, e.take_mwc_loss_pct);
    // L₇ of a 7-point match is XG's MWC loss (spec/metrics.md §3)
    mwc(s.l7Pct, e.total_mwc_loss_pct);
  }
});
