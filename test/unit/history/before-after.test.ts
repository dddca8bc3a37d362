/**
 * Before / after study (src/metrics/before-after.ts, spec/metrics.md §9): r = Σℓ/N per window,
 * Δ = r_before − r_after, Δ ± 1.96·√(Σℓ²_b/N²_b + Σℓ²_a/N²_a), the verdict with its 30-decision rule, all
 * in MWC points per 100 decisions (× 100 × 100). Expected values are worked from the spec's formula on small
 * hand-made sums. Also the study targets `bdb study mark` takes (src/library/study-marks.ts).
 */
import { describe, expect, it } from 'vitest';
import { parseStudyTarget } from '../../../src/library/study-marks.js';
import { beforeAfter, windowRate } from '../../../src/metrics/before-after.js';
import { familyText, parseFamilyText } from '../../../src/metrics/study-plan.js';

/** The spec's unit: fraction of MWC per decision × 100 (percentage points) × 100 (per 100 decisions). */
const UNIT = 100 * 100;

describe('beforeAfter (spec §9)', () => {
  it('r, Δ and the interval of a hand-worked pair of windows', () => {
    // before: 100 decisions, Σℓ = 0.02, Σℓ² = 0.0001 → r = 0.0002 per decision = 2 points per 100
    // after: 50 decisions, Σℓ = 0.005, Σℓ² = 0.00002 → r = 0.0001 per decision = 1 point per 100
    const b = { decisions: 100, loss: 0.02, lossSquares: 0.0001 };
    const a = { decisions: 50, loss: 0.005, lossSquares: 0.00002 };
    const r = beforeAfter(b, a);
    expect(r.rateBefore).toBeCloseTo(2, 12);
    expect(r.rateAfter).toBeCloseTo(1, 12);
    expect(r.delta).toBeCloseTo(1, 12);
    // √(0.0001/100² + 0.00002/50²) = √(1e-8 + 8e-9) = √1.8e-8 ≈ 1.3416e-4; × 1.96 × 10⁴ ≈ 2.6296
    const half = 1.96 * Math.sqrt(0.0001 / 100 ** 2 + 0.00002 / 50 ** 2) * UNIT;
    expect(half).toBeCloseTo(2.6296, 4);
    expect(r.low).toBeCloseTo(1 - half, 12);
    expect(r.high).toBeCloseTo(1 + half, 12);
    // the interval holds 0
    expect(r.verdict).toBe('undetermined');
  });

  it('improving when the low bound is above 0, regressing when the high bound is below 0', () => {
    // 20 errors of 0.01 in 200 decisions before, 2 of 0.01 in 200 after
    const many = { decisions: 200, loss: 20 * 0.01, lossSquares: 20 * 0.01 ** 2 };
    const few = { decisions: 200, loss: 2 * 0.01, lossSquares: 2 * 0.01 ** 2 };
    const half = 1.96 * Math.sqrt(0.002 / 200 ** 2 + 0.0002 / 200 ** 2) * UNIT; // ≈ 4.597
    const up = beforeAfter(many, few);
    expect(up.rateBefore).toBeCloseTo(10, 12);
    expect(up.rateAfter).toBeCloseTo(1, 12);
    expect(up.delta).toBeCloseTo(9, 12);
    expect(up.low).toBeCloseTo(9 - half, 12);
    expect(up.low!).toBeGreaterThan(0);
    expect(up.verdict).toBe('improving');
    const down = beforeAfter(few, many);
    expect(down.delta).toBeCloseTo(-9, 12);
    expect(down.high).toBeCloseTo(-9 + half, 12);
    expect(down.high!).toBeLessThan(0);
    expect(down.verdict).toBe('regressing');
  });

  it('fewer than 30 decisions in either window: insufficient, figures still given; 30 is enough', () => {
    const before29 = { decisions: 29, loss: 29 * 0.001, lossSquares: 0 };
    const before30 = { decisions: 30, loss: 30 * 0.001, lossSquares: 0 };
    const after = { decisions: 30, loss: 0, lossSquares: 0 };
    // zero variance: Δ = 10 (0.001 per decision = 10 points per 100), interval [10, 10]
    const short = beforeAfter(before29, after);
    expect(short.delta).toBeCloseTo(10, 12);
    expect(short.low).toBeCloseTo(10, 12);
    expect(short.verdict).toBe('insufficient');
    expect(beforeAfter(after, before29).verdict).toBe('insufficient');
    expect(beforeAfter(before30, after).verdict).toBe('improving');
    expect(beforeAfter(after, before30).verdict).toBe('regressing');
    // the rule takes its threshold as a parameter
    expect(beforeAfter(before29, after, 29).verdict).toBe('improving');
  });

  it('bounds are strict: an interval touching 0, or Δ = 0 with no spread, is undetermined', () => {
    const none = { decisions: 40, loss: 0, lossSquares: 0 };
    const r = beforeAfter(none, none);
    expect([r.delta, r.low, r.high, r.verdict]).toEqual([0, 0, 0, 'undetermined']);
    // one error of ℓ in 40 decisions before, none after: Δ = ℓ/40 and half = 1.96·ℓ/40 → low < 0
    const one = { decisions: 40, loss: 0.01, lossSquares: 0.0001 };
    const s = beforeAfter(one, none);
    expect(s.delta).toBeCloseTo((0.01 / 40) * UNIT, 12);
    expect(s.low).toBeCloseTo((0.01 / 40 - (1.96 * 0.01) / 40) * UNIT, 12);
    expect(s.verdict).toBe('undetermined');
  });

  it('a window without decision has no rate, and no Δ', () => {
    const empty = { decisions: 0, loss: 0, lossSquares: 0 };
    const some = { decisions: 50, loss: 0.01, lossSquares: 0.0001 };
    expect(windowRate(empty)).toBeNull();
    expect(windowRate(some)).toBeCloseTo((0.01 / 50) * UNIT, 12);
    for (const r of [beforeAfter(empty, some), beforeAfter(some, empty)]) {
      expect(r.delta).toBeNull();
      expect(r.low).toBeNull();
      expect(r.high).toBeNull();
      expect(r.verdict).toBe('insufficient');
    }
    expect(beforeAfter(empty, some).rateAfter).toBeCloseTo(2, 12);
  });
});

describe('study targets (the argument of bdb study mark)', () => {
  it('a family as bdb plan prints it, in any case', () => {
    expect(familyText({ plan: 'holding', nature: 'checker', theme: 'blots' })).toBe('holding/checker/blots');
    expect(parseFamilyText('Holding/Checker/Blots')).toEqual({
      plan: 'holding',
      nature: 'checker',
      theme: 'blots',
    });
    expect(parseFamilyText('blitz/cube/offer_missed')).toEqual({
      plan: 'blitz',
      nature: 'cube',
      theme: 'offer_missed',
    });
    expect(parseFamilyText('unknown/checker/gammon')?.plan).toBe('unknown');
    // unknown plan, nature or theme; a checker theme under cube; the fallback `distribution`
    for (const bad of [
      'holdin/checker/blots',
      'holding/chequer/blots',
      'holding/checker/x',
      'race/cube/blots',
    ])
      expect(parseFamilyText(bad), bad).toBeNull();
    expect(parseFamilyText('race/checker/distribution')).toBeNull();
    expect(parseStudyTarget('contact/checker/too-safe')).toEqual({
      target: 'contact/checker/too-safe',
      kind: 'family',
    });
  });

  it('an XGID (prefix and max cube added), a Position ID; anything else refused', () => {
    const start = 'XGID=-b----E-C---eE---c-e----B-:0:0:1:52:0:0:0:5:10';
    expect(parseStudyTarget(start)).toEqual({ target: start, kind: 'xgid' });
    expect(parseStudyTarget(` ${start.slice(5, -3)} `)).toEqual({ target: start, kind: 'xgid' });
    expect(parseStudyTarget('4HPwATDgc/ABMA')).toEqual({ target: '4HPwATDgc/ABMA', kind: 'position_id' });
    for (const bad of ['XGID=-b----E-C:0:0', 'nonsense', '4HPwATDgc/ABM', ''])
      expect(parseStudyTarget(bad)).toBeNull();
  });
});
