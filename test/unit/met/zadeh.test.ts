import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import {
  extendExplicitMet,
  loadKazarossXG2,
  MET_SIZE,
  type MetJson,
  zadehMet,
  zadehPostCrawford,
  zadehPreCrawford,
} from '../../../src/met/index.js';

const f = Math.fround;

function isFloat32(v: number): boolean {
  return f(v) === v;
}

describe('Zadeh post-Crawford table (spec/metrics.md §12, spec/formats.md §4.3–4.4)', () => {
  const post = zadehPostCrawford();

  it('follows the recursion with the free-drop corrections at 2-away and 4-away', () => {
    expect(post).toHaveLength(MET_SIZE);
    expect(post[0]).toBe(0.5);
    // i = 1: 0.25·½·1 + 0.75·½·1 − 0.015, in float32.
    expect(post[1]).toBe(f(0.5 - f(0.015)));
    // i = 2: 0.25·½·1 + 0.75·½·POST[0].
    expect(post[2]).toBe(f(f(0.125) + f(f(0.375) * 0.5)));
    // i = 3: 0.25·½·1 + 0.75·½·POST[1] − 0.004.
    expect(post[3]).toBe(f(f(0.125 + f(0.375 * post[1]!)) - f(0.004)));
    for (let i = 4; i < MET_SIZE; i++) {
      expect(post[i]).toBe(f(f(0.125 * post[i - 4]!) + f(0.375 * post[i - 2]!)));
    }
  });
});

describe('Zadeh pre-Crawford table', () => {
  const z = zadehMet();

  it('is 64×64 float32, antisymmetric, with the Crawford column from POST', () => {
    expect(z.pre).toHaveLength(MET_SIZE);
    for (let i = 0; i < MET_SIZE; i++) {
      const row = z.pre[i]!;
      expect(row).toBeInstanceOf(Float32Array);
      expect(row).toHaveLength(MET_SIZE);
      for (let j = 0; j < MET_SIZE; j++) {
        expect(Math.abs(row[j]! + z.pre[j]![i]! - 1)).toBeLessThan(1e-6);
      }
    }
    // PRE[i][0] = rG1·½·POST[i−2] + (1 − rG1)·½·POST[i−1], POST[k<0] = 1.
    expect(z.pre[0]![0]).toBe(0.5);
    expect(z.pre[1]![0]).toBe(f(0.125 + f(0.375 * z.post[0]!)));
    expect(z.pre[5]![0]).toBe(f(f(0.125 * z.post[3]!) + f(0.375 * z.post[4]!)));
    expect(z.pre[0]![5]).toBe(f(1 - z.pre[5]![0]!));
  });

  it('is deterministic and accepts an explicit post-Crawford table', () => {
    const again = zadehPreCrawford(zadehPostCrawford());
    for (let i = 0; i < MET_SIZE; i++) expect(again[i]).toEqual(z.pre[i]);
    expect(() => zadehPreCrawford(new Float32Array(10))).toThrow(RangeError);
  });

  it('produces only float32 values', () => {
    for (const row of z.pre) for (const v of row) expect(isFloat32(v)).toBe(true);
  });
});

describe('final 64×64 KXG2 + Zadeh table (spec/metrics.md §12 spot values)', () => {
  const met = loadKazarossXG2();
  const zadeh = zadehMet();

  it('PRE[24][25] = 0.52980, PRE[25][25] = 0.5, POST[24] = 0.000888 (Zadeh cells)', () => {
    expect(Math.abs(met.pre[24]![25]! - 0.5298)).toBeLessThan(5e-6);
    expect(Math.abs(met.pre[25]![25]! - 0.5)).toBeLessThan(5e-6);
    expect(Math.abs(met.post[24]! - 0.000888)).toBeLessThan(5e-6);
    // Those cells are pure Zadeh, derived from Zadeh's own low entries.
    expect(met.pre[24]![25]).toBe(zadeh.pre[24]![25]);
    expect(met.post[24]).toBe(zadeh.post[24]);
    for (let i = 25; i < MET_SIZE; i++) {
      expect(met.post[i]).toBe(zadeh.post[i]);
      expect(met.pre[i]).toEqual(zadeh.pre[i]);
    }
  });

  it('keeps the overlay boundary: KXG2 on [0..24][0..24] and POST[0..23], the 25th XML value ignored', () => {
    expect(met.post[23]).toBe(f(0.00182));
    expect(met.post[24]).not.toBe(f(0.00123));
    expect(met.pre[24]![24]).toBe(0.5);
    expect(met.pre[0]![24]).toBe(f(0.99905));
    expect(met.pre[0]![25]).toBe(zadeh.pre[0]![25]);
  });

  it('is antisymmetric over the whole 64×64 table (within 1e-6)', () => {
    for (let i = 0; i < MET_SIZE; i++) {
      for (let j = 0; j < MET_SIZE; j++) {
        expect(Math.abs(met.pre[i]![j]! + met.pre[j]![i]! - 1)).toBeLessThan(1e-6);
      }
    }
  });
});

describe('the bundled table (data/kazaross-xg2.json) stores its 64×64 extension', () => {
  it('equals, bit for bit, the extension computed from its explicit 25×25 part (scripts/convert-met.mjs)', () => {
    const json = JSON.parse(
      readFileSync(new URL('../../../data/kazaross-xg2.json', import.meta.url), 'utf8'),
    ) as MetJson;
    const computed = extendExplicitMet(json.info.name, json.preCrawford, json.postCrawford);
    const met = loadKazarossXG2();
    expect(met.name).toBe(computed.name);
    for (let i = 0; i < MET_SIZE; i++) {
      // Float32Array equality is value by value: a stored value off by one float32 step fails
      expect(met.pre[i]).toEqual(computed.pre[i]);
    }
    expect(met.post).toEqual(computed.post);
  });
});
