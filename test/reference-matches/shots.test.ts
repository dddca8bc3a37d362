/**
 * `shots` (src/classify/exposure.ts) settles most rolls with a search of its own, and falls back on the
 * legal-move generator where that search cannot be exact (bear-offs, a die that cannot be played). Here it
 * is checked against the generator alone, roll by roll: a roll counts when one of `legalPlays`' plays sends
 * a checker of the blot's owner to the bar. The positions are those `bdb biases` asks about (the boards after
 * the played and the best play of every checker decision of the reference SGFs), every board those files
 * reach, and random boards with checkers on the bar and in the bear-off.
 */
import { expect, test } from 'vitest';
import { clearShotsCache, shots } from '../../src/classify/exposure.js';
import { BAR_INDEX, type Board, type Side } from '../../src/core/board.js';
import { legalPlays } from '../../src/core/moves.js';
import { seededUniform } from '../../src/core/random.js';
import { boardsAfterPlayedAndBest } from '../../src/metrics/blot-bias.js';
import { defaultMet } from '../../src/metrics/match-report.js';
import { parseBytes } from '../../src/parsers/index.js';
import { bytesOf, refFiles } from '../helpers/fixtures.js';

/** The shots of `side`'s blots as the move generator counts them (the 36 rolls, each distinct roll once). */
function generatorShots(board: Board, side: Side): number {
  const opp: Side = side === 0 ? 1 : 0;
  const onBar = board[side][BAR_INDEX]!;
  let total = 0;
  for (let a = 1; a <= 6; a++)
    for (let b = a; b <= 6; b++)
      if (legalPlays(board, opp, a, b).some((lp) => lp.result[side][BAR_INDEX]! > onBar))
        total += a === b ? 1 : 2;
  return total;
}

function expectSame(boards: readonly (readonly [Board, Side])[]): number {
  let differ = 0;
  for (const [board, side] of boards) {
    clearShotsCache();
    if (shots(board, side) !== generatorShots(board, side)) differ++;
  }
  expect(differ).toBe(0);
  return boards.length;
}

/**
 * A random board: each side's 15 checkers dealt to its bar, its points and off, never on a point the other
 * side holds. `home` deals side 1's checkers to its home board and off only (a bear-off), `spread` favours
 * single checkers (blots).
 */
function randomBoard(next: () => number, home: boolean): Board {
  const sides = [new Array<number>(25).fill(0), new Array<number>(25).fill(0)];
  for (const side of [0, 1] as const) {
    const other = sides[side === 0 ? 1 : 0]!;
    for (let c = 0; c < 15; c++) {
      const r = next();
      if (r < 0.06) sides[side]![BAR_INDEX]!++;
      else if (r < 0.12)
        continue; // borne off
      else {
        const i = side === 1 && home ? Math.floor(next() * 6) : Math.floor(next() * 24);
        // the other side's point i is this side's 23 − i
        if (other[23 - i]! > 0) continue;
        sides[side]![i]!++;
      }
    }
  }
  return [sides[0]!, sides[1]!];
}

test('shots agree with the legal-move generator on the reference SGFs', () => {
  const met = defaultMet();
  const boards: (readonly [Board, Side])[] = [];
  for (const file of [...refFiles('gnubg', '.sgf'), ...refFiles('sgf', '.sgf')]) {
    const { match } = parseBytes(bytesOf(file), { file, met });
    for (const game of match.games)
      for (const d of game.decisions) {
        if (d.kind !== 'checker') continue;
        // the board before the play, for either side, and the boards `bdb biases` asks about
        boards.push([d.board, d.player], [d.board, d.player === 0 ? 1 : 0]);
        const after = boardsAfterPlayedAndBest(d);
        if (after !== null) boards.push([after.played, d.player], [after.best, d.player]);
      }
  }
  const n = expectSame(boards);
  console.info(`shots: ${n} positions of the reference SGFs agree with the generator`);
  expect(n).toBeGreaterThan(10_000);
});

test('shots agree with the legal-move generator on random boards, the bar and the bear-off', () => {
  const next = seededUniform(40);
  const boards: (readonly [Board, Side])[] = [];
  for (let i = 0; i < 3000; i++) boards.push([randomBoard(next, i % 3 === 0), 0]);
  expectSame(boards);
});
