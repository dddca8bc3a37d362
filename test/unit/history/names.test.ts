import { describe, expect, it } from 'vitest';
import { closestNames, NamedPlayers, unknownPlayerMessage } from '../../../src/history/names.js';

describe('closest names for an unknown player', () => {
  const known = ['Kévin Unger', 'Maxence Job', 'Llabba', 'BoardLord'];
  it('a case slip or missing accents: that name first', () => {
    expect(closestNames('kévin unger', known)[0]).toBe('Kévin Unger');
    expect(closestNames('KEVIN UNGER', known)[0]).toBe('Kévin Unger');
    expect(closestNames('Lleba', known)).toEqual(['Llabba']);
  });
  it('the message names them, or lists some players when none is close', () => {
    expect(unknownPlayerMessage('kevin unger', known)).toBe(
      "no player 'kevin unger' — did you mean 'Kévin Unger'?",
    );
    expect(unknownPlayerMessage('Zz', ['A'])).toBe("no player 'Zz' (players: 'A')");
  });
});

describe('NamedPlayers: whom --player names', () => {
  // the seats of test/reference-matches/xg (xg-files.test.ts)
  const seats: [string, string][] = [
    ['Kévin Unger', 'Maxence Job'],
    ['Nicolas HARMAND', 'Kévin UNGER'],
    ['Kévin UNGER', 'Davor KOZOMAN'],
    ['Kévin UNGER', 'Susanne LAHME'],
  ];
  const named = (typed: string[], aliases = new Map<string, string>()): NamedPlayers => {
    const n = new NamedPlayers(typed, aliases);
    for (const s of seats) n.see(s);
    return n;
  };
  it('the exact spelling wins over the others that fold to it', () => {
    const n = named(['Kévin Unger']);
    // the namesake is named (issue 42, item 4): 'Kévin UNGER' sits in 3 of the 4 seats above
    expect(n.resolve()).toEqual({
      persons: ['Kévin Unger'],
      problems: [],
      notes: [
        "also 'Kévin UNGER' (3 matches): same person? bdb alias add 'Kévin Unger' 'Kévin UNGER' (library), or --alias 'Kévin UNGER=Kévin Unger'",
      ],
    });
    expect(n.matches()).toBe(1);
    expect(n.keeps('Kévin UNGER')).toBe(false);
  });
  it('another case or no accents: the one person that fits', () => {
    const n = named(['susanne lahme', 'DAVOR kozoman']);
    expect(n.keeps('Susanne LAHME')).toBe(true); // while reading
    expect(n.resolve()).toEqual({ persons: ['Susanne LAHME', 'Davor KOZOMAN'], problems: [], notes: [] });
    expect(n.matches()).toBe(2);
  });
  it('two persons fit, or none: nobody, and the line saying so', () => {
    expect(named(['kevin unger']).resolve()).toEqual({
      persons: [],
      problems: ["no player 'kevin unger' — did you mean 'Kévin UNGER' or 'Kévin Unger'?"],
      notes: [],
    });
    expect(named(['Maxence Jbo']).resolve().problems).toEqual([
      "no player 'Maxence Jbo' — did you mean 'Maxence Job'?",
    ]);
  });
  it('through the aliases: the alias spelling or the name it stands for', () => {
    const aliases = new Map([['Kévin UNGER', 'KU']]);
    expect(named(['Kévin UNGER'], aliases).resolve().persons).toEqual(['KU']);
    expect(named(['kévin unger'], aliases).resolve().problems).toEqual([
      "no player 'kévin unger' — did you mean 'KU' or 'Kévin Unger'?",
    ]);
    const n = named(['ku'], aliases);
    expect(n.resolve().persons).toEqual(['KU']);
    expect(n.matches()).toBe(3);
  });
});
