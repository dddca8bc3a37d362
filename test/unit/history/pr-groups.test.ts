/**
 * PR by game plan and phase (src/history/pr-groups.ts) on test.xg (XG 2.19): the groups share out exactly
 * the decisions and the errors of the PR (XG shows 162 counted decisions for Kévin Unger and 140 for
 * Maxence Job, test/reference-matches/expected/test.xg.json), and the tallies made on the way are those of
 * `matchTallies` itself.
 */
import { describe, expect, test } from 'vitest';
import {
  addGroupTally,
  emptyGroupTally,
  matchTalliesWithGroups,
  prGroups,
} from '../../../src/history/pr-groups.js';
import { defaultMet } from '../../../src/metrics/match-report.js';
import { matchTallies, prSums } from '../../../src/metrics/player-stats.js';
import { parseBytes } from '../../../src/parsers/index.js';
import { bytesOf, REF_DIR } from '../../helpers/fixtures.js';

const met = defaultMet();
const match = parseBytes(bytesOf(`${REF_DIR}xg/test.xg`), { file: 'test.xg', met }).match;

describe('PR by game plan and phase', () => {
  const { tallies, groups } = matchTalliesWithGroups(met, match);

  test('the tallies are matchTallies’ own', () => {
    expect(tallies).toEqual(matchTallies(met, match));
  });

  test.each([
    [0, 162],
    [1, 140],
  ] as const)('seat %i: the groups hold the %i counted decisions XG shows, and their errors', (seat, n) => {
    const t = tallies[seat];
    const { error: errors, decisions } = prSums(t);
    expect(decisions).toBe(n);
    for (const list of Object.values(prGroups(groups[seat]))) {
      expect(list.reduce((s, g) => s + g.decisions, 0)).toBe(n);
      expect(list.reduce((s, g) => s + g.error, 0)).toBeCloseTo(errors, 9);
      for (const g of list) expect(g.pr).toBeCloseTo((500 * g.error) / g.decisions, 12);
      // most decisions first
      for (let i = 1; i < list.length; i++)
        expect(list[i - 1]!.decisions).toBeGreaterThanOrEqual(list[i]!.decisions);
    }
    // every phase is one of the classifier's (the positions are all known in an XG file)
    for (const g of prGroups(groups[seat]).phase)
      expect(['opening', 'middlegame', 'race', 'bearoff']).toContain(g.group);
  });

  test('adding tallies adds the sums', () => {
    const both = emptyGroupTally();
    addGroupTally(both, groups[0]);
    addGroupTally(both, groups[0]);
    const one = prGroups(groups[0]).plan;
    const two = prGroups(both).plan;
    expect(two.map((g) => g.decisions)).toEqual(one.map((g) => 2 * g.decisions));
    expect(two.map((g) => g.pr)).toEqual(one.map((g) => g.pr));
  });
});
