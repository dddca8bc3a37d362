/**
 * Exact sums of doubles, so that a tally's merge does not depend on the order of the matches
 * (src/metrics/accumulator.ts; spec/architecture.md §2.6: "combinable aggregates").
 *
 * Adding doubles one after the other rounds at every step, and the rounding depends on the order: the
 * 79 matches of the shared Llabba set, added in 10 shuffled orders, gave 10 different sets of figures
 * (e.g. Σe of the chequer plays 56.29999999999999 or 56.300000000000004). An exact sum keeps the value
 * as a short list of non-overlapping doubles (Shewchuk's partials, "Adaptive Precision Floating-Point
 * Arithmetic", 1997; the algorithm of Python's `math.fsum`), whose sum is exactly the sum of every value
 * added; `exactValue` rounds it once, to the nearest double. Any order, any grouping: the same double.
 *
 * The partials are ordered by increasing magnitude and never 0; the empty list is 0. A non-finite value
 * (gnuBG's LU[-inf] luck) makes the sum that value, as plain addition does: the list then holds it alone.
 */

/** An exact sum: non-overlapping doubles by increasing magnitude, or one non-finite value. */
export type ExactSum = number[];

/** The exact sum holding one value. */
export function exactOf(x: number): ExactSum {
  return x === 0 ? [] : [x];
}

function nonFinite(s: ExactSum): number | null {
  return s.length === 1 && !Number.isFinite(s[0]!) ? s[0]! : null;
}

/** Adds `x` to `s` exactly, in place. */
export function addExact(s: ExactSum, x: number): void {
  const special = nonFinite(s);
  if (special !== null || !Number.isFinite(x)) {
    const value = (special ?? 0) + (Number.isFinite(x) ? 0 : x);
    s.length = 0;
    s.push(value);
    return;
  }
  let kept = 0;
  for (let j = 0; j < s.length; j++) {
    let y = s[j]!;
    if (Math.abs(x) < Math.abs(y)) [x, y] = [y, x];
    const hi = x + y;
    const lo = y - (hi - x);
    if (lo !== 0) s[kept++] = lo;
    x = hi;
  }
  s.length = kept;
  if (x !== 0) s.push(x);
}

/** Adds the exact sum `from` to `into`, in place (`from` unchanged). */
export function mergeExact(into: ExactSum, from: readonly number[]): void {
  for (const x of from) addExact(into, x);
}

/** The exact sum rounded to the nearest double (ties to even), as `math.fsum` rounds it. */
export function exactValue(s: readonly number[]): number {
  let n = s.length;
  if (n === 0) return 0;
  let hi = s[--n]!;
  let lo = 0;
  while (n > 0) {
    const x = hi;
    const y = s[--n]!;
    hi = x + y;
    lo = y - (hi - x);
    if (lo !== 0) break;
  }
  // half-way case: the rest below `lo` decides which way `hi + lo` rounds
  if (n > 0 && ((lo < 0 && s[n - 1]! < 0) || (lo > 0 && s[n - 1]! > 0))) {
    const y = lo * 2;
    const x = hi + y;
    if (y === x - hi) hi = x;
  }
  return hi;
}

/**
 * Plain data with each number an exact sum: what a state keeps of a structure of sums (gnuBG's stat
 * context). In it every array of numbers, or empty, is an exact sum; its other arrays are never empty.
 */
export type Exact<T> = T extends number
  ? ExactSum
  : T extends boolean | string | null
    ? T
    : { [K in keyof T]: Exact<T[K]> };

function isExactSum(v: unknown): v is ExactSum {
  return Array.isArray(v) && (v.length === 0 || typeof v[0] === 'number');
}

/** `v` (plain data) with every number made the exact sum of itself. */
export function toExact<T>(v: T): Exact<T> {
  if (typeof v === 'number') return exactOf(v) as Exact<T>;
  if (typeof v !== 'object' || v === null) return v as Exact<T>;
  if (Array.isArray(v)) return v.map(toExact) as Exact<T>;
  const out: Record<string, unknown> = {};
  for (const k of Object.keys(v)) out[k] = toExact((v as Record<string, unknown>)[k]);
  return out as Exact<T>;
}

/** Adds every exact sum of `from` to the same place in `into`, in place (same structure; `from` unchanged). */
export function mergeExactDeep<T>(into: Exact<T>, from: Exact<T>): void {
  const a = into as unknown as Record<string, unknown>;
  const b = from as unknown as Record<string, unknown>;
  for (const k of Object.keys(b)) {
    const x = a[k];
    const y = b[k];
    if (isExactSum(x)) mergeExact(x, y as ExactSum);
    else if (typeof x === 'object' && x !== null) mergeExactDeep(x, y as never);
  }
}

/** `v` with every exact sum rounded to its double ({@link exactValue}). */
export function fromExact<T>(v: Exact<T>): T {
  if (isExactSum(v)) return exactValue(v) as T;
  if (typeof v !== 'object' || v === null) return v as T;
  if (Array.isArray(v)) return v.map((x) => fromExact(x as never)) as T;
  const out: Record<string, unknown> = {};
  for (const k of Object.keys(v)) out[k] = fromExact((v as Record<string, never>)[k]!);
  return out as T;
}
