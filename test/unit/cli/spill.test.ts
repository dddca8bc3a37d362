/**
 * src/cli/spill.ts: rows kept in a temporary file come back exactly as pushed, in order, store by store,
 * as many times as they are read; the file is gone once closed.
 */
import { readdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { describe, expect, it } from 'vitest';
import { SpillFile } from '../../../src/cli/spill.js';

interface Row {
  readonly i: number;
  readonly text: string | null;
  readonly error: number;
  readonly list?: number[];
}

const texts = ['plain', 'line\nbreak', 'quote " and \\', 'é ñ 中 🎲', '\u2028', ''];

function row(i: number): Row {
  return {
    i,
    text: i % 7 === 0 ? null : texts[i % texts.length]!,
    // doubles whose shortest text round-trips
    error: i === 3 ? 1e-300 : (i * 0.1 + 0.2) / 3,
    ...(i % 2 === 0 ? { list: [i, -i - 1, 0.5] } : {}),
  };
}

const ours = (): string[] => readdirSync(tmpdir()).filter((f) => f.startsWith(`bdb-rows-${process.pid}-`));

describe('SpillFile', () => {
  it('gives back every store’s rows in order, across segments and the rows not yet written', () => {
    const spill = new SpillFile(200);
    const a = spill.rows<Row>();
    const b = spill.rows<Row>();
    const empty = spill.rows<Row>();
    const wantA: Row[] = [];
    const wantB: Row[] = [];
    for (let i = 0; i < 500; i++) {
      const r = row(i);
      if (i % 3 === 0) {
        b.push(r);
        wantB.push(r);
      } else {
        a.push(r);
        wantA.push(r);
      }
    }
    expect(a.length).toBe(wantA.length);
    expect(b.length).toBe(wantB.length);
    expect([...a]).toEqual(wantA);
    expect([...b]).toEqual(wantB);
    // read again: the same
    expect([...a]).toEqual(wantA);
    expect(empty.length).toBe(0);
    expect([...empty]).toEqual([]);
    spill.close();
    expect(ours()).toEqual([]);
  });

  it('reads an indexed store’s rows by their place, written out or not', () => {
    const spill = new SpillFile(200);
    const a = spill.rows<Row>({ indexed: true });
    const b = spill.rows<Row>();
    const want: Row[] = [];
    for (let i = 0; i < 300; i++) {
      const r = row(i);
      if (i % 4 === 0) b.push(r);
      else {
        a.push(r);
        want.push(r);
      }
    }
    // the last rows are still in memory, the others in segments of the file
    for (let k = want.length - 1; k >= 0; k -= 3) expect(a.at(k)).toEqual(want[k]);
    want.forEach((r, k) => {
      expect(a.at(k)).toEqual(r);
    });
    expect(a.at(-1)).toEqual(want.at(-1));
    expect(a.at(want.length)).toBeUndefined();
    expect([...a]).toEqual(want);
    // a store not indexed cannot read a row written out by its place
    expect(() => (b as unknown as { at(i: number): Row }).at(0)).toThrow(/indexed/);
    spill.close();
  });

  it('writes nothing to disk under its budget', () => {
    const spill = new SpillFile(1_000_000);
    const a = spill.rows<Row>();
    for (let i = 0; i < 50; i++) a.push(row(i));
    expect(ours()).toEqual([]);
    expect([...a]).toEqual(Array.from({ length: 50 }, (_, i) => row(i)));
    spill.close();
  });
});
