/**
 * Swiss with lives (Munich: out on the 2nd loss, Trier: on the 3rd): a player with N losses is out; the
 * others are paired by the Swiss engine (src/tournament/swiss.ts: score groups, no rematch unless
 * unavoidable, the bye to the lowest without one). A loss is a game lost (a forfeit lost included) or a
 * double forfeit; a bye is a win. The event goes on until one player (or none) is left; its places: the
 * last one left first, then the others by the round they went out in (the later, the better: a
 * withdrawal counts as going out after the round), then by points, shared when both are equal.
 */

import type { Place } from './bracket.js';
import {
  isActive,
  type Player,
  type ResultTable,
  resultTable,
  type Scoring,
  type TournamentEvent,
} from './event.js';
import { pairSwissRound, type SwissPairing } from './swiss.js';
import { scores } from './tiebreaks.js';

/** Each player's losses after `upTo` rounds, and the round of his N-th loss (his last life). */
export function livesLost(
  table: ResultTable,
  lives: number,
  upTo = table.rounds,
): { losses: Map<string, number>; outAfter: Map<string, number> } {
  const losses = new Map<string, number>();
  const outAfter = new Map<string, number>();
  for (const name of table.players) {
    let n = 0;
    for (const e of (table.history.get(name) ?? []).slice(0, upTo)) {
      if ((e.kind === 'played' && e.result === 'loss') || e.kind === 'double-forfeit') {
        n++;
        if (n === lives) outAfter.set(name, e.round);
      }
    }
    losses.set(name, n);
  }
  return { losses, outAfter };
}

/** The players still in for `round`: not withdrawn before it, and fewer than N losses in the rounds before. */
export function livesAlive(
  event: TournamentEvent,
  table: ResultTable,
  lives: number,
  round: number,
): string[] {
  const { losses } = livesLost(table, lives, round - 1);
  return event.players
    .filter((p) => isActive(p, round) && (losses.get(p.name) ?? 0) < lives)
    .map((p) => p.name);
}

/** The event as the Swiss engine sees it for `round`: a player out of lives as if withdrawn. */
function withLivesOut(
  event: TournamentEvent,
  table: ResultTable,
  lives: number,
  round: number,
): TournamentEvent {
  const alive = new Set(livesAlive(event, table, lives, round));
  const players: Player[] = event.players.map((p) =>
    alive.has(p.name) || (p.withdrawnAfterRound !== undefined && p.withdrawnAfterRound < round)
      ? p
      : { ...p, withdrawnAfterRound: round - 1 },
  );
  return { ...event, players };
}

/** Pairs `round` among the players still in, by the Swiss engine. */
export function pairLivesRound(
  event: TournamentEvent,
  lives: number,
  options: { seed: number; round: number; absentPoints?: number; points?: Scoring },
  table: ResultTable = resultTable(event),
): SwissPairing {
  return pairSwissRound(withLivesOut(event, table, lives, options.round), options);
}

/** The places of a finished event (see the module comment). */
export function livesPlaces(
  event: TournamentEvent,
  table: ResultTable,
  lives: number,
  points?: Scoring,
): Place[] {
  const { outAfter } = livesLost(table, lives);
  const score = scores(table, points ? { points } : {});
  const out = (p: Player): number => {
    const o = outAfter.get(p.name);
    const w = p.withdrawnAfterRound;
    if (o === undefined && w === undefined) return Number.POSITIVE_INFINITY;
    return Math.min(o ?? Number.POSITIVE_INFINITY, w ?? Number.POSITIVE_INFINITY);
  };
  const rows = event.players
    .map((p) => ({ player: p.name, out: out(p), points: score.get(p.name) ?? 0 }))
    .sort((a, b) => b.out - a.out || b.points - a.points);
  const places: Place[] = [];
  rows.forEach((r, i) => {
    const prev = rows[i - 1];
    const same = prev !== undefined && prev.out === r.out && prev.points === r.points;
    places.push({ place: same ? places.at(-1)!.place : i + 1, player: r.player });
  });
  return places;
}
