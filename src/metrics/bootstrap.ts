/**
 * 95 % intervals by resampling the units (`--interval bootstrap` / `bca`), beside the closed form of
 * interval.ts (spec/metrics.md §5: the same units, the same value).
 *
 * Statistic θ over G units: a ratio Σnum/Σden (PR: the games of a match or the matches of an aggregate,
 * num = Σ e, den = counted decisions; pooled L₇: matches, num = L, den = √N) or a sum Σ l_g (L₇ of one
 * match: its games). B resamples, each G units drawn with replacement (a resample whose Σden is 0 is drawn
 * again), give θ*_1 … θ*_B, sorted.
 *
 *   percentile: [q(0.025), q(0.975)] of θ*   (q: linear interpolation between order statistics)
 *   BCa (Efron 1987): z0 = Φ⁻¹((#{θ* < θ} + ½#{θ* = θ}) / B), a = Σ(θ̄₍.₎ − θ₍ᵢ₎)³ / (6 [Σ(θ̄₍.₎ − θ₍ᵢ₎)²]^{3/2})
 *     from the G leave-one-out values θ₍ᵢ₎ (jackknife), then α₁,₂ = Φ(z0 + (z0 ∓ z)/(1 − a(z0 ∓ z))), z the
 *     spec's 1.96,
 *     and the interval [q(α₁), q(α₂)]; z0 undefined (all θ* on one side) → the percentile interval.
 *   Both scaled like the closed form (500 for PR, √7 for the L₇ pool, √(7/N) for a match's L₇), the low
 *   bound floored at 0 (an error is never negative).
 *
 * Deterministic: the draws come from a seeded generator (mulberry32, `seed`), restarted for every interval,
 * so the same units and settings give the same bounds on every run and machine. Needs ≥ 3 units and a
 * non-zero spread, like the closed form; otherwise the value comes without bounds and with the reason.
 */
import { errorFunction, probit, quantileSorted } from 'simple-statistics';
import { seededUniform } from '../core/random.js';

/** How intervals are computed. */
export type IntervalMethod =
  | { readonly kind: 'closed' }
  | {
      readonly kind: 'bootstrap';
      /** Percentile or bias-corrected and accelerated bounds. */
      readonly ci: 'percentile' | 'bca';
      /** Resamples B. */
      readonly resamples: number;
      readonly seed: number;
    };

/** The default: the spec's closed form. */
export const CLOSED: IntervalMethod = { kind: 'closed' };

/** Default number of resamples. */
export const DEFAULT_RESAMPLES = 4000;

/** Standard normal distribution function Φ. */
function phi(x: number): number {
  return 0.5 * (1 + errorFunction(x / Math.SQRT2));
}

/** The two bounds (unscaled) from the sorted resampled values, the estimate and the jackknife values. */
function bounds(
  sorted: Float64Array,
  theta: number,
  jackknife: () => number[],
  ci: 'percentile' | 'bca',
  z: number,
): [number, number] {
  const q = (p: number): number => quantileSorted(sorted as unknown as number[], Math.min(Math.max(p, 0), 1));
  let lo = 0.025;
  let hi = 0.975;
  if (ci === 'bca') {
    // ties with the estimate (a discrete resampling distribution has many) count half
    const eps = 1e-12 * Math.abs(theta);
    let below = 0;
    for (const v of sorted) {
      if (v < theta - eps) below++;
      else if (v <= theta + eps) below += 0.5;
    }
    const p0 = below / sorted.length;
    if (p0 > 0 && p0 < 1) {
      const z0 = probit(p0);
      const jk = jackknife();
      const mean = jk.reduce((s, v) => s + v, 0) / jk.length;
      let num = 0;
      let den = 0;
      for (const v of jk) {
        const d = mean - v;
        num += d * d * d;
        den += d * d;
      }
      const a = den > 0 ? num / (6 * den ** 1.5) : 0;
      const adj = (z: number): number => phi(z0 + (z0 + z) / (1 - a * (z0 + z)));
      lo = adj(-z);
      hi = adj(z);
    }
  }
  return [q(lo), q(hi)];
}

/** A bootstrap interval (unscaled), or null when the resampled values do not spread. */
function resampled(
  g: number,
  draw: (pick: () => number) => number | null,
  theta: number,
  jackknife: () => number[],
  m: Extract<IntervalMethod, { kind: 'bootstrap' }>,
  z: number,
): [number, number] | null {
  const next = seededUniform(m.seed);
  const pick = (): number => Math.floor(next() * g);
  const b = Math.max(1, Math.floor(m.resamples));
  const values = new Float64Array(b);
  for (let i = 0; i < b; i++) {
    let v = draw(pick);
    while (v === null) v = draw(pick);
    values[i] = v;
  }
  values.sort();
  if (!(values[b - 1]! - values[0]! > 1e-6 * Math.abs(theta))) return null;
  return bounds(values, theta, jackknife, m.ci, z);
}

/** Bootstrap bounds (two-sided, normal quantile `z`) of Σnum/Σden over the units (all with den > 0),
 *  unscaled; null when the resampled values do not spread. */
export function bootstrapRatio(
  nums: readonly number[],
  dens: readonly number[],
  m: Extract<IntervalMethod, { kind: 'bootstrap' }>,
  z: number,
): [number, number] | null {
  const g = nums.length;
  let sN = 0;
  let sD = 0;
  for (let i = 0; i < g; i++) {
    sN += nums[i]!;
    sD += dens[i]!;
  }
  const theta = sN / sD;
  return resampled(
    g,
    (pick) => {
      let n = 0;
      let d = 0;
      for (let i = 0; i < g; i++) {
        const k = pick();
        n += nums[k]!;
        d += dens[k]!;
      }
      return d > 0 ? n / d : null;
    },
    theta,
    () => nums.map((x, i) => (sN - x) / (sD - dens[i]!)),
    m,
    z,
  );
}

/** Bootstrap bounds (normal quantile `z`) of Σ values over the units, unscaled; null when they do not spread. */
export function bootstrapSum(
  values: readonly number[],
  m: Extract<IntervalMethod, { kind: 'bootstrap' }>,
  z: number,
): [number, number] | null {
  const g = values.length;
  const total = values.reduce((s, v) => s + v, 0);
  return resampled(
    g,
    (pick) => {
      let s = 0;
      for (let i = 0; i < g; i++) s += values[pick()]!;
      return s;
    },
    total,
    // a leave-one-out sum of G − 1 values, scaled to G values so that it estimates the same sum
    () => values.map((v) => ((total - v) * g) / (g - 1)),
    m,
    z,
  );
}
