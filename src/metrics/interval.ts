/**
 * 95 % intervals by resampling the largest independent unit, in closed form (spec/metrics.md §5).
 *
 * Ratio R = Σ num_u / Σ den_u over G units (PR: games of a match or matches of an aggregate, num = Σ e,
 * den = n counted decisions; L₇ pool: matches, num = L, den = √N):
 *
 *   Var(R) = G/(G−1) × Σ_u (num_u − R·den_u)² / (Σ_u den_u)²
 *   from running sums S_N = Σnum, S_D = Σden, S_NN, S_ND, S_DD:
 *     ss = S_NN − 2R·S_ND + R²·S_DD   (clamped ≥ 0),   se = √(ss·G/(G−1)) / S_D
 *   interval = scale × [max(R − 1.96·se, 0), R + 1.96·se]       (scale 500 for PR, √7 for the L₇ pool)
 *
 * A unit with den ≤ 0 is not a unit. Match L₇, a sum over the G games (l_g the player's MWC loss in game g):
 *
 *   Var(L) = G/(G−1) × Σ_g (l_g − l̄)²,  half = 1.96 √Var(L)
 *   interval = √(7/N) × [max(L − half, 0), L + half]
 *
 * An interval needs ≥ 3 units and a non-zero width (se > 1e−6·|R|, √Var(L) > 1e−6·|L|: units that agree
 * leave only a rounding residue); otherwise the value comes without bounds and with the reason. The
 * normal approximation is coarse with 3–4 units. Deterministic, no sampling.
 *
 * With a bootstrap method (bootstrap.ts: percentile or BCa, seeded) the same units are resampled instead;
 * the value, the ≥ 3 units rule and the reasons are the same.
 */
import { sum, sumNthPowerDeviations } from 'simple-statistics';
import { bootstrapRatio, bootstrapSum, CLOSED, type IntervalMethod } from './bootstrap.js';
import { type L7Unit, l7Defined } from './l7.js';

/** Two-sided 95 % normal quantile, as the spec writes it. */
export const Z95 = 1.96;

/** Fewest units for an interval (`IntervalMinUnits`). */
export const INTERVAL_MIN_UNITS = 3;

/** Relative standard error under which the width is a rounding residue, i.e. zero. */
export const INTERVAL_MIN_RELATIVE_SE = 1e-6;

/** PR's scale: mean error 0.010 → 5.0. */
export const PR_SCALE = 500;

/** Why a value comes without an interval. */
export type NoIntervalReason = 'fewer than 3 units' | 'zero width' | 'no units';

/** A value (already scaled) with its 95 % interval, or without one and why. */
export type Interval =
  | { readonly value: number; readonly low: number; readonly high: number }
  | {
      readonly value: number | null;
      readonly low: null;
      readonly high: null;
      readonly reason: NoIntervalReason;
    };

/** One resampling unit of a ratio: its numerator and denominator. */
export interface RatioUnit {
  readonly num: number;
  readonly den: number;
}

/** A game's (or match's) PR unit: Σ e (equity) and the number of counted decisions. */
export interface PrUnit {
  readonly error: number;
  readonly decisions: number;
}

function without(value: number | null, reason: NoIntervalReason): Interval {
  return { value, low: null, high: null, reason };
}

function bounds(value: number, half: number, scale: number): Interval {
  return { value: scale * value, low: scale * Math.max(value - half, 0), high: scale * (value + half) };
}

/** An interval from resampled bounds (unscaled), or without bounds when they do not spread. */
function resampledBounds(value: number, b: [number, number] | null, scale: number): Interval {
  if (b === null) return without(scale * value, 'zero width');
  return { value: scale * value, low: scale * Math.max(b[0], 0), high: scale * b[1] };
}

/**
 * The value scale × ΣN/ΣD with its closed-form bootstrap interval. Units with den ≤ 0 (or a non-finite
 * num or den) are left out; no unit left → value null.
 */
export function ratioInterval(
  units: readonly RatioUnit[],
  scale: number,
  method: IntervalMethod = CLOSED,
): Interval {
  let g = 0;
  let sN = 0;
  let sD = 0;
  let sNN = 0;
  let sND = 0;
  let sDD = 0;
  for (const { num, den } of units) {
    if (!(den > 0) || !Number.isFinite(den) || !Number.isFinite(num)) continue;
    g++;
    sN += num;
    sD += den;
    sNN += num * num;
    sND += num * den;
    sDD += den * den;
  }
  if (g === 0) return without(null, 'no units');
  const r = sN / sD;
  if (g < INTERVAL_MIN_UNITS) return without(scale * r, 'fewer than 3 units');
  if (method.kind === 'bootstrap') {
    const kept = units.filter(({ num, den }) => den > 0 && Number.isFinite(den) && Number.isFinite(num));
    const b = bootstrapRatio(
      kept.map((u) => u.num),
      kept.map((u) => u.den),
      method,
      Z95,
    );
    return resampledBounds(r, b, scale);
  }
  const ss = Math.max(sNN - 2 * r * sND + r * r * sDD, 0);
  const se = Math.sqrt((ss * g) / (g - 1)) / sD;
  if (!(se > INTERVAL_MIN_RELATIVE_SE * Math.abs(r))) return without(scale * r, 'zero width');
  return bounds(r, Z95 * se, scale);
}

/** One resampling unit holding a part of two ratios (the games of one match after a loss and after a win). */
export interface PairedUnit {
  readonly a: RatioUnit;
  readonly b: RatioUnit;
}

/**
 * The difference scale × (ΣN_a/ΣD_a − ΣN_b/ΣD_b) of two ratios measured over the same units, with its 95 %
 * interval: §5's closed-form bootstrap variance carried to a difference by its linearisation (the ratio's
 * own formula is the case b = 0):
 *
 *   z_u = (N_au − R_a·D_au)/ΣD_a − (N_bu − R_b·D_bu)/ΣD_b,   Var = G/(G−1) × Σ_u z_u²,   half = 1.96·√Var
 *
 * Units: those with D_a + D_b > 0 (and finite parts). Either ratio without a unit of its own → value null;
 * fewer than 3 units or no spread → no interval, as §5 says. Not floored at 0: a difference may be negative.
 */
export function differenceInterval(units: readonly PairedUnit[], scale: number): Interval {
  const kept = units.filter(
    ({ a, b }) =>
      a.den >= 0 && b.den >= 0 && a.den + b.den > 0 && [a.num, a.den, b.num, b.den].every(Number.isFinite),
  );
  const sum = (f: (u: PairedUnit) => number): number => kept.reduce((t, u) => t + f(u), 0);
  const [nA, dA, nB, dB] = [
    sum((u) => u.a.num),
    sum((u) => u.a.den),
    sum((u) => u.b.num),
    sum((u) => u.b.den),
  ];
  if (!(dA > 0) || !(dB > 0)) return without(null, 'no units');
  const [rA, rB] = [nA / dA, nB / dB];
  const value = scale * (rA - rB);
  if (kept.length < INTERVAL_MIN_UNITS) return without(value, 'fewer than 3 units');
  const ss = sum((u) => ((u.a.num - rA * u.a.den) / dA - (u.b.num - rB * u.b.den) / dB) ** 2);
  const se = Math.sqrt((ss * kept.length) / (kept.length - 1));
  if (!(se > INTERVAL_MIN_RELATIVE_SE * Math.max(Math.abs(rA - rB), Math.abs(rA), Math.abs(rB))))
    return without(value, 'zero width');
  return { value, low: scale * (rA - rB - Z95 * se), high: scale * (rA - rB + Z95 * se) };
}

/**
 * The value scale × Σ l_g with its interval, the G values being independent units (the games of a match).
 * Non-finite values are left out; no value left → value null.
 */
export function sumInterval(
  values: readonly number[],
  scale: number,
  method: IntervalMethod = CLOSED,
): Interval {
  const units = values.filter(Number.isFinite);
  if (units.length === 0) return without(null, 'no units');
  const g = units.length;
  const total = sum(units);
  if (g < INTERVAL_MIN_UNITS) return without(scale * total, 'fewer than 3 units');
  if (method.kind === 'bootstrap') return resampledBounds(total, bootstrapSum(units, method, Z95), scale);
  const sd = Math.sqrt((g / (g - 1)) * sumNthPowerDeviations(units, 2));
  if (!(sd > INTERVAL_MIN_RELATIVE_SE * Math.abs(total))) return without(scale * total, 'zero width');
  return bounds(total, Z95 * sd, scale);
}

/** PR (× 500) with its interval; units: the games (or matches) with a counted decision. */
export function prInterval(units: readonly PrUnit[], method: IntervalMethod = CLOSED): Interval {
  return ratioInterval(
    units.map((u) => ({ num: u.error, den: u.decisions })),
    PR_SCALE,
    method,
  );
}

/** Pooled L₇ = √7 × ΣL / Σ√N with its interval; units: matches of 1–64 points (others are left out). */
export function l7PoolInterval(units: readonly L7Unit[], method: IntervalMethod = CLOSED): Interval {
  return ratioInterval(
    units
      .filter((u) => l7Defined(u.matchLength))
      .map((u) => ({ num: u.loss, den: Math.sqrt(u.matchLength) })),
    Math.sqrt(7),
    method,
  );
}

/**
 * L₇ of one match, √(7/N) × Σ l_g, with its interval by games (l_g the player's MWC loss in game g);
 * null when L₇ is not defined for this match length (money, > 64 points).
 */
export function l7MatchInterval(
  gameLosses: readonly number[],
  matchLength: number,
  method: IntervalMethod = CLOSED,
): Interval | null {
  return l7Defined(matchLength) ? sumInterval(gameLosses, Math.sqrt(7 / matchLength), method) : null;
}
