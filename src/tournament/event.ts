/**
 * Tournament events (Swiss / McMahon): players, system, the pairings recorded round by round and the
 * round results. Points: by default a win 1 and a loss 0 (backgammon has no draws; a draw, for other
 * games, is worth ½); an event may give its own scheme, such as the KTS rules' 3/1/0 (seed
 * `kts-tiebreak-it.txt`: "Per ogni Match vinto al giocatore vengono assegnati 3 punti, per ogni
 * pareggiato 1 punto, per ogni perso 0 punti"). A bye is a win in every scheme ("un giocatore
 * fantoccio che assegna la vittoria automatica"; McMahon: a bye adds 1, a win).
 */

import { BdbError } from '../errors.js';
import type { EventFormat } from './format-config.js';

/** A tournament input is inconsistent (unknown player, conflicting results, ...). */
export class TournamentError extends BdbError {
  constructor(message: string) {
    super('TOURNAMENT', message);
  }
}

export interface Player {
  readonly name: string;
  readonly rating?: number;
  /** The player left the event after this round (plays no round after it). */
  readonly withdrawnAfterRound?: number;
  /**
   * A late entry: the first round the player is in (`bdb tournament add-player`); the rounds before are
   * his absences, scored as the event scores an absent round (`tiebreakOptions.absentPoints`).
   */
  readonly enteredRound?: number;
}

export interface SwissSystem {
  readonly type: 'swiss';
}

export interface McMahonSystem {
  readonly type: 'mcmahon';
  /**
   * Rating thresholds, ascending: a player whose rating is ≥ `groups[i]` (and below the next
   * threshold) is in group i + 1 and starts with i + 1 McMahon points; below `groups[0]`, group 0.
   */
  readonly groups: readonly number[];
  /** Everyone rated at or above the bar starts with the bar's score. */
  readonly bar?: number;
  /** Everyone rated below the floor starts with the floor's score. */
  readonly floor?: number;
}

export type TournamentSystem = SwissSystem | McMahonSystem;

export type MatchResult = 'win' | 'draw' | 'loss';

/**
 * Neither player came: a loss for both, and a round without a game. Tiebreaks take it as a round
 * without an opponent, each player's own unplayed round (FIDE 2023 tie-break regulations, spec/
 * tournament.md), and pairing as no meeting: the two may be paired again (FIDE Handbook C.04.1, F.2: a
 * "pairing not actually played … is not considered to be illegal in future rounds"). OpenGotha records
 * the same as "0-0!" (both lose, by default).
 */
export const DOUBLE_FORFEIT = 'double-forfeit';

/** A round's outcome as an event file records it: a result, or a double forfeit. */
export type RoundOutcome = MatchResult | typeof DOUBLE_FORFEIT;

/** One player's result in one round, seen from `player`. A match may be given from one side or both. */
export interface RoundResult {
  readonly round: number;
  readonly player: string;
  readonly opponent: string | 'bye';
  readonly result: RoundOutcome;
  /** The game was not played: the loser did not show (scored as a win and a loss). */
  readonly forfeit?: boolean;
  /** The match score as the director gave it, `player`'s points first (e.g. "7-3"). */
  readonly score?: string;
}

/** One board of a round as `bdb tournament pair` recorded it (its result comes later). */
export interface RoundPairing {
  readonly round: number;
  readonly player: string;
  readonly opponent: string;
}

/** Points for a win, a draw and a loss. */
export type Scoring = Readonly<Record<MatchResult, number>>;

export interface TournamentEvent {
  readonly players: readonly Player[];
  readonly system: TournamentSystem;
  /**
   * The format beyond Swiss and McMahon (knock-outs, lives, round robin, qualifier: format-config.ts);
   * absent in a Swiss or McMahon event. Its points and tiebreaks are the Swiss system's.
   */
  readonly format?: EventFormat;
  /** Planned number of rounds (default ⌈log₂ N⌉ for Swiss). */
  readonly rounds?: number;
  /** Points per result (default {@link DEFAULT_POINTS}: win 1, loss 0). */
  readonly points?: Scoring;
  /** The boards of the rounds paired by `bdb tournament pair` (none in older event files). */
  readonly pairings?: readonly RoundPairing[];
  readonly results: readonly RoundResult[];
}

export const BYE = 'bye';

/** Default points: a win 1, a loss 0 (backgammon has no draws; a draw, for other games, ½). */
export const DEFAULT_POINTS: Scoring = { win: 1, draw: 0.5, loss: 0 };

/** Match points per the KTS rules (and the Magic Tournament Rules): win 3, draw 1, loss 0. */
export const KTS_POINTS: Scoring = { win: 3, draw: 1, loss: 0 };

/** The scheme in words: "win 1 / loss 0" (draw named only when it is not half a win). */
export function describePoints(p: Scoring): string {
  const draw = p.draw === (p.win + p.loss) / 2 ? '' : ` / draw ${p.draw}`;
  return `win ${p.win}${draw} / loss ${p.loss}`;
}

/** Result value (win 1, draw ½, loss 0), as used by Sonneborn-Berger and head-to-head. */
export const RESULT_VALUE: Readonly<Record<MatchResult, number>> = { win: 1, draw: 0.5, loss: 0 };

const OPPOSITE: Readonly<Record<MatchResult, MatchResult>> = { win: 'loss', draw: 'draw', loss: 'win' };

/** What happened to one player in one round. */
export type RoundEntry =
  | {
      readonly kind: 'played';
      readonly round: number;
      readonly opponent: string;
      readonly result: MatchResult;
      /**
       * Won or lost by forfeit (the result's `forfeit`, on both sides' entries): a game not played. Only
       * FIDE C.07 art. 16 (`TiebreakRules.fide`) tells it from a game; every other rule counts it as played.
       */
      readonly forfeit?: true;
    }
  | { readonly kind: 'bye'; readonly round: number }
  /** Paired with `opponent`, but neither came: a loss, and a round without a game ({@link DOUBLE_FORFEIT}). */
  | { readonly kind: 'double-forfeit'; readonly round: number; readonly opponent: string }
  | { readonly kind: 'absent'; readonly round: number };

/** Per-player round-by-round history, normalised from the event's results. */
export interface ResultTable {
  /** Rounds played so far (the highest round with a result). */
  readonly rounds: number;
  readonly players: readonly string[];
  /** Entries for rounds 1..rounds, one per round, in round order. */
  readonly history: ReadonlyMap<string, readonly RoundEntry[]>;
}

/** Number of Swiss rounds for n players: ⌈log₂ n⌉ (at least 1 for two or more players). */
export function defaultRounds(n: number): number {
  return n < 2 ? 0 : Math.ceil(Math.log2(n));
}

/** Whether two round entries say the same (their kind, round, opponent and result). */
function sameEntry(a: RoundEntry, b: RoundEntry): boolean {
  return (
    a.kind === b.kind &&
    a.round === b.round &&
    boardOpponent(a) === boardOpponent(b) &&
    (a.kind !== 'played' || b.kind !== 'played' || a.result === b.result)
  );
}

/** Builds the per-player history, checking the results are consistent. */
export function resultTable(event: TournamentEvent): ResultTable {
  const names = event.players.map((p) => p.name);
  const known = new Set<string>();
  for (const name of names) {
    if (name === BYE) throw new TournamentError(`"${BYE}" cannot be a player's name`);
    if (known.has(name)) throw new TournamentError(`player "${name}" is listed twice`);
    known.add(name);
  }
  let rounds = 0;
  const byRound = new Map<number, Map<string, RoundEntry>>();
  const put = (name: string, entry: RoundEntry): void => {
    let map = byRound.get(entry.round);
    if (!map) {
      map = new Map();
      byRound.set(entry.round, map);
    }
    const old = map.get(name);
    if (old && !sameEntry(old, entry)) {
      throw new TournamentError(`conflicting results for "${name}" in round ${entry.round}`);
    }
    // a game given from both sides is a forfeit when either side says so
    if (!old || (entry.kind === 'played' && entry.forfeit)) map.set(name, entry);
  };
  for (const r of event.results) {
    if (!Number.isInteger(r.round) || r.round < 1) throw new TournamentError(`bad round number ${r.round}`);
    if (!known.has(r.player)) throw new TournamentError(`unknown player "${r.player}" in round ${r.round}`);
    if (r.opponent === BYE) {
      if (r.result !== 'win')
        throw new TournamentError(`a bye is a win (player "${r.player}", round ${r.round})`);
      put(r.player, { kind: 'bye', round: r.round });
    } else {
      if (!known.has(r.opponent)) {
        throw new TournamentError(`unknown player "${r.opponent}" in round ${r.round}`);
      }
      if (r.opponent === r.player) throw new TournamentError(`"${r.player}" paired with himself`);
      if (r.result === DOUBLE_FORFEIT) {
        put(r.player, { kind: 'double-forfeit', round: r.round, opponent: r.opponent });
        put(r.opponent, { kind: 'double-forfeit', round: r.round, opponent: r.player });
      } else {
        // a forfeit has a winner (a "drawn" forfeit is no rule's: counted as a game)
        const forfeit = r.forfeit === true && r.result !== 'draw' ? { forfeit: true as const } : {};
        put(r.player, { kind: 'played', round: r.round, opponent: r.opponent, result: r.result, ...forfeit });
        put(r.opponent, {
          kind: 'played',
          round: r.round,
          opponent: r.player,
          result: OPPOSITE[r.result],
          ...forfeit,
        });
      }
    }
    rounds = Math.max(rounds, r.round);
  }
  checkPairings(event, byRound);
  const history = new Map<string, RoundEntry[]>();
  for (const name of names) {
    const list: RoundEntry[] = [];
    for (let round = 1; round <= rounds; round++) {
      list.push(byRound.get(round)?.get(name) ?? { kind: 'absent', round });
    }
    history.set(name, list);
  }
  return { rounds, players: names, history };
}

/** The recorded pairings agree with themselves (one board per player and round) and with the results. */
function checkPairings(
  event: TournamentEvent,
  byRound: ReadonlyMap<number, ReadonlyMap<string, RoundEntry>>,
): void {
  const seen = new Map<number, Map<string, string>>();
  for (const p of event.pairings ?? []) {
    let round = seen.get(p.round);
    if (!round) {
      round = new Map();
      seen.set(p.round, round);
    }
    for (const [a, b] of [
      [p.player, p.opponent],
      [p.opponent, p.player],
    ] as const) {
      if (round.has(a)) throw new TournamentError(`"${a}" is paired twice in round ${p.round}`);
      round.set(a, b);
      const entry = byRound.get(p.round)?.get(a);
      if (entry?.kind === 'bye') {
        throw new TournamentError(`"${a}" has the bye in round ${p.round} but is paired with "${b}"`);
      }
      const named = boardOpponent(entry);
      if (named !== null && named !== b) {
        throw new TournamentError(
          `"${a}" was paired with "${b}" in round ${p.round}, but a result there names "${named}"`,
        );
      }
    }
  }
}

/** The opponent of a round's entry, when the round had a board with an opponent (a game, or a double forfeit). */
export function boardOpponent(entry: RoundEntry | undefined): string | null {
  return entry?.kind === 'played' || entry?.kind === 'double-forfeit' ? entry.opponent : null;
}

/** Whether the player is in the event for `round` (entered by then, not withdrawn after an earlier round). */
export function isActive(player: Player, round: number): boolean {
  if (player.enteredRound !== undefined && player.enteredRound > round) return false;
  return player.withdrawnAfterRound === undefined || player.withdrawnAfterRound >= round;
}

/**
 * Initial McMahon score (MMS₀) of a player: the group index from the rating thresholds, with the
 * bar and floor applied to the rating first. An unrated player is placed at the floor (or group 0).
 */
export function initialMcMahonScore(system: McMahonSystem, rating: number | undefined): number {
  let r = rating ?? system.floor ?? Number.NEGATIVE_INFINITY;
  if (system.bar !== undefined && r >= system.bar) r = system.bar;
  if (system.floor !== undefined && r < system.floor) r = system.floor;
  let group = 0;
  for (const threshold of system.groups) if (r >= threshold) group++;
  return group;
}
