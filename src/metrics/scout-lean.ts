/**
 * Which way an opponent leans on each signed bias, and whether it is sure enough to act on (`bdb scout`;
 * docs/glossary.md "Scout advice"). No new figure: each lean is read from the bias' own verdict
 * (src/metrics/bias-estimator.ts), so `bdb biases` and `bdb scout` cannot disagree on when a lean is sure.
 *
 *   verdict "too much"    (N ≥ 20, the 95 % interval above 0)   lean bold, sure
 *   verdict "not enough"  (N ≥ 20, the 95 % interval below 0)   lean cautious, sure
 *   verdict "balanced"    (N ≥ 20, the interval holds 0)         no sure lean
 *   verdict "insufficient" (N < 20, N = 0 included)              too few decisions to say
 *
 * Which biases: take/pass, doubles overall, doubles per score cell, blots, blots weighted by exposure (the
 * rows of `bdb biases`). Score cells are many and mostly small: a cell is listed only when its lean is sure;
 * the others are counted.
 */
import type { BiasEstimate } from './bias-estimator.js';
import type { DoublesBias, ScoreCell } from './doubles-bias.js';

/** The biases scout reads, in the order it shows them. */
export type BiasKind = 'takePass' | 'doubles' | 'blots' | 'exposure';

/** The sign of a sure lean: +1 too bold (B > 0), −1 too cautious (B < 0). */
export type Lean = 'bold' | 'cautious';

/** Why a bias gives (or does not give) a sure lean. */
export type LeanCertainty = 'sure' | 'no sure lean' | 'too few decisions';

/** One bias read as a lean. */
export interface ScoutLean {
  readonly kind: BiasKind;
  /** The score cell for a doubles bias by score; null for the overall biases. */
  readonly cell: ScoreCell | null;
  /** The lean when sure, else null. */
  readonly lean: Lean | null;
  readonly certainty: LeanCertainty;
  /** The bias as `bdb biases` gives it (B, its 95 % bounds, N). */
  readonly estimate: BiasEstimate;
}

/** The leans of one person: one per overall bias, the sure score cells, and how many cells are not sure. */
export interface ScoutLeans {
  readonly leans: readonly ScoutLean[];
  /** Score cells of the doubles left out: no sure lean or too few decisions. */
  readonly cellsWithoutLean: number;
}

/** The biases of one person as scout reads them (the estimates `bdb biases` computes). */
export interface LeanInputs {
  readonly takePass: BiasEstimate;
  readonly doubles: DoublesBias;
  readonly blots: BiasEstimate;
  readonly exposure: BiasEstimate;
}

/** The lean of one bias, from its verdict. */
export function scoutLean(kind: BiasKind, estimate: BiasEstimate, cell: ScoreCell | null = null): ScoutLean {
  const v = estimate.verdict;
  const lean: Lean | null = v === 'too much' ? 'bold' : v === 'not enough' ? 'cautious' : null;
  const certainty: LeanCertainty =
    lean !== null ? 'sure' : v === 'insufficient' ? 'too few decisions' : 'no sure lean';
  return { kind, cell, lean, certainty, estimate };
}

/** Every lean of a person: the four overall biases, then the doubles' score cells whose lean is sure. */
export function scoutLeans(b: LeanInputs): ScoutLeans {
  const cells = b.doubles.byScore.map((c) =>
    scoutLean('doubles', c.estimate, { away: c.away, opponentAway: c.opponentAway }),
  );
  const sureCells = cells.filter((c) => c.lean !== null);
  return {
    leans: [
      scoutLean('takePass', b.takePass),
      scoutLean('doubles', b.doubles.overall),
      ...sureCells,
      scoutLean('blots', b.blots),
      scoutLean('exposure', b.exposure),
    ],
    cellsWithoutLean: cells.length - sureCells.length,
  };
}
