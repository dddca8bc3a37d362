/**
 * Hostile input for the XG position-text reader: the ten samples truncated at every line and every few
 * bytes, edited line by line and character by character with a seeded PRNG, random bytes, and pathological
 * sizes. The contract: a result whose numbers are all finite, or a BdbError (CorruptFileError with a line
 * inside the file, or UnsupportedFormatError); never another error class. A truncated file never gives a
 * number it does not show in full: its candidates are a prefix of the whole file's, its cube analysis the
 * whole file's or none.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { BdbError, CorruptFileError } from '../../../src/errors.js';
import { defaultMet } from '../../../src/metrics/match-report.js';
import type { CheckerDecision, CubeDecision, Decision } from '../../../src/model/types.js';
import { parseXgText, xgTextFormat } from '../../../src/parsers/xg-text/index.js';
import { REF_DIR } from '../../helpers/fixtures.js';
import { nonFinite } from '../../helpers/non-finite.js';
import { prng } from '../../helpers/prng.js';

const DIR = `${REF_DIR}xg-text/`;
const FILES = readdirSync(DIR)
  .filter((f) => f.endsWith('.txt'))
  .sort();
const met = defaultMet();
const enc = new TextEncoder();

/** Parses `bytes` through the format and checks the contract; returns the decisions, or null on a BdbError. */
function check(bytes: Uint8Array, name: string): Decision[] | null {
  let decisions: Decision[];
  try {
    const { match } = xgTextFormat.parse(bytes, { file: name, met });
    expect(nonFinite(match), name).toEqual([]);
    decisions = match.games.flatMap((g) => g.decisions);
  } catch (e) {
    if (!(e instanceof BdbError)) {
      expect.fail(`${name}: ${(e as Error)?.constructor?.name}: ${(e as Error)?.message}`);
    }
    expect(e.message, name).not.toContain('\n');
    if (e instanceof CorruptFileError) {
      const lines = new TextDecoder().decode(bytes).split(/\r\n|\r|\n/).length;
      expect(e.location.line, name).toBeGreaterThanOrEqual(1);
      expect(e.location.line, name).toBeLessThanOrEqual(lines);
    }
    return null;
  }
  return decisions;
}

describe('truncated samples', () => {
  for (const f of FILES) {
    it(`${f}: cut after every line and every 3 bytes`, () => {
      const bytes = new Uint8Array(readFileSync(`${DIR}${f}`));
      const full = parseXgText(new TextDecoder().decode(bytes), f).match.games[0]!.decisions[0]!;
      const cuts = new Set<number>();
      for (let i = 0; i < bytes.length; i += 3) cuts.add(i);
      bytes.forEach((b, i) => {
        if (b === 0x0a) cuts.add(i + 1);
      });
      let read = 0;
      for (const n of cuts) {
        const ds = check(bytes.subarray(0, n), `${f}[0..${n})`);
        if (!ds) continue;
        read++;
        expect(ds).toHaveLength(1);
        const d = ds[0]!;
        expect(d.kind).toBe(full.kind);
        if (d.kind === 'checker') {
          const eq = (full as CheckerDecision).candidates.map((c) => c.equity);
          expect(eq.slice(0, d.candidates.length), `${f}[0..${n})`).toEqual(
            d.candidates.map((c) => c.equity),
          );
        } else {
          expect(d.analysis, `${f}[0..${n})`).toEqual((full as CubeDecision).analysis);
        }
      }
      expect(read).toBeGreaterThan(0);
    });
  }
});

describe('edited samples (seeded)', () => {
  const garbage = [
    '',
    'XGID=',
    '    9. 4-ply  1/0  eq:+1.000',
    '       No double: +0.100',
    ':::',
    '%%%',
    'Ω/∞',
    '\u0000',
  ];
  for (const f of FILES) {
    it(`${f}: 300 variants`, () => {
      const lines = readFileSync(`${DIR}${f}`, 'utf8').split('\n');
      const rnd = prng(f.length * 7919 + f.charCodeAt(1));
      const pick = <T>(a: readonly T[]): T => a[Math.floor(rnd() * a.length)]!;
      for (let v = 0; v < 300; v++) {
        const ls = lines.slice();
        const edits = 1 + Math.floor(rnd() * 3);
        for (let k = 0; k < edits; k++) {
          const i = Math.floor(rnd() * ls.length);
          const op = Math.floor(rnd() * 6);
          if (op === 0) ls.splice(i, 1);
          else if (op === 1) ls.splice(i, 0, ls[i] ?? '');
          else if (op === 2) ls.splice(i, 0, pick(garbage));
          else if (op === 3) {
            const j = Math.floor(rnd() * ls.length);
            [ls[i], ls[j]] = [ls[j] ?? '', ls[i] ?? ''];
          } else {
            const s = ls[i] ?? '';
            const at = Math.floor(rnd() * (s.length + 1));
            const ch = pick([
              '0',
              '9',
              '-',
              '+',
              ':',
              '/',
              '.',
              ',',
              '%',
              '(',
              ')',
              '*',
              'X',
              'O',
              'é',
              'ダ',
              ' ',
            ]);
            ls[i] = op === 4 ? s.slice(0, at) + ch + s.slice(at + 1) : s.slice(0, at) + ch + s.slice(at);
          }
        }
        check(enc.encode(ls.join('\n')), `${f}#${v}`);
      }
    });
  }
});

describe('random and pathological input', () => {
  it('random bytes, with and without an XGID line in front', () => {
    const rnd = prng(42);
    const head = enc.encode('XGID=-B-CBBB---a---A---ABcbbbd-:1:-1:1:21:3:6:0:7:10\n');
    for (let v = 0; v < 300; v++) {
      const n = Math.floor(rnd() * 2000);
      const b = new Uint8Array(n);
      for (let i = 0; i < n; i++) b[i] = Math.floor(rnd() * 256);
      check(b, `random#${v}`);
      const c = new Uint8Array(head.length + n);
      c.set(head);
      c.set(b, head.length);
      check(c, `xgid+random#${v}`);
    }
  });

  it('empty input and XGID lines alone', () => {
    expect(check(new Uint8Array(0), 'empty')).toBeNull();
    const xgids = 'XGID=-B-CBBB---a---A---ABcbbbd-:1:-1:1:21:3:6:0:7:10\n'.repeat(10_000);
    const t0 = performance.now();
    expect(check(enc.encode(xgids), 'xgids')).toBeNull();
    expect(performance.now() - t0).toBeLessThan(2000);
  });

  it('one position pasted 2,000 times: 2,000 games, read in reasonable time', () => {
    const one = readFileSync(`${DIR}01_checkerPosition_EN.txt`, 'utf8');
    const t0 = performance.now();
    const ds = check(enc.encode(one.repeat(2000)), 'many');
    expect(performance.now() - t0).toBeLessThan(5000);
    expect(ds).toHaveLength(2000);
  });

  it('long candidate-like lines do not take quadratic time', () => {
    const one = readFileSync(`${DIR}02_NDT_EN.txt`, 'utf8');
    const lines = one.split('\n');
    lines.splice(21, 0, `    1. ${'1/'.repeat(495)}`, `       ${'x'.repeat(990)}:`, `  ${'1'.repeat(995)}%`);
    const t0 = performance.now();
    for (let k = 0; k < 20; k++) check(enc.encode(lines.join('\n')), 'long');
    expect(performance.now() - t0).toBeLessThan(3000);
  });
});
