import { describe, expect, it } from 'vitest';
import { closestNames, unknownPlayerMessage } from '../../../src/history/names.js';

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
