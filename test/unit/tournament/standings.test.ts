import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { parseEventJson } from '../../../src/tournament/file.js';
import { computeStandings, defaultSeed, pairNextRound } from '../../../src/tournament/standings.js';

const example = (name: string) =>
  parseEventJson(readFileSync(new URL(`../../../examples/${name}`, import.meta.url), 'utf8'), name);

describe('computeStandings', () => {
  it("reproduces the KTS document's example: Angelo 6333708", () => {
    const s = computeStandings(example('kts-example.json'));
    const points = Object.fromEntries(s.rows.map((r) => [r.player, r.points]));
    // the document's points after round 2
    expect(points).toEqual({ Angelo: 6, Benedetto: 1, Michele: 3, Giovanni: 2, Vincenzo: 3 });
    expect(s.rows[0]).toMatchObject({
      rank: 1,
      player: 'Angelo',
      tiebreaks: [{ value: 6333708, text: '6333708' }],
    });
    expect(s.rules).toContain('absent 1');
  });

  it('orders by points, then the tiebreaks in order, then the name; equal rows share a rank', () => {
    const event = parseEventJson(
      JSON.stringify({
        system: { type: 'swiss' },
        players: ['D', 'C', 'B', 'A'].map((name) => ({ name })),
        tiebreaks: ['head-to-head', 'omw'],
        results: [
          { round: 1, player: 'A', opponent: 'B', result: 'loss' },
          { round: 1, player: 'C', opponent: 'D', result: 'win' },
          { round: 2, player: 'B', opponent: 'C', result: 'loss' },
          { round: 2, player: 'A', opponent: 'D', result: 'win' },
        ],
      }),
      'e.json',
    );
    const s = computeStandings(event);
    // default points win 1 / loss 0: C 2; A 1 and B 1 (B beat A head-to-head); D 0
    expect(s.rows.map((r) => [r.rank, r.player, r.points])).toEqual([
      [1, 'C', 2],
      [2, 'B', 1],
      [3, 'A', 1],
      [4, 'D', 0],
    ]);
    // B met A (3/6) and C (6/6)
    expect(s.rows[1]!.tiebreaks[1]!.text).toBe('75.00 %');
    const tie = computeStandings({ ...event, tiebreaks: [] });
    expect(tie.rows.map((r) => [r.rank, r.player])).toEqual([
      [1, 'C'],
      [2, 'A'],
      [2, 'B'],
      [4, 'D'],
    ]);
  });

  it('McMahon standings show the start score and order by McMahon score', () => {
    const s = computeStandings(example('mcmahon-12.json'));
    expect(s.system).toBe('mcmahon');
    for (const r of s.rows) expect(r.start).toBeGreaterThanOrEqual(1);
    const mms = s.rows.map((r) => r.points);
    expect([...mms].sort((a, b) => b - a)).toEqual(mms);
  });
});

describe('pairNextRound', () => {
  it('derives the seed from the event name and round, so reruns agree', () => {
    const event = example('swiss-8.json');
    const a = pairNextRound(event);
    expect(a.seedDerived).toBe(true);
    expect(a.seed).toBe(defaultSeed(event.name, 4));
    expect(pairNextRound(event)).toEqual(a);
    expect(a.pairing.pairs).toHaveLength(4);
    expect(a.pairing.rematches).toBe(0);
    const b = pairNextRound(event, 42);
    expect(b).toMatchObject({ seed: 42, seedDerived: false });
  });
});
