/**
 * McMahon (seed `mcmahon-fi.txt`, /shared/spec/tournament.md): each player starts with the initial
 * McMahon score MMS₀ of his rating group (bar and floor applied); the McMahon score is MMS₀ + points
 * in the Go convention (win 1, draw ½, loss 0), a bye adding 1 and an absent round ½ (EGF practice,
 * as OpenGotha implements it). Every round — the first included, when the scores are the MMS₀ —
 * pairs on the McMahon score by Swiss rules, so round 1 pairs within the rating groups.
 */

import {
  initialMcMahonScore,
  isActive,
  type MatchResult,
  type McMahonSystem,
  type ResultTable,
  resultTable,
  TournamentError,
  type TournamentEvent,
} from './event.js';
import { meetings, type PairingPlayer, pairPlayers, type SwissPairing, seededRandom } from './swiss.js';
import { type ScoreRules, scores, sos, type TiebreakRules } from './tiebreaks.js';

/** Go-convention points: win 1, draw ½, loss 0 (a bye is a win). */
export const MCMAHON_POINTS: Readonly<Record<MatchResult, number>> = { win: 1, draw: 0.5, loss: 0 };

/** Points of an absent round in McMahon (EGF practice): half a win. */
export const MCMAHON_ABSENT_POINTS = 0.5;

function mcmahonSystem(event: TournamentEvent): McMahonSystem {
  if (event.system.type !== 'mcmahon') throw new TournamentError('the event is not a McMahon event');
  return event.system;
}

/** MMS₀ of every player, from his rating, the groups, the bar and the floor. */
export function mcmahonInitialScores(event: TournamentEvent): Map<string, number> {
  const system = mcmahonSystem(event);
  const out = new Map<string, number>();
  for (const p of event.players) out.set(p.name, initialMcMahonScore(system, p.rating));
  return out;
}

/**
 * The score rules of a McMahon event: Go points, absent ½ (unless `absentPoints` says otherwise),
 * and MMS₀ as the starting score; for SOS-type tiebreaks a round without an opponent counts the
 * player's own MMS₀ (EGF/OpenGotha), unless the event's options name another rule.
 */
export function mcmahonRules(event: TournamentEvent, overrides: Partial<TiebreakRules> = {}): TiebreakRules {
  const initial = mcmahonInitialScores(event);
  const start = (player: string): number => initial.get(player) ?? 0;
  return {
    points: MCMAHON_POINTS,
    absentPoints: MCMAHON_ABSENT_POINTS,
    bye: start,
    absent: start,
    ...overrides,
    initial,
  };
}

/** McMahon score (MMS₀ + Go points, bye 1, absent ½) of every player. */
export function mcmahonScores(
  event: TournamentEvent,
  rules: ScoreRules = mcmahonRules(event),
): Map<string, number> {
  return scores(resultTable(event), rules);
}

export interface McMahonOptions {
  readonly seed: number;
  /** Round to pair (default: the round after the last one with results). */
  readonly round?: number;
  /** Score and tiebreak rules (default {@link mcmahonRules}). */
  readonly rules?: TiebreakRules;
}

/**
 * Pairs the next round of a McMahon event with the shared engine ({@link pairPlayers}) on McMahon
 * scores. Rank (for the bye) is McMahon score, then SOS, then rating, then a seeded random order.
 */
export function pairMcMahonRound(event: TournamentEvent, options: McMahonOptions): SwissPairing {
  const table: ResultTable = resultTable(event);
  const round = options.round ?? table.rounds + 1;
  if (round <= table.rounds) throw new TournamentError(`round ${round} already has results`);
  const rules = options.rules ?? mcmahonRules(event);
  const mms = scores(table, rules);
  const tiebreak = sos(table, rules);
  const random = seededRandom(options.seed ^ Math.imul(round, 0x85ebca6b));
  const active = event.players
    .filter((p) => isActive(p, round))
    .map((p) => ({
      name: p.name,
      score: mms.get(p.name) ?? 0,
      sos: tiebreak.get(p.name) ?? 0,
      rating: p.rating ?? Number.NEGATIVE_INFINITY,
      key: random(),
      hadBye: (table.history.get(p.name) ?? []).some((e) => e.kind === 'bye'),
    }))
    .sort((a, b) => b.score - a.score || b.sos - a.sos || b.rating - a.rating || a.key - b.key);
  const players: PairingPlayer[] = active.map((p, rank) => ({
    name: p.name,
    score: p.score,
    rank,
    hadBye: p.hadBye,
  }));
  const pairing = pairPlayers({
    players,
    met: meetings(table),
    seed: options.seed ^ Math.imul(round, 0xc2b2ae35),
  });
  return { round, ...pairing };
}
