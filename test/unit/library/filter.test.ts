import { describe, expect, it } from 'vitest';
import { isEmptyFilter, passesFilter } from '../../../src/model/filter.js';

const m = { day: '2023-06-15', event: 'HSBT Paris 2023', matchLength: 7 };

describe('passesFilter', () => {
  it('an empty filter passes everything', () => {
    expect(isEmptyFilter({})).toBe(true);
    expect(passesFilter({}, { day: null, event: null, matchLength: 0 })).toBe(true);
  });

  it('--since and --until are inclusive; a match without a day fails both', () => {
    expect(passesFilter({ since: '2023-06-15' }, m)).toBe(true);
    expect(passesFilter({ since: '2023-06-16' }, m)).toBe(false);
    expect(passesFilter({ until: '2023-06-15' }, m)).toBe(true);
    expect(passesFilter({ until: '2023-06-14' }, m)).toBe(false);
    expect(passesFilter({ since: '2000-01-01' }, { ...m, day: null })).toBe(false);
    expect(passesFilter({ until: '2999-01-01' }, { ...m, day: null })).toBe(false);
  });

  it('--event is a part of the name in any case; --length 0 is money', () => {
    expect(passesFilter({ event: 'paris' }, m)).toBe(true);
    expect(passesFilter({ event: 'PARIS 2023' }, m)).toBe(true);
    expect(passesFilter({ event: 'london' }, m)).toBe(false);
    expect(passesFilter({ event: 'paris' }, { ...m, event: null })).toBe(false);
    expect(passesFilter({ length: 7 }, m)).toBe(true);
    expect(passesFilter({ length: 0 }, m)).toBe(false);
    expect(passesFilter({ length: 0 }, { ...m, matchLength: 0 })).toBe(true);
  });
});
