/**
 * gnuBG's "Proper cube action" line, and the cube equities made consistent with it.
 *
 * The text export prints No double / Double, take / Double, pass to 3 decimals, then gnuBG's verdict,
 * computed from the unrounded values. Rounding can turn a strict inequality into a tie: ND 0.99991 and
 * DP 1.00000 both print +1.000, and gnuBG, which saw ND < DP, counts a missed double that the printed
 * values would not show. `refineCube` breaks exactly such ties the way the verdict says, by a nudge far
 * below the printed precision; values that are not tied stay as printed.
 *
 * Not settled from the text (measured on the 48 gnubg-generated matches, 4 decisions): a difference that
 * rounding moves across gnuBG's close-cube threshold (0.16). The percentage gnuBG prints after some
 * verdicts ((ND − DT)/(DP − DT) to 0.1 %) narrows such a difference only to ±0.0004, not enough to decide.
 */

/** What gnuBG says the proper cube action is. */
export interface CubeVerdict {
  /** 'no-double' (No double / No redouble), 'double' (Double / Redouble), 'too-good' (Too good to …). */
  readonly action: 'no-double' | 'double' | 'too-good';
  /** The proper answer: take (beaver counts as take) or pass. */
  readonly response: 'take' | 'pass';
}

const RE_VERDICT =
  /^Proper cube action:\s*(No (?:re)?double|(?:Re)?double|Too good to (?:re)?double),\s*(take|pass|beaver)\b/i;

/** Reads a "Proper cube action: …" line; null when it is not one bdb knows (e.g. another language). */
export function parseCubeVerdict(line: string): CubeVerdict | null {
  const m = RE_VERDICT.exec(line);
  if (!m) return null;
  const a = m[1]!.toLowerCase();
  const action = a.startsWith('no ') ? 'no-double' : a.startsWith('too good') ? 'too-good' : 'double';
  const response = m[2]!.toLowerCase() === 'pass' ? 'pass' : 'take';
  return { action, response };
}

/** Cube equities in one scale (as printed). */
export interface CubeValues {
  nd: number;
  dt: number;
  dp: number;
}

/** A nudge far below any printed precision, to break a tie the verdict decides. */
const NUDGE = 1e-7;

/**
 * The printed values with the ties the verdict decides broken (by `NUDGE`, far below the printed
 * precision); values that are not tied are returned as printed. The values must be in the doubler's view.
 */
export function refineCube(v: CubeValues, verdict: CubeVerdict): CubeValues {
  let { nd, dt, dp } = v;
  // ties the verdict decides: strict orders in gnuBG's rules (FindBestCubeDecision and the statistics)
  if (verdict.action === 'double') {
    const worst = Math.min(dt, dp);
    if (nd >= worst) nd = worst - NUDGE;
  } else if (verdict.action === 'too-good') {
    if (nd <= dp) nd = dp + NUDGE;
  }
  if (verdict.response === 'pass' && dt <= dp) dt = dp + NUDGE;
  return { nd, dt, dp };
}
