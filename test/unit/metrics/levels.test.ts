// PR level bands (spec/metrics.md §16): World-class < 3 ≤ Expert < 5 ≤ Advanced < 8 ≤ Intermediate ≤ 12 < Beginner.
import { expect, test } from 'vitest';
import { prLevel } from '../../../src/metrics/levels.js';

test.each([
  [0, 'World-class'],
  [2.99, 'World-class'],
  [3, 'Expert'],
  [4.99, 'Expert'],
  [5, 'Advanced'],
  [7.99, 'Advanced'],
  [8, 'Intermediate'],
  [11.99, 'Intermediate'],
  [12, 'Intermediate'],
  [12.01, 'Beginner'],
  [40, 'Beginner'],
])('PR %s → %s', (pr, level) => {
  expect(prLevel(pr)).toBe(level);
});

test('a floating-point residue off a bound is read as the bound', () => {
  expect((500 * (0.018 + -0.006)) / 2).toBe(2.9999999999999996);
  expect(prLevel((500 * (0.018 + -0.006)) / 2)).toBe('Expert');
  expect(prLevel((500 * (0.002 + 0.018)) / 2)).toBe('Advanced'); // 4.999999999999999
  expect(prLevel((500 * (0.005 + 0.043)) / 3)).toBe('Intermediate'); // 7.999999999999999
  expect(prLevel((500 * (0.002 + 0.07)) / 3)).toBe('Intermediate'); // 12.000000000000002
});

test('no PR → no level', () => {
  expect(prLevel(null)).toBeNull();
  expect(prLevel(Number.NaN)).toBeNull();
});
