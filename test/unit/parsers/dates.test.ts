/**
 * The day of a written date (src/core/dates.ts). Every expected day is one the same real file states
 * another way: its name, or the ISO date of the same match in another format.
 */
import { describe, expect, it } from 'vitest';
import { isoDay, readDate } from '../../../src/core/dates.js';

describe('readDate', () => {
  it('reads ISO dates as SGF DT[], XG and .mat write them', () => {
    expect(readDate('2023-08-09').day).toBe('2023-08-09');
    expect(readDate('2023-09-12,13').day).toBe('2023-09-12');
    expect(readDate('2023.08.09').day).toBe('2023-08-09');
  });

  it("reads gnuBG's C-locale MM/DD/YY (gnubg/g0001.txt prints 11/29/26 for its SGF's DT[2026-11-29])", () => {
    expect(readDate('11/29/26').day).toBe('2026-11-29');
    // g1262.txt prints 12/01/26 and its SGF says DT[2026-12-01]
    expect(readDate('12/01/26').day).toBe('2026-12-01');
  });

  it('a four-digit year: a number above 12 tells the order', () => {
    // gnubg-text-bglab: "Date: 28/01/2024" in match1278964.txt; "18/10/2023" in match2906190.txt, whose
    // Galaxy transcript (corpora/galaxy-mat/match2906190.txt) says EventDate "2023.10.18"
    expect(readDate('28/01/2024').day).toBe('2024-01-28');
    expect(readDate('18/10/2023').day).toBe('2023-10-18');
    expect(readDate('01/31/2023').day).toBe('2023-01-31');
  });

  it('both numbers 12 or less: the file name settles it, else null with the reason (never a guess)', () => {
    // gnubg-text-bglab: "Date: 11/10/2023" in "jorghe-Danielator-13pt-Backgammon-Studio-2023_10_11-16_52_13.txt"
    const named = 'jorghe-Danielator-13pt-Backgammon-Studio-2023_10_11-16_52_13.txt';
    expect(readDate('11/10/2023', named)).toEqual({ day: '2023-10-11', problem: null });
    expect(
      readDate('09/08/2023', 'x/BoardLord - Llabba 7pt Backgammon Studio 2023_08_09 18_11_07.txt').day,
    ).toBe('2023-08-09');
    // gnubg-text/match1484923_analyzed.txt prints 05/09/2023 (its SGF: DT[2023-09-05]); the name holds no day
    expect(readDate('05/09/2023', 'match1484923_analyzed.txt')).toEqual({
      day: null,
      problem:
        'date "05/09/2023" is ambiguous (2023-09-05 day first, 2023-05-09 month first) and the file name gives no day to tell: left undated',
    });
    // a name whose day is neither reading does not choose
    expect(readDate('05/09/2023', 'x 2023_01_02.txt').day).toBeNull();
  });

  it('gives null for what is not a day, and nothing to say when there is no date', () => {
    expect(readDate(null)).toEqual({ day: null, problem: null });
    expect(readDate('')).toEqual({ day: null, problem: null });
    expect(readDate('yesterday').problem).toBe('date "yesterday" is not a date bdb reads: left undated');
    expect(readDate('2023-02-30').day).toBeNull();
    expect(readDate('2023-13-01').day).toBeNull();
  });

  it('isoDay (a date stored by an older bdb) follows the same rules', () => {
    expect(isoDay('2023-8-9 18:11')).toBe('2023-08-09');
    expect(isoDay('28/01/2024')).toBe('2024-01-28');
    expect(isoDay('05/09/2023')).toBeNull();
  });
});
