/**
 * A value read from a damaged input, as every reader's message quotes it (src/errors.ts `shown`, the one
 * function the readers share): cut at 60 characters, and nothing in it a terminal would act on or that
 * breaks the line (control characters, U+2028, U+2029 escaped). Issue 16, item 4.
 */
import { describe, expect, test } from 'vitest';
import { BdbError, SHOWN_MAX, shown } from '../../../src/errors.js';
import { defaultMet } from '../../../src/metrics/match-report.js';
import { parseBytes } from '../../../src/parsers/index.js';

const enc = new TextEncoder();

/** The message of the error reading `text` as `file` throws. */
function failure(text: string, file: string): string {
  try {
    parseBytes(enc.encode(text), { file, met: defaultMet() });
  } catch (e) {
    expect(e).toBeInstanceOf(BdbError);
    return (e as BdbError).message;
  }
  return expect.fail(`${file} was read`);
}

/** No raw character that a terminal acts on or that ends a line. */
const RAW = /[\p{Cc}\u2028\u2029]/u;

describe('shown', () => {
  test('escapes control characters and the line and paragraph separators', () => {
    expect(shown('a\u2028b\u2029c\u001b[2J\n\t"\\')).toBe('a\\u2028b\\u2029c\\u001b[2J\\n\\t\\"\\\\');
  });

  test(`cuts at ${SHOWN_MAX} characters, then "…"`, () => {
    expect(SHOWN_MAX).toBe(60);
    expect(shown('x'.repeat(60))).toBe('x'.repeat(60));
    expect(shown('x'.repeat(61))).toBe(`${'x'.repeat(60)}…`);
    expect(shown('x'.repeat(100), 64)).toBe(`${'x'.repeat(64)}…`);
  });

  // issue 37, item 10: 60 NULs quoted whole printed as 360 characters, a message of 549
  test('escapes count: at most 20 more characters than it quotes, then "…"', () => {
    const nuls = shown('\u0000'.repeat(60));
    // 13 escapes of 6 characters fit in 60 + 20
    expect(nuls).toBe(`${'\\u0000'.repeat(13)}…`);
    expect(shown(`ab${'\n'.repeat(100)}`)).toBe(`ab${'\\n'.repeat(39)}…`);
  });

  test('escapes the control characters JSON leaves as they are: DEL and C1 (U+009B is a terminal CSI)', () => {
    expect(shown('a\u007fb\u009b2Jc')).toBe('a\\u007fb\\u009b2Jc');
  });

  test('never cuts a character outside the Basic Multilingual Plane in two', () => {
    expect(shown(`${'x'.repeat(59)}\u{1F600}yz`)).toBe(`${'x'.repeat(59)}\u{1F600}…`);
    expect(shown('\ud800x')).toBe('\\ud800x');
  });
});

describe('the readers quote through it', () => {
  test('SGF: a stray U+2028 between nodes', () => {
    const m = failure('(;FF[4]GM[6]\u2028)', 'sep.sgf');
    expect(m).toBe('sep.sgf:1:13: unexpected character "\\u2028"');
  });

  test('SGF: a move with a terminal escape and 100 more characters', () => {
    const m = failure(`(;FF[4]GM[6]\n;W[31\u001b[31m${'x'.repeat(100)}])`, 'esc.sgf');
    expect(m).not.toMatch(RAW);
    expect(m).toContain('\\u001b[31m');
    expect(m).toContain(`"31\\u001b[31m${'x'.repeat(60 - 7)}…"`);
  });

  test('.mat: a roll with a line separator and an escape', () => {
    const text = ' 7 point match\n\n Game 1\n A : 0                B : 0\n  1) 6\u20282\u001b[2J: 13/7 8/7\n';
    const m = failure(text, 'sep.mat');
    expect(m).not.toMatch(RAW);
    expect(m).toMatch(/^sep\.mat:5:\d+: /);
    expect(m).toContain('\\u2028');
  });
});
