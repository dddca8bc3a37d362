/**
 * The trend of a player's PR over their matches: the slope of a straight line through the matches' PRs
 * taken in date order, per 100 matches, with its 95 % interval. spec/metrics.md has no section for it
 * (`bdb progress` is the first to need one); the choices follow §5: the match is the independent unit, and
 * each match weighs as many as its counted decisions, as in the PR of an aggregate.
 *
 * Weighted least squares, match m = 0 … M−1 in date order, x_m = m, y_m = 500·Σe_m / N_m (the match's
 * PR), weight w_m = N_m (its counted decisions; matches without one are left out):
 *
 *   x̄ = Σ w x / Σ w,   ȳ = Σ w y / Σ w,   Sxx = Σ w (x − x̄)²
 *   b = Σ w (x − x̄)(y − ȳ) / Sxx,   a = ȳ − b·x̄
 *   Var(b) = M/(M − 2) × Σ w² (x − x̄)² (y − a − b·x)² / Sxx²      (heteroscedasticity-consistent, HC1)
 *   slope per 100 matches = 100·b,  interval = 100·(b ± 1.96·√Var(b))
 *
 * Numerator of PR: Σe (equity); denominator: N counted decisions (spec §2.1), per match. Needs ≥ 3 matches
 * (as an interval needs 3 units, §5); with exactly the points on a line the interval is the slope itself.
 * A negative slope is a falling PR: the player improves.
 */
import { Z95 } from './interval.js';
import { type PlayerTally, prSums } from './player-stats.js';

/** One match of the series: its equity lost and counted decisions. */
export interface TrendPoint {
  readonly error: number;
  readonly decisions: number;
}

/**
 * A match's point: Σe and N of the seats `mine` accepts (each tally once, whichever seats it fills), the
 * PR's own numerator and denominator (spec §2.1).
 */
export function trendPoint(tallies: readonly PlayerTally[], mine: (t: PlayerTally) => boolean): TrendPoint {
  let error = 0;
  let decisions = 0;
  for (const t of new Set(tallies))
    if (mine(t)) {
      const sums = prSums(t);
      error += sums.error;
      decisions += sums.decisions;
    }
  return { error, decisions };
}

/** The slope of PR per 100 matches and its 95 % interval; nulls with fewer than 3 usable matches. */
export interface PrTrend {
  readonly matches: number;
  readonly slopePer100: number | null;
  readonly low: number | null;
  readonly high: number | null;
}

/** The PR trend of `points`, given in date order. */
export function prTrend(points: readonly TrendPoint[]): PrTrend {
  const xs: number[] = [];
  const ys: number[] = [];
  const ws: number[] = [];
  points.forEach((p, m) => {
    if (!(p.decisions > 0)) return;
    xs.push(m);
    ys.push((500 * p.error) / p.decisions);
    ws.push(p.decisions);
  });
  const M = xs.length;
  if (M < 3) return { matches: M, slopePer100: null, low: null, high: null };
  let sw = 0;
  let swx = 0;
  let swy = 0;
  for (let i = 0; i < M; i++) {
    sw += ws[i]!;
    swx += ws[i]! * xs[i]!;
    swy += ws[i]! * ys[i]!;
  }
  const xbar = swx / sw;
  const ybar = swy / sw;
  let sxx = 0;
  let sxy = 0;
  for (let i = 0; i < M; i++) {
    const dx = xs[i]! - xbar;
    sxx += ws[i]! * dx * dx;
    sxy += ws[i]! * dx * (ys[i]! - ybar);
  }
  const b = sxy / sxx;
  const a = ybar - b * xbar;
  let meat = 0;
  for (let i = 0; i < M; i++) {
    const dx = xs[i]! - xbar;
    const r = ys[i]! - a - b * xs[i]!;
    meat += ws[i]! * ws[i]! * dx * dx * r * r;
  }
  const se = Math.sqrt(((M / (M - 2)) * meat) / (sxx * sxx));
  if (!Number.isFinite(b) || !Number.isFinite(se))
    return { matches: M, slopePer100: null, low: null, high: null };
  return { matches: M, slopePer100: 100 * b, low: 100 * (b - Z95 * se), high: 100 * (b + Z95 * se) };
}
