/**
 * Loading and validating match equity tables: the built-in Kazaross-XG2 table
 * (data/kazaross-xg2.json, generated from gnuBG's met/Kazaross-XG2.xml by scripts/convert-met.mjs),
 * extended to 64×64 exactly as blunderDB does it (spec/metrics.md §12).
 *
 * @module
 */

import { readFileSync } from 'node:fs';
import { BdbError } from '../errors.js';
import { MET_SIZE, type Met } from './table.js';
import { zadehMet } from './zadeh.js';

/** Error raised when a match equity table (or its source file) is malformed. */
export class MetError extends BdbError {
  /**
   * @param message - what is wrong, naming the offending cell when there is one.
   */
  constructor(message: string) {
    super('MET_INVALID', message);
  }
}

/** Tolerance of the antisymmetry and diagonal checks (`PRE[i][j] + PRE[j][i] = 1`, `PRE[i][i] = ½`). */
export const MET_TOLERANCE = 1e-5;

/** Shape of data/kazaross-xg2.json (see data/README.md). */
export interface MetJson {
  /** The XML's `<info>`. */
  readonly info: { readonly name: string; readonly description: string; readonly length: number };
  /** Provenance of the numbers. */
  readonly source: {
    /** File name of the XML the JSON was generated from. */
    readonly file: string;
    /** Where that XML comes from. */
    readonly origin: string;
    /** SHA-256 (hex) of the XML bytes. */
    readonly sha256: string;
    /** The copyright / licence notice of the XML, verbatim. */
    readonly notice: string;
  };
  /** Explicit pre-Crawford table, `length` rows of `length` values, `[i][j]` as in {@link Met.pre}. */
  readonly preCrawford: readonly (readonly number[])[];
  /** Explicit post-Crawford values, `length` entries, as in {@link Met.post}. */
  readonly postCrawford: readonly number[];
  /**
   * The whole 64 × 64 table (and 64 post-Crawford values) as {@link extendExplicitMet} makes it from the
   * explicit part, written by scripts/convert-met.mjs so that runs need not compute Zadeh's tables (tens of
   * milliseconds, every run); float32 values.
   */
  readonly extended?: {
    readonly pre: readonly (readonly number[])[];
    readonly post: readonly number[];
  };
}

function isProbability(v: unknown): v is number {
  return typeof v === 'number' && Number.isFinite(v) && v >= 0 && v <= 1;
}

function fmt(v: unknown): string {
  return typeof v === 'number' ? String(v) : (JSON.stringify(v) ?? String(v));
}

/**
 * Checks a complete table: 64 rows of 64 pre-Crawford values and 64 post-Crawford values, every value
 * finite and in [0, 1], `PRE[i][i] = 0.5`, `PRE[i][j] + PRE[j][i] = 1` and `POST[0] = 0.5` (all within
 * {@link MET_TOLERANCE}).
 *
 * @param met - the table to check.
 * @throws MetError naming the first offending cell.
 */
export function validateMet(met: Met): void {
  const name = met.name;
  if (!Array.isArray(met.pre) || met.pre.length !== MET_SIZE) {
    throw new MetError(`MET '${name}': pre-Crawford table must have ${MET_SIZE} rows`);
  }
  met.pre.forEach((row, i) => {
    if (!(row instanceof Float32Array) || row.length !== MET_SIZE) {
      throw new MetError(`MET '${name}': pre-Crawford row ${i} must be a Float32Array of ${MET_SIZE} values`);
    }
    row.forEach((v, j) => {
      if (!isProbability(v))
        throw new MetError(`MET '${name}': pre-Crawford [${i}][${j}] = ${v} is not in [0, 1]`);
    });
  });
  if (!(met.post instanceof Float32Array) || met.post.length !== MET_SIZE) {
    throw new MetError(`MET '${name}': post-Crawford table must be a Float32Array of ${MET_SIZE} values`);
  }
  met.post.forEach((v, i) => {
    if (!isProbability(v)) throw new MetError(`MET '${name}': post-Crawford [${i}] = ${v} is not in [0, 1]`);
  });
  const post0 = met.post[0]!;
  if (Math.abs(post0 - 0.5) > MET_TOLERANCE) {
    throw new MetError(`MET '${name}': post-Crawford [0] = ${post0}, expected 0.5 (DMP)`);
  }
  for (let i = 0; i < MET_SIZE; i++) {
    const rowI = met.pre[i]!;
    const diag = rowI[i]!;
    if (Math.abs(diag - 0.5) > MET_TOLERANCE) {
      throw new MetError(`MET '${name}': pre-Crawford [${i}][${i}] = ${diag}, expected 0.5`);
    }
    for (let j = 0; j < i; j++) {
      const a = rowI[j]!;
      const b = met.pre[j]![i]!;
      if (Math.abs(a + b - 1) > MET_TOLERANCE) {
        throw new MetError(
          `MET '${name}': pre-Crawford [${i}][${j}] = ${a} and [${j}][${i}] = ${b} do not sum to 1`,
        );
      }
    }
  }
}

/**
 * Checks the explicit part read from a JSON file before it is used: an N×N pre-Crawford table and N
 * post-Crawford values, 2 ≤ N ≤ 64, all finite and in [0, 1].
 *
 * @param json - parsed JSON of unknown shape.
 * @param where - file name for the messages.
 * @returns the same object, typed.
 * @throws MetError naming the offending field or cell.
 */
export function parseMetJson(json: unknown, where: string): MetJson {
  const fail = (message: string): never => {
    throw new MetError(`${where}: ${message}`);
  };
  if (json === null || typeof json !== 'object') return fail('not a JSON object');
  const o = json as Record<string, unknown>;
  const info = o.info as Record<string, unknown> | undefined;
  if (info === undefined || info === null || typeof info.name !== 'string') return fail('missing info.name');
  const n = info.length;
  if (typeof n !== 'number' || !Number.isInteger(n) || n < 2 || n > MET_SIZE) {
    return fail(`info.length ${fmt(n)} is not an integer in [2, ${MET_SIZE}]`);
  }
  const pre = o.preCrawford;
  if (!Array.isArray(pre) || pre.length !== n) return fail(`preCrawford must have ${n} rows`);
  pre.forEach((row: unknown, i) => {
    if (!Array.isArray(row) || row.length !== n) fail(`preCrawford row ${i} must have ${n} values`);
    (row as unknown[]).forEach((v, j) => {
      if (!isProbability(v)) fail(`preCrawford [${i}][${j}] = ${fmt(v)} is not a number in [0, 1]`);
    });
  });
  const post = o.postCrawford;
  if (!Array.isArray(post) || post.length !== n) return fail(`postCrawford must have ${n} values`);
  post.forEach((v: unknown, i) => {
    if (!isProbability(v)) fail(`postCrawford [${i}] = ${fmt(v)} is not a number in [0, 1]`);
  });
  return o as unknown as MetJson;
}

/**
 * Builds a full 64×64 table from an explicit N-point table the way blunderDB does (spec/metrics.md
 * §12): compute the complete Zadeh tables first (float32), then overlay the explicit values on
 * `PRE[0..N−1][0..N−1]` and `POST[0..N−2]`. The last explicit post-Crawford value is ignored, as
 * gnuBG does, because the first legal post-Crawford score of an N-point match is N−1 away; so is
 * everything beyond, which stays pure Zadeh (derived from Zadeh's own low entries, not from the
 * explicit ones). The result is validated.
 *
 * @param name - table name.
 * @param preCrawford - explicit N×N pre-Crawford values.
 * @param postCrawford - explicit post-Crawford values (N of them; only the first N−1 are used).
 * @returns the extended table.
 * @throws MetError if the explicit part or the result is invalid.
 */
export function extendExplicitMet(
  name: string,
  preCrawford: readonly (readonly number[])[],
  postCrawford: readonly number[],
): Met {
  const n = preCrawford.length;
  if (n < 2 || n > MET_SIZE) throw new MetError(`MET '${name}': explicit size ${n} not in [2, ${MET_SIZE}]`);
  if (postCrawford.length < n - 1) {
    throw new MetError(
      `MET '${name}': needs at least ${n - 1} post-Crawford values, got ${postCrawford.length}`,
    );
  }
  const base = zadehMet(undefined, name);
  for (let i = 0; i < n; i++) {
    const src = preCrawford[i];
    const dst = base.pre[i]!;
    if (src === undefined || src.length !== n) {
      throw new MetError(`MET '${name}': explicit pre-Crawford row ${i} must have ${n} values`);
    }
    for (let j = 0; j < n; j++) {
      const v = src[j]!;
      if (!isProbability(v))
        throw new MetError(`MET '${name}': explicit pre-Crawford [${i}][${j}] = ${v} is not in [0, 1]`);
      dst[j] = v;
    }
  }
  for (let i = 0; i < n - 1; i++) {
    const v = postCrawford[i]!;
    if (!isProbability(v))
      throw new MetError(`MET '${name}': explicit post-Crawford [${i}] = ${v} is not in [0, 1]`);
    base.post[i] = v;
  }
  validateMet(base);
  return base;
}

/** Location of the built-in table: two levels above both src/met/load.ts and dist/met/load.js. */
const KAZAROSS_XG2_URL = new URL('../../data/kazaross-xg2.json', import.meta.url);

let kazarossXG2: Met | undefined;

/**
 * The built-in Kazaross-XG2 MET (© 2011 Neil Kazaross, as shipped with GNU Backgammon), extended to
 * 64×64 with Zadeh values (see {@link extendExplicitMet}). Read from data/kazaross-xg2.json once and
 * cached; the returned object is shared, so callers must not modify it.
 *
 * @returns the table.
 * @throws MetError if the data file is missing, unreadable or invalid.
 */
export function loadKazarossXG2(): Met {
  if (kazarossXG2 !== undefined) return kazarossXG2;
  const where = KAZAROSS_XG2_URL.pathname;
  let text: string;
  try {
    text = readFileSync(KAZAROSS_XG2_URL, 'utf8');
  } catch (err) {
    throw new MetError(`${where}: cannot read the built-in MET (${(err as Error).message})`);
  }
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch (err) {
    throw new MetError(`${where}: invalid JSON (${(err as Error).message})`);
  }
  const data = parseMetJson(json, where);
  kazarossXG2 = data.extended
    ? storedExtension(data, data.extended, where)
    : extendExplicitMet(data.info.name, data.preCrawford, data.postCrawford);
  return kazarossXG2;
}

/**
 * The table a MET file's `extended` holds: every value a float32 (as {@link extendExplicitMet} computes
 * them), the explicit part equal to the file's own numbers, the whole validated (test/unit/met checks it
 * equals the computed extension bit for bit).
 */
function storedExtension(data: MetJson, ext: NonNullable<MetJson['extended']>, where: string): Met {
  const fail = (message: string): never => {
    throw new MetError(`${where}: extended: ${message}`);
  };
  if (!Array.isArray(ext.pre) || ext.pre.length !== MET_SIZE || !ext.pre.every(Array.isArray))
    return fail(`pre must have ${MET_SIZE} rows`);
  if (!Array.isArray(ext.post)) return fail('post must be a list');
  const pre = ext.pre.map((row) => Float32Array.from(row));
  const post = Float32Array.from(ext.post);
  // a value that is not a float32 would be rounded by Float32Array.from without a word
  for (let i = 0; i < MET_SIZE; i++)
    for (let j = 0; j < ext.pre[i]!.length; j++)
      if (ext.pre[i]![j] !== pre[i]![j])
        fail(`pre[${i}][${j}] = ${fmt(ext.pre[i]![j])} is not a single-precision value`);
  for (let i = 0; i < ext.post.length; i++)
    if (ext.post[i] !== post[i]) fail(`post[${i}] = ${fmt(ext.post[i])} is not a single-precision value`);
  const n = data.info.length;
  for (let i = 0; i < n; i++)
    for (let j = 0; j < n; j++)
      if (pre[i]![j] !== Math.fround(data.preCrawford[i]![j]!))
        fail(`pre[${i}][${j}] differs from preCrawford[${i}][${j}]`);
  for (let i = 0; i < n - 1; i++)
    if (post[i] !== Math.fround(data.postCrawford[i]!)) fail(`post[${i}] differs from postCrawford[${i}]`);
  const met: Met = { name: data.info.name, pre, post };
  validateMet(met);
  return met;
}
