/**
 * writeJson writes the bytes renderJson renders (JSON.stringify(value, null, 2) and a line break), in pieces,
 * and makes the items of a LazyJsonArray one at a time.
 */
import { describe, expect, it } from 'vitest';
import { LazyJsonArray, renderJson, writeJson } from '../../../src/report/json.js';

function written(value: unknown): { text: string; pieces: number } {
  const pieces: string[] = [];
  writeJson(value, (s) => pieces.push(s));
  return { text: pieces.join(''), pieces: pieces.length };
}

describe('writeJson', () => {
  const values: [string, unknown][] = [
    ['scalars', [null, true, false, 0, -0, 1.5e-7, 123456789012, Number.NaN, Number.POSITIVE_INFINITY, '']],
    [
      'strings to escape',
      ['"quoted"', 'back\\slash', 'line\nbreak', 'tab\t', '\u0001', '\u2028', 'é ñ 中', '\ud800'],
    ],
    ['empty containers', { a: [], b: {}, c: [[]], d: [{}] }],
    ['skipped members', { a: undefined, b: () => 1, c: Symbol('s'), d: 1, e: [undefined, () => 1, 2] }],
    [
      'nested',
      { player: 'A', list: [{ x: 1, y: [1, 2, { z: null }] }, 'two'], deep: { a: { b: { c: [1] } } } },
    ],
    ['toJSON', { when: new Date(Date.UTC(2023, 0, 2)), custom: { toJSON: () => ({ k: 'v' }) } }],
    ['keys to escape', { 'a"b': 1, 'line\nkey': 2, '': 3 }],
    ['top-level scalar', 42],
    ['top-level string', 'text'],
  ];
  for (const [name, value] of values)
    it(`equals renderJson: ${name}`, () => {
      expect(written(value).text).toBe(renderJson(value));
    });

  it('writes a LazyJsonArray as the array it stands for, making each item when it is written', () => {
    const made: number[] = [];
    const lazy = LazyJsonArray.of([0, 1, 2], (i) => {
      made.push(i);
      return { i, square: i * i };
    });
    const value = { rows: lazy, empty: LazyJsonArray.of([], (x) => x) };
    const text = written(value).text;
    expect(made).toEqual([0, 1, 2]);
    expect(text).toBe(renderJson({ rows: [0, 1, 2].map((i) => ({ i, square: i * i })), empty: [] }));
    // JSON.stringify sees the whole array through toJSON
    expect(renderJson(value)).toBe(text);
  });

  it('writes the items of a plain LazyJsonArray with JSON.stringify: the same text, nested at any depth', () => {
    const items = values.map(([, v]) => v);
    const plain = { outer: { rows: LazyJsonArray.of(items, (v) => ({ v, list: [v, { v }] }), true) } };
    const walked = { outer: { rows: LazyJsonArray.of(items, (v) => ({ v, list: [v, { v }] })) } };
    expect(written(plain).text).toBe(written(walked).text);
    expect(written(plain).text).toBe(renderJson(plain));
  });

  it('hands the text on in pieces of about 64 KB', () => {
    const big = Array.from({ length: 20_000 }, (_, i) => ({ i, text: `row ${i}` }));
    const { text, pieces } = written(big);
    expect(text).toBe(renderJson(big));
    expect(pieces).toBeGreaterThan(5);
  });
});
