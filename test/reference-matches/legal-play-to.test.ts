/**
 * `legalPlayTo` (src/core/moves.ts) gives, for a position, the legal play `legalPlays` gives for it (the
 * first sequence of hops its search finds there), or null when no legal play reaches it, without making
 * the other plays. Checked against `legalPlays` itself on every checker decision of the reference SGFs
 * (every legal play's position, the position before the play, the positions of one hop of either die,
 * and the positions of another roll) and on random boards with checkers on the bar and in the bear-off.
 */
import { expect, test } from 'vitest';
import { BAR_INDEX, type Board, boardKey, type Side } from '../../src/core/board.js';
import { applyPlay, legalPlays, legalPlayTo } from '../../src/core/moves.js';
import { seededUniform } from '../../src/core/random.js';
import { defaultMet } from '../../src/metrics/match-report.js';
import { parseBytes } from '../../src/parsers/index.js';
import { bytesOf, refFiles } from '../helpers/fixtures.js';

/** Every legal play's position gives that play back; a position no legal play reaches gives null. */
function check(board: Board, side: Side, d1: number, d2: number, other: [number, number]): number {
  const plays = legalPlays(board, side, d1, d2);
  let differ = 0;
  for (const lp of plays) {
    const got = legalPlayTo(board, side, d1, d2, lp.result);
    if (got === null || got.length !== lp.play.length || got.some((h, i) => h !== lp.play[i])) differ++;
  }
  // the board itself: reached by no play when a checker can move
  const stay = legalPlayTo(board, side, d1, d2, board);
  if (stay !== null && plays.length > 0) differ++;
  // the positions of one hop of either die, and those of another roll: legal with these dice only when
  // some play of these dice reaches them
  const keys = new Set(plays.map((lp) => lp.key));
  for (const die of [d1, d2])
    for (let from = 25; from >= 1; from--) {
      let part: Board;
      try {
        part = applyPlay(board, side, [{ from, to: Math.max(0, from - die) }]);
      } catch {
        continue; // no checker there, or the point is blocked
      }
      const got = legalPlayTo(board, side, d1, d2, part);
      if ((got !== null) !== keys.has(boardKey(part))) differ++;
    }
  for (const lp of legalPlays(board, side, other[0], other[1])) {
    const got = legalPlayTo(board, side, d1, d2, lp.result);
    if ((got !== null) !== keys.has(lp.key)) differ++;
  }
  return differ;
}

test('legalPlayTo gives legalPlays’ play for each position of the reference SGFs', () => {
  const met = defaultMet();
  let positions = 0;
  let differ = 0;
  for (const file of [...refFiles('gnubg', '.sgf'), ...refFiles('sgf', '.sgf')]) {
    const { match } = parseBytes(bytesOf(file), { file, met });
    for (const game of match.games)
      for (const d of game.decisions) {
        if (d.kind !== 'checker') continue;
        const [a, b] = d.dice;
        differ += check(d.board, d.player, a, b, [a === 6 ? 1 : a + 1, b]);
        positions++;
      }
  }
  expect(differ).toBe(0);
  expect(positions).toBeGreaterThan(4000);
});

test('legalPlayTo gives legalPlays’ play on random boards, the bar and the bear-off', () => {
  const next = seededUniform(7);
  let differ = 0;
  for (let n = 0; n < 1500; n++) {
    const sides = [new Array<number>(25).fill(0), new Array<number>(25).fill(0)];
    const home = n % 3 === 0;
    for (const side of [0, 1] as const) {
      const other = sides[side === 0 ? 1 : 0]!;
      for (let c = 0; c < 15; c++) {
        const r = next();
        if (r < 0.06) sides[side]![BAR_INDEX]!++;
        else if (r >= 0.12) {
          const i = side === 0 && home ? Math.floor(next() * 6) : Math.floor(next() * 24);
          if (other[23 - i]! === 0) sides[side]![i]!++;
        }
      }
    }
    const die = () => 1 + Math.floor(next() * 6);
    differ += check([sides[0]!, sides[1]!], 0, die(), die(), [die(), die()]);
  }
  expect(differ).toBe(0);
});
