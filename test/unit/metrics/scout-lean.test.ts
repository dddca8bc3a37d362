/**
 * The scout's rule (src/metrics/scout-lean.ts): which bias, which sign, when sure. The estimates are written
 * by hand (B and its bounds as `bdb biases` prints them), so each case is the rule and nothing else.
 */
import { describe, expect, it } from 'vitest';
import type { BiasEstimate, BiasVerdict } from '../../../src/metrics/bias-estimator.js';
import { scoutLean, scoutLeans } from '../../../src/metrics/scout-lean.js';

function est(
  n: number,
  bias: number | null,
  low: number | null,
  high: number | null,
  verdict: BiasVerdict,
): BiasEstimate {
  return { n, plus: 0, minus: 0, plusCostMpt: 0, minusCostMpt: 0, bias, low, high, verdict };
}

describe('scoutLean', () => {
  it('a sure lean only when the verdict is sure: the interval excludes 0 with at least 20 decisions', () => {
    expect(scoutLean('takePass', est(41, 0.12, 0.05, 0.19, 'too much'))).toMatchObject({
      lean: 'bold',
      certainty: 'sure',
    });
    expect(scoutLean('takePass', est(41, -0.12, -0.19, -0.05, 'not enough'))).toMatchObject({
      lean: 'cautious',
      certainty: 'sure',
    });
  });

  it('no lean when the interval holds 0, or with too few decisions (an interval off 0 included)', () => {
    expect(scoutLean('blots', est(60, 0.03, -0.02, 0.08, 'balanced'))).toMatchObject({
      lean: null,
      certainty: 'no sure lean',
    });
    // 5 decisions, all too bold: the interval is above 0 but 5 < 20 decisions
    expect(scoutLean('doubles', est(5, 1, 0.57, 1, 'insufficient'))).toMatchObject({
      lean: null,
      certainty: 'too few decisions',
    });
    expect(scoutLean('exposure', est(0, null, null, null, 'insufficient'))).toMatchObject({
      lean: null,
      certainty: 'too few decisions',
    });
  });
});

describe('scoutLeans', () => {
  it('the four overall biases always, the score cells only when sure (the others counted)', () => {
    const sure = est(30, -0.3, -0.5, -0.1, 'not enough');
    const small = est(4, 0.5, -0.2, 0.9, 'insufficient');
    const r = scoutLeans({
      takePass: est(10, 0, -0.3, 0.3, 'insufficient'),
      doubles: {
        overall: est(50, -0.2, -0.35, -0.05, 'not enough'),
        byScore: [
          { away: 2, opponentAway: 4, estimate: sure },
          { away: 3, opponentAway: 3, estimate: small },
        ],
      },
      blots: est(200, 0.01, -0.04, 0.06, 'balanced'),
      exposure: est(200, 0.1, 0.03, 0.17, 'too much'),
    });
    expect(r.leans.map((l) => [l.kind, l.cell, l.lean])).toEqual([
      ['takePass', null, null],
      ['doubles', null, 'cautious'],
      ['doubles', { away: 2, opponentAway: 4 }, 'cautious'],
      ['blots', null, null],
      ['exposure', null, 'bold'],
    ]);
    expect(r.cellsWithoutLean).toBe(1);
  });
});
