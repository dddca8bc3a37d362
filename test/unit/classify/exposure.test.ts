/**
 * Blots and shots. Shot counts worked by hand from the standard table (distance 6 → 17 rolls: any 6 = 11,
 * 5-1 and 4-2 = 4, 3-3, 2-2) minus the rolls whose intermediate landing points are blocked.
 * X = side 0, O = side 1; "O 24:2" = two O checkers on O's own 24 = X's 1 point.
 */
import { describe, expect, it } from 'vitest';
import { blotPoints, blots, clearShotsCache, shots } from '../../../src/classify/exposure.js';
import { pos } from './helpers.js';

function board(xgid: string) {
  return pos(xgid).board;
}

describe('blots', () => {
  it('counts single checkers on 1..24, never the bar', () => {
    // X bar:1 7:1 6:5 13:5 8:3 → one blot (7); the bar checker does not count.
    const b = board('XGID=-b----EAC---eE---c-e-----A:0:0:1:00:0:0:0:0:10');
    expect(blots(b, 0)).toBe(1);
    expect(blotPoints(b, 0)).toEqual([7]);
    // O: 24:2 6:5 8:3 13:5 → none.
    expect(blots(b, 1)).toBe(0);
  });
  it('start position: no blots', () => {
    expect(blots(board('XGID=-b----E-C---eE---c-e----B-:0:0:1:00:0:0:0:0:10'), 0)).toBe(0);
  });
});

describe('shots', () => {
  it('no blot → 0', () => {
    expect(shots(board('XGID=-b----E-C---eE---c-e----B-:0:0:1:00:0:0:0:0:10'), 0)).toBe(0);
  });
  it('no contact → 0 even with a blot', () => {
    // X 6:4 5:5 4:5 3:1 vs O all home: no O checker behind the blot.
    const b = board('XGID=---AEED------------eee----:0:0:1:00:0:0:0:0:10');
    expect(blots(b, 0)).toBe(1);
    expect(shots(b, 0)).toBe(0);
  });
  it('blot 6 away from the O anchor on X 1: 17 shots', () => {
    // X blot on 7, O 24:2 (X's 1): distance 6. Any 6 (11) + 5-1 (2) + 4-2 (2) + 3-3 (1) + 2-2 (1) = 17.
    // X's other checkers (22..24, 11:2) are made points off every path.
    expect(shots(board('XGID=-b-----A---B-------eddDDD-:0:0:1:00:0:0:0:0:10'), 0)).toBe(17);
  });
  it('an X point on the way blocks a combination: 16 shots', () => {
    // Same with X 4:2: 3-3 must land on X's 4 → blocked; 2-2 lands on 3, 5, 7 → still hits → 16.
    expect(shots(board('XGID=-b--B--A---B-------eddBDD-:0:0:1:00:0:0:0:0:10'), 0)).toBe(16);
  });
  it('blots 8 and 9 away: 6 and 5 shots; 11 away: 2', () => {
    // X blot on 9 → distance 8: 6-2 (2), 5-3 (2), 4-4, 2-2 → 6.
    expect(shots(board('XGID=-b-------A-B-------eddDDD-:0:0:1:00:0:0:0:0:10'), 0)).toBe(6);
    // X blot on 10 → distance 9: 6-3 (2), 5-4 (2), 3-3 → 5.
    expect(shots(board('XGID=-b--------AB-------eddDDD-:0:0:1:00:0:0:0:0:10'), 0)).toBe(5);
    // X blot on 12, 11:2 → distance 11: 6-5 (2).
    expect(shots(board('XGID=-b---------BA------eddDDD-:0:0:1:21:0:0:0:0:10'), 0)).toBe(2);
  });
  it('from the bar: O must enter; blocked entry points remove combinations', () => {
    // O 1 on the bar, X blot on 3 (O enters with a 3 on it): any 3 (11) + 2-1 (2) + 1-1 (1) = 14.
    expect(shots(board('XGID=a--A-------B-------eedDDD-:0:0:1:00:0:0:0:0:10'), 0)).toBe(14);
    // X also holds its 1 and 2 points: 2-1 and 1-1 cannot enter → 11.
    expect(shots(board('XGID=aBBA---------------eedBDD-:0:0:1:00:0:0:0:0:10'), 0)).toBe(11);
  });
  it('side 1 blots are measured the same way (mirror)', () => {
    // Mirror of the 17-shot position: O blot on its 7 (X's 18), X 24:2 on O's 1 point → 17.
    expect(shots(board('XGID=-dddDDE-------b---a-----B-:0:0:-1:00:0:0:0:0:10'), 1)).toBe(17);
  });
  it('results are cached and the cache can be cleared', () => {
    const b = board('XGID=-b-----A---B-------eddDDD-:0:0:1:00:0:0:0:0:10');
    expect(shots(b, 0)).toBe(17);
    clearShotsCache();
    expect(shots(b, 0)).toBe(17);
  });
});
