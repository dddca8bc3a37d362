/**
 * Hostile input: real gnuBG files truncated, corrupted byte by byte and edited node by node, plus
 * hand-made pathological files. The contract (README, "Bad input gets a clear error and loses nothing"):
 * `analyseBytes` either returns a report whose figures are all finite numbers or null, or throws a
 * BdbError whose message is one line naming the file (and, for a CorruptFileError, the line). Never
 * another error class, never a hang. Every variant is generated with a seeded PRNG, so a failure is
 * reproducible from its name.
 */
import { describe, expect, test } from 'vitest';
import { BdbError, CorruptFileError, UnsupportedFormatError } from '../../../src/errors.js';
import { analyseBytes } from '../../../src/index.js';
import { defaultMet, reportMatch } from '../../../src/metrics/match-report.js';
import { prSums } from '../../../src/metrics/player-stats.js';
import { parseBytes } from '../../../src/parsers/index.js';
import { concatBytes } from '../../helpers/bytes.js';
import { bytesOf, REF_DIR } from '../../helpers/fixtures.js';
import { nonFinite } from '../../helpers/non-finite.js';
import { prng } from '../../helpers/prng.js';

const met = defaultMet();
const enc = new TextEncoder();

type Outcome =
  | { kind: 'ok'; warnings: number; messages: string[]; decisions: number }
  | { kind: 'corrupt'; error: CorruptFileError }
  | { kind: 'unsupported'; error: UnsupportedFormatError };

/**
 * Analyses `bytes` as file `file` and checks the contract; returns what happened. `file` names the
 * variant, so an assertion failure says which one broke.
 */
function check(bytes: Uint8Array, file: string): Outcome {
  let report: ReturnType<typeof analyseBytes>;
  try {
    report = analyseBytes(bytes, file, met);
  } catch (e) {
    if (!(e instanceof BdbError)) {
      // show what escaped, with the variant's name, instead of a bare class mismatch
      expect.fail(`${file}: ${(e as Error)?.constructor?.name}: ${(e as Error)?.message}`);
    }
    expect(e).toBeInstanceOf(BdbError);
    const msg = (e as BdbError).message;
    expect(msg, file).not.toContain('\n');
    expect(msg.startsWith(file), `${file}: ${msg}`).toBe(true);
    if (e instanceof CorruptFileError) {
      expect(e.location.file).toBe(file);
      expect(e.location.line, msg).toBeGreaterThanOrEqual(1);
      expect(msg.slice(file.length), msg).toMatch(/^:\d+(:\d+)?: \S/);
      return { kind: 'corrupt', error: e };
    }
    expect(e, msg).toBeInstanceOf(UnsupportedFormatError);
    expect(msg.slice(file.length), msg).toMatch(/^: \S/);
    return { kind: 'unsupported', error: e as UnsupportedFormatError };
  }
  expect(nonFinite(report.stats), file).toEqual([]);
  const decisions = report.tallies.reduce((n, t) => n + prSums(t).decisions, 0);
  return {
    kind: 'ok',
    warnings: report.warnings.length,
    messages: report.warnings.map((w) => w.message),
    decisions,
  };
}

/** 1-based line of byte `offset` (files are ASCII/UTF-8, so bytes and lines agree). */
function lineAt(bytes: Uint8Array, offset: number): number {
  let line = 1;
  for (let k = 0; k < offset; k++) if (bytes[k] === 0x0a) line++;
  return line;
}

/** Offsets of every match of `re` in the latin-1 view of `bytes`. */
function offsetsOf(bytes: Uint8Array, re: RegExp): number[] {
  const text = Buffer.from(bytes).toString('latin1');
  const out: number[] = [];
  for (const m of text.matchAll(re)) out.push(m.index);
  return out;
}

/** Whole lines (node per line in gnuBG files) as [start, end) byte ranges, end after the '\n'. */
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

interface Sample {
  readonly name: string;
  readonly bytes: Uint8Array;
  readonly seed: number;
}

const samples: Sample[] = [
  {
    name: 'test-match01_analyzed.sgf',
    bytes: bytesOf(`${REF_DIR}sgf/test-match01_analyzed.sgf`),
    seed: 0x5eed01,
  },
  { name: 'g0001.sgf', bytes: bytesOf(`${REF_DIR}gnubg/g0001.sgf`), seed: 0x5eed02 },
];

describe.each(samples)('$name', ({ name, bytes, seed }) => {
  test('the untouched file is read without warnings', () => {
    const r = check(bytes, name);
    expect(r.kind).toBe('ok');
    if (r.kind === 'ok') {
      expect(r.warnings).toBe(0);
      expect(r.decisions).toBeGreaterThan(0);
    }
  });

  test('truncated at 100 offsets: an error naming the file and line, never a silent partial game', () => {
    const rnd = prng(seed);
    const text = Buffer.from(bytes).toString('latin1');
    const special: number[] = [
      0,
      1,
      2,
      text.indexOf('PW[') + 3, // inside a property value
      text.indexOf('PW[') + 5,
      text.indexOf('A[') + 1, // just after the '[' of an A[] list
      text.indexOf('][', text.indexOf('A[')) + 1, // between two candidates of an A[] list
      text.indexOf('E ver 3', text.indexOf('A[')) + 4, // inside a candidate
      text.indexOf('DA[') + 10, // inside a cube analysis
      text.indexOf('\\'), // at an escape (if any)
      text.indexOf('\n;') + 1, // at the ';' of a node
      text.indexOf('\n;') + 2, // between ';' and the property name
      bytes.length - 1, // only the final newline... or the final ')'
      bytes.length - 2,
    ];
    // mid-UTF-8 sequence: after the lead byte of the first multi-byte character, if any
    const lead = bytes.findIndex((b) => b >= 0xc0);
    if (lead >= 0) special.push(lead + 1);
    const offsets = new Set(special.filter((k) => k >= 0 && k < bytes.length));
    while (offsets.size < 100) offsets.add(Math.floor(rnd() * bytes.length));
    let errors = 0;
    for (const k of offsets) {
      const cut = bytes.subarray(0, k);
      const r = check(cut, `${name}#trunc${k}`);
      if (r.kind === 'ok') {
        // only a cut at a game boundary leaves a well-formed file (earlier games complete)
        expect(/\)\s*$/.test(text.slice(0, k)), `${name}#trunc${k} read without error`).toBe(true);
      } else errors++;
    }
    expect(errors).toBeGreaterThan(90);
  });

  test('150 single-byte flips, insertions and deletions', () => {
    const rnd = prng(seed + 1);
    const kinds = { ok: 0, corrupt: 0, unsupported: 0, warned: 0 };
    for (let v = 0; v < 150; v++) {
      const at = Math.floor(rnd() * bytes.length);
      const op = v % 3;
      let mutated: Uint8Array;
      let label: string;
      if (op === 0) {
        mutated = bytes.slice();
        const x = 1 + Math.floor(rnd() * 255);
        mutated[at] = mutated[at]! ^ x;
        label = `flip${at}^${x}`;
      } else if (op === 1) {
        const b = Math.floor(rnd() * 256);
        mutated = concatBytes(bytes.subarray(0, at), Uint8Array.of(b), bytes.subarray(at));
        label = `ins${at}=${b}`;
      } else {
        mutated = concatBytes(bytes.subarray(0, at), bytes.subarray(at + 1));
        label = `del${at}`;
      }
      const r = check(mutated, `${name}#${label}`);
      kinds[r.kind]++;
      if (r.kind === 'ok' && r.warnings > 0) kinds.warned++;
    }
    expect(kinds.ok + kinds.corrupt + kinds.unsupported).toBe(150);
    // most flips land in analysis numbers: they make warnings (unreadable candidates, illegal plays), not errors
    expect(kinds.warned).toBeGreaterThan(0);
  });

  test('a "]" replaced by "[" (20 places)', () => {
    const rnd = prng(seed + 2);
    const closes = offsetsOf(bytes, /\]/g);
    for (let v = 0; v < 20; v++) {
      const at = closes[Math.floor(rnd() * closes.length)]!;
      const mutated = bytes.slice();
      mutated[at] = 0x5b;
      check(mutated, `${name}#bracket${at}`);
    }
  });

  // gnuBG's SGF reader skips a value that does not start with two dice 1-6 (sgf.c RestoreNode); so does bdb,
  // saying so at that line; the moves after it may then not fit the board (a later corrupt line)
  test('a die changed to 0 or 9: that move skipped with a warning at its line', () => {
    const rnd = prng(seed + 3);
    const moves = offsetsOf(bytes, /;[WB]\[[1-6][1-6]/g);
    for (let v = 0; v < 20; v++) {
      const at = moves[Math.floor(rnd() * moves.length)]!;
      const mutated = bytes.slice();
      const which = at + 3 + (v % 2);
      mutated[which] = v % 4 < 2 ? 0x30 : 0x39;
      const r = check(mutated, `${name}#die${which}`);
      const line = lineAt(bytes, at + 1);
      if (r.kind === 'corrupt') expect(r.error.location.line!).toBeGreaterThan(line);
      else {
        expect(r.kind).toBe('ok');
        if (r.kind === 'ok')
          expect(r.messages.some((m) => /neither a roll nor a cube action/.test(m))).toBe(true);
      }
    }
  });

  test('a whole node deleted or duplicated (20 each)', () => {
    const rnd = prng(seed + 4);
    const nodes = lineRanges(bytes).filter(([s]) => bytes[s] === 0x3b); // lines starting with ';'
    let warned = 0;
    for (let v = 0; v < 40; v++) {
      const [s, e] = nodes[Math.floor(rnd() * nodes.length)]!;
      const mutated =
        v % 2 === 0
          ? concatBytes(bytes.subarray(0, s), bytes.subarray(e))
          : concatBytes(bytes.subarray(0, e), bytes.subarray(s, e), bytes.subarray(e));
      const r = check(mutated, `${name}#${v % 2 === 0 ? 'delnode' : 'dupnode'}${s}`);
      if (r.kind === 'ok' && r.warnings > 0) {
        warned++;
        // a model the parser warned about must still analyse (reportMatch is the second half of analyseBytes)
        const parsed = parseBytes(mutated, { file: name, met });
        expect(parsed.warnings.length).toBeGreaterThan(0);
        expect(nonFinite(reportMatch(parsed.match, met).stats)).toEqual([]);
      }
    }
    // removing or repeating moves makes illegal plays: the warning path is exercised
    expect(warned).toBeGreaterThan(0);
  });
});

describe('degenerate files', () => {
  const outcome = (bytes: Uint8Array, file: string) => check(bytes, file).kind;

  test('empty file, a BOM only, whitespace only', () => {
    expect(outcome(new Uint8Array(0), 'empty.sgf')).toBe('unsupported');
    expect(outcome(Uint8Array.of(0xef, 0xbb, 0xbf), 'bom.sgf')).toBe('unsupported');
    expect(outcome(enc.encode(' \r\n\t\n'), 'blank.sgf')).toBe('unsupported');
  });

  test('1 KB of random binary, alone and after a valid SGF head', () => {
    const rnd = prng(42);
    for (let v = 0; v < 10; v++) {
      const junk = Uint8Array.from({ length: 1024 }, () => Math.floor(rnd() * 256));
      expect(outcome(junk, `junk${v}.bin`)).toBe('unsupported');
      check(concatBytes('(;FF[4]GM[6]', junk), `junkhead${v}.sgf`);
      check(concatBytes('(;FF[4]GM[6]MI[length:5]\n;W[31', junk), `junkmove${v}.sgf`);
    }
  });

  test('5 MB of "(;" (nesting depth) is a quick CorruptFileError', () => {
    const bytes = enc.encode(`(;FF[4]GM[6]${'(;'.repeat(2_500_000)}`);
    const t0 = performance.now();
    expect(outcome(bytes, 'deep.sgf')).toBe('corrupt');
    expect(performance.now() - t0).toBeLessThan(5000);
    // a deep but closed nest: also an error or a match, never a stack overflow
    check(enc.encode(`(;FF[4]GM[6]${'(;'.repeat(200_000)}${')'.repeat(200_001)}`), 'deep-closed.sgf');
  });

  test('a 5 MB property value, terminated or not', () => {
    const big = 'x'.repeat(5_000_000);
    expect(outcome(enc.encode(`(;FF[4]GM[6]MI[length:5]C[${big}]\n;W[31hefe])`), 'bigvalue.sgf')).toBe('ok');
    const r = check(enc.encode(`(;FF[4]GM[6]MI[length:5]\n;W[31hefe]C[${big}`), 'bigopen.sgf');
    expect(r.kind).toBe('corrupt');
  });

  test('300 000 values of one repeated property', () => {
    const many = '[x]'.repeat(300_000);
    expect(outcome(enc.encode(`(;FF[4]GM[6]MI[length:5]\n;C[a]C${many}W[31hefe])`), 'manyvalues.sgf')).toBe(
      'ok',
    );
  });

  test('errors about huge or multi-line values stay one short line', () => {
    const huge = 'h'.repeat(5_000_000);
    for (const [file, text] of [
      ['longid.sgf', `(;FF[4]GM[6]\n;${'W'.repeat(5_000_000)})`],
      ['longidopen.sgf', `(;FF[4]GM[6]\n;${'W'.repeat(5_000_000)}[31`],
      ['longmove.sgf', `(;FF[4]GM[6]\n;W[31${huge}])`],
      ['nlgm.sgf', '(;FF[4]GM[6])(;GM[1\n2]\n;W[31hefe])'],
      ['nlsetup.sgf', '(;FF[4]GM[6]\n;AW[Q\nQ])'],
      ['nlcv.sgf', `(;FF[4]GM[6]\n;CV[99999\n])`],
    ]) {
      const r = check(enc.encode(text!), file!);
      expect(r.kind, file).toBe('corrupt');
      if (r.kind === 'corrupt')
        expect(r.error.message.length, r.error.message.slice(0, 200)).toBeLessThan(200);
    }
    for (const [file, text] of [
      ['longdice.sgf', `(;FF[4]GM[6]\n;W[0${huge}])`],
      ['nlmove.sgf', '(;FF[4]GM[6]\n;W[3\n1])'],
    ]) {
      const r = check(enc.encode(text!), file!);
      expect(r.kind, file).toBe('ok');
      if (r.kind === 'ok') {
        expect(r.messages).toHaveLength(1);
        expect(r.messages[0]).not.toContain('\n');
        expect(r.messages[0]!.length).toBeLessThan(200);
      }
    }
    const warned = check(
      enc.encode(`(;FF[4]GM[6]\n;W[31hefe]DA[E\n${huge}]A[0][hefe E ver 3\njunk]RE[W+${'9'.repeat(99)}\n])`),
      'nlwarn.sgf',
    );
    expect(warned.kind).toBe('ok');
    if (warned.kind === 'ok') {
      expect(warned.messages.length).toBeGreaterThanOrEqual(2);
      for (const m of warned.messages) {
        expect(m).not.toContain('\n');
        expect(m.length).toBeLessThan(200);
      }
    }
  });

  test('a wrong or strange CA[] charset never crashes the decoder', () => {
    const real = samples[1]!.bytes;
    const text = Buffer.from(real).toString('latin1');
    const at = text.indexOf('CA[UTF-8]');
    expect(at).toBeGreaterThan(0);
    const charsets = ['UTF-16', 'UTF-16BE', 'UTF-32', 'utf7', 'base64', 'hex', 'ucs2', 'binary', 'cesu8'];
    charsets.push(
      'koi8-r',
      'Shift_JIS',
      'GB18030',
      'Big5',
      'EUC-KR',
      'x-unknown',
      '',
      '__proto__',
      'constructor',
    );
    for (const cs of charsets) {
      const bytes = concatBytes(real.subarray(0, at), `CA[${cs}]`, real.subarray(at + 'CA[UTF-8]'.length));
      check(bytes, `charset-${cs || 'empty'}.sgf`);
    }
    // a UTF-16 BOM on UTF-8 bytes
    check(concatBytes(Uint8Array.of(0xff, 0xfe), real), 'bom16.sgf');
  });

  test('5 MB of empty games is read in linear time, and refused past 5,000 games', () => {
    const t0 = performance.now();
    const r = check(enc.encode(`(;FF[4]GM[6]MI[length:5])${'(;GM[6])'.repeat(300_000)}`), 'manygames.sgf');
    expect(r.kind).toBe('corrupt');
    if (r.kind === 'corrupt') expect(r.error.detail).toMatch(/^more than 5000 games/);
    expect(performance.now() - t0).toBeLessThan(8000);
  });

  test('huge AE[] ranges stay fast', () => {
    const ae = 'AE[\u0001:\uffff]'.repeat(200_000);
    const t0 = performance.now();
    check(enc.encode(`(;FF[4]GM[6]MI[length:5]\n;${ae}\n;W[31hefe])`), 'bigae.sgf');
    expect(performance.now() - t0).toBeLessThan(5000);
  });
});

// --- hand-made matches the metrics must survive -------------------------------------------------------

const DA = 'DA[E ver 3 1C 1 0.000000 1 0.6 0.2 0.01 0.1 0.005 0.3 0.52 0.6 0.2 0.01 0.1 0.005 0.3 0.49]';
const cand = (letters: string, eq: string) =>
  `[${letters} E ver 3 0.5 0.1 0.01 0.1 0.01 ${eq} 1C 0 1 0.000000 1]`;
function game(body: string, root = 'MI[length:5][game:0][ws:0][bs:0]'): string {
  return `(;FF[4]GM[6]CA[UTF-8]AP[GNU Backgammon:1.08.003]${root}PW[Alice]PB[Bob]RU[Crawford]\n${body})\n`;
}

describe('strange matches: read (with a warning where something is skipped) or refused at the right line', () => {
  const over = `${';W[double]\n;B[take]\n'.repeat(12)};W[double]\n;B[take]\n`; // 13th take: cube 8192
  // label, file text, expected outcome, a warning (ok) or error detail (corrupt) to find, the error's line
  const cases: [string, string, Outcome['kind'], RegExp | null, number?][] = [
    ['a game with no moves', game(''), 'ok', null],
    ['a game with no moves and a result', game('', 'MI[length:5][game:0][ws:0][bs:0]RE[W+1]'), 'ok', null],
    ['a double never answered', game(`;W[double]${DA}\n`), 'ok', null],
    ['a take with no double before it', game(`;B[take]${DA}\n;W[31hefe]\n`), 'ok', null],
    ['a drop with no double, no analysis', game(';B[drop]\n'), 'ok', null],
    ['two doubles in a row at match play', game(`;W[double]${DA}\n;B[double]\n;W[drop]\n`), 'ok', null],
    ['moves after a drop (game over)', game(';W[double]\n;B[drop]\n;W[31hefe]\n;B[31qtst]\n'), 'ok', null],
    [
      'an illegal move (possible hops, wrong dice)',
      game(';W[31hefe]\n;B[65qtst]\n'),
      'ok',
      /not a legal play/,
    ],
    ['a move that cannot be played', game(';W[31hefe]\n;B[31eheg]\n'), 'corrupt', /cannot be played/, 3],
    ['bad point letters', game(';W[31hefe]\n;B[31ab]\n;W[31hAfe]\n'), 'corrupt', /point letters/, 4],
    [
      'an A[] index out of range',
      game(`;W[31hefe]A[99]${cand('hefe', '0.1')}${cand('mjmi', '0.05')}\n`),
      'ok',
      null,
    ],
    ['A[] with no candidates', game(';W[31hefe]A[0]\n'), 'ok', null],
    ['A[] with a negative index', game(`;W[31hefe]A[-1]${cand('hefe', '0.1')}\n`), 'ok', null],
    [
      'NaN equities',
      game(`;W[31hefe]A[0]${cand('hefe', 'nan')}${cand('mjmi', 'NaN')}\n`),
      'ok',
      /unreadable candidate/,
    ],
    [
      'infinite equities',
      game(`;W[31hefe]A[0]${cand('hefe', 'inf')}${cand('mjmi', '-inf')}\n`),
      'ok',
      /unreadable/,
    ],
    [
      'an unplayable candidate',
      game(`;W[31hefe]A[0]${cand('hefe', '0.1')}${cand('tqts', '0.2')}\n`),
      'ok',
      null,
    ],
    [
      'an unreadable candidate and DA',
      game(`;W[31hefe]DA[E ver 3 junk]A[0][hefe E ver]${cand('hefe', '0.1')}\n`),
      'ok',
      /unreadable cube analysis/,
    ],
    [
      'NaN cube analysis',
      game(`;W[double]${DA.replace(/0\.49\]$/, 'nan]')}\n;B[take]\n`),
      'ok',
      /unreadable cube/,
    ],
    [
      'score beyond the match length (dead cube)',
      game(`;W[double]${DA}\n;B[take]\n`, 'MI[length:5][ws:7][bs:9]'),
      'ok',
      /cannot be converted to equity at 7-9 of a 5-point match/,
    ],
    ['negative score', game(`;W[double]${DA}\n;B[take]\n`, 'MI[length:5][ws:-3][bs:0]RE[W+2]'), 'ok', null],
    [
      'match length 65',
      game(`;W[31hefe]${DA}\n;B[double]${DA}\n;W[take]\n`, 'MI[length:65]RE[W+4]'),
      'ok',
      null,
    ],
    ['match length 10^20', game(`;W[31hefe]${DA}\n`, 'MI[length:100000000000000000000]RE[W+1]'), 'ok', null],
    [
      'a result worth 10^400 points',
      game(';W[31hefe]\n', `MI[length:5]RE[W+${'9'.repeat(400)}]`),
      'ok',
      /RE\[/,
    ],
    [
      'a result worth 10^20 points',
      game(';W[31hefe]\n', 'MI[length:5]RE[B+100000000000000000000R]'),
      'ok',
      /RE\[/,
    ],
    [
      'CV[10^308] in the root',
      game(`;W[double]${DA}\n`, `MI[length:5]CV[${'9'.repeat(308)}]`),
      'corrupt',
      /CV/,
      1,
    ],
    ['CV[8192] in a node', game(';W[31hefe]\n;CV[8192]\n'), 'corrupt', /CV\[8192\]/, 3],
    ['13 doubles and takes (cube 8192)', game(over), 'corrupt', /cube would go to 8192/, 27],
    [
      'beavers to a cube of 8192',
      game(';W[double]\n;B[double]\n'.repeat(7), 'MI[length:0]'),
      'corrupt',
      /8192/,
      15,
    ],
    [
      'a setup with 20 white checkers',
      game(`;AW${'[a]'.repeat(20)}\n;W[31hefe]\n`),
      'corrupt',
      /35 checkers \(max 15\)/,
      2,
    ],
    [
      'a setup putting both sides on one point',
      game(';AE[x]AW[s]\n;W[31hefe]\n'),
      'corrupt',
      /both sides/,
      2,
    ],
    ['a bad setup letter', game(';AW[Q]\n;W[31hefe]\n'), 'corrupt', /setup point AW\[Q\]/, 2],
    ['a legal setup then a move', game(';AE[a:y]AW[f][f]AB[s][s]\n;W[31fcfe]\n'), 'ok', null],
    ['W and B in one node', game(';W[31hefe]B[31qtst]\n'), 'ok', /both W\[\] and B\[\]/],
    [
      'resign, accept, reject, beaver and raccoon values (GNU Gibbon writes resign:2)',
      game(';W[resign:2]\n;B[accept]\n;W[reject]\n;B[beaver]\n;W[raccoon]\n'),
      'ok',
      /neither a roll nor a cube action; skipped, as gnuBG does/,
    ],
    [
      'a later game tree that is not backgammon',
      `${game(';W[31hefe]\n')}(;FF[4]GM[1]SZ[19];B[pd])`,
      'corrupt',
      /GM\[1\] is not backgammon/,
      4,
    ],
    [
      'text after the last game tree',
      `${game(';W[31hefe]\n')}(;FF[4]GM[6]\n;W[31hefe]\n)garbage;W[21]`,
      'corrupt',
      /unexpected "g" after the end of a game tree/,
      6,
    ],
    ['a stray ")" inside a game', game(';W[31hefe]\n);B[31qtst]\n'), 'corrupt', /unexpected ";"/, 3],
    ['NULs and ^Z after the last game tree', `${game(';W[31hefe]\n')}\0\0\x1a`, 'ok', null],
  ];
  test.each(cases)('%s', (label, text, expected, detail, line) => {
    const r = check(enc.encode(text), `${label.replace(/\W+/g, '-')}.sgf`);
    expect(r.kind).toBe(expected);
    if (r.kind === 'ok' && detail)
      expect(
        r.messages.some((m) => detail.test(m)),
        r.messages.join('; '),
      ).toBe(true);
    if (r.kind === 'ok' && !detail) expect(r.messages).toEqual([]);
    if (r.kind === 'corrupt') {
      if (detail) expect(r.error.detail).toMatch(detail);
      if (line !== undefined) expect(r.error.location.line).toBe(line);
    }
  });

  test('a model the parser warned about still analyses, with the warnings in the report', () => {
    const text = game(
      [
        `;W[31hefe]DA[E ver 3 junk]A[0][hefe E ver]${cand('hefe', '0.1')}${cand('tqts', '0.2')}LU[-inf]`,
        `;B[65qtst]A[0]${cand('qtst', 'nan')}${cand('qtst', '0.01')}LU[nan]`,
        ';W[resign]',
        `;W[double]${DA}`,
        ';B[take]B[drop]W[take]',
        '',
      ].join('\n'),
      `MI[length:5][ws:7][bs:9]RE[W+${'9'.repeat(30)}]`,
    );
    const bytes = enc.encode(text);
    const parsed = parseBytes(bytes, { file: 'warned.sgf', met });
    expect(parsed.warnings.length).toBeGreaterThanOrEqual(5);
    for (const w of parsed.warnings) expect(w.line).toBeGreaterThanOrEqual(1);
    const report = reportMatch(parsed.match, met, 'sgf', parsed.warnings);
    expect(nonFinite(report.stats)).toEqual([]);
    expect(report.warnings).toBe(parsed.warnings);
    const r = check(bytes, 'warned.sgf');
    expect(r.kind).toBe('ok');
  });
});
