/**
 * The formats against published tables and hand-worked brackets (issue 41, item 1):
 *  - the Berger tables for 5/6 and 7/8 players of FIDE Handbook C.05 Annex 1, as restated by Chris Fox
 *    (http://c.w.fox.tripod.com/chess/berger.html), by the engine's formula and the checker's rotation;
 *  - the standard 16-seed bracket order of issue 41 ("1v16, 8v9, 5v12, 4v13, 3v14, 6v11, 7v10, 2v15");
 *  - a 4-player double elimination, an 8-player consolation event, a lives event and a qualifier, worked
 *    by hand from the rules in src/tournament/bracket.ts, lives.ts and format.ts (the better seed, or
 *    the alphabetically first name, wins unless the test says otherwise).
 */
import { describe, expect, it } from 'vitest';
import { bergerByRotation, checkEvent, seedPosition } from '../../../src/tournament/check.js';
import { bracketDrawing, formatStatus } from '../../../src/tournament/format.js';
import { bergerRound } from '../../../src/tournament/round-robin.js';
import { bracketOrder, seedOrder } from '../../../src/tournament/seeding.js';
import { eventFormatStatus, eventRanking } from '../../../src/tournament/standings.js';
import { formatEvent, playOut } from '../../helpers/format-play.js';

/** The name first in alphabetical order (it wins, unless a test says otherwise). */
const earlier = (a: string, b: string): string => [a, b].sort()[0]!;

/** "1-6, 2-5, 3-4." as number pairs. */
const table = (text: string): number[][][] =>
  text
    .trim()
    .split('\n')
    .map((line) =>
      line
        .replace(/^\s*\d+\.\s*/, '')
        .replace(/\.$/, '')
        .split(', ')
        .map((b) => b.split('-').map(Number)),
    );

// Chris Fox, "Berger Tables" (FIDE C.05 Annex 1), "5 or 6 Players" and "7 or 8 Players"
const BERGER_6 = table(`
1. 1-6, 2-5, 3-4.
2. 6-4, 5-3, 1-2.
3. 2-6, 3-1, 4-5.
4. 6-5, 1-4, 2-3.
5. 3-6, 4-2, 5-1.`);
const BERGER_8 = table(`
1. 1-8, 2-7, 3-6, 4-5.
2. 8-5, 6-4, 7-3, 1-2.
3. 2-8, 3-1, 4-7, 5-6.
4. 8-6, 7-5, 1-4, 2-3.
5. 3-8, 4-2, 5-1, 6-7.
6. 8-7, 1-6, 2-5, 3-4.
7. 4-8, 5-3, 6-2, 7-1.`);

describe('Berger tables', () => {
  it('6 and 8 players: the engine gives the published boards, in their order', () => {
    BERGER_6.forEach((boards, i) => {
      expect(bergerRound(6, i + 1)).toEqual(boards);
    });
    BERGER_8.forEach((boards, i) => {
      expect(bergerRound(8, i + 1)).toEqual(boards);
    });
  });
  it("the checker's rotation gives the same games (colours aside)", () => {
    const sorted = (b: number[][]) => b.map((x) => [...x].sort((p, q) => p - q).join('-')).sort();
    BERGER_6.forEach((boards, i) => {
      expect(sorted(bergerByRotation(6, i + 1))).toEqual(sorted(boards));
    });
    BERGER_8.forEach((boards, i) => {
      expect(sorted(bergerByRotation(8, i + 1))).toEqual(sorted(boards));
    });
  });
  it('5 and 7 players use the 6 and 8 tables, the highest number the bye ("If there is an odd number of players, the highest number counts as a bye")', () => {
    expect(bergerRound(5, 2)).toEqual(BERGER_6[1]);
    const players = ['A', 'B', 'C', 'D', 'E', 'F', 'G'];
    const { pairings } = playOut(formatEvent({ type: 'round-robin' }, players), earlier);
    expect(pairings).toHaveLength(7);
    // round 1: 1-8 is the bye of player 1, then 2-7, 3-6, 4-5
    expect(pairings[0]!.byes).toEqual([{ player: 'A', bracket: null }]);
    expect(pairings[0]!.boards.map((b) => `${b.player}-${b.opponent}`)).toEqual(['B-G', 'C-F', 'D-E']);
    // everyone has one bye
    expect(new Set(pairings.map((p) => p.byes[0]!.player)).size).toBe(7);
  });
});

describe('bracket order and seeding', () => {
  it('16 seeds: 1v16, 8v9, 5v12, 4v13, 3v14, 6v11, 7v10, 2v15 (issue 41)', () => {
    const order = bracketOrder(16);
    const pairs: string[] = [];
    for (let i = 0; i < 16; i += 2) pairs.push([order[i]!, order[i + 1]!].sort((a, b) => a - b).join('v'));
    expect(pairs).toEqual(['1v16', '8v9', '5v12', '4v13', '3v14', '6v11', '7v10', '2v15']);
    // the checker's own positions agree, slot by slot
    order.forEach((seed, slot) => {
      expect(seedPosition(seed, 16)).toBe(slot);
    });
  });
  it('seeds by rating (highest first, ties in the order given), by draw, or by a stored random draw', () => {
    const players = [
      { name: 'A', rating: 1500 },
      { name: 'B', rating: 1700 },
      { name: 'C' },
      { name: 'D', rating: 1700 },
    ];
    expect(seedOrder(players, 'rating')).toEqual(['B', 'D', 'A', 'C']);
    expect(seedOrder(players, 'draw')).toEqual(['A', 'B', 'C', 'D']);
    const r = seedOrder(players, 'random', 12345);
    expect([...r].sort()).toEqual(['A', 'B', 'C', 'D']);
    expect(seedOrder(players, 'random', 12345)).toEqual(r);
  });
  it('6 players in a bracket of 8: byes to seeds 1 and 2, seeds 3–6 play 5v4 and 3v6 (bracket order 1, 8, 5, 4, 3, 6, 7, 2)', () => {
    const names = ['S1', 'S2', 'S3', 'S4', 'S5', 'S6'];
    const { pairings, event } = playOut(formatEvent({ type: 'single', seeding: 'draw' }, names), earlier);
    expect(pairings[0]!.byes.map((b) => b.player)).toEqual(['S1', 'S2']);
    expect(pairings[0]!.boards.map((b) => `${b.player}-${b.opponent}`)).toEqual(['S5-S4', 'S3-S6']);
    expect(pairings[1]!.boards.map((b) => `${b.player}-${b.opponent}`)).toEqual(['S1-S4', 'S3-S2']);
    expect(pairings[2]!.boards.map((b) => `${b.player}-${b.opponent}`)).toEqual(['S1-S2']);
    const status = eventFormatStatus(event);
    expect(status.finished).toBe(true);
    expect(status.places).toEqual([
      { place: 1, player: 'S1' },
      { place: 2, player: 'S2' },
      { place: 3, player: 'S4' },
      { place: 3, player: 'S3' },
      { place: 5, player: 'S5' },
      { place: 5, player: 'S6' },
    ]);
    expect(checkEvent(event, { finished: true })).toBeNull();
  });
});

describe('double elimination, 4 players (A B C D seeded by draw)', () => {
  // round 1: A–D, C–B; round 2: the final of the winners' bracket A–B, the losers D–C; round 3: B (lost
  // the final) against C; round 4: the grand final A–B; B wins it, so with a reset, round 5: B–A again
  const play = (reset: boolean, resetWinner: string) =>
    playOut(formatEvent({ type: 'double', seeding: 'draw', reset }, ['A', 'B', 'C', 'D']), (a, b, round) =>
      round === 4 ? 'B' : round === 5 ? resetWinner : earlier(a, b),
    );
  it('with a reset', () => {
    const { pairings, event } = play(true, 'A');
    const games = pairings.map((p) =>
      p.boards.map((b) => `${b.bracket}:${b.player}-${b.opponent}`).join(' '),
    );
    expect(games).toEqual([
      'main:A-D main:C-B',
      'main:A-B losers:D-C',
      'losers:C-B',
      'final:A-B',
      'final:B-A',
    ]);
    const status = eventFormatStatus(event);
    expect(status.places).toEqual([
      { place: 1, player: 'A' },
      { place: 2, player: 'B' },
      { place: 3, player: 'C' },
      { place: 4, player: 'D' },
    ]);
    expect(checkEvent(event, { finished: true })).toBeNull();
  });
  it("the drawing's feeders: the matches of its bracket a match takes a player from (the page's lines)", () => {
    const { event } = play(true, 'A');
    const feeders = bracketDrawing(event, eventRanking(event))!.brackets.map((b) => [
      b.name,
      b.rounds.map((r) => r.matches.map((m) => m.feeders.map((f) => `${f.bracketRound}.${f.index}`))),
    ]);
    expect(feeders).toEqual([
      // the main final takes the winners of round 1's two matches
      ['main', [[[], []], [['1.0', '1.1']]]],
      // losers' round 1 (D–C) takes main round 1's losers; round 2 its winner and main round 2's loser (B)
      ['losers', [[[]], [['1.0']]]],
      // the grand final takes the other brackets' winners; the reset both sides of the grand final
      ['final', [[[]], [['1.0']]]],
    ]);
  });
  it('without a reset the grand final decides', () => {
    const { pairings, event } = play(false, 'A');
    expect(pairings).toHaveLength(4);
    expect(eventFormatStatus(event).places![0]).toEqual({ place: 1, player: 'B' });
    expect(checkEvent(event, { finished: true })).toBeNull();
  });
});

describe('consolation and last chance, 8 players (S1–S8 by draw), the better seed winning', () => {
  it('losers of main round 1 to the consolation, of its round 1 to the last chance', () => {
    const names = ['S1', 'S2', 'S3', 'S4', 'S5', 'S6', 'S7', 'S8'];
    const start = formatEvent(
      {
        type: 'consolation',
        seeding: 'draw',
        brackets: [
          { name: 'consolation', from: 'main', first: 1, last: 1 },
          { name: 'last-chance', from: 'consolation', first: 1, last: 1 },
        ],
      },
      names,
    );
    const { pairings, event } = playOut(start, earlier);
    const games = pairings.map((p) =>
      p.boards.map((b) => `${b.bracket}:${b.player}-${b.opponent}`).join(' '),
    );
    // main 1v8, 5v4, 3v6, 7v2; losers 8, 5, 6, 7 in that order play 8–5 and 6–7; their losers 8 and 7 the last chance
    expect(games).toEqual([
      'main:S1-S8 main:S5-S4 main:S3-S6 main:S7-S2',
      'main:S1-S4 main:S3-S2 consolation:S8-S5 consolation:S6-S7',
      'main:S1-S2 consolation:S5-S6 last-chance:S8-S7',
    ]);
    const status = formatStatus(event, eventRanking(event));
    expect(status.finished).toBe(true);
    expect(status.places!.slice(0, 2)).toEqual([
      { place: 1, player: 'S1' },
      { place: 2, player: 'S2' },
    ]);
    expect(status.bracketPlaces).toEqual([
      {
        name: 'consolation',
        places: [
          { place: 1, player: 'S5' },
          { place: 2, player: 'S6' },
          { place: 3, player: 'S8' },
          { place: 3, player: 'S7' },
        ],
      },
      {
        name: 'last-chance',
        places: [
          { place: 1, player: 'S7' },
          { place: 2, player: 'S8' },
        ],
      },
    ]);
    expect(checkEvent(event, { finished: true })).toBeNull();
  });
});

describe('Swiss with lives', () => {
  it('one life, 4 players: the round-1 losers are out, the winners meet, the event ends', () => {
    const { pairings, event } = playOut(
      formatEvent({ type: 'lives', lives: 1 }, ['A', 'B', 'C', 'D']),
      earlier,
    );
    expect(pairings).toHaveLength(2);
    const winners = pairings[0]!.boards.map((b) => earlier(b.player, b.opponent)).sort();
    expect(pairings[1]!.boards.map((b) => [b.player, b.opponent].sort())).toEqual([winners]);
    const status = eventFormatStatus(event);
    expect(status.finished).toBe(true);
    expect(status.places!.map((p) => p.place)).toEqual([1, 2, 3, 3]);
    expect(status.places![0]!.player).toBe('A');
    expect(checkEvent(event, { finished: true })).toBeNull();
  });
});

describe('Swiss qualifier into a seeded knock-out', () => {
  it('6 players, 2 Swiss rounds, top 4: round 3 is standings 1 v 4 and 2 v 3', () => {
    const names = ['A', 'B', 'C', 'D', 'E', 'F'];
    const { pairings, event } = playOut(
      formatEvent({ type: 'qualifier', swissRounds: 2, top: 4 }, names),
      earlier,
    );
    const after2 = eventRanking(event)({
      ...event,
      results: event.results.filter((r) => r.round <= 2),
      pairings: (event.pairings ?? []).filter((p) => p.round <= 2),
    });
    const [s1, s2, s3, s4] = after2;
    expect(pairings[2]!.boards.map((b) => [b.player, b.opponent])).toEqual([
      [s1, s4],
      [s3, s2],
    ]);
    expect(pairings).toHaveLength(4);
    expect(checkEvent(event, { finished: true, ranking: eventRanking(event) })).toBeNull();
  });
});
