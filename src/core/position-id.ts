/**
 * gnuBG Position ID encoding and decoding.
 *
 * Facts used (gnuBG manual, "A technical description of the Position ID", and gnuBG's positionid.c
 * behaviour): the 80-bit key is written as, for each player in turn and for each of its 25 slots (its own
 * points 1..24, then its bar), as many 1-bits as checkers followed by one 0-bit, padded with 0-bits to 80;
 * bit k of the stream is bit (k mod 8) of byte floor(k / 8); the ID is the standard base64 of those 10 bytes
 * without padding (14 characters).
 *
 * Player order: gnuBG stores boards as anBoard[0] = player NOT on roll, anBoard[1] = player on roll, and
 * writes anBoard[0] first. (The manual's prose says "player on roll first", which does not match the code;
 * we follow the code.) The starting position is 4HPwATDgc/ABMA whoever is on roll.
 */

import { shown } from '../errors.js';
import { type Board, CHECKERS_PER_SIDE, type Side, validateBoard } from './board.js';

const BASE64 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/';

const BASE64_INDEX: Int8Array = (() => {
  const t = new Int8Array(128).fill(-1);
  for (let i = 0; i < 64; i++) t[BASE64.charCodeAt(i)] = i;
  return t;
})();

/** The position key being written (one at a time). */
const scratchKey = new Uint8Array(10);

/** Writes one side's 25 slots into {@link scratchKey} from bit `bit` on; returns the next bit. */
function writeSide(slots: readonly number[], bit: number): number {
  for (let i = 0; i < 25; i++) {
    const n = slots[i]!;
    for (let j = 0; j < n; j++, bit++) if (bit < 80) scratchKey[bit >> 3]! |= 1 << (bit & 7);
    bit++; // the terminating 0-bit
  }
  return bit;
}

/** Builds the 10-byte gnuBG position key in {@link scratchKey}, writing `first` then `second` (each 25 entries). */
function positionKey(first: readonly number[], second: readonly number[]): Uint8Array {
  scratchKey.fill(0);
  const bits = writeSide(second, writeSide(first, 0));
  if (bits > 80) throw new Error(`position has too many checkers to encode (${bits} bits)`);
  return scratchKey;
}

/** The base64 alphabet's character codes. */
const BASE64_CODES = Array.from(BASE64, (c) => c.charCodeAt(0));

/** The ID's 14 character codes (one ID is written at a time). */
const idCodes: number[] = new Array<number>(14).fill(0);

/** Standard base64 of 10 bytes, no padding: 14 characters. */
function keyToId(k: Uint8Array): string {
  const c = BASE64_CODES;
  for (let i = 0, o = 0; i < 9; i += 3, o += 4) {
    const b0 = k[i]!;
    const b1 = k[i + 1]!;
    const b2 = k[i + 2]!;
    idCodes[o] = c[b0 >> 2]!;
    idCodes[o + 1] = c[((b0 & 3) << 4) | (b1 >> 4)]!;
    idCodes[o + 2] = c[((b1 & 15) << 2) | (b2 >> 6)]!;
    idCodes[o + 3] = c[b2 & 63]!;
  }
  const b9 = k[9]!;
  idCodes[12] = c[b9 >> 2]!;
  idCodes[13] = c[(b9 & 3) << 4]!;
  // made at once: one flat string, not a tree of partial ones (src/core/xgid.ts)
  return String.fromCharCode.apply(null, idCodes);
}

/** gnuBG Position ID (14 base64 chars) of `board` with `onRoll` the player on roll. gnuBG's key: for the player
 *  NOT on roll first, then the player on roll, for each of 25 points (points 1..24 then bar, each from its own
 *  side), write as many 1-bits as checkers followed by a 0-bit; pack the 80 bits little-endian into 10 bytes
 *  (bit k of the stream = bit (k % 8) of byte floor(k / 8)); base64 of the 10 bytes without padding → 14 chars.
 *  The starting position is 4HPwATDgc/ABMA regardless of who is on roll.
 *
 * @param board - the position
 * @param onRoll - the player on roll
 * @returns the 14-character Position ID
 * @throws Error if a side has more than 15 checkers
 */
export function positionId(board: Board, onRoll: Side): string {
  const notOnRoll = board[onRoll === 0 ? 1 : 0];
  return keyToId(positionKey(notOnRoll, board[onRoll]));
}

/**
 * Decodes a gnuBG Position ID (inverse of {@link positionId}).
 *
 * Choice of sides: the returned board is `[notOnRoll, onRoll]`, i.e. side 0 = the player NOT on roll and
 * side 1 = the player on roll (gnuBG's own anBoard convention), so `positionId(board, 1) === id`.
 *
 * @param id - 14 base64 characters (surrounding whitespace is ignored)
 * @returns the board, side 1 on roll
 * @throws Error if the ID is malformed or describes an impossible position (more than 15 checkers for a
 *   side, or a point held by both sides)
 */
export function boardFromPositionId(id: string): { board: Board } {
  const s = id.trim();
  if (s.length !== 14)
    throw new Error(`Position ID must have 14 characters, got ${s.length}: "${shown(id, 20)}"`);
  const v: number[] = [];
  for (let i = 0; i < 14; i++) {
    const c = s.charCodeAt(i);
    const x = c < 128 ? BASE64_INDEX[c]! : -1;
    if (x < 0) throw new Error(`Position ID has an invalid character "${shown(s[i]!)}": "${shown(id, 20)}"`);
    v.push(x);
  }
  const key = new Uint8Array(10);
  for (let g = 0, k = 0; g < 3; g++, k += 4) {
    const [c0, c1, c2, c3] = [v[k]!, v[k + 1]!, v[k + 2]!, v[k + 3]!];
    key[g * 3] = (c0 << 2) | (c1 >> 4);
    key[g * 3 + 1] = ((c1 & 15) << 4) | (c2 >> 2);
    key[g * 3 + 2] = ((c2 & 3) << 6) | c3;
  }
  key[9] = ((v[12]! << 2) | (v[13]! >> 4)) & 255;

  const sides: number[][] = [new Array<number>(25).fill(0), new Array<number>(25).fill(0)];
  let bit = 0;
  for (let p = 0; p < 2; p++) {
    const a = sides[p]!;
    for (let i = 0; i < 25; i++) {
      let n = 0;
      for (;;) {
        if (bit >= 80) throw new Error(`Position ID '${id}' ends before all 50 slots are read`);
        const set = (key[bit >> 3]! >> (bit & 7)) & 1;
        bit++;
        if (set === 0) break;
        n++;
        if (n > CHECKERS_PER_SIDE)
          throw new Error(`Position ID '${id}' has more than 15 checkers on a point`);
      }
      a[i] = n;
    }
  }
  const board: Board = [sides[0]!, sides[1]!];
  try {
    validateBoard(board);
  } catch (e) {
    throw new Error(`Position ID '${id}' is not a valid position: ${(e as Error).message}`);
  }
  return { board };
}
