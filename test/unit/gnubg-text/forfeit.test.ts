/**
 * A gnuBG text export of a match forfeited before the first move reads as a match without decisions, as its
 * SGF does. test/reference-matches/gnubg-forfeit/: made with GNU Backgammon 1.07.001 (Debian 12 package) by
 * the commands in commands.txt (both players human, a 1-point match, the player on roll resigns at once, the
 * other accepts; `export match text`, `save match`), in one session.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, test } from 'vitest';
import { defaultMet } from '../../../src/metrics/match-report.js';
import { sniffGnubgText } from '../../../src/parsers/gnubg-text/index.js';
import { parseMatchFiles } from '../../../src/parsers/index.js';
import { REF_DIR } from '../../helpers/fixtures.js';
import { countDiffs } from '../../helpers/printed-counts.js';

const DIR = `${REF_DIR}gnubg-forfeit/`;
const read = (name: string) =>
  parseMatchFiles(
    [{ file: `${DIR}${name}`, bytes: new Uint8Array(readFileSync(`${DIR}${name}`)) }],
    defaultMet(),
  );

describe('a match forfeited before any move', () => {
  test('the text export is recognised (it has no move block, only the game statistics)', () => {
    expect(sniffGnubgText(new Uint8Array(readFileSync(`${DIR}forfeit.txt`)))).toBe(true);
  });
  test('the text export and the SGF give the same match: 1 point, one game, no decision, gnubg wins 1–0', () => {
    const text = read('forfeit.txt');
    const sgf = read('forfeit.sgf');
    expect(text.warnings).toEqual([]);
    for (const { match } of [text, sgf]) {
      expect(match.players).toEqual(['gnubg', 'root']);
      expect(match.matchLength).toBe(1);
      expect(match.games.length).toBe(1);
      expect(match.games[0]!.decisions).toEqual([]);
      expect(match.games[0]!.winner).toBe(0);
      expect(match.games[0]!.points).toBe(1);
    }
  });
  test("every count of gnuBG's printed Match statistics (all 0) equals bdb's", () => {
    const r = countDiffs([`${DIR}forfeit.txt`]);
    expect(r.diffs).toEqual([]);
    expect(r.compared).toBe(34);
  });
});
