import { describe, expect, it } from 'vitest';
import {
  defaultRounds,
  initialMcMahonScore,
  KTS_POINTS,
  type RoundResult,
  resultTable,
  TournamentError,
  type TournamentEvent,
} from '../../../src/tournament/event.js';
import {
  buchholz,
  buchholzCut1,
  buchholzMedian,
  describeTiebreakRules,
  formatKts,
  headToHead,
  kts,
  ktsFromOpponents,
  matchWinPercent,
  opponentsMatchWinPercent,
  scores,
  sonnebornBerger,
  sos,
  sosos,
} from '../../../src/tournament/tiebreaks.js';

const obj = (m: Map<string, unknown>): Record<string, unknown> => Object.fromEntries(m);

describe('KTS tiebreak: the worked example of kts-tiebreak-it.txt', () => {
  // Seed line 55: "Al termine di secondo turno" (after round 2), so n = 2. Seed lines 57-61:
  //   1. Angelo ha 6 punti / 2. Benedetto ha 1 punto / 3. Michele ha 3 punti /
  //   4. Giovanni ha 2 punti / 5. Vincenzo ha 3 punti
  // Seed lines 65-67:
  //   Angelo(6) ha giocato contro Benedetto (1) e Michele(3)
  //   Benedetto ha giocato contro Giovanni(2)
  //   Michele ha giocato contro Vincenzo (3)
  // The document lists no other meetings (its points cannot come from a complete 2-round, 5-player
  // event: Giovanni's and Vincenzo's second rounds are not given), so the example is fed as points
  // plus opponent lists, exactly as the document states them.
  const input = {
    rounds: 2,
    points: new Map([
      ['Angelo', 6],
      ['Benedetto', 1],
      ['Michele', 3],
      ['Giovanni', 2],
      ['Vincenzo', 3],
    ]),
    opponents: new Map<string, (string | null)[]>([
      ['Angelo', ['Benedetto', 'Michele']],
      ['Benedetto', ['Angelo', 'Giovanni']],
      ['Michele', ['Angelo', 'Vincenzo']],
      ['Giovanni', ['Benedetto']],
      ['Vincenzo', ['Michele']],
    ]),
  };
  const values = ktsFromOpponents(input);

  it('gives Angelo 6333708 (seed lines 70-74)', () => {
    // Line 70: "XX = 6 in quanto Angelo ha 6 punti"
    // Line 71: "YYY = 333 ... 4 / (3 * 2^2) = 4 / 12 = 0,33333 ..."
    // Line 72: "ZZZ = 708 ... Giovanni(2), Vincenzo(3), e Angelo(6) (che va contato due volte ...)
    //           hanno complessivamente 17 punti. Quindi, 17 / (3 * 2^3) = 17/24 = 0,7083333"
    // Line 74: "Il tiebreak di Angelo è 6333708."
    expect(values.get('Angelo')).toEqual({ xx: 6, yyy: 333, zzz: 708, value: 6333708 });
    expect(formatKts(values.get('Angelo')!)).toBe('6333708');
  });

  it('gives the other players the values implied by the same data (not printed in the document)', () => {
    // The document computes only Angelo's tiebreak; these follow from lines 57-67 by the same
    // formula (e.g. Benedetto: YYY = ⌊1000 × (6 + 2) / 12⌋ = 666, ZZZ = ⌊1000 × (1 + 3 + 1) / 24⌋ = 208).
    expect(Object.fromEntries([...values].map(([k, v]) => [k, formatKts(v)]))).toEqual({
      Angelo: '6333708',
      Benedetto: '1666208',
      Michele: '3750291',
      Giovanni: '2083333',
      Vincenzo: '3250375',
    });
  });

  it('counts a bye as a 0-point opponent whose opponents have 0 points (seed line 45)', () => {
    const v = ktsFromOpponents({
      rounds: 1,
      points: new Map([['A', 3]]),
      opponents: new Map([['A', [null]]]),
    });
    expect(v.get('A')).toEqual({ xx: 3, yyy: 0, zzz: 0, value: 3000000 });
  });
});

// A consistent 5-player, 2-round event used for the other tiebreaks:
// R1: A beat B, C beat D, E bye.  R2: A beat C, E beat B, D bye.
const results: RoundResult[] = [
  { round: 1, player: 'A', opponent: 'B', result: 'win' },
  { round: 1, player: 'D', opponent: 'C', result: 'loss' },
  { round: 1, player: 'E', opponent: 'bye', result: 'win' },
  { round: 2, player: 'A', opponent: 'C', result: 'win' },
  { round: 2, player: 'B', opponent: 'E', result: 'loss' },
  { round: 2, player: 'D', opponent: 'bye', result: 'win' },
];
const event: TournamentEvent = {
  players: ['A', 'B', 'C', 'D', 'E'].map((name) => ({ name })),
  system: { type: 'swiss' },
  results,
};
const table = resultTable(event);

// These hand-worked figures use the KTS rules' match points 3/1/0 (seed kts-tiebreak-it.txt), given
// explicitly: the default is win 1 / loss 0.
const K = { points: KTS_POINTS } as const;

describe('standings and tiebreaks on a small event', () => {
  it('scores 3/1/0 with the bye as a win when the event says so, else win 1 / loss 0', () => {
    expect(obj(scores(table, K))).toEqual({ A: 6, B: 0, C: 3, D: 3, E: 6 });
    expect(obj(scores(table))).toEqual({ A: 2, B: 0, C: 1, D: 1, E: 2 });
    expect(table.rounds).toBe(2);
  });

  it('computes Buchholz with each bye rule', () => {
    expect(obj(buchholz(table, K))).toEqual({ A: 3, B: 12, C: 9, D: 3, E: 0 });
    expect(obj(buchholz(table, { ...K, bye: 'own-score' }))).toEqual({ A: 3, B: 12, C: 9, D: 6, E: 6 });
    expect(obj(buchholzCut1(table, K))).toEqual({ A: 3, B: 6, C: 6, D: 0, E: 0 });
    expect(obj(buchholzCut1(table, { ...K, bye: 'zero' }))).toEqual({ A: 3, B: 6, C: 6, D: 3, E: 0 });
    expect(obj(buchholzMedian(table, K))).toEqual({ A: 0, B: 0, C: 0, D: 0, E: 0 });
    expect(obj(sos(table, { ...K, bye: () => 100 }))).toEqual({ A: 3, B: 12, C: 9, D: 103, E: 100 });
  });

  it("counts opponents' unplayed rounds as draws on request", () => {
    // D seen by opponents: loss + bye-as-draw = 1; E: bye-as-draw + win = 4.
    expect(obj(buchholz(table, { ...K, opponentUnplayed: 'as-draw' }))).toEqual({
      A: 3,
      B: 10,
      C: 7,
      D: 3,
      E: 0,
    });
  });

  it('computes SOSOS, Sonneborn-Berger, OMW% and head-to-head', () => {
    expect(obj(sosos(table, K))).toEqual({ A: 21, B: 3, C: 6, D: 9, E: 12 });
    expect(obj(sonnebornBerger(table, K))).toEqual({ A: 3, B: 0, C: 3, D: 0, E: 0 });
    expect(obj(matchWinPercent(table))).toEqual({ A: 1, B: 0.33, C: 0.5, D: 0.5, E: 1 });
    const omw = opponentsMatchWinPercent(table);
    expect(omw.get('A')).toBeCloseTo(0.415, 12);
    expect(omw.get('B')).toBe(1);
    expect(omw.get('C')).toBe(0.75);
    expect(omw.get('D')).toBe(0.5);
    expect(omw.get('E')).toBe(0.33);
    expect(obj(headToHead(table, ['A', 'C', 'E']))).toEqual({ A: 1, C: 0, E: 0 });
  });

  it('computes KTS from results, byes as 0-point opponents', () => {
    const v = kts(table, K);
    expect(formatKts(v.get('A')!)).toBe('6250875');
    expect(formatKts(v.get('D')!)).toBe('3250375');
    expect(formatKts(v.get('E')!)).toBe('6000500');
  });

  it('describes the rules in force', () => {
    expect(describeTiebreakRules({ ...K, bye: 'zero', opponentUnplayed: 'as-draw' })).toBe(
      "points win 3 / draw 1 / loss 0 / bye 3 / absent 0; own bye: zero; own absence or withdrawal: ignore; opponents' unplayed rounds: as-draw",
    );
  });
});

describe('withdrawals', () => {
  // W beat X, Y beat Z in round 1; Z withdrew after round 1; round 2: W beat Y, X bye.
  const t = resultTable({
    players: [{ name: 'W' }, { name: 'X' }, { name: 'Y' }, { name: 'Z', withdrawnAfterRound: 1 }],
    system: { type: 'swiss' },
    results: [
      { round: 1, player: 'W', opponent: 'X', result: 'win' },
      { round: 1, player: 'Y', opponent: 'Z', result: 'win' },
      { round: 2, player: 'W', opponent: 'Y', result: 'win' },
      { round: 2, player: 'X', opponent: 'bye', result: 'win' },
    ],
  });

  it('treats rounds after a withdrawal as absences under the chosen rule', () => {
    expect(t.history.get('Z')![1]).toEqual({ kind: 'absent', round: 2 });
    expect(buchholzCut1(t, K).get('Z')).toBe(0);
    expect(buchholzCut1(t, { ...K, absent: 'zero' }).get('Z')).toBe(3);
    expect(buchholz(t, { ...K, absent: 'own-score' }).get('Z')).toBe(3);
    expect(buchholz(t, K).get('Y')).toBe(6);
    expect(buchholz(t, { ...K, opponentUnplayed: 'as-draw' }).get('Y')).toBe(7);
    expect(matchWinPercent(t).get('Z')).toBe(0.33);
  });
});

describe('event checks and helpers', () => {
  it('rejects inconsistent results', () => {
    const players = [{ name: 'A' }, { name: 'B' }];
    const bad = (r: RoundResult[]) => () => resultTable({ players, system: { type: 'swiss' }, results: r });
    expect(bad([{ round: 1, player: 'A', opponent: 'Q', result: 'win' }])).toThrow(TournamentError);
    expect(
      bad([
        { round: 1, player: 'A', opponent: 'B', result: 'win' },
        { round: 1, player: 'B', opponent: 'A', result: 'win' },
      ]),
    ).toThrow(/conflicting/);
    expect(bad([{ round: 1, player: 'A', opponent: 'bye', result: 'loss' }])).toThrow(/bye is a win/);
    // Both sides given consistently is fine.
    expect(
      bad([
        { round: 1, player: 'A', opponent: 'B', result: 'win' },
        { round: 1, player: 'B', opponent: 'A', result: 'loss' },
      ])().rounds,
    ).toBe(1);
  });

  it('computes the default number of rounds and McMahon start scores', () => {
    expect([2, 3, 4, 5, 8, 9, 64, 65].map(defaultRounds)).toEqual([1, 2, 2, 3, 3, 4, 6, 7]);
    const system = { type: 'mcmahon' as const, groups: [1500, 1700, 1900, 2100], bar: 2000, floor: 1600 };
    expect(
      [1400, 1650, 1750, 1950, 2050, 2500, undefined].map((r) => initialMcMahonScore(system, r)),
    ).toEqual([1, 1, 2, 3, 3, 3, 1]);
  });
});
