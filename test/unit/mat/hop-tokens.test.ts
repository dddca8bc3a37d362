/**
 * The transcript lexer reads a move's hop tokens in one pass (`plainHops`) and sends every other token to the
 * general reader (`tokenHops`), which says what is wrong with a token it cannot read. Here the one-pass
 * reader is checked against the general one: on the tokens transcripts write and on random tokens made of
 * the characters they use, it reads a token exactly when the general reader reads it without an error, and
 * then gives the same hops.
 */
import { describe, expect, it } from 'vitest';
import { type Fail, plainHops, tokenHops, type WrittenHop } from '../../../src/parsers/mat/lexer.js';

const fail: Fail = (line, column, msg) => {
  throw new Error(`${line}:${column}: ${msg}`);
};

/** The general reader's hops for `text` after `before` hops of the same roll, or null when it fails. */
function general(text: string, before: WrittenHop[]): WrittenHop[] | null {
  const hops = [...before];
  try {
    tokenHops({ text, start: 0 }, hops, 1, fail);
    return hops;
  } catch {
    return null;
  }
}

/** The one-pass reader's hops, or null when it leaves the token to the general reader. */
function onePass(text: string, before: WrittenHop[]): WrittenHop[] | null {
  const hops = [...before];
  const read = plainHops(text, hops);
  if (!read) expect(hops).toEqual(before); // nothing added
  return read ? hops : null;
}

function expectSame(text: string, before: WrittenHop[] = []): void {
  const want = general(text, before);
  const got = onePass(text, before);
  if (got !== null) expect({ text, hops: got }).toEqual({ text, hops: want });
}

describe('plainHops', () => {
  it('reads the tokens transcripts write as the general reader does', () => {
    const tokens = ['24/20', '13/4', '6/Off', '20/11*', '6/4(2)', 'bar/22', 'Bar/20*', 'BAR/3', '13/9*/5'];
    tokens.push('8/7*(2)', '25/21', '6/0', '1/off', '6/5(3)', '3/off(4)', '13/8', '24/23', '9/4*', '7/2**');
    for (const t of tokens) {
      expectSame(t);
      expect(onePass(t, [])).not.toBeNull();
    }
  });

  it('leaves every token the general reader fails on, with its message, to it', () => {
    const tokens = [
      '13//8',
      '*13/8',
      '13',
      '26/20',
      '8/13',
      '0/3',
      '13/25',
      '6/4(5)',
      '6/4(0)',
      '6/4(10)',
      'OFF/3',
    ];
    tokens.push('barx/20', 'ba/20', '13/8/', '/13/8', '13/8(2', 'ＢＡＲ/20', '1 3/8', '013/8');
    for (const t of tokens) {
      expect(general(t, [])).toBeNull();
      expect(onePass(t, [])).toBeNull();
    }
    // a fifth hop of the roll
    const four = [1, 2, 3, 4].map((k) => ({ from: 24, to: 24 - k }));
    expect(onePass('13/8', four)).toBeNull();
  });

  it('agrees with the general reader on random tokens of the characters transcripts use', () => {
    const alphabet = '0123456789//**()barofBAROFx';
    let s = 12345;
    const next = (n: number): number => {
      s = (Math.imul(s, 1103515245) + 12345) >>> 0;
      return s % n;
    };
    let read = 0;
    for (let n = 0; n < 40_000; n++) {
      let t = '';
      const len = 1 + next(10);
      for (let k = 0; k < len; k++) t += alphabet[next(alphabet.length)];
      const before = next(3) === 0 ? [{ from: 13, to: 8 }] : [];
      expectSame(t, before);
      if (onePass(t, before) !== null) read++;
      // and a well-formed one now and then
      const a = 1 + next(25);
      const b = next(a);
      const w = `${a === 25 ? 'bar' : a}/${b === 0 ? 'off' : b}${next(2) ? '*' : ''}${next(3) ? '' : `(${1 + next(4)})`}`;
      expectSame(w, before);
      if (onePass(w, before) !== null) read++;
    }
    expect(read).toBeGreaterThan(20_000);
  });
});
