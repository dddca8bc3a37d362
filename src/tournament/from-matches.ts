/**
 * An event's results from match files: each finished match is a round result (the winner beats the
 * loser); an unfinished one is reported, not counted. The inputs are plain records (the CLI reads the
 * files), so this module depends on no parser.
 *
 * The round of a match, in this order:
 *  1. with an event file, the round in which the event's results pair the same two players (each such
 *     round used once; the match file's result replaces the event's for that round);
 *  2. the match's own round field, when it holds a number ("Round 3", "ronde3", "Tableau Or 2" → the
 *     last number in it);
 *  3. the date order: matches sorted by date (undated last, then in input order), each placed in the
 *     first round after both players' latest round so far in which neither has a result yet.
 */

import {
  BYE,
  DOUBLE_FORFEIT,
  defaultRounds,
  type Player,
  type RoundResult,
  type TournamentEvent,
} from './event.js';
import type { EventFile } from './file.js';
import { swissRounds } from './swiss.js';

/** One match as read from a file. */
export interface MatchRecord {
  /** Where it came from (a file name), for messages. */
  readonly source: string;
  readonly players: readonly [string, string];
  /** Seat of the winner; null when the match is unfinished. */
  readonly winner: 0 | 1 | null;
  /** The file's round field (free text), if any. */
  readonly round?: string | null;
  /** The file's date (ISO-like text, compared as text), if any. */
  readonly date?: string | null;
  /** Final score by seat and match length (0 = money), for messages about unfinished matches. */
  readonly finalScore?: readonly [number, number];
  readonly matchLength?: number;
  /** Each seat's PR in the match (XG's rules), null for a seat without an analysed decision. */
  readonly pr?: readonly [number | null, number | null];
}

export interface CountedMatch {
  readonly source: string;
  readonly round: number;
  readonly winner: string;
  readonly loser: string;
  /** How the round was found. */
  readonly roundFrom: 'event' | 'round field' | 'date order';
  /** The winner's and the loser's PR in the match; null without analysis (a transcript). */
  readonly winnerPr: number | null;
  readonly loserPr: number | null;
}

export interface MatchesEvent {
  /** The event with the matches' results (the event file's, or a Swiss event of the names found). */
  readonly event: EventFile;
  /**
   * The rounds the event plans: the event file's; null without one (match files do not say how many
   * rounds their event has, and ⌈log₂ N⌉ of the names found would be a guess).
   */
  readonly plannedRounds: number | null;
  readonly counted: readonly CountedMatch[];
  /** Unfinished matches: read, not counted. */
  readonly unfinished: readonly MatchRecord[];
  /** Matches that cannot be counted, with the reason (unknown player, round already played …). */
  readonly rejected: readonly { readonly source: string; readonly reason: string }[];
  /** Remarks that change nothing in the count's validity (an event result replaced by a file's). */
  readonly notes: readonly string[];
}

/** Default tiebreaks when no event file is given: the KTS tiebreak of the KTS rules. */
export const MATCHES_DEFAULT_TIEBREAKS = ['kts'] as const;

/** The round number written in a round field: its last number (1 … 999), else null. */
export function roundNumber(field: string | null | undefined): number | null {
  if (!field) return null;
  const m = /(\d+)(?!.*\d)/.exec(field);
  if (!m) return null;
  const n = Number(m[1]);
  return n >= 1 && n <= 999 ? n : null;
}

const pairKey = (a: string, b: string): string => JSON.stringify(a < b ? [a, b] : [b, a]);

/** Builds the event of the finished matches (see the module comment for the rounds). */
export function eventFromMatches(records: readonly MatchRecord[], base?: EventFile): MatchesEvent {
  const unfinished: MatchRecord[] = [];
  const rejected: { source: string; reason: string }[] = [];
  const notes: string[] = [];
  const counted: CountedMatch[] = [];

  // players: the event's, or the names found (in input order)
  let players: Player[];
  if (base) players = [...base.players];
  else {
    const seen = new Set<string>();
    players = [];
    for (const r of records) {
      for (const name of r.players) {
        if (!seen.has(name) && name !== BYE) {
          seen.add(name);
          players.push({ name });
        }
      }
    }
  }
  const known = new Set(players.map((p) => p.name));

  // the event's own results; those a match file replaces are dropped below
  const eventResults: RoundResult[] = [...(base?.results ?? [])];
  const busy = new Map<number, Set<string>>();
  const isBusy = (round: number, name: string): boolean => busy.get(round)?.has(name) ?? false;
  const occupy = (round: number, name: string): void => {
    let set = busy.get(round);
    if (!set) {
      set = new Set();
      busy.set(round, set);
    }
    set.add(name);
  };
  // rounds in which the event pairs two players (a bye pairs no one)
  const eventRounds = new Map<string, number[]>();
  for (const r of eventResults) {
    if (r.opponent === BYE) continue;
    const key = pairKey(r.player, r.opponent);
    const list = eventRounds.get(key) ?? [];
    if (!list.includes(r.round)) list.push(r.round);
    eventRounds.set(
      key,
      list.sort((a, b) => a - b),
    );
  }
  const replaced = new Set<string>(); // `${round} ${pairKey}` of event results replaced by a file

  const finished: { record: MatchRecord; index: number; winner: string; loser: string }[] = [];
  records.forEach((record, index) => {
    const [a, b] = record.players;
    const unknown = [a, b].filter((n) => !known.has(n));
    if (unknown.length > 0) {
      rejected.push({
        source: record.source,
        reason: `${unknown.map((n) => JSON.stringify(n)).join(' and ')} ${unknown.length > 1 ? 'are' : 'is'} not a player of the event`,
      });
      return;
    }
    if (a === b) {
      rejected.push({ source: record.source, reason: `both players are ${JSON.stringify(a)}` });
      return;
    }
    if (record.winner === null) {
      unfinished.push(record);
      return;
    }
    finished.push({
      record,
      index,
      winner: record.players[record.winner],
      loser: record.players[1 - record.winner]!,
    });
  });

  const count = (m: (typeof finished)[number], round: number, roundFrom: CountedMatch['roundFrom']): void => {
    occupy(round, m.winner);
    occupy(round, m.loser);
    const pr = m.record.pr ?? [null, null];
    const w = m.record.winner === 1 ? 1 : 0;
    counted.push({
      source: m.record.source,
      round,
      winner: m.winner,
      loser: m.loser,
      roundFrom,
      winnerPr: pr[w],
      loserPr: pr[1 - w]!,
    });
  };

  // 1. the event's pairings
  const rest: typeof finished = [];
  for (const m of finished) {
    const key = pairKey(m.winner, m.loser);
    const round = (eventRounds.get(key) ?? []).find((r) => !replaced.has(`${r} ${key}`));
    if (round === undefined) {
      rest.push(m);
      continue;
    }
    replaced.add(`${round} ${key}`);
    const old = eventResults.find(
      (r) => r.round === round && r.opponent !== BYE && pairKey(r.player, r.opponent) === key,
    )!;
    const oldWinner = old.result === 'win' ? old.player : old.result === 'loss' ? old.opponent : null;
    if (oldWinner !== m.winner) {
      const had =
        old.result === DOUBLE_FORFEIT
          ? 'a double forfeit'
          : oldWinner === null
            ? 'a draw'
            : `${oldWinner} winning`;
      notes.push(
        `${m.record.source}: round ${round}: the event file has ${had}; ` +
          `the match file's result is counted (${m.winner} won)`,
      );
    }
    count(m, round, 'event');
  }
  const kept = eventResults.filter(
    (r) => r.opponent === BYE || !replaced.has(`${r.round} ${pairKey(r.player, r.opponent)}`),
  );
  for (const r of kept) {
    occupy(r.round, r.player);
    if (r.opponent !== BYE) occupy(r.round, r.opponent);
  }
  // (the event file has one result per player and round, so the replaced ones free exactly their slot)

  // 2. the round field
  const dated: typeof finished = [];
  for (const m of rest) {
    const round = roundNumber(m.record.round);
    if (round === null) {
      dated.push(m);
      continue;
    }
    const who = [m.winner, m.loser].find((n) => isBusy(round, n));
    if (who !== undefined) {
      rejected.push({
        source: m.record.source,
        reason: `its round field says round ${round}, where ${who} already has a result`,
      });
      continue;
    }
    count(m, round, 'round field');
  }

  // 3. the date order
  dated.sort((x, y) => {
    const dx = x.record.date ?? null;
    const dy = y.record.date ?? null;
    if (dx !== dy) {
      if (dx === null) return 1;
      if (dy === null) return -1;
      return dx < dy ? -1 : 1;
    }
    return x.index - y.index;
  });
  const latest = (name: string): number => {
    let last = 0;
    for (const [round, set] of busy) if (set.has(name) && round > last) last = round;
    return last;
  };
  for (const m of dated) {
    let round = Math.max(latest(m.winner), latest(m.loser)) + 1;
    while (isBusy(round, m.winner) || isBusy(round, m.loser)) round++;
    count(m, round, 'date order');
  }

  const results: RoundResult[] = [
    ...kept,
    ...counted.map((c) => ({ round: c.round, player: c.winner, opponent: c.loser, result: 'win' as const })),
  ].sort((x, y) => x.round - y.round);
  const highest = results.reduce((mx, r) => Math.max(mx, r.round), 0);
  const core: TournamentEvent = base
    ? { ...base, results }
    : {
        players,
        system: { type: 'swiss' },
        results,
        rounds: Math.max(highest, defaultRounds(players.length), 1),
      };
  const event: EventFile = base
    ? { ...base, results }
    : { ...core, tiebreaks: [...MATCHES_DEFAULT_TIEBREAKS], tiebreakOptions: {} };
  counted.sort((x, y) => x.round - y.round || (x.source < y.source ? -1 : x.source > y.source ? 1 : 0));
  return { event, plannedRounds: base ? swissRounds(base) : null, counted, unfinished, rejected, notes };
}
