/**
 * `bdb tournament standings FILES... [--event EVENT.json]`: standings from real match files. Every
 * expected winner below is read by hand from the file itself, not from bdb:
 *
 * - gnubg/g0001.sgf, 3-point, Zoë Ångström (PW) v Niels (PB): one game, RE[B+4R] → Niels wins 4–0.
 * - gnubg/g0012.sgf, 1-point, Jürgen Ölmann (PW) v Maxence (PB): RE[B+1R] → Maxence wins.
 * - gnubg/g0027.sgf, 7-point, Maxence (PW) v Jürgen Ölmann (PB): RE[B+2R] RE[B+2R] RE[W+2R] RE[W+4R]
 *   RE[B+2] RE[B+2R] → Black 8, White 6 → Jürgen Ölmann wins.
 * - gnubg/g0022.sgf, 25-point, Niels (PW) v Zoë Ångström (PB): Black wins 6+6+4+4+2+2+2 = 26; without
 *   its last game (a copy made below) Black has 24 < 25: unfinished.
 * - gnubg/match1004844.sgf, 3-point, lasse (PW) v williampitt: RE[W+1] RE[W+4R] → lasse.
 * - gnubg/match3243887.sgf, 3-point, lasse (PW) v mightymike (PB), DT 2023-10-31: RE[B+2] RE[W+2]
 *   RE[B+1] → Black 3 → mightymike.
 * - sgf/match1484923_analyzed.sgf, 5-point, klara (PW) v lasse (PB), DT 2023-09-05: B+2 W+2 B+2 B+1R
 *   → Black 5 → lasse.
 * - sgf/match1486073_analyzed.sgf, 3-point, lasse (PW) v jonnyb1169, DT 2023-09-05: W+2 W+1 → lasse.
 * - gnubg/match956620.sgf, 1-point, lasse (PW) v leos: RE[W+1] → lasse (DT 2026-11-29, as 1004844).
 * - mat/gbf_test.mat, 7-point, [Round "Tableau Or 2"]: game 7 starts "Kévin Unger : 5 Maxence
 *   Job : 4" and ends "Wins 2 point and the match" in Kévin Unger's (left) column → Kévin Unger.
 * - xg/1-Intermediate-Round1-Unger-Kozoman-11pt.xg, 11-point, round "Intermediate Undefeated Round 1":
 *   its last game footer (xgdatatools' decoding in ../shared/reference-matches/xg/*.records.jsonl)
 *   reads Score1g 0, Score2g 11 → player 2, Davor KOZOMAN, beat Kévin UNGER.
 */
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, test } from 'vitest';
import { call } from '../helpers/cli.js';

const REF = fileURLToPath(new URL('../reference-matches/', import.meta.url));
const ref = (p: string): string => join(REF, p);

interface StandingsJson {
  rounds: number;
  tiebreaks: string[];
  standings: { rank: number; player: string; points: number; tiebreakValues: Record<string, number> }[];
  matches: {
    file: string;
    round: number;
    winner: string;
    loser: string;
    roundFrom: string;
    winnerPr: number | null;
    loserPr: number | null;
  }[];
  unfinished: { file: string; players: string[] }[];
  duplicates: { file: string; sameAs: string }[];
}

describe('bdb tournament standings from match files', () => {
  const dir = mkdtempSync(join(tmpdir(), 'bdb-matches-'));
  // g0022 without its last game: Zoë Ångström 24 of 25, unfinished
  const g0022 = readFileSync(ref('gnubg/g0022.sgf'), 'utf8');
  const truncated = join(dir, 'g0022-unfinished.sgf');
  writeFileSync(truncated, g0022.slice(0, g0022.lastIndexOf('(;')));
  // The organiser's event file: the four players, round 1's two pairings as typed in (Niels–Zoë
  // with the wrong result), Buchholz then head-to-head.
  const event = join(dir, 'club.json');
  writeFileSync(
    event,
    JSON.stringify({
      name: 'Club night',
      system: { type: 'swiss' },
      rounds: 3,
      players: ['Zoë Ångström', 'Niels', 'Jürgen Ölmann', 'Maxence'].map((name) => ({ name })),
      tiebreaks: ['buchholz', 'head-to-head'],
      results: [
        { round: 1, player: 'Niels', opponent: 'Zoë Ångström', result: 'loss' },
        { round: 1, player: 'Maxence', opponent: 'Jürgen Ölmann', result: 'win' },
      ],
    }),
  );
  const files = [ref('gnubg/g0001.sgf'), ref('gnubg/g0012.sgf'), ref('gnubg/g0027.sgf'), truncated];

  test('with --event: rounds from the event pairings, then date order; unfinished reported', async () => {
    const r = await call('tournament', 'standings', '--json', '--event', event, ...files);
    expect(r.code).toBe(0);
    // the unfinished match and the replaced event result are reported on stderr
    expect(r.stderr).toContain('g0022-unfinished.sgf: unfinished match');
    expect(r.stderr).toMatch(/g0001\.sgf: round 1: the event file has Zoë Ångström winning/);
    const j = JSON.parse(r.stdout) as StandingsJson;
    expect(j.rounds).toBe(2);
    expect(j.matches.map((m) => [m.round, m.winner, m.loser, m.roundFrom])).toEqual([
      [1, 'Niels', 'Zoë Ångström', 'event'], // g0001, round 1 by the event's pairing
      [1, 'Maxence', 'Jürgen Ölmann', 'event'], // g0012
      [2, 'Jürgen Ölmann', 'Maxence', 'date order'], // g0027: their round-1 pairing is taken
    ]);
    expect(j.unfinished).toEqual([{ file: truncated, players: ['Niels', 'Zoë Ångström'] }]);
    // Points (default win 1 / loss 0): Niels 1, Maxence 1, Jürgen 1, Zoë 0. Buchholz (unplayed rounds
    // ignored): Jürgen and Maxence 1 + 1 = 2 (each other twice), Niels 0 (Zoë), Zoë 1 (Niels). Head-to-head among the
    // players equal on points and Buchholz: Jürgen and Maxence won one game each against the other.
    expect(j.standings.map((s) => [s.rank, s.player, s.points, s.tiebreakValues])).toEqual([
      [1, 'Jürgen Ölmann', 1, { buchholz: 2, 'head-to-head': 1 }],
      [1, 'Maxence', 1, { buchholz: 2, 'head-to-head': 1 }],
      [3, 'Niels', 1, { buchholz: 0, 'head-to-head': 0 }],
      [4, 'Zoë Ångström', 0, { buchholz: 1, 'head-to-head': 0 }],
    ]);
  });

  test('the table lists the matches counted and their rounds', async () => {
    const r = await call('tournament', 'standings', '--event', event, ...files);
    expect(r.code).toBe(0);
    expect(r.stdout).toContain('Club night — Swiss, after round 2 of 3');
    expect(r.stdout).toMatch(
      /round 1 \(event\): Niels beat Zoë Ångström \(PR \d+\.\d\d \/ \d+\.\d\d\) — .*g0001\.sgf/,
    );
    expect(r.stdout).toMatch(
      /round 2 \(date order\): Jürgen Ölmann beat Maxence \(PR \d+\.\d\d \/ \d+\.\d\d\) — .*g0027\.sgf/,
    );
  });

  test('without an event: players from the files, rounds from the round field or the date', async () => {
    const r = await call(
      'tournament',
      'standings',
      '--json',
      ref('gnubg/match1004844.sgf'),
      ref('gnubg/match3243887.sgf'),
      ref('sgf/match1484923_analyzed.sgf'),
      ref('sgf/match1486073_analyzed.sgf'),
      ref('gnubg/match956620.sgf'),
      ref('mat/gbf_test.mat'),
      ref('xg/1-Intermediate-Round1-Unger-Kozoman-11pt.xg'),
    );
    expect(r.code).toBe(0);
    const j = JSON.parse(r.stdout) as StandingsJson;
    expect(j.tiebreaks).toEqual(['kts']);
    const points = Object.fromEntries(j.standings.map((s) => [s.player, s.points]));
    // lasse won four (klara, jonnyb1169, williampitt, leos) and lost to mightymike
    // default points: a win 1, a loss 0
    expect(points).toEqual({
      lasse: 4,
      mightymike: 1,
      'Kévin Unger': 1,
      'Davor KOZOMAN': 1,
      klara: 0,
      jonnyb1169: 0,
      williampitt: 0,
      leos: 0,
      'Maxence Job': 0,
      'Kévin UNGER': 0,
    });
    expect(j.standings[0]).toMatchObject({ rank: 1, player: 'lasse' });
    const round = (winner: string, loser: string) =>
      j.matches.find((m) => m.winner === winner && m.loser === loser);
    // lasse's matches in date order (2023-09-05 twice in the order given, 2023-10-31, then the two
    // 2026-11-29 ones in the order given): rounds 1 to 5
    expect(
      [
        round('lasse', 'klara'),
        round('lasse', 'jonnyb1169'),
        round('mightymike', 'lasse'),
        round('lasse', 'williampitt'),
        round('lasse', 'leos'),
      ].map((m) => [m?.round, m?.roundFrom]),
    ).toEqual([
      [1, 'date order'],
      [2, 'date order'],
      [3, 'date order'],
      [4, 'date order'],
      [5, 'date order'],
    ]);
    // the round fields: "Tableau Or 2" and "Intermediate Undefeated Round 1"
    expect(round('Kévin Unger', 'Maxence Job')).toMatchObject({ round: 2, roundFrom: 'round field' });
    expect(round('Davor KOZOMAN', 'Kévin UNGER')).toMatchObject({ round: 1, roundFrom: 'round field' });
    expect(j.rounds).toBe(5);
    expect(j.duplicates).toEqual([]);
  });

  test('a match found in two files counts once; the other file is listed in duplicates', async () => {
    // gnuBG's text export of g0001.sgf, made in the same session (test/reference-matches/README.md)
    const r = await call('tournament', 'standings', '--json', ref('gnubg/g0001.sgf'), ref('gnubg/g0001.txt'));
    expect(r.code).toBe(0);
    expect(r.stderr).toContain('g0001.txt: the same match as');
    const j = JSON.parse(r.stdout) as StandingsJson;
    expect(j.matches).toHaveLength(1);
    expect(j.duplicates).toEqual([{ file: ref('gnubg/g0001.txt'), sameAs: ref('gnubg/g0001.sgf') }]);
  });

  test('a match of a player not in the event is not counted (exit 1); one event file still works', async () => {
    const r = await call('tournament', 'standings', '--event', event, ref('gnubg/match956620.sgf'), ...files);
    expect(r.code).toBe(1);
    expect(r.stderr).toMatch(/match956620\.sgf: not counted: "lasse" and "leos" are not a player/);
    expect((await call('tournament', 'standings', event)).code).toBe(0);
    expect((await call('tournament', 'standings', '--results', event, ref('gnubg/g0001.sgf'))).code).toBe(2);
  });

  test("each match with its two players' PR: XG's own for test.xg, none for a transcript", async () => {
    // eXtreme Gammon 2.19 shows PR 7.79 (Kévin Unger, the winner) and 13.87 (Maxence Job) for test.xg
    // (test/reference-matches/README.md); a .mat transcript has no analysis
    const inputs = [ref('xg/test.xg'), ref('mat/match1484923.mat')];
    const r = await call('tournament', 'standings', '--json', ...inputs);
    expect(r.code, r.stderr).toBe(0);
    const j = JSON.parse(r.stdout) as StandingsJson;
    const xg = j.matches.find((m) => m.file.endsWith('test.xg'))!;
    expect([xg.winner, xg.winnerPr?.toFixed(2), xg.loser, xg.loserPr?.toFixed(2)]).toEqual([
      'Kévin Unger',
      '7.79',
      'Maxence Job',
      '13.87',
    ]);
    const mat = j.matches.find((m) => m.file.endsWith('.mat'))!;
    expect([mat.winnerPr, mat.loserPr]).toEqual([null, null]);
    const text = await call('tournament', 'standings', ...inputs);
    expect(text.stdout).toMatch(/Kévin Unger beat Maxence Job \(PR 7\.79 \/ 13\.87\) — /);
    expect(text.stdout).toMatch(/lasse beat klara — /);
  });
});
