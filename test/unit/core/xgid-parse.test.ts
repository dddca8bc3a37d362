import { describe, expect, it } from 'vitest';
import { type Board, initialBoard, pipCount } from '../../../src/core/board.js';
import { applyPlay, legalPlays } from '../../../src/core/moves.js';
import { xgid } from '../../../src/core/xgid.js';
import { parseXgid, XgidError } from '../../../src/core/xgid-parse.js';
import { prng } from '../../helpers/prng.js';

function side(entries: Record<number, number>): number[] {
  const a = new Array<number>(25).fill(0);
  for (const [p, n] of Object.entries(entries)) a[Number(p) - 1] = n;
  return a;
}

/** The error thrown by `f`, which must be an XgidError. */
function xgidError(f: () => unknown): XgidError {
  try {
    f();
  } catch (e) {
    expect(e).toBeInstanceOf(XgidError);
    return e as XgidError;
  }
  return expect.fail('no error thrown');
}

describe('parseXgid', () => {
  it('reads the standard start (side 0 on roll, money)', () => {
    const p = parseXgid('XGID=-b----E-C---eE---c-e----B-:0:0:1:00:0:0:0:0:10');
    expect(p.board).toEqual(initialBoard());
    expect(p.onRoll).toBe(0);
    expect(p.dice).toBeUndefined();
    expect(p.doubled).toBe(false);
    expect(p.cubeValue).toBe(1);
    expect(p.cubeOwner).toBe(-1);
    expect(p.score).toEqual([0, 0]);
    expect(p.matchLength).toBe(0);
    expect(p.crawford).toBe(false);
    expect(p.jacoby).toBe(false);
    expect(p.beaver).toBe(false);
    expect(p.maxCubeLog2).toBe(10);
  });

  it('reads the published rec.games.backgammon example (X:4 O:0, 7-point match)', () => {
    const p = parseXgid('XGID=-ABBBBBa-----Ba----cBb--h-:0:0:1:00:4:0:0:7:10');
    expect(p.board[0]).toEqual(side({ 1: 1, 2: 2, 3: 2, 4: 2, 5: 2, 6: 2, 13: 2, 20: 2 }));
    expect(p.board[1]).toEqual(side({ 1: 8, 4: 2, 6: 3, 11: 1, 18: 1 }));
    expect(p.score).toEqual([4, 0]);
    expect(p.matchLength).toBe(7);
  });

  // xg-text/01_checkerPosition_EN.txt line 1, with the board drawn on lines 5-17 and "Pip count  X: 111  O: 52"
  // on line 18, "Cube: 2, O own cube" on line 19 and "X to play 21" on line 20.
  it('reads the XGID of 01_checkerPosition_EN.txt as its board diagram shows it', () => {
    const p = parseXgid('XGID=-B-CBBB---a---A---ABcbbbd-:1:-1:1:21:3:6:0:7:10');
    expect(p.board[0]).toEqual(side({ 1: 2, 3: 3, 4: 2, 5: 2, 6: 2, 14: 1, 18: 1, 19: 2 }));
    // O's checkers, O's numbering: X's 10 = O's 15, X's 20..24 = O's 5..1
    expect(p.board[1]).toEqual(side({ 15: 1, 5: 3, 4: 2, 3: 2, 2: 2, 1: 4 }));
    expect([pipCount(p.board, 0), pipCount(p.board, 1)]).toEqual([111, 52]);
    expect(p.cubeValue).toBe(2);
    expect(p.cubeLog2).toBe(1);
    expect(p.cubeOwner).toBe(1);
    expect(p.onRoll).toBe(0);
    expect(p.dice).toEqual([2, 1]);
    expect(p.score).toEqual([3, 6]);
    expect(p.matchLength).toBe(7);
    expect(p.crawford).toBe(false);
  });

  // xg-text/05_NRT_EN.txt line 1; line 19 "Cube: 2, X own cube", line 18 "Pip count  X: 42  O: 43"
  it('reads cube ownership by the bottom player and the pip counts of 05_NRT_EN.txt', () => {
    const p = parseXgid('XGID=---BADB------------bf---a-:1:1:1:00:4:0:0:7:10');
    expect(p.cubeValue).toBe(2);
    expect(p.cubeOwner).toBe(0);
    expect(p.dice).toBeUndefined();
    expect([pipCount(p.board, 0), pipCount(p.board, 1)]).toEqual([42, 43]);
  });

  it('reads the bars: character 0 is the top (side 1) bar, character 25 the bottom (side 0) bar', () => {
    // xg-text/04_DP_EN.txt line 1: an X checker on the bar (drawn on line 9 in the BAR column)
    const p = parseXgid('XGID=--BaBCCBAA------acccc-a--A:0:0:1:00:0:2:0:7:10');
    expect(p.board[0][24]).toBe(1);
    expect(p.board[1][24]).toBe(0);
    expect([pipCount(p.board, 0), pipCount(p.board, 1)]).toEqual([101, 112]);
    const q = parseXgid('XGID=b-----E-C---eE---c-e----A-:0:0:-1:00:0:0:0:0:10');
    expect(q.board[1][24]).toBe(2);
    expect(q.onRoll).toBe(1);
  });

  it("reads a double offered ('D'): the turn field is the doubler", () => {
    const p = parseXgid('XGID=-b----E-C---eE---c-e----B-:1:-1:-1:D:2:3:0:7:10');
    expect(p.doubled).toBe(true);
    expect(p.onRoll).toBe(1);
    expect(p.dice).toBeUndefined();
    expect(p.cubeValue).toBe(2);
    expect(p.cubeOwner).toBe(1);
  });

  it('reads the rules field: Crawford in a match, Jacoby and beaver at money', () => {
    expect(parseXgid('XGID=-b----E-C---eE---c-e----B-:0:0:1:00:6:3:1:7:10').crawford).toBe(true);
    const money = parseXgid('XGID=-b----E-C---eE---c-e----B-:0:0:1:00:0:0:3:0:10');
    expect([money.jacoby, money.beaver, money.crawford]).toEqual([true, true, false]);
    expect(parseXgid('XGID=-b----E-C---eE---c-e----B-:0:0:1:00:0:0:2:0:10').jacoby).toBe(false);
  });

  it('accepts the ID without prefix, with surrounding spaces, and without the max-cube field', () => {
    const a = parseXgid('  -b----E-C---eE---c-e----B-:0:0:1:31:0:0:0:5  ');
    expect(a.dice).toEqual([3, 1]);
    expect(a.matchLength).toBe(5);
    expect(a.maxCubeLog2).toBe(10);
  });

  it('round-trips with xgid(): every XGID of the samples', () => {
    for (const s of [
      'XGID=-B-CBBB---a---A---ABcbbbd-:1:-1:1:21:3:6:0:7:10',
      'XGID=---BBaB-BbA-bC-b--BdAca---:0:0:1:00:0:5:0:9:10',
      'XGID=-aAaBaDaB---bD-b-A-cA-b-b-:0:0:1:00:2:4:0:9:10',
      'XGID=--BaBCCBAA------acccc-a--A:0:0:1:00:0:2:0:7:10',
      'XGID=---BADB------------bf---a-:1:1:1:00:4:0:0:7:10',
      'XGID=---c--CCB---dB-B---c-BcAb-:1:1:1:00:0:1:0:7:10',
      'XGID=---aBBCCCB----a-aa-babbbb-:1:1:1:00:1:2:0:9:10',
      'XGID=-b----E-C---eE---c-e----B-:0:0:-1:52:0:0:3:0:8',
    ]) {
      expect(xgid(parseXgid(s))).toBe(s);
    }
  });

  it('round-trips with xgid(): random positions of random games, every field varied', () => {
    const rnd = prng(20261130);
    const die = () => 1 + Math.floor(rnd() * 6);
    let board: Board = initialBoard();
    let onRoll: 0 | 1 = 0;
    for (let k = 0; k < 400; k++) {
      const d1 = die();
      const d2 = die();
      const plays = legalPlays(board, onRoll, d1, d2);
      if (plays.length > 0) board = plays[Math.floor(rnd() * plays.length)]!.result;
      onRoll = onRoll === 0 ? 1 : 0;
      const done = board[0].every((n) => n === 0) || board[1].every((n) => n === 0);
      if (done) board = initialBoard();
      const matchLength = rnd() < 0.3 ? 0 : 1 + Math.floor(rnd() * 25);
      const score: [number, number] =
        matchLength > 0 ? [Math.floor(rnd() * matchLength), Math.floor(rnd() * matchLength)] : [0, 0];
      const args = {
        board,
        onRoll,
        ...(rnd() < 0.5 ? { dice: [die(), die()] as [number, number] } : {}),
        cubeLog2: Math.floor(rnd() * 7),
        cubeOwner: (Math.floor(rnd() * 3) - 1) as -1 | 0 | 1,
        score,
        matchLength,
        crawford: matchLength > 0 && rnd() < 0.3,
        jacoby: matchLength === 0 && rnd() < 0.5,
        beaver: matchLength === 0 && rnd() < 0.5,
        maxCubeLog2: 10,
      };
      const s = xgid(args);
      const p = parseXgid(s);
      expect(xgid(p)).toBe(s);
      expect(p.board).toEqual([board[0].slice(), board[1].slice()]);
      expect(p.onRoll).toBe(args.onRoll);
      expect(p.dice).toEqual(args.dice);
      expect([p.cubeLog2, p.cubeOwner, p.score, p.matchLength]).toEqual([
        args.cubeLog2,
        args.cubeOwner,
        args.score,
        args.matchLength,
      ]);
      expect([p.crawford, p.jacoby, p.beaver]).toEqual([args.crawford, args.jacoby, args.beaver]);
    }
  });

  it('gives a board the move generator accepts (the 21 of 01_checkerPosition_EN.txt: 19/18 14/12)', () => {
    const p = parseXgid('XGID=-B-CBBB---a---A---ABcbbbd-:1:-1:1:21:3:6:0:7:10');
    const after = applyPlay(p.board, 0, [
      { from: 19, to: 18 },
      { from: 14, to: 12 },
    ]);
    expect(after[0][17]).toBe(2);
    expect(after[0][11]).toBe(1);
  });

  it('refuses malformed IDs with the index of the offending field', () => {
    const ok = 'XGID=-B-CBBB---a---A---ABcbbbd-:1:-1:1:21:3:6:0:7:10';
    const cases: [string, RegExp, number][] = [
      ['XGID=-B-CBBB---a---A---ABcbbbd-:1:-1:1:21', /10 fields/, 5],
      ['XGID=-B-CBBB---a---A---ABcbbb-:1:-1:1:21:3:6:0:7:10', /25 characters/, 5],
      ['XGID=-B-CBBB---a---A---ABcbbbz-:1:-1:1:21:3:6:0:7:10', /character 24 "z"/, 29],
      ['XGID=AB-CBBB---a---A---ABcbbbd-:1:-1:1:21:3:6:0:7:10', /top player's bar/, 5],
      ['XGID=-B-CBBB---a---A---ABcbbbda:1:-1:1:21:3:6:0:7:10', /bottom player's bar/, 30],
      ['XGID=-P-CBBB---a---A---ABcbbbd-:1:-1:1:21:3:6:0:7:10', /impossible position.*checkers/, 5],
      ['XGID=-B-CBBB---a---A---ABcbbbd-:13:-1:1:21:3:6:0:7:10', /cube 13/, 32],
      ['XGID=-B-CBBB---a---A---ABcbbbd-:x:-1:1:21:3:6:0:7:10', /cube "x" is not an integer/, 32],
      ['XGID=-B-CBBB---a---A---ABcbbbd-:1:2:1:21:3:6:0:7:10', /cube position 2/, 34],
      ['XGID=-B-CBBB---a---A---ABcbbbd-:1:-1:0:21:3:6:0:7:10', /turn "0"/, 37],
      ['XGID=-B-CBBB---a---A---ABcbbbd-:1:-1:1:71:3:6:0:7:10', /dice "71"/, 39],
      ['XGID=-B-CBBB---a---A---ABcbbbd-:1:-1:1:B:3:6:0:7:10', /beaver/, 39],
      ['XGID=-B-CBBB---a---A---ABcbbbd-:1:-1:1:21:7:6:0:7:10', /score 7 is not in 0\.\.6/, 42],
      ['XGID=-B-CBBB---a---A---ABcbbbd-:1:-1:1:21:3:-6:0:7:10', /score -6/, 44],
      ['XGID=-B-CBBB---a---A---ABcbbbd-:1:-1:1:21:3:6:2:7:10', /rules 2/, 46],
      ['XGID=-B-CBBB---a---A---ABcbbbd-:1:-1:1:21:3:6:0:+7:10', /match length "\+7"/, 48],
      ['XGID=-B-CBBB---a---A---ABcbbbd-:1:-1:1:21:3:6:0:7:99', /max cube 99/, 50],
      ['', /10 fields/, 0],
    ];
    expect(() => parseXgid(ok)).not.toThrow();
    for (const [s, message, index] of cases) {
      const e = xgidError(() => parseXgid(s));
      expect(e.message, s).toMatch(message);
      expect(e.index, s).toBe(index);
    }
  });
});
