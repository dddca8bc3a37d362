import { describe, expect, it } from 'vitest';
import { compareNames, nameKey } from '../../../src/core/name-order.js';

// names of letters, digits and spaces, with accents and case: Unicode's collation (ICU's, through
// Intl.Collator under English) is the reference for their order
const NAMES = [
  'Kévin Unger',
  'Kévin UNGER',
  'kevin unger',
  'Kevin Unger',
  'Søren',
  'Soren',
  'Zoë',
  'Zoe',
  'zoe',
  'Ångström',
  'Angstrom',
  'alice',
  'Alice',
  'Bob',
  'bob2',
  'bob10',
  'Bob 2',
  'Me',
  'me',
  'Émile',
  'Emile',
  'Ulrich',
  'Über',
  'Dmitri',
  'Đorđe',
  'Dorde',
  'Łukasz',
  'Lukas',
  'Lukasz',
  'Øystein',
  'Oystein',
  'Otto',
  'charlot1',
  'charlot2',
  'Charlot2',
];

describe('the order of names', () => {
  it('is the order of Unicode collation (ICU under English) for names of letters, digits and spaces', () => {
    const icu = new Intl.Collator('en');
    expect([...NAMES].sort(compareNames)).toEqual([...NAMES].sort(icu.compare));
  });

  it('first ignores case and accents', () => {
    expect(nameKey('Kévin UNGER')).toBe('kevin unger');
    expect(nameKey('Ångström')).toBe('angstrom');
    expect(compareNames('zoe', 'Zoë')).toBeLessThan(0);
    expect(compareNames('Zoë', 'Zoe')).toBeGreaterThan(0);
    expect(compareNames('Me', 'Me')).toBe(0);
  });
});
