/**
 * gnuBG's "Proper cube action" line, and the cube equities made consistent with it.
 *
 * The text export prints No double / Double, take / Double, pass to 3 decimals, then gnuBG's verdict,
 * computed from the unrounded values. Rounding can turn a strict inequality into a tie: ND 0.99991 and
 * DP 1.00000 both print +1.000, and gnuBG, which saw ND < DP, counts a missed double that the printed
 * values would not show (gnuBG prints its "Alert: missed double (-0.000)!" there); ND 1.00000 and DP
 * 1.00000 print the same and are a true tie (no alert, no error). `refineCube` breaks the ties the verdict
 * and the alerts decide, by a nudge far below the printed precision; values that are not tied stay as
 * printed.
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
 *
 * gnuBG's rules (FindBestCubeDecision, read in its eval.c): it doubles when DT ≥ ND and DP ≥ ND, then says
 * "take" when DP > DT and "pass" otherwise (DT ≥ DP); it says "No double" when ND > DT and ND ≤ DP, "Too good"
 * when ND > DP. So a verdict implies strict orders where it excludes a tie and allows an exact tie where it
 * includes one: a "Double" with ND printed equal to the worse of DT and DP stays a tie here (see
 * {@link isMissedDoubleTie}; the actions' own alerts settle the others, {@link withActionAlert}).
 */
export function refineCube(v: CubeValues, verdict: CubeVerdict): CubeValues {
  let { nd, dt, dp } = v;
  if (verdict.response === 'take') {
    if (dt >= dp) dt = dp - NUDGE;
  } else if (verdict.action === 'too-good') {
    if (dt <= dp) dt = dp + NUDGE;
  } else if (dt <= dp) {
    // "pass" after a double allows DT = DP; an exact tie of a take's equity with the cash is not met in
    // practice, a hair above is (g0005 game 4: DT 1.0000113 prints +1.000 and gnuBG counts the missed
    // double above CP)
    dt = dp + NUDGE;
  }
  if (verdict.action === 'double') {
    const worst = Math.min(dt, dp);
    if (nd > worst) nd = worst - NUDGE;
  } else if (verdict.action === 'too-good') {
    if (nd <= dp) nd = dp + NUDGE;
  } else if (nd <= dt) {
    nd = dt + NUDGE;
  }
  return { nd, dt, dp };
}

/**
 * True when the refined values leave a no-double decision whose missed double the text cannot settle: gnuBG
 * says double, printed its missed-double alert with a minus sign ("-0.000"), and ND prints equal to the
 * worse of DT and DP. gnuBG prints "-0.000" both for an exact tie (no error in its statistics) and for ND a
 * hair below (a missed double it counts); with "+0.000" ND is a hair above (a "too good" without gammon
 * chances, which gnuBG also calls "Double, pass"): no missed double. Only gnuBG's per-game statistics tell
 * how many of the "-0.000" ones it counted.
 */
export function isMissedDoubleTie(v: CubeValues, verdict: CubeVerdict, minusAlert: boolean): boolean {
  return verdict.action === 'double' && minusAlert && v.nd === Math.min(v.dt, v.dp);
}

/** A tie of {@link isMissedDoubleTie} read as the missed double gnuBG counted: ND a hair below. */
export function asMissedDouble(v: CubeValues): CubeValues {
  return { ...v, nd: Math.min(v.dt, v.dp) - NUDGE };
}

/**
 * The values of a decision gnuBG flagged with its own alert ("Alert: wrong double", "wrong take", "wrong
 * pass"), with a printed tie broken the way the alert says: gnuBG prints these only for a strictly wrong
 * action (OPT > the double's worse answer, DT > DP, DP > DT), so a tie the rounding made was an error of less
 * than 0.0005 (g0002.txt line 3061: "wrong double (-0.000)", ND and DP both +1.000, "Redouble, pass", and
 * gnuBG's statistics count the wrong double above TG).
 */
export function withActionAlert(
  v: CubeValues,
  alert: 'wrong double' | 'wrong take' | 'wrong pass',
): CubeValues {
  if (alert === 'wrong double') {
    const worst = Math.min(v.dt, v.dp);
    return v.nd <= worst ? { ...v, nd: worst + NUDGE } : v;
  }
  if (alert === 'wrong take') return v.dt <= v.dp ? { ...v, dt: v.dp + NUDGE } : v;
  return v.dt >= v.dp ? { ...v, dt: v.dp - NUDGE } : v;
}
