/**
 * The analysis mix in words (src/report/analysis-mix.ts). The analyser strings are those real files carry:
 * gnuBG's SGF `AP[GNU Backgammon:1.07.001]` (293 files of ../shared/reference-matches) and its Windows
 * build's `AP[GNU Backgammon:1.07.001-mingw 32-Bit]` (9 files there).
 */
import { describe, expect, it } from 'vitest';
import { analysisMixWords } from '../../../src/report/analysis-mix.js';

describe('analysisMixWords', () => {
  it('says analyses that read the same once, their matches added, in the order first met', () => {
    expect(
      analysisMixWords([
        { analyser: 'GNU Backgammon 1.07.001', checkerDepth: '1-ply', cubeDepth: null, matches: 1 },
        {
          analyser: 'GNU Backgammon 1.07.001-mingw 32-Bit',
          checkerDepth: '1-ply',
          cubeDepth: '1-ply',
          matches: 2,
        },
        { analyser: 'GNU Backgammon 1.07.001', checkerDepth: '4-ply', cubeDepth: null, matches: 69 },
      ]),
    ).toBe('gnuBG 1.07 1-ply (3 matches), gnuBG 1.07 4-ply (69)');
  });

  it('keeps analyses that read differently apart', () => {
    expect(
      analysisMixWords([
        { analyser: 'eXtreme Gammon', checkerDepth: '4-ply', cubeDepth: '2-ply', matches: 1 },
        { analyser: 'eXtreme Gammon', checkerDepth: '4-ply', cubeDepth: null, matches: 1 },
      ]),
    ).toBe('XG 4-ply, cube 2-ply (1 match), XG 4-ply (1)');
  });
});
