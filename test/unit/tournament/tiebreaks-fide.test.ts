/**
 * FIDE C.07 (tie-break regulations) art. 16, unplayed rounds, on small hand-made events where the
 * article decides each value. Points are bdb's default, win 1 / draw ½ / loss 0 (FIDE's own). The
 * article, as its 2024 wording (in force 1 April 2024) and its 2026 wording (from 1 March 2026) say:
 * - 16.1.1 a requested bye; any round after a withdrawal is one (bdb: an 'absent' round, a late
 *   entry's missed rounds included); 16.1.2 a voluntary unplayed round (VUR): a requested bye or a
 *   forfeit loss;
 * - 16.2 categories: .1 pairing-allocated bye, .2 forfeit win, .3 requested bye followed by at least
 *   one round that is not a VUR, .4 forfeit loss, .5 requested bye followed only by VURs, or in the
 *   last round;
 * - 16.3 the adjusted score (for the opponents' tiebreaks): .1–.4 count the points given, .5 a draw;
 * - 16.4 the player's own tiebreak: each unplayed round is a game against a dummy whose score is the
 *   player's own, the result matching the points given; 2026 caps the dummy at the scheduled
 *   opponent's adjusted score for a forfeit (16.4.1) and at a draw × the rounds of the tournament for
 *   every other unplayed round (16.4.2);
 * - 16.5 Cut-1 cuts the lowest VUR contribution first.
 */

import { describe, expect, it } from 'vitest';
import { type Player, type RoundResult, resultTable } from '../../../src/tournament/event.js';
import { parseEventJson } from '../../../src/tournament/file.js';
import { eventRules } from '../../../src/tournament/standings.js';
import {
  buchholz,
  buchholzCut1,
  buchholzMedian,
  describeTiebreakRules,
  fideRounds,
  sonnebornBerger,
  sos,
  sosos,
} from '../../../src/tournament/tiebreaks.js';

const obj = (m: Map<string, unknown>): Record<string, unknown> => Object.fromEntries(m);

function table(players: readonly (string | Player)[], results: readonly RoundResult[]) {
  return resultTable({
    players: players.map((p) => (typeof p === 'string' ? { name: p } : p)),
    system: { type: 'swiss' },
    results,
  });
}

const fide2024 = (rounds: number) => ({ fide: { edition: 2024, rounds } }) as const;
const fide2026 = (rounds: number) => ({ fide: { edition: 2026, rounds } }) as const;

describe('a pairing-allocated bye (16.2.1)', () => {
  // Two rounds: R1 P beat Q, R had the bye; R2 R beat P, Q had the bye. Scores: P 1, Q 1, R 2; the
  // adjusted scores (16.3.1: a bye counts its point) are the same.
  const t = table(
    ['P', 'Q', 'R'],
    [
      { round: 1, player: 'P', opponent: 'Q', result: 'win' },
      { round: 1, player: 'R', opponent: 'bye', result: 'win' },
      { round: 2, player: 'R', opponent: 'P', result: 'win' },
      { round: 2, player: 'Q', opponent: 'bye', result: 'win' },
    ],
  );

  it('is a game won against a dummy with the own score (2024, 16.4)', () => {
    // Buchholz: P = Q 1 + R 2 = 3; Q = P 1 + dummy 1 (own) = 2; R = dummy 2 (own) + P 1 = 3.
    expect(obj(buchholz(t, fide2024(2)))).toEqual({ P: 3, Q: 2, R: 3 });
    // SB: P = Q 1×1 + R 2×0 = 1; Q = P 1×0 + dummy 1×1 = 1; R = dummy 2×1 + P 1×1 = 3.
    expect(obj(sonnebornBerger(t, fide2024(2)))).toEqual({ P: 1, Q: 1, R: 3 });
    // SOS is Buchholz under its Go name: the same code, the same values.
    expect(obj(sos(t, fide2024(2)))).toEqual({ P: 3, Q: 2, R: 3 });
  });

  it("SOSOS: the opponents' SOS, an unplayed round the own SOS (bdb's reading: art. 16 has no SOSOS)", () => {
    // 16.4's dummy carries the player's own value: P = Q 2 + R 3 = 5; Q = P 3 + own 2 = 5; R = own 3 + P 3 = 6.
    expect(obj(sosos(t, fide2024(2)))).toEqual({ P: 5, Q: 5, R: 6 });
  });

  it('2026: the dummy is at most a draw × the rounds of the tournament (16.4.2), here ½ × 2 = 1', () => {
    // Q's dummy min(1, 1) = 1: the cap does not bite. R's dummy min(2, 1) = 1: it bites.
    // Buchholz: P 3 (no unplayed round); Q = 1 + 1 = 2; R = 1 + P 1 = 2.
    expect(obj(buchholz(t, fide2026(2)))).toEqual({ P: 3, Q: 2, R: 2 });
    // SB: R = dummy 1×1 + P 1×1 = 2.
    expect(obj(sonnebornBerger(t, fide2026(2)))).toEqual({ P: 1, Q: 1, R: 2 });
    // With 4 rounds planned the cap is ½ × 4 = 2: R's dummy is his own 2 again.
    expect(buchholz(t, fide2026(4)).get('R')).toBe(3);
  });
});

describe('a forfeit win and a forfeit loss (16.2.2, 16.2.4)', () => {
  // Two rounds: R1 W beat X by forfeit (X did not come), Y beat Z; R2 W beat Y, X beat Z.
  // Scores: W 2, X 1, Y 1, Z 0 (16.3.1: a forfeit counts its points, so the adjusted scores are the same).
  const t = table(
    ['W', 'X', 'Y', 'Z'],
    [
      { round: 1, player: 'W', opponent: 'X', result: 'win', forfeit: true },
      { round: 1, player: 'Y', opponent: 'Z', result: 'win' },
      { round: 2, player: 'W', opponent: 'Y', result: 'win' },
      { round: 2, player: 'X', opponent: 'Z', result: 'win' },
    ],
  );

  it('keeps the forfeit on both sides of the round, and classifies it', () => {
    expect(t.history.get('X')![0]).toEqual({
      kind: 'played',
      round: 1,
      opponent: 'W',
      result: 'loss',
      forfeit: true,
    });
    expect(fideRounds(t.history.get('W')!).map((r) => [r.category, r.vur])).toEqual([
      [2, false],
      [null, false],
    ]);
    expect(fideRounds(t.history.get('X')!).map((r) => [r.category, r.vur])).toEqual([
      [4, true],
      [null, false],
    ]);
  });

  it('counts neither side against the scheduled opponent: a dummy with the own score (2024, 16.4)', () => {
    // Buchholz: W = dummy 2 + Y 1 = 3; X = dummy 1 + Z 0 = 1; Y = Z 0 + W 2 = 2; Z = Y 1 + X 1 = 2.
    expect(obj(buchholz(t, fide2024(2)))).toEqual({ W: 3, X: 1, Y: 2, Z: 2 });
    // Counted as games (no FIDE rule): W = X 1 + Y 1 = 2, X = W 2 + Z 0 = 2.
    expect(obj(buchholz(t))).toEqual({ W: 2, X: 2, Y: 2, Z: 2 });
    // SB: W = dummy 2×1 + Y 1×1 = 3; X = dummy 1×0 + Z 0×1 = 0; Y = Z 0×1 + W 2×0 = 0; Z = 0.
    expect(obj(sonnebornBerger(t, fide2024(2)))).toEqual({ W: 3, X: 0, Y: 0, Z: 0 });
  });

  it("2026: a forfeit's dummy is at most the scheduled opponent's adjusted score (16.4.1)", () => {
    // W's dummy min(2, X's 1) = 1: it bites, W = 1 + Y 1 = 2. X's dummy min(1, W's 2) = 1: it does not,
    // X = 1 + 0 = 1. (16.4.2's ½ × 2 = 1 would cap W alike: the forfeit's cap is the one applied.)
    expect(obj(buchholz(t, fide2026(2)))).toEqual({ W: 2, X: 1, Y: 2, Z: 2 });
    // With 10 rounds planned 16.4.2 would allow W's 2: the forfeit's cap still gives 1.
    expect(buchholz(t, fide2026(10)).get('W')).toBe(2);
    // SB: W = dummy 1×1 + Y 1×1 = 2.
    expect(sonnebornBerger(t, fide2026(2)).get('W')).toBe(2);
  });

  it('Cut-1 cuts the VUR first (16.5)', () => {
    // X: the forfeit loss's dummy 1 (a VUR) and Z 0: the VUR is cut, leaving 0 (the plain lowest, Z's 0,
    // would leave 1). W: the forfeit win is no VUR, so the lowest goes: dummy 2 and Y 1 leave 2.
    expect(obj(buchholzCut1(t, fide2024(2)))).toEqual({ W: 2, X: 0, Y: 2, Z: 1 });
  });
});

describe('a withdrawal: every later round a requested bye (16.1.1)', () => {
  // Three rounds; D withdrew after round 1. R1 A beat D, B beat C; R2 A beat B, C had the bye;
  // R3 C beat A, B had the bye. Scores: A 2, B 2, C 2, D 0 (two absences at 0).
  const t = table(
    ['A', 'B', 'C', { name: 'D', withdrawnAfterRound: 1 }],
    [
      { round: 1, player: 'A', opponent: 'D', result: 'win' },
      { round: 1, player: 'B', opponent: 'C', result: 'win' },
      { round: 2, player: 'A', opponent: 'B', result: 'win' },
      { round: 2, player: 'C', opponent: 'bye', result: 'win' },
      { round: 3, player: 'C', opponent: 'A', result: 'win' },
      { round: 3, player: 'B', opponent: 'bye', result: 'win' },
    ],
  );

  it('counts the rounds after it as draws for the opponents (16.2.5, 16.3.2)', () => {
    // D's rounds 2 and 3 are followed only by VURs (round 3 is the last): 16.2.5; D's adjusted score is
    // 0 + ½ + ½ = 1. Buchholz: A = D 1 + B 2 + C 2 = 5 (his actual 0 would give 4);
    // B = C 2 + A 2 + dummy 2 = 6; C = B 2 + dummy 2 + A 2 = 6; D = A 2 + two dummies of his own 0 = 2.
    expect(fideRounds(t.history.get('D')!).map((r) => r.category)).toEqual([null, 5, 5]);
    expect(obj(buchholz(t, fide2024(3)))).toEqual({ A: 5, B: 6, C: 6, D: 2 });
    // SB: A = D 1×1 + B 2×1 + C 2×0 = 3; D = A 2×0 + dummies 0 × 0 (an absence at 0 is a loss) = 0.
    expect(sonnebornBerger(t, fide2024(3)).get('A')).toBe(3);
    expect(sonnebornBerger(t, fide2024(3)).get('D')).toBe(0);
  });

  it('2026: a bye dummy capped at ½ × 3 = 1.5 (16.4.2)', () => {
    // B's and C's byes: min(2, 1.5) = 1.5, so B = C = 2 + 2 + 1.5 = 5.5; D's dummies min(0, 1.5) = 0.
    expect(obj(buchholz(t, fide2026(3)))).toEqual({ A: 5, B: 5.5, C: 5.5, D: 2 });
  });
});

describe("a late entry's missed round followed by games (16.2.3)", () => {
  // L entered in round 2. R1 M beat N, O had the bye (L absent, 0); R2 L beat M, N beat O.
  // Scores: M 1, N 1, O 1, L 1.
  const players = ['M', 'N', 'O', { name: 'L', enteredRound: 2 }];
  const results: RoundResult[] = [
    { round: 1, player: 'M', opponent: 'N', result: 'win' },
    { round: 1, player: 'O', opponent: 'bye', result: 'win' },
    { round: 2, player: 'L', opponent: 'M', result: 'win' },
    { round: 2, player: 'N', opponent: 'O', result: 'win' },
  ];
  const t = table(players, results);

  it('counts the points it gave for the opponents, not a draw (16.3.1)', () => {
    // L's round 1 is followed by a game: 16.2.3, L's adjusted score 0 + 1 = 1 (16.2.5 would give 1.5).
    // Buchholz: M = N 1 + L 1 = 2; L = dummy 1 (own) + M 1 = 2.
    expect(fideRounds(t.history.get('L')!).map((r) => r.category)).toEqual([3, null]);
    expect(buchholz(t, fide2024(2)).get('M')).toBe(2);
    expect(buchholz(t, fide2024(2)).get('L')).toBe(2);
  });

  it('is a game against the dummy whose result matches its points: a half-point absence a draw (16.4)', () => {
    // absentPoints ½: L's score 1.5. SB: L = dummy 1.5 × ½ + M 1 × 1 = 1.75 (0 points, a loss: 0 + 1 = 1).
    expect(sonnebornBerger(t, { ...fide2024(2), absentPoints: 0.5 }).get('L')).toBe(1.75);
    expect(sonnebornBerger(t, fide2024(2)).get('L')).toBe(1);
  });
});

describe('a double forfeit: a forfeit loss for both (16.2.4)', () => {
  // Two rounds: R1 P beat Q, R–S a double forfeit; R2 P beat R, Q beat S. Scores: P 2, Q 1, R 0, S 0.
  const t = table(
    ['P', 'Q', 'R', 'S'],
    [
      { round: 1, player: 'P', opponent: 'Q', result: 'win' },
      { round: 1, player: 'R', opponent: 'S', result: 'double-forfeit' },
      { round: 2, player: 'P', opponent: 'R', result: 'win' },
      { round: 2, player: 'Q', opponent: 'S', result: 'win' },
    ],
  );

  it('is a VUR of each against a dummy with the own score', () => {
    expect(fideRounds(t.history.get('R')!).map((r) => [r.category, r.vur])).toEqual([
      [4, true],
      [null, false],
    ]);
    // Buchholz: P = Q 1 + R 0 = 1; Q = P 2 + S 0 = 2; R = dummy 0 + P 2 = 2; S = dummy 0 + Q 1 = 1.
    expect(obj(buchholz(t, fide2024(2)))).toEqual({ P: 1, Q: 2, R: 2, S: 1 });
    // Cut-1: R's VUR (0) is cut first: 2. Median (two contributions): nothing left, 0.
    expect(buchholzCut1(t, fide2024(2)).get('R')).toBe(2);
    expect(buchholzMedian(t, fide2024(2)).get('R')).toBe(0);
  });
});

describe('the rule next to the others', () => {
  const t = table(['A', 'B'], [{ round: 1, player: 'A', opponent: 'B', result: 'win' }]);

  it('replaces bye, absent and opponentUnplayed: giving both is refused', () => {
    expect(() => buchholz(t, { ...fide2024(1), bye: 'zero' })).toThrow(/FIDE C.07 art. 16 replaces/);
    expect(() => sosos(t, { ...fide2024(1), opponentUnplayed: 'as-draw' })).toThrow(/replaces/);
  });

  it('is named in the rules line', () => {
    expect(describeTiebreakRules(fide2024(5))).toBe(
      'points win 1 / loss 0 / bye 1 / absent 0; unplayed rounds: FIDE C.07 (2024) art. 16',
    );
    expect(describeTiebreakRules(fide2026(5))).toBe(
      "points win 1 / loss 0 / bye 1 / absent 0; unplayed rounds: FIDE C.07 (2026) art. 16, the dummy capped by the scheduled opponent's adjusted score (forfeits) or a draw × 5 rounds",
    );
  });
});

describe("the event's number of rounds for 2026's cap (16.4.2)", () => {
  const file = (unplayed: string, format?: object) =>
    parseEventJson(
      JSON.stringify({
        system: { type: 'swiss' },
        ...(format ? { format } : {}),
        players: ['A', 'B', 'C', 'D', 'E'].map((name) => ({ name })),
        tiebreakOptions: { unplayed },
      }),
      'event.json',
    );

  it('is the planned rounds: without "rounds", ⌈log₂ 5⌉ = 3 for five players', () => {
    expect(eventRules(file('fide-2026')).fide).toEqual({ edition: 2026, rounds: 3 });
    expect(eventRules(file('fide-2024')).fide?.edition).toBe(2024);
  });

  it('is refused when a format plans none (Swiss with lives): 2024 has no cap and needs none', () => {
    const lives = { type: 'lives', lives: 2 };
    expect(() => eventRules(file('fide-2026', lives))).toThrow(/plans no number of rounds/);
    expect(eventRules(file('fide-2024', lives)).fide?.edition).toBe(2024);
  });
});
