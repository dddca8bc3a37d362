/**
 * The stored form of a seat's `PlayerTally` (schema 8): one JSON object holding the player, the matches
 * added, and each accumulator's state under its id (src/metrics/index.ts), that state's values in a fixed
 * order as a flat array, read back against a template of its shape. Reading 20,000 of them is what `bdb
 * stats --library` spends its time on; flat arrays of numbers parse several times faster than the same
 * objects with their keys and take a third of the room. Doubles keep every bit (shortest round-trip form);
 * ±Infinity and NaN (gnuBG's LU[-inf] luck) are written as strings.
 *
 * Keyed by accumulator, a stored tally outlives the registry's growth: a match stored before an
 * accumulator existed lacks its key, and reads back with that accumulator `unknown` (its figures null)
 * instead of a wrong zero. Schemas 1–7 stored the old flat tally (src/library/legacy-tally.ts); schema 8
 * rewrote them (src/library/migrate-tallies.ts).
 */
import { type AccumulatorId, REGISTRY, type TallyStates } from '../metrics/index.js';
import { emptyTally, type PlayerTally } from '../metrics/player-stats.js';
import { fromLegacy, type LegacyTally, legacySample, toLegacy } from './legacy-tally.js';

/** A shape: a number, a string, a boolean, an object of shapes, or an array of one element shape. */
type Shape = 'n' | 's' | 'b' | { readonly [key: string]: Shape } | readonly [Shape];

function shapeOf(v: unknown): Shape {
  if (typeof v === 'number') return 'n';
  if (typeof v === 'string') return 's';
  if (typeof v === 'boolean') return 'b';
  if (Array.isArray(v)) return [shapeOf(v[0])];
  return Object.fromEntries(Object.entries(v as object).map(([k, x]) => [k, shapeOf(x)]));
}

function encode(v: unknown, shape: Shape, out: unknown[]): void {
  if (shape === 'n') {
    if (v === null) out.push(null);
    else if (typeof v !== 'number') throw new Error('tally codec: a number expected');
    else out.push(Number.isFinite(v) ? v : String(v));
  } else if (shape === 's' || shape === 'b') {
    if (typeof v !== (shape === 's' ? 'string' : 'boolean')) throw new Error('tally codec: bad value');
    out.push(v);
  } else if (Array.isArray(shape)) {
    if (!Array.isArray(v)) throw new Error('tally codec: an array expected');
    out.push(v.length);
    for (const x of v) encode(x, shape[0]!, out);
  } else if (v === null) {
    out.push(0);
  } else {
    const keys = Object.keys(shape);
    const obj = v as Record<string, unknown>;
    if (Object.keys(obj).length !== keys.length) throw new Error('tally codec: the shape changed');
    out.push(1);
    for (const k of keys) encode(obj[k], (shape as Record<string, Shape>)[k]!, out);
  }
}

type Reader = (values: readonly unknown[], at: { i: number }) => unknown;

/**
 * The source of an expression reading one value of `shape` from `v` at `i` (both in the generated
 * function's scope): object literals in the shape's key order (JavaScript evaluates their values in that
 * order), so every decoded object of a shape is built with the same hidden class.
 */
function readerSource(shape: Shape): string {
  if (shape === 'n') return 'num(v[i++])';
  if (shape === 's' || shape === 'b') return 'v[i++]';
  if (Array.isArray(shape)) return shape[0] === 'n' ? 'nums()' : `list(() => ${readerSource(shape[0]!)})`;
  const fields = Object.entries(shape as Record<string, Shape>)
    .map(([k, sh]) => `${JSON.stringify(k)}: ${readerSource(sh)}`)
    .join(', ');
  return `(v[i++] === 0 ? null : { ${fields} })`;
}

/**
 * A reader for one shape, compiled once from {@link readerSource}: decoding a tally is then straight-line
 * code, about three times faster than walking the shape (the library's `stats`, `progress` and
 * `tournament review` decode one tally per match and seat). The source is built from the fixed shape above,
 * never from stored data.
 *
 * A list of numbers has its own maker (`nums`), at its size: made by `list`, whose arrays also hold the
 * lists and objects of the shape, V8 gave them the elements of any value (its allocation site learns the
 * most general kind) and kept each number boxed apart. The tilt's rows (ten numbers, one per match and
 * comparison, kept for the intervals) took 6 MB of `stats --library`'s heap on 10,000 matches.
 */
function reader(shape: Shape): Reader {
  const body = `
    const num = (x) => (typeof x === 'string' ? Number(x) : x);
    let i = at.i;
    const list = (read) => { const n = v[i++]; const out = []; for (let k = 0; k < n; k++) out.push(read()); return out; };
    const nums = () => { const n = v[i++]; const out = new Array(n); for (let k = 0; k < n; k++) out[k] = num(v[i++]); return out; };
    const value = ${readerSource(shape)};
    at.i = i;
    return value;`;
  return new Function('v', 'at', body) as Reader;
}

/** Each accumulator's shape and compiled reader, by id, in the registry's order. */
const PARTS = REGISTRY.map((acc) => {
  const shape = shapeOf(acc.sample ? acc.sample() : acc.empty());
  return { acc, shape, read: reader(shape) };
});

/** The stored text of a tally: its known states only. */
export function encodeTally(t: PlayerTally): string {
  const out: Record<string, unknown> = { player: t.player, matches: t.matches };
  const states = t.states as Record<string, unknown>;
  for (const { acc, shape } of PARTS) {
    if (t.unknown.includes(acc.id)) continue;
    const values: unknown[] = [];
    encode(states[acc.id], shape, values);
    out[acc.id] = values;
  }
  return JSON.stringify(out);
}

/** The tally of a stored text; an accumulator it has no state of is `unknown`. */
export function decodeTally(text: string): PlayerTally {
  const stored = JSON.parse(text) as Record<string, unknown>;
  if (typeof stored.player !== 'string' || typeof stored.matches !== 'number')
    throw new Error('tally codec: not a stored tally');
  const t = emptyTally(stored.player);
  t.matches = stored.matches;
  const states = t.states as Record<string, unknown>;
  let parts = 2;
  for (const { acc, read } of PARTS) {
    const values = stored[acc.id];
    if (values === undefined) {
      t.unknown.push(acc.id as AccumulatorId);
      continue;
    }
    if (!Array.isArray(values)) throw new Error(`tally codec: ${acc.id} is not a list of values`);
    const at = { i: 0 };
    states[acc.id] = read(values, at);
    if (at.i !== values.length) throw new Error(`tally codec: stored ${acc.id} longer than its shape`);
    parts++;
  }
  if (Object.keys(stored).length !== parts) throw new Error('tally codec: a part no accumulator knows');
  return t;
}

/**
 * One accumulator's state of a stored tally, from its stored values alone (DuckDB's
 * `json_extract(tally, '$.ID')`, as text): a reader needing one figure of many tallies does not decode the
 * others. Null when the tally has no state of it (stored before the accumulator existed).
 */
export function decodeState<I extends AccumulatorId>(id: I, values: string | null): TallyStates[I] | null {
  if (values === null) return null;
  const part = PARTS.find((p) => p.acc.id === id);
  if (!part) throw new Error(`tally codec: no accumulator ${id}`);
  const list = JSON.parse(values) as unknown;
  if (!Array.isArray(list)) throw new Error(`tally codec: ${id} is not a list of values`);
  const at = { i: 0 };
  const state = part.read(list, at);
  if (at.i !== list.length) throw new Error(`tally codec: stored ${id} longer than its shape`);
  return state as TallyStates[I];
}

/** The reader of the tally schemas 1–7 stored (one flat array), for the upgrade to schema 8. */
const READ_LEGACY = reader(shapeOf(legacySample()));

/** The tally of a text schemas 1–7 stored. */
export function decodeLegacyTally(text: string): PlayerTally {
  const values = JSON.parse(text) as unknown[];
  const at = { i: 0 };
  const old = READ_LEGACY(values, at) as LegacyTally;
  if (at.i !== values.length) throw new Error('tally codec: stored tally longer than its shape');
  return fromLegacy(old);
}

/** The text schemas 1–7 stored for a tally: the upgrade tests make an older library with it. */
export function encodeLegacyTally(t: PlayerTally): string {
  const out: unknown[] = [];
  encode(toLegacy(t), shapeOf(legacySample()), out);
  return JSON.stringify(out);
}
