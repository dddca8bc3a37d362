/**
 * How far a figure recomputed from an SGF may be from gnuBG's in-session figure because the SGF stores
 * rounded values: A[] equities and DA[] values with 6 decimals (±5e-7), LU[] luck with 5 decimals (±5e-6).
 * gnuBG printed its statistics from the unrounded analysis (tools/gnubg-corpus.sh prints them in the
 * same session), so each stored value can move a sum by at most its rounding bound:
 *  - chequer error of a move: two equities → ±1e-6 EMG; in MWC × the decision's factor f = (W − L)/2;
 *  - cube error: two DA values in MWC, each ±5e-7, turned into EMG by mwc2eq (× 1/f) → ±1e-6 / f EMG,
 *    ±1e-6 MWC (money: DA holds equities, ±1e-6 EMG, × cube in points);
 *  - luck of a roll: ±5e-6 EMG; × f in MWC (× cube in points at money play);
 *  - a cube-error class count: exact, unless a stored comparison it hangs on is within that rounding of a
 *    tie (ND against the worse of DT and DP, DT against DP, ND or DT against the cash point 1): each such
 *    decision may move one count by one (`cubeClassTies`, with the decisions named in `cubeTieAt`).
 */
import type { Met } from '../../src/met/index.js';
import { decisionMwcFactor } from '../../src/metrics/mwc-loss.js';
import type { Match } from '../../src/model/types.js';

/** Bounds for one player, in the units of bdb's `gnubg` block (MWC in percentage points). */
export interface StorageBounds {
  checkerEMG: number;
  checkerSecond: number;
  cubeEMG: number;
  cubeSecond: number;
  luckEMG: number;
  luckSecond: number;
  errorRateMEMG: number;
  snowieER: number;
  /** The player's cube decisions whose error class the stored rounding cannot settle. */
  cubeClassTies: number;
  /** Where they are (game and decision, 1-based). */
  cubeTieAt: string[];
}

/** The storage-rounding bounds of both players of a match. */
export function storageBounds(met: Met, match: Match): [StorageBounds, StorageBounds] {
  const money = match.matchLength <= 0;
  const b = [0, 1].map(() => ({
    checkerEMG: 0,
    checkerSecond: 0,
    cubeEMG: 0,
    cubeSecond: 0,
    luckEMG: 0,
    luckSecond: 0,
    cubeClassTies: 0,
    cubeTieAt: [] as string[],
  }));
  const den = [0, 0];
  let moves = 0;
  for (const g of match.games) {
    for (const d of g.decisions) {
      const x = b[d.player]!;
      const f = money ? d.cubeValue : (decisionMwcFactor(met, d) ?? 0);
      const second = money ? 1 : 100; // points, or percentage points of MWC
      if (d.kind === 'checker') {
        moves++;
        if (d.luck !== null) {
          x.luckEMG += 5e-6;
          x.luckSecond += 5e-6 * f * second;
        }
        if (d.candidates.length > 1) {
          den[d.player]!++;
          x.checkerEMG += 1e-6;
          x.checkerSecond += 1e-6 * f * second;
        }
      } else if (d.analysis && !d.beaver) {
        if (d.action !== 'no-double') den[d.player]!++;
        const emg = money ? 1e-6 : f > 0 ? 1e-6 / f : 0;
        x.cubeEMG += emg;
        x.cubeSecond += money ? emg * f : 1e-6 * second;
        if (cubeClassTie(d.action, d.analysis, money ? 1e-6 : f > 0 ? 1e-6 / f : Number.POSITIVE_INFINITY)) {
          x.cubeClassTies++;
          x.cubeTieAt.push(`game ${g.index + 1} decision ${g.decisions.indexOf(d) + 1}`);
        }
      }
    }
  }
  return b.map((x, p) => {
    const total = x.checkerEMG + x.cubeEMG;
    return {
      ...x,
      // the close-cube count is not known here; the unforced moves and actual cube actions are a lower
      // bound of the denominator, so this over-estimates the bound
      errorRateMEMG: den[p]! > 0 ? (1000 * total) / den[p]! : 0,
      snowieER: moves > 0 ? (1000 * total) / moves : 0,
    };
  }) as [StorageBounds, StorageBounds];
}

/** True when a comparison the decision's error class hangs on is within `eps` (EMG) of a tie. */
function cubeClassTie(
  action: 'no-double' | 'double' | 'take' | 'pass',
  a: { nd: number; dt: number; dp: number },
  eps: number,
): boolean {
  const near = (x: number, y: number): boolean => Math.abs(x - y) <= eps;
  const worst = Math.min(a.dt, a.dp);
  if (action === 'no-double') return near(a.nd, worst) || (a.nd < worst && near(a.dt, 1));
  if (action === 'double') return near(a.nd, worst) || (a.nd > worst && near(a.nd, 1));
  return near(a.dt, a.dp);
}
