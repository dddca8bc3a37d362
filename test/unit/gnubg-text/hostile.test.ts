/**
 * Hostile input for the gnuBG text-export reader: real exports truncated, with lines deleted, repeated or
 * replaced by garbage, with bytes flipped, plus targeted edits (a wrong Position ID, a move that cannot be
 * played). The contract: a result (with warnings) whose figures are finite numbers or null, or a BdbError —
 * a CorruptFileError naming the line — never another error class. Variants come from a seeded PRNG, so a
 * failure is reproducible from its name.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, test } from 'vitest';
import { BdbError, CorruptFileError } from '../../../src/errors.js';
import { defaultMet, reportMatch } from '../../../src/metrics/match-report.js';
import { gnubgTextFormat, parseGnubgTextMatch } from '../../../src/parsers/gnubg-text/index.js';
import { REF_DIR } from '../../helpers/fixtures.js';
import { nonFinite } from '../../helpers/non-finite.js';
import { prng } from '../../helpers/prng.js';

const met = defaultMet();
const REF = REF_DIR;
const enc = new TextEncoder();
const dec = new TextDecoder();

const SOURCES = [
  'gnubg/g0002.txt',
  'gnubg/g0035.txt',
  'gnubg-text/test-match01_analyzed.txt',
  'gnubg-text/bglab_BoardLord-Llabba_7pt_4ply_game1.txt',
];

type Outcome = 'ok' | 'corrupt' | 'other-bdb';

/** Reads `bytes` as file `file` and checks the contract. */
function check(bytes: Uint8Array, file: string): Outcome {
  let result: ReturnType<typeof gnubgTextFormat.parse>;
  try {
    result = gnubgTextFormat.parse(bytes, { file, met });
  } catch (e) {
    if (!(e instanceof BdbError))
      expect.fail(`${file}: ${(e as Error)?.constructor?.name}: ${(e as Error)?.message}`);
    expect(e.message.includes('\n'), `${file}: one-line message`).toBe(false);
    if (e instanceof CorruptFileError) {
      expect(e.location.file).toBe(file);
      expect(e.location.line, `${file}: ${e.message}`).toBeGreaterThan(0);
      return 'corrupt';
    }
    return 'other-bdb';
  }
  const report = reportMatch(result.match, met);
  expect(nonFinite(report.stats), file).toEqual([]);
  for (const w of result.warnings) expect(w.message.includes('\n')).toBe(false);
  return 'ok';
}

function lines(path: string): string[] {
  return readFileSync(`${REF}${path}`, 'utf8').split('\n');
}

describe('real exports, damaged', () => {
  for (const src of SOURCES) {
    const name = src.slice(src.lastIndexOf('/') + 1);
    const bytes = new Uint8Array(readFileSync(`${REF}${src}`));
    const text = lines(src);

    test(`${name}: reads clean`, () => {
      expect(check(bytes, name)).toBe('ok');
    });

    test(`${name}: truncated at 30 offsets`, () => {
      const rnd = prng(1);
      const seen = new Set<Outcome>();
      for (let k = 0; k < 30; k++) {
        const at = Math.floor(rnd() * bytes.length);
        seen.add(check(bytes.subarray(0, at), `${name}@cut${at}`));
      }
      expect(seen.has('ok')).toBe(true);
    });

    test(`${name}: lines deleted, repeated or replaced by garbage`, () => {
      const rnd = prng(2);
      const garbage = [
        '@@@',
        '* ',
        'Move number 7:',
        'Rolled 99 (+x):',
        '1. No double  +abc',
        '*    1. Cubeful 1-ply    99/1   Eq.: +0.1',
        ' GNU Backgammon  Position ID: ???',
        'Cube analysis',
        '\u0000\uFFFD',
      ];
      for (let k = 0; k < 60; k++) {
        const l = [...text];
        const at = Math.floor(rnd() * l.length);
        const op = k % 3;
        if (op === 0) l.splice(at, 1 + Math.floor(rnd() * 3));
        else if (op === 1) l.splice(at, 0, l[at] ?? '');
        else l[at] = garbage[Math.floor(rnd() * garbage.length)]!;
        check(enc.encode(l.join('\n')), `${name}#${op === 0 ? 'del' : op === 1 ? 'dup' : 'junk'}${at}`);
      }
    });

    test(`${name}: bytes flipped`, () => {
      const rnd = prng(3);
      for (let k = 0; k < 40; k++) {
        const b = bytes.slice();
        const n = 1 + Math.floor(rnd() * 8);
        const where: number[] = [];
        for (let j = 0; j < n; j++) {
          const at = Math.floor(rnd() * b.length);
          b[at] = Math.floor(rnd() * 256);
          where.push(at);
        }
        check(b, `${name}!flip${where.join(',')}`);
      }
    });
  }
});

describe('targeted edits', () => {
  const src = 'gnubg/g0002.txt';
  const text = lines(src);

  test('a wrong Position ID is a CorruptFileError at its line', () => {
    const l = [...text];
    const at = l.findIndex((x, i) => i > 100 && x.includes('Position ID:'));
    l[at] = l[at]!.replace(/Position ID: \S+/, 'Position ID: 4HPwATDgc/ABMA');
    try {
      gnubgTextFormat.parse(enc.encode(l.join('\n')), { file: 'g.txt', met });
      expect.fail('no error');
    } catch (e) {
      expect(e).toBeInstanceOf(CorruptFileError);
      expect((e as CorruptFileError).location.line).toBe(at + 1);
    }
  });

  test('a playable but wrong move is caught by the next Position ID', () => {
    const l = [...text];
    const at = l.findIndex((x) => /^\* .* moves /.test(x));
    l[at] = l[at]!.replace(/moves .*/, 'moves 6/5');
    const next = l.findIndex((x, i) => i > at && x.includes('Position ID:'));
    try {
      gnubgTextFormat.parse(enc.encode(l.join('\n')), { file: 'g.txt', met });
      expect.fail('no error');
    } catch (e) {
      expect(e).toBeInstanceOf(CorruptFileError);
      expect((e as CorruptFileError).location.line).toBe(next + 1);
    }
  });

  test('a move that cannot be played is a CorruptFileError at its line', () => {
    const l = [...text];
    // the first move: nobody has a checker on his 7-point at the start
    const at = l.findIndex((x) => /^\* .* moves /.test(x));
    l[at] = l[at]!.replace(/moves .*/, 'moves 7/1');
    try {
      gnubgTextFormat.parse(enc.encode(l.join('\n')), { file: 'g.txt', met });
      expect.fail('no error');
    } catch (e) {
      expect(e).toBeInstanceOf(CorruptFileError);
      expect((e as CorruptFileError).location.line).toBe(at + 1);
    }
  });

  test('huge lines do not make the reader slow', () => {
    const t0 = Date.now();
    const long = ' '.repeat(200_000);
    const l = [...text];
    const at = l.findIndex((x) => x.startsWith('Rolled '));
    l.splice(
      at + 1,
      0,
      `*    1. Cubeful 1-ply${long}x`,
      `1. No double${long}x`,
      `by GNU Backgammon 1${long}x`,
    );
    check(enc.encode(l.join('\n')), 'g0002#long');
    check(enc.encode(`The score (after 0 games) is: ${'a, 1 '.repeat(100_000)}`), 'long-score');
    check(enc.encode(`${text[0]}\n\nMove number 1: ${long}x\n`), 'long-header');
    expect(Date.now() - t0).toBeLessThan(2000);
  });

  test('every block header broken in turn', () => {
    const headers = text.map((x, i) => (x.startsWith('Move number ') ? i : -1)).filter((i) => i >= 0);
    for (const at of headers.slice(0, 40)) {
      const l = [...text];
      l[at] = `${l[at]!.slice(0, 20)}?`;
      expect(check(enc.encode(l.join('\n')), `g0002#hdr${at}`)).toBe('corrupt');
    }
  });

  test('several files: damaged members fail with their own name', () => {
    const files = ['g0002.txt', 'g0002_002.txt'].map((f) => ({
      file: f,
      bytes: new Uint8Array(readFileSync(`${REF}gnubg/${f}`)),
    }));
    const cut = { file: 'g0002_002.txt', bytes: files[1]!.bytes.subarray(0, 5000) };
    expect(parseGnubgTextMatch([files[0]!, cut], met).warnings.length).toBeGreaterThan(0);
    const junk = { file: 'g0002_003.txt', bytes: enc.encode('garbage\n') };
    try {
      parseGnubgTextMatch([...files, junk], met);
      expect.fail('no error');
    } catch (e) {
      expect(e).toBeInstanceOf(CorruptFileError);
      expect((e as CorruptFileError).location.file).toBe('g0002_003.txt');
    }
    expect(dec.decode(files[0]!.bytes.subarray(0, 13))).toBe('The score (af');
  });
});

// a number out of what an analyser writes (a damaged or hand-edited export) is left out, never a figure
test('a candidate equity or cube equity of 1e20 is left out with a warning, the figures finite', () => {
  const file = new URL('../../reference-matches/gnubg/g0001.txt', import.meta.url).pathname;
  const text = readFileSync(file, 'utf8');
  const damaged = text
    .replace(/Eq\.: {1,2}([+-]\d\.\d{3})/, 'Eq.: 99999999999999999999.000')
    .replace(/No double {11}[+-]\d\.\d{3}/, 'No double           +99999999999999999999.000');
  expect(damaged).not.toBe(text);
  const { match, warnings } = parseGnubgTextMatch(
    [{ file: 'g0001.txt', bytes: new TextEncoder().encode(damaged) }],
    defaultMet(),
  );
  expect(
    warnings.some((w) => /not a number an analyser writes|unrecognised cube equity/.test(w.message)),
  ).toBe(true);
  const stats = reportMatch(match, defaultMet()).stats;
  expect(JSON.stringify(stats)).not.toMatch(/e\+1[0-9]|Infinity|NaN/);
});
