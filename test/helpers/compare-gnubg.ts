/** Compares bdb's `gnubg` block with gnuBG's printed statistics, field by field. */
import { gnubgLuckRating, gnubgRating } from '../../src/metrics/gnubg-stats.js';
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
  matchLength = 0,
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
  const marks: [string, number | null][] = [
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
  if (g.fibs) {
    // FIBS figures scale per-decision rates by ~10⁴ (and luck by dD/dr): their bounds follow from the ones above
    const f = ours.fibs;
    rows.push(['fibs.errorBasedRating', f.errorBasedRating, g.fibs.errorBasedRating, 0.05]);
    rows.push(['fibs.checkerRatingLoss', f.checkerRatingLoss, g.fibs.checkerRatingLoss, 0.05]);
    rows.push(['fibs.cubeRatingLoss', f.cubeRatingLoss, g.fibs.cubeRatingLoss, 0.05]);
    if (g.fibs.luckBasedDiff) {
      // dD/dr = 2000 / (√N · ln10 · r(1 − r)); r moves by the luck bounds of both players (MWC fraction)
      const r = 0.5 + (ours.luckAdjustedResultPct ?? 0) / 100;
      const slope = r > 0 && r < 1 ? 2000 / (Math.sqrt(matchLength) * Math.LN10 * r * (1 - r)) : 0;
      rows.push([
        'fibs.luckBasedDiff',
        f.luckBasedDiff,
        g.fibs.luckBasedDiff,
        (slope * (bounds.luckSecond + opponentBounds.luckSecond)) / 100,
      ]);
    }
  }
  const classes = [
    ['cubeErrors.missedDoubleBelowCP', ours.cubeErrors.missedDoubleBelowCP.count],
    ['cubeErrors.missedDoubleAboveCP', ours.cubeErrors.missedDoubleAboveCP.count],
    ['cubeErrors.wrongDoubleBelowDP', ours.cubeErrors.wrongDoubleBelowDP.count],
    ['cubeErrors.wrongDoubleAboveTG', ours.cubeErrors.wrongDoubleAboveTG.count],
    ['cubeErrors.wrongTake', ours.cubeErrors.wrongTake.count],
    ['cubeErrors.wrongPass', ours.cubeErrors.wrongPass.count],
  ] as const;
  classes.forEach(([field, v], i) => {
    // a count: exact unless a stored value sits within its rounding of the class's tie (storage-bound.ts)
    rows.push([field, v, { value: g.cubeErrors[i]!, decimals: 0 }, bounds.cubeClassTies - 0.5]);
  });
  // rates: a sum's bound over its denominator
  const per = (b: number, n: number | null): number => (n !== null && n > 0 ? (1000 * b) / n : 0);
  const rolls = g.rollMarks.reduce((a, x) => a + x, 0);
  rows.push(
    // no unforced move (a player who never rolled) or no close cube decision: gnuBG prints a rate of -0.0
    // (and the rating n/a) where bdb says n/a (null)
    [
      'checkerErrorRateMEMG',
      ours.checkerErrorRateMEMG ?? (ours.unforcedMoves === 0 ? 0 : null),
      g.checkerRateMEMG,
      per(bounds.checkerEMG, ours.unforcedMoves),
    ],
    [
      'cubeErrorRateMEMG',
      ours.cubeErrorRateMEMG ?? (ours.closeCubeDecisions === 0 ? 0 : null),
      g.cubeRateMEMG,
      per(bounds.cubeEMG, ours.closeCubeDecisions),
    ],
    ['luckRateMEMG', ours.luckRateMEMG, g.luckRateMEMG, per(bounds.luckEMG, rolls)],
    ['totalErrorEMG', ours.totalErrorEMG, g.totalErrorEMG, bounds.checkerEMG + bounds.cubeEMG],
    [
      g.money ? 'totalErrorPoints' : 'totalErrorMWCPct',
      g.money ? ours.totalErrorPoints : ours.totalErrorMWCPct,
      g.totalErrorSecond,
      bounds.checkerSecond + bounds.cubeSecond,
    ],
    [
      g.money ? 'actualResultPpg' : 'actualResultPct',
      g.money ? ours.actualResultPpg : ours.actualResultPct,
      g.actualResult,
      0,
    ],
  );
  const printedMarks = [...g.moveMarks, ...g.rollMarks];
  marks.forEach(([field, v], i) => {
    rows.push([field, v, { value: printedMarks[i]!, decimals: 0 }, 0]);
  });
  const out: FieldComparison[] = [];
  for (const [field, v, p, bound] of rows) {
    if (p === null && field === 'luckRateMEMG') {
      // gnuBG printed n/a: bdb must say n/a too
      out.push({ field, ours: v, gnubg: 0, exact: v === null, withinBound: v === null, bound });
      continue;
    }
    if (p === null) continue;
    const unit = 10 ** -p.decimals;
    const text = (x: number): string => (Math.abs(x) < unit / 2 ? 0 : x).toFixed(p.decimals);
    const exact = v !== null && text(v) === text(p.value);
    const withinBound = v !== null && Math.abs(v - p.value) <= unit / 2 + bound + 1e-9;
    out.push({ field, ours: v, gnubg: p.value, exact, withinBound, bound });
  }
  out.push(...compareRatings(ours, g, bounds));
  return out;
}

/**
 * gnuBG's rating labels: bdb's label must be gnuBG's, unless the rate it is read from lies within its
 * storage bound of a label's threshold (then either neighbour is accepted). Labels compare as their rank.
 */
function compareRatings(ours: GnubgFigures, g: GnubgPrinted, bounds: StorageBounds): FieldComparison[] {
  const rate = (x: number | null): number | null => (x === null ? null : x / 1000);
  const per = (b: number, n: number | null): number => (n !== null && n > 0 ? b / n : 0);
  // null counts (a file without analysis) fail the comparisons themselves
  const decisions = (ours.unforcedMoves ?? 0) + (ours.closeCubeDecisions ?? 0);
  const rolls = g.rollMarks.reduce((a, x) => a + x, 0);
  const items: [string, string | null, string, number | null, number, (r: number | null) => string | null][] =
    [
      [
        'ratings.checker',
        ours.ratings.checker,
        g.ratings.checker,
        rate(ours.checkerErrorRateMEMG),
        per(bounds.checkerEMG, ours.unforcedMoves),
        gnubgRating,
      ],
      [
        'ratings.cube',
        ours.ratings.cube,
        g.ratings.cube,
        rate(ours.cubeErrorRateMEMG),
        per(bounds.cubeEMG, ours.closeCubeDecisions),
        gnubgRating,
      ],
      [
        'ratings.overall',
        ours.ratings.overall,
        g.ratings.overall,
        rate(ours.errorRateMEMG),
        per(bounds.checkerEMG + bounds.cubeEMG, decisions),
        gnubgRating,
      ],
      [
        'ratings.luck',
        ours.ratings.luck,
        g.ratings.luck,
        rate(ours.luckRateMEMG),
        per(bounds.luckEMG, rolls),
        gnubgLuckRating,
      ],
    ];
  return items.map(([field, label, printed, r, b, of]) => {
    const exact = label === printed || (label === null && printed === 'n/a');
    const near = r !== null && (of(r - b) === printed || of(r + b) === printed);
    return { field, ours: exact ? 1 : 0, gnubg: 1, exact, withinBound: exact || near, bound: b };
  });
}
