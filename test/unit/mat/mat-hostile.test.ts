/**
 * Hostile input for the .mat reader: real transcripts truncated, with lines deleted, duplicated or swapped,
 * garbage lines and bytes inserted, plus hand-made pathological files. The contract: `parse` returns a match
 * (whose figures are finite numbers or null) or throws a BdbError — a CorruptFileError naming the file and a
 * line — never another error class and never a hang. Variants come from a seeded PRNG, so a failure is
 * reproducible from its name.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, test } from 'vitest';
import { BdbError, CorruptFileError } from '../../../src/errors.js';
import { defaultMet, reportMatch } from '../../../src/metrics/match-report.js';
import { matFormat } from '../../../src/parsers/mat/index.js';
import { concatBytes } from '../../helpers/bytes.js';
import { REF_DIR } from '../../helpers/fixtures.js';
import { nonFinite } from '../../helpers/non-finite.js';
import { prng } from '../../helpers/prng.js';

const met = defaultMet();
const enc = new TextEncoder();

function bytesOf(path: string): Uint8Array {
  const b = readFileSync(path);
  return new Uint8Array(b.buffer, b.byteOffset, b.length);
}

type Outcome = 'ok' | 'corrupt';

/** Reads `bytes` as `file` and checks the contract. */
function check(bytes: Uint8Array, file: string): Outcome {
  let result: ReturnType<typeof matFormat.parse>;
  try {
    result = matFormat.parse(bytes, { file, met });
  } catch (e) {
    if (!(e instanceof BdbError))
      expect.fail(`${file}: ${(e as Error)?.constructor?.name}: ${(e as Error)?.message}`);
    expect(e).toBeInstanceOf(CorruptFileError);
    const c = e as CorruptFileError;
    expect(c.message, file).not.toContain('\n');
    expect(c.message.startsWith(`${file}:`), c.message).toBe(true);
    expect(c.location.file).toBe(file);
    expect(c.location.line, c.message).toBeGreaterThanOrEqual(1);
    expect(c.message.slice(file.length), c.message).toMatch(/^:\d+(:\d+)?: \S/);
    return 'corrupt';
  }
  for (const w of result.warnings) {
    expect(w.line, `${file}: ${w.message}`).toBeGreaterThanOrEqual(1);
    expect(w.message).not.toContain('\n');
  }
  const report = reportMatch(result.match, met);
  expect(nonFinite(report.stats), file).toEqual([]);
  expect(nonFinite(report.finalScore), file).toEqual([]);
  return 'ok';
}

const samples = [
  'mat/gbf_test.mat',
  'mat/gbf_test_xg_export.txt',
  'mat/bglab_BoardLord-Llabba_7pt_2023_08_09.mat',
  'gnubg/g0047.mat',
].map((p, k) => ({
  name: p.slice(p.lastIndexOf('/') + 1),
  bytes: bytesOf(`${REF_DIR}${p}`),
  seed: 0x6d61 + k,
}));

/** Whole lines as [start, end) byte ranges, end after the '\n'. */
function lineRanges(bytes: Uint8Array): [number, number][] {
  const out: [number, number][] = [];
  let start = 0;
  for (let k = 0; k < bytes.length; k++) {
    if (bytes[k] === 0x0a) {
      out.push([start, k + 1]);
      start = k + 1;
    }
  }
  if (start < bytes.length) out.push([start, bytes.length]);
  return out;
}

describe.each(samples)('$name', ({ name, bytes, seed }) => {
  test('truncated at every line end and at random bytes', () => {
    const counts = { ok: 0, corrupt: 0 };
    for (const [, end] of lineRanges(bytes)) counts[check(bytes.subarray(0, end), `${name}@line-${end}`)]++;
    const rnd = prng(seed);
    for (let k = 0; k < 150; k++) {
      const at = Math.floor(rnd() * bytes.length);
      counts[check(bytes.subarray(0, at), `${name}@cut-${at}`)]++;
    }
    // a transcript cut after a whole row is still a (shorter) match
    expect(counts.ok).toBeGreaterThan(counts.corrupt);
  });

  test('lines deleted, duplicated, swapped; garbage lines and bytes inserted', () => {
    const lines = lineRanges(bytes);
    const rnd = prng(seed ^ 0x5a5a);
    const pick = () => lines[Math.floor(rnd() * lines.length)]!;
    const garbage = [
      'hello world\n',
      '  7) 99: 13/7\n',
      '  8) 31: 8/5 6/5 8/5 6/5 8/5\n',
      ' 12) 42: 30/26 6/2\n',
      ' 12) 42: 6/8\n',
      '  3)  Doubles => banana\n',
      '      Wins many points\n',
      ' Game 99\n',
      ' 3 point match\n',
      '; [Set Pos="x"]\n',
      '\u0000\u0001\u00ff\uFFFD\n',
      `${'9'.repeat(5000)}\n`,
      `  1) 31: ${'8/5 '.repeat(3000)}\n`,
    ];
    let n = 0;
    for (let k = 0; k < 120; k++) {
      const [s, e] = pick();
      const op = k % 4;
      let variant: Uint8Array;
      if (op === 0) variant = concatBytes(bytes.subarray(0, s), bytes.subarray(e));
      else if (op === 1) variant = concatBytes(bytes.subarray(0, e), bytes.subarray(s, e), bytes.subarray(e));
      else if (op === 2) {
        const [s2, e2] = pick();
        const [a, b] =
          s < s2
            ? [
                [s, e],
                [s2, e2],
              ]
            : [
                [s2, e2],
                [s, e],
              ];
        if (a[1]! > b[0]!) continue;
        variant = concatBytes(
          bytes.subarray(0, a[0]),
          bytes.subarray(b[0], b[1]),
          bytes.subarray(a[1], b[0]),
          bytes.subarray(a[0], a[1]),
          bytes.subarray(b[1]),
        );
      } else variant = concatBytes(bytes.subarray(0, s), garbage[k % garbage.length]!, bytes.subarray(s));
      check(variant, `${name}#${op}-${k}`);
      n++;
    }
    for (let k = 0; k < 200; k++) {
      const v = bytes.slice();
      const at = Math.floor(rnd() * v.length);
      v[at] = Math.floor(rnd() * 256);
      check(v, `${name}#byte-${at}-${v[at]}`);
      n++;
    }
    expect(n).toBeGreaterThan(250);
  });
});

describe('hand-made files', () => {
  const cases: [string, string][] = [
    ['empty', ''],
    ['blank lines', '\n\n\r\n'],
    ['BOM only', '\uFEFF'],
    ['match line only', ' 7 point match'],
    ['game line only', ' 7 point match\n Game 1'],
    ['no players line', ' 7 point match\n Game 1\n\n\n'],
    ['a move that cannot be played', ' 7 point match\n Game 1\n a : 0  b : 0\n  1) 31: 5/2 4/3\n'],
    ['bad dice', ' 7 point match\n Game 1\n a : 0  b : 0\n  1) 07: 13/6\n'],
    ['dice 77', ' 7 point match\n Game 1\n a : 0  b : 0\n  1) 77: 13/6 13/6\n'],
    ['a huge match length', ' 99999999999999999999 point match\n Game 1\n a : 0  b : 0\n'],
    ['a huge score', ' 0 point match\n Game 1\n a : 99999999999 b : 0\n'],
    [
      'a huge cube',
      ` 0 point match\n Game 1\n a : 0  b : 0\n${Array.from({ length: 14 }, (_, k) => `  ${k + 1})  Doubles => 2                Takes\n`).join('')}`,
    ],
    ['a huge Wins', ' 7 point match\n Game 1\n a : 0  b : 0\n      Wins 999999999 points\n'],
    ['three actions', ' 7 point match\n Game 1\n a : 0  b : 0\n  1) 31: 8/5 6/5 42: 8/4 6/4 51: 13/8 6/5\n'],
    [
      'takes with no double',
      ' 7 point match\n Game 1\n a : 0  b : 0\n  1)  Takes                       Drops\n',
    ],
    ['beavers with no double', ' 7 point match\n Game 1\n a : 0  b : 0\n  1)  Beavers => 4\n'],
    [
      'a long players line',
      ` 7 point match\n Game 1\n ${'a'.repeat(100_000)} : 0 ${' '.repeat(100_000)}b : 0x\n`,
    ],
    ['a long header line', `; [${' '.repeat(100_000)}x "y"\n 7 point match\n Game 1\n a : 0 b : 0\n`],
    ['many long header lines', `${`; [${' '.repeat(2000)}x\n`.repeat(500)} 7 point match\n`],
    [
      'a players line of spaces and colons',
      ` 7 point match\n Game 1\n${' '.repeat(50_000)}x\n${' : 1 '.repeat(20_000)}\n`,
    ],
    ['a players line of spaces', ` 7 point match\n Game 1\n ${`: 1${' '.repeat(20)}`.repeat(5000)}x\n`],
    ['a long move', ` 7 point match\n Game 1\n a : 0  b : 0\n  1) 31: ${'8/'.repeat(100_000)}5\n`],
    [
      'a long row of spaces',
      ` 7 point match\n Game 1\n a : 0  b : 0\n  1)${' '.repeat(200_000)}31: 8/5 6/5\n`,
    ],
  ];
  test.each(cases)('%s', (name, text) => {
    const started = performance.now();
    check(enc.encode(text), `${name}.mat`);
    expect(performance.now() - started).toBeLessThan(2000);
  });

  test('an empty file and a move that cannot be played are corrupt files with a line', () => {
    expect(check(new Uint8Array(0), 'empty.mat')).toBe('corrupt');
    expect(check(enc.encode(cases[6]![1]), 'm.mat')).toBe('corrupt');
    expect(check(enc.encode(cases[7]![1]), 'd.mat')).toBe('corrupt');
  });
});
