/**
 * `thousands` writes what JavaScript's own `toLocaleString('en-US')` (ECMA-402, ICU's en-US pattern
 * #,##0) writes for every whole number: the yardstick is the platform's formatter, not bdb.
 */
import { describe, expect, it } from 'vitest';
import { thousands } from '../../../src/report/format.js';

describe('thousands', () => {
  it('groups whole numbers as en-US does', () => {
    const cases = [
      0, 7, 12, 999, 1000, 1696, 12_345, 100_000, 999_999, 1_000_000, 3_754_007, -1, -1234, -999_000,
    ];
    for (let k = 0; k < 200; k++) cases.push(Math.floor(Math.random() * 10 ** (k % 16)));
    cases.push(Number.MAX_SAFE_INTEGER, -Number.MAX_SAFE_INTEGER);
    for (const n of cases) expect(thousands(n), String(n)).toBe(n.toLocaleString('en-US'));
  });

  it('leaves anything else to the platform', () => {
    for (const n of [1.5, 1234.5678, 2 ** 60, Number.NaN, -0])
      expect(thousands(n)).toBe(n.toLocaleString('en-US'));
  });
});
