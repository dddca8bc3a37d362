import { describe, expect, it } from 'vitest';
import { type Board, boardKey, initialBoard, makeBoard, type Side } from '../../../src/core/board.js';
import { legalPlays } from '../../../src/core/moves.js';
import { boardFromPositionId, positionId } from '../../../src/core/position-id.js';
import { prng } from '../../helpers/prng.js';

/** Independent reference encoder: builds the bit string as text and base64-encodes it with Node's Buffer. */
function referenceId(board: Board, onRoll: Side): string {
  let bits = '';
  for (const a of [board[onRoll === 0 ? 1 : 0], board[onRoll]]) {
    for (let i = 0; i < 25; i++) bits += `${'1'.repeat(a[i]!)}0`;
  }
  bits = bits.padEnd(80, '0');
  const bytes = Buffer.alloc(10);
  for (let k = 0; k < 80; k++) if (bits[k] === '1') bytes[k >> 3]! |= 1 << (k & 7);
  return bytes.toString('base64').replace(/=+$/, '');
}

describe('positionId', () => {
  it('starting position is 4HPwATDgc/ABMA whoever is on roll', () => {
    expect(positionId(initialBoard(), 0)).toBe('4HPwATDgc/ABMA');
    expect(positionId(initialBoard(), 1)).toBe('4HPwATDgc/ABMA');
  });

  it('decodes the start to the initial board', () => {
    const { board } = boardFromPositionId('4HPwATDgc/ABMA');
    expect(boardKey(board)).toBe(boardKey(initialBoard()));
  });

  it('writes the player NOT on roll first', () => {
    // After side 0 plays 8/5 6/5 (opening 3-1), side 1 is on roll.
    const b = legalPlays(initialBoard(), 0, 3, 1).find((lp) => lp.result[0][4] === 2)!.result;
    const id = positionId(b, 1);
    expect(id).toBe(referenceId(b, 1));
    expect(id).not.toBe(positionId(b, 0));
    const { board } = boardFromPositionId(id);
    // Decoded board is [notOnRoll, onRoll] = [side 0, side 1] here.
    expect(boardKey(board)).toBe(boardKey(b));
    // With side 0 on roll the decoded board comes back with sides swapped.
    const swapped = boardFromPositionId(positionId(b, 0)).board;
    expect(boardKey(swapped)).toBe(boardKey([b[1], b[0]]));
  });

  it('encodes an empty-ish and a full-bar position like the reference encoder', () => {
    const z = () => new Array<number>(25).fill(0);
    const a = z();
    a[24] = 15;
    const b = z();
    b[0] = 1;
    for (const board of [makeBoard(a, b), makeBoard(z(), z()), makeBoard(b, a)]) {
      for (const side of [0, 1] as const) {
        const id = positionId(board, side);
        expect(id).toHaveLength(14);
        expect(id).toBe(referenceId(board, side));
      }
    }
  });

  it('round-trips positions reached by random play (seeded)', () => {
    const rnd = prng(2024);
    let checked = 0;
    for (let g = 0; g < 20; g++) {
      let b = initialBoard();
      let side: Side = 0;
      for (let turn = 0; turn < 300; turn++) {
        const d1 = 1 + Math.floor(rnd() * 6);
        const d2 = 1 + Math.floor(rnd() * 6);
        const plays = legalPlays(b, side, d1, d2);
        if (plays.length > 0) b = plays[Math.floor(rnd() * plays.length)]!.result;
        if (b[side].every((c) => c === 0)) break;
        side = side === 0 ? 1 : 0;
        // `side` is now on roll.
        const id = positionId(b, side);
        expect(id).toBe(referenceId(b, side));
        const back = boardFromPositionId(id).board;
        expect(positionId(back, 1)).toBe(id);
        const expected: Board = side === 1 ? b : [b[1], b[0]];
        expect(boardKey(back)).toBe(boardKey(expected));
        checked++;
      }
    }
    expect(checked).toBeGreaterThan(500);
  });

  it('rejects malformed IDs', () => {
    expect(() => boardFromPositionId('4HPwATDgc/ABM')).toThrow(/14 characters/);
    expect(() => boardFromPositionId('4HPwATDgc/AB*A')).toThrow(/invalid character/);
    // All ones: far too many checkers.
    expect(() => boardFromPositionId('//////////////')).toThrow();
    // Accepts surrounding whitespace.
    expect(boardKey(boardFromPositionId('  4HPwATDgc/ABMA\n').board)).toBe(boardKey(initialBoard()));
  });

  it('rejects a position with both sides on one point', () => {
    const z = () => new Array<number>(25).fill(0);
    const a = z();
    a[0] = 1; // side 0's point 1
    const b = z();
    b[23] = 1; // side 1's point 24 = side 0's point 1
    const id = referenceId([a, b], 1);
    expect(() => boardFromPositionId(id)).toThrow(/both sides/);
  });
});
