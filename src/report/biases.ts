/**
 * The signed biases of each person (spec/metrics.md §10): collection over matches, the JSON view and the
 * tables. Figures come from src/metrics/{take-pass,doubles,blot,exposure}-bias.ts; nothing is printed here.
 */
import Table from 'cli-table3';
import { type AggregateOptions, personSeats } from '../analyse.js';
import type { BiasEstimate, BiasTally } from '../metrics/bias-estimator.js';
import { BIAS_MIN_DECISIONS } from '../metrics/bias-estimator.js';
import {
  type BiasItem,
  type BlotBias,
  type BlotBiasRow,
  blotBiasItem,
  blotBiasOf,
  blotBiasRowKind,
} from '../metrics/blot-bias.js';
import { isCounted } from '../metrics/counting.js';
import { type DoublesBias, doublesBias } from '../metrics/doubles-bias.js';
import {
  type ExposureBias,
  type ExposureBiasRow,
  exposureBiasItem,
  exposureBiasOf,
} from '../metrics/exposure-bias.js';
import { takePassBias } from '../metrics/take-pass-bias.js';
import type { CubeDecision, Match } from '../model/types.js';
import { type DecisionRef, decisionRef } from '../review/decision-refs.js';
import { compact, plain } from './cli-table.js';
import { fixed, percent, signed, withoutAnalysis } from './format.js';

/** The biases of one person. */
export interface PlayerBiases {
  readonly player: string;
  readonly matches: number;
  /** Decisions counted in PR (analysed); 0 for a person known only from transcripts. */
  readonly analysed: number;
  readonly takePass: BiasEstimate;
  readonly doubles: DoublesBias;
  readonly blots: BlotBias<DecisionRef>;
  readonly exposure: ExposureBias<DecisionRef>;
}

interface Pending {
  matches: number;
  analysed: number;
  /** The cube decisions (a few per game; the biases read their analysis). */
  cube: CubeDecision[];
  /** Checker plays are reduced to their rows as they stream by: no board or candidate list is kept. */
  blots: BlotBiasRow<DecisionRef>[];
  blotsUnread: DecisionRef[];
  exposure: ExposureBiasRow<DecisionRef>[];
  exposureUnread: DecisionRef[];
}

function push<Row>(rows: Row[], unread: DecisionRef[], item: BiasItem<Row, DecisionRef>): void {
  if (item === null) return;
  if ('row' in item) rows.push(item.row);
  else unread.push(item.unread);
}

/** Collects each person's decisions over matches (aliases and the player filter as `stats`). */
export class BiasCollector {
  private readonly byName = new Map<string, Pending>();
  private readonly opts: AggregateOptions;
  constructor(opts: AggregateOptions = {}) {
    this.opts = opts;
  }

  /** Adds both seats of a match. */
  add(match: Match): void {
    const seats = personSeats(match, this.byName, this.opts, () => ({
      matches: 0,
      analysed: 0,
      cube: [],
      blots: [],
      blotsUnread: [],
      exposure: [],
      exposureUnread: [],
    }));
    for (const game of match.games) {
      game.decisions.forEach((d, i) => {
        const p = seats[d.player];
        if (!p || d.fromPosition) return;
        if (isCounted(d)) p.analysed++;
        if (d.kind === 'cube') {
          p.cube.push(d);
          return;
        }
        if (blotBiasRowKind(d).kind === 'skip') return;
        const ref = decisionRef(match, game, i).ref;
        push(p.blots, p.blotsUnread, blotBiasItem(d, ref));
        push(p.exposure, p.exposureUnread, exposureBiasItem(d, ref));
      });
    }
  }

  /** The biases, by name. */
  results(): PlayerBiases[] {
    return [...this.byName.entries()]
      .sort(([a], [b]) => a.localeCompare(b))
      .map(([player, p]) => ({
        player,
        matches: p.matches,
        analysed: p.analysed,
        takePass: takePassBias(p.cube),
        doubles: doublesBias(p.cube),
        blots: blotBiasOf(p.blots, p.blotsUnread),
        exposure: exposureBiasOf(p.exposure, p.exposureUnread),
      }));
  }
}

/** An estimate's counts and costs null: a person without any analysed decision has none (not 0). */
function unknownCounts<E extends BiasEstimate>(
  e: E,
): Omit<E, keyof BiasTally> & Record<keyof BiasTally, null> {
  return { ...e, n: null, plus: null, minus: null, plusCostMpt: null, minusCostMpt: null };
}

/**
 * The JSON entry of one person (full precision; each blot row traced to its decision). A person without any
 * analysed decision (a transcript) has null counts and costs, never 0.
 */
export function jsonPlayerBiases(p: PlayerBiases): unknown {
  const e = <E extends BiasEstimate>(x: E): object => (p.analysed > 0 ? x : unknownCounts(x));
  const count = (x: number): number | null => (p.analysed > 0 ? x : null);
  return {
    player: p.player,
    matches: p.matches,
    takePass: e(p.takePass),
    doubles: e(p.doubles.overall),
    doublesByScore: p.doubles.byScore.map((c) => ({
      away: c.away,
      opponentAway: c.opponentAway,
      ...c.estimate,
    })),
    blots: {
      ...e(p.blots.estimate),
      unread: count(p.blots.unread),
      unreadShare: p.blots.unreadShare,
      decisions: p.blots.rows.map((r) => ({
        ...r.ref,
        x: r.x,
        error: r.error,
        blotsPlayed: r.blotsPlayed,
        blotsBest: r.blotsBest,
      })),
      unreadDecisions: p.blots.unreadRefs,
    },
    blotsExposure: {
      ...e(p.exposure.estimate),
      meanShotDifference: p.exposure.meanShotDifference,
      meanShotDifferenceLow: p.exposure.meanLow,
      meanShotDifferenceHigh: p.exposure.meanHigh,
      unread: count(p.exposure.unread),
      unreadShare: p.exposure.unreadShare,
      decisions: p.exposure.rows.map((r) => ({
        ...r.ref,
        x: r.x,
        error: r.error,
        shotsPlayed: r.shotsPlayed,
        shotsBest: r.shotsBest,
      })),
      unreadDecisions: p.exposure.unreadRefs,
    },
  };
}

function interval(e: { low: number | null; high: number | null }, digits: number): string {
  return e.low === null || e.high === null ? 'n/a' : `${signed(e.low, digits)} … ${signed(e.high, digits)}`;
}

function biasRow(label: string, e: BiasEstimate): string[] {
  return [
    label,
    String(e.n),
    `${e.plus} (${fixed(e.plusCostMpt, 0)})`,
    `${e.minus} (${fixed(e.minusCostMpt, 0)})`,
    signed(e.bias, 3),
    interval(e, 3),
    e.verdict,
  ];
}

/** The table of one person. */
export function renderPlayerBiases(p: PlayerBiases): string {
  const t = new Table({
    head: ['Bias', 'N', 'P (mpt)', 'M (mpt)', 'B', '95 %', 'Verdict'],
    style: plain,
  });
  t.push(biasRow('Take/pass', p.takePass));
  t.push(biasRow('Doubles', p.doubles.overall));
  for (const c of p.doubles.byScore) {
    const label = c.away === 0 ? '  money' : `  ${c.away}-away / ${c.opponentAway}-away`;
    t.push(biasRow(label, c.estimate));
  }
  t.push(biasRow('Blots', p.blots.estimate));
  t.push(biasRow('Blots, exposure', p.exposure.estimate));
  const read = p.blots.estimate.n + p.blots.unread;
  const lines = [
    `${p.player} — ${p.matches} match${p.matches === 1 ? '' : 'es'}`,
    compact(t),
    `Shots left vs best play: ${signed(p.exposure.meanShotDifference, 2)} per decision (95 % ${interval(
      { low: p.exposure.meanLow, high: p.exposure.meanHigh },
      2,
    )}), rolls of 36.`,
    `Unreadable checker plays (left out of the blot biases): ${p.blots.unread} of ${read} (${percent(
      p.blots.unreadShare === null ? null : 100 * p.blots.unreadShare,
      1,
    )}).`,
  ];
  return lines.join('\n');
}

/** The legend printed once under the tables. */
export function biasesLegend(): string {
  return (
    'B = (P − M)/N: P too bold (wrong take; premature double, too good included; more blots or shots than ' +
    'the best play), M too cautious (wrong pass; missed double; fewer). ' +
    '95 % interval: the score interval (Wilson), honest with few decisions. ' +
    `Verdict at ≥ ${BIAS_MIN_DECISIONS} decisions: too much if the 95 % interval is above 0, not enough if ` +
    'below, balanced otherwise. Costs in mpt of equity. Doubles: counted doubles and no-doubles, by ' +
    "score (player's away / opponent's away). Blots: counted checker plays in contact."
  );
}

/** All persons' tables. */
export function renderBiases(players: readonly PlayerBiases[]): string {
  return withoutAnalysis(players, (p) => p.analysed > 0, renderPlayerBiases);
}
