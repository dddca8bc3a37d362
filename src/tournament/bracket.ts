/**
 * Knock-out brackets as a plan of matches, each taking its two players from a seed or from an earlier
 * match's winner or loser, then replayed on the event's results.
 *
 * - The main draw: single elimination on the bracket size S (the next power of two), round 1 in the
 *   standard bracket order (src/tournament/seeding.ts), round r between the winners of round r − 1's
 *   matches 2i and 2i + 1.
 * - A feed-in bracket (consolation, last chance, a losers' bracket) takes the losers of its feeder's
 *   rounds first..last as they are decided: the first round's losers play each other; each later feed
 *   meets the bracket's survivors (the larger side is first halved by rounds of its own, so the two
 *   sides are equal), the feed in reverse order so that a dropped player does not meet again at once
 *   those he has just played with; after the last feed the bracket halves to its winner.
 * - Double elimination: a losers' bracket fed by every main round, then the grand final between the
 *   main draw's winner and the losers' bracket's winner, and (when the event says so) a second final if
 *   the losers' bracket's winner wins the first (the "bracket reset"): then both have one loss.
 *
 * Each match is played in the event round after its two sources are decided (seeds: before round 1),
 * so a player is never in two matches of one round. A seed above the number of players is empty: a
 * match with one empty side is a bye (the other player goes on, recorded as a bye, a win), a match
 * with two is empty (nobody goes on from it).
 */

import { type ResultTable, TournamentError } from './event.js';
import type { FeedBracket } from './format-config.js';
import { bracketOrder, bracketSize } from './seeding.js';

export type Source =
  | { readonly kind: 'seed'; readonly seed: number }
  | { readonly kind: 'winner' | 'loser'; readonly match: number };

export interface PlannedMatch {
  readonly id: number;
  readonly bracket: string;
  /** The round within its bracket, 1 first. */
  readonly bracketRound: number;
  /** The event round it is played in. */
  readonly round: number;
  readonly a: Source;
  readonly b: Source;
  /** The second grand final: played only when `b`'s side (the losers' bracket winner) won match `reset`. */
  readonly reset?: number;
}

export interface BracketPlan {
  readonly size: number;
  /** The players in seed order (seed 1 first). */
  readonly entrants: readonly string[];
  readonly matches: readonly PlannedMatch[];
  /** The brackets in order: "main", the feed-in brackets, "final" (double elimination). */
  readonly brackets: readonly string[];
  /** Where each bracket's winner comes from. */
  readonly champions: ReadonlyMap<string, Source>;
}

export interface PlanOptions {
  readonly feeds?: readonly FeedBracket[];
  /** Double elimination: a losers' bracket fed by every main round, a grand final, `reset` or not. */
  readonly double?: { readonly reset: boolean };
  /** Event rounds before the bracket's first (a qualifier's Swiss rounds). */
  readonly offset?: number;
}

/** The plan of a knock-out of `entrants` (seed order; the bracket is at least 2 wide). */
export function planBracket(entrants: readonly string[], options: PlanOptions = {}): BracketPlan {
  // one player (a qualifier whose field withdrew) has a bye to the title; none, an empty bracket
  const offset = options.offset ?? 0;
  const size = bracketSize(entrants.length);
  const matches: PlannedMatch[] = [];
  const rounds = new Map<string, PlannedMatch[][]>();
  const decided = (s: Source): number => (s.kind === 'seed' ? offset : matches[s.match]!.round);
  const addRound = (bracket: string, pairs: readonly (readonly [Source, Source])[]): PlannedMatch[] => {
    let list = rounds.get(bracket);
    if (!list) {
      list = [];
      rounds.set(bracket, list);
    }
    const made = pairs.map(([a, b]) => {
      const m: PlannedMatch = {
        id: matches.length,
        bracket,
        bracketRound: list.length + 1,
        round: Math.max(decided(a), decided(b)) + 1,
        a,
        b,
      };
      matches.push(m);
      return m;
    });
    list.push(made);
    return made;
  };
  const winners = (ms: readonly PlannedMatch[]): Source[] => ms.map((m) => ({ kind: 'winner', match: m.id }));
  const losers = (ms: readonly PlannedMatch[]): Source[] => ms.map((m) => ({ kind: 'loser', match: m.id }));
  const halve = (bracket: string, list: readonly Source[]): Source[] => {
    const pairs: [Source, Source][] = [];
    for (let i = 0; i + 1 < list.length; i += 2) pairs.push([list[i]!, list[i + 1]!]);
    return winners(addRound(bracket, pairs));
  };

  const order = bracketOrder(size);
  let current: Source[] = order.map((seed) => ({ kind: 'seed', seed }));
  while (current.length > 1) current = halve('main', current);
  const champions = new Map<string, Source>([['main', current[0]!]]);

  const feedIn = (name: string, from: string, first: number, last: number): Source => {
    const feeder = rounds.get(from) ?? (brackets.includes(from) ? [] : undefined);
    if (!feeder)
      throw new TournamentError(`bracket "${name}": no bracket "${from}" before it to take losers from`);
    let survivors: Source[] | null = null;
    for (let t = first; t <= Math.min(last, feeder.length); t++) {
      let feed = losers(feeder[t - 1]!);
      if (survivors === null) {
        survivors = feed.length > 1 ? halve(name, feed) : feed;
        continue;
      }
      while (survivors.length > feed.length) survivors = halve(name, survivors);
      while (feed.length > survivors.length) feed = halve(name, feed);
      const crossed = feed;
      survivors = winners(
        addRound(
          name,
          survivors.map((s, i) => [s, crossed[crossed.length - 1 - i]!] as const),
        ),
      );
    }
    // the feeder has no such round (a small draw): the bracket has nobody
    if (survivors === null) return { kind: 'seed', seed: size + 1 };
    while (survivors.length > 1) survivors = halve(name, survivors);
    return survivors[0]!;
  };

  const brackets = ['main'];
  for (const f of options.feeds ?? []) {
    if (brackets.includes(f.name)) throw new TournamentError(`bracket "${f.name}" is named twice`);
    champions.set(f.name, feedIn(f.name, f.from, f.first, f.last));
    brackets.push(f.name);
  }
  if (options.double) {
    const main = rounds.get('main')!;
    champions.set('losers', feedIn('losers', 'main', 1, main.length));
    brackets.push('losers', 'final');
    const [grand] = addRound('final', [[champions.get('main')!, champions.get('losers')!]]);
    let champion: Source = { kind: 'winner', match: grand!.id };
    if (options.double.reset) {
      const reset: PlannedMatch = {
        id: matches.length,
        bracket: 'final',
        bracketRound: 2,
        round: grand!.round + 1,
        a: { kind: 'winner', match: grand!.id },
        b: { kind: 'loser', match: grand!.id },
        reset: grand!.id,
      };
      matches.push(reset);
      champion = { kind: 'winner', match: reset.id };
    }
    champions.set('final', champion);
  }
  return { size, entrants, matches, brackets, champions };
}

/** What became of a planned match on the results so far. */
export type MatchStatus =
  /** Both sides empty: nobody plays. */
  | 'empty'
  /** One side empty: the other goes on (a bye). */
  | 'bye'
  /** A reset final not needed (the main draw's winner won the grand final). */
  | 'void'
  | 'played'
  /** Both players known, no result yet. */
  | 'ready'
  /** A side still depends on a match without its result. */
  | 'waiting';

export interface MatchState {
  readonly match: PlannedMatch;
  /** A side's player: a name, null for an empty side, undefined while not known. */
  readonly a: string | null | undefined;
  readonly b: string | null | undefined;
  readonly status: MatchStatus;
  readonly winner: string | null | undefined;
  readonly loser: string | null | undefined;
}

/** The result of `a` against `b` in `round`: the winner, or undefined without one; other results are errors. */
function winnerOf(
  table: ResultTable,
  round: number,
  a: string,
  b: string,
  bracket: string,
): string | undefined {
  for (const [p, q] of [
    [a, b],
    [b, a],
  ] as const) {
    const e = table.history.get(p)?.[round - 1];
    if (e === undefined || e.kind === 'absent') continue;
    if (e.kind === 'bye')
      throw new TournamentError(
        `"${p}" has a bye in round ${round}, but the ${bracket} bracket pairs him with "${q}"`,
      );
    if (e.opponent !== q) {
      throw new TournamentError(
        `"${p}" has a result against "${e.opponent}" in round ${round}, but the ${bracket} bracket pairs him with "${q}"`,
      );
    }
    if (e.kind === 'double-forfeit' || e.result === 'draw')
      throw new TournamentError(`round ${round}: "${a}"–"${b}" is a knock-out match: it needs a winner`);
    return e.result === 'win' ? p : q;
  }
  return undefined;
}

/** The plan replayed on the results: each match's players, status, winner and loser. */
export function resolveBracket(plan: BracketPlan, table: ResultTable): MatchState[] {
  const states: MatchState[] = [];
  const value = (s: Source): string | null | undefined => {
    if (s.kind === 'seed') return plan.entrants[s.seed - 1] ?? null;
    const m = states[s.match]!;
    return s.kind === 'winner' ? m.winner : m.loser;
  };
  for (const match of plan.matches) {
    const a = value(match.a);
    const b = value(match.b);
    const put = (status: MatchStatus, winner: string | null | undefined, loser: string | null | undefined) =>
      states.push({ match, a, b, status, winner, loser });
    if (match.reset !== undefined) {
      const grand = states[match.reset]!;
      const mainSide = value(plan.matches[match.reset]!.a);
      if (grand.status === 'played' && grand.winner === mainSide) {
        put('void', null, null);
        continue;
      }
    }
    if (a === undefined || b === undefined) put('waiting', undefined, undefined);
    else if (a === null && b === null) put('empty', null, null);
    else if (a === null || b === null) put('bye', a ?? b, null);
    else {
      const w = winnerOf(table, match.round, a, b, match.bracket);
      if (w === undefined) put('ready', undefined, undefined);
      else put('played', w, w === a ? b : a);
    }
  }
  return states;
}

/** The event's winner of a bracket (undefined while not decided; null for an empty bracket). */
export function bracketChampion(
  plan: BracketPlan,
  states: readonly MatchState[],
  bracket: string,
): string | null | undefined {
  const s = plan.champions.get(bracket);
  if (s === undefined) return undefined;
  if (s.kind === 'seed') return plan.entrants[s.seed - 1] ?? null;
  const m = states[s.match]!;
  if (m.status === 'void') {
    // no reset: the grand final's winner
    return states[m.match.reset!]!.winner;
  }
  return s.kind === 'winner' ? m.winner : m.loser;
}

export interface Place {
  readonly place: number;
  readonly player: string;
}

/**
 * Places within a set of brackets: the winner first, then the others by the event round of the match
 * that put them out (the later, the better), a place shared by those put out in the same round.
 */
export function bracketPlaces(
  states: readonly MatchState[],
  brackets: readonly string[],
  champion: string | null | undefined,
): Place[] {
  const out = new Map<string, number>();
  for (const s of states) {
    if (!brackets.includes(s.match.bracket) || s.status !== 'played') continue;
    out.set(s.loser!, s.match.round);
    // a player who lost and then won (double elimination's grand final) is not out
    if (out.has(s.winner!)) out.delete(s.winner!);
  }
  if (champion) out.delete(champion);
  const rows = [...out].sort((x, y) => y[1] - x[1]);
  const places: Place[] = champion ? [{ place: 1, player: champion }] : [];
  let ahead = places.length;
  rows.forEach(([player, round], i) => {
    const place = i > 0 && rows[i - 1]![1] === round ? places.at(-1)!.place : ahead + 1;
    places.push({ place, player });
    ahead++;
  });
  return places;
}
