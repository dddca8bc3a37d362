/**
 * Checker-play themes. Each decision is an XGID (board, side on roll, dice) with candidate plays, best first
 * (candidate i has equity −0.1·i). "P" = the board after the played move, "Q" after the best move. Plays are in
 * the mover's own numbering. X = side 0, O = side 1; "O 24:2" = two O checkers on O's own 24 = X's 1 point.
 */
import { describe, expect, it } from 'vitest';
import {
  BACK_DEPTH_MIN,
  BLUNDERDB_THEMES,
  backDepth,
  blotDeviation,
  CHECKER_THEMES,
  type CheckerThemeOptions,
  checkerThemes,
  crossovers,
  homeGaps,
  OUTER_HI,
  OUTER_LO,
  SPARE_SHIFT_MIN,
  sideDistance,
  stackSurplus,
} from '../../../src/classify/checker-themes.js';
import type { CheckerDecision } from '../../../src/model/types.js';
import { decision, play, pos } from './helpers.js';

/** Start position, X to play 3-1. */
const START31 = 'XGID=-b----E-C---eE---c-e----B-:0:0:1:31:0:0:0:0:10';

function tokens(d: CheckerDecision, opts?: CheckerThemeOptions): string[] {
  return checkerThemes(d, opts).themes.map((t) => t.token);
}
function theme(d: CheckerDecision, token: string, opts?: CheckerThemeOptions) {
  return checkerThemes(d, opts).themes.find((t) => t.token === token);
}

describe('token lists', () => {
  it('blunderDB four are a subset, in their own relative order', () => {
    expect(BLUNDERDB_THEMES).toEqual(['gammon', 'blots', 'point', 'passive']);
    const idx = BLUNDERDB_THEMES.map((t) => CHECKER_THEMES.indexOf(t));
    expect(idx.every((v, i) => v >= 0 && (i === 0 || v > idx[i - 1]!))).toBe(true);
    expect(CHECKER_THEMES.at(-1)).toBe('distribution');
  });
});

describe('status', () => {
  it('unscored when playedIndex is null', () => {
    const r = checkerThemes(decision(START31, ['8/5 6/5', '13/10 24/23'], null));
    expect(r).toEqual({ status: 'unscored', themes: [], primary: null, costMp: null });
  });
  it('no-error when the best move was played', () => {
    const r = checkerThemes(decision(START31, ['8/5 6/5', '13/10 24/23'], 0));
    expect(r.status).toBe('no-error');
    expect(r.primary).toBeNull();
  });
  it('no-error when the played candidate leaves the same board', () => {
    const r = checkerThemes(decision(START31, ['8/5 6/5', '6/5 8/5'], 1));
    expect(r.status).toBe('no-error');
    expect(r.themes).toEqual([]);
  });
  it('unreadable when a play cannot be applied', () => {
    const d = decision(START31, ['8/5 6/5', '13/10 24/23'], 1);
    const bad = { ...d, candidates: [d.candidates[0]!, { play: play('10/7 2/1'), equity: -0.1 }] };
    expect(checkerThemes(bad).status).toBe('unreadable');
  });
  it('silence threshold: off by default; with minCostMp 60, 59 mp is silent and 60 mp is not', () => {
    // 13/9 vs 8/5 6/5 → point (1 vs 2 home points) regardless of cost.
    const d59 = decision(START31, ['8/5 6/5', '13/9'], 1, [0, -0.059]);
    expect(checkerThemes(d59).status).toBe('themed');
    expect(checkerThemes(d59, { minCostMp: 60 })).toMatchObject({ status: 'below-threshold', costMp: 59 });
    const d60 = decision(START31, ['8/5 6/5', '13/9'], 1, [0, -0.06]);
    expect(checkerThemes(d60, { minCostMp: 60 })).toMatchObject({ status: 'themed', costMp: 60 });
  });
});

describe('blunderDB themes', () => {
  it('blots: played − best ≥ 2', () => {
    // P = 13/10 24/23: blots on 10, 23, 24 = 3; Q = 8/5 6/5: 0 → 3 − 0 ≥ 2.
    expect(theme(decision(START31, ['8/5 6/5', '13/10 24/23'], 1), 'blots')).toEqual({
      token: 'blots',
      played: 3,
      best: 0,
    });
    // P = 24/20: blots 24, 20 = 2 → exactly 2 → fires.
    expect(tokens(decision(START31, ['8/5 6/5', '24/20'], 1))).toContain('blots');
    // P = 13/9: one blot → 1 − 0 < 2 → no.
    expect(tokens(decision(START31, ['8/5 6/5', '13/9'], 1))).not.toContain('blots');
  });
  it('point: best has more made home points', () => {
    // Q home points {6, 5} = 2; P = 13/9 → {6} = 1.
    expect(theme(decision(START31, ['8/5 6/5', '13/9'], 1), 'point')).toEqual({
      token: 'point',
      played: 1,
      best: 2,
    });
    // Same count (Q 13/10 24/23 {6}, P 13/9 {6}) → no.
    expect(tokens(decision(START31, ['13/10 24/23', '13/9'], 1))).not.toContain('point');
  });
  it('gammon: needs probabilities; fires when best − played gammon chances round to ≥ 4 points', () => {
    const d = decision(START31, ['8/5 6/5', '13/9'], 1);
    expect(tokens(d)).not.toContain('gammon');
    // 20 % vs 16 % → 4 → fires, and gammon is the primary theme.
    const r = checkerThemes(d, {
      probabilities: [
        { win: 0.5, gammon: 0.2 },
        { win: 0.5, gammon: 0.16 },
      ],
    });
    expect(r.primary?.token).toBe('gammon');
    expect(r.primary?.detail).toEqual({ swing: 4 });
    // 20 % vs 17 % → 3 → no.
    const r3 = checkerThemes(d, {
      probabilities: [
        { win: 0.5, gammon: 0.2 },
        { win: 0.5, gammon: 0.17 },
      ],
    });
    expect(r3.themes.map((t) => t.token)).not.toContain('gammon');
  });
  it('passive: best has more blots and ≥ 3 points more wins', () => {
    // Q = 13/10 24/23 (3 blots), P = 8/5 6/5 (0 blots).
    const d = decision(START31, ['13/10 24/23', '8/5 6/5'], 1);
    const p = (w: number) => ({
      probabilities: [
        { win: 0.52, gammon: 0.1 },
        { win: w, gammon: 0.1 },
      ],
    });
    // 52 − 49 = 3 → fires.
    expect(theme(d, 'passive', p(0.49))).toEqual({
      token: 'passive',
      played: 0,
      best: 3,
      detail: { swing: 3 },
    });
    // 52 − 50 = 2 → no.
    expect(tokens(d, p(0.5))).not.toContain('passive');
    // No probabilities → never.
    expect(tokens(d)).not.toContain('passive');
  });
});

describe('hits', () => {
  // X at the start; O blots on its 24 (X's 1) and its 20 (X's 5). X to play 3-1.
  const HIT = 'XGID=-a---aE-C---eE---c-e----B-:0:0:1:31:0:0:0:0:10';
  it('missed-hit: the best hits, the played does not', () => {
    // Q = 8/5* 6/5 sends 1 O checker to the bar; P = 13/10 24/23 none.
    const r = checkerThemes(decision(HIT, ['8/5* 6/5', '13/10 24/23'], 1));
    expect(r.primary).toEqual({ token: 'missed-hit', played: 0, best: 1 });
  });
  it('needless-hit: the played hits, the best does not', () => {
    expect(theme(decision(HIT, ['13/10 24/23', '8/5* 6/5'], 1), 'needless-hit')).toEqual({
      token: 'needless-hit',
      played: 1,
      best: 0,
    });
  });
  it('boundary: both hit once → neither', () => {
    // P = 6/5*/2 hits once too.
    const t = tokens(decision(HIT, ['8/5* 6/5', '6/5*/2'], 1));
    expect(t).not.toContain('missed-hit');
    expect(t).not.toContain('needless-hit');
  });
  it('missed double hit: best hits 2, played 1', () => {
    // O blots on X's 3 and 5: Q = 6/3* 6/5* hits both; P = 8/5* 6/5 hits one.
    const d = decision('XGID=---a-aE-C---eE---c-e----B-:0:0:1:31:0:0:0:0:10', ['6/3* 6/5*', '8/5* 6/5'], 1);
    expect(theme(d, 'missed-hit')).toEqual({ token: 'missed-hit', played: 1, best: 2 });
  });
  it('side 1 on roll (mirror of missed-hit)', () => {
    // O at the start, X blots on X 24 and X 20 (O's 1 and 5). O plays 3-1 in its own numbering.
    const d = decision(
      'XGID=-b----E-C---eE---c-eA---A-:0:0:-1:31:0:0:0:0:10',
      ['8/5* 6/5', '13/10 24/23'],
      1,
    );
    expect(checkerThemes(d).primary).toEqual({ token: 'missed-hit', played: 0, best: 1 });
  });
});

describe('exposure / too-safe (k = 6 shots)', () => {
  // X 24:4 23:4 22:4 12:1 11:2; O 24:2 (X's 1) and home. X plays 2-1.
  const LAB = 'XGID=-b---------BA------eddDDD-:0:0:1:21:0:0:0:0:10';
  it('exposure: 6 − 0 ≥ 6 fires', () => {
    // P = 12/9: blot on 9, 8 away from O's anchor → 6 shots. Q = 12/11 24/22: no blot → 0.
    expect(theme(decision(LAB, ['12/11 24/22', '12/9'], 1), 'exposure')).toEqual({
      token: 'exposure',
      played: 6,
      best: 0,
    });
  });
  it('exposure: 5 − 0 < 6 does not', () => {
    // P = 12/10 24/23: blot on 10, 9 away → 5 shots.
    expect(tokens(decision(LAB, ['12/11 24/22', '12/10 24/23'], 1))).not.toContain('exposure');
    // …unless the caller lowers k to 5.
    expect(tokens(decision(LAB, ['12/11 24/22', '12/10 24/23'], 1), { exposureMin: 5 })).toContain(
      'exposure',
    );
  });
  it('too-safe: best leaves ≥ 6 more shots', () => {
    expect(theme(decision(LAB, ['12/9', '12/11 24/22'], 1), 'too-safe')).toEqual({
      token: 'too-safe',
      played: 0,
      best: 6,
    });
    expect(tokens(decision(LAB, ['12/10 24/23', '12/11 24/22'], 1))).not.toContain('too-safe');
  });
});

describe('points and anchors', () => {
  it('missed-point: the best makes a point on 1..7 the played does not (bar point, not a home point)', () => {
    // Start 6-1: Q = 13/7 8/7 makes the 7; P = 24/23 13/7 does not. Home points equal → no `point`.
    const d = decision('XGID=-b----E-C---eE---c-e----B-:0:0:1:61:0:0:0:0:10', ['13/7 8/7', '24/23 13/7'], 1);
    expect(theme(d, 'missed-point')).toEqual({
      token: 'missed-point',
      played: 1,
      best: 2,
      detail: { point: 7 },
    });
    expect(tokens(d)).not.toContain('point');
  });
  it('broken-point: played breaks a point the best keeps (a point made before is never "missed")', () => {
    // X 6:4 5:2 8:3 13:4 24:2, 1-1. P = 5/4(2) 24/23(2) breaks the 5, makes the 4; Q = 6/5(2) 24/23(2).
    // Home points P {6,4} = Q {6,5} = 2 → no `point`; the 5 was made before → not missed-point.
    const d = decision(
      'XGID=-b---BD-C---eD---c-e----B-:0:0:1:11:0:0:0:0:10',
      ['6/5(2) 24/23(2)', '5/4(2) 24/23(2)'],
      1,
    );
    const t = tokens(d);
    expect(t).toContain('broken-point');
    expect(t).not.toContain('missed-point');
    expect(t).not.toContain('point');
    expect(theme(d, 'broken-point')?.detail).toEqual({ point: 5 });
  });
  it('missed-anchor: the best makes an anchor (19..24) the played does not', () => {
    // X 24:1 22:1, 2-1: Q = 24/22 6/5 makes the 22 anchor; P = 13/11 6/5 does not.
    const A = 'XGID=-b----E-C---eE---c-e--A-A-:0:0:1:21:0:0:0:0:10';
    expect(theme(decision(A, ['24/22 6/5', '13/11 6/5'], 1), 'missed-anchor')).toEqual({
      token: 'missed-anchor',
      played: 0,
      best: 1,
      detail: { point: 22 },
    });
    // P = 24/22 8/7 makes it too → no.
    expect(tokens(decision(A, ['24/22 6/5', '24/22 8/7'], 1))).not.toContain('missed-anchor');
  });
  it('broken-anchor and ran-back / stayed-back', () => {
    const S65 = 'XGID=-b----E-C---eE---c-e----B-:0:0:1:65:0:0:0:0:10';
    // P = 24/13 breaks the 24 anchor, Q = 13/7 13/8 keeps it. Back checkers P 1 < Q 2 → ran-back.
    const d = decision(S65, ['13/7 13/8', '24/13'], 1);
    expect(theme(d, 'broken-anchor')).toEqual({
      token: 'broken-anchor',
      played: 0,
      best: 1,
      detail: { point: 24 },
    });
    expect(theme(d, 'ran-back')).toEqual({ token: 'ran-back', played: 1, best: 2 });
    // Q = 24/18 13/8 breaks it as well → no broken-anchor; back checkers P 1 (24), Q 1 (24) → no ran-back.
    const d2 = decision(S65, ['24/18 13/8', '24/13'], 1);
    expect(tokens(d2)).not.toContain('broken-anchor');
    expect(tokens(d2)).not.toContain('ran-back');
    expect(tokens(d2)).not.toContain('stayed-back'); // equal back checkers: the boundary of both rules
    // Reverse: P keeps both back (2) while Q ran one (1) → stayed-back.
    expect(theme(decision(S65, ['24/13', '13/7 13/8'], 1), 'stayed-back')).toEqual({
      token: 'stayed-back',
      played: 2,
      best: 1,
    });
  });
});

describe('primes (length ≥ 4)', () => {
  it('missed-prime: the best builds a 4-prime, longer than before and than the played', () => {
    // X 8:3 7:2 6:4 (prime 6..8 = 3). Q = 8/5 6/5 → 5..8 = 4; P = 13/10 24/23 → 3.
    const d = decision('XGID=-b----DBC---eD---c-e----B-:0:0:1:31:0:0:0:0:10', ['8/5 6/5', '13/10 24/23'], 1);
    expect(theme(d, 'missed-prime')).toEqual({
      token: 'missed-prime',
      played: 3,
      best: 4,
      detail: { before: 3 },
    });
    // No 7 point: Q = 8/5 6/5 → 5, 6 (+8) → longest 2 < 4 → no.
    const d2 = decision('XGID=-b----D-C---eF---c-e----B-:0:0:1:31:0:0:0:0:10', ['8/5 6/5', '13/10 24/23'], 1);
    expect(tokens(d2)).not.toContain('missed-prime');
  });
  it('broken-prime: the played shortens a ≥ 4 prime the best keeps', () => {
    // X 5..8 made (4). P = 8/2 8/7 → 5..7 = 3; Q = 13/7 24/23 → 4.
    const d = decision('XGID=-b---BCBB---eD---c-e----B-:0:0:1:61:0:0:0:0:10', ['13/7 24/23', '8/2 8/7'], 1);
    expect(theme(d, 'broken-prime')).toEqual({
      token: 'broken-prime',
      played: 3,
      best: 4,
      detail: { before: 4 },
    });
    // Prime of 3 before (6..8): not a prime → no.
    const d2 = decision('XGID=-b----CBB---eF---c-e----B-:0:0:1:61:0:0:0:0:10', ['13/7 24/23', '8/2 8/7'], 1);
    expect(tokens(d2)).not.toContain('broken-prime');
  });
});

describe('stacking (surplus beyond 3 per point, difference ≥ 2)', () => {
  const S21 = 'XGID=-b----E-C---eE---c-e----B-:0:0:1:21:0:0:0:0:10';
  it('fires at +3', () => {
    // Q = 13/11 6/5 → 13:4, 6:4 → 1 + 1 = 2. P = 8/6 8/7 → 6:6, 13:5 → 3 + 2 = 5.
    expect(theme(decision(S21, ['13/11 6/5', '8/6 8/7'], 1), 'stacking')).toEqual({
      token: 'stacking',
      played: 5,
      best: 2,
    });
  });
  it('does not fire at +1', () => {
    // P = 13/10 → 13:4, 6:5 → 1 + 2 = 3 vs 2.
    expect(tokens(decision(S21, ['13/11 6/5', '13/10'], 1))).not.toContain('stacking');
  });
  it('stackSurplus on the start position is 4 (two 5-stacks)', () => {
    expect(stackSurplus(pos(S21).board, 0)).toBe(4);
  });
});

describe('buried, missed-slot, builders (contact)', () => {
  // X 24:2 6:4 5:3 4:3 3:3 vs O 24:2 6:5 8:3 13:5, 2-1.
  const J = 'XGID=-b-CCCD-----e----c-e----B-:0:0:1:21:0:0:0:0:10';
  it('buried: the played puts more checkers on the 1 and 2 points', () => {
    // Q = 6/4 5/4 → none on 1..2; P = 4/2 3/2 → 2:2.
    expect(theme(decision(J, ['6/4 5/4', '4/2 3/2'], 1), 'buried')).toEqual({
      token: 'buried',
      played: 2,
      best: 0,
    });
    // P = 6/4 6/5 → 0 → no.
    expect(tokens(decision(J, ['6/4 5/4', '6/4 6/5'], 1))).not.toContain('buried');
  });
  const S21 = 'XGID=-b----E-C---eE---c-e----B-:0:0:1:21:0:0:0:0:10';
  it('missed-slot: the best slots a point of 4..7 the played leaves empty', () => {
    // Q = 13/11 6/5 slots the 5; P = 13/10 leaves it empty.
    expect(theme(decision(S21, ['13/11 6/5', '13/10'], 1), 'missed-slot')).toEqual({
      token: 'missed-slot',
      played: 0,
      best: 1,
      detail: { point: 5 },
    });
    // P = 24/22 6/5 has a checker on the 5 too → no.
    expect(tokens(decision(S21, ['13/11 6/5', '24/22 6/5'], 1))).not.toContain('missed-slot');
    // Q = 6/3 slots the 3 (outside 4..7) → no.
    expect(tokens(decision(S21, ['6/3', '13/10'], 1))).not.toContain('missed-slot');
  });
  it('builders: the best occupies more distinct points of 4..11', () => {
    // Q = 13/11 6/5 → 5, 6, 8, 11 = 4; P = 13/10 → 6, 8, 10 = 3.
    expect(theme(decision(S21, ['13/11 6/5', '13/10'], 1), 'builders')).toEqual({
      token: 'builders',
      played: 3,
      best: 4,
    });
    // P = 13/11 8/7 → 6, 7, 8, 11 = 4 → no.
    expect(tokens(decision(S21, ['13/11 6/5', '13/11 8/7'], 1))).not.toContain('builders');
  });
});

describe('came-home, stayed-out (outer board 7..12 vs home board 1..6, shift ≥ 1)', () => {
  const S52 = 'XGID=-b----E-C---eE---c-e----B-:0:0:1:52:0:0:0:0:10';
  it('constants', () => {
    expect([OUTER_LO, OUTER_HI, SPARE_SHIFT_MIN]).toEqual([7, 12, 1]);
  });
  it('came-home: the played move brings an outer-board checker home, the best keeps it out', () => {
    // Opening 5-2 (a reference-match error). P = 24/22 8/3: home 6:5 3:1 = 6, outer 8:2 = 2.
    // Q = 24/22 13/8: home 6:5 = 5, outer 8:4 = 4. Home +1 ≥ 1 and outer −2 ≤ −1 → fires; played 2, best 4.
    // Nothing else differs enough: blots P {24, 22, 3} = 3 vs Q {24, 22} = 2 (1 < 2), builders on 4..11
    // {6, 8} = 2 both, same back checkers.
    const r = checkerThemes(decision(S52, ['24/22 13/8', '24/22 8/3'], 1));
    expect(r.themes).toEqual([{ token: 'came-home', played: 2, best: 4, detail: { home: 1 } }]);
  });
  it('came-home at the threshold: home +1 and outer −1', () => {
    // P = 13/11 8/3: home 5 + 1 = 6, outer 8:2 11:1 = 3. Q = 24/22 13/8: home 5, outer 8:4 = 4.
    // (deep-back fires too: P keeps 24:2 = 12 deep, Q 24:1 22:1 = 10.)
    expect(theme(decision(S52, ['24/22 13/8', '13/11 8/3'], 1), 'came-home')).toEqual({
      token: 'came-home',
      played: 3,
      best: 4,
      detail: { home: 1 },
    });
  });
  it('came-home needs both shifts', () => {
    // Outer −1 but home 0: P = 24/22 13/8 (home 5, outer 8:4 = 4), Q = 13/11 13/8 (home 5, outer 8:4 11:1 = 5).
    expect(tokens(decision(S52, ['13/11 13/8', '24/22 13/8'], 1))).not.toContain('came-home');
    // Home +1 but outer 0: start 6-1, P = 13/7/6 (home 6, outer 8:3 = 3; the 7 is only passed through),
    // Q = 24/18 24/23 (home 5, outer 8:3 = 3).
    const S61 = 'XGID=-b----E-C---eE---c-e----B-:0:0:1:61:0:0:0:0:10';
    expect(tokens(decision(S61, ['24/18 24/23', '13/7/6'], 1))).not.toContain('came-home');
  });
  it('stayed-out: the played move keeps spares in the outer board, the best brings them home', () => {
    // A reference-match error. X 2:1 3:2 4:2 6:2 7:2 8:2 11:2 14:2, O anchored on X's 5, 4-2.
    // P = 14/10/8: home 2:1 3:2 4:2 6:2 = 7, outer 7:2 8:3 11:2 = 7.
    // Q = 8/6 8/4: home 2:1 3:2 4:3 6:3 = 9, outer 7:2 11:2 = 4. Home −2 ≤ −1 and outer +3 ≥ 1 → fires.
    const d = decision('XGID=--ABBbBBB--B--B----bbbeb--:0:0:1:42:0:0:0:7:10', ['8/6 8/4', '14/10 10/8'], 1);
    expect(checkerThemes(d).themes).toEqual([
      { token: 'stayed-out', played: 7, best: 4, detail: { home: -2 } },
    ]);
  });
  it('stayed-out at the threshold, and the boundaries', () => {
    // The came-home pair swapped: P = 24/22 13/8 (home 5, outer 4), Q = 13/11 8/3 (home 6, outer 3) → −1, +1.
    expect(theme(decision(S52, ['13/11 8/3', '24/22 13/8'], 1), 'stayed-out')).toEqual({
      token: 'stayed-out',
      played: 4,
      best: 3,
      detail: { home: -1 },
    });
    // Outer +1 but home 0: P = 13/11 13/8 (outer 5), Q = 24/22 13/8 (outer 4), both home 5 → no.
    expect(tokens(decision(S52, ['24/22 13/8', '13/11 13/8'], 1))).not.toContain('stayed-out');
    // Home −1 but outer 0: P = 24/18 24/23 (home 5, outer 3), Q = 13/7/6 (home 6, outer 3) → no.
    const S61 = 'XGID=-b----E-C---eE---c-e----B-:0:0:1:61:0:0:0:0:10';
    expect(tokens(decision(S61, ['13/7/6', '24/18 24/23'], 1))).not.toContain('stayed-out');
  });
  it('contact only: silent in a race', () => {
    // X 9:1 8:1, 4-3, no contact. P = 9/5 8/5: home +2, outer 0; Q = 9/2: outer 8:1 = 1. Would be came-home.
    const I3 = 'XGID=----DED-AA---------eee----:0:0:1:43:0:0:0:0:10';
    expect(tokens(decision(I3, ['9/2', '9/5 8/5'], 1))).not.toContain('came-home');
  });
});

describe('deep-back (as many back checkers, depth ≥ 1 more)', () => {
  const S43 = 'XGID=-b----E-C---eE---c-e----B-:0:0:1:43:0:0:0:0:10';
  it('backDepth: Σ (point − 18) over checkers on 19..24 and the bar (25)', () => {
    // Start: 24:2 → 2 × 6 = 12.
    expect(backDepth(pos(S43).board, 0)).toBe(12);
    // X 24:1 and 1 on the bar (a reference position): 6 + 7 = 13.
    expect(backDepth(pos('XGID=-b----E-C---dE---c-d--b-AA:0:0:1:42:0:0:0:0:10').board, 0)).toBe(13);
    expect(BACK_DEPTH_MIN).toBe(1);
  });
  it('fires: the best enters higher up, the played leaves its back checkers deeper', () => {
    // A reference-match error: X 24:1 + bar:1, 4-2. P = bar/23 13/9: back 24:1 23:1 → 6 + 5 = 11.
    // Q = bar/21 13/11: back 24:1 21:1 → 6 + 3 = 9. Both have 2 back checkers; 11 − 9 = 2 ≥ 1.
    const d = decision(
      'XGID=-b----E-C---dE---c-d--b-AA:0:0:1:42:0:0:0:0:10',
      ['bar/21 13/11', 'bar/23 13/9'],
      1,
    );
    expect(checkerThemes(d).themes).toEqual([
      { token: 'deep-back', played: 11, best: 9, detail: { back: 2 } },
    ]);
  });
  it('at the threshold (1) and below (0)', () => {
    // Opening 4-3: P = 24/21 13/9 → 24:1 21:1 = 6 + 3 = 9; Q = 24/20 13/10 → 24:1 20:1 = 6 + 2 = 8 → fires.
    expect(theme(decision(S43, ['24/20 13/10', '24/21 13/9'], 1), 'deep-back')).toEqual({
      token: 'deep-back',
      played: 9,
      best: 8,
      detail: { back: 2 },
    });
    // P = 24/20 13/10, Q = 24/20 6/3: both 24:1 20:1 = 8 → 8 − 8 = 0 → no.
    expect(tokens(decision(S43, ['24/20 6/3', '24/20 13/10'], 1))).not.toContain('deep-back');
    // Reverse (P = 24/20 13/10 = 8, Q = 24/21 13/9 = 9): the played is higher up → no.
    expect(tokens(decision(S43, ['24/21 13/9', '24/20 13/10'], 1))).not.toContain('deep-back');
  });
  it('needs as many back checkers (otherwise stayed-back / ran-back)', () => {
    // Start 6-5: P = 13/7 13/8 keeps 24:2 (depth 12, 2 back), Q = 24/13 (24:1 → 6, 1 back).
    const t = tokens(
      decision('XGID=-b----E-C---eE---c-e----B-:0:0:1:65:0:0:0:0:10', ['24/13', '13/7 13/8'], 1),
    );
    expect(t).toContain('stayed-back');
    expect(t).not.toContain('deep-back');
  });
});

describe('race themes (no contact before the move)', () => {
  it('wastage: the played puts more checkers on the 1..3 points', () => {
    // X 8:1 6:4 5:5 4:5, 2-1. Q = 8/5 → nothing on 1..3; P = 8/6 4/3 → 3:1. Gaps: P 2 (1, 2) < Q 3 → no gaps.
    const W = 'XGID=----EED-A----------eee----:0:0:1:21:0:0:0:0:10';
    const r = checkerThemes(decision(W, ['8/5', '8/6 4/3'], 1));
    expect(r.primary).toEqual({ token: 'wastage', played: 1, best: 0 });
    // P = 8/6 5/4 → 0 on 1..3 → no.
    expect(tokens(decision(W, ['8/5', '8/6 5/4'], 1))).not.toContain('wastage');
  });
  it('crossovers: the played leaves more quadrant crossings', () => {
    // X 14:1 12:1, 2-1. Q = 14/11 → 12 and 11 → 1 + 1 = 2; P = 12/9 → 14 (2) + 9 (1) = 3.
    const X = 'XGID=----DDE-----A-A----eee----:0:0:1:21:0:0:0:0:10';
    expect(checkerThemes(decision(X, ['14/11', '12/9'], 1)).primary).toEqual({
      token: 'crossovers',
      played: 3,
      best: 2,
    });
    // P = 14/12 6/5 → 12:2 → 2 → no.
    expect(tokens(decision(X, ['14/11', '14/12 6/5'], 1))).not.toContain('crossovers');
  });
  it('bearoff: the best bears off more checkers', () => {
    // X 6:3 5:3 4:3 3:3 2:3, 6-5: Q = 6/off 5/off (2 off), P = 6/off 6/1 (1 off); both use 11 pips.
    const d = decision(
      'XGID=--CCCCC------------eee----:0:0:1:65:0:0:0:0:10',
      ['6/off 5/off', '6/off 6/1'],
      1,
    );
    const r = checkerThemes(d);
    expect(r.primary).toEqual({ token: 'bearoff', played: 1, best: 2 });
    expect(r.themes.map((t) => t.token)).not.toContain('pips-wasted');
  });
  it('pips-wasted: the played removes fewer pips', () => {
    // X 6:1 4:1 2:13, 6-4: Q = 6/off 4/off → 26 pips left; P = 6/2 4/off (the 6 bears off from the 4) → 28.
    const d = decision(
      'XGID=--M-A-A------------eee----:0:0:1:64:0:0:0:0:10',
      ['6/off 4/off', '6/2 4/off'],
      1,
    );
    expect(theme(d, 'pips-wasted')).toEqual({ token: 'pips-wasted', played: 28, best: 26 });
    expect(theme(d, 'bearoff')).toEqual({ token: 'bearoff', played: 1, best: 2 });
  });
  it('checkers-outside: the played leaves more checkers outside home', () => {
    // X 9:1 8:1, 4-3: Q = 9/5 8/5 (0 outside), P = 9/2 (the 8 stays out → 1).
    const I3 = 'XGID=----DED-AA---------eee----:0:0:1:43:0:0:0:0:10';
    expect(theme(decision(I3, ['9/5 8/5', '9/2'], 1), 'checkers-outside')).toEqual({
      token: 'checkers-outside',
      played: 1,
      best: 0,
    });
    // P = 9/6 8/4 also brings both in (0 vs 0) → no; nothing else differs → distribution fallback.
    const r = checkerThemes(decision(I3, ['9/5 8/5', '9/6 8/4'], 1));
    expect(r.themes.map((t) => t.token)).toEqual(['distribution']);
    // Q 4:4 5:7 6:4, P 4:5 5:5 6:5: prefix sums differ by 1 at bins 4 and 5 → distance 2.
    expect(r.primary).toEqual({
      token: 'distribution',
      played: 2,
      best: 0,
      detail: { home: 0, outfield: 0, back: 0 },
    });
  });
  it('gaps: the played opens a gap below the highest home point', () => {
    // X 6:2 5:3 4:3 3:3 2:2 1:2, 2-1. Q = 6/4 6/5 → top 5, no gap. P = 2/off 2/1 → the 2 empties → 1 gap.
    const I4 = 'XGID=-BBCCCB------------eee----:0:0:1:21:0:0:0:0:10';
    expect(theme(decision(I4, ['6/4 6/5', '2/off 2/1'], 1), 'gaps')).toEqual({
      token: 'gaps',
      played: 1,
      best: 0,
    });
    // P = 6/4 2/1 keeps a checker on 2 → 0 gaps → no.
    expect(tokens(decision(I4, ['6/4 6/5', '6/4 2/1'], 1))).not.toContain('gaps');
  });
  it('contact themes stay silent in a race', () => {
    const I4 = 'XGID=-BBCCCB------------eee----:0:0:1:21:0:0:0:0:10';
    const t = tokens(decision(I4, ['6/4 6/5', '2/off 2/1'], 1));
    for (const c of ['exposure', 'missed-point', 'broken-point', 'ran-back', 'stayed-back']) {
      expect(t).not.toContain(c);
    }
  });
  it('crossovers on the start position = 19', () => {
    // 24:2 → 3 each = 6; 13:5 → 2 each = 10; 8:3 → 1 each = 3; 6:5 → 0.
    expect(crossovers(pos(START31).board, 0)).toBe(19);
  });
  it('homeGaps counts empty points below the highest occupied home point', () => {
    // X 6:3 5:3 4:3 3:3 2:3 → top 6, point 1 empty → 1.
    expect(homeGaps(pos('XGID=--CCCCC------------eee----:0:0:1:65:0:0:0:0:10').board, 0)).toBe(1);
  });
});

describe('fallback and priority', () => {
  // X 24:2 6:4 5:3 4:3 3:3 vs O 24:2 6:5 8:3 13:5 (contact), 2-1.
  const J = 'XGID=-b-CCCD-----e----c-e----B-:0:0:1:21:0:0:0:0:10';
  it('distribution: nothing else differs', () => {
    // Q = 6/4 5/4 → 3:3 4:5 5:2 6:3; P = 6/5 6/4 → 3:3 4:4 5:4 6:2. Same made points, no blots, surplus
    // 2 vs 2. Prefix sums from the ace: 3/3, 8/7, 10/11, 13/13 → distance 2.
    const r = checkerThemes(decision(J, ['6/4 5/4', '6/5 6/4'], 1));
    expect(r.status).toBe('themed');
    expect(r.themes).toEqual([
      { token: 'distribution', played: 2, best: 0, detail: { home: 0, outfield: 0, back: 0 } },
    ]);
  });
  it('fallback: false → unthemed', () => {
    const r = checkerThemes(decision(J, ['6/4 5/4', '6/5 6/4'], 1), { fallback: false });
    expect(r).toMatchObject({ status: 'unthemed', themes: [], primary: null });
  });
  it('themes are listed in priority order and primary is the first', () => {
    // Start 6-1, P = 24/23 13/7: blots (24, 23, 7 = 3 vs 0), exposure (Q leaves no blot → 0 shots, P's
    // blots are within direct range), missed-point (7), broken-anchor (24); Q = 13/7 8/7.
    const r = checkerThemes(
      decision('XGID=-b----E-C---eE---c-e----B-:0:0:1:61:0:0:0:0:10', ['13/7 8/7', '24/23 13/7'], 1),
    );
    const t = r.themes.map((x) => x.token);
    expect(t).toEqual(['blots', 'exposure', 'missed-point', 'broken-anchor']);
    const order = t.map((x) => CHECKER_THEMES.indexOf(x as (typeof CHECKER_THEMES)[number]));
    expect(order).toEqual([...order].sort((a, b) => a - b));
    expect(r.primary?.token).toBe('blots');
  });
  it('sideDistance is 0 for the same board', () => {
    const b = pos(J).board;
    expect(sideDistance(b, b, 0)).toBe(0);
  });
});

describe('blotDeviation', () => {
  it('sign of blots(played) − blots(best)', () => {
    // P = 13/10 24/23 (3 blots) vs Q = 8/5 6/5 (0) → +1; reversed → −1.
    expect(blotDeviation(decision(START31, ['8/5 6/5', '13/10 24/23'], 1))).toBe(1);
    expect(blotDeviation(decision(START31, ['13/10 24/23', '8/5 6/5'], 1))).toBe(-1);
    // Q = 13/9 (blot on 9), P = 6/2 (blot on 2): 1 − 1 → 0.
    expect(blotDeviation(decision(START31, ['13/9', '6/2'], 1))).toBe(0);
  });
  it('0 when the best was played, null when unread', () => {
    expect(blotDeviation(decision(START31, ['8/5 6/5', '13/10 24/23'], 0))).toBe(0);
    expect(blotDeviation(decision(START31, ['8/5 6/5', '13/10 24/23'], null))).toBeNull();
    const d = decision(START31, ['8/5 6/5', '13/10 24/23'], 1);
    const bad = { ...d, candidates: [d.candidates[0]!, { play: play('10/7 2/1'), equity: -0.1 }] };
    expect(blotDeviation(bad)).toBeNull();
  });
});
