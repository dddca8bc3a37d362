/**
 * XGID (eXtreme Gammon position ID) reader: the inverse of {@link xgid} in ./xgid.ts, same conventions.
 *
 * 'XGID=' + position + ':' + cube log2 + ':' + cube position + ':' + turn + ':' + dice + ':' + score bottom
 * + ':' + score top + ':' + rules + ':' + match length + ':' + max cube log2.
 *
 * - Position: 26 characters, always in the bottom player's (X's, side 0's) numbering whoever is on roll:
 *   index 0 = the top player's (side 1's) bar, 1..24 = points 1..24, 25 = the bottom player's bar; 'A'..'P'
 *   = 1..16 side-0 checkers, 'a'..'p' = 1..16 side-1 checkers, '-' = empty.
 * - Cube position 1 = side 0 owns, -1 = side 1 owns, 0 = centred. Turn 1 = side 0, -1 = side 1.
 * - Dice: two digits 1..6 = the roll to play; '00' = not rolled yet (the player on roll may double);
 *   'D' = a double has been offered: the turn field names the DOUBLER and the opponent must answer (gnuBG's
 *   SetXGID: `fTurn = !fMove`), the cube fields are the cube before the double.
 * - Rules field: in a match 1 = this is the Crawford game, 0 otherwise; in a money game Jacoby (1) + beaver (2).
 * - Max cube: log2 of the largest cube (XG writes 10); optional on reading (9 fields), then 10.
 *
 * The reader is strict: anything the writer could not have produced is refused with an {@link XgidError}
 * naming the field and its position in the string.
 */

import { shown } from '../errors.js';
import { type Board, type Side, validateBoard } from './board.js';

/** A malformed XGID. `index` is the 0-based position, in the string given, of the offending field. */
export class XgidError extends Error {
  readonly index: number;
  constructor(message: string, index: number) {
    super(message);
    this.name = 'XgidError';
    this.index = index;
  }
}

/** An XGID, read. Field names follow {@link XgidArgs} so that `xgid(parseXgid(s))` gives `s` back. */
export interface ParsedXgid {
  /** The position (side 0 = the bottom player, X, upper case). */
  board: Board;
  /** Turn field: the player on roll, or, with a double offered (`doubled`), the doubler. */
  onRoll: Side;
  /** The roll to play; absent when not rolled yet ('00') or with a double offered ('D'). */
  dice?: [number, number];
  /** True for dice 'D': a double has been offered and the other side must take or pass. */
  doubled: boolean;
  /** log2 of the cube value (before the double when `doubled`). */
  cubeLog2: number;
  /** The cube value, 2^cubeLog2. */
  cubeValue: number;
  /** Cube owner: -1 centred, else the side. */
  cubeOwner: -1 | 0 | 1;
  /** Points won so far by side 0 and side 1. */
  score: [number, number];
  /** Match length; 0 = money game. */
  matchLength: number;
  /** This is the Crawford game (match play only). */
  crawford: boolean;
  /** Jacoby rule in force (money play only). */
  jacoby: boolean;
  /** Beavers allowed (money play only). */
  beaver: boolean;
  /** log2 of the largest cube (10 when the field is absent). */
  maxCubeLog2: number;
}

/** The largest cube exponent accepted (4096, gnuBG's MAX_CUBE). */
const MAX_CUBE_LOG2 = 12;
/** The longest match accepted. */
const MAX_MATCH_LENGTH = 999;

function count(ch: string): number {
  if (ch === '-') return 0;
  const c = ch.charCodeAt(0);
  if (c >= 65 && c <= 80) return c - 64; // A..P
  if (c >= 97 && c <= 112) return -(c - 96); // a..p → negative = side 1
  return Number.NaN;
}

/**
 * Reads an XGID.
 *
 * @param s - the ID, with or without the 'XGID=' prefix (surrounding white space is ignored)
 * @returns the position, cube, turn, dice, score and rules
 * @throws XgidError when a field is missing, malformed or out of range, or the position is impossible
 */
export function parseXgid(s: string): ParsedXgid {
  const lead = s.length - s.trimStart().length;
  let body = s.trim();
  let offset = lead;
  if (body.startsWith('XGID=')) {
    body = body.slice(5);
    offset += 5;
  }
  const fields = body.split(':');
  if (fields.length !== 9 && fields.length !== 10) {
    throw new XgidError(`expected 10 fields separated by ':', found ${fields.length}`, offset);
  }
  const at: number[] = [];
  let p = offset;
  for (const f of fields) {
    at.push(p);
    p += f.length + 1;
  }
  const field = (i: number): string => fields[i] ?? '';
  const where = (i: number): number => at[i] ?? offset;
  const int = (i: number, name: string, lo: number, hi: number): number => {
    const f = field(i);
    if (!/^-?\d{1,4}$/.test(f)) throw new XgidError(`${name} "${shown(f, 12)}" is not an integer`, where(i));
    const v = Number(f);
    if (v < lo || v > hi) throw new XgidError(`${name} ${v} is not in ${lo}..${hi}`, where(i));
    return v;
  };

  // position
  const pos = field(0);
  if (pos.length !== 26) throw new XgidError(`position has ${pos.length} characters, expected 26`, where(0));
  const b0 = new Array<number>(25).fill(0);
  const b1 = new Array<number>(25).fill(0);
  for (let k = 0; k < 26; k++) {
    const n = count(pos[k]!);
    if (Number.isNaN(n)) {
      throw new XgidError(
        `position character ${k} "${shown(pos[k]!)}" is not '-', A..P or a..p`,
        where(0) + k,
      );
    }
    if (k === 0) {
      if (n > 0) throw new XgidError("the top player's bar (character 0) holds bottom checkers", where(0));
      b1[24] = n < 0 ? -n : 0;
    } else if (k === 25) {
      if (n < 0) {
        throw new XgidError("the bottom player's bar (character 25) holds top checkers", where(0) + 25);
      }
      b0[24] = n;
    } else if (n > 0) {
      b0[k - 1] = n;
    } else if (n < 0) {
      b1[24 - k] = -n;
    }
  }
  const board: Board = [b0, b1];
  try {
    validateBoard(board);
  } catch (e) {
    throw new XgidError(`impossible position: ${(e as Error).message}`, where(0));
  }

  const cubeLog2 = int(1, 'cube', 0, MAX_CUBE_LOG2);
  const cubePos = int(2, 'cube position', -1, 1);
  const turnField = field(3);
  if (turnField !== '1' && turnField !== '-1') {
    throw new XgidError(`turn "${shown(turnField, 12)}" is not 1 or -1`, where(3));
  }
  const onRoll: Side = turnField === '1' ? 0 : 1;

  const diceField = field(4);
  let dice: [number, number] | undefined;
  let doubled = false;
  if (diceField === 'D') {
    doubled = true;
  } else if (diceField === 'B' || diceField === 'R') {
    throw new XgidError(`dice "${diceField}" (a beaver or raccoon pending) is not supported`, where(4));
  } else if (diceField !== '00') {
    const d1 = diceField.charCodeAt(0) - 48;
    const d2 = diceField.charCodeAt(1) - 48;
    if (diceField.length !== 2 || !(d1 >= 1 && d1 <= 6 && d2 >= 1 && d2 <= 6)) {
      throw new XgidError(`dice "${shown(diceField, 12)}" are not '00', 'D' or two dice 1..6`, where(4));
    }
    dice = [d1, d2];
  }

  const matchLength = int(8, 'match length', 0, MAX_MATCH_LENGTH);
  const scoreHi = matchLength > 0 ? matchLength - 1 : 9999;
  const score: [number, number] = [int(5, 'score', 0, scoreHi), int(6, 'score', 0, scoreHi)];
  const rules = int(7, 'rules', 0, matchLength > 0 ? 1 : 3);
  const maxCubeLog2 = fields.length === 10 ? int(9, 'max cube', 0, MAX_CUBE_LOG2) : 10;

  const out: ParsedXgid = {
    board,
    onRoll,
    doubled,
    cubeLog2,
    cubeValue: 2 ** cubeLog2,
    cubeOwner: cubePos === 0 ? -1 : cubePos === 1 ? 0 : 1,
    score,
    matchLength,
    crawford: matchLength > 0 && rules === 1,
    jacoby: matchLength === 0 && (rules & 1) === 1,
    beaver: matchLength === 0 && (rules & 2) === 2,
    maxCubeLog2,
  };
  if (dice) out.dice = dice;
  return out;
}
