/**
 * Two rules the standings and the pairing must agree on: an absent round's points (the event's
 * `tiebreakOptions.absentPoints`) count in the Swiss score groups exactly as in the standings, and
 * head-to-head applies only among the players still tied when it is reached. The events are scored
 * 3/1/0 (their `points`); their absences are deliberate, so they are paired with `force` (an absence
 * in a round without recorded boards is otherwise a missing result).
 */
import { describe, expect, it } from 'vitest';
import type { RoundResult } from '../../../src/tournament/event.js';
import { parseEventJson } from '../../../src/tournament/file.js';
import { computeStandings, pairNextRound } from '../../../src/tournament/standings.js';
import { pairSwissRound } from '../../../src/tournament/swiss.js';

const sorted = (pairs: readonly (readonly [string, string])[]): string[] =>
  pairs.map((p) => [...p].sort().join('-')).sort();

describe('Swiss pairing honours absentPoints', () => {
  // Round 1: A beat B, C beat D; E and F did not play (absent). With absentPoints 1 (a
  // "half-point bye" on 3/1/0 points) the standings read A 3, C 3, E 1, F 1, B 0, D 0: three
  // score groups {A, C}, {E, F}, {B, D}, each of two players who have not met, so round 2 must be
  // A–C, E–F, B–D (no pair-down at all). With absences worth 0, E and F fall into one 0-point group
  // with B and D and are paired among them at random.
  const results: RoundResult[] = [
    { round: 1, player: 'A', opponent: 'B', result: 'win' },
    { round: 1, player: 'C', opponent: 'D', result: 'win' },
  ];
  const json = (absentPoints?: number) =>
    parseEventJson(
      JSON.stringify({
        name: 'absent',
        system: { type: 'swiss' },
        points: { win: 3, draw: 1, loss: 0 }, // the 3/1/0 the expectations are worked on
        players: ['A', 'B', 'C', 'D', 'E', 'F'].map((name) => ({ name })),
        ...(absentPoints === undefined ? {} : { tiebreakOptions: { absentPoints } }),
        results,
      }),
      'absent.json',
    );

  it('pairs on the same points the standings show', () => {
    const event = json(1);
    const standings = Object.fromEntries(computeStandings(event).rows.map((r) => [r.player, r.points]));
    expect(standings).toEqual({ A: 3, C: 3, E: 1, F: 1, B: 0, D: 0 });
    for (let seed = 0; seed < 20; seed++) {
      const next = pairNextRound(event, seed, true);
      expect(Object.fromEntries(next.scores)).toEqual(standings);
      expect(sorted(next.pairing.pairs)).toEqual(['A-C', 'B-D', 'E-F']);
      expect(next.pairing.scoreGroupCost).toBe(0);
      // the engine directly, with the option
      const direct = pairSwissRound(event, { seed, absentPoints: 1, points: event.points! });
      expect(sorted(direct.pairs)).toEqual(['A-C', 'B-D', 'E-F']);
    }
  });

  it('without absentPoints an absence is worth 0 (E and F join B and D)', () => {
    const event = json();
    const pairings = Array.from({ length: 20 }, (_, seed) => pairNextRound(event, seed, true));
    for (const next of pairings) {
      expect(Object.fromEntries(next.scores)).toMatchObject({ E: 0, F: 0 });
      expect(sorted(next.pairing.pairs)).toContain('A-C');
    }
    // E–F is then just one of the 0-point group's pairings, not forced
    expect(pairings.some((n) => !sorted(n.pairing.pairs).includes('E-F'))).toBe(true);
  });

  it('an odd field: the pair-down and the bye follow the same points', () => {
    // 7 players. R1: A beat B, C beat D, E beat G; F absent. absentPoints 1: A 3, C 3, E 3, F 1,
    // B 0, D 0, G 0. The odd 3-point group sends one player down to F (1 point, a group of its
    // own), and the odd 0-point group {B, D, G} gives the bye. With absences worth 0, F would be
    // in the 0-point group and could get the bye.
    const event = parseEventJson(
      JSON.stringify({
        system: { type: 'swiss' },
        points: { win: 3, draw: 1, loss: 0 }, // the 3/1/0 the expectations are worked on
        players: ['A', 'B', 'C', 'D', 'E', 'F', 'G'].map((name) => ({ name })),
        tiebreakOptions: { absentPoints: 1 },
        results: [...results, { round: 1, player: 'E', opponent: 'G', result: 'win' }],
      }),
      'odd.json',
    );
    for (let seed = 0; seed < 20; seed++) {
      const next = pairNextRound(event, seed, true);
      expect(next.scores.get('F')).toBe(1);
      expect(['B', 'D', 'G']).toContain(next.pairing.bye);
      const withF = next.pairing.pairs.find((p) => p.includes('F'))!;
      expect(['A', 'C', 'E']).toContain(withF[0] === 'F' ? withF[1] : withF[0]);
      // one pair-down (group 0 → 1) and the bye (group 2 → the bye, one below): 1 + 1
      expect(next.pairing.scoreGroupCost).toBe(1 + 1);
    }
  });
});

describe('head-to-head only among players still tied', () => {
  // Hand-worked: six players, three rounds, match points 3/1/0 (KTS rules), tiebreaks Buchholz then
  // head-to-head. spec/tournament.md and the printed rules: head-to-head is decided "among players
  // equal on points" — and, as a later tiebreak, among those still equal on the tiebreaks before
  // it (FIDE's tie-break regulations apply Direct Encounter likewise, to the participants still
  // tied when it is reached).
  //   R1: Z beat X, Y beat P, Q beat R   R2: Y beat Z, X beat Q, P beat R   R3: X beat P, Z beat Q, R beat Y
  // Points: X 6, Y 6, Z 6; P 3, Q 3, R 3.
  // Buchholz (sum of the opponents' points): X = Z 6 + Q 3 + P 3 = 12; Y = P 3 + Z 6 + R 3 = 12;
  //   Z = X 6 + Y 6 + Q 3 = 15; P = Y 6 + R 3 + X 6 = 15; Q = R 3 + X 6 + Z 6 = 15; R = Q 3 + P 3 + Y 6 = 12.
  // So Z is first of the 6-point players on Buchholz; X and Y remain tied (12) and never met, so
  // head-to-head gives both 0 and they share 2nd. Counting head-to-head over the whole 6-point group
  // would give Y 1 (his win over Z, who is no longer tied with him) and X 0 (his loss to Z), wrongly
  // ranking Y above X. Among the 3-point players P and Q remain tied (15) and never met: shared 4th.
  const event = parseEventJson(
    JSON.stringify({
      system: { type: 'swiss' },
      points: { win: 3, draw: 1, loss: 0 }, // the 3/1/0 the expectations are worked on
      players: ['X', 'Y', 'Z', 'P', 'Q', 'R'].map((name) => ({ name })),
      tiebreaks: ['buchholz', 'head-to-head'],
      results: [
        { round: 1, player: 'Z', opponent: 'X', result: 'win' },
        { round: 1, player: 'Y', opponent: 'P', result: 'win' },
        { round: 1, player: 'Q', opponent: 'R', result: 'win' },
        { round: 2, player: 'Y', opponent: 'Z', result: 'win' },
        { round: 2, player: 'X', opponent: 'Q', result: 'win' },
        { round: 2, player: 'P', opponent: 'R', result: 'win' },
        { round: 3, player: 'X', opponent: 'P', result: 'win' },
        { round: 3, player: 'Z', opponent: 'Q', result: 'win' },
        { round: 3, player: 'R', opponent: 'Y', result: 'win' },
      ],
    }),
    'h2h.json',
  );

  it('ranks Z, then X = Y (never met), then P = Q, then R', () => {
    const s = computeStandings(event);
    expect(s.rows.map((r) => [r.rank, r.player, r.points, ...r.tiebreaks.map((c) => c.value)])).toEqual([
      [1, 'Z', 6, 15, 0],
      [2, 'X', 6, 12, 0],
      [2, 'Y', 6, 12, 0],
      [4, 'P', 3, 15, 0],
      [4, 'Q', 3, 15, 0],
      [6, 'R', 3, 12, 0],
    ]);
    expect(s.rules).toContain('head-to-head among players equal on points and on the tiebreaks before it');
  });

  it('first in the order, it is computed over the whole points group', () => {
    // head-to-head before Buchholz: among X, Y, Z: Y beat Z (1), Z beat X (1), X 0
    //                               among P, Q, R: P beat R (1), Q beat R (1), R 0
    const s = computeStandings({ ...event, tiebreaks: ['head-to-head', 'buchholz'] });
    expect(s.rows.map((r) => [r.rank, r.player, ...r.tiebreaks.map((c) => c.value)])).toEqual([
      [1, 'Z', 1, 15],
      [2, 'Y', 1, 12],
      [3, 'X', 0, 12],
      [4, 'P', 1, 15],
      [4, 'Q', 1, 15],
      [6, 'R', 0, 12],
    ]);
  });
});
