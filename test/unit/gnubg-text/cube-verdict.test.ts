/**
 * gnuBG's "Proper cube action" line and the ties it settles. Lines and values are copied from the text
 * exports of the gnubg-generated set (gnuBG 1.07.001; ../shared/reference-matches/gnubg-generated/, not read
 * here), with the SGF's unrounded values of the same decisions quoted for the ties.
 */
import { describe, expect, test } from 'vitest';
import {
  asMissedDouble,
  isMissedDoubleTie,
  parseCubeVerdict,
  refineCube,
  withActionAlert,
} from '../../../src/parsers/gnubg-text/cube-verdict.js';

describe('parseCubeVerdict', () => {
  test.each([
    ['Proper cube action: No double, take (24.5%)', 'no-double', 'take'],
    ['Proper cube action: No redouble, beaver (22.6%)', 'no-double', 'take'],
    ['Proper cube action: Double, pass', 'double', 'pass'],
    ['Proper cube action: Redouble, take', 'double', 'take'],
    ['Proper cube action: Too good to double, pass (29.0%)', 'too-good', 'pass'],
    ['Proper cube action: Too good to redouble, take', 'too-good', 'take'],
  ])('%s', (line, action, response) => {
    expect(parseCubeVerdict(line)).toEqual({ action, response });
  });
  test('other lines', () => {
    expect(parseCubeVerdict('Proper cube action: n/a')).toBeNull();
    expect(parseCubeVerdict('Rolled 53 (+0.000):')).toBeNull();
  });
});

describe('refineCube: the orders a verdict implies (gnuBG FindBestCubeDecision)', () => {
  test('g0005 game 4: DT 1.0000113 prints +1.000, "Double, pass": DT > DP', () => {
    const r = refineCube({ nd: 0.805, dt: 1, dp: 1 }, { action: 'double', response: 'pass' });
    expect(r.dt).toBeGreaterThan(1);
    expect(r.dt).toBeLessThan(1 + 1e-6);
    expect(r.nd).toBe(0.805);
  });
  test('too good: ND > DP when they print equal', () => {
    const r = refineCube({ nd: 1, dt: 1.6, dp: 1 }, { action: 'too-good', response: 'pass' });
    expect(r.nd).toBeGreaterThan(1);
  });
  test('"No double": ND > DT when they print equal (a double there is a wrong double)', () => {
    // hand-made: ND and DT both print +0.557; gnuBG says no double only when ND > DT
    const r = refineCube({ nd: 0.557, dt: 0.557, dp: 1 }, { action: 'no-double', response: 'take' });
    expect(r.nd).toBeGreaterThan(r.dt);
    expect(r.nd - r.dt).toBeLessThan(1e-6);
  });
  test('"take": DT < DP when they print equal (a pass there is a wrong pass)', () => {
    const r = refineCube({ nd: 0.8, dt: 1, dp: 1 }, { action: 'double', response: 'take' });
    expect(r.dt).toBeLessThan(1);
    expect(r.dt).toBeGreaterThan(1 - 1e-6);
  });
  test('"Double" with ND printed equal to DP: the tie stays (gnuBG doubles when DP ≥ ND)', () => {
    // Seiferdrengen - Llabba … 2023_01_04 14_23_00_002.txt line 2570 (test/history/llabba): ND and DP +1.000,
    // "Redouble, pass"; gnuBG's statistics count no missed double there
    const v = { nd: 1, dt: 1.272, dp: 1 };
    expect(refineCube(v, { action: 'double', response: 'pass' })).toEqual({ ...v, dt: 1.272 });
  });
  test('values that are not tied stay as printed', () => {
    const v = { nd: 0.329, dt: 0.169, dp: 1 };
    expect(refineCube(v, { action: 'no-double', response: 'take' })).toEqual(v);
    const w = { nd: 0.5, dt: 0.7, dp: 1 };
    expect(refineCube(w, { action: 'double', response: 'take' })).toEqual(w);
  });
});

describe('ties only the alerts or the per-game counts settle', () => {
  const doublePass = { action: 'double', response: 'pass' } as const;
  test('a "-0.000" missed-double alert on a printed tie is undecided; "+0.000" means ND ≥ DP', () => {
    // g0004_004.txt line 1857 (gnubg-generated): "Alert: missed double (-0.000)!", ND and DP +1.000,
    // "Double, pass"; Seiferdrengen … _002.txt line 2430 (test/history/llabba): the same with "(+0.000)"
    const v = { nd: 1, dt: 1.831, dp: 1 };
    expect(isMissedDoubleTie(v, doublePass, true)).toBe(true);
    expect(isMissedDoubleTie(v, doublePass, false)).toBe(false);
    expect(isMissedDoubleTie({ ...v, nd: 0.998 }, doublePass, true)).toBe(false);
    const counted = asMissedDouble(v);
    expect(counted.nd).toBeLessThan(1);
    expect(counted.nd).toBeGreaterThan(1 - 1e-6);
  });
  test("an action's own alert breaks its tie: wrong double, wrong take, wrong pass", () => {
    // g0002.txt line 3061 (gnubg-generated): "Alert: wrong double (-0.000)!", ND and DP +1.000, "Redouble,
    // pass"; gnuBG's g0002.stats.txt counts 2 wrong doubles above TG for Kévin, this one among them
    const w = withActionAlert({ nd: 1, dt: 2.31, dp: 1 }, 'wrong double');
    expect(w.nd).toBeGreaterThan(1);
    expect(withActionAlert({ nd: 0.8, dt: 1, dp: 1 }, 'wrong take').dt).toBeGreaterThan(1);
    expect(withActionAlert({ nd: 0.8, dt: 1, dp: 1 }, 'wrong pass').dt).toBeLessThan(1);
    // not tied: as printed
    const v = { nd: 1.2, dt: 2, dp: 1 };
    expect(withActionAlert(v, 'wrong double')).toEqual(v);
  });
});
