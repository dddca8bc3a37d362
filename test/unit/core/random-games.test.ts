import { describe, expect, it } from 'vitest';
import {
  type Board,
  boardKey,
  checkersOff,
  initialBoard,
  pipCount,
  type Side,
} from '../../../src/core/board.js';
import { anyLegalPlayHits, applyPlay, formatPlay, isLegalPlay, legalPlays } from '../../../src/core/moves.js';
import { prng } from '../../helpers/prng.js';

/** Returns a description of the first broken board invariant, or '' if none. */
function invariantError(b: Board): string {
  for (const side of [0, 1] as const) {
    if (b[side].length !== 25) return `side ${side} has ${b[side].length} entries`;
    let n = 0;
    for (let i = 0; i < 25; i++) {
      const c = b[side][i]!;
      if (!Number.isInteger(c) || c < 0) return `side ${side} index ${i} = ${c}`;
      n += c;
    }
    // On board + bar + off = 15, with off >= 0.
    if (n > 15 || n + checkersOff(b, side) !== 15) return `side ${side} has ${n} checkers in play`;
  }
  for (let p = 1; p <= 24; p++) {
    // Side 0's point p is side 1's point 25 − p (index 24 − p).
    if (b[0][p - 1]! > 0 && b[1][24 - p]! > 0) return `point ${p} holds checkers of both sides`;
  }
  return '';
}

const ALL_ROLLS: [number, number][] = [];
for (let a = 1; a <= 6; a++) for (let b = a; b <= 6; b++) ALL_ROLLS.push([a, b]);

describe('random games (property test)', () => {
  it('200 seeded random games keep all invariants', () => {
    const rnd = prng(20240601);
    const errors: string[] = [];
    const fail = (msg: string) => {
      if (errors.length < 20) errors.push(msg);
    };
    let turns = 0;
    let plays = 0;
    let dances = 0;
    let hits = 0;
    let finished = 0;
    for (let g = 0; g < 200; g++) {
      let b = initialBoard();
      let side: Side = rnd() < 0.5 ? 0 : 1;
      for (let turn = 0; turn < 3000; turn++) {
        const d1 = 1 + Math.floor(rnd() * 6);
        const d2 = 1 + Math.floor(rnd() * 6);
        const where = `game ${g} turn ${turn} side ${side} roll ${d1}${d2}`;
        const legal = legalPlays(b, side, d1, d2);
        turns++;
        const other: Side = side === 0 ? 1 : 0;
        // the hit-only search agrees with the plays themselves, for this roll and for every other
        for (const [x, y] of [[d1, d2], ...ALL_ROLLS]) {
          const hits = legalPlays(b, side, x!, y!).some((lp) => lp.result[other][24]! > b[other][24]!);
          if (anyLegalPlayHits(b, side, x!, y!) !== hits)
            fail(`${where}: anyLegalPlayHits ${x}${y} ≠ ${hits}`);
          if (turn % 7 !== 0) break;
        }
        if (legal.length === 0) {
          dances++;
          if (!isLegalPlay(b, side, d1, d2, []))
            fail(`${where}: empty play rejected although nothing is legal`);
        } else {
          if (isLegalPlay(b, side, d1, d2, [])) fail(`${where}: empty play accepted`);
          const hops = legal[0]!.play.length;
          const keys = new Set<string>();
          for (const lp of legal) {
            plays++;
            if (!isLegalPlay(b, side, d1, d2, lp.play)) fail(`${where}: generated play fails isLegalPlay`);
            // Every legal play uses the same (maximal) number of dice.
            if (lp.play.length !== hops || hops > (d1 === d2 ? 4 : 2))
              fail(`${where}: ${lp.play.length} hops`);
            if (lp.key !== boardKey(lp.result)) fail(`${where}: key mismatch`);
            if (keys.has(lp.key)) fail(`${where}: duplicate result`);
            keys.add(lp.key);
            const inv = invariantError(lp.result);
            if (inv) fail(`${where}: ${inv}`);
            // The mover's pips never increase (and drop by at most the dice total); the opponent's never drop.
            const moved = pipCount(b, side) - pipCount(lp.result, side);
            if (moved <= 0 || moved > (d1 === d2 ? 4 * d1 : d1 + d2))
              fail(`${where}: mover pips changed by ${-moved}`);
            if (pipCount(lp.result, other) < pipCount(b, other)) fail(`${where}: opponent pips decreased`);
            if (checkersOff(lp.result, other) !== checkersOff(b, other))
              fail(`${where}: opponent checkers off`);
            if (boardKey(applyPlay(b, side, lp.play)) !== lp.key) fail(`${where}: applyPlay differs`);
            const text = formatPlay(b, side, lp.play);
            // one part per checker moved, repeated parts counted: never more parts than hops
            const parts = text.split(' ').reduce((n, t) => n + Number(/\((\d)\)$/.exec(t)?.[1] ?? 1), 0);
            if (parts > lp.play.length) fail(`${where}: formatPlay '${text}'`);
            if (lp.result[other][24]! > b[other][24]! && !text.includes('*'))
              fail(`${where}: hit not starred`);
          }
          const chosen = legal[Math.floor(rnd() * legal.length)]!;
          if (chosen.result[other][24]! > b[other][24]!) hits++;
          b = chosen.result;
        }
        const inv = invariantError(b);
        if (inv) fail(`${where}: ${inv}`);
        if (checkersOff(b, side) === 15) {
          finished++;
          break;
        }
        side = other;
      }
    }
    expect(errors).toEqual([]);
    expect(finished).toBe(200);
    // The games must have exercised the interesting cases.
    expect(dances).toBeGreaterThan(0);
    expect(hits).toBeGreaterThan(100);
    expect(turns).toBeGreaterThan(200 * 20);
    expect(plays).toBeGreaterThan(turns);
  });
});
