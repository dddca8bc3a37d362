/**
 * Zadeh's match equity model (N. Zadeh, Management Science 23, 986, 1977) as gnuBG implements it in
 * `initPostCrawfordMET` / `initMETZadeh` (matchequity.c), computed the way blunderDB does it: full
 * 64×64, every arithmetic step rounded to IEEE float32 (spec/metrics.md §12, spec/formats.md §4.4).
 *
 * Written from the formulas in the spec; `Math.fround` is applied after every single operation that
 * the float32 reference performs, in the reference's order of evaluation (left to right), so that
 * the results are bit-identical to a float32 implementation.
 *
 * @module
 */

import { MET_SIZE, type Met } from './table.js';

/** Number of cube levels gnuBG tracks in the Zadeh recursion (`MAXCUBELEVEL`): cubes 1, 2, …, 64. */
export const ZADEH_CUBE_LEVELS = 7;

/** Parameters of the Zadeh model (names as in gnuBG's `met/zadeh.xml`). */
export interface ZadehParameters {
  /** Pre-Crawford `gammon-rate-leader` G1 (rG1). */
  readonly gammonRateLeader: number;
  /** Pre-Crawford `gammon-rate-trailer` G2 (rG2). */
  readonly gammonRateTrailer: number;
  /** Pre-Crawford `delta` δ (live-cube efficiency adjustment). */
  readonly delta: number;
  /** Pre-Crawford `delta-bar` δ̄. */
  readonly deltaBar: number;
  /** Post-Crawford `gammon-rate-trailer` G3 (rG). */
  readonly postGammonRateTrailer: number;
  /** Post-Crawford `free-drop-2-away` FD2, subtracted at index 1. */
  readonly freeDrop2Away: number;
  /** Post-Crawford `free-drop-4-away` FD4, subtracted at index 3. */
  readonly freeDrop4Away: number;
}

/** gnuBG's default Zadeh parameters (spec/formats.md §4.4, spec/metrics.md §12). */
export const DEFAULT_ZADEH_PARAMETERS: ZadehParameters = Object.freeze({
  gammonRateLeader: 0.25,
  gammonRateTrailer: 0.15,
  delta: 0.08,
  deltaBar: 0.06,
  postGammonRateTrailer: 0.25,
  freeDrop2Away: 0.015,
  freeDrop4Away: 0.004,
});

const f = Math.fround;

/**
 * Zadeh post-Crawford table, 64 entries, float32:
 * `POST[i] = rG·½·POST[i−4] + (1 − rG)·½·POST[i−2]` with `POST[k<0] = 1`, then
 * `POST[1] −= FD2` and `POST[3] −= FD4` (each correction applied right after its entry is computed,
 * so later entries see the corrected value).
 *
 * @param params - model parameters (defaults: gnuBG's).
 * @returns a new Float32Array of length {@link MET_SIZE}; entry i = trailer's MWC needing i+1 points
 *   against a leader needing 1, post-Crawford.
 */
export function zadehPostCrawford(params: ZadehParameters = DEFAULT_ZADEH_PARAMETERS): Float32Array {
  const rG = f(params.postGammonRateTrailer);
  const fd2 = f(params.freeDrop2Away);
  const fd4 = f(params.freeDrop4Away);
  const oneMinusRG = f(1 - rG);
  const post = new Float32Array(MET_SIZE);
  for (let i = 0; i < MET_SIZE; i++) {
    const pc4 = i >= 4 ? post[i - 4]! : 1;
    const pc2 = i >= 2 ? post[i - 2]! : 1;
    // rG*0.5*pc4 + (1-rG)*0.5*pc2, left to right, each product and sum rounded to float32.
    let v = f(f(f(rG * 0.5) * pc4) + f(f(oneMinusRG * 0.5) * pc2));
    if (i === 1) v = f(v - fd2);
    if (i === 3) v = f(v - fd4);
    post[i] = v;
  }
  return post;
}

/**
 * Zadeh pre-Crawford table (gnuBG `initMETZadeh`), 64×64, float32, built on a given post-Crawford
 * table (normally {@link zadehPostCrawford}'s own, before any explicit overlay).
 *
 * Steps (spec/metrics.md §12):
 * 1. Crawford row/column: `PRE[i][0] = rG1·½·POST[i−2] + (1 − rG1)·½·POST[i−1]` (POST[k<0] = 1),
 *    `PRE[0][i] = 1 − PRE[i][0]`.
 * 2. For i = 0…63, j = 0…i, cube level k = 6 down to 0 (c = 2^k): dead-cube take points D̄ for both
 *    orientations with the cube-prime value CPV, live-cube versions d1/d2 (from level k+1 when both
 *    players have at least 2c to go), and at k = 0 with i, j > 0 the cell PRE[i][j] and its mirror
 *    `PRE[j][i] = 1 − PRE[i][j]`.
 *
 * GET(a, b) = 1 if a < 0, 0 if b < 0 (a is tested first), else PRE[a][b] as filled so far.
 *
 * @param post - post-Crawford table of length {@link MET_SIZE}.
 * @param params - model parameters (defaults: gnuBG's).
 * @returns 64 new Float32Array rows of 64 entries; `[i][j]` = MWC of the player needing i+1 points
 *   against one needing j+1.
 */
export function zadehPreCrawford(
  post: Float32Array,
  params: ZadehParameters = DEFAULT_ZADEH_PARAMETERS,
): Float32Array[] {
  if (post.length !== MET_SIZE) throw new RangeError(`post-Crawford table must have ${MET_SIZE} entries`);
  const N = MET_SIZE;
  const K = ZADEH_CUBE_LEVELS;
  const rG1 = f(params.gammonRateLeader);
  const rG2 = f(params.gammonRateTrailer);
  const delta = f(params.delta);
  const deltaBar = f(params.deltaBar);
  const oneMinusRG1 = f(1 - rG1);
  const oneMinusRG2 = f(1 - rG2);
  const halfRG1 = f(rG1 * 0.5);
  const halfOneMinusRG1 = f(oneMinusRG1 * 0.5);

  const pre: Float32Array[] = Array.from({ length: N }, () => new Float32Array(N));
  // Flat [i][j][k] arrays, index (i*N + j)*K + k.
  const d1 = new Float32Array(N * N * K);
  const d2 = new Float32Array(N * N * K);
  const d1bar = new Float32Array(N * N * K);
  const d2bar = new Float32Array(N * N * K);
  const at = (i: number, j: number, k: number): number => (i * N + j) * K + k;

  const get = (a: number, b: number): number => {
    if (a < 0) return 1;
    if (b < 0) return 0;
    return pre[a]![b]!;
  };
  const postAt = (k: number): number => (k < 0 ? 1 : post[k]!);

  // 1. 1-away row and column (the Crawford game).
  for (let i = 0; i < N; i++) {
    const v = f(f(halfRG1 * postAt(i - 2)) + f(halfOneMinusRG1 * postAt(i - 1)));
    pre[i]![0] = v;
    pre[0]![i] = f(1 - v);
  }

  // Cube-prime value: an automatic redouble happens when a < 2c ≤ b.
  const cpv = (a: number, b: number, c: number): number => (a < 2 * c && b >= 2 * c ? 2 * c : c);

  // Dead-cube take point D̄(a, b, c) of the player needing a+1 against b+1 at cube c.
  const dBar = (a: number, b: number, c: number): number => {
    const n = cpv(a, b, c);
    const g4 = f(rG2 * get(a, b - 4 * n));
    const g2 = f(oneMinusRG2 * get(a, b - 2 * n));
    const num = f(f(get(a - c, b) - g4) - g2);
    const den = f(f(f(f(rG1 * get(a - 4 * n, b)) + f(oneMinusRG1 * get(a - 2 * n, b))) - g4) - g2);
    return f(num / den);
  };

  // Live-cube efficiency: 1 + (other + δ)·(bar − 1).
  const live = (other: number, bar: number): number => f(1 + f(f(other + delta) * f(bar - 1)));

  // 2. Everything else, increasing i, so every GET above refers to a cell already filled.
  for (let i = 0; i < N; i++) {
    for (let j = 0; j <= i; j++) {
      const ij = at(i, j, 0);
      const ji = at(j, i, 0);
      for (let k = K - 1; k >= 0; k--) {
        const c = 1 << k;
        const dIJ = dBar(i, j, c);
        const dJI = dBar(j, i, c);
        d1bar[ij + k] = dIJ;
        d1bar[ji + k] = dJI;
        d2bar[ij + k] = dJI;
        d2bar[ji + k] = dIJ;
        if (i < 2 * c || j < 2 * c) {
          d1[ij + k] = d1bar[ij + k]!;
          d1[ji + k] = d1bar[ji + k]!;
          d2[ij + k] = d2bar[ij + k]!;
          d2[ji + k] = d2bar[ji + k]!;
        } else {
          // Only reached for k ≤ 4 (i, j ≥ 2c ≤ 63), so level k+1 exists and was computed just before.
          d1[ij + k] = live(d2[ij + k + 1]!, d1bar[ij + k]!);
          d1[ji + k] = live(d2[ji + k + 1]!, d1bar[ji + k]!);
          d2[ij + k] = live(d1[ij + k + 1]!, d2bar[ij + k]!);
          d2[ji + k] = live(d1[ji + k + 1]!, d2bar[ji + k]!);
        }
        if (k === 0 && i > 0 && j > 0) {
          const e1 = d1[ij]!;
          const e2 = d2[ij]!;
          // ((d2 + δ̄ − ½)·GET(i−1, j) + (d1 + δ̄ − ½)·GET(i, j−1)) / (d1 + δ̄ + d2 + δ̄ − 1)
          const w2 = f(f(e2 + deltaBar) - 0.5);
          const w1 = f(f(e1 + deltaBar) - 0.5);
          const num = f(f(w2 * get(i - 1, j)) + f(w1 * get(i, j - 1)));
          const den = f(f(f(f(e1 + deltaBar) + e2) + deltaBar) - 1);
          const v = f(num / den);
          pre[i]![j] = v;
          if (i !== j) pre[j]![i] = f(1 - v);
        }
      }
    }
  }
  return pre;
}

/**
 * The complete Zadeh MET with gnuBG's default parameters (or the given ones): post-Crawford table
 * first, then the pre-Crawford table built on it.
 *
 * @param params - model parameters (defaults: gnuBG's).
 * @param name - name given to the table.
 * @returns a new {@link Met} (64×64 pre-Crawford, 64 post-Crawford, float32 values).
 */
export function zadehMet(params: ZadehParameters = DEFAULT_ZADEH_PARAMETERS, name = 'Zadeh'): Met {
  const post = zadehPostCrawford(params);
  const pre = zadehPreCrawford(post, params);
  return { name, pre, post };
}
