/**
 * gnuBG move notation: a token is read in one pass over its characters (`plainTokenHops`) when it is well
 * formed, and by the general reader (`generalTokenHops`) otherwise, which says what is wrong with it. Here
 * the one-pass reader is checked against the general one: on the tokens gnuBG and the .mat dialects write,
 * on tokens the general reader refuses, and on random tokens of the characters they use, it reads a token
 * only when the general reader reads it, with the same hops.
 */
import { describe, expect, it } from 'vitest';
import type { Hop } from '../../../src/core/board.js';
import { seededUniform } from '../../../src/core/random.js';
import { generalTokenHops, plainTokenHops } from '../../../src/parsers/gnubg-text/notation.js';

function general(token: string): Hop[] | null {
  try {
    return generalTokenHops(token);
  } catch {
    return null;
  }
}

function expectSame(token: string): boolean {
  const got = plainTokenHops(token);
  if (got !== null) expect({ token, hops: got }).toEqual({ token, hops: general(token) });
  return got !== null;
}

describe('plainTokenHops', () => {
  it('reads the tokens gnuBG writes as the general reader does', () => {
    const tokens = [
      '24/16*',
      '6/2*(2)',
      'bar/22',
      '8/5(3)',
      '6/off',
      '5/off',
      '24/20/16',
      '13/9*/5',
      'Bar/24',
    ];
    tokens.push('6/Off', '25/21', '6/0', '8/off(2)', '10/off', '24/23(4)', 'BAR/20*/16');
    for (const t of tokens) expect(expectSame(t)).toBe(true);
  });

  it('leaves every token the general reader refuses to it', () => {
    const tokens = ['24*/16', '13//8', '13', '26/20', '0/3', '8/13', '13/25', '6/4(5)', '6/4(0)', '6/4(10)'];
    tokens.push(
      'off/3',
      '8/bar',
      '8/7**',
      'barx/20',
      'ba/20',
      '13/8/',
      '/13/8',
      '13/8(2',
      'ＢＡＲ/20',
      '013/8',
    );
    for (const t of tokens) {
      expect(general(t)).toBeNull();
      expect(plainTokenHops(t)).toBeNull();
    }
  });

  it('agrees with the general reader on random tokens of the characters gnuBG uses', () => {
    const alphabet = '0123456789//**()barofBAROFx';
    const next = seededUniform(11);
    const pick = (n: number): number => Math.floor(next() * n);
    let read = 0;
    for (let n = 0; n < 40_000; n++) {
      let t = '';
      const len = 1 + pick(10);
      for (let k = 0; k < len; k++) t += alphabet[pick(alphabet.length)];
      if (expectSame(t)) read++;
      const a = 1 + pick(25);
      const b = pick(a);
      const w = `${a === 25 ? 'bar' : a}/${b === 0 ? 'off' : b}${pick(2) ? '*' : ''}${pick(3) ? '' : `(${pick(6)})`}`;
      if (expectSame(w)) read++;
    }
    expect(read).toBeGreaterThan(20_000);
  });
});
