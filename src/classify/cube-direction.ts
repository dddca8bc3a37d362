/**
 * The cube matrix: the direction of a cube decision, from the engine's best action and the action played
 * (spec/classifier.md §3a; used by the study-plan themes, spec/metrics.md §7, and the biases, §10).
 *
 * Labels are normalised by lower-casing and deleting space, tab, '/', ',', '-', '_' and '.'.
 *
 *   best label → (shouldDouble, shouldPass), first rule that matches:
 *     empty                              unreadable
 *     contains "toogood"                 (false, contains "pass" or "drop")    too good rules against doubling
 *     contains "nodouble"/"doubleno"     (false, false)                        also "noredouble"/"redoubleno"
 *     contains "double"                  (true,  contains "pass" or "drop")
 *     anything else                      unreadable
 *   played label → action, first rule that matches:
 *     "nd", contains "nodouble"/"doubleno" (or the redouble forms)  → no double   (tested before "double")
 *     contains "double"                                             → double     ("Double/Take", "Redouble")
 *     "dt", contains "take"                                         → take
 *     "dp", contains "pass"/"drop"                                  → pass
 *   cells:
 *     no double   shouldDouble ? offer_missed       : offer_right
 *     double      shouldDouble ? offer_right        : offer_premature   (doubling a too-good position too)
 *     pass        shouldPass   ? answer_right       : answer_wrong_pass
 *     take        shouldPass   ? answer_wrong_take  : answer_right
 *   either label unreadable → null (the row is dropped, never guessed).
 *
 * As a study-plan theme only the four error cells count; a "right" cell is no theme (null).
 * bdb reads "no redouble" as no double too (blunderDB's rule, written for "No double", would read it as a
 * double because it contains "double").
 */

import type { CubeAction, CubeAnalysis, CubeDecision } from '../model/types.js';

/** The six cells of the cube matrix. */
export type CubeDirection =
  | 'offer_right'
  | 'offer_missed'
  | 'offer_premature'
  | 'answer_right'
  | 'answer_wrong_pass'
  | 'answer_wrong_take';

/** The four error cells, which are the cube themes of the study plan. */
export type CubeErrorDirection =
  | 'offer_missed'
  | 'offer_premature'
  | 'answer_wrong_pass'
  | 'answer_wrong_take';

/** The engine's ruling read from its best-action label. */
export interface BestCubeVerdict {
  readonly shouldDouble: boolean;
  readonly shouldPass: boolean;
}

/** Lower-cases a label and deletes space, tab, '/', ',', '-', '_' and '.'. */
export function normaliseCubeLabel(label: string): string {
  return label.toLowerCase().replace(/[ \t/,\-_.]/g, '');
}

function saysNoDouble(s: string): boolean {
  return (
    s.includes('nodouble') || s.includes('doubleno') || s.includes('noredouble') || s.includes('redoubleno')
  );
}

function saysPass(s: string): boolean {
  return s.includes('pass') || s.includes('drop');
}

/** The engine's ruling of a best-action label ("Double, take", "Too good to double, pass" …), or null. */
export function bestCubeVerdict(best: string): BestCubeVerdict | null {
  const s = normaliseCubeLabel(best);
  if (s === '') return null;
  if (s.includes('toogood')) return { shouldDouble: false, shouldPass: saysPass(s) };
  if (saysNoDouble(s)) return { shouldDouble: false, shouldPass: false };
  if (s.includes('double')) return { shouldDouble: true, shouldPass: saysPass(s) };
  return null;
}

/** The action a played label names ("No double", "Double/Take", "Take", "Drop" …), or null. */
export function canonicalCubeAction(played: string): CubeAction | null {
  const s = normaliseCubeLabel(played);
  if (s === 'nd' || saysNoDouble(s)) return 'no-double';
  if (s.includes('double')) return 'double';
  if (s === 'dt' || s.includes('take')) return 'take';
  if (s === 'dp' || saysPass(s)) return 'pass';
  return null;
}

/** The cell of the matrix for a verdict and an action. */
export function cubeCell(verdict: BestCubeVerdict, action: CubeAction): CubeDirection {
  switch (action) {
    case 'no-double':
      return verdict.shouldDouble ? 'offer_missed' : 'offer_right';
    case 'double':
      return verdict.shouldDouble ? 'offer_right' : 'offer_premature';
    case 'pass':
      return verdict.shouldPass ? 'answer_right' : 'answer_wrong_pass';
    case 'take':
      return verdict.shouldPass ? 'answer_wrong_take' : 'answer_right';
  }
}

/** `storage.ClassifyCubeDirection(best, played)`: the cell of two labels, or null when one is unreadable. */
export function cubeDirection(best: string, played: string): CubeDirection | null {
  const verdict = bestCubeVerdict(best);
  const action = canonicalCubeAction(played);
  return verdict === null || action === null ? null : cubeCell(verdict, action);
}

/**
 * The engine's best-action label from the cubeful equities (doubler's view), after gnuBG's proper cube
 * action: DT ≥ ND and DP ≥ ND → "Double, pass" when DT ≥ DP, else "Double, take"; otherwise
 * "Too good to double, pass" when DT ≥ DP, "Too good to double, take" when ND > DP, else "No double, take".
 */
export function bestCubeLabel(a: CubeAnalysis): string {
  if (a.dt >= a.nd && a.dp >= a.nd) return a.dt >= a.dp ? 'Double, pass' : 'Double, take';
  if (a.dt >= a.dp) return 'Too good to double, pass';
  return a.nd > a.dp ? 'Too good to double, take' : 'No double, take';
}

/**
 * The cell of a cube decision: best label from its analysis ({@link bestCubeLabel}, so "too good" is
 * read) and its action. Null without analysis, for an analysed position (not a choice) and
 * for the answer to a beaver (the analysis is the original double's).
 */
export function decisionCubeDirection(d: CubeDecision): CubeDirection | null {
  if (!d.analysis || d.fromPosition || d.afterBeaver) return null;
  const a = d.analysis;
  if (![a.nd, a.dt, a.dp].every(Number.isFinite)) return null;
  return cubeDirection(bestCubeLabel(a), d.action);
}

/** The study-plan theme of a cell: the cell when it is one of the four error cells, else null. */
export function cubeTheme(direction: CubeDirection | null): CubeErrorDirection | null {
  switch (direction) {
    case 'offer_missed':
    case 'offer_premature':
    case 'answer_wrong_pass':
    case 'answer_wrong_take':
      return direction;
    default:
      return null;
  }
}
