/**
 * Round robin by Berger tables (FIDE Handbook C.05, Annex 1 "Berger Tables for Round-Robin
 * Tournaments"; the tables for 5/6 and 7/8 players are restated by Chris Fox,
 * http://c.w.fox.tripod.com/chess/berger.html). The players' numbers are their order in the event file
 * (the draw); with an odd number of players the highest number, n + 1, is the bye. For m players
 * (m even) there are m − 1 rounds; in round r, with x = 1 + (r − 1)·m/2 taken in 1..m − 1 (mod m − 1),
 * board 1 is x against m (x first in odd rounds, m first in even ones) and board k (k = 2..m/2) is
 * x + k − 1 against x − k + 1, again in 1..m − 1. Round 2 for 6 players: 6-4, 5-3, 1-2.
 */

import { TournamentError } from './event.js';

/** One round of the Berger table for `n` players: boards of numbers (1-based), n + 1 being the bye when n is odd. */
export function bergerRound(n: number, round: number): [number, number][] {
  const m = n % 2 === 0 ? n : n + 1;
  if (m < 2) throw new TournamentError('a round robin needs at least two players');
  if (!Number.isInteger(round) || round < 1 || round > m - 1)
    throw new TournamentError(`a round robin of ${n} players has rounds 1 to ${m - 1}, not ${round}`);
  const wrap = (v: number): number => ((((v - 1) % (m - 1)) + (m - 1)) % (m - 1)) + 1;
  const x = wrap(1 + (round - 1) * (m / 2));
  const boards: [number, number][] = [round % 2 === 1 ? [x, m] : [m, x]];
  for (let k = 2; k <= m / 2; k++) boards.push([wrap(x + k - 1), wrap(x - k + 1)]);
  return boards;
}

/** Rounds of a round robin of `n` players: n − 1, or n when n is odd (everyone has one bye). */
export function roundRobinRounds(n: number): number {
  return n % 2 === 0 ? n - 1 : n;
}

export interface RoundRobinRound {
  readonly round: number;
  readonly pairs: readonly (readonly [string, string])[];
  readonly bye: string | null;
}

/** The round's boards by name, the table's order kept (the bye's board taken out). */
export function roundRobinRound(players: readonly string[], round: number): RoundRobinRound {
  const n = players.length;
  const pairs: [string, string][] = [];
  let bye: string | null = null;
  for (const [a, b] of bergerRound(n, round)) {
    if (a > n) bye = players[b - 1]!;
    else if (b > n) bye = players[a - 1]!;
    else pairs.push([players[a - 1]!, players[b - 1]!]);
  }
  return { round, pairs, bye };
}
