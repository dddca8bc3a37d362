/**
 * The stored form of a seat's `PlayerTally`: its values in a fixed order (the fields of
 * src/library/legacy-tally.ts) as one flat JSON array, read back against a template of that shape. Reading 20,000 of them is what `bdb stats --library` spends its
 * time on; a flat array of numbers parses several times faster than the same objects with their keys and
 * takes a third of the room. Doubles keep every bit (shortest round-trip form); ±Infinity and NaN (gnuBG's
 * LU[-inf] luck) are written as strings.
 */
import type { PlayerTally } from '../metrics/player-stats.js';
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

/** The stored tally's shape, from an example holding one element in every array and both gnuBG contexts. */
const TALLY: Shape = shapeOf(legacySample());

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
  if (Array.isArray(shape)) return `list(() => ${readerSource(shape[0]!)})`;
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
 */
function reader(shape: Shape): Reader {
  const body = `
    const num = (x) => (typeof x === 'string' ? Number(x) : x);
    let i = at.i;
    const list = (read) => { const n = v[i++]; const out = []; for (let k = 0; k < n; k++) out.push(read()); return out; };
    const value = ${readerSource(shape)};
    at.i = i;
    return value;`;
  return new Function('v', 'at', body) as Reader;
}

const READ_TALLY = reader(TALLY);

/** The stored text of a tally. */
export function encodeTally(t: PlayerTally): string {
  const out: unknown[] = [];
  encode(toLegacy(t), TALLY, out);
  return JSON.stringify(out);
}

/** The tally of a stored text. */
export function decodeTally(text: string): PlayerTally {
  return decodeTallyValues(JSON.parse(text) as unknown[]);
}

/** The tally of a stored text already parsed. */
export function decodeTallyValues(values: readonly unknown[]): PlayerTally {
  const at = { i: 0 };
  const t = READ_TALLY(values, at) as LegacyTally;
  if (at.i !== values.length) throw new Error('tally codec: stored tally longer than its shape');
  return fromLegacy(t);
}
