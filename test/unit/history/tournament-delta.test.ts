/**
 * Tournament review (spec/metrics.md §11): the Δ formula of src/metrics/tournament-delta.ts — σ of each side
 * from the upper half-width of its interval, SD(Δ) = √(σ_t² + σ_h²), Δ ± 1.96·SD, the verdict with its
 * 20-decision rule and its need for an interval on both sides — worked by hand on small made-up sides; and
 * the review's cells (src/history/tournament-review.ts): rank bands, pressure of a score, the habitual window,
 * and the one line for an unknown event (src/history/names.ts).
 */
import { describe, expect, it } from 'vitest';
import { unknownEventMessage } from '../../../src/history/names.js';
import { cellFigures, habitualWindow, sameEvent } from '../../../src/history/tournament-review.js';
import { pressureOf, rankBand } from '../../../src/metrics/review-cells.js';
import {
  DELTA_MIN_DECISIONS,
  sigmaFromUpper,
  tournamentDelta,
} from '../../../src/metrics/tournament-delta.js';
import type { Decision } from '../../../src/model/types.js';

describe('tournamentDelta (spec §11)', () => {
  it('Δ, σ from the upper half-width, SD and the interval of a hand-worked pair', () => {
    // tournament PR 6 with high 7.96: σ_t = (7.96 − 6)/1.96 = 1; habitual PR 4 with high 4.98: σ_h = 0.98/1.96 = 0.5
    const d = tournamentDelta(
      { value: 6, high: 7.96, decisions: 100 },
      { value: 4, high: 4.98, decisions: 500 },
    );
    expect(d.delta).toBeCloseTo(2, 12);
    expect(d.sigmaTournament).toBeCloseTo(1, 12);
    expect(d.sigmaHabitual).toBeCloseTo(0.5, 12);
    // SD = √(1² + 0.5²) = √1.25 ≈ 1.118034; half-width 1.96 × 1.118034 ≈ 2.191347
    expect(d.sd).toBeCloseTo(Math.sqrt(1.25), 12);
    expect(d.low).toBeCloseTo(2 - 1.96 * Math.sqrt(1.25), 12);
    expect(d.high).toBeCloseTo(2 + 1.96 * Math.sqrt(1.25), 12);
    expect(d.low).toBeCloseTo(-0.191347, 5);
    // the interval holds 0
    expect(d.verdict).toBe('as usual');
    expect(d.reason).toBeNull();
  });

  it('worse when the low bound is above 0, better when the high bound is below 0', () => {
    // both σ = 0.98/1.96 = 0.5 → SD = √0.5 ≈ 0.707107, half-width 1.96 × 0.707107 ≈ 1.385929
    const half = 1.96 * Math.sqrt(0.5);
    const high = { value: 8, high: 8.98, decisions: 200 };
    const low = { value: 4, high: 4.98, decisions: 200 };
    const worse = tournamentDelta(high, low);
    expect(worse.delta).toBeCloseTo(4, 12);
    expect(worse.low).toBeCloseTo(4 - half, 12); // ≈ 2.614 > 0
    expect(worse.verdict).toBe('worse');
    const better = tournamentDelta(low, high);
    expect(better.delta).toBeCloseTo(-4, 12);
    expect(better.high).toBeCloseTo(-4 + half, 12); // ≈ −2.614 < 0
    expect(better.verdict).toBe('better');
  });

  it('σ comes from the upper half-width, not from a low bound floored at 0', () => {
    // value 1, interval [0, 3.94] (the low bound floored at 0 from 1 − 2.94): σ = (3.94 − 1)/1.96 = 1.5
    expect(sigmaFromUpper(1, 3.94)).toBeCloseTo(1.5, 12);
    const d = tournamentDelta(
      { value: 1, high: 3.94, decisions: 50 },
      { value: 1, high: 1.98, decisions: 50 },
    );
    // σ_h = 0.98/1.96 = 0.5; SD = √(1.5² + 0.5²) = √2.5
    expect(d.sd).toBeCloseTo(Math.sqrt(2.5), 12);
  });

  it('the 20-decision rule: a clear Δ with 19 decisions on a side is an insufficient sample, 20 is enough', () => {
    expect(DELTA_MIN_DECISIONS).toBe(20);
    const h = { value: 4, high: 4.98, decisions: 500 };
    const few = tournamentDelta({ value: 8, high: 8.98, decisions: 19 }, h);
    expect(few.verdict).toBe('insufficient sample');
    expect(few.reason).toBe('fewer than 20 decisions in the tournament');
    // the figures are still given
    expect(few.delta).toBeCloseTo(4, 12);
    expect(few.low).toBeCloseTo(4 - 1.96 * Math.sqrt(0.5), 12);
    expect(tournamentDelta({ value: 8, high: 8.98, decisions: 20 }, h).verdict).toBe('worse');
    const habitualFew = tournamentDelta({ value: 8, high: 8.98, decisions: 200 }, { ...h, decisions: 19 });
    expect(habitualFew.verdict).toBe('insufficient sample');
    expect(habitualFew.reason).toBe('fewer than 20 decisions in the habitual level');
  });

  it('no interval on a side: Δ given, no SD, no bounds, insufficient sample', () => {
    const d = tournamentDelta(
      { value: 5, high: null, decisions: 300 },
      { value: 4, high: 4.98, decisions: 500 },
    );
    expect(d.delta).toBeCloseTo(1, 12);
    expect(d.sigmaTournament).toBeNull();
    expect(d.sigmaHabitual).toBeCloseTo(0.5, 12);
    expect([d.sd, d.low, d.high]).toEqual([null, null, null]);
    expect(d.verdict).toBe('insufficient sample');
    expect(d.reason).toBe('no interval on the tournament side');
    const h = tournamentDelta(
      { value: 5, high: 5.98, decisions: 300 },
      { value: 4, high: null, decisions: 500 },
    );
    expect(h.reason).toBe('no interval on the habitual side');
  });

  it('no figure on a side: no Δ at all', () => {
    const d = tournamentDelta(
      { value: 5, high: 5.98, decisions: 300 },
      { value: null, high: null, decisions: 0 },
    );
    expect([d.delta, d.sd, d.low, d.high]).toEqual([null, null, null, null]);
    expect(d.verdict).toBe('insufficient sample');
    expect(d.reason).toBe('no habitual figure');
  });
});

describe('the cells of the review', () => {
  it('rank bands 1–30, 31–60, 61–90, 91+', () => {
    expect([1, 30, 31, 60, 61, 90, 91, 500].map(rankBand)).toEqual([0, 0, 1, 1, 2, 2, 3, 3]);
  });

  it('pressure: Crawford game, DMP, post-Crawford non-DMP, other', () => {
    const at = (matchLength: number, score: [number, number], crawfordGame: boolean): Decision =>
      ({ kind: 'checker', player: 0, matchLength, score, crawfordGame }) as unknown as Decision;
    // 7 points: 6–6 outside the Crawford game is DMP (both 1-away)
    expect(pressureOf(at(7, [6, 6], false))).toBe('dmp');
    // 6–3: the leader 1-away; in the Crawford game, then after it
    expect(pressureOf(at(7, [6, 3], true))).toBe('crawford');
    expect(pressureOf(at(7, [3, 6], false))).toBe('postCrawford');
    expect(pressureOf(at(7, [4, 3], false))).toBe('other');
    // money play has no score
    expect(pressureOf(at(0, [0, 0], false))).toBe('other');
  });

  it('a cell: PR = 500 × Σe / N over the matches, by-match interval from 3 matches', () => {
    // units (Σe, N): (0.1, 10), (0.2, 10), (0.3, 10) → PR = 500 × 0.6 / 30 = 10
    const c = cellFigures([
      { error: 0.1, decisions: 10 },
      { error: 0.2, decisions: 10 },
      { error: 0.3, decisions: 10 },
      { error: 0, decisions: 0 },
    ]);
    expect(c.matches).toBe(3);
    expect(c.decisions).toBe(30);
    expect(c.pr).toBeCloseTo(10, 12);
    // §5: R = 0.6/30 = 0.02 per decision; e − R·n = −0.1, 0, +0.1 → Σ² = 0.02; se = √(0.02 × 3/2) / 30 ≈ 0.0057735
    // → PR 10 ± 500 × 1.96 × 0.0057735 = 10 ± 5.658: [4.342, 15.658]
    const se = Math.sqrt((0.02 * 3) / 2) / 30;
    expect(c.prLow).toBeCloseTo(4.342, 3);
    expect(c.prLow).toBeCloseTo(500 * (0.02 - 1.96 * se), 10);
    expect(c.prHigh).toBeCloseTo(500 * (0.02 + 1.96 * se), 10);
    // two matches: no interval
    const two = cellFigures([
      { error: 0.1, decisions: 10 },
      { error: 0.2, decisions: 10 },
    ]);
    expect([two.prLow, two.prHigh, two.prReason]).toEqual([null, null, 'fewer than 3 units']);
  });

  it('the habitual window: the 365 days before the tournament date, the day before included', () => {
    expect(habitualWindow('2023-09-06')).toEqual({ since: '2022-09-06', until: '2023-09-05' });
    // across 29 February 2024: 365 days before 1 March 2024 is 2 March 2023
    expect(habitualWindow('2024-03-01')).toEqual({ since: '2023-03-02', until: '2024-02-29' });
  });

  it('an event is named in any case, spaces around ignored; an unknown one names the closest', () => {
    expect(sameEvent(' Autumn Open ', 'autumn open')).toBe(true);
    expect(sameEvent('Autumn Open 2', 'autumn open')).toBe(false);
    expect(sameEvent(null, 'autumn open')).toBe(false);
    expect(unknownEventMessage('autum opn', ['Autumn Open', 'Online match'])).toBe(
      "no event 'autum opn' — did you mean 'Autumn Open'?",
    );
    expect(unknownEventMessage('Zz', ['A'])).toBe("no event 'Zz' (events: 'A')");
    expect(unknownEventMessage('Zz', [])).toBe("no event 'Zz' (no match has an event name)");
  });
});
