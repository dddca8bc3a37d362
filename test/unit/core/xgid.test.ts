import { describe, expect, it } from 'vitest';
import { initialBoard, makeBoard } from '../../../src/core/board.js';
import { applyPlay } from '../../../src/core/moves.js';
import { xgid, xgidPosition } from '../../../src/core/xgid.js';

const base = { cubeLog2: 0, cubeOwner: -1 as const, score: [0, 0] as [number, number], crawford: false };

describe('xgid', () => {
  it('standard start, side 0 (bottom) on roll, money game', () => {
    expect(xgid({ ...base, board: initialBoard(), onRoll: 0, matchLength: 0 })).toBe(
      'XGID=-b----E-C---eE---c-e----B-:0:0:1:00:0:0:0:0:10',
    );
  });

  it('turn, dice, cube owner, score, Crawford, match length and max cube fields', () => {
    expect(
      xgid({
        board: initialBoard(),
        onRoll: 1,
        dice: [5, 2],
        cubeLog2: 1,
        cubeOwner: 0,
        score: [3, 1],
        matchLength: 7,
        crawford: true,
        maxCubeLog2: 8,
      }),
    ).toBe('XGID=-b----E-C---eE---c-e----B-:1:1:-1:52:3:1:1:7:8');
    expect(
      xgid({ ...base, board: initialBoard(), onRoll: 0, cubeLog2: 2, cubeOwner: 1, matchLength: 5 }),
    ).toBe('XGID=-b----E-C---eE---c-e----B-:2:-1:1:00:0:0:0:5:10');
  });

  it('money game rules field: Jacoby 1, beaver 2', () => {
    const b = initialBoard();
    expect(xgid({ ...base, board: b, onRoll: 0, matchLength: 0, jacoby: true })).toMatch(/:1:0:10$/);
    expect(xgid({ ...base, board: b, onRoll: 0, matchLength: 0, jacoby: true, beaver: true })).toMatch(
      /:3:0:10$/,
    );
    // Crawford is ignored in money play; Jacoby is ignored in match play.
    expect(xgid({ ...base, board: b, onRoll: 0, matchLength: 0, crawford: true })).toMatch(/:0:0:10$/);
    expect(xgid({ ...base, board: b, onRoll: 0, matchLength: 3, jacoby: true })).toMatch(/:0:3:10$/);
  });

  it('reproduces a published XGID (rec.games.backgammon, X on roll, X:4 O:0, 7-point match)', () => {
    // X (side 0): 1 on the ace, 2 each on points 2..6, 2 on 13, 2 on 20.
    // O (side 1, own numbering): 8 on 1, 2 on 4, 3 on 6, 1 on 11, 1 on 18.
    const x = new Array<number>(25).fill(0);
    x[0] = 1;
    for (let p = 2; p <= 6; p++) x[p - 1] = 2;
    x[12] = 2;
    x[19] = 2;
    const o = new Array<number>(25).fill(0);
    o[0] = 8;
    o[3] = 2;
    o[5] = 3;
    o[10] = 1;
    o[17] = 1;
    const board = makeBoard(x, o);
    expect(xgid({ ...base, board, onRoll: 0, score: [4, 0], matchLength: 7 })).toBe(
      'XGID=-ABBBBBa-----Ba----cBb--h-:0:0:1:00:4:0:0:7:10',
    );
  });

  it('bars: index 0 is the top (side 1) bar, index 25 the bottom (side 0) bar', () => {
    const b = initialBoard();
    // Side 0's two back checkers are on the bar; one of side 1's back checkers is on the bar.
    const x = b[0].slice();
    x[23] = 0;
    x[24] = 2;
    const o = b[1].slice();
    o[23] = 1;
    o[24] = 1;
    const pos = xgidPosition(makeBoard(x, o));
    expect(pos).toHaveLength(26);
    expect(pos[0]).toBe('a');
    expect(pos[25]).toBe('B');
    expect(pos[1]).toBe('a'); // side 1's 24-point = side 0's 1-point
    expect(pos[24]).toBe('-');
  });

  it('after a play the letters move with the checkers', () => {
    const b = applyPlay(initialBoard(), 0, [
      { from: 8, to: 5 },
      { from: 6, to: 5 },
    ]);
    expect(xgidPosition(b)).toBe('-b---BD-B---eE---c-e----B-');
  });

  it('rejects invalid arguments', () => {
    expect(() => xgid({ ...base, board: initialBoard(), onRoll: 0, matchLength: 0, dice: [0, 3] })).toThrow(
      /die/,
    );
    expect(() => xgid({ ...base, board: initialBoard(), onRoll: 0, matchLength: -1 })).toThrow(
      /match length/,
    );
  });
});
