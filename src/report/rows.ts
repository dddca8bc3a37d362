/**
 * Labelled rows: typed figures → one label and one cell per player. Tables and other renderers share them.
 */
import type { IntervalFigure, PlayerStats } from '../metrics/player-stats.js';
import { fixed, percent, signed } from './format.js';

/** A row of a report table: a label and one cell per player; a section heading has no cells. */
export interface Row {
  readonly label: string;
  readonly cells?: readonly string[];
}

function emgMwc(emg: number | null, mwcPct: number | null, points: number | null, sign: 1 | -1): string {
  if (emg === null) return 'n/a';
  const second =
    mwcPct !== null ? `${signed(sign * mwcPct, 3)}%` : points !== null ? signed(sign * points, 3) : '';
  return second ? `${signed(sign * emg, 3)} (${second})` : signed(sign * emg, 3);
}

/** Counts "a / b / c", or "n/a" when one needs an analysis the file does not have. */
function counts(xs: readonly (number | null)[]): string {
  return xs.some((x) => x === null) ? 'n/a' : xs.join(' / ');
}

/** "[low, high]", or "n/a (reason)" without an interval. */
function interval(i: IntervalFigure, digits: number, unit: string): string {
  if (i.low === null || i.high === null) return `n/a${i.reason ? ` (${i.reason})` : ''}`;
  return `[${fixed(i.low, digits)}, ${fixed(i.high, digits)}]${unit}`;
}

/** XG-style rows: PR, decisions, equity and MWC lost, L₇, Elo, Snowie ER. */
export function xgRows(stats: readonly PlayerStats[]): Row[] {
  const m = (f: (s: PlayerStats) => string): string[] => stats.map(f);
  return [
    { label: 'XG-style (counting rules of XG)' },
    { label: 'PR', cells: m((s) => fixed(s.pr, 2)) },
    { label: 'PR 95 % interval', cells: m((s) => interval(s.prInterval, 2, '')) },
    { label: 'Level (PR band)', cells: m((s) => s.level ?? 'n/a') },
    { label: 'PR checker / cube', cells: m((s) => `${fixed(s.prChecker, 2)} / ${fixed(s.prCube, 2)}`) },
    {
      label: 'Decisions (checker+double+take)',
      cells: m((s) =>
        s.decisions.total === null
          ? 'n/a (no analysis)'
          : `${s.decisions.total} (${s.decisions.checker}+${s.decisions.double}+${s.decisions.take})`,
      ),
    },
    { label: 'Equity lost (EMG)', cells: m((s) => fixed(s.equityError.total, 3)) },
    { label: 'MWC lost', cells: m((s) => percent(s.mwcLossPct.total, 2)) },
    { label: 'L7 (MWC lost per 7-pt match)', cells: m((s) => percent(s.l7Pct, 1)) },
    { label: 'L7 95 % interval', cells: m((s) => interval(s.l7Interval, 1, ' %')) },
    { label: 'Difficulty (MWC)', cells: m((s) => percent(s.difficulty.difficultyPct, 2)) },
    { label: 'Lost beyond difficulty (MWC)', cells: m((s) => percent(s.difficulty.excessPct, 2)) },
    { label: 'MWC lost / difficulty', cells: m((s) => fixed(s.difficulty.ratio, 2)) },
    {
      label: 'Errors (of them avoidable)',
      cells: m((s) =>
        s.difficulty.errors === null
          ? 'n/a'
          : `${s.difficulty.errors} (${fixed(s.difficulty.avoidableErrors, 0)})`,
      ),
    },
    {
      label: 'Elo vs engine',
      cells: m((s) => (s.elo === null ? 'n/a' : `${s.eloFloored ? '≤ ' : ''}${fixed(s.elo, 0)}`)),
    },
    { label: 'Snowie ER (×500)', cells: m((s) => fixed(s.snowieER, 2)) },
  ];
}

const cubeBuckets = [
  ['missedDoubleBelowCP', 'Missed doubles below CP'],
  ['missedDoubleAboveCP', 'Missed doubles above CP'],
  ['wrongDoubleBelowDP', 'Wrong doubles below DP'],
  ['wrongDoubleAboveTG', 'Wrong doubles above TG'],
  ['wrongTake', 'Wrong takes'],
  ['wrongPass', 'Wrong passes'],
] as const;

/** gnuBG-style rows, as gnuBG's "show statistics match" prints them. */
export function gnubgRows(stats: readonly PlayerStats[]): Row[] {
  const g = stats.map((s) => s.gnubg);
  if (g.every((x) => x === null)) return [];
  // money play has no MWC: no actual result in MWC (also without any analysis)
  const money = g.some((x) => x !== null && x.actualResultPct === null);
  const unit = money ? 'EMG (Points)' : 'EMG (MWC)';
  const c = (f: (x: NonNullable<(typeof g)[number]>) => string): string[] => g.map((x) => (x ? f(x) : 'n/a'));
  const rows: Row[] = [
    { label: 'gnuBG-style (as gnuBG prints it)' },
    { label: 'Total / unforced moves', cells: c((x) => `${x.totalMoves} / ${fixed(x.unforcedMoves, 0)}`) },
    {
      label: `Chequer error total ${unit}`,
      cells: c((x) => emgMwc(x.checkerErrorEMG, x.checkerErrorMWCPct, x.checkerErrorPoints, -1)),
    },
    {
      label: 'Chequer error rate mEMG',
      cells: c((x) => signed(x.checkerErrorRateMEMG && -x.checkerErrorRateMEMG, 1)),
    },
    {
      label: 'Moves marked doubtful / bad / very bad',
      cells: c((x) => counts([x.moveMarks.doubtful, x.moveMarks.bad, x.moveMarks.veryBad])),
    },
    { label: 'Chequerplay rating', cells: c((x) => x.ratings.checker ?? 'n/a') },
    {
      label: 'Cube decisions (total / close or actual)',
      cells: c((x) => counts([x.totalCubeDecisions, x.closeCubeDecisions])),
    },
    { label: 'Doubles / takes / passes', cells: c((x) => counts([x.doubles, x.takes, x.passes])) },
    ...cubeBuckets.map(
      ([key, label]): Row => ({
        label: `${label} ${unit}`,
        cells: c((x) => {
          const b = x.cubeErrors[key];
          if (b.count === null) return 'n/a';
          return b.count === 0 ? '0' : `${b.count} (${emgMwc(b.emg, b.mwcPct, b.points, -1)})`;
        }),
      }),
    ),
    {
      label: `Cube error total ${unit}`,
      cells: c((x) => emgMwc(x.cubeErrorEMG, x.cubeErrorMWCPct, x.cubeErrorPoints, -1)),
    },
    {
      label: `Overall error total ${unit}`,
      cells: c((x) => emgMwc(x.totalErrorEMG, x.totalErrorMWCPct, x.totalErrorPoints, -1)),
    },
    { label: 'Cube decision rating', cells: c((x) => x.ratings.cube ?? 'n/a') },
    { label: 'Error rate mEMG', cells: c((x) => signed(x.errorRateMEMG && -x.errorRateMEMG, 1)) },
    { label: 'Snowie error rate', cells: c((x) => signed(x.snowieER && -x.snowieER, 1)) },
    { label: 'Overall rating', cells: c((x) => x.ratings.overall ?? 'n/a') },
    { label: `Luck total ${unit}`, cells: c((x) => emgMwc(x.luckEMG, x.luckMWCPct, x.luckPoints, 1)) },
    {
      label: 'Rolls very lucky / lucky / unlucky / very unlucky',
      cells: c((x) => {
        const r = x.rollMarks;
        return counts([r.veryLucky, r.lucky, r.unlucky, r.veryUnlucky]);
      }),
    },
    { label: 'Luck rating', cells: c((x) => x.ratings.luck ?? 'n/a') },
  ];
  if (money) {
    rows.push({ label: 'Advantage (actual) ppg', cells: c((x) => signed(x.actualResultPpg, 3)) });
    rows.push({
      label: 'Advantage (luck adjusted) ppg',
      cells: c((x) => signed(x.luckAdjustedResultPpg, 3)),
    });
  } else {
    const pct = (x: number | null): string => (x === null ? 'n/a' : `${signed(x, 2)}%`);
    rows.push({ label: 'Actual result', cells: c((x) => pct(x.actualResultPct)) });
    rows.push({ label: 'Luck adjusted result', cells: c((x) => pct(x.luckAdjustedResultPct)) });
    rows.push({ label: 'Luck based FIBS rating diff.', cells: c((x) => signed(x.fibs.luckBasedDiff, 2)) });
    rows.push({ label: 'Error based abs. FIBS rating', cells: c((x) => fixed(x.fibs.errorBasedRating, 1)) });
    rows.push({
      label: 'Chequerplay errors rating loss',
      cells: c((x) => fixed(x.fibs.checkerRatingLoss, 1)),
    });
    rows.push({ label: 'Cube errors rating loss', cells: c((x) => fixed(x.fibs.cubeRatingLoss, 1)) });
  }
  return rows;
}
