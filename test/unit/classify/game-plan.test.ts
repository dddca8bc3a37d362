/**
 * Game plan (classifier.md §1) and game phase (§1b). X = side 0 (upper case), O = side 1; "X 20:2" means
 * two X checkers on X's own point 20, "O 24:2" two O checkers on O's own point 24 (X's point 1).
 */
import { describe, expect, it } from 'vitest';
import {
  backmost,
  GAME_PHASES,
  GAME_PLANS,
  gamePhase,
  gamePlan,
  hasContact,
  longestPrime,
  madePoints,
} from '../../../src/classify/game-plan.js';
import { pos } from './helpers.js';

function plan(xgid: string) {
  const { board, side } = pos(xgid);
  return gamePlan(board, side);
}
function phase(xgid: string) {
  const { board, side } = pos(xgid);
  return gamePhase(board, side);
}

const START = 'XGID=-b----E-C---eE---c-e----B-:0:0:1:00:0:0:0:0:10';

describe('token lists', () => {
  it('has the ten plans in rule order and the four phases', () => {
    expect(GAME_PLANS).toEqual([
      'race',
      'bearin',
      'crunch',
      'backgame',
      'acepoint',
      'blitz',
      'primevprime',
      'mutualholding',
      'holding',
      'contact',
    ]);
    expect(GAME_PHASES).toEqual(['opening', 'middlegame', 'race', 'bearoff']);
  });
});

describe('helpers', () => {
  it('backmost, contact, made points, longest prime on the start position', () => {
    const { board } = pos(START);
    // Both sides' rearmost checkers are on their own 24: 24 + 24 ≥ 25 → contact.
    expect(backmost(board, 0)).toBe(24);
    expect(backmost(board, 1)).toBe(24);
    expect(hasContact(board)).toBe(true);
    // X made points 6, 8, 13, 24; home 1..6 → 1; longest run 1.
    expect(madePoints(board, 0, 1, 24)).toBe(4);
    expect(madePoints(board, 0, 1, 6)).toBe(1);
    expect(longestPrime(board, 0)).toBe(1);
  });
  it('a checker on the bar is the rearmost (25)', () => {
    // O 1 on the bar.
    const { board } = pos('XGID=ab--BBC-C---dE---c-e------:0:0:1:00:0:0:0:0:10');
    expect(backmost(board, 1)).toBe(25);
  });
});

describe('gamePlan rules', () => {
  it('race: no contact', () => {
    // X 6:5 5:5 4:5, O 6:5 5:5 4:5: backmost 6 + 6 = 12 < 25.
    expect(plan('XGID=----EEE------------eee----:0:0:1:00:0:0:0:0:10')).toBe('race');
  });
  it('race boundary: backmost sum 24 is a race, 26 is contact', () => {
    // X rearmost on 12, O rearmost on its 12 (X's 13): 12 + 12 = 24 < 25 → crossed → race.
    expect(plan('XGID=----DEE-----Aa-----eed----:0:0:1:00:0:0:0:0:10')).toBe('race');
    // X on 13, O on its 13 (X's 12): 13 + 13 = 26 → contact; not race.
    expect(plan('XGID=----DEE-----aA-----eed----:0:0:1:00:0:0:0:0:10')).not.toBe('race');
  });
  it('bearin: all X home and O holds an anchor in X home', () => {
    // X 6:4 5:4 4:3 3:2 2:2 (backmost 6), O 24:2 = an anchor on X's 1 point.
    expect(plan('XGID=-bBBCDD------------edd----:0:0:1:00:0:0:0:0:10')).toBe('bearin');
  });
  it('bearin boundary: an O blot is no anchor; an X checker on 7 is not home', () => {
    // O 24:1 only: not bearin; X 3+ home points (6,5,4,3,2) and an O blot in X's home → blitz.
    expect(plan('XGID=-aBBCDD------------eed----:0:0:1:00:0:0:0:0:10')).toBe('blitz');
    // X 7:1 6:3 5:4 4:3 3:2 2:2 → backmost 7 > 6: not bearin; active 15; no X anchor; O has no blot or bar
    // checker (no blitz); X prime 2..6 = 5 but O's 4..6 = 3 (no primevprime); no X anchor on 18..21 → contact.
    expect(plan('XGID=-bBBCDCA-----------edd----:0:0:1:00:0:0:0:0:10')).toBe('contact');
  });
  it('crunch: at most 6 active checkers (points 3..24 and bar)', () => {
    // X 1:5 2:4 6:2 13:2 20:2 → active 6:2 + 13:2 + 20:2 = 6 → crunch (before the anchor rules).
    expect(plan('XGID=-ED---B-----eB---cbeB-----:0:0:1:00:0:0:0:0:10')).toBe('crunch');
    // X 1:5 2:3 6:3 13:2 20:2 → active 7 → not crunch; anchor 20 ∈ 18..21, O none on its 18..21 → holding.
    expect(plan('XGID=-EC---C-----eB---cbeB-----:0:0:1:00:0:0:0:0:10')).toBe('holding');
  });
  it('backgame: two X anchors in O home (19..24)', () => {
    // X 24:2 22:2 → 2 anchors.
    expect(plan('XGID=-b----C-C---eE---c-e--B-B-:0:0:1:00:0:0:0:0:10')).toBe('backgame');
    // X 22:2 only (one anchor, not on 24) → not backgame nor acepoint → contact.
    expect(plan('XGID=-----bE-C---eE---c-e--B---:0:0:1:00:0:0:0:0:10')).toBe('contact');
  });
  it('acepoint: only anchor on 24 and ≥ 20 pips behind (boundary 20 / 19)', () => {
    // X = start: 167 pips. O 6:5 8:3 13:5 14:2 = 30 + 24 + 65 + 28 = 147 → deficit 20 → acepoint.
    expect(plan('XGID=------E-C--beE---c-e----B-:0:0:1:00:0:0:0:0:10')).toBe('acepoint');
    // O 14:1 15:1 instead → 148 → deficit 19 → no; X home points 1 → no blitz → contact.
    expect(plan('XGID=------E-C-aaeE---c-e----B-:0:0:1:00:0:0:0:0:10')).toBe('contact');
  });
  it('acepoint for side 1 on roll (mirror)', () => {
    // O = start (167), X 6:5 8:3 13:5 14:2 = 147 → O is 20 behind with its only anchor on its 24.
    expect(plan('XGID=-b----E-C---eEB--c-e------:0:0:-1:00:0:0:0:0:10')).toBe('acepoint');
  });
  it('blitz: ≥ 3 home points and O on the bar or an O blot in X home', () => {
    // X 6:3 5:2 4:2 8:3 13:5 (home points 4,5,6), O 1 on the bar.
    expect(plan('XGID=ab--BBC-C---dE---c-e------:0:0:1:00:0:0:0:0:10')).toBe('blitz');
    // O 23:1 (X's 2 point) blot instead of the bar checker.
    expect(plan('XGID=-ba-BBC-C---dE---c-e------:0:0:1:00:0:0:0:0:10')).toBe('blitz');
    // No O target (bar empty, O 24:2 is made) → contact.
    expect(plan('XGID=-b--BBC-C---eE---c-e------:0:0:1:00:0:0:0:0:10')).toBe('contact');
    // Only 2 home points (6, 5) with O on the bar → contact.
    expect(plan('XGID=ab---BC-E---dE---c-e------:0:0:1:00:0:0:0:0:10')).toBe('contact');
  });
  it('primevprime: both primes ≥ 4 and both trapped', () => {
    // X 4..7 ×2, 13:5, 24:2; O the same in its numbering. LP 4 / 4; X's 4-point is ahead of O's 24 and O's
    // 4-point ahead of X's 24. One X anchor (24) but deficit 0 → not acepoint; no O blot → not blitz.
    expect(plan('XGID=-b--BBBB----eE----bbbb--B-:0:0:1:00:0:0:0:0:10')).toBe('primevprime');
    // O's 7 moved to 8: O longest prime 3 → contact.
    expect(plan('XGID=-b--BBBB----eE---b-bbb--B-:0:0:1:00:0:0:0:0:10')).toBe('contact');
    // X rearmost on 13 and O holds no point in front of it (O 14:1, 15:1 blots): X not trapped → contact.
    expect(plan('XGID=----BBBB--aa-G---ebbbb----:0:0:1:00:0:0:0:0:10')).toBe('contact');
  });
  it('holding / mutualholding: X anchor on 18..21', () => {
    // X 20:2, O no anchor on its 18..21 → holding.
    expect(plan('XGID=-b----E-C---eE---c-eB-----:0:0:1:00:0:0:0:0:10')).toBe('holding');
    // O 20:2 too → mutualholding.
    expect(plan('XGID=-----bE-C---eE---c-eB-----:0:0:1:00:0:0:0:0:10')).toBe('mutualholding');
    // X 18:2 (lower bound of the span) → holding; X 17:2 → outside the span → contact.
    expect(plan('XGID=-b----E-C---eE---cBe------:0:0:1:00:0:0:0:0:10')).toBe('holding');
    expect(plan('XGID=-b----E-C---eE--cB-e------:0:0:1:00:0:0:0:0:10')).toBe('contact');
    // Only O holds a high anchor (X anchor on 22) → the rule does not fire → contact.
    expect(plan('XGID=-----bE-C---eE---c-e--B---:0:0:1:00:0:0:0:0:10')).toBe('contact');
  });
  it('holding for side 1 on roll (mirror)', () => {
    // O 20:2 anchor, X no anchor on its 18..21 → holding for O.
    expect(plan('XGID=-----bE-C---eE---c-e----B-:0:0:-1:00:0:0:0:0:10')).toBe('holding');
  });
  it('contact: the opening position', () => {
    expect(plan(START)).toBe('contact');
  });
});

describe('gamePhase', () => {
  it('bearoff: no contact and everything home', () => {
    expect(phase('XGID=----EEE------------eee----:0:0:1:00:0:0:0:0:10')).toBe('bearoff');
  });
  it('race: no contact, a checker outside (X 7:1)', () => {
    expect(phase('XGID=----EEDA-----------eee----:0:0:1:00:0:0:0:0:10')).toBe('race');
  });
  it('the phase does not depend on the side on roll', () => {
    const { board } = pos('XGID=----EEDA-----------eee----:0:0:1:00:0:0:0:0:10');
    expect(gamePhase(board, 0)).toBe(gamePhase(board, 1));
  });
  it('opening: displacement ≤ 4 per side, bars empty, nothing off', () => {
    expect(phase(START)).toBe('opening');
    // X 13:1 7:4 → displaced max(0, 5 − 1) = 4 → opening.
    expect(phase('XGID=-b----EDC---eA---c-e----B-:0:0:1:00:0:0:0:0:10')).toBe('opening');
    // O moved 2 from its 6 to its 4 → O displaced 2 → opening.
    expect(phase('XGID=-b----E-C---eE---c-c-b--B-:0:0:1:00:0:0:0:0:10')).toBe('opening');
  });
  it('middlegame: 5 displaced, or a checker on the bar', () => {
    // X 7:5, 13:0 → displaced 5.
    expect(phase('XGID=-b----EEC---e----c-e----B-:0:0:1:00:0:0:0:0:10')).toBe('middlegame');
    // O 24:1 + 1 on the bar: displaced 1 but the bar is not empty.
    expect(phase('XGID=aa----E-C---eE---c-e----B-:0:0:1:00:0:0:0:0:10')).toBe('middlegame');
  });
  it('contact with every X checker home is never the opening', () => {
    // X 6:4 5:4 4:3 3:2 2:2, O 24:1 on X's 1 point → contact; X displaced 3 (8) + 5 (13) + 2 (24) + 1 (6) = 11.
    // (A checker borne off implies this: all 15 were home first.)
    expect(phase('XGID=-aBBCDD------------eed----:0:0:1:00:0:0:0:0:10')).toBe('middlegame');
  });
});
