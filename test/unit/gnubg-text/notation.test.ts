/** gnuBG move notation → hops (src/parsers/gnubg-text/notation.ts). */
import { describe, expect, test } from 'vitest';
import {
  type Board,
  boardKey,
  initialBoard,
  makeBoard,
  type Play,
  type Side,
} from '../../../src/core/board.js';
import { applyPlay } from '../../../src/core/moves.js';
import { MoveNotationError, parseMoveNotation } from '../../../src/parsers/gnubg-text/notation.js';

/** A side's 25 counts from `{point: count}` (25 = bar). */
function side(points: Record<number, number>): number[] {
  const a = new Array<number>(25).fill(0);
  for (const [p, n] of Object.entries(points)) a[Number(p) - 1] = n;
  return a;
}

/** The position reached by a play given as hops `[from, to]`. */
function positionAfter(board: Board, s: Side, hops: [number, number][]): string {
  return boardKey(
    applyPlay(
      board,
      s,
      hops.map(([from, to]) => ({ from, to })),
    ),
  );
}

function reached(text: string, board: Board, s: Side): string {
  return boardKey(applyPlay(board, s, parseMoveNotation(text, board, s)));
}

describe('parseMoveNotation', () => {
  const start = initialBoard();

  test('plain moves, both sides in their own numbering', () => {
    expect(parseMoveNotation('24/18 13/10', start, 0)).toEqual([
      { from: 24, to: 18 },
      { from: 13, to: 10 },
    ]);
    expect(reached('13/8', start, 1)).toBe(positionAfter(start, 1, [[13, 8]]));
  });

  test('repeats "(n)" and doubles', () => {
    const p = parseMoveNotation('8/5(2) 6/3(2)', start, 0);
    expect(p).toHaveLength(4);
    expect(reached('8/5(2) 6/3(2)', start, 0)).toBe(
      positionAfter(start, 0, [
        [8, 5],
        [8, 5],
        [6, 3],
        [6, 3],
      ]),
    );
  });

  test('a checker moved in one hop with a double (24/16 for 44) reaches the same position', () => {
    expect(reached('24/16(2)', start, 0)).toBe(
      positionAfter(start, 0, [
        [24, 20],
        [20, 16],
        [24, 20],
        [20, 16],
      ]),
    );
  });

  test('chained moves with a hit on the way', () => {
    // side 1 has a blot on side 0's 18-point (its own 7-point)
    const board = makeBoard(side({ 24: 2, 13: 5, 8: 3, 6: 5 }), side({ 24: 2, 13: 5, 8: 2, 7: 1, 6: 5 }));
    const play = parseMoveNotation('24/18*/14', board, 0);
    expect(play).toEqual([
      { from: 24, to: 18 },
      { from: 18, to: 14 },
    ]);
    const b = applyPlay(board, 0, play);
    expect(b[1][24]).toBe(1); // the blot is on the bar
    expect(b[0][13]).toBe(1); // the checker went on to 14
  });

  test('bar entries, hits and bear-offs; case and the .mat spellings (25 = bar, 0 = off)', () => {
    const board = makeBoard(side({ 25: 1, 6: 5, 8: 3, 13: 4, 24: 2 }), side({ 22: 1, 6: 5, 8: 3, 13: 5 }));
    expect(reached('bar/22* 6/2', board, 0)).toBe(
      positionAfter(board, 0, [
        [25, 22],
        [6, 2],
      ]),
    );
    expect(reached('Bar/22* 6/2', board, 0)).toBe(reached('25/22* 6/2', board, 0));
    const home = makeBoard(side({ 6: 2, 5: 3, 4: 1 }), side({ 24: 2 }));
    expect(reached('6/off 5/off', home, 0)).toBe(reached('6/0 5/Off', home, 0));
  });

  test('a bear-off written from outside the home board (10/off with 55, 8/off(2) with 44)', () => {
    const a = makeBoard(side({ 10: 1, 6: 1, 3: 1, 2: 2 }), side({ 12: 5, 11: 5 }));
    expect(reached('10/off 6/1 3/off', a, 0)).toBe(
      positionAfter(a, 0, [
        [10, 5],
        [5, 0],
        [6, 1],
        [3, 0],
      ]),
    );
    const b = makeBoard(side({ 8: 2, 5: 3 }), side({ 24: 5 }));
    expect(reached('8/off(2)', b, 0)).toBe(
      positionAfter(b, 0, [
        [8, 4],
        [8, 4],
        [4, 0],
        [4, 0],
      ]),
    );
  });

  test('the listed order does not matter: a hop waits for the checker it moves', () => {
    // 6/2 is listed before 8/6 but 6 has no checker until 8/6 is played
    const board = makeBoard(side({ 8: 1, 13: 5 }), side({ 24: 2 }));
    expect(reached('6/2 8/6', board, 0)).toBe(
      positionAfter(board, 0, [
        [8, 6],
        [6, 2],
      ]),
    );
  });

  test('empty and "Cannot move" are no move', () => {
    expect(parseMoveNotation('', start, 0)).toEqual([]);
    expect(parseMoveNotation('  Cannot move ', start, 1)).toEqual([]);
  });

  const bad: [string, string][] = [
    ['13/8 13/8 13/8 13/8 13/8', 'more than 4'],
    ['8/5(5)', 'repeat'],
    ['13-8', 'not a move'],
    ['13/', 'bad point'],
    ['x/5', 'bad starting point'],
    ['5/8', 'forward'],
    ['13*/8', 'hit mark'],
    ['7/1', 'no checker'],
    ['13/1', 'blocked'],
    ['6/off', 'bearing off'],
  ];
  for (const [text, why] of bad) {
    test(`"${text}" is refused (${why})`, () => {
      let err: unknown;
      try {
        parseMoveNotation(text, start, 0);
      } catch (e) {
        err = e;
      }
      expect(err).toBeInstanceOf(MoveNotationError);
      expect((err as Error).message).toContain(why);
    });
  }

  test('the returned hops can be applied as they are', () => {
    const plays: Play[] = [
      parseMoveNotation('24/20 24/22', start, 1),
      parseMoveNotation('13/11 6/5', start, 0),
    ];
    for (const p of plays) expect(() => applyPlay(start, 0, p)).not.toThrow();
  });
});
