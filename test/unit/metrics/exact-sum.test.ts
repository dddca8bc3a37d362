/**
 * Exact sums (src/metrics/exact-sum.ts). Expectations from Python's documentation of `math.fsum`, the same
 * algorithm (https://docs.python.org/3/library/math.html#math.fsum: `sum([.1] * 10)` is
 * 0.9999999999999999, `fsum([.1] * 10)` is 1.0), and from the test cases of Python's test_math.py
 * (`[1e100, 1.0, -1e100, 1e-100, 1e50, -1.0, -1e50]` → 1e-100; `[2.0**53, 1.0, 2.0**-100]` → 2.0**53 + 2.0,
 * the half-way case rounded up by the rest below it).
 */
import { describe, expect, it } from 'vitest';
import {
  addExact,
  type ExactSum,
  exactValue,
  fromExact,
  mergeExact,
  toExact,
} from '../../../src/metrics/exact-sum.js';

function sum(values: readonly number[]): number {
  const s: ExactSum = [];
  for (const x of values) addExact(s, x);
  return exactValue(s);
}

describe('exact sums', () => {
  it('round once, as math.fsum does', () => {
    expect(sum(Array(10).fill(0.1))).toBe(1);
    expect(sum([1e100, 1.0, -1e100, 1e-100, 1e50, -1.0, -1e50])).toBe(1e-100);
    expect(sum([2 ** 53, 1.0, 2 ** -100])).toBe(2 ** 53 + 2);
    expect(sum([])).toBe(0);
  });

  it('give the same double whatever the order and grouping', () => {
    const values = [0.1, 0.2, 0.3, -0.6, 1e-17, 3.25, 2.75, -1.5e-16, 0.7];
    const whole = sum(values);
    const a: ExactSum = [];
    const b: ExactSum = [];
    for (const x of values.slice(0, 3).reverse()) addExact(a, x);
    for (const x of values.slice(3)) addExact(b, x);
    mergeExact(b, a);
    expect(Object.is(exactValue(b), whole)).toBe(true);
    expect(Object.is(sum([...values].reverse()), whole)).toBe(true);
  });

  it('a non-finite value makes the sum that value, as addition does', () => {
    expect(sum([1, Number.NEGATIVE_INFINITY, 2])).toBe(Number.NEGATIVE_INFINITY);
    expect(sum([Number.POSITIVE_INFINITY, Number.NEGATIVE_INFINITY])).toBeNaN();
  });

  it('a structure of sums keeps its shape', () => {
    const ctx = { matchPlay: true, games: 2, sides: [{ luck: 0.25 }, { luck: -0.5 }] };
    expect(fromExact<typeof ctx>(toExact(ctx))).toEqual(ctx);
  });
});
