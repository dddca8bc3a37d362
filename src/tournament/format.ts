/**
 * The formats of src/tournament/format-config.ts behind one interface: the next round's pairings from
 * the event's state (deterministic: random draws come from seeds stored in the event or given to
 * `pair`), who is still in which bracket, whether the event is finished, and its final places.
 *
 * - single, consolation, double: the bracket plan of src/tournament/bracket.ts on the seeded players;
 * - lives: src/tournament/lives.ts; round robin: src/tournament/round-robin.ts;
 * - qualifier: `swissRounds` Swiss rounds, then the top K of the standings (the event's points and
 *   tiebreaks, those still in the event) seeded 1 v K into a single elimination.
 *
 * A knock-out game needs a winner (a forfeit is one; a draw or a double forfeit is refused), and a
 * player who leaves a knock-out loses his next game by forfeit (no withdrawal there).
 */

import {
  type BracketPlan,
  bracketChampion,
  bracketPlaces,
  type MatchState,
  type Place,
  planBracket,
  resolveBracket,
} from './bracket.js';
import {
  isActive,
  type ResultTable,
  resultTable,
  type Scoring,
  TournamentError,
  type TournamentEvent,
} from './event.js';
import { type EventFormat, isKnockout, type QualifierFormat } from './format-config.js';
import { livesAlive, livesPlaces, pairLivesRound } from './lives.js';
import { lastRound } from './progress.js';
import { roundRobinRound, roundRobinRounds } from './round-robin.js';
import { bracketSize, seedOrder } from './seeding.js';
import { pairSwissRound } from './swiss.js';

/** Pairing refused because the event is over (every bracket has its winner, one player is left, …). */
export class EventFinished extends TournamentError {}

/** Whether a game of `round` is a knock-out game (it needs a winner): knock-outs, a qualifier's after its Swiss rounds. */
export function needsWinner(event: TournamentEvent, round: number): boolean {
  const f = event.format;
  if (f === undefined) return false;
  if (f.type === 'qualifier') return round > f.swissRounds;
  return isKnockout(f);
}

/** The players' names in the order of an event's standings (its points and tiebreaks). */
export type Ranking = (event: TournamentEvent) => readonly string[];

export interface FormatBoard {
  readonly player: string;
  readonly opponent: string;
  /** The bracket of a knock-out's board (null for Swiss and round-robin rounds). */
  readonly bracket: string | null;
}

export interface FormatBye {
  readonly player: string;
  readonly bracket: string | null;
}

export interface FormatPairing {
  readonly round: number;
  readonly boards: readonly FormatBoard[];
  readonly byes: readonly FormatBye[];
  /** Boards between players who met before (Swiss rounds only, when unavoidable). */
  readonly rematches: number;
}

export interface BracketView {
  readonly name: string;
  /** The players still in it (not yet out, not yet its winner). */
  readonly players: readonly string[];
  /** Its winner, once decided. */
  readonly winner: string | null;
}

export interface FormatStatus {
  readonly type: EventFormat['type'];
  readonly finished: boolean;
  /** Rounds the format plans (null: not known in advance, Swiss with lives). */
  readonly plannedRounds: number | null;
  readonly brackets: readonly BracketView[];
  /** Final places once finished (null before; round robin: the standings rank them). */
  readonly places: readonly Place[] | null;
  /** The places within each secondary bracket (consolation events), once finished. */
  readonly bracketPlaces: readonly { readonly name: string; readonly places: readonly Place[] }[];
  /** Lives: each player's losses so far. */
  readonly losses?: ReadonlyMap<string, number>;
}

/** The format's state as plain data (the standings' and JSON's view). */
export interface FormatView {
  readonly type: string;
  readonly description: string;
  readonly finished: boolean;
  readonly brackets: readonly BracketView[];
  readonly places: readonly Place[] | null;
  readonly bracketPlaces: readonly { readonly name: string; readonly places: readonly Place[] }[];
  readonly losses?: Readonly<Record<string, number>>;
}

const SEEDED: Readonly<Record<string, string>> = {
  rating: 'seeded by rating',
  draw: 'seeded in the order given',
  random: 'seeded by a random draw',
};

/** The format in words: "double elimination, seeded by rating, with a reset final". */
export function describeFormat(f: EventFormat): string {
  switch (f.type) {
    case 'single':
      return `single elimination, ${SEEDED[f.seeding]}`;
    case 'consolation': {
      const feeds = f.brackets.map(
        (b) =>
          `${b.name} from ${b.from} round${b.first === b.last ? ` ${b.first}` : `s ${b.first}-${b.last}`}`,
      );
      return `knock-out with ${feeds.join(', ')}, ${SEEDED[f.seeding]}`;
    }
    case 'double':
      return `double elimination, ${SEEDED[f.seeding]}, ${f.reset ? 'with' : 'without'} a reset final`;
    case 'lives':
      return `Swiss with ${f.lives} li${f.lives === 1 ? 'fe' : 'ves'}`;
    case 'round-robin':
      return 'round robin (Berger tables)';
    case 'qualifier':
      return `Swiss qualifier of ${f.swissRounds} round${f.swissRounds === 1 ? '' : 's'}, then a knock-out of the top ${f.top}`;
  }
}

export interface FormatPairOptions {
  readonly seed: number;
  readonly absentPoints?: number;
  readonly points?: Scoring;
}

function formatOf(event: TournamentEvent): EventFormat {
  if (event.format === undefined)
    throw new TournamentError('the event has no format (a Swiss or McMahon event)');
  return event.format;
}

/** The event restricted to its rounds 1..`last` (a qualifier's Swiss part). */
function firstRounds(event: TournamentEvent, last: number): TournamentEvent {
  return {
    ...event,
    results: event.results.filter((r) => r.round <= last),
    pairings: (event.pairings ?? []).filter((p) => p.round <= last),
  };
}

/** The qualifier's knock-out players: the top K of the Swiss standings still in the event, in order. */
export function qualifierEntrants(
  event: TournamentEvent,
  format: QualifierFormat,
  ranking: Ranking,
): string[] {
  const swiss = firstRounds(event, format.swissRounds);
  const players = new Map(event.players.map((p) => [p.name, p]));
  return ranking(swiss)
    .filter((name) => isActive(players.get(name)!, format.swissRounds + 1))
    .slice(0, format.top);
}

/** The bracket plan of a knock-out format (a qualifier's once its Swiss rounds are complete; else null). */
export function knockoutPlan(
  event: TournamentEvent,
  table: ResultTable,
  ranking: Ranking,
): BracketPlan | null {
  const f = formatOf(event);
  switch (f.type) {
    case 'single':
      return planBracket(seedOrder(event.players, f.seeding, f.seed));
    case 'consolation':
      return planBracket(seedOrder(event.players, f.seeding, f.seed), { feeds: f.brackets });
    case 'double':
      return planBracket(seedOrder(event.players, f.seeding, f.seed), { double: { reset: f.reset } });
    case 'qualifier': {
      if (table.rounds < f.swissRounds || swissIncomplete(event, table, f.swissRounds)) return null;
      return planBracket(qualifierEntrants(event, f, ranking), { offset: f.swissRounds });
    }
    default:
      return null;
  }
}

/** Whether a Swiss round up to `last` still lacks a result for a recorded board. */
function swissIncomplete(event: TournamentEvent, table: ResultTable, last: number): boolean {
  return (event.pairings ?? []).some(
    (p) => p.round <= last && table.history.get(p.player)?.[p.round - 1]?.kind === 'absent',
  );
}

/** The rounds the format plans: the bracket's last round (a reset final included), or the table's rounds. */
export function formatPlannedRounds(event: TournamentEvent, ranking: Ranking): number | null {
  const f = formatOf(event);
  const n = event.players.length;
  switch (f.type) {
    case 'lives':
      return null;
    case 'round-robin':
      return roundRobinRounds(n);
    case 'qualifier':
      return f.swissRounds + Math.log2(bracketSize(Math.min(f.top, n)));
    default: {
      const plan = knockoutPlan(event, resultTable(event), ranking)!;
      return plan.matches.reduce((m, x) => Math.max(m, x.round), 0);
    }
  }
}

/** The next knock-out round of a plan: its boards and byes; refused while it waits for a result. */
function nextBracketRound(states: readonly MatchState[], last: number): FormatPairing | null {
  const open = states.filter((s) => s.match.round > last && s.status !== 'empty' && s.status !== 'void');
  if (open.length === 0) return null;
  const round = Math.min(...open.map((s) => s.match.round));
  const here = open.filter((s) => s.match.round === round);
  const waiting = here.find((s) => s.status === 'waiting');
  if (waiting) {
    throw new TournamentError(
      `round ${round} of the knock-out cannot be paired: a game it depends on has no result yet`,
    );
  }
  return {
    round,
    boards: here
      .filter((s) => s.status === 'ready')
      .map((s) => ({ player: s.a!, opponent: s.b!, bracket: s.match.bracket })),
    byes: here
      .filter((s) => s.status === 'bye')
      .map((s) => ({ player: s.winner!, bracket: s.match.bracket })),
    rematches: 0,
  };
}

function fromSwiss(p: {
  round: number;
  pairs: readonly (readonly [string, string])[];
  bye: string | null;
  rematches: number;
}): FormatPairing {
  return {
    round: p.round,
    boards: p.pairs.map(([player, opponent]) => ({ player, opponent, bracket: null })),
    byes: p.bye === null ? [] : [{ player: p.bye, bracket: null }],
    rematches: p.rematches,
  };
}

/**
 * The next round of a format event (the round after the last with a result or a recorded board). Refused
 * once the event is finished, saying so.
 */
export function pairFormatRound(
  event: TournamentEvent,
  options: FormatPairOptions,
  ranking: Ranking,
): FormatPairing {
  const f = formatOf(event);
  const table = resultTable(event);
  const last = lastRound(event, table);
  const round = last + 1;
  const swissOptions = {
    seed: options.seed,
    round,
    ...(options.absentPoints === undefined ? {} : { absentPoints: options.absentPoints }),
    ...(options.points === undefined ? {} : { points: options.points }),
  };
  const finished = (why: string): never => {
    throw new EventFinished(`the event is finished (${why}): no round left to pair; its places are final`);
  };
  switch (f.type) {
    case 'lives': {
      const alive = livesAlive(event, table, f.lives, round);
      if (alive.length <= 1)
        finished(alive.length === 1 ? `${alive[0]} is the last player left` : 'no player is left');
      return fromSwiss(pairLivesRound(event, f.lives, swissOptions, table));
    }
    case 'round-robin': {
      const planned = roundRobinRounds(event.players.length);
      if (round > planned) finished(`all ${planned} rounds of the Berger table are paired`);
      return {
        ...fromSwiss({
          ...roundRobinRound(
            event.players.map((p) => p.name),
            round,
          ),
          rematches: 0,
        }),
      };
    }
    case 'qualifier':
      if (round <= f.swissRounds) return fromSwiss(pairSwissRound(event, swissOptions));
      break;
    default:
      break;
  }
  const plan = knockoutPlan(event, table, ranking);
  if (plan === null)
    throw new TournamentError(
      "the qualifier's Swiss rounds still lack results: the knock-out cannot be seeded yet",
    );
  const next = nextBracketRound(resolveBracket(plan, table), last);
  if (next === null) return finished('every bracket has its winner');
  return next;
}

/** Who is where, whether the event is finished, and its places. */
export function formatStatus(event: TournamentEvent, ranking: Ranking, points?: Scoring): FormatStatus {
  const f = formatOf(event);
  const table = resultTable(event);
  const plannedRounds = formatPlannedRounds(event, ranking);
  const complete = !(event.pairings ?? []).some(
    (p) => table.history.get(p.player)?.[p.round - 1]?.kind === 'absent',
  );
  const base = { type: f.type, plannedRounds, bracketPlaces: [] };
  if (f.type === 'lives') {
    const round = lastRound(event, table) + 1;
    const alive = livesAlive(event, table, f.lives, round);
    const finished = complete && alive.length <= 1;
    const losses = new Map(
      table.players.map((p) => [
        p,
        (table.history.get(p) ?? []).filter(
          (e) => (e.kind === 'played' && e.result === 'loss') || e.kind === 'double-forfeit',
        ).length,
      ]),
    );
    return {
      ...base,
      finished,
      brackets: [
        { name: 'in', players: finished ? [] : alive, winner: finished ? (alive[0] ?? null) : null },
      ],
      places: finished ? livesPlaces(event, table, f.lives, points) : null,
      losses,
    };
  }
  if (f.type === 'round-robin') {
    const finished =
      complete &&
      table.rounds >= roundRobinRounds(event.players.length) &&
      lastRound(event, table) >= table.rounds;
    return { ...base, finished, brackets: [], places: null };
  }
  const plan = knockoutPlan(event, table, ranking);
  if (plan === null) {
    return {
      ...base,
      finished: false,
      brackets: [
        {
          name: 'swiss',
          players: event.players.filter((p) => isActive(p, table.rounds + 1)).map((p) => p.name),
          winner: null,
        },
      ],
      places: null,
    };
  }
  const states = resolveBracket(plan, table);
  const finished = states.every((s) => s.status !== 'ready' && s.status !== 'waiting');
  const names = f.type === 'double' ? ['main', 'losers', 'final'] : plan.brackets;
  const brackets: BracketView[] = names.map((name) => {
    const players = new Set<string>();
    for (const s of states) {
      if (s.match.bracket !== name || (s.status !== 'ready' && s.status !== 'waiting')) continue;
      for (const p of [s.a, s.b]) if (typeof p === 'string') players.add(p);
    }
    return { name, players: [...players], winner: bracketChampion(plan, states, name) ?? null };
  });
  if (!finished) return { ...base, finished, brackets, places: null };
  const rank = f.type === 'double' ? ['main', 'losers', 'final'] : ['main'];
  const champion = bracketChampion(plan, states, f.type === 'double' ? 'final' : 'main');
  let places: Place[] = bracketPlaces(states, rank, champion);
  if (f.type === 'qualifier') {
    // the knock-out's players first, then the rest in the order of the qualifier's standings
    const ko = new Set(plan.entrants);
    const rest = ranking(firstRounds(event, f.swissRounds)).filter((p) => !ko.has(p));
    places = [...places, ...rest.map((player, i) => ({ place: ko.size + i + 1, player }))];
  }
  const secondary =
    f.type === 'consolation'
      ? f.brackets.map((b) => ({
          name: b.name,
          places: bracketPlaces(states, [b.name], bracketChampion(plan, states, b.name)),
        }))
      : [];
  return { ...base, finished, brackets, places, bracketPlaces: secondary };
}

/** A played match's result as the event records it: the score, the winner's points first, and a forfeit. */
export interface DrawnResult {
  /** "7-2" (the winner's points first when the file gives two numbers, else as written); null without one. */
  readonly score: string | null;
  readonly forfeit: boolean;
}

/** One match of a drawn bracket: its players (null a bye's empty side, undefined not known yet) and winner. */
export interface DrawnMatch {
  readonly round: number;
  readonly a: string | null | undefined;
  readonly b: string | null | undefined;
  readonly winner: string | null | undefined;
  readonly status: MatchState['status'];
  /** A played match's result (null for any other status). */
  readonly result: DrawnResult | null;
  /**
   * The matches of the same bracket it takes a player from (a winner; a reset final's two sides both come
   * from the grand final), a-side's first. A player dropped from another bracket, a seed and an empty match
   * (left out of the drawing) are not listed: a feed-in round's match has one, a first round's none.
   */
  readonly feeders: readonly DrawnFeeder[];
}

/** A match of the drawing: its bracket round and its place in that round's list (0 first). */
export interface DrawnFeeder {
  readonly bracketRound: number;
  readonly index: number;
}

/**
 * The result the event records for `winner` against `loser` in `round` (from either side; the first
 * given): its score turned to the winner's points first, and whether it was a forfeit.
 */
function recordedResult(event: TournamentEvent, round: number, winner: string, loser: string): DrawnResult {
  const r = event.results.find(
    (x) =>
      x.round === round &&
      ((x.player === winner && x.opponent === loser) || (x.player === loser && x.opponent === winner)),
  );
  if (r === undefined) return { score: null, forfeit: false };
  let score = r.score ?? null;
  const two = score === null ? null : /^\s*(\d+)\s*-\s*(\d+)\s*$/.exec(score);
  if (two) score = r.player === winner ? `${two[1]}-${two[2]}` : `${two[2]}-${two[1]}`;
  return { score, forfeit: r.forfeit === true };
}

export interface DrawnBracket {
  readonly name: string;
  /** The bracket's winner once decided; null before (or for a bracket nobody plays). */
  readonly winner: string | null;
  readonly rounds: readonly {
    readonly bracketRound: number;
    readonly round: number;
    readonly matches: readonly DrawnMatch[];
  }[];
}

export interface BracketDrawing {
  /** The knock-out's players and their seeds (1 first). */
  readonly seeds: ReadonlyMap<string, number>;
  readonly brackets: readonly DrawnBracket[];
}

/**
 * The knock-out's brackets round by round as the results so far decide them (empty matches left out);
 * null when the event has no bracket (Swiss with lives, round robin) or not yet (a qualifier's Swiss rounds).
 */
export function bracketDrawing(event: TournamentEvent, ranking: Ranking): BracketDrawing | null {
  const table = resultTable(event);
  const plan = knockoutPlan(event, table, ranking);
  if (plan === null) return null;
  const states = resolveBracket(plan, table);
  const brackets: DrawnBracket[] = plan.brackets.map((name) => {
    const rounds = new Map<number, { bracketRound: number; round: number; matches: DrawnMatch[] }>();
    // each drawn match of this bracket by its plan id (a feeder comes before the match it feeds)
    const drawn = new Map<number, DrawnFeeder>();
    for (const s of states) {
      if (s.match.bracket !== name || s.status === 'empty' || s.status === 'void') continue;
      let r = rounds.get(s.match.bracketRound);
      if (!r) {
        r = { bracketRound: s.match.bracketRound, round: s.match.round, matches: [] };
        rounds.set(s.match.bracketRound, r);
      }
      const feeders: DrawnFeeder[] = [];
      for (const src of [s.match.a, s.match.b]) {
        const f = src.kind === 'seed' ? undefined : drawn.get(src.match);
        if (f !== undefined && !feeders.includes(f)) feeders.push(f);
      }
      drawn.set(s.match.id, { bracketRound: r.bracketRound, index: r.matches.length });
      const result = s.status === 'played' ? recordedResult(event, s.match.round, s.winner!, s.loser!) : null;
      r.matches.push({
        round: s.match.round,
        a: s.a,
        b: s.b,
        winner: s.winner,
        status: s.status,
        result,
        feeders,
      });
    }
    return { name, rounds: [...rounds.values()], winner: bracketChampion(plan, states, name) ?? null };
  });
  return { seeds: new Map(plan.entrants.map((p, i) => [p, i + 1])), brackets };
}
