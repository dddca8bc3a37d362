// ℓ = e × (W − Λ)/2 (spec/metrics.md §1.3): the worked values with the Kazaross-XG2 table.
import { expect, test } from 'vitest';
import { defaultMet } from '../../../src/metrics/match-report.js';
import { mwcLoss } from '../../../src/metrics/mwc-loss.js';
import { cube } from './helpers.js';

const met = defaultMet();

test('7-point 0–0, cube 1: e = 0.010 → ℓ = 0.0626 %', () => {
  expect((100 * mwcLoss(met, cube('double', 0, 0), 0.01)!).toFixed(4)).toBe('0.0626');
});
test('7-point 0–0, cube 2: factor 0.12638', () => {
  expect((mwcLoss(met, cube('double', 0, 0, 1, { cubeValue: 2 }), 1)! / 1).toFixed(5)).toBe('0.12638');
});
test('take/pass use the cube before the double, as stored on the decision', () => {
  const take = cube('take', 0, 0, 1, { player: 1, cubeValue: 1 });
  expect(mwcLoss(met, take, 1)!.toFixed(5)).toBe('0.06261');
});
test('DMP: factor 0.5', () => {
  expect(mwcLoss(met, cube('double', 0, 0, 1, { matchLength: 1 }), 1)).toBeCloseTo(0.5, 6);
});
test('money: no MWC (null, never 0)', () => {
  expect(mwcLoss(met, cube('double', 0, 0, 1, { matchLength: 0 }), 0.1)).toBeNull();
});
