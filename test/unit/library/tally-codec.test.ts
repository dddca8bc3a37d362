/**
 * The stored tally keyed by accumulator (schema 8, src/library/tally-codec.ts): every state under its id,
 * read back whole; a state the text lacks (a match stored before its accumulator existed) is unknown, and
 * stays unknown through merges; a key no accumulator has is refused. The tallies are those of
 * test/reference-matches/xg/test.xg (XG: 162 and 140 counted decisions, expected/test.xg.json).
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import {
  decodeLegacyTally,
  decodeTally,
  encodeLegacyTally,
  encodeTally,
} from '../../../src/library/tally-codec.js';
import { REGISTRY } from '../../../src/metrics/index.js';
import { defaultMet } from '../../../src/metrics/match-report.js';
import {
  addTallies,
  matchTallies,
  type PlayerTally,
  playerStats,
  prSums,
} from '../../../src/metrics/player-stats.js';
import { parseMatchFiles } from '../../../src/parsers/index.js';

const met = defaultMet();
const { match } = parseMatchFiles(
  [{ file: 'test.xg', bytes: readFileSync(new URL('../../reference-matches/xg/test.xg', import.meta.url)) }],
  met,
);
const [t0, t1] = matchTallies(met, match);

/** The accumulators the positional tally of schemas 1–7 held, and those registered since. */
const LEGACY: readonly string[] = ['decisions', 'mwc', 'units', 'difficulty', 'errors', 'snowie', 'gnubg'];
const LATER = REGISTRY.map((a) => a.id).filter((id) => !LEGACY.includes(id));

/** `t` with the states of the accumulators registered since schema 7 taken from `from`. */
function withLater(t: PlayerTally, from: PlayerTally): PlayerTally {
  const states = { ...t.states } as Record<string, unknown>;
  for (const id of LATER) states[id] = from.states[id];
  return { ...t, states: states as PlayerTally['states'], unknown: [] };
}

describe('the stored tally', () => {
  it('holds each accumulator under its id, in the registry order', () => {
    const stored = JSON.parse(encodeTally(t0)) as Record<string, unknown>;
    expect(Object.keys(stored)).toEqual(['player', 'matches', ...REGISTRY.map((a) => a.id)]);
    expect(decodeTally(encodeTally(t0))).toEqual(t0);
    expect(prSums(decodeTally(encodeTally(t0))).decisions).toBe(162);
  });

  it('a state the text lacks is unknown, and stays unknown when merged', () => {
    const stored = JSON.parse(encodeTally(t0)) as Record<string, unknown>;
    delete stored.snowie;
    const t = decodeTally(JSON.stringify(stored));
    expect(t.unknown).toEqual(['snowie']);
    expect(addTallies(t1, t).unknown).toEqual(['snowie']);
    expect(JSON.parse(encodeTally(t)).snowie).toBeUndefined();
  });

  it('a key no accumulator has, or a state longer than its shape, is refused', () => {
    const stored = JSON.parse(encodeTally(t0)) as Record<string, unknown[]>;
    expect(() => decodeTally(JSON.stringify({ ...stored, other: [1] }))).toThrow(/no accumulator knows/);
    expect(() => decodeTally(JSON.stringify({ ...stored, errors: [...stored.errors!, 1] }))).toThrow(
      /errors longer than its shape/,
    );
  });

  it('the positional form of schemas 1–7 reads back as the same tally, later accumulators unknown', () => {
    const back = decodeLegacyTally(encodeLegacyTally(t1));
    expect(back.unknown).toEqual(LATER);
    expect(withLater(back, t1)).toEqual(t1);
    // an aggregate's exact sums were stored rounded: the same figures
    const two = addTallies(t0, t1);
    expect(playerStats(withLater(decodeLegacyTally(encodeLegacyTally(two)), two))).toEqual(playerStats(two));
  });
});
