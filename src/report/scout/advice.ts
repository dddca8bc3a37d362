/**
 * The scout's advice in words: a small table, bias kind × lean → what the opponent does and what to do about
 * it (docs/glossary.md "Scout advice"). The rule deciding the lean and when it is sure is
 * src/metrics/scout-lean.ts; this file only words it, with the bias, its 95 % interval and N on every line.
 */

import { BIAS_MIN_DECISIONS } from '../../metrics/bias-estimator.js';
import type { BiasKind, Lean, ScoutLean } from '../../metrics/scout-lean.js';
import { signed } from '../format.js';

/** What a sure lean says: the opponent's habit, and the advice against it. */
interface AdviceWords {
  readonly habit: string;
  readonly advice: string;
}

/** The advice table: one sentence per bias kind and lean. */
export const ADVICE: Readonly<Record<BiasKind, Readonly<Record<Lean, AdviceWords>>>> = {
  takePass: {
    bold: { habit: 'takes too much', advice: 'double a little later: they take positions they should pass' },
    cautious: { habit: 'passes too much', advice: 'double a little earlier against them' },
  },
  doubles: {
    bold: { habit: 'doubles too soon', advice: 'take their cubes a little more freely' },
    cautious: {
      habit: 'doubles too late (misses doubles)',
      advice: 'when they do double, look twice before taking',
    },
  },
  blots: {
    bold: {
      habit: 'leaves too many blots',
      advice: 'keep builders and checkers aimed at their blots: attacking pays',
    },
    cautious: {
      habit: 'leaves too few blots (plays too safe)',
      advice: 'they give up position for safety: take the initiative and build your structure',
    },
  },
  exposure: {
    bold: { habit: 'leaves too many shots', advice: 'keep checkers bearing on their blots' },
    cautious: {
      habit: 'leaves too few shots',
      advice: 'expect few shots: play for structure rather than for the hit',
    },
  },
};

/** The name of a bias kind on a line. */
const KIND_NAMES: Readonly<Record<BiasKind, string>> = {
  takePass: 'Take/pass',
  doubles: 'Doubles',
  blots: 'Blots',
  exposure: 'Blots, exposure',
};

/** The label of a lean's bias: its kind, and for a score cell the score (the opponent's away, the other's). */
export function leanLabel(l: ScoutLean): string {
  const name = KIND_NAMES[l.kind];
  if (l.cell === null) return name;
  if (l.cell.away === 0) return `${name} at money`;
  return `${name} with them ${l.cell.away}-away, the other ${l.cell.opponentAway}-away`;
}

/** How sure a lean is, in words: B, its 95 % interval and N (or N alone without a bias). */
export function leanFigures(l: ScoutLean): string {
  const e = l.estimate;
  if (e.bias === null || e.low === null || e.high === null) return `n = ${e.n}`;
  return `bias ${signed(e.bias, 2)}, 95 % ${signed(e.low, 2)} … ${signed(e.high, 2)}, n = ${e.n}`;
}

/** The habit and the advice of a sure lean, or what is missing for one. */
export function leanWords(l: ScoutLean): { readonly habit: string; readonly advice: string | null } {
  if (l.lean !== null) return ADVICE[l.kind][l.lean];
  if (l.certainty === 'no sure lean') return { habit: 'no sure lean', advice: null };
  return { habit: `too few decisions for a lean (${BIAS_MIN_DECISIONS} needed)`, advice: null };
}

/** One line of advice: "Take/pass: passes too much (bias −0.12, 95 % … , n = 41): double a little earlier …". */
export function adviceLine(l: ScoutLean): string {
  const { habit, advice } = leanWords(l);
  return `${leanLabel(l)}: ${habit} (${leanFigures(l)})${advice === null ? '' : `: ${advice}`}`;
}
