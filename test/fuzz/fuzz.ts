/**
 * The mutation fuzzer (`npm run fuzz [-- --minutes N --seed S --only FORMAT]`, scripts/fuzz.mjs runs this
 * file with vitest and passes the options in BDB_FUZZ_*).
 *
 * Every reference match of every format (test/reference-matches: .xg, .xgp, .sgf, gnuBG text exports, XG
 * position texts, .mat) is mutated, round after round until the time is up: truncated, bytes flipped,
 * tokens of its format inserted, chunks deleted, duplicated or moved, numbers made extreme, a huge line,
 * NULs and invalid UTF-8; for .xg the records inside the archive are damaged (bytes, 32-bit integers made
 * extreme, and stored floats set to NaN, ±Infinity or absurd values) and re-packed into a valid archive so that they pass the CRCs. Each
 * case goes through what the commands do with a match: the figures of `stats` (and, for one case in four,
 * `review`, its table and HTML page, and `biases` and `plan`). A case fails when
 * - it throws anything but a BdbError, or a BdbError whose message does not start with the file's name;
 * - a figure is NaN or ±Infinity (null is how bdb says "no data");
 * - it takes more than 10 s (a hang: the case being run is written first to test/fuzz-corpus/.current, so
 *   a case that never ends is on disk when the run is stopped).
 * A failing case is minimised (chunks removed while it still fails) and kept in test/fuzz-corpus/, which
 * `npm test` replays (test/unit/fuzz-corpus.test.ts). Deterministic from the seed.
 */
import { mkdirSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { extname, join } from 'node:path';
import { expect, test } from 'vitest';
import { readXgArchive } from '../../src/parsers/xg/archive.js';
import { XG_RECORD_SIZE } from '../../src/parsers/xg/records.js';
import { concatBytes } from '../helpers/bytes.js';
import { runCase } from '../helpers/fuzz-case.js';
import { prng } from '../helpers/prng.js';
import { buildXg } from '../unit/xg/build-xg.js';

const REF = new URL('../reference-matches/', import.meta.url).pathname;
const CORPUS = new URL('../fuzz-corpus/', import.meta.url).pathname;

/** One input: its format name (for --only and the report), name and bytes. */
interface Seed {
  readonly format: string;
  readonly name: string;
  readonly bytes: Uint8Array;
}

function formatOf(name: string, bytes: Uint8Array): string {
  const ext = extname(name).toLowerCase();
  if (ext !== '.txt') return ext.slice(1);
  const head = new TextDecoder().decode(bytes.subarray(0, 4096));
  if (/GNU Backgammon|Move number \d+:/.test(head)) return 'gnubg-text';
  if (/XGID=/.test(head)) return 'xg-text';
  return 'mat';
}

function seeds(only: string | undefined): Seed[] {
  const out: Seed[] = [];
  const walk = (dir: string): void => {
    for (const n of readdirSync(dir).sort()) {
      const p = join(dir, n);
      if (statSync(p).isDirectory()) walk(p);
      else if (
        /\.(xg|xgp|sgf|mat|txt)$/i.test(n) &&
        !/\.(stats|reload)\.txt$/.test(n) &&
        n !== 'commands.txt'
      ) {
        const bytes = new Uint8Array(readFileSync(p));
        const format = formatOf(n, bytes);
        if (!only || only === format) out.push({ format, name: p.slice(REF.length), bytes });
      }
    }
  };
  walk(REF);
  return out;
}

const TOKENS: Record<string, string[]> = {
  sgf: [
    ';',
    '[',
    ']',
    '(',
    ')',
    'W[',
    'B[double]',
    'W[take]',
    'B[drop]',
    'W[resign:2]',
    'DA[E ver 3 0C 1',
    'A[',
    'CV[4096]',
    'CP[b]',
    'MI[length:99999]',
    'RE[W+99999]',
    'AW[y]',
    'AE[a:y]',
    '\\]',
  ],
  'gnubg-text': [
    'Move number 999:',
    ' * Alice doubles',
    ' * Bob accepts',
    ' * Bob rejects',
    'Position ID:',
    'Match ID   :',
    'Cube analysis',
    'Rolled 66',
    'Alert: missed double (-0.000)',
    'Game statistics for game 1',
    'wins 4096 points',
    '\n\n',
  ],
  mat: [
    ' Doubles => 4096',
    ' Takes',
    ' Drops',
    ' Beavers => 8',
    ' Wins 9999 points',
    ' Game 2\n',
    '99 point match',
    '66: 25/1',
    ': 0',
    '\n',
  ],
  'xg-text': [
    'XGID=',
    '-a-B--E-C---eE---c-e----B-:0:0:1:52:0:0:0:7:10',
    'eXtreme Gammon',
    'Double/Take',
    'Eq.:',
    '\n',
  ],
  xg: [],
  xgp: [],
};
const NUMBERS = [
  '0',
  '-1',
  '1e308',
  '-1e308',
  'NaN',
  'Infinity',
  '4294967296',
  '-2147483649',
  '99999999999999999999',
  '0.000001',
];

/** One mutant of `s`, drawn with `rnd`. */
function mutate(s: Seed, rnd: () => number): Uint8Array {
  const b = s.bytes;
  const at = (): number => Math.floor(rnd() * (b.length + 1));
  const enc = new TextEncoder();
  if ((s.format === 'xg' || s.format === 'xgp') && rnd() < 0.7) return mutateXgRecords(s, rnd);
  switch (Math.floor(rnd() * 9)) {
    case 0:
      return b.slice(0, at());
    case 1: {
      const m = b.slice();
      for (let k = 1 + Math.floor(rnd() * 8); k > 0 && m.length > 0; k--)
        m[Math.floor(rnd() * m.length)] = Math.floor(rnd() * 256);
      return m;
    }
    case 2: {
      const t = TOKENS[s.format] ?? [];
      const tok =
        t.length > 0 ? t[Math.floor(rnd() * t.length)]! : String.fromCharCode(Math.floor(rnd() * 256));
      const p = at();
      return concatBytes(b.subarray(0, p), enc.encode(tok), b.subarray(p));
    }
    case 3: {
      const p = at();
      return concatBytes(b.subarray(0, p), b.subarray(Math.min(b.length, p + Math.floor(rnd() * 4096))));
    }
    case 4: {
      const p = at();
      const q = Math.min(b.length, p + Math.floor(rnd() * 4096));
      return concatBytes(b.subarray(0, q), b.subarray(p, q), b.subarray(q));
    }
    case 5: {
      const p = at();
      const q = Math.min(b.length, p + Math.floor(rnd() * 4096));
      const r = Math.floor(rnd() * (b.length - (q - p) + 1));
      const rest = concatBytes(b.subarray(0, p), b.subarray(q));
      return concatBytes(rest.subarray(0, r), b.subarray(p, q), rest.subarray(r));
    }
    case 6: {
      // a run of digits made extreme
      const text = new TextDecoder('latin1').decode(b);
      const re = /-?\d+(\.\d+)?/g;
      const hits = [...text.matchAll(re)];
      if (hits.length === 0) return b;
      const h = hits[Math.floor(rnd() * hits.length)]!;
      const n = NUMBERS[Math.floor(rnd() * NUMBERS.length)]!;
      return concatBytes(b.subarray(0, h.index), enc.encode(n), b.subarray(h.index + h[0].length));
    }
    case 7: {
      const p = at();
      return concatBytes(
        b.subarray(0, p),
        enc.encode('x'.repeat(1 + Math.floor(rnd() * 200_000))),
        b.subarray(p),
      );
    }
    default: {
      const p = at();
      const junk =
        rnd() < 0.5
          ? new Uint8Array(1 + Math.floor(rnd() * 64))
          : Uint8Array.of(0xc3, 0x28, 0xff, 0xfe, 0xed, 0xa0, 0x80);
      return concatBytes(b.subarray(0, p), junk, b.subarray(p));
    }
  }
}

const FLOATS = [
  Number.NaN,
  Number.POSITIVE_INFINITY,
  Number.NEGATIVE_INFINITY,
  -1e200,
  1.7e308,
  -1000,
  3.5e38,
];

/** Counts and indexes made extreme (a count of automatic doubles of 2000 made every cube of its game Infinity). */
const INTS = [-1, 2000, 2 ** 31 - 1, -(2 ** 31), 99999];

/** An .xg whose temp.xg records are damaged, re-packed so that sizes and CRCs are right. */
function mutateXgRecords(s: Seed, rnd: () => number): Uint8Array {
  let inner: ReadonlyMap<string, Uint8Array>;
  try {
    inner = readXgArchive(s.bytes, s.name).files;
  } catch {
    return s.bytes;
  }
  const game = inner.get('temp.xg');
  if (!game) return s.bytes;
  const data = game.slice();
  const view = new DataView(data.buffer, data.byteOffset, data.byteLength);
  const records = Math.floor(data.length / XG_RECORD_SIZE);
  for (let k = 1 + Math.floor(rnd() * 6); k > 0 && records > 0; k--) {
    const base = Math.floor(rnd() * records) * XG_RECORD_SIZE;
    const off = base + Math.floor(rnd() * (XG_RECORD_SIZE - 8));
    const pick = rnd();
    if (pick < 0.4) data[off] = Math.floor(rnd() * 256);
    else if (pick < 0.55) view.setInt32(off & ~3, INTS[Math.floor(rnd() * INTS.length)]!, true);
    else {
      const v = FLOATS[Math.floor(rnd() * FLOATS.length)]!;
      if (rnd() < 0.5) view.setFloat64(off & ~7, v, true);
      else view.setFloat32(off & ~3, v, true);
    }
  }
  const files = [...inner].map(([name, bytes]) => ({ name, data: name === 'temp.xg' ? data : bytes }));
  return buildXg(files);
}

/** The smallest version of a failing case found by removing chunks (bounded work). */
function minimise(file: string, bytes: Uint8Array, deep: boolean, why: string): Uint8Array {
  const kind = why.split(':')[0];
  const fails = (b: Uint8Array): boolean => {
    const r = runCase(file, b, deep);
    return r.kind === 'fail' && r.why.split(':')[0] === kind;
  };
  let cur = bytes;
  for (let chunk = Math.max(1, cur.length >> 1); chunk >= 1; chunk >>= 1) {
    for (let p = 0; p < cur.length && cur.length > 1; ) {
      const next = concatBytes(cur.subarray(0, p), cur.subarray(p + chunk));
      if (next.length < cur.length && fails(next)) cur = next;
      else p += chunk;
    }
  }
  return cur;
}

test('fuzz', () => {
  const minutes = Number(process.env.BDB_FUZZ_MINUTES ?? '1');
  const seed = Number(process.env.BDB_FUZZ_SEED ?? '1');
  const only = process.env.BDB_FUZZ_ONLY || undefined;
  const list = seeds(only);
  expect(list.length, `no reference match of format ${only}`).toBeGreaterThan(0);
  mkdirSync(CORPUS, { recursive: true });
  const rnd = prng(seed);
  const until = Date.now() + minutes * 60_000;
  const perFormat = new Map<string, { cases: number; errors: number }>();
  const failures: string[] = [];
  let slowest = 0;
  let cases = 0;
  while (Date.now() < until) {
    for (const s of list) {
      if (Date.now() >= until) break;
      const bytes = mutate(s, rnd);
      const deep = rnd() < 0.25;
      const file = `${s.name}#${cases}`;
      writeFileSync(join(CORPUS, '.current'), bytes);
      const t0 = performance.now();
      const r = runCase(file, bytes, deep);
      const ms = performance.now() - t0;
      slowest = Math.max(slowest, ms);
      cases++;
      const f = perFormat.get(s.format) ?? { cases: 0, errors: 0 };
      f.cases++;
      if (r.kind === 'error') f.errors++;
      perFormat.set(s.format, f);
      const why = r.kind === 'fail' ? r.why : ms > 10_000 ? `slow: ${Math.round(ms)} ms` : null;
      if (why) {
        const small = why.startsWith('slow') ? bytes : minimise(file, bytes, deep, why);
        const name = `${s.format}-${seed}-${cases}${extname(s.name)}`;
        writeFileSync(join(CORPUS, name), small);
        failures.push(`${name} (from ${s.name}${deep ? ', deep' : ''}): ${why}`);
      }
    }
  }
  rmSync(join(CORPUS, '.current'), { force: true });
  const lines = [...perFormat].map(
    ([k, v]) => `${k.padEnd(11)} ${String(v.cases).padStart(7)} cases, ${v.errors} typed errors`,
  );
  console.info(
    `fuzz: seed ${seed}, ${minutes} min, ${cases} cases, slowest ${Math.round(slowest)} ms\n${lines.join('\n')}\n` +
      `failures: ${failures.length}${failures.length ? `\n${failures.join('\n')}` : ''}`,
  );
  expect(failures).toEqual([]);
});
