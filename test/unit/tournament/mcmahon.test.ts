import { describe, expect, it } from 'vitest';
import type { TournamentEvent } from '../../../src/tournament/event.js';
import { resultTable } from '../../../src/tournament/event.js';
import {
  MCMAHON_POINTS,
  mcmahonInitialScores,
  mcmahonRules,
  mcmahonScores,
  pairMcMahonRound,
} from '../../../src/tournament/mcmahon.js';
import { sos } from '../../../src/tournament/tiebreaks.js';

const system = { type: 'mcmahon', groups: [1300, 1500, 1700, 1900], bar: 1700, floor: 1300 } as const;

const event: TournamentEvent = {
  system,
  players: [
    { name: 'Top', rating: 2100 }, // above the bar: starts at the bar's group (3)
    { name: 'Bar', rating: 1700 }, // 3
    { name: 'Mid', rating: 1550 }, // 2
    { name: 'Low', rating: 1350 }, // 1
    { name: 'Under', rating: 900 }, // below the floor: the floor's group (1)
    { name: 'Unrated' }, // at the floor (1)
  ],
  results: [
    { round: 1, player: 'Top', opponent: 'Bar', result: 'win' },
    { round: 1, player: 'Mid', opponent: 'Low', result: 'draw' },
    { round: 1, player: 'Under', opponent: 'bye', result: 'win' },
  ],
};

describe('McMahon scores', () => {
  it('places players in rating groups with the bar and the floor', () => {
    expect(Object.fromEntries(mcmahonInitialScores(event))).toEqual({
      Top: 3,
      Bar: 3,
      Mid: 2,
      Low: 1,
      Under: 1,
      Unrated: 1,
    });
  });

  it('without bar and floor, groups run from 0 upwards', () => {
    const open = { ...event, system: { type: 'mcmahon' as const, groups: [1300, 1500, 1700, 1900] } };
    expect(Object.fromEntries(mcmahonInitialScores(open))).toEqual({
      Top: 4,
      Bar: 3,
      Mid: 2,
      Low: 1,
      Under: 0,
      Unrated: 0,
    });
  });

  it('is MMS₀ + Go points: win 1, draw ½, bye 1, absent ½', () => {
    expect(MCMAHON_POINTS).toEqual({ win: 1, draw: 0.5, loss: 0 });
    expect(Object.fromEntries(mcmahonScores(event))).toEqual({
      Top: 4,
      Bar: 3,
      Mid: 2.5,
      Low: 1.5,
      Under: 2,
      Unrated: 1.5,
    });
  });

  it('SOS counts a round without an opponent as the player own start MMS (EGF)', () => {
    const table = resultTable(event);
    const s = sos(table, mcmahonRules(event));
    expect(s.get('Top')).toBe(3); // Bar's score
    expect(s.get('Under')).toBe(1); // bye: own MMS₀
    expect(s.get('Unrated')).toBe(1); // absent: own MMS₀
  });

  it('rejects a Swiss event', () => {
    expect(() => mcmahonInitialScores({ ...event, system: { type: 'swiss' } })).toThrow(
      'not a McMahon event',
    );
  });
});

describe('pairMcMahonRound', () => {
  it('round 1 pairs within the rating groups', () => {
    const fresh: TournamentEvent = {
      system: { type: 'mcmahon', groups: [1500] },
      players: [
        { name: 'A', rating: 1800 },
        { name: 'B', rating: 1700 },
        { name: 'C', rating: 1600 },
        { name: 'D', rating: 1550 },
        { name: 'E', rating: 1400 },
        { name: 'F', rating: 1300 },
      ],
      results: [],
    };
    for (let seed = 0; seed < 10; seed++) {
      const p = pairMcMahonRound(fresh, { seed });
      expect(p.round).toBe(1);
      expect(p.bye).toBeNull();
      const strong = new Set(['A', 'B', 'C', 'D']);
      const crossing = p.pairs.filter(([x, y]) => strong.has(x) !== strong.has(y));
      expect(crossing).toHaveLength(0);
    }
  });

  it('pairs the next round on McMahon scores without rematches, the bye to the lowest', () => {
    const p = pairMcMahonRound(event, { seed: 7 });
    expect(p.round).toBe(2);
    expect(p.rematches).toBe(0);
    expect(p.pairs).toHaveLength(3);
    const names = p.pairs.flat().sort();
    expect(names).toEqual(['Bar', 'Low', 'Mid', 'Top', 'Under', 'Unrated']);
    // same seed, same pairing
    expect(pairMcMahonRound(event, { seed: 7 })).toEqual(p);
  });
});
