/**
 * The cube through chains of beavers, as gnuBG moves it, for every reader that uses the one game builder
 * (src/parsers/game-builder.ts). Expected values: GNU Backgammon 1.07.001's own `show cube` while stepping
 * through the SGF it saved (`load match`, `first game`, `next` …), test/reference-matches/gnubg/:
 * - g0143.sgf game 1: Bob doubles ("The cube is at 1, and is centred."), Sofía beavers ("at 2, and is owned
 *   by Sofía"), Bob takes ("at 4, and is owned by Sofía").
 * - g0227.sgf game 1: Sofía doubles, Bob beavers, Sofía raccoons, Bob beavers again, Sofía takes: "The cube is
 *   at 16, and is owned by Bob."
 */
import { describe, expect, test } from 'vitest';
import { defaultMet } from '../../../src/metrics/match-report.js';
import type { Match } from '../../../src/model/types.js';
import { parseMatchFiles } from '../../../src/parsers/index.js';
import { bytesOf, REF_DIR } from '../../helpers/fixtures.js';

const DIR = `${REF_DIR}gnubg/`;
const readings: Record<string, (name: string) => string[]> = {
  SGF: (n) => [`${n}.sgf`],
  'text export': (n) => [`${n}.txt`, `${n}_002.txt`, `${n}_003.txt`],
  '.mat': (n) => [`${n}.mat`],
};

function read(files: string[]): Match {
  const met = defaultMet();
  return parseMatchFiles(
    files.map((f) => ({ file: f, bytes: bytesOf(`${DIR}${f}`) })),
    met,
  ).match;
}

/** Cube value and owner before each cube action of the first game, and after the exchange. */
function firstExchange(m: Match) {
  const ds = m.games[0]!.decisions;
  const cube = ds.filter((d) => d.kind === 'cube' && d.action !== 'no-double');
  const last = ds.indexOf(cube.find((d) => d.kind === 'cube' && d.afterBeaver)!);
  const next = ds.slice(last + 1).find((d) => d.kind === 'checker')!;
  return {
    before: cube.slice(0, cube.indexOf(ds[last]!) + 1).map((d) => [d.cubeValue, d.cubeOwner]),
    after: [next.cubeValue, next.cubeOwner],
  };
}

describe.each(Object.keys(readings))('%s reading', (how) => {
  test('g0143 game 1: double, beaver, take', () => {
    const m = read(readings[how]!('g0143'));
    expect(m.players).toEqual(['Sofía', 'Bob']);
    expect(firstExchange(m)).toEqual({
      before: [
        [1, -1],
        [1, -1],
        [2, 0],
      ],
      after: [4, 0],
    });
  });

  test('g0227 game 1: double, beaver, raccoon, beaver, take', () => {
    const m = read(readings[how]!('g0227'));
    expect(m.players).toEqual(['Sofía', 'Bob']);
    expect(firstExchange(m).after).toEqual([16, 1]);
  });
});
