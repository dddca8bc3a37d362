/**
 * Every count gnuBG prints in a text export's "Match statistics" (moves, marks, cube decisions, close cube
 * decisions and the six cube-error classes) equals bdb's reading of the same export, player by player.
 *
 * - gnubg-generated/: the 48 matches played and analysed by gnuBG 1.07.001 (../shared/reference-matches, its
 *   README), read from their text exports; the expected counts are the "Match statistics" gnuBG printed at the
 *   end of each export. Four of them are copied in test/reference-matches/gnubg/ (g0001, g0002, g0035, g0047)
 *   and always checked; the whole 48 when ../shared is beside the clone.
 * - test/history/llabba/: a slice of the 79 Backgammon Studio matches analysed by gnuBG 1.07.001 (Windows) at
 *   4-ply (test/history/README.md), the matches whose cube decisions print ties (ND, DT and DP equal to the
 *   printed 3 decimals, "-0.000" and "+0.000" alerts) or a gap of exactly 0.160 to the close-cube threshold;
 *   the whole folder is compared by `npm run parity`.
 */
import { fileURLToPath } from 'node:url';
import { describe, expect, test } from 'vitest';
import { GNUBG_MADE, REF_DIR, shared } from '../../helpers/fixtures.js';
import { PRINTED_COUNT_ROWS } from '../../helpers/gnubg-stats-txt.js';
import { allCountDiffs, countDiffs, textMatches } from '../../helpers/printed-counts.js';

const GENERATED = shared('reference-matches/gnubg-generated');
const LLABBA = fileURLToPath(new URL('../../history/llabba/', import.meta.url));

describe("gnuBG's printed Match statistics = bdb's counts", () => {
  test.skipIf(GENERATED.absent)(
    GENERATED.title('the 48 gnubg-generated matches: 1,632 counts, all equal'),
    () => {
      const groups = textMatches(GENERATED.dir);
      expect(groups.length).toBe(48);
      const { compared, diffs } = allCountDiffs(groups);
      expect(diffs).toEqual([]);
      expect(compared).toBe(48 * PRINTED_COUNT_ROWS.length * 2);
    },
  );

  // g0001, g0002, g0035 (beavers and raccoons) and g0047 (a chain of beavers): gnubg-generated, copied; then
  // money sessions with beavers, raccoons and a redouble after them, one under the Jacoby rule (g1547) and a
  // 5-point match analysed at 2-ply (g1262), made here by gnuBG 1.07.001
  // (../shared/tools/gnubg-corpus.sh OUT SEED 1 0; test/reference-matches/README.md): after a beavered double
  // is taken, gnuBG's statistics treat the cube as the taker's, so the beaverer's later no-doubles are close
  // decisions but never missed doubles (analysis.c updateStatisticsMove, eval.c FindBestCubeDecision)
  const BEAVERS = `${REF_DIR}gnubg/`;
  test.each(GNUBG_MADE)('in the repository: %s', (name) => {
    const group = textMatches(BEAVERS).find((g) => g[0]!.endsWith(`/${name}.txt`));
    expect(group).toBeDefined();
    const r = countDiffs(group!);
    expect(r.diffs).toEqual([]);
    expect(r.compared).toBe(PRINTED_COUNT_ROWS.length * 2);
  });

  // the Llabba matches whose cube figures hang on a printed tie or a gap of exactly 0.160
  const SLICE = [
    'Seiferdrengen - Llabba 13pt Backgammon Studio 2023_01_04 14_23_00', // "+0.000" and "-0.000" alerts, 1.000 ties
    'FAETHON - Llabba 13pt Backgammon Studio 2023_06_29 18_26_07', // two "-0.000" ties gnuBG does not count
    'Gibraltar_Mike - Llabba 13pt Backgammon Studio 2023_03_22 21_22_47', // three "-0.000" ties gnuBG counts
    'GrigoryRevaz - Llabba 9pt Backgammon Studio 2023_09_14 09_36_55', // "+0.000" alerts; a 0.160 gap
    'Llabba - DrVirus 13pt Backgammon Studio 2023_04_17 14_13_25', // "No double" with ND = DT: a wrong double
    'Minchy - Llabba 13pt Backgammon Studio 2023_02_24 19_44_27', // "take" with DT = DP: a wrong pass
    'Llabba - Jaflo 13pt Backgammon Studio 2023_10_24 19_07_37', // 0.160 gaps
    'kris - Llabba 7pt Backgammon Studio 2023_06_18 16_27_48', // 0.160 gaps
  ];
  test.each(SLICE)('Llabba: %s', (name) => {
    const group = textMatches(LLABBA).find((g) => g[0]!.endsWith(`/${name}.txt`));
    expect(group).toBeDefined();
    const r = countDiffs(group!);
    expect(r.diffs).toEqual([]);
    expect(r.compared).toBe(PRINTED_COUNT_ROWS.length * 2);
  });
});
