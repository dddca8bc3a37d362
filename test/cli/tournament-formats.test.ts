/**
 * `bdb tournament new --format …`, `pair`, `result` and `standings` on the formats beyond Swiss (issue
 * 41): expected boards worked by hand from the standard bracket order (1, 8, 5, 4, 3, 6, 7, 2 for a
 * bracket of 8: src/tournament/seeding.ts, issue 41's 16-seed list) and from the Berger table for 5/6
 * players (FIDE C.05 Annex 1, as Chris Fox restates it: round 1 "1-6, 2-5, 3-4", 6 the bye for 5
 * players); bad input is one line, exit 1, the event file untouched.
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, test } from 'vitest';
import { call } from '../helpers/cli.js';
import { REF_DIR } from '../helpers/fixtures.js';

const EXAMPLES = join(REF_DIR, '../../examples');

const tmp = mkdtempSync(join(tmpdir(), 'bdb-tournament-formats-'));
afterAll(() => rmSync(tmp, { recursive: true, force: true }));

const PLAYERS = 'Ann=1900,Bob=1850,Cid=1800,Dan=1700,Eve=1650,Fay=1600';

interface PairJson {
  round: number;
  pairs: { player: string; opponent: string; bracket: string | null }[];
  byes: { player: string; bracket: string | null }[];
}

interface BracketJson {
  seeds: { seed: number; player: string }[];
  brackets: {
    name: string;
    winner: string | null;
    rounds: {
      round: number;
      matches: {
        status: string;
        sides: { player: string | null; seed: number | null; decided: boolean }[];
        bye: string | null;
        winner: string | null;
        loser: string | null;
        score: string | null;
        forfeit: boolean | null;
      }[];
    }[];
  }[];
}

async function pair(file: string): Promise<PairJson> {
  const r = await call('tournament', 'pair', '--json', file);
  expect(r.code, r.stderr).toBe(0);
  return JSON.parse(r.stdout) as PairJson;
}

describe('single elimination, 6 players seeded by rating', () => {
  const file = join(tmp, 'single.json');

  test('new, pair, result to the final; standings give the places', async () => {
    const made = await call('tournament', 'new', file, '--players', PLAYERS, '--format', 'single');
    expect(made.code, made.stderr).toBe(0);
    expect(made.stdout).toContain('single elimination, seeded by rating, 6 players, 3 rounds');
    // seeds 1–6 by rating in a bracket of 8: slots 1, 8, 5, 4, 3, 6, 7, 2 → Ann bye, Eve–Dan, Cid–Fay, Bob bye
    const r1 = await pair(file);
    expect(r1.pairs.map((p) => `${p.player}-${p.opponent}`)).toEqual(['Eve-Dan', 'Cid-Fay']);
    expect(r1.byes).toEqual([
      { player: 'Ann', bracket: 'main' },
      { player: 'Bob', bracket: 'main' },
    ]);
    expect((await call('tournament', 'result', file, '1', 'Dan', 'Eve', '--winner', 'Dan')).code).toBe(0);
    expect(
      (await call('tournament', 'result', file, '1', 'Cid', 'Fay', '--winner', 'Fay', '--forfeit')).code,
    ).toBe(0);
    const r2 = await pair(file);
    expect(r2.pairs.map((p) => `${p.player}-${p.opponent}`)).toEqual(['Ann-Dan', 'Fay-Bob']);
    await call('tournament', 'result', file, '2', 'Ann', 'Dan', '--score', '7-3');
    await call('tournament', 'result', file, '2', 'Fay', 'Bob', '--winner', 'Fay');
    const r3 = await pair(file);
    expect(r3.pairs.map((p) => `${p.player}-${p.opponent}`)).toEqual(['Ann-Fay']);
    await call('tournament', 'result', file, '3', 'Ann', 'Fay', '--winner', 'Fay');
    const s = JSON.parse((await call('tournament', 'standings', '--json', file)).stdout);
    expect(s.format.finished).toBe(true);
    // Fay won the final, Ann lost it; Dan and Bob lost in round 2, Eve and Cid in round 1
    expect(s.format.places).toEqual([
      { place: 1, player: 'Fay' },
      { place: 2, player: 'Ann' },
      { place: 3, player: 'Dan' },
      { place: 3, player: 'Bob' },
      { place: 5, player: 'Eve' },
      { place: 5, player: 'Cid' },
    ]);
    const text = (await call('tournament', 'standings', file)).stdout;
    expect(text).toContain('Finished. Places: 1 Fay, 2 Ann, 3 Dan, 3 Bob, 5 Eve, 5 Cid');
    const over = await call('tournament', 'pair', file);
    expect(over.code).toBe(1);
    expect(over.stderr).toBe(
      `bdb: ${file}: the event is finished (every bracket has its winner): no round left to pair; its places are final\n`,
    );
  });

  test('a draw in a knock-out: one line, exit 1, the file untouched', async () => {
    const f = join(tmp, 'draw.json');
    await call('tournament', 'new', f, '--players', PLAYERS, '--format', 'single');
    await call('tournament', 'pair', f);
    const before = readFileSync(f, 'utf8');
    const r = await call('tournament', 'result', f, '1', 'Dan', 'Eve', '--draw');
    expect(r.code).toBe(1);
    expect(r.stderr).toBe(
      `bdb: ${f}: round 1 is a knock-out round: a game needs a winner (no draw, no double forfeit; --forfeit when one did not come)\n`,
    );
    expect(readFileSync(f, 'utf8')).toBe(before);
  });
});

describe('other formats from the command line', () => {
  test("round robin of 5: round 1 is the Berger table's 1-6 (a bye), 2-5, 3-4", async () => {
    const f = join(tmp, 'rr.json');
    const made = await call('tournament', 'new', f, '--players', 'A,B,C,D,E', '--format', 'round-robin');
    expect(made.stdout).toContain('round robin (Berger tables), 5 players, 5 rounds');
    const r1 = await pair(f);
    expect(r1.pairs.map((p) => `${p.player}-${p.opponent}`)).toEqual(['B-E', 'C-D']);
    expect(r1.byes).toEqual([{ player: 'A', bracket: null }]);
  });

  test('lives, consolation, double and qualifier events are created and paired', async () => {
    for (const [name, extra] of [
      ['lives', ['--format', 'lives', '--lives', '3']],
      ['consolation', ['--format', 'consolation', '--brackets', 'monte-carlo']],
      ['double', ['--format', 'double', '--no-reset', '--seeding', 'random', '--draw-seed', '7']],
      ['qualifier', ['--format', 'qualifier', '--swiss-rounds', '3', '--top', '4']],
    ] as const) {
      const f = join(tmp, `${name}.json`);
      const made = await call('tournament', 'new', f, '--players', PLAYERS, ...extra);
      expect(made.code, made.stderr).toBe(0);
      const p = await pair(f);
      // six players: three boards in a Swiss round; two boards and the two top seeds' byes in a bracket of 8
      expect(p.pairs.length + p.byes.length, name).toBe(name === 'lives' || name === 'qualifier' ? 3 : 4);
    }
    expect(JSON.parse(readFileSync(join(tmp, 'double.json'), 'utf8')).format).toEqual({
      type: 'double',
      seeding: 'random',
      seed: 7,
      reset: false,
    });
  });

  test('usage mistakes: one line each', async () => {
    const f = join(tmp, 'bad.json');
    const cases: [string[], string][] = [
      [
        ['--format', 'ladder'],
        '--format expects one of single, consolation, double, lives, round-robin, qualifier, got "ladder"',
      ],
      [['--format', 'single', '--lives', '2'], '--lives does not go with --format single'],
      [['--lives', '2'], '--lives goes with --format'],
      [
        ['--format', 'qualifier', '--top', '4'],
        '--format qualifier needs --swiss-rounds R and --top K (the knock-out takes the top K)',
      ],
      [
        ['--format', 'single', '--rounds', '3'],
        '--rounds does not go with --format: a format plans its own rounds',
      ],
      [
        ['--format', 'consolation', '--brackets', 'x=y:1'],
        '--brackets: "x" takes losers from "y", which is not main or a bracket before it',
      ],
    ];
    for (const [args, message] of cases) {
      const r = await call('tournament', 'new', f, '--players', PLAYERS, ...args);
      expect(r.code, args.join(' ')).toBe(2);
      expect(r.stderr, args.join(' ')).toBe(`bdb: ${message} (see bdb tournament new --help)\n`);
    }
  });

  test('an event file with a bad format: one line naming the file and the field', async () => {
    const f = join(tmp, 'corrupt.json');
    writeFileSync(
      f,
      JSON.stringify({
        system: { type: 'swiss' },
        format: { type: 'single' },
        players: [{ name: 'A' }, { name: 'B' }],
      }),
    );
    const r = await call('tournament', 'pair', f);
    expect(r.code).toBe(1);
    expect(r.stderr).toBe(`bdb: ${f}: format.seeding: expected one of rating, draw, random, got undefined\n`);
  });
});

describe('standings of a lives event', () => {
  test('examples/lives-6.json: round 1 (Anna beat Emma, Ben beat David, Felix beat Clara): the losses, all still in', async () => {
    const r = await call('tournament', 'standings', join(EXAMPLES, 'lives-6.json'));
    expect(r.code, r.stderr).toBe(0);
    const lines = r.stdout.split('\n');
    expect(lines[0]).toBe(
      'Munich-style Swiss, out on the 2nd loss — Swiss with 2 lives, after round 1 (rounds until one player is left)',
    );
    expect(lines).toContain('Still in: Anna, Ben, Clara, David, Emma, Felix');
    expect(lines).toContain('Losses: Anna 0, Ben 0, Clara 1, David 1, Emma 1, Felix 0');
    const j = JSON.parse(
      (await call('tournament', 'standings', '--json', join(EXAMPLES, 'lives-6.json'))).stdout,
    );
    expect(j.plannedRounds).toBeNull();
    expect(j.format.losses).toEqual({ Anna: 0, Ben: 0, Clara: 1, David: 1, Emma: 1, Felix: 0 });
  });
});

describe('tournament bracket', () => {
  test('examples/ko-8.json with round 2 from its CSV: the finals to play', async () => {
    const r = await call(
      'tournament',
      'bracket',
      join(EXAMPLES, 'ko-8.json'),
      '--results',
      join(EXAMPLES, 'ko-8-round2.csv'),
    );
    expect(r.code, r.stderr).toBe(0);
    const lines = r.stdout.split('\n');
    // round 1 by rating in the order 1, 8, 5, 4, 3, 6, 7, 2 with the file's results (Bruno by forfeit)
    expect(lines.slice(2, 8)).toEqual([
      'Main draw',
      '  Round 1 (event round 1)',
      '    Akiko (1) – Hugo (8)  → Akiko',
      '    Elena (5) – Dmitri (4)  → Elena',
      '    Carmen (3) – Farid (6)  → Carmen',
      '    Greta (7) – Bruno (2)  → Bruno',
    ]);
    // the CSV's round 2: Akiko and Bruno reach the final; the consolation's winners Dmitri and Farid meet;
    // its losers Hugo and Greta play the last chance
    expect(lines).toContain('    Akiko (1) – Bruno (2)  (to play)');
    expect(lines).toContain('    Dmitri (4) – Farid (6)  (to play)');
    expect(lines.slice(-4, -1)).toEqual([
      'Last chance',
      '  Round 1 (event round 3)',
      '    Hugo (8) – Greta (7)  (to play)',
    ]);
  });

  test("--json: seeds from the file's ratings, each result of the file and the CSV on its match", async () => {
    const file = join(EXAMPLES, 'ko-8.json');
    const csv = join(EXAMPLES, 'ko-8-round2.csv');
    const r = await call('tournament', 'bracket', file, '--results', csv, '--json');
    expect(r.code, r.stderr).toBe(0);
    const j = JSON.parse(r.stdout) as BracketJson;
    // the event file read on its own: seeding by rating, highest first
    const ev = JSON.parse(readFileSync(file, 'utf8')) as {
      players: { name: string; rating: number }[];
      results: {
        round: number;
        player: string;
        opponent: string;
        result: string;
        score?: string;
        forfeit?: boolean;
      }[];
    };
    const byRating = [...ev.players].sort((a, b) => b.rating - a.rating).map((p) => p.name);
    expect(j.seeds).toEqual(byRating.map((player, i) => ({ seed: i + 1, player })));
    // every result of the file (round 1) and of the CSV (round 2: round,player,opponent,result) on the match
    // between its two players in its round, its winner and loser as the result says
    const csvRows = readFileSync(csv, 'utf8')
      .trim()
      .split('\n')
      .slice(1)
      .map((l) => l.split(','))
      .map(([round, player, opponent, result]) => ({
        round: Number(round),
        player: player!,
        opponent: opponent!,
        result: result!,
      }));
    const matches = j.brackets.flatMap((b) =>
      b.rounds.flatMap((rd) => rd.matches.map((m) => ({ ...m, round: rd.round }))),
    );
    for (const res of [...ev.results, ...csvRows]) {
      const m = matches.find(
        (x) =>
          x.round === res.round &&
          [res.player, res.opponent].every((p) => x.sides.some((s) => s.player === p)),
      );
      expect(m, `${res.player}–${res.opponent}`).toBeDefined();
      const [winner, loser] = res.result === 'win' ? [res.player, res.opponent] : [res.opponent, res.player];
      expect([m!.status, m!.winner, m!.loser]).toEqual(['played', winner, loser]);
      expect(m!.forfeit).toBe('forfeit' in res && res.forfeit === true);
      // the file's "7-2" is Akiko's (the winner's) points first; the CSV gives no score
      expect(m!.score).toBe('score' in res ? (res.score ?? null) : null);
      for (const s of m!.sides) expect(s.seed).toBe(byRating.indexOf(s.player!) + 1);
    }
    // 4 + 4 results: 8 matches played; the main final, the consolation final and the last chance to play
    expect(matches.filter((m) => m.status === 'played').length).toBe(ev.results.length + csvRows.length);
    expect(matches.filter((m) => m.status === 'ready').map((m) => m.sides.map((s) => s.player))).toEqual([
      ['Akiko', 'Bruno'],
      ['Dmitri', 'Farid'],
      ['Hugo', 'Greta'],
    ]);
    expect(j.brackets.map((b) => [b.name, b.winner])).toEqual([
      ['main', null],
      ['consolation', null],
      ['last-chance', null],
    ]);
  });

  test("--json: a score the file gives from the loser's side is turned to the winner's points first", async () => {
    const ev = JSON.parse(readFileSync(join(EXAMPLES, 'ko-8.json'), 'utf8')) as {
      results: Record<string, unknown>[];
    };
    // Elena beat Dmitri 7-5 (examples/ko-8.json), written here as Dmitri's loss 5-7
    ev.results = ev.results.map((r) =>
      r.player === 'Elena'
        ? { round: 1, player: 'Dmitri', opponent: 'Elena', result: 'loss', score: '5-7' }
        : r,
    );
    const file = join(tmp, 'ko-8-loser-side.json');
    writeFileSync(file, JSON.stringify(ev));
    const r = await call('tournament', 'bracket', file, '--json');
    expect(r.code, r.stderr).toBe(0);
    const first = (JSON.parse(r.stdout) as BracketJson).brackets[0]!.rounds[0]!.matches;
    expect(first.map((m) => [m.winner, m.score, m.forfeit])).toEqual([
      ['Akiko', '7-2', false],
      ['Elena', '7-5', false],
      ['Carmen', null, false],
      ['Bruno', null, true],
    ]);
  });

  test('--json of a bracket of 8 with 6 players: seeds 1 and 2 have byes, round 2 waits on round 1', async () => {
    const file = join(tmp, 'bracket-6.json');
    const made = await call('tournament', 'new', file, '--players', PLAYERS, '--format', 'single');
    expect(made.code, made.stderr).toBe(0);
    const r = await call('tournament', 'bracket', file, '--json');
    expect(r.code, r.stderr).toBe(0);
    const j = JSON.parse(r.stdout) as BracketJson;
    const [first, second] = j.brackets[0]!.rounds;
    // the order 1, 8, 5, 4, 3, 6, 7, 2: seeds 8 and 7 are empty, so 1 (Ann) and 2 (Bob) go on
    expect(first!.matches.map((m) => [m.status, m.bye, ...m.sides.map((s) => s.seed)])).toEqual([
      ['bye', 'Ann', 1, null],
      ['ready', null, 5, 4],
      ['ready', null, 3, 6],
      ['bye', 'Bob', null, 2],
    ]);
    expect(first!.matches.map((m) => [m.winner, m.score, m.forfeit])).toEqual([
      ['Ann', null, null],
      [null, null, null],
      [null, null, null],
      ['Bob', null, null],
    ]);
    expect(second!.matches.map((m) => [m.status, ...m.sides.map((s) => [s.player, s.decided])])).toEqual([
      ['waiting', ['Ann', true], [null, false]],
      ['waiting', [null, false], ['Bob', true]],
    ]);
  });

  test('--html: written once, an existing page only with --force, never the event or its CSV', async () => {
    const event = join(EXAMPLES, 'ko-8.json');
    const csv = join(EXAMPLES, 'ko-8-round2.csv');
    const page = join(tmp, 'bracket.html');
    const first = await call('tournament', 'bracket', event, '--html', page);
    expect(first.code, first.stderr).toBe(0);
    expect(first.stderr).toBe(`bdb: wrote ${page}\n`);
    // the text is printed as without --html
    expect(first.stdout).toContain('Main draw');
    const html = readFileSync(page, 'utf8');
    expect(html.startsWith('<!DOCTYPE html>')).toBe(true);
    // standalone: nothing fetched, no script
    expect(html).not.toMatch(/<script|<link|src=|@import|url\(/);
    const again = await call('tournament', 'bracket', event, '--html', page);
    expect(again.code).toBe(1);
    expect(again.stderr).toBe(`bdb: ${page}: already exists (give --force to replace it)\n`);
    const forced = await call('tournament', 'bracket', event, '--results', csv, '--html', page, '--force');
    expect(forced.code, forced.stderr).toBe(0);
    expect(readFileSync(page, 'utf8')).not.toBe(html);
    for (const input of [event, csv]) {
      const r = await call('tournament', 'bracket', event, '--results', csv, '--html', input, '--force');
      expect(r.code).toBe(2);
      expect(r.stderr).toContain(`${input}: is an input`);
    }
  });

  test('standings --html from an event file and from match files', async () => {
    const page = join(tmp, 'standings.html');
    const r = await call('tournament', 'standings', join(EXAMPLES, 'swiss-8.json'), '--html', page);
    expect(r.code, r.stderr).toBe(0);
    const names = (
      JSON.parse(readFileSync(join(EXAMPLES, 'swiss-8.json'), 'utf8')) as { players: { name: string }[] }
    ).players.map((p) => p.name);
    const html = readFileSync(page, 'utf8');
    for (const n of names) expect(html).toContain(`<td class="name">${n}</td>`);
    const fromFiles = join(tmp, 'standings-matches.html');
    const m = await call('tournament', 'standings', join(REF_DIR, 'xg'), '--html', fromFiles);
    expect(m.code, m.stderr).toBe(0);
    expect(m.stderr).toContain(`bdb: wrote ${fromFiles}\n`);
    expect(readFileSync(fromFiles, 'utf8')).toContain('<table>');
    const refused = await call('tournament', 'standings', join(REF_DIR, 'xg'), '--html', fromFiles);
    expect(refused.code).toBe(1);
    expect(refused.stderr).toContain(`bdb: ${fromFiles}: already exists (give --force to replace it)\n`);
  });

  test('an event without a bracket: one line, exit 1', async () => {
    const f = join(EXAMPLES, 'lives-6.json');
    const r = await call('tournament', 'bracket', f);
    expect(r.code).toBe(1);
    expect(r.stdout).toBe('');
    expect(r.stderr).toBe(
      `bdb: ${f}: the event has no bracket (no knock-out format): bdb tournament standings shows it\n`,
    );
  });
});
