/**
 * A BiasCollector keeping the figures only (`rows: null`, what `bdb biases` as tables without boards uses)
 * gives every figure a collector keeping the rows gives: the blot and exposure sums are added as the rows
 * come, in their order, so the estimates are the same numbers, not merely close. The figures themselves are
 * checked against real data elsewhere (test/unit/metrics/blot-bias.test.ts, tilt.test.ts, the CLI tests);
 * this checks that the two ways of keeping them agree on real matches: the ten gnuBG-made matches of
 * test/reference-matches/gnubg (GNU Backgammon 1.07/1.08 SGF, README there) and test.xg (XG 2.19).
 */
import { expect, test } from 'vitest';
import { defaultMet } from '../../../src/metrics/match-report.js';
import { parseMatchFiles } from '../../../src/parsers/index.js';
import {
  BiasCollector,
  type BiasKeep,
  biasedBlotRows,
  type PlayerBiases,
} from '../../../src/report/biases.js';
import { bytesOf, GNUBG_MADE, REF_DIR } from '../../helpers/fixtures.js';

const FILES = [...GNUBG_MADE.map((g) => `${REF_DIR}gnubg/${g}.sgf`), `${REF_DIR}xg/test.xg`];

/** A person's biases without the row lists (what the figures-only collector leaves empty). */
function figures(p: PlayerBiases): unknown {
  const { rows: _br, unreadRefs: _bu, ...blots } = p.blots;
  const { rows: _er, unreadRefs: _eu, ...exposure } = p.exposure;
  return { ...p, blots, exposure };
}

/** The biases of the FILES' persons under two ways of keeping (the same matches added to each, in order). */
function bothWays(a: BiasKeep, b: BiasKeep): [PlayerBiases[], PlayerBiases[]] {
  const collectors = [new BiasCollector({}, a), new BiasCollector({}, b)];
  for (const file of FILES) {
    const { match } = parseMatchFiles([{ file, bytes: bytesOf(file) }], met);
    for (const c of collectors) c.add(match);
  }
  return [collectors[0]!.results(), collectors[1]!.results()];
}

const met = defaultMet();

test('biases: the figures-only collector gives the figures of the collector keeping the rows, exactly', () => {
  const [kept, only] = bothWays({ met }, { met, rows: null });
  // the matches have blot decisions and unread plays to count
  expect(kept.reduce((n, p) => n + p.blots.estimate.n, 0)).toBeGreaterThan(500);
  expect(only.map(figures)).toEqual(kept.map(figures));
  for (const p of only) {
    expect(p.blots.rows.length).toBe(0);
    expect(p.exposure.unreadRefs.length).toBe(0);
  }
  // and the kept rows fold to the same unread counts
  for (const p of kept) expect(p.blots.unread).toBe(p.blots.unreadRefs.length);
});

test('biases --boards: keeping the costliest blot rows only picks the rows and the count the full rows give', () => {
  const [kept, only] = bothWays({ met, plays: true }, { met, plays: true, rows: null, costliest: 10 });
  expect(only.map(figures)).toEqual(kept.map(figures));
  let compared = 0;
  kept.forEach((p, i) => {
    for (const most of [1, 3, 10]) {
      const full = biasedBlotRows(p, most);
      expect(biasedBlotRows(only[i]!, most)).toEqual(full);
      compared += full.costliest.length;
    }
    expect(only[i]!.blots.rows.length).toBeLessThanOrEqual(10);
  });
  expect(compared).toBeGreaterThan(100);
});
