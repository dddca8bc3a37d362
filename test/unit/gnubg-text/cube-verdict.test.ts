/**
 * gnuBG's "Proper cube action" line and the ties it settles. Lines and values are copied from the text
 * exports of ../shared/reference-matches/gnubg-generated/ (gnuBG 1.07.001), with the SGF's unrounded values
 * of the same decisions quoted for the ties.
 */
import { describe, expect, test } from 'vitest';
import { parseCubeVerdict, refineCube } from '../../../src/parsers/gnubg-text/cube-verdict.js';

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

describe('refineCube', () => {
  test('g0004_004.txt line 1859: ND and DP both print +1.000, "Double, pass": ND < DP', () => {
    const r = refineCube({ nd: 1, dt: 1.831, dp: 1 }, { action: 'double', response: 'pass' });
    expect(r.nd).toBeLessThan(1);
    expect(r.nd).toBeGreaterThan(1 - 1e-6);
    expect([r.dt, r.dp]).toEqual([1.831, 1]);
  });
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
  test('values that are not tied stay as printed', () => {
    const v = { nd: 0.329, dt: 0.169, dp: 1 };
    expect(refineCube(v, { action: 'no-double', response: 'take' })).toEqual(v);
    const w = { nd: 0.5, dt: 0.7, dp: 1 };
    expect(refineCube(w, { action: 'double', response: 'take' })).toEqual(w);
  });
});
