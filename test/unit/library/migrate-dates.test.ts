/**
 * Schema step 7's day for a match an older bdb stored (src/library/migrate-dates.ts): the readers' rules on
 * the stored text and the file's name (docs/dates.md), else the stored day, else null. The printed dates
 * are the files' own: test/history/llabba's export named "… 2023_10_11 16_52_13.txt" prints "11/10/2023";
 * test/reference-matches/gnubg-text/match1484923_analyzed.txt prints "05/09/2023" (its SGF, sgf/
 * match1484923_analyzed.sgf, says DT[2023-09-05]).
 */
import { describe, expect, it } from 'vitest';
import { upgradedDay } from '../../../src/library/migrate-dates.js';

const JORGHE = '/m/jorghe-Danielator-13pt-Backgammon-Studio-2023_10_11-16_52_13.txt';
const LASSE = '/m/match1484923_analyzed.txt';

describe('upgradedDay', () => {
  it('an ambiguous date its file name settles: the name’s day', () => {
    expect(upgradedDay('11/10/2023', '2023-10-11', JORGHE)).toBe('2023-10-11');
    // the name settles it against the day first reading an older bdb stored (docs/dates.md: an en_US
    // machine prints the same day "10/11/2023")
    expect(upgradedDay('10/11/2023', '2023-11-10', JORGHE)).toBe('2023-10-11');
  });

  it('an ambiguous date nothing settles: the stored day, else null', () => {
    expect(upgradedDay('05/09/2023', '2023-09-05', LASSE)).toBe('2023-09-05');
    expect(upgradedDay('05/09/2023', null, LASSE)).toBeNull();
  });

  it('a date already ISO, none, or one the rules do not read', () => {
    expect(upgradedDay('2023-09-05', '2023-09-05', LASSE)).toBe('2023-09-05');
    expect(upgradedDay(null, null, LASSE)).toBeNull();
    expect(upgradedDay('sometime in 2023', null, LASSE)).toBeNull();
  });
});
