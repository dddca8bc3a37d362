import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, test } from 'vitest';
import { call } from '../helpers/cli.js';

const EXAMPLES = fileURLToPath(new URL('../../examples/', import.meta.url));
const KTS = join(EXAMPLES, 'kts-example.json');
const SWISS = join(EXAMPLES, 'swiss-8.json');
const MCMAHON = join(EXAMPLES, 'mcmahon-12.json');

interface PairJson {
  schemaVersion: number;
  system: string;
  round: number;
  seed: number;
  seedDerived: boolean;
  pairs: { board: number; player: string; opponent: string; playerScore: number; opponentScore: number }[];
  bye: string | null;
  rematches: number;
}

describe('bdb tournament', () => {
  test("standings on the KTS example prints Angelo's 6333708 and the rules; exit 0", async () => {
    const r = await call('tournament', 'standings', KTS);
    expect(r.code).toBe(0);
    expect(r.stderr).toBe('');
    expect(r.stdout).toMatch(/│ 1 +│ Angelo +│ 6 +│ 6333708 │/);
    expect(r.stdout).toContain('Rules: points win 3 / draw 1 / loss 0 / bye 3 / absent 1');
  });

  test('standings --json', async () => {
    const r = await call('tournament', 'standings', '--json', KTS);
    expect(r.code).toBe(0);
    const j = JSON.parse(r.stdout);
    expect(j).toMatchObject({
      $schema: 'docs/schema/tournament-standings.schema.json',
      schemaVersion: 2,
      system: 'swiss',
      rounds: 2,
      tiebreaks: ['kts'],
      duplicates: [],
    });
    expect(typeof j.rules).toBe('string');
    expect(j.standings[0]).toEqual({
      rank: 1,
      player: 'Angelo',
      points: 6,
      tiebreakValues: { kts: 6333708 },
    });
    expect(j.standings).toHaveLength(5);
  });

  test('pair on swiss-8: 4 pairs, no rematches, the seed printed; reruns agree', async () => {
    const r = await call('tournament', 'pair', '--dry-run', SWISS);
    expect(r.code).toBe(0);
    expect(r.stdout).toMatch(/Seed: \d+ \(derived from the event name and round/);
    expect(r.stdout).toContain('Bye: none');
    expect((await call('tournament', 'pair', '--dry-run', SWISS)).stdout).toBe(r.stdout);
    const j = JSON.parse((await call('tournament', 'pair', '--dry-run', '--json', SWISS)).stdout) as PairJson;
    expect(j).toMatchObject({
      $schema: 'docs/schema/tournament-pair.schema.json',
      schemaVersion: 2,
      system: 'swiss',
      round: 4,
      seedDerived: true,
      bye: null,
      rematches: 0,
    });
    expect(r.stdout).toContain(`Seed: ${j.seed} `);
    expect(j.pairs).toHaveLength(4);
    expect(new Set(j.pairs.flatMap((p) => [p.player, p.opponent])).size).toBe(8);
    const standings = JSON.parse((await call('tournament', 'standings', '--json', SWISS)).stdout);
    expect(standings.rounds).toBe(3);
  });

  test('--seed sets the seed; --results adds a CSV round (the last: then nothing is left to pair)', async () => {
    const r = await call('tournament', 'pair', '--dry-run', '--json', '--seed', '7', SWISS);
    expect(r.code).toBe(0);
    const j = JSON.parse(r.stdout) as PairJson;
    expect(j).toMatchObject({ seed: 7, seedDerived: false });
    const dir = mkdtempSync(join(tmpdir(), 'bdb-tournament-'));
    const csv = join(dir, 'round4.csv');
    writeFileSync(
      csv,
      `round,player,opponent,result\n${j.pairs.map((p) => `4,${p.player},${p.opponent},win`).join('\n')}\n`,
    );
    const s = JSON.parse((await call('tournament', 'standings', '--json', '--results', csv, SWISS)).stdout);
    expect(s.rounds).toBe(4);
    // the event plans 4 rounds ("rounds": 4): with round 4 played it is over, and pair refuses
    const next = await call('tournament', 'pair', '--dry-run', '--json', '--results', csv, SWISS);
    expect(next.code).toBe(1);
    expect(next.stdout).toBe('');
    expect(next.stderr).toContain(': all 4 planned rounds have results: no round left to pair');
  });

  test('pair on the McMahon example pairs on McMahon scores with a bye', async () => {
    const r = await call('tournament', 'pair', '--dry-run', '--json', MCMAHON);
    expect(r.code).toBe(0);
    const j = JSON.parse(r.stdout) as PairJson;
    expect(j.system).toBe('mcmahon');
    expect(j.round).toBe(3);
    // 11 active players (one withdrew): 5 pairs and a bye
    expect(j.pairs).toHaveLength(5);
    expect(j.bye).not.toBeNull();
    expect(j.rematches).toBe(0);
  });

  test('a bad event file: exit 1, one line naming the file and the JSON path', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'bdb-tournament-'));
    const file = join(dir, 'event.json');
    writeFileSync(
      file,
      JSON.stringify({
        system: { type: 'swiss' },
        players: [{ name: 'Ann' }, { name: 'Ben' }],
        tiebreaks: ['kts'],
        results: [{ round: 1, player: 'Ann', opponent: 'Bob', result: 'win' }],
      }),
    );
    for (const sub of ['standings', 'pair']) {
      const r = await call('tournament', sub, file);
      expect(r.code).toBe(1);
      expect(r.stdout).toBe('');
      expect(r.stderr).toBe(`bdb: ${file}: results[0].opponent: unknown player "Bob"\n`);
    }
    const csv = join(dir, 'bad.csv');
    writeFileSync(csv, 'round,player,opponent,result\n2,Ann,Zed,win\n');
    const r = await call('tournament', 'standings', '--results', csv, KTS);
    expect(r.code).toBe(1);
    expect(r.stderr).toBe(`bdb: ${csv}:2: player: unknown player "Ann"\n`);
    const missing = await call('tournament', 'standings', join(dir, 'none.json'));
    expect(missing.code).toBe(1);
    expect(missing.stderr).toBe(`bdb: ${join(dir, 'none.json')}: no such file\n`);
  });

  test('usage errors: exit 2', async () => {
    expect((await call('tournament', 'standings', '--bogus', KTS)).code).toBe(2);
    expect((await call('tournament', 'pair', '--dry-run', KTS, '--seed', 'abc')).code).toBe(2);
    expect((await call('tournament', 'standings')).code).toBe(2);
    expect((await call('tournament', 'rank', KTS)).code).toBe(2);
  });
});
