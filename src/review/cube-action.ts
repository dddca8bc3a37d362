/**
 * Names of cube actions, as XG and gnuBG print them.
 *
 * The proper cube action from the cubeful equities ND, DT, DP (normalised, doubler's view), after gnuBG's
 * FindBestCubeDecision:
 *
 *   DT ≥ ND and DP ≥ ND   doubling is right:   DT ≥ DP → "Double, pass"     else "Double, take"
 *   otherwise             no double:           DT ≥ DP → "Too good to double, pass"
 *                                              ND > DP → "Too good to double, take"
 *                                              else    → "No double, take"
 *
 * "Double" reads "Redouble" when the doubler already owns the cube.
 */
import type { CubeAction, CubeAnalysis } from '../model/types.js';

/** The proper cube action of a position (doubler's view). */
export function properCubeAction(a: CubeAnalysis, redouble = false): string {
  const dbl = redouble ? 'redouble' : 'double';
  const Dbl = redouble ? 'Redouble' : 'Double';
  if (a.dt >= a.nd && a.dp >= a.nd) return a.dt >= a.dp ? `${Dbl}, pass` : `${Dbl}, take`;
  if (a.dt >= a.dp) return `Too good to ${dbl}, pass`;
  if (a.nd > a.dp) return `Too good to ${dbl}, take`;
  return `No ${dbl}, take`;
}

/** The name of the action a player took: "No double", "Double", "Take", "Pass" (or "Redouble", "Beaver"). */
export function cubeActionName(action: CubeAction, redouble = false, beaver = false): string {
  switch (action) {
    case 'no-double':
      return redouble ? 'No redouble' : 'No double';
    case 'double':
      return redouble ? 'Redouble' : 'Double';
    case 'take':
      return beaver ? 'Beaver' : 'Take';
    case 'pass':
      return 'Pass';
  }
}
