/**
 * A random tournament generator, for the rule checker (src/tournament/check.ts): from a seed, an event
 * of one format with random players and ratings and a random configuration, played to its end by the
 * format's engine with random results — rating-weighted (Elo expectation), some won by forfeit, in
 * Swiss rounds some double forfeits and withdrawals (the formats that allow them: lives, a qualifier's
 * Swiss rounds). Everything comes from the seed, so a failing event can be replayed.
 */

import { recordFormatPairing } from './edit.js';
import { DOUBLE_FORFEIT, type Player, type RoundResult } from './event.js';
import type { EventFile } from './file.js';
import { EventFinished, type FormatPairing, pairFormatRound, type Ranking } from './format.js';
import {
  DEFAULT_CONSOLATION,
  type EventFormat,
  type FeedBracket,
  type FormatType,
  MONTE_CARLO,
  SEEDING_METHODS,
} from './format-config.js';
import { eventRanking } from './standings.js';
import { seededRandom } from './swiss.js';

export interface GeneratedEvent {
  readonly event: EventFile;
  /** Rounds played. */
  readonly rounds: number;
}

/** A random format of `type` for `n` players. */
function randomFormat(type: FormatType, n: number, rnd: () => number): EventFormat {
  const pick = <T>(xs: readonly T[]): T => xs[Math.floor(rnd() * xs.length)]!;
  const seeding = pick(SEEDING_METHODS);
  const seeded = seeding === 'random' ? { seeding, seed: Math.floor(rnd() * 0xffffffff) } : { seeding };
  switch (type) {
    case 'single':
      return { type, ...seeded };
    case 'consolation': {
      const k = 1 + Math.floor(rnd() * 3);
      const custom: FeedBracket[] = [
        { name: 'consolation', from: 'main', first: 1, last: k },
        { name: 'last-chance', from: 'consolation', first: 1, last: 1 + Math.floor(rnd() * 2) },
      ];
      return { type, ...seeded, brackets: pick([DEFAULT_CONSOLATION, MONTE_CARLO, custom]) };
    }
    case 'double':
      return { type, ...seeded, reset: rnd() < 0.5 };
    case 'lives':
      return { type, lives: 1 + Math.floor(rnd() * 3) };
    case 'round-robin':
      return { type };
    case 'qualifier':
      return {
        type,
        swissRounds: 1 + Math.floor(rnd() * 5),
        top: 2 + Math.floor(rnd() * (Math.min(n, 16) - 1)),
      };
  }
}

/** Swiss rounds of the format, where double forfeits and withdrawals may happen. */
function swissRound(format: EventFormat, round: number): boolean {
  return format.type === 'lives' || (format.type === 'qualifier' && round <= format.swissRounds);
}

/** A random event of `type`, played to its end from `seed`; `maxPlayers` bounds the field (default 40). */
export function generateEvent(type: FormatType, seed: number, maxPlayers = 40): GeneratedEvent {
  const rnd = seededRandom(seed);
  const max = type === 'round-robin' ? Math.min(maxPlayers, 16) : maxPlayers;
  const n = 2 + Math.floor(rnd() * (max - 1));
  const players: Player[] = Array.from({ length: n }, (_, i) => ({
    name: `P${String(i + 1).padStart(2, '0')}`,
    rating: 1400 + Math.floor(rnd() * 600),
  }));
  const format = randomFormat(type, n, rnd);
  let event: EventFile = {
    name: `Generated ${type} ${seed}`,
    system: { type: 'swiss' },
    format,
    players,
    tiebreaks: ['buchholz', 'sonneborn-berger'],
    tiebreakOptions: {},
    results: [],
  };
  const rating = new Map(players.map((p) => [p.name, p.rating!]));
  // a qualifier's knock-out is seeded by the standings of its Swiss rounds, which no longer change
  // once they are complete: computed once for the same results
  const seen = new Map<string, readonly string[]>();
  const ranking =
    (file: EventFile): Ranking =>
    (part) => {
      const key = `${part.results.length}/${part.players.filter((p) => p.withdrawnAfterRound !== undefined).length}`;
      let order = seen.get(key);
      if (!order) {
        order = eventRanking(file)(part);
        seen.set(key, order);
      }
      return order;
    };
  let rounds = 0;
  for (let guard = 0; guard < 500; guard++) {
    let next: FormatPairing;
    try {
      next = pairFormatRound(event, { seed: Math.floor(rnd() * 0xffffffff) }, ranking(event));
    } catch (e) {
      if (e instanceof EventFinished) break;
      throw e;
    }
    event = recordFormatPairing(event, next);
    const round = next.round;
    const swiss = swissRound(format, round);
    const results: RoundResult[] = [];
    for (const b of next.boards) {
      if (swiss && rnd() < 0.03) {
        results.push({ round, player: b.player, opponent: b.opponent, result: DOUBLE_FORFEIT });
        continue;
      }
      const pA = 1 / (1 + 10 ** ((rating.get(b.opponent)! - rating.get(b.player)!) / 400));
      const win = rnd() < pA;
      results.push({
        round,
        player: win ? b.player : b.opponent,
        opponent: win ? b.opponent : b.player,
        result: 'win',
        ...(rnd() < 0.05 ? { forfeit: true } : {}),
      });
    }
    let withdrawn = event.players;
    if (
      swiss &&
      (format.type === 'lives' || round < (format.type === 'qualifier' ? format.swissRounds : 0))
    ) {
      withdrawn = event.players.map((p) =>
        p.withdrawnAfterRound === undefined && rnd() < 0.02 ? { ...p, withdrawnAfterRound: round } : p,
      );
    }
    event = { ...event, players: withdrawn, results: [...event.results, ...results] };
    rounds = round;
  }
  return { event, rounds };
}
