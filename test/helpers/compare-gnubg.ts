/** Compares bdb's `gnubg` block with gnuBG's printed statistics, field by field. */
import type { GnubgFigures } from '../../src/metrics/player-stats.js';
import type { GnubgPrinted, Printed } from './gnubg-stats-txt.js';
import type { StorageBounds } from './storage-bound.js';

/** One compared field. */
export interface FieldComparison {
  field: string;
  ours: number | null;
  gnubg: number;
  /** Ours, rounded as gnuBG prints, equals gnuBG's text. */
  exact: boolean;
  /** |ours − printed| ≤ half a printed unit + the SGF storage bound. */
  withinBound: boolean;
  bound: number;
}

/** The fields of the issue's `gnubg` block, paired with gnuBG's printed lines. */
export function compareGnubg(
  ours: GnubgFigures,
  g: GnubgPrinted,
  bounds: StorageBounds,
  opponentBounds: StorageBounds,
): FieldComparison[] {
  const second = (mwc: number | null, pts: number | null): number | null => (g.money ? pts : mwc);
  const rows: [string, number | null, Printed | null, number][] = [
    ['totalMoves', ours.totalMoves, g.totalMoves, 0],
    ['unforcedMoves', ours.unforcedMoves, g.unforcedMoves, 0],
    ['checkerErrorEMG', ours.checkerErrorEMG, g.checkerErrorEMG, bounds.checkerEMG],
    [
      g.money ? 'checkerErrorPoints' : 'checkerErrorMWCPct',
      second(ours.checkerErrorMWCPct, ours.checkerErrorPoints),
      g.checkerErrorSecond,
      bounds.checkerSecond,
    ],
    ['totalCubeDecisions', ours.totalCubeDecisions, g.totalCubeDecisions, 0],
    ['closeCubeDecisions', ours.closeCubeDecisions, g.closeCubeDecisions, 0],
    ['doubles', ours.doubles, g.doubles, 0],
    ['takes', ours.takes, g.takes, 0],
    ['passes', ours.passes, g.passes, 0],
    ['cubeErrorEMG', ours.cubeErrorEMG, g.cubeErrorEMG, bounds.cubeEMG],
    [
      g.money ? 'cubeErrorPoints' : 'cubeErrorMWCPct',
      second(ours.cubeErrorMWCPct, ours.cubeErrorPoints),
      g.cubeErrorSecond,
      bounds.cubeSecond,
    ],
    ['luckEMG', ours.luckEMG, g.luckEMG, bounds.luckEMG],
    [
      g.money ? 'luckPoints' : 'luckMWCPct',
      second(ours.luckMWCPct, ours.luckPoints),
      g.luckSecond,
      bounds.luckSecond,
    ],
    ['errorRateMEMG', ours.errorRateMEMG ?? 0, g.errorRateMEMG, bounds.errorRateMEMG],
    ['snowieER', ours.snowieER, g.snowieER, bounds.snowieER],
    [
      g.money ? 'luckAdjustedResultPpg' : 'luckAdjustedResultPct',
      g.money ? ours.luckAdjustedResultPpg : ours.luckAdjustedResultPct,
      g.luckAdjusted,
      // luck of both players enters (per game at money play: the bound over-estimates)
      bounds.luckSecond + opponentBounds.luckSecond,
    ],
  ];
  const marks: [string, number][] = [
    ['moveMarks.unmarked', ours.moveMarks.unmarked],
    ['moveMarks.doubtful', ours.moveMarks.doubtful],
    ['moveMarks.bad', ours.moveMarks.bad],
    ['moveMarks.veryBad', ours.moveMarks.veryBad],
    ['rollMarks.veryLucky', ours.rollMarks.veryLucky],
    ['rollMarks.lucky', ours.rollMarks.lucky],
    ['rollMarks.unmarked', ours.rollMarks.unmarked],
    ['rollMarks.unlucky', ours.rollMarks.unlucky],
    ['rollMarks.veryUnlucky', ours.rollMarks.veryUnlucky],
  ];
  const printedMarks = [...g.moveMarks, ...g.rollMarks];
  marks.forEach(([field, v], i) => {
    rows.push([field, v, { value: printedMarks[i]!, decimals: 0 }, 0]);
  });
  const out: FieldComparison[] = [];
  for (const [field, v, p, bound] of rows) {
    if (p === null) continue;
    const unit = 10 ** -p.decimals;
    const text = (x: number): string => (Math.abs(x) < unit / 2 ? 0 : x).toFixed(p.decimals);
    const exact = v !== null && text(v) === text(p.value);
    const withinBound = v !== null && Math.abs(v - p.value) <= unit / 2 + bound + 1e-9;
    out.push({ field, ours: v, gnubg: p.value, exact, withinBound, bound });
  }
  return out;
}
