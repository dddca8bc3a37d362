/** Plays an event with a format to its end with the engines, the winner of each game chosen by `winner`. */
import { recordFormatPairing } from '../../src/tournament/edit.js';
import type { RoundResult } from '../../src/tournament/event.js';
import type { EventFile } from '../../src/tournament/file.js';
import { EventFinished, type FormatPairing, pairFormatRound } from '../../src/tournament/format.js';
import type { EventFormat } from '../../src/tournament/format-config.js';
import { eventRanking } from '../../src/tournament/standings.js';

/** A new event of `names` (ratings optional) with `format`. */
export function formatEvent(
  format: EventFormat,
  names: readonly string[],
  ratings?: readonly number[],
): EventFile {
  return {
    name: 'Test',
    system: { type: 'swiss' },
    format,
    players: names.map((name, i) => (ratings ? { name, rating: ratings[i]! } : { name })),
    tiebreaks: ['buchholz'],
    tiebreakOptions: {},
    results: [],
  };
}

/** Every round's pairing, in order, and the event at the end. */
export function playOut(
  start: EventFile,
  winner: (a: string, b: string, round: number) => string,
  rounds = 100,
): { event: EventFile; pairings: FormatPairing[] } {
  let event = start;
  const pairings: FormatPairing[] = [];
  for (let i = 0; i < rounds; i++) {
    let p: FormatPairing;
    try {
      p = pairFormatRound(event, { seed: 7 + i }, eventRanking(event));
    } catch (e) {
      if (e instanceof EventFinished) break;
      throw e;
    }
    pairings.push(p);
    event = recordFormatPairing(event, p);
    const results: RoundResult[] = p.boards.map((b) => {
      const w = winner(b.player, b.opponent, p.round);
      return { round: p.round, player: w, opponent: w === b.player ? b.opponent : b.player, result: 'win' };
    });
    event = { ...event, results: [...event.results, ...results] };
  }
  return { event, pairings };
}
