/**
 * A tournament director's day (issue 42, item 8): `pair` records the boards and the bye it gives, so the
 * next round gives the bye to someone else; `new` and `result` write the event file (atomically, refusing
 * what a director would not want); `pair` refuses while results are missing and `standings` says how many
 * are in; the default points are a win 1 and a loss 0 (backgammon has no draws: spec/tournament.md).
 * Expected figures are worked by hand from the rules of spec/tournament.md, not read from bdb.
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, test } from 'vitest';
import { BIN, call } from '../helpers/cli.js';

const tmp = mkdtempSync(join(tmpdir(), 'bdb-tournament-director-'));
afterAll(() => rmSync(tmp, { recursive: true, force: true }));

interface EventJson {
  pairings?: { round: number; player: string; opponent: string }[];
  results: { round: number; player: string; opponent: string; result: string; forfeit?: boolean }[];
}
const read = (file: string): EventJson => JSON.parse(readFileSync(file, 'utf8')) as EventJson;

describe('pair records the bye it gives', () => {
  test('five players, five rounds: each round the bye goes to a player who has not had one', async () => {
    // written by hand, as a director of the old format would: no pairings, no results
    const file = join(tmp, 'odd.json');
    writeFileSync(
      file,
      JSON.stringify({
        name: 'Odd field',
        system: { type: 'swiss' },
        rounds: 5,
        players: ['Ann', 'Bob', 'Cid', 'Dan', 'Eve'].map((name) => ({ name })),
        results: [],
      }),
    );
    const byes: string[] = [];
    for (let round = 1; round <= 5; round++) {
      const r = await call('tournament', 'pair', '--json', file);
      expect(r.code, r.stderr).toBe(0);
      const p = JSON.parse(r.stdout) as { round: number; bye: string; pairs: { player: string }[] };
      expect(p.round).toBe(round);
      byes.push(p.bye);
      // the bye is in the event file as a win (spec/tournament.md: "A bye is a win")
      expect(read(file).results).toContainEqual({ round, player: p.bye, opponent: 'bye', result: 'win' });
      // the director enters the round's results: the first-named player of each board wins
      const event = read(file);
      for (const b of event.pairings!.filter((x) => x.round === round)) {
        event.results.push({ round, player: b.player, opponent: b.opponent, result: 'win' });
      }
      writeFileSync(file, JSON.stringify(event));
    }
    // five rounds, five players: no one has the bye twice
    expect(new Set(byes).size).toBe(5);
  });

  test('--dry-run prints the pairing and leaves the file as it was', async () => {
    const file = join(tmp, 'dry.json');
    const text = JSON.stringify({
      system: { type: 'swiss' },
      players: ['A', 'B', 'C'].map((name) => ({ name })),
      results: [],
    });
    writeFileSync(file, text);
    const r = await call('tournament', 'pair', '--dry-run', file);
    expect(r.code).toBe(0);
    expect(r.stdout).toContain('Not recorded (--dry-run).');
    expect(readFileSync(file, 'utf8')).toBe(text);
  });
});

describe('new and result', () => {
  test('a director creates an event, pairs it and enters results, forfeits and corrections', async () => {
    const file = join(tmp, 'club.json');
    const made = await call(
      'tournament',
      'new',
      file,
      '--name',
      'Club night',
      '--players',
      'Ann,Bob,Cid,Dan',
    );
    expect(made.code, made.stderr).toBe(0);
    expect(made.stdout).toContain('4 players, 2 rounds');
    expect(made.stdout).toContain('points win 1 / loss 0');
    // never over an existing event
    const again = await call('tournament', 'new', file, '--name', 'X', '--players', 'A,B');
    expect(again.code).toBe(1);
    expect(again.stderr).toBe(`bdb: ${file}: already exists (give --force to replace it)\n`);
    expect((await call('tournament', 'pair', file)).code).toBe(0);
    const [one, two] = read(file).pairings!;
    const [a, b] = [one!.player, one!.opponent];
    const [c, d] = [two!.player, two!.opponent];

    // unknown player, players not paired together, a round not paired yet: refused, file unchanged
    const refuse = async (args: string[], message: string) => {
      const before = readFileSync(file, 'utf8');
      const r = await call('tournament', 'result', file, ...args);
      expect(r.code, args.join(' ')).toBe(1);
      expect(r.stderr).toContain(message);
      expect(readFileSync(file, 'utf8')).toBe(before);
    };
    await refuse(
      ['1', a, 'Zed', '--winner', a],
      'no player "Zed" in the event (the players: Ann, Bob, Cid, Dan)',
    );
    await refuse(['1', a, 'ann'.toUpperCase(), '--winner', a], 'no player "ANN"');
    await refuse(
      ['1', a, c, '--winner', a],
      `"${a}" and "${c}" are not paired in round 1: "${a}" plays "${b}"`,
    );
    await refuse(['2', a, c, '--winner', a], 'round 2 is not paired yet');
    await refuse(['3', a, b, '--winner', a], 'round 3: the event has rounds 1 to 2');

    const r1 = await call('tournament', 'result', file, '1', a, b, '--score', '7-3');
    expect(r1.code, r1.stderr).toBe(0);
    expect(r1.stdout).toBe(`round 1: ${a} won 7-3; round 1: 1 of 2 results in\n`);
    // the same result again: nothing changes; another one: refused without --replace
    expect((await call('tournament', 'result', file, '1', b, a, '--winner', a)).stdout).toContain(
      'already recorded',
    );
    await refuse(
      ['1', a, b, '--winner', b],
      `already has a result (${a} won 7-3); give --replace to change it`,
    );
    const fixed = await call('tournament', 'result', file, '1', a, b, '--winner', b, '--replace');
    expect(fixed.stdout).toContain(`round 1: ${b} won (replaces the result entered before)`);
    const forfeit = await call('tournament', 'result', file, '1', c, d, '--winner', d, '--forfeit');
    expect(forfeit.stdout).toBe(`round 1: ${d} won by forfeit; round 1: 2 of 2 results in\n`);
    expect(read(file).results).toEqual([
      { round: 1, player: b, opponent: a, result: 'win' },
      { round: 1, player: d, opponent: c, result: 'win', forfeit: true },
    ]);
    // the file is still an event file every command reads
    const s = JSON.parse((await call('tournament', 'standings', '--json', file)).stdout);
    expect(s).toMatchObject({ rounds: 1, roundsComplete: 1, incompleteRounds: [] });
  });

  test('a file that cannot be replaced is left whole, with one line', async () => {
    // bdb runs with a file size limit of 0 (`ulimit -f 0`, SIGXFSZ ignored, so a write fails with EFBIG):
    // the replacement cannot be written whoever runs bdb (root included, where a read-only folder would not
    // stop the write), while the event file reads as before. Its outputs are pipes, which the limit spares.
    const file = join(tmp, 'e.json');
    await call('tournament', 'new', file, '--name', 'E', '--players', 'A,B');
    const before = readFileSync(file, 'utf8');
    const r = spawnSync(
      'bash',
      ['-c', 'ulimit -f 0; trap "" XFSZ; exec "$0" "$@"', process.execPath, BIN, 'tournament', 'pair', file],
      { encoding: 'utf8', env: { ...process.env, NO_COLOR: '1' } },
    );
    expect(r.status).toBe(1);
    expect(r.stdout).toBe('');
    expect(r.stderr).toBe(`bdb: ${file}: cannot write (left unchanged): file too large (EFBIG)\n`);
    expect(readFileSync(file, 'utf8')).toBe(before);
    // nothing left beside it (the temporary file is removed)
    expect(readdirSync(tmp).filter((n) => n.startsWith('.tmp-'))).toEqual([]);
  });

  test('an event file whose name is as long as a file system takes is still replaced', async () => {
    // 250 bytes with .json: the temporary file beside it cannot be `.tmp-PID-` and the name (255 at most)
    const file = join(tmp, `${'e'.repeat(245)}.json`);
    expect((await call('tournament', 'new', file, '--name', 'E', '--players', 'A,B')).code).toBe(0);
    const r = await call('tournament', 'pair', file);
    expect(r.stderr).toBe('');
    expect(r.code).toBe(0);
    expect(read(file).pairings).toEqual([{ round: 1, player: 'A', opponent: 'B' }]);
  });

  test('new into a folder that is a file: one line, nothing written', async () => {
    // mkdir or not, no one (root included) can create a file under a regular file: ENOTDIR
    const plain = join(tmp, 'notes.txt');
    writeFileSync(plain, 'not a folder\n');
    const file = join(plain, 'club.json');
    const r = await call('tournament', 'new', file, '--players', 'A,B');
    expect(r.code).toBe(1);
    expect(r.stdout).toBe('');
    expect(r.stderr).toBe(
      // nothing was there, so nothing is said to be left unchanged
      `bdb: ${file}: cannot write: a part of the path is not a folder (ENOTDIR)\n`,
    );
    expect(readFileSync(plain, 'utf8')).toBe('not a folder\n');
  });

  test('without --name the event is named after its file', async () => {
    const file = join(tmp, 'open.json');
    const made = await call('tournament', 'new', file, '--players', 'Ann,Bob,Cid,Dan', '--scoring', '3/1/0');
    expect(made.code, made.stderr).toBe(0);
    expect((JSON.parse(readFileSync(file, 'utf8')) as { name: string }).name).toBe('open');
  });
});

describe('missing results', () => {
  // eight players; rounds 1 and 2 complete; round 3: one result of four (the case)
  const file = join(tmp, 'partial.json');
  const names = ['A', 'B', 'C', 'D', 'E', 'F', 'G', 'H'];
  writeFileSync(
    file,
    JSON.stringify({
      name: 'Partial',
      system: { type: 'swiss' },
      rounds: 4,
      players: names.map((name) => ({ name })),
      results: [
        ...[0, 2, 4, 6].map((i) => ({ round: 1, player: names[i], opponent: names[i + 1], result: 'win' })),
        ...[0, 4].map((i) => ({ round: 2, player: names[i], opponent: names[i + 2], result: 'win' })),
        ...[1, 5].map((i) => ({ round: 2, player: names[i], opponent: names[i + 2], result: 'win' })),
        { round: 3, player: 'A', opponent: 'E', result: 'win' },
      ],
    }),
  );

  test('standings say how many results of the round are in', async () => {
    const r = await call('tournament', 'standings', file);
    expect(r.code).toBe(0);
    expect(r.stdout.split('\n')[0]).toBe('Partial — Swiss, after round 2 of 4 (round 3: 1 of 4 results in)');
    expect(r.stdout).toContain('Missing results (the points count the results in): round 3: no result for');
    const j = JSON.parse((await call('tournament', 'standings', '--json', file)).stdout);
    expect(j).toMatchObject({ rounds: 3, roundsComplete: 2 });
    expect(j.incompleteRounds[0]).toMatchObject({ round: 3, games: 4, results: 1 });
  });

  test('pair refuses and names the games; --force pairs anyway', async () => {
    const r = await call('tournament', 'pair', '--dry-run', file);
    expect(r.code).toBe(1);
    expect(r.stdout).toBe('');
    expect(r.stderr).toBe(
      `bdb: ${file}: results missing: round 3 (1 of 4 results in): no result for B, C, D, F, G, H; ` +
        'enter them (bdb tournament result) or pair anyway with --force\n',
    );
    const forced = await call('tournament', 'pair', '--dry-run', '--force', '--json', file);
    expect(forced.code).toBe(0);
    expect(JSON.parse(forced.stdout).round).toBe(4);
  });

  test('a recorded pairing names its missing games', async () => {
    const club = join(tmp, 'club4.json');
    await call('tournament', 'new', club, '--name', 'Four', '--players', 'A,B,C,D');
    await call('tournament', 'pair', club);
    const [one, two] = read(club).pairings!;
    await call('tournament', 'result', club, '1', one!.player, one!.opponent, '--winner', one!.player);
    const r = await call('tournament', 'pair', club);
    expect(r.code).toBe(1);
    expect(r.stderr).toContain(`round 1 (1 of 2 results in): ${two!.player}–${two!.opponent};`);
    expect((await call('tournament', 'standings', club)).stdout.split('\n')[0]).toBe(
      'Four — Swiss, no round complete of 2 (round 1: 1 of 2 results in)',
    );
  });
});

describe('default points', () => {
  test('a win 1, a loss 0; 3/1/0 when the event says so', async () => {
    const make = async (name: string, extra: object) => {
      const p = join(tmp, name);
      writeFileSync(
        p,
        JSON.stringify({
          system: { type: 'swiss' },
          players: ['A', 'B', 'C', 'D'].map((n) => ({ name: n })),
          ...extra,
          results: [
            { round: 1, player: 'A', opponent: 'B', result: 'win' },
            { round: 1, player: 'C', opponent: 'D', result: 'win' },
          ],
        }),
      );
      return JSON.parse((await call('tournament', 'standings', '--json', p)).stdout);
    };
    const plain = await make('plain.json', {});
    expect(plain.standings.map((s: { points: number }) => s.points)).toEqual([1, 1, 0, 0]);
    expect(plain.rules).toMatch(/^points win 1 \/ loss 0 \/ bye 1 \/ absent 0;/);
    const kts = await make('kts.json', { points: { win: 3, draw: 1, loss: 0 } });
    expect(kts.standings.map((s: { points: number }) => s.points)).toEqual([3, 3, 0, 0]);
    expect(kts.rules).toMatch(/^points win 3 \/ draw 1 \/ loss 0 \/ bye 3/);
  });
});

describe('new: McMahon events', () => {
  test('--system mcmahon with rating groups, a bar, a floor and a rating per player', async () => {
    const file = join(tmp, 'mcmahon.json');
    const made = await call(
      'tournament',
      'new',
      file,
      '--system',
      'mcmahon',
      '--groups',
      '1300,1500,1700,1900',
      '--bar',
      '1700',
      '--floor',
      '1300',
      '--players',
      'Ann=2050,Bob=1800,Cid=1600,Dan=1400,Eve=1200',
    );
    expect(made.code, made.stderr).toBe(0);
    const event = JSON.parse(readFileSync(file, 'utf8'));
    expect(event.system).toEqual({
      type: 'mcmahon',
      groups: [1300, 1500, 1700, 1900],
      bar: 1700,
      floor: 1300,
    });
    expect(event.players).toEqual([
      { name: 'Ann', rating: 2050 },
      { name: 'Bob', rating: 1800 },
      { name: 'Cid', rating: 1600 },
      { name: 'Dan', rating: 1400 },
      { name: 'Eve', rating: 1200 },
    ]);
    // McMahon's tiebreaks (spec/tournament.md: "then tiebreaks such as SOS … and SOSOS")
    expect(event.tiebreaks).toEqual(['sos', 'sosos']);
    // Start scores worked by hand from spec/tournament.md (seed mcmahon-fi.txt): the lowest group starts at 0,
    // the next at 1 …; above the bar a player starts at the bar's score, below the floor at the floor's.
    // Ann 2050 is above the bar 1700: the bar's group, 3 (not 4); Bob 1800 likewise 3; Cid 1600 ≥ 1500: 2;
    // Dan 1400 ≥ 1300: 1; Eve 1200 is below the floor 1300: the floor's group, 1 (not 0).
    expect(made.stdout).toBe(
      `${file}: "mcmahon", McMahon (group thresholds 1300, 1500, 1700, 1900; bar 1700; floor 1300), ` +
        '5 players, 3 rounds (⌈log₂ N⌉), points win 1 / loss 0; start scores: Ann 3, Bob 3, Cid 2, Dan 1, Eve 1' +
        `; next: bdb tournament pair ${file}\n`,
    );
    const s = JSON.parse((await call('tournament', 'standings', '--json', file)).stdout);
    expect(s.system).toBe('mcmahon');
    expect(
      Object.fromEntries(s.standings.map((r: { player: string; start: number }) => [r.player, r.start])),
    ).toEqual({ Ann: 3, Bob: 3, Cid: 2, Dan: 1, Eve: 1 });
    // round 1 pairs within the groups (spec: "Round 1 pairs within groups by Swiss rules"): Ann and Bob
    const p = JSON.parse((await call('tournament', 'pair', '--dry-run', '--json', file)).stdout);
    expect(p.system).toBe('mcmahon');
    expect(p.pairs[0]).toMatchObject({ player: 'Ann', opponent: 'Bob' });
  });

  test('an unrated player starts at the floor, and the summary names him', async () => {
    const file = join(tmp, 'mcmahon-unrated.json');
    const made = await call(
      'tournament',
      'new',
      file,
      '--system',
      'mcmahon',
      '--groups',
      '1500,1800',
      '--players',
      'Ann=1900,Bob=1600,Cid',
    );
    expect(made.code, made.stderr).toBe(0);
    // spec/tournament.md: no floor given, so below every threshold: group 0
    expect(made.stdout).toContain('start scores: Ann 2, Bob 1, Cid 0 (unrated: Cid)');
    expect(JSON.parse(readFileSync(file, 'utf8')).players[2]).toEqual({ name: 'Cid' });
  });

  test('bad McMahon options: one line each, no file written', async () => {
    const file = join(tmp, 'refused.json');
    const refuse = async (args: string[], message: string) => {
      const r = await call('tournament', 'new', file, ...args);
      expect(r.code, args.join(' ')).toBe(2);
      expect(r.stderr).toBe(`bdb: ${message} (see bdb tournament new --help)\n`);
      expect(() => readFileSync(file)).toThrow();
    };
    const players = ['--players', 'Ann=1900,Bob=1600'];
    await refuse(['--system', 'knockout', ...players], '--system expects swiss or mcmahon, got "knockout"');
    await refuse(
      ['--system', 'mcmahon', ...players],
      '--system mcmahon needs --groups: the rating thresholds of the groups, ascending (1500,1800)',
    );
    await refuse(
      ['--system', 'mcmahon', '--groups', '1800,1500', ...players],
      '--groups: the rating thresholds must be ascending, got 1800,1500',
    );
    await refuse(
      ['--system', 'mcmahon', '--groups', '1500,x', ...players],
      '--groups expects numbers, got "x"',
    );
    await refuse(['--bar', '1800', ...players], '--groups, --bar and --floor go with --system mcmahon');
    await refuse(
      ['--system', 'mcmahon', '--groups', '1500', '--bar', 'high', ...players],
      '--bar expects a rating (a number), got "high"',
    );
    await refuse(
      ['--system', 'mcmahon', '--groups', '1500', '--bar', '1600', '--floor', '1700', ...players],
      '--floor (1700) is above --bar (1600)',
    );
    await refuse(
      ['--system', 'mcmahon', '--groups', '1500', '--players', 'Ann=strong,Bob=1600'],
      '--players: "Ann=strong": the rating after "=" must be a number',
    );
    await refuse(
      ['--system', 'mcmahon', '--groups', '1500', '--players', 'Ann,Bob'],
      '--system mcmahon: no player has a rating (give them as NAME=RATING: Ann=1850)',
    );
  });
});

describe('double forfeits', () => {
  test('result --double-forfeit: both lose, the round has its result, and they may meet again', async () => {
    const file = join(tmp, 'no-shows.json');
    expect((await call('tournament', 'new', file, '--players', 'Ann,Bob', '--rounds', '2')).code).toBe(0);
    expect((await call('tournament', 'pair', file)).code).toBe(0);
    const r = await call('tournament', 'result', file, '1', 'Bob', 'Ann', '--double-forfeit');
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout).toBe('round 1: Bob and Ann both lost by forfeit; round 1: 1 of 1 results in\n');
    expect(read(file).results).toEqual([
      { round: 1, player: 'Bob', opponent: 'Ann', result: 'double-forfeit' },
    ]);
    // the same again changes nothing; a winner now is a different result
    expect(
      (await call('tournament', 'result', file, '1', 'Ann', 'Bob', '--double-forfeit')).stdout,
    ).toContain('already recorded');
    const other = await call('tournament', 'result', file, '1', 'Ann', 'Bob', '--winner', 'Ann');
    expect(other.code).toBe(1);
    expect(other.stderr).toContain('already has a result (Bob and Ann both lost by forfeit); give --replace');
    // both get a loss: 0 points each
    const s = JSON.parse((await call('tournament', 'standings', '--json', file)).stdout);
    expect(s.standings.map((x: { points: number }) => x.points)).toEqual([0, 0]);
    expect(s).toMatchObject({ rounds: 1, roundsComplete: 1, incompleteRounds: [] });
    // FIDE Handbook C.04.1 (Swiss system based on rating), F.2: a "pairing not actually played, or lost by
    // one of the players due to arriving late or not at all … is not considered to be illegal in future
    // rounds": the two have not met, so pairing them again is no rematch.
    const p = JSON.parse((await call('tournament', 'pair', '--json', file)).stdout);
    expect(p).toMatchObject({ round: 2, pairs: [{ board: 1 }], rematches: 0 });
  });

  test('the option goes alone', async () => {
    const r = await call(
      'tournament',
      'result',
      join(tmp, 'no-shows.json'),
      '1',
      'Ann',
      'Bob',
      '--double-forfeit',
      '--winner',
      'Ann',
    );
    expect(r.code).toBe(2);
    expect(r.stderr).toContain(
      'give one of --winner NAME, --no-show NAME, --score A-B, --draw or --double-forfeit',
    );
  });

  test('standings: a loss for both, and for tiebreaks a round without an opponent', async () => {
    // Four players, three rounds: A beat C and B; C beat D; B–D a double forfeit in round 2.
    // Points (win 1 / loss 0; a double forfeit a loss for both): A 3, B 1, C 1, D 0.
    // Buchholz with FIDE 2023's rule for one's own unplayed round (spec/tournament.md: "an unplayed round of
    // the player counts as a dummy opponent with the player's own score"; tiebreakOptions.absent own-score),
    // B–D not counted as a game (FIDE C.04.1 F.2, above):
    //   A: B 1 + C 1 + D 0 = 2;   B: A 3 + own 1 + C 1 = 5;   C: D 0 + A 3 + B 1 = 4;   D: C 1 + own 0 + A 3 = 4.
    // (Counted as a game, B would have 4 and D 5.)
    const file = join(tmp, 'double-forfeit.json');
    writeFileSync(
      file,
      JSON.stringify({
        name: 'No-shows',
        system: { type: 'swiss' },
        rounds: 3,
        players: ['A', 'B', 'C', 'D'].map((name) => ({ name })),
        tiebreaks: ['buchholz'],
        tiebreakOptions: { absent: 'own-score' },
        results: [
          { round: 1, player: 'A', opponent: 'B', result: 'win' },
          { round: 1, player: 'C', opponent: 'D', result: 'win' },
          { round: 2, player: 'A', opponent: 'C', result: 'win' },
          { round: 2, player: 'B', opponent: 'D', result: 'double-forfeit' },
        ],
      }),
    );
    // round 3 from a results CSV, as a director may keep them
    const csv = join(tmp, 'double-forfeit.csv');
    writeFileSync(csv, 'round,player,opponent,result\n3,A,D,win\n3,B,C,win\n');
    const r = await call('tournament', 'standings', '--json', '--results', csv, file);
    expect(r.code, r.stderr).toBe(0);
    const s = JSON.parse(r.stdout);
    expect(s).toMatchObject({ rounds: 3, roundsComplete: 3, incompleteRounds: [] });
    const rows = s.standings.map(
      (x: { player: string; points: number; tiebreakValues: { buchholz: number } }) => [
        x.player,
        x.points,
        x.tiebreakValues.buchholz,
      ],
    );
    expect(rows).toEqual([
      ['A', 3, 2],
      ['B', 1, 5],
      ['C', 1, 4],
      ['D', 0, 4],
    ]);
    expect(s.rules).toContain('a double forfeit: a loss for both, a round without an opponent');
    // the same double forfeit given in the CSV reads alike
    writeFileSync(csv, 'round,player,opponent,result\n2,D,B,double-forfeit\n3,A,D,win\n3,B,C,win\n');
    const { results, ...rest } = JSON.parse(readFileSync(file, 'utf8'));
    writeFileSync(file, JSON.stringify({ ...rest, results: results.slice(0, 3) }));
    const again = await call('tournament', 'standings', '--json', '--results', csv, file);
    expect(again.code, again.stderr).toBe(0);
    expect(JSON.parse(again.stdout).standings).toEqual(s.standings);
  });

  test('McMahon: 0 points, not the ½ of an absent round; SOS counts the own start score', async () => {
    // OpenGotha (lucvannier/opengotha, src/info/vannier/gotha/Game.java) records a double forfeit as
    // RESULT_BOTHLOSE_BYDEF, "0-0!": both lose. spec/tournament.md: "for SOS a round without an opponent
    // adds the player's own start MMS". Groups [1500]: Ann and Cid (1600) start at 1, Bob and Dan (1400) at 0.
    // Round 1: Ann beat Bob, Cid–Dan a double forfeit. MMS: Ann 2, Bob 0, Cid 1, Dan 0.
    // SOS: Ann: Bob 0; Bob: Ann 2; Cid: own start 1; Dan: own start 0.
    const file = join(tmp, 'mcmahon-df.json');
    writeFileSync(
      file,
      JSON.stringify({
        system: { type: 'mcmahon', groups: [1500] },
        rounds: 2,
        players: [
          { name: 'Ann', rating: 1600 },
          { name: 'Bob', rating: 1400 },
          { name: 'Cid', rating: 1600 },
          { name: 'Dan', rating: 1400 },
        ],
        tiebreaks: ['sos'],
        results: [
          { round: 1, player: 'Ann', opponent: 'Bob', result: 'win' },
          { round: 1, player: 'Cid', opponent: 'Dan', result: 'double-forfeit' },
        ],
      }),
    );
    const r = await call('tournament', 'standings', '--json', file);
    expect(r.code, r.stderr).toBe(0);
    const got = Object.fromEntries(
      JSON.parse(r.stdout).standings.map(
        (x: { player: string; points: number; tiebreakValues: { sos: number } }) => [
          x.player,
          [x.points, x.tiebreakValues.sos],
        ],
      ),
    );
    expect(got).toEqual({ Ann: [2, 0], Bob: [0, 2], Cid: [1, 1], Dan: [0, 0] });
  });
});
