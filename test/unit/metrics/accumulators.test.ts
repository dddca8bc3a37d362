/**
 * The registry's merge does not depend on order (src/metrics/accumulator.ts, tally-parts.ts; issue 38,
 * item 3): over a folder of real matches, the per-person figures of one pass (PlayerAggregator, in file
 * order) and those of the same matches shuffled, cut into parts, each part added up from `emptyTally` and
 * the parts merged in a shuffled order, are the same to the last bit (Object.is on every number), for 20
 * seeded shuffles. No expected figure: the property compares bdb with itself, the figures themselves are
 * checked against XG and gnuBG by test/reference-matches/*.test.ts.
 *
 * Folders: every match of test/reference-matches; and the 79 Llabba matches gnuBG analysed
 * (../shared/reference-matches/gnubg-text-bglab/, skipped when absent), where adding them in 10 shuffled
 * orders without exact sums gave 10 different sets of figures.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, test } from 'vitest';
import type { IntervalMethod } from '../../../src/metrics/bootstrap.js';
import { defaultMet, PlayerAggregator, reportMatch } from '../../../src/metrics/match-report.js';
import {
  addTalliesInto,
  emptyTally,
  type PlayerStats,
  type PlayerTally,
  playerStats,
} from '../../../src/metrics/player-stats.js';
import { groupGnubgTextFiles } from '../../../src/parsers/gnubg-text/index.js';
import { parseMatchFiles } from '../../../src/parsers/index.js';
import { REF_DIR, shared } from '../../helpers/fixtures.js';
import { prng } from '../../helpers/prng.js';

const met = defaultMet();
const MATCH_FILE = /\.(xg|xgp|sgf|mat|txt)$/i;

function walk(dir: string): string[] {
  return readdirSync(dir)
    .sort()
    .flatMap((n) => {
      const p = join(dir, n);
      return statSync(p).isDirectory() ? walk(p) : MATCH_FILE.test(n) ? [p] : [];
    });
}

/** Each match of a folder (a gnuBG text export's per-game files together) as its two seats' tallies. */
function folderTallies(dir: string): (readonly PlayerTally[])[] {
  const files = walk(dir);
  const text = files.filter((f) => f.toLowerCase().endsWith('.txt'));
  const units = [
    ...files.filter((f) => !f.toLowerCase().endsWith('.txt')).map((f) => [f]),
    ...groupGnubgTextFiles(text),
  ];
  const out: (readonly PlayerTally[])[] = [];
  for (const unit of units) {
    try {
      const { match } = parseMatchFiles(
        unit.map((file) => ({ file, bytes: new Uint8Array(readFileSync(file)) })),
        met,
      );
      out.push(reportMatch(match, met).tallies);
    } catch {
      // not a match file bdb reads (a position list, a damaged sample): not part of the property
    }
  }
  return out;
}

function shuffled<T>(list: readonly T[], random: () => number): T[] {
  const out = [...list];
  for (let i = out.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    [out[i], out[j]] = [out[j]!, out[i]!];
  }
  return out;
}

/** Per person, the matches of one part added up from the empty tally. */
function partTotals(matches: readonly (readonly PlayerTally[])[]): Map<string, PlayerTally> {
  const byName = new Map<string, PlayerTally>();
  for (const seats of matches)
    for (const t of seats) {
      let total = byName.get(t.player);
      if (!total) {
        total = emptyTally(t.player);
        byName.set(t.player, total);
      }
      addTalliesInto(total, t);
    }
  return byName;
}

/** The matches shuffled, cut into 2–6 parts at random places, the parts merged in a shuffled order. */
function splitAndMerge(matches: readonly (readonly PlayerTally[])[], random: () => number): PlayerTally[] {
  const order = shuffled(matches, random);
  const cuts = new Set<number>();
  const parts = 2 + Math.floor(random() * 5);
  while (cuts.size < parts - 1) cuts.add(1 + Math.floor(random() * (order.length - 1)));
  const bounds = [0, ...[...cuts].sort((a, b) => a - b), order.length];
  const totals = bounds.slice(1).map((end, k) => partTotals(order.slice(bounds[k], end)));
  const merged = new Map<string, PlayerTally>();
  for (const part of shuffled(totals, random))
    for (const [name, t] of part) {
      const into = merged.get(name);
      if (into) addTalliesInto(into, t);
      else merged.set(name, t);
    }
  return [...merged.values()];
}

/** Where two values differ: every number compared with Object.is (−0, NaN and the last bit count). */
function differences(a: unknown, b: unknown, at = ''): string[] {
  if (typeof a === 'number' || typeof b === 'number')
    return Object.is(a, b) ? [] : [`${at}: ${String(a)} ≠ ${String(b)}`];
  if (typeof a !== 'object' || a === null || typeof b !== 'object' || b === null)
    return a === b ? [] : [`${at}: ${String(a)} ≠ ${String(b)}`];
  const keys = new Set([...Object.keys(a), ...Object.keys(b)]);
  return [...keys].flatMap((k) =>
    differences((a as Record<string, unknown>)[k], (b as Record<string, unknown>)[k], `${at}.${k}`),
  );
}

const byPlayer = (x: PlayerStats, y: PlayerStats): number => (x.player < y.player ? -1 : 1);

function checkFolder(dir: string): void {
  const matches = folderTallies(dir);
  const onePass = (): PlayerAggregator => {
    const agg = new PlayerAggregator();
    for (const tallies of matches) agg.add({ tallies });
    return agg;
  };
  const expected = onePass().results().sort(byPlayer);
  const random = prng(20260);
  const boot: IntervalMethod = { kind: 'bootstrap', ci: 'percentile', resamples: 200, seed: 7 };
  const expectedBoot = [...onePass().totals().values()].map((t) => playerStats(t, boot)).sort(byPlayer);
  for (let round = 0; round < 20; round++) {
    const totals = splitAndMerge(matches, random);
    const got = totals.map((t) => playerStats(t)).sort(byPlayer);
    expect(differences(got, expected), `round ${round}`).toEqual([]);
    // the bootstrap draws units in order: the same order whatever the merges'
    if (round < 3)
      expect(differences(totals.map((t) => playerStats(t, boot)).sort(byPlayer), expectedBoot)).toEqual([]);
  }
  // nothing a merge did changed a match's own tallies
  expect(differences(onePass().results().sort(byPlayer), expected)).toEqual([]);
}

describe('merging tallies in any order and grouping', () => {
  test('every match of test/reference-matches: the figures of one pass, to the last bit', () => {
    checkFolder(REF_DIR);
  }, 120_000);

  const llabba = shared('reference-matches/gnubg-text-bglab');
  test.skipIf(llabba.absent)(
    llabba.title('the 79 Llabba matches gnuBG analysed: the figures of one pass, to the last bit'),
    () => {
      checkFolder(llabba.dir);
    },
    300_000,
  );
});
