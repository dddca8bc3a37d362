import { describe, expect, it } from 'vitest';
import {
  type Board,
  boardKey,
  checkersOff,
  initialBoard,
  makeBoard,
  opponentPoint,
  otherSide,
  pipCount,
  validateBoard,
} from '../../../src/core/board.js';

describe('board', () => {
  it('initial board: 15 checkers, 167 pips each, standard points', () => {
    const b = initialBoard();
    for (const side of [0, 1] as const) {
      expect(pipCount(b, side)).toBe(167);
      expect(checkersOff(b, side)).toBe(0);
      expect(b[side][5]).toBe(5);
      expect(b[side][7]).toBe(3);
      expect(b[side][12]).toBe(5);
      expect(b[side][23]).toBe(2);
      expect(b[side][24]).toBe(0);
    }
    expect(() => validateBoard(b)).not.toThrow();
  });

  it('initialBoard returns fresh arrays', () => {
    const a = initialBoard();
    const b = initialBoard();
    expect(a[0]).not.toBe(b[0]);
    expect(boardKey(a)).toBe(boardKey(b));
  });

  it('opponentPoint maps p to 25 - p', () => {
    expect(opponentPoint(1)).toBe(24);
    expect(opponentPoint(24)).toBe(1);
    expect(opponentPoint(13)).toBe(12);
  });

  it('otherSide flips', () => {
    expect(otherSide(0)).toBe(1);
    expect(otherSide(1)).toBe(0);
  });

  it('pipCount counts the bar as 25 and checkersOff counts missing checkers', () => {
    const s0 = new Array<number>(25).fill(0);
    s0[24] = 1; // bar
    s0[0] = 2; // two on the ace point
    const s1 = new Array<number>(25).fill(0);
    s1[5] = 15;
    const b = makeBoard(s0, s1);
    expect(pipCount(b, 0)).toBe(25 + 2);
    expect(checkersOff(b, 0)).toBe(12);
    expect(pipCount(b, 1)).toBe(90);
    expect(checkersOff(b, 1)).toBe(0);
  });

  it('boardKey distinguishes sides and points', () => {
    const a = initialBoard();
    const s0 = a[0].slice();
    s0[5] = 4;
    s0[4] = 1;
    const b: Board = [s0, a[1]];
    const c: Board = [a[1], s0];
    expect(boardKey(a)).not.toBe(boardKey(b));
    expect(boardKey(b)).not.toBe(boardKey(c));
    expect(boardKey(a)).toHaveLength(51);
  });

  it('validateBoard rejects bad boards', () => {
    const z = () => new Array<number>(25).fill(0);
    const tooMany = z();
    tooMany[0] = 16;
    expect(() => makeBoard(tooMany, z())).toThrow(/16 checkers/);
    const shortArr = new Array<number>(24).fill(0);
    expect(() => makeBoard(shortArr, z())).toThrow(/25 entries/);
    const a = z();
    const b = z();
    a[2] = 1; // side 0 point 3
    b[21] = 1; // side 1 point 22 = side 0 point 3
    expect(() => makeBoard(a, b)).toThrow(/both sides/);
    const neg = z();
    neg[3] = -1;
    expect(() => makeBoard(neg, z())).toThrow(/bad count/);
  });
});
