import { describe, expect, it } from 'vitest';
import { isoDay } from '../../../src/library/dates.js';

describe('isoDay', () => {
  it('reads ISO dates as stored by SGF DT[], XG and .mat', () => {
    expect(isoDay('2023-08-09')).toBe('2023-08-09');
    expect(isoDay('2023-8-9 18:11')).toBe('2023-08-09');
    expect(isoDay('2023.08.09')).toBe('2023-08-09');
  });

  it("reads gnuBG's text export DD/MM/YYYY (gnubg-text-bglab: 09/08/2023 in the export of … 2023_08_09 …)", () => {
    expect(isoDay('09/08/2023')).toBe('2023-08-09');
    expect(isoDay('31/01/2023')).toBe('2023-01-31');
    // the second number above 12: month first
    expect(isoDay('01/31/2023')).toBe('2023-01-31');
  });

  it('gives null for what is not a day', () => {
    expect(isoDay(null)).toBeNull();
    expect(isoDay('')).toBeNull();
    expect(isoDay('yesterday')).toBeNull();
    expect(isoDay('2023-02-30')).toBeNull();
    expect(isoDay('2023-13-01')).toBeNull();
  });
});
