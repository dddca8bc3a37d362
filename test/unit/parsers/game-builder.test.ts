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
import { initialBoard } from '../../../src/core/board.js';
import { defaultMet } from '../../../src/metrics/match-report.js';
import type { Match } from '../../../src/model/types.js';
import { GameBuilder } from '../../../src/parsers/game-builder.js';
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

/**
 * Every reader appends its decisions through the one builder (GameBuilder.checker and .cube), so every
 * decision of every format has the builder's fields in the builder's order, whatever it knows: a shape check,
 * with no figure to expect (the files: test/reference-matches, one or two per format).
 */
describe('every reader gives the decisions of the one builder, in its shape', () => {
  const builder = new GameBuilder(0, 0, [0, 0], false);
  const source = { file: 'x', format: 'sgf' } as const;
  const shape = {
    checker: Object.keys(
      builder.checker({
        player: 0,
        dice: [3, 1],
        board: initialBoard(),
        played: [],
        source,
        candidates: [],
        playedIndex: null,
        legalCount: null,
        luck: null,
      }),
    ).join(),
    cube: Object.keys(builder.cube(0, 'no-double', null, source)).join(),
  };
  const files: Record<string, string[][]> = {
    SGF: [[`${REF_DIR}sgf/test-match01_analyzed.sgf`]],
    'gnuBG text export': [['g0143.txt', 'g0143_002.txt', 'g0143_003.txt'].map((f) => `${DIR}${f}`)],
    '.mat': [[`${REF_DIR}mat/test-match01.mat`]],
    XG: [[`${REF_DIR}xg/test.xg`]],
    'XG position text': [
      [`${REF_DIR}xg-text/01_checkerPosition_EN.txt`],
      [`${REF_DIR}xg-text/02_NDT_EN.txt`],
    ],
  };
  test.each(Object.keys(files))('%s', (name) => {
    const met = defaultMet();
    const seen = new Set<string>();
    for (const group of files[name]!) {
      const m = parseMatchFiles(
        group.map((f) => ({ file: f, bytes: bytesOf(f) })),
        met,
      ).match;
      for (const d of m.games.flatMap((g) => g.decisions)) {
        expect(Object.keys(d).join()).toBe(shape[d.kind]);
        seen.add(d.kind);
      }
    }
    expect([...seen].sort()).toEqual(['checker', 'cube']);
  });
});
