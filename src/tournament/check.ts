/**
 * The rule checker: replays an event file round by round and verifies every round against its format's
 * rules, the way chess engines' pairings are checked, with its own bookkeeping (it reads the results and
 * recorded boards, not the engines' plans). It returns the first violation as a sentence, or null.
 *
 * - every format: nobody in two games (or a game and a bye) of one round;
 * - knock-outs (single, consolation, double, a qualifier's knock-out): the seeds as the format says
 *   (by rating, the order given, or the stored random draw; a qualifier's: its Swiss standings); round 1
 *   exactly the seeds a v S + 1 − a, the byes exactly to seeds 1..S − n; in the main draw's round t the
 *   two players' bracket positions in one block of 2^t and opposite halves of it (so seeds 1 and 2 meet
 *   only in the final), each a winner of every main round before; a bracket's games only between
 *   players in it; a loser in bracket B's round t (B's t-th round with a game or a bye) drops to the
 *   bracket fed by B's round t, else is out; finished: one player left in each bracket that had any;
 * - double elimination by losses: out on the second loss; no game between an unbeaten and a once-beaten
 *   player but the grand final, when they are the last two; the reset final played exactly when the
 *   event says so and the once-beaten player won the first;
 * - Swiss rounds (lives, a qualifier's): exactly the players still in (not withdrawn; with lives, fewer
 *   than N losses) play or have the bye, one bye when their number is odd, no second bye while one of
 *   them had none, no rematch unless every pairing of the round repeats a game; with lives no round once
 *   one player (or none) is left;
 * - round robin: each round exactly the Berger table's games (FIDE C.05 Annex 1), computed here by
 *   its rotation rule (round 1: 1-m, 2-(m−1), …; each next round adds m/2 to every number but m, modulo
 *   m − 1), the bye to the player the table pairs with m = n + 1.
 */

import { maxWeightMatching } from './blossom.js';
import { BYE, DOUBLE_FORFEIT, isActive, type Player, type TournamentEvent } from './event.js';
import { qualifierEntrants, type Ranking } from './format.js';
import type { EventFormat, FeedBracket } from './format-config.js';
import { seedOrder } from './seeding.js';

interface Game {
  readonly a: string;
  readonly b: string;
  /** The winner; null without a result yet; "" for a double forfeit, "=" for a draw. */
  winner: string | null;
}

interface RoundData {
  readonly games: Game[];
  readonly byes: string[];
}

class Violation extends Error {}

function fail(message: string): never {
  throw new Violation(message);
}

/** The rounds as recorded: each player in at most one game or bye per round (else the violation). */
function readRounds(event: TournamentEvent): RoundData[] {
  const rounds: RoundData[] = [];
  const slot = new Map<string, string>();
  const games = new Map<string, Game>();
  const get = (round: number): RoundData => {
    while (rounds.length < round) rounds.push({ games: [], byes: [] });
    return rounds[round - 1]!;
  };
  const claim = (round: number, player: string, what: string): void => {
    const key = `${round}\u0000${player}`;
    const had = slot.get(key);
    if (had !== undefined && had !== what) {
      fail(`round ${round}: "${player}" is paired twice (${had} and ${what})`);
    }
    slot.set(key, what);
  };
  const game = (round: number, a: string, b: string): Game => {
    const [x, y] = a < b ? [a, b] : [b, a];
    const key = `${round}\u0000${x}\u0000${y}`;
    claim(round, a, `against "${b}"`);
    claim(round, b, `against "${a}"`);
    let g = games.get(key);
    if (!g) {
      g = { a, b, winner: null };
      games.set(key, g);
      get(round).games.push(g);
    }
    return g;
  };
  for (const p of event.pairings ?? []) game(p.round, p.player, p.opponent);
  for (const r of event.results) {
    if (r.opponent === BYE) {
      claim(r.round, r.player, 'the bye');
      if (!get(r.round).byes.includes(r.player)) get(r.round).byes.push(r.player);
      continue;
    }
    const g = game(r.round, r.player, r.opponent);
    // "" a double forfeit (both lose), "=" a draw (neither)
    const winner =
      r.result === 'win'
        ? r.player
        : r.result === 'loss'
          ? r.opponent
          : r.result === DOUBLE_FORFEIT
            ? ''
            : '=';
    if (g.winner !== null && g.winner !== winner)
      fail(`round ${r.round}: "${r.player}"–"${r.opponent}" has two different results`);
    g.winner = winner;
  }
  return rounds;
}

/** Position of seed `s` in the standard bracket of `size` (slot 0 first), by its own recursion. */
export function seedPosition(s: number, size: number): number {
  if (size === 2) return s === 1 ? 0 : 1;
  // seed s and its partner size + 1 − s share the slot pair of the better of them in the half bracket;
  // the better is on top when that slot is even
  const half = size / 2;
  const better = s <= half ? s : size + 1 - s;
  const i = seedPosition(better, half);
  const top = i % 2 === 0 ? better : size + 1 - better;
  return 2 * i + (s === top ? 0 : 1);
}

function powerOfTwo(n: number): number {
  let s = 2;
  while (s < n) s *= 2;
  return s;
}

/**
 * A knock-out's rules (see the module comment), from event round `offset + 1` on, for `entrants` in
 * seed order; `feeds` the consolation brackets, `double` the double elimination's reset rule.
 */
function checkKnockout(
  rounds: readonly RoundData[],
  entrants: readonly string[],
  offset: number,
  feeds: readonly FeedBracket[],
  double: { reset: boolean } | null,
  finished: boolean,
): void {
  const n = entrants.length;
  const size = powerOfTwo(n);
  const seed = new Map(entrants.map((p, i) => [p, i + 1]));
  const where = new Map<string, string>(entrants.map((p) => [p, 'main']));
  const losses = new Map<string, number>(entrants.map((p) => [p, 0]));
  const bracketRounds = new Map<string, number>();
  let grandFinal: { unbeaten: string; beaten: string; winner: string } | null = null;
  let resetPlayed = false;
  const first = rounds[offset];
  if (!first) return;
  // round 1: every entrant, the byes exactly to the top seeds
  const inFirst = new Set([...first.games.flatMap((g) => [g.a, g.b]), ...first.byes]);
  for (const p of entrants)
    if (!inFirst.has(p)) fail(`round ${offset + 1}: seed ${seed.get(p)} "${p}" is not in the draw`);
  for (const p of inFirst)
    if (!seed.has(p)) fail(`round ${offset + 1}: "${p}" is in the draw but not among its seeded players`);
  for (const p of first.byes) {
    if (seed.get(p)! > size - n)
      fail(
        `round ${offset + 1}: seed ${seed.get(p)} "${p}" has a bye, but only seeds 1 to ${size - n} have one`,
      );
  }
  for (let s = 1; s <= size - n; s++) {
    if (!first.byes.includes(entrants[s - 1]!))
      fail(`round ${offset + 1}: seed ${s} "${entrants[s - 1]}" should have a bye`);
  }
  for (const g of first.games) {
    const [x, y] = [seed.get(g.a)!, seed.get(g.b)!];
    if (x + y !== size + 1)
      fail(
        `round ${offset + 1}: seeds ${x} and ${y} meet, but in a bracket of ${size} seed ${x} meets seed ${size + 1 - x}`,
      );
  }
  for (let r = offset + 1; r <= rounds.length; r++) {
    const data = rounds[r - 1]!;
    const active = new Set<string>();
    const t = r - offset;
    for (const p of data.byes) {
      const b = where.get(p);
      if (b === undefined || b === 'out') fail(`round ${r}: "${p}" has a bye but is out of the event`);
      if (b === 'main' && t > 1) fail(`round ${r}: "${p}" has a bye in the main draw after its first round`);
      active.add(b);
    }
    for (const g of data.games) {
      const [ba, bb] = [where.get(g.a), where.get(g.b)];
      for (const [p, b] of [
        [g.a, ba],
        [g.b, bb],
      ] as const) {
        if (b === undefined) fail(`round ${r}: "${p}" plays, but is not in the knock-out`);
        if (b === 'out') fail(`round ${r}: "${p}" plays, but is out of the event`);
      }
      if (ba !== bb && !double)
        fail(`round ${r}: "${g.a}" (${ba}) is paired with "${g.b}" (${bb}): a game within one bracket`);
      if (g.winner === '' || g.winner === '=')
        fail(`round ${r}: "${g.a}"–"${g.b}" has no winner, and a knock-out game needs one`);
      active.add(ba!);
      if (ba === 'main' && bb === 'main') {
        const [pa, pb] = [seedPosition(seed.get(g.a)!, size), seedPosition(seed.get(g.b)!, size)];
        if (pa >> t !== pb >> t || pa >> (t - 1) === pb >> (t - 1)) {
          fail(
            `round ${r}: seeds ${seed.get(g.a)} and ${seed.get(g.b)} cannot meet in the main draw's round ${t}`,
          );
        }
      }
      if (double) {
        const [la, lb] = [losses.get(g.a)!, losses.get(g.b)!];
        if (la !== lb) {
          const alive = entrants.filter((p) => losses.get(p)! < 2);
          if (alive.length !== 2 || grandFinal !== null)
            fail(
              `round ${r}: "${g.a}" (${la} loss${la === 1 ? '' : 'es'}) meets "${g.b}" (${lb}) before the grand final`,
            );
        }
      }
    }
    for (const b of active) bracketRounds.set(b, (bracketRounds.get(b) ?? 0) + 1);
    for (const g of data.games) {
      if (g.winner === null) continue;
      const loser = g.winner === g.a ? g.b : g.a;
      const b = where.get(loser)!;
      const lost = losses.get(loser)! + 1;
      losses.set(loser, lost);
      if (double) {
        if (grandFinal !== null) {
          // the reset: the last game
          if (!(double.reset && grandFinal.winner === grandFinal.beaten) || resetPlayed)
            fail(`round ${r}: a game after the grand final (no reset due)`);
          resetPlayed = true;
          where.set(loser, 'out');
          continue;
        }
        const loserBefore = lost - 1;
        const winnerLosses = losses.get(g.winner)!;
        if (loserBefore !== winnerLosses) {
          grandFinal = {
            unbeaten: winnerLosses === 0 ? g.winner : loser,
            beaten: winnerLosses === 0 ? loser : g.winner,
            winner: g.winner,
          };
          where.set(loser, double.reset && g.winner === grandFinal.beaten ? 'final' : 'out');
          where.set(g.winner, 'final');
          continue;
        }
        where.set(loser, lost >= 2 ? 'out' : 'losers');
        continue;
      }
      const round = bracketRounds.get(b)!;
      const to = feeds.find((f) => f.from === b && f.first <= round && round <= f.last);
      where.set(loser, to ? to.name : 'out');
    }
  }
  if (!finished) return;
  if (double) {
    if (grandFinal === null) fail('the event is finished without a grand final');
    if (double.reset && grandFinal.winner === grandFinal.beaten && !resetPlayed)
      fail("the losers' bracket winner won the grand final, but the reset final was not played");
    return;
  }
  const left = new Map<string, string[]>();
  for (const [p, b] of where) if (b !== 'out') left.set(b, [...(left.get(b) ?? []), p]);
  for (const [b, players] of left) {
    if (players.length > 1)
      fail(
        `the event is finished with ${players.length} players still in the ${b} bracket (${players.join(', ')})`,
      );
  }
}

/** The unavoidable number of rematches: V/2 − the largest matching without one (byes to those allowed). */
function fewestRematches(
  active: readonly string[],
  met: ReadonlyMap<string, ReadonlySet<string>>,
  hadBye: ReadonlySet<string>,
): number {
  const n = active.length;
  const v = n % 2 === 1 ? n + 1 : n;
  const everyone = active.every((p) => hadBye.has(p));
  const edges: [number, number, number][] = [];
  for (let i = 0; i < n; i++) {
    for (let j = i + 1; j < n; j++) if (!met.get(active[i]!)?.has(active[j]!)) edges.push([i, j, 1]);
    if (v > n && (everyone || !hadBye.has(active[i]!))) edges.push([i, n, 1]);
  }
  const mate = maxWeightMatching(v, edges, { maxCardinality: true });
  return v / 2 - mate.filter((m) => m !== -1).length / 2;
}

/** Swiss rounds `from`..`to`: who plays, the byes, the rematches; with `lives`, players out on their N-th loss. */
function checkSwiss(
  rounds: readonly RoundData[],
  players: readonly Player[],
  from: number,
  to: number,
  lives: number | null,
): void {
  const met = new Map<string, Set<string>>(players.map((p) => [p.name, new Set()]));
  const hadBye = new Set<string>();
  const losses = new Map<string, number>(players.map((p) => [p.name, 0]));
  for (let r = from; r <= to; r++) {
    const data = rounds[r - 1]!;
    const active = players
      .filter((p) => isActive(p, r) && (lives === null || losses.get(p.name)! < lives))
      .map((p) => p.name);
    if (lives !== null && active.length <= 1)
      fail(
        `round ${r} is played with ${active.length} player${active.length === 1 ? '' : 's'} left: the event was over`,
      );
    const inRound = [...data.games.flatMap((g) => [g.a, g.b]), ...data.byes];
    const set = new Set(active);
    for (const p of inRound) {
      if (!set.has(p))
        fail(
          `round ${r}: "${p}" plays, but ${lives !== null && losses.get(p)! >= lives ? `has lost all ${lives} lives` : 'is not in the event for that round'}`,
        );
    }
    const seen = new Set(inRound);
    for (const p of active)
      if (!seen.has(p)) fail(`round ${r}: "${p}" is still in the event but neither plays nor has the bye`);
    if (data.byes.length !== active.length % 2)
      fail(
        `round ${r}: ${data.byes.length} byes for ${active.length} players (one when their number is odd, else none)`,
      );
    for (const p of data.byes) {
      if (hadBye.has(p) && active.some((q) => !hadBye.has(q)))
        fail(`round ${r}: "${p}" has a second bye while a player without one could take it`);
    }
    const rematches = data.games.filter((g) => met.get(g.a)!.has(g.b)).length;
    if (rematches > 0) {
      const least = fewestRematches(active, met, hadBye);
      if (rematches > least)
        fail(
          `round ${r}: ${rematches} rematch${rematches === 1 ? '' : 'es'} where ${least} ${least === 1 ? 'was' : 'were'} unavoidable`,
        );
    }
    for (const g of data.games) {
      if (g.winner === null) continue;
      // a double forfeit is no meeting (they may be paired again) and a loss for both; a draw no loss
      if (g.winner !== '') {
        met.get(g.a)!.add(g.b);
        met.get(g.b)!.add(g.a);
      }
      if (g.winner === '=') continue;
      for (const p of [g.a, g.b]) if (p !== g.winner) losses.set(p, losses.get(p)! + 1);
    }
    for (const p of data.byes) hadBye.add(p);
  }
}

/** The Berger table's round `r` for `n` players (the rotation rule of the module comment), pairs of numbers. */
export function bergerByRotation(n: number, r: number): [number, number][] {
  const m = n % 2 === 0 ? n : n + 1;
  let boards: [number, number][] = [];
  for (let k = 1; k <= m / 2; k++) boards.push([k, m + 1 - k]);
  for (let i = 1; i < r; i++) {
    boards = boards.map(([a, b]) => [
      a === m ? m : ((a - 1 + m / 2) % (m - 1)) + 1,
      b === m ? m : ((b - 1 + m / 2) % (m - 1)) + 1,
    ]);
  }
  return boards;
}

function checkRoundRobin(rounds: readonly RoundData[], players: readonly Player[]): void {
  const n = players.length;
  const m = n % 2 === 0 ? n : n + 1;
  if (rounds.length > m - 1)
    fail(`round ${rounds.length}: a round robin of ${n} players has ${m - 1} rounds`);
  rounds.forEach((data, i) => {
    const r = i + 1;
    const want = new Set<string>();
    let bye: string | null = null;
    for (const [a, b] of bergerByRotation(n, r)) {
      if (a > n || b > n) bye = players[Math.min(a, b) - 1]!.name;
      else want.add([players[a - 1]!.name, players[b - 1]!.name].sort().join('\u0000'));
    }
    for (const g of data.games) {
      if (!want.has([g.a, g.b].sort().join('\u0000')))
        fail(`round ${r}: "${g.a}"–"${g.b}" is not a game of the Berger table's round ${r}`);
    }
    if (data.games.length !== want.size)
      fail(`round ${r}: ${data.games.length} games where the Berger table has ${want.size}`);
    if (data.byes.length !== (bye === null ? 0 : 1) || (bye !== null && data.byes[0] !== bye))
      fail(
        `round ${r}: the bye is "${bye ?? 'none'}" in the Berger table, not "${data.byes.join(', ') || 'none'}"`,
      );
  });
}

export interface CheckOptions {
  /** The event is over (the format says so): every bracket must be down to its winner. */
  readonly finished?: boolean;
  /** The standings order (a qualifier's knock-out is seeded by it). */
  readonly ranking?: Ranking;
}

/** Replays a format event and returns its first violation of the format's rules, or null. */
export function checkEvent(event: TournamentEvent, options: CheckOptions = {}): string | null {
  const format: EventFormat | undefined = event.format;
  if (format === undefined) return 'the event has no format to check';
  try {
    const rounds = readRounds(event);
    const finished = options.finished ?? false;
    switch (format.type) {
      case 'single':
      case 'consolation':
      case 'double': {
        const entrants = seedOrder(event.players, format.seeding, format.seed);
        const feeds = format.type === 'consolation' ? format.brackets : [];
        const double = format.type === 'double' ? { reset: format.reset } : null;
        checkKnockout(rounds, entrants, 0, feeds, double, finished);
        break;
      }
      case 'lives':
        checkSwiss(rounds, event.players, 1, rounds.length, format.lives);
        break;
      case 'round-robin':
        checkRoundRobin(rounds, event.players);
        break;
      case 'qualifier': {
        const swiss = Math.min(format.swissRounds, rounds.length);
        checkSwiss(rounds, event.players, 1, swiss, null);
        if (rounds.length > format.swissRounds) {
          if (!options.ranking) return 'a qualifier is checked with its standings (no ranking given)';
          const entrants = qualifierEntrants(event, format, options.ranking);
          checkKnockout(rounds, entrants, format.swissRounds, [], null, finished);
        }
        break;
      }
    }
    return null;
  } catch (e) {
    if (e instanceof Violation) return e.message;
    throw e;
  }
}
