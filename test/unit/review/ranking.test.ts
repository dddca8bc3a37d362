// The three decisions to review (spec/metrics.md §6): ranking rules on hand-built decisions.
import { describe, expect, test } from 'vitest';
import { decisionDifficulty, THRESHOLD_PRESETS } from '../../../src/metrics/difficulty.js';
import { defaultMet } from '../../../src/metrics/match-report.js';
import { decisionMwcFactor } from '../../../src/metrics/mwc-loss.js';
import type { Decision, Game, Match } from '../../../src/model/types.js';
import { buildReview, decisionsToReview, rankForReview } from '../../../src/review/review.js';
import { checker, cube } from '../metrics/helpers.js';

const met = defaultMet();

/** A one-game match (seat 1 wins 2 points unless told) holding the decisions, re-indexed in file order. */
function matchOf(decisions: Decision[], over: Partial<Match> = {}, game: Partial<Game> = {}): Match {
  return {
    file: 'unit',
    format: 'sgf',
    players: ['Ann', 'Bob'],
    matchLength: 7,
    date: null,
    event: null,
    round: null,
    place: null,
    rules: { crawford: true, jacoby: false, cube: true },
    analyser: null,
    games: [
      {
        index: 0,
        score: [0, 0],
        crawfordGame: false,
        winner: 1,
        points: 2,
        resigned: false,
        decisions: decisions.map((d, index) => ({ ...d, index })),
        ...game,
      },
    ],
    ...over,
  };
}

describe('rankForReview', () => {
  const item = (loss: number, difficulty: number | null, order: number) => ({ loss, difficulty, order });

  test('largest ℓ − d first, not largest ℓ', () => {
    const a = item(0.05, 0.02, 1); // share 0.03
    const b = item(0.04, 0.001, 2); // share 0.039
    expect(rankForReview([a, b])).toEqual([b, a]);
  });

  test('only ℓ − d > 0: ℓ = d and ℓ < d are left out', () => {
    const equal = item(0.01, 0.01, 1);
    const below = item(0.01, 0.012, 2);
    const kept = item(0.001, 0, 3);
    expect(rankForReview([equal, below, kept])).toEqual([kept]);
  });

  test('unknown d counts as 0', () => {
    const unknown = item(0.02, null, 2);
    const known = item(0.025, 0.01, 1); // share 0.015 < 0.02
    expect(rankForReview([known, unknown])).toEqual([unknown, known]);
  });

  test('ties on ℓ − d: larger ℓ first, then match order', () => {
    const small = item(0.02, 0, 1);
    const large = item(0.03, 0.01, 3);
    const early = item(0.02, 0, 0);
    expect(rankForReview([small, large, early])).toEqual([large, early, small]);
  });

  test('at most three', () => {
    const items = [0.01, 0.05, 0.02, 0.04, 0.03].map((l, i) => item(l, 0, i));
    expect(rankForReview(items).map((x) => x.loss)).toEqual([0.05, 0.04, 0.03]);
    expect(rankForReview(items, 1)).toHaveLength(1);
  });

  test('the input is not reordered', () => {
    const items = [item(0.01, 0, 0), item(0.02, 0, 1)];
    rankForReview(items);
    expect(items.map((x) => x.order)).toEqual([0, 1]);
  });
});

describe('decisionsToReview on hand-built decisions', () => {
  test('ranks by ℓ − d with the real d: a close choice ranks below a clear one of smaller ℓ', () => {
    // A: five candidates 0.01 apart and the worst played (e = 0.05, many close options → large d)
    const a = checker([0, -0.01, -0.02, -0.03, -0.05], 4, null, { player: 0 });
    // B: two candidates, the worse played (e = 0.045, d small)
    const b = checker([0, -0.045], 1, null, { player: 0 });
    const m = matchOf([a, b]);
    const [da, db] = m.games[0]!.decisions;
    const f = decisionMwcFactor(met, da!)!;
    const shareA = 0.05 * f - decisionDifficulty(met, da!)!;
    const shareB = 0.045 * f - decisionDifficulty(met, db!)!;
    expect(shareB).toBeGreaterThan(shareA);
    const r = decisionsToReview(met, m, 0);
    expect(r.map((x) => x.decisionIndex)).toEqual([1, 0]);
    expect(r[0]!.lossPct).toBeCloseTo(100 * 0.045 * f, 12);
    expect(r[0]!.avoidableSharePct).toBeCloseTo(100 * shareB, 12);
    expect(r[0]!.errorEMG).toBeCloseTo(0.045, 12);
    expect(r[0]!.move).toBe(2);
    expect(r[0]!.game).toBe(1);
  });

  test('errors only: e ≥ the Error threshold, inclusive (XG 20 mpt; gnuBG preset 40)', () => {
    const below = checker([0, -0.019], 1, null);
    const at = checker([0, -0.02], 1, null);
    const m = matchOf([below, at]);
    expect(decisionsToReview(met, m, 0).map((x) => x.decisionIndex)).toEqual([1]);
    expect(decisionsToReview(met, m, 0, THRESHOLD_PRESETS.gnubg)).toEqual([]);
  });

  test('only counted decisions whose ℓ is known; only the player’s own', () => {
    const forced = checker([0], 0, 1, { storedError: 0.5 }); // forced: not counted
    const unscored = checker([0, -0.3], null, null); // no candidate names the play
    const outOfWindow = cube('no-double', -0.1, 0.2, 1); // missed double (e = 0.3) with ND ≤ 0: not counted
    const opponents = checker([0, -0.3], 1, null, { player: 1 });
    const counted = cube('double', -0.1, -0.4, 1); // wrong double, e = 0.3
    const m = matchOf([forced, unscored, outOfWindow, opponents, counted]);
    const r = decisionsToReview(met, m, 0);
    expect(r.map((x) => x.decisionIndex)).toEqual([4]);
    expect(r[0]!.kind).toBe('cube');
    expect(r[0]!.cube).toEqual({
      action: 'Double',
      bestAction: 'No double, take',
      noDouble: -0.1,
      doubleTake: -0.4,
      doublePass: 1,
    });
    expect(decisionsToReview(met, m, 1).map((x) => x.decisionIndex)).toEqual([3]);
  });

  test('money play: ℓ and d in points (e × cube value), the MWC fields null', () => {
    // two candidates 0.3 apart, cube at 2: ℓ = 0.3 × 2 = 0.6 points; d = Δ/(1 + e^{Δ/τ}) × 2 (spec §4's
    // two-option check, Δ = 0.3, τ = 0.025)
    const d = checker([0, -0.3], 1, null, { matchLength: 0, cubeValue: 2 });
    const m = matchOf([d], { matchLength: 0 });
    const [r] = decisionsToReview(met, m, 0);
    expect(r!.lossPoints).toBeCloseTo(0.6, 12);
    expect(r!.difficultyPoints).toBeCloseTo((0.3 / (1 + Math.exp(0.3 / 0.025))) * 2, 12);
    expect(r!.avoidableSharePoints).toBeCloseTo(r!.lossPoints! - r!.difficultyPoints!, 12);
    expect([r!.lossPct, r!.difficultyPct, r!.avoidableSharePct]).toEqual([null, null, null]);
    expect(r!.avoidable).toBe(true);
    const review = buildReview(m, met);
    expect(review.reviews[0].toReview).toHaveLength(1);
    expect(review.reviews[0].avoidableErrors).toBe(1);
    expect(review.reviews[0].luck.reason).toBe('money session');
    expect(review.reviews[0].luck.adjustedPct).toBeNull();
  });

  test('a checker play gives the dice, the plays in gnuBG notation and their equities', () => {
    // initial board: 24/20 is the best candidate, the played one (index 1) is 13/9
    const d = checker([0.1, -0.2], 1, null, {
      dice: [1, 4],
      candidates: [
        { play: [{ from: 24, to: 20 }], equity: 0.1 },
        { play: [{ from: 13, to: 9 }], equity: -0.2 },
      ],
      played: [{ from: 13, to: 9 }],
    });
    const [r] = decisionsToReview(met, matchOf([d]), 0);
    expect(r!.checker).toEqual({
      dice: [4, 1],
      played: '13/9',
      playedEquity: -0.2,
      best: '24/20',
      bestEquity: 0.1,
    });
    expect(r!.cube).toBeNull();
    expect(r!.xgid).toBe('XGID=-b----E-C---eE---c-e----B-:0:0:1:41:0:0:0:7:10');
    expect(r!.positionId).toBe('4HPwATDgc/ABMA');
  });
});

describe('buildReview', () => {
  test('per player: figures of playerStats, hasty / deliberate n/a without move times', () => {
    const m = matchOf([checker([0, -0.05], 1, null), checker([0, -0.1], 1, null, { player: 1 })]);
    const r = buildReview(m, met);
    expect(r.players).toEqual(['Ann', 'Bob']);
    expect(r.winner).toBeNull(); // 2 points of 7: unfinished
    expect(r.reviews[0].decisions).toBe(1);
    expect(r.reviews[0].pr).toBeCloseTo(25, 10);
    expect(r.reviews[1].pr).toBeCloseTo(50, 10);
    expect(r.reviews[0].haste).toEqual({ checker: null, cube: null, reason: 'no move times in this file' });
    expect(r.reviews[0].luck.reason).toBe('unfinished match');
    expect(r.settings.thresholds).toEqual({ errorMpt: 20, blunderMpt: 80 });
  });

  test('luck: A = R − C on a finished match, coverage over both players’ rolls', () => {
    // a 1-point match (DMP: factor 0.5) won by seat 1; seat 0 rolled +0.2, seat 1 rolled −0.1, one roll unknown
    const decisions = [
      checker([0, -0.05], 1, null, { matchLength: 1, luck: 0.2 }),
      checker([0, -0.05], 1, null, { matchLength: 1, player: 1, luck: -0.1 }),
      checker([0, -0.05], 1, null, { matchLength: 1, luck: null }),
    ];
    const m = matchOf(decisions, { matchLength: 1 }, { winner: 1, points: 1 });
    const r = buildReview(m, met);
    const [a, b] = r.reviews;
    expect(r.winner).toBe('Bob');
    expect(a.luck.resultPct).toBeCloseTo(-50, 10);
    expect(a.luck.luckPct).toBeCloseTo(100 * (0.2 - -0.1) * 0.5, 10);
    expect(a.luck.adjustedPct).toBeCloseTo(-50 - 15, 10);
    expect(b.luck.adjustedPct).toBeCloseTo(65, 10);
    expect(a.luck.rollsWithLuck).toBe(2);
    expect(a.luck.rollsPlayed).toBe(3);
    expect(a.luck.coveragePct).toBeCloseTo((100 * 2) / 3, 10);
    // error gap: L(opponent) − L(player); seat 0 lost 2 × 0.05 × 0.5, seat 1 0.05 × 0.5
    expect(a.luck.errorGapPct).toBeCloseTo(100 * (0.025 - 0.05), 10);
  });

  test('no roll with luck: A is not given', () => {
    const m = matchOf([checker([0, -0.05], 1, null, { matchLength: 1 })], { matchLength: 1 }, { points: 1 });
    const l = buildReview(m, met).reviews[0].luck;
    expect(l.adjustedPct).toBeNull();
    expect(l.reason).toBe('no luck in this file');
    expect(l.coveragePct).toBe(0);
  });
});
