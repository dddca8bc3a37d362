/**
 * The rule checker catches what it checks (issue 41, item 6): each test plays a correct event with the
 * engines (the checker passes it), breaks one rule in a copy, as a hand-edited event file would, and
 * expects the checker's first violation to name it.
 */
import { describe, expect, it } from 'vitest';
import { checkEvent } from '../../../src/tournament/check.js';
import type { RoundResult } from '../../../src/tournament/event.js';
import type { EventFile } from '../../../src/tournament/file.js';
import type { EventFormat } from '../../../src/tournament/format-config.js';
import { eventRanking } from '../../../src/tournament/standings.js';
import { formatEvent, playOut } from '../../helpers/format-play.js';

const S = (n: number) => Array.from({ length: n }, (_, i) => `S${i + 1}`);
/** The better seed (lower number) wins; names S1, S2, … */
const better = (a: string, b: string) => (Number(a.slice(1)) < Number(b.slice(1)) ? a : b);

/** A correct event of `format`, played out, that the checker passes. */
function played(format: EventFormat, n: number, winner = better): EventFile {
  const { event } = playOut(formatEvent(format, S(n)), winner);
  expect(checkEvent(event, { finished: true, ranking: eventRanking(event) })).toBeNull();
  return event;
}

/** The event with players `a` and `b` swapped in the records of the rounds `rounds` says. */
function swap(event: EventFile, a: string, b: string, rounds: (r: number) => boolean): EventFile {
  const s = (x: string) => (x === a ? b : x === b ? a : x);
  return {
    ...event,
    pairings: (event.pairings ?? []).map((p) =>
      rounds(p.round) ? { ...p, player: s(p.player), opponent: s(p.opponent) } : p,
    ),
    results: event.results.map((r) =>
      rounds(r.round)
        ? { ...r, player: s(r.player), opponent: r.opponent === 'bye' ? 'bye' : s(r.opponent) }
        : r,
    ),
  };
}

const check = (event: EventFile) => checkEvent(event, { finished: true, ranking: eventRanking(event) });

describe('the checker catches a broken event, one rule at a time', () => {
  const single8 = () => played({ type: 'single', seeding: 'draw' }, 8);

  it('a player paired twice in a round', () => {
    const e = single8();
    const broken = { ...e, pairings: [...(e.pairings ?? []), { round: 2, player: 'S1', opponent: 'S3' }] };
    expect(check(broken)).toMatch(/^round 2: "S\d" is paired twice/);
  });

  it('seeding: seeds 1 and 5 meeting in round 1', () => {
    expect(check(swap(single8(), 'S8', 'S5', (r) => r === 1))).toBe(
      'round 1: seeds 1 and 5 meet, but in a bracket of 8 seed 1 meets seed 8',
    );
  });

  it('seeding: the stored seeding method is the one checked (by rating, S8 rated above S7)', () => {
    const e = single8();
    // by rating the seeds are S1…S6, S8, S7: S1 should meet S7 (seed 8), not S8 (seed 7)
    const ratings = [2000, 1990, 1980, 1970, 1960, 1950, 1000, 1500];
    const rated: EventFile = {
      ...e,
      format: { type: 'single', seeding: 'rating' },
      players: e.players.map((p, i) => ({ ...p, rating: ratings[i]! })),
    };
    expect(check(rated)).toBe('round 1: seeds 1 and 7 meet, but in a bracket of 8 seed 1 meets seed 8');
  });

  it('advancement: a round-1 loser in round 2 of the main draw', () => {
    // S8 lost to S1 in round 1; S4 won; give S4's round-2 game to S8
    expect(check(swap(single8(), 'S4', 'S8', (r) => r >= 2))).toBe(
      'round 2: "S8" plays, but is out of the event',
    );
  });

  it('byes: the bye of a bracket of 8 for 6 players given to seed 6 instead of seed 2', () => {
    const e = played({ type: 'single', seeding: 'draw' }, 6);
    expect(check(swap(e, 'S2', 'S6', () => true))).toBe(
      'round 1: seed 6 "S6" has a bye, but only seeds 1 to 2 have one',
    );
  });

  it('bracket positions: seeds 1 and 2 meeting before the final', () => {
    // round 2 of 8 is S1–S4 and S3–S2: swap S4 and S2 there
    expect(check(swap(single8(), 'S4', 'S2', (r) => r === 2))).toBe(
      "round 2: seeds 1 and 2 cannot meet in the main draw's round 2",
    );
  });

  const consolation: EventFormat = {
    type: 'consolation',
    seeding: 'draw',
    brackets: [
      { name: 'consolation', from: 'main', first: 1, last: 1 },
      { name: 'last-chance', from: 'consolation', first: 1, last: 1 },
    ],
  };

  it('consolation drops: a main round-2 loser playing in the consolation', () => {
    // round 3: consolation S5–S6; S4 lost main round 2 (no drop from round 2): put S4 in place of S5
    expect(check(swap(played(consolation, 8), 'S5', 'S4', (r) => r === 3))).toBe(
      'round 3: "S4" plays, but is out of the event',
    );
  });

  it('consolation: a game across brackets', () => {
    // round 2: main S1–S4 and consolation S8–S5: swap S4 and S8
    expect(check(swap(played(consolation, 8), 'S4', 'S8', (r) => r === 2))).toBe(
      'round 2: "S1" (main) is paired with "S8" (consolation): a game within one bracket',
    );
  });

  it('consolation: a player dropped where the configuration does not send him', () => {
    // the same event read with no last chance: its round-3 game is between players who are out
    const e = played(consolation, 8);
    const noLastChance = {
      ...e,
      format: {
        ...consolation,
        brackets: [consolation.type === 'consolation' ? consolation.brackets[0]! : null!],
      },
    } as EventFile;
    expect(check(noLastChance)).toBe('round 3: "S8" plays, but is out of the event');
  });

  it('double elimination: the reset final due but not played', () => {
    const { event } = playOut(
      formatEvent({ type: 'double', seeding: 'draw', reset: true }, S(4)),
      (a, b, round) => (round === 4 ? 'S2' : better(a, b)),
    );
    expect(check(event)).toBeNull();
    const cut = {
      ...event,
      pairings: event.pairings!.filter((p) => p.round < 5),
      results: event.results.filter((r) => r.round < 5),
    };
    expect(check(cut)).toBe(
      "the losers' bracket winner won the grand final, but the reset final was not played",
    );
  });

  it('double elimination: an unbeaten player meeting a once-beaten one before the grand final', () => {
    const e = played({ type: 'double', seeding: 'draw', reset: false }, 8);
    // round 2: main S1–S4 and losers' bracket S8–S5: swap S4 and S8
    expect(check(swap(e, 'S4', 'S8', (r) => r === 2))).toMatch(
      /^round 2: "S\d" \(0 losses\) meets "S\d" \(1\) before the grand final/,
    );
  });

  it('lives: a player who lost his last life paired again', () => {
    const e = played({ type: 'lives', lives: 1 }, 4);
    const r1 = e.results.filter((r) => r.round === 1 && r.result === 'win');
    const [loser, winner] = [r1[0]!.opponent, r1[1]!.player];
    expect(check(swap(e, winner, loser, (r) => r === 2))).toBe(
      `round 2: "${loser}" plays, but has lost all 1 lives`,
    );
  });

  it('lives: the event going on once one player is left', () => {
    const e = played({ type: 'lives', lives: 1 }, 4);
    const extra: RoundResult = { round: 3, player: 'S1', opponent: 'S2', result: 'win' };
    expect(check({ ...e, results: [...e.results, extra] })).toBe(
      'round 3 is played with 1 player left: the event was over',
    );
  });

  it('Swiss rounds: an avoidable rematch', () => {
    const e = formatEvent({ type: 'lives', lives: 2 }, ['A', 'B', 'C', 'D']);
    const game = (round: number, player: string, opponent: string): RoundResult => ({
      round,
      player,
      opponent,
      result: 'win',
    });
    const broken = {
      ...e,
      results: [game(1, 'A', 'B'), game(1, 'C', 'D'), game(2, 'A', 'B'), game(2, 'C', 'D')],
    };
    expect(check(broken)).toBe('round 2: 2 rematches where 0 were unavoidable');
  });

  it('Swiss rounds: a second bye while a player without one could take it', () => {
    const e = formatEvent({ type: 'lives', lives: 3 }, ['A', 'B', 'C']);
    const r = (round: number, player: string, opponent: string): RoundResult => ({
      round,
      player,
      opponent,
      result: 'win',
    });
    const broken = { ...e, results: [r(1, 'A', 'bye'), r(1, 'B', 'C'), r(2, 'A', 'bye'), r(2, 'B', 'C')] };
    expect(check(broken)).toBe('round 2: "A" has a second bye while a player without one could take it');
  });

  it('round robin: a game not of the Berger table', () => {
    // 6 players, round 2 of the table: 6-4, 5-3, 1-2 (FIDE C.05 Annex 1); swap S1 and S3 there
    const e = played({ type: 'round-robin' }, 6);
    expect(check(swap(e, 'S1', 'S3', (r) => r === 2))).toBe(
      `round 2: "S5"–"S1" is not a game of the Berger table's round 2`,
    );
  });

  it('qualifier: the knock-out seeded from someone outside the top K', () => {
    const e = played({ type: 'qualifier', swissRounds: 2, top: 4 }, 6);
    const order = eventRanking(e)({
      ...e,
      results: e.results.filter((r) => r.round <= 2),
      pairings: e.pairings!.filter((p) => p.round <= 2),
    });
    const [fourth, fifth] = [order[3]!, order[4]!];
    expect(check(swap(e, fourth, fifth, (r) => r > 2))).toBe(
      `round 3: seed 4 "${fourth}" is not in the draw`,
    );
  });
});
