/**
 * Which results each round still lacks. A round paired by `bdb tournament pair` expects one result
 * per recorded board. A round without recorded pairings (an older event file, or pairings made by
 * hand) expects half its players without a bye — the active players, not withdrawn — to have played:
 * with fewer games than that, the players without a result are listed (an absence beyond the odd
 * player cannot be told from a missing result there).
 */

import { boardOpponent, isActive, type ResultTable, type TournamentEvent } from './event.js';

/** A game without its result: the two players (a round without recorded pairings knows only one). */
export interface MissingGame {
  readonly player: string;
  readonly opponent: string | null;
}

export interface RoundProgress {
  readonly round: number;
  /** Games the round has (its recorded boards, else half its players without a bye). */
  readonly games: number;
  /** Games of the round with a result (byes are not games). */
  readonly results: number;
  /** Whether `bdb tournament pair` recorded the round's boards. */
  readonly paired: boolean;
  /** The games still without a result (none when the round is complete). */
  readonly missing: readonly MissingGame[];
}

/** The highest round with a result or a recorded pairing (0 for none). */
export function lastRound(event: TournamentEvent, table: ResultTable): number {
  let last = table.rounds;
  for (const p of event.pairings ?? []) last = Math.max(last, p.round);
  return last;
}

/** Every round from 1 to {@link lastRound}, with the games it has and those still without a result. */
export function roundsProgress(event: TournamentEvent, table: ResultTable): RoundProgress[] {
  const out: RoundProgress[] = [];
  for (let round = 1; round <= lastRound(event, table); round++) {
    const entry = (name: string) => table.history.get(name)?.[round - 1];
    const boards = (event.pairings ?? []).filter((p) => p.round === round);
    if (boards.length > 0) {
      // a double forfeit is the board's result
      const missing = boards
        .filter((b) => boardOpponent(entry(b.player)) === null)
        .map((b) => ({ player: b.player, opponent: b.opponent }));
      out.push({
        round,
        games: boards.length,
        results: boards.length - missing.length,
        paired: true,
        missing,
      });
      continue;
    }
    let results = 0;
    const without: string[] = [];
    let inRound = 0;
    for (const p of event.players) {
      const e = entry(p.name);
      if (e?.kind === 'bye' || !isActive(p, round)) continue;
      inRound++;
      if (boardOpponent(e) !== null) results++;
      else without.push(p.name);
    }
    results /= 2;
    const games = Math.max(results, Math.floor(inRound / 2));
    const missing = results < games ? without.map((player) => ({ player, opponent: null })) : [];
    out.push({ round, games, results, paired: false, missing });
  }
  return out;
}

/** Rounds complete from the first: the standings are "after" the last of them. */
export function completeRounds(progress: readonly RoundProgress[]): number {
  const first = progress.findIndex((r) => r.missing.length > 0);
  return first === -1 ? progress.length : first;
}

/** The missing games in words: "round 3: Anna–Bob, Carl–Dora; round 4: no result for Eve, Finn". */
export function describeMissing(progress: readonly RoundProgress[]): string {
  return progress
    .filter((r) => r.missing.length > 0)
    .map((r) => {
      const paired = r.missing.filter((m) => m.opponent !== null).map((m) => `${m.player}–${m.opponent}`);
      const alone = r.missing.filter((m) => m.opponent === null).map((m) => m.player);
      const parts = [...paired, ...(alone.length > 0 ? [`no result for ${alone.join(', ')}`] : [])];
      return `round ${r.round} (${r.results} of ${r.games} results in): ${parts.join(', ')}`;
    })
    .join('; ');
}
