import { describe, expect, test } from 'vitest';
import { type StudyPlanInput, studyPlan } from '../../../src/metrics/study-plan.js';

let n = 0;
function m(
  plan: string,
  theme: string | null,
  loss: number | null,
  difficulty: number | null,
  error = 0.05,
  nature: 'checker' | 'cube' = 'checker',
): StudyPlanInput<number> {
  return { plan, nature, theme, error, loss, difficulty, ref: n++ };
}

describe('study plan (metrics.md §7)', () => {
  // family A: excesses 0.010, 0.020, 0.010, 0.015, 0.005 → R = 0.060
  // Σ(ℓ − d)² = 1e−4 + 4e−4 + 1e−4 + 2.25e−4 + 0.25e−4 = 8.5e−4; √ = 0.0291547595; ×1.96 = 0.0571433286
  const a = [
    m('blitz', 'blots', 0.012, 0.002),
    m('blitz', 'blots', 0.021, 0.001),
    m('blitz', 'blots', 0.011, 0.001),
    m('blitz', 'blots', 0.016, 0.001),
    m('blitz', 'blots', 0.006, 0.001),
  ];
  // family B: 6 members, excesses 0.02 and five of −0.001 → R = 0.015; Σ² = 4e−4 + 5e−6 = 4.05e−4;
  // √ = 0.0201246118, ×1.96 = 0.0394442391 → low < 0: tentative
  const b = [
    m('contact', 'point', 0.021, 0.001),
    ...Array.from({ length: 5 }, () => m('contact', 'point', 0, 0.001)),
  ];
  // family C: 4 members, every excess 0.05 → R = 0.2, low = 0.2 − 1.96 × 0.1 = 0.004 > 0, but < 5 scored
  const c = Array.from({ length: 4 }, () => m('race', 'offer_missed', 0.06, 0.01, 0.05, 'cube'));
  // family D: 6 members of which 1 unscored (money); 5 scored with excess 0.01 → R = 0.05,
  // Σ² = 5e−4, √ = 0.0223606798, ×1.96 = 0.0438269324 → low 0.0061730676 > 0: included
  const d = [
    ...Array.from({ length: 5 }, () => m('holding', 'gaps', 0.011, 0.001)),
    m('holding', 'gaps', null, null),
  ];
  const other = [
    m('blitz', null, 0.03, 0.001), // no theme: no family
    m('blitz', 'none', 0.03, 0.001),
    m('blitz', 'blots', 0.5, 0.001, 0.019), // below the 20 mpt threshold: not an error
  ];
  const plan = studyPlan([...a, ...b, ...c, ...d, ...other], 0.02);

  test('counts: errors, unthemed', () => {
    expect(plan.errors).toBe(5 + 6 + 4 + 6 + 2);
    expect(plan.unthemed).toBe(2);
  });

  test('families in the plan, ranked by low bound', () => {
    expect(plan.families.map((f) => f.theme)).toEqual(['gaps', 'blots']);
    const [fd, fa] = plan.families;
    expect(fa!.recoverable).toBeCloseTo(0.06, 12);
    expect(fa!.low).toBeCloseTo(0.06 - 0.0571433286, 9);
    expect(fa!.high).toBeCloseTo(0.06 + 0.0571433286, 9);
    expect(fa!.members).toBe(5);
    expect(fd!.low).toBeCloseTo(0.0061730676, 9);
    expect(fd).toMatchObject({ members: 6, scored: 5, unscored: 1, included: true });
  });

  test('tentative families by R, listed apart', () => {
    expect(plan.tentative.map((f) => f.theme)).toEqual(['offer_missed', 'point']);
    const [fc, fb] = plan.tentative;
    expect(fc!.recoverable).toBeCloseTo(0.2, 12);
    expect(fc!.low).toBeCloseTo(0.004, 9);
    expect(fc!.nature).toBe('cube');
    expect(fb!.recoverable).toBeCloseTo(0.015, 12);
    expect(fb!.low).toBeCloseTo(0.015 - 0.0394442391, 9);
  });

  test('members by excess, descending; unscored last', () => {
    const fa = plan.families[1]!;
    expect(fa.positions.map((p) => p.excess)).toEqual(
      [0.02, 0.015, 0.01, 0.01, 0.005].map((x) => expect.closeTo(x, 12)),
    );
    const fd = plan.families[0]!;
    expect(fd.positions.at(-1)!.excess).toBeNull();
  });

  test('members tied on excess keep the input order; the list reads like an array', () => {
    // family B: one excess 0.02, then five equal excesses (0 − 0.001) in the order they were given
    const fb = plan.tentative[1]!;
    const refs = b.map((x) => x.ref);
    expect(fb.positions.map((p) => p.ref)).toEqual(refs);
    expect([...fb.positions].map((p) => p.ref)).toEqual(refs);
    expect(fb.positions.slice(0, 2).map((p) => p.ref)).toEqual(refs.slice(0, 2));
    expect(fb.positions.slice(-2).map((p) => p.ref)).toEqual(refs.slice(-2));
    const { ref, error, loss, difficulty } = b[1]!;
    expect(fb.positions.at(1)).toEqual({ ref, error, loss, difficulty, excess: -0.001 });
    expect(fb.positions.at(6)).toBeUndefined();
    expect(fb.positions.length).toBe(6);
  });

  test('inputs read only in order (not by place) give the same plan', () => {
    const inputs = [...a, ...b, ...c, ...d, ...other];
    const once = studyPlan(
      (function* () {
        yield* inputs;
      })(),
      0.02,
    );
    const flat = (p: typeof plan): unknown =>
      [...p.families, ...p.tentative].map((f) => ({ ...f, positions: [...f.positions] }));
    expect(flat(once)).toEqual(flat(plan));
    expect(once.errors).toBe(plan.errors);
  });

  test('a family of unscored members only has no R (null, not 0)', () => {
    const p = studyPlan([m('race', 'blots', null, null)], 0.02);
    expect(p.tentative[0]).toMatchObject({ recoverable: null, low: null, high: null, included: false });
  });
});
