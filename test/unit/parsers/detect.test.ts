/**
 * Units from names and heads alone (src/parsers/detect.ts): no disk is read here, the folder listings are
 * given. The names follow gnuBG's text export, one file per game: NAME.txt, then NAME_002.txt … (gnuBG's
 * `filename_from_iGame`, spec/formats.md §3.1).
 */
import { describe, expect, it } from 'vitest';
import { type DetectedFile, type ListFolder, matchUnits } from '../../../src/parsers/detect.js';

const folder: Record<string, string[]> = {
  '/m': ['a.xg', 'g.txt', 'g_002.txt', 'g_003.txt', 'notes.txt', 'z.mat', 'z.sgf'],
};
const list: ListFolder = (dir) => folder[dir] ?? null;

const files: DetectedFile[] = [
  { file: '/m/z.mat', format: 'mat' },
  { file: '/m/g.txt', format: 'gnubg-text' },
  { file: '/m/a.xg', format: 'xg' },
  { file: '/m/z.sgf', format: 'sgf' },
  // a game file whose first bytes no format claims: read with its export all the same
  { file: '/m/g_003.txt', format: null },
  { file: '-', format: undefined },
];

describe('matchUnits', () => {
  it("gathers an export's game files found beside its first file, in place of that file", () => {
    expect(matchUnits(files, list)).toEqual([
      { format: 'mat', files: ['/m/z.mat'] },
      { format: 'gnubg-text', files: ['/m/g.txt', '/m/g_002.txt', '/m/g_003.txt'] },
      { format: 'xg', files: ['/m/a.xg'] },
      { format: 'sgf', files: ['/m/z.sgf'] },
      { format: undefined, files: ['-'] },
    ]);
  });

  it('puts the best readings first: XG, SGF, gnuBG text, then transcripts and standard input', () => {
    expect(matchUnits(files, list, true).map((u) => u.files[0])).toEqual([
      '/m/a.xg',
      '/m/z.sgf',
      '/m/g.txt',
      '/m/z.mat',
      '-',
    ]);
  });

  it('reads the first file of an export alone when its folder cannot be listed', () => {
    expect(matchUnits([{ file: '/gone/g.txt', format: 'gnubg-text' }], list)).toEqual([
      { format: 'gnubg-text', files: ['/gone/g.txt'] },
    ]);
  });
});
