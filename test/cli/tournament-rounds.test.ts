/**
 * The planned rounds of a tournament (issue 14, spec/tournament.md: a Swiss event has its `rounds`, else
 * ⌈log₂ N⌉ rounds for N players, and after the last one the standings are final): `pair` after the last
 * planned round refuses (it printed "round 3 of 2" and exit 0), and standings from match files without an
 * event file do not invent a number of rounds (they printed "of 4": ⌈log₂ 10⌉ of the names found).
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, test } from 'vitest';
import { call } from '../helpers/cli.js';
import { REF_DIR } from '../helpers/fixtures.js';

const tmp = mkdtempSync(join(tmpdir(), 'bdb-tournament-rounds-'));
afterAll(() => rmSync(tmp, { recursive: true, force: true }));

/** An event of four players with both rounds played (A beat B and C beat D, then A beat C and B beat D). */
function twoRounds(rounds: number | undefined): string {
  const p = join(tmp, `two-rounds-${rounds ?? 'default'}.json`);
  writeFileSync(
    p,
    JSON.stringify({
      name: 'Two rounds',
      system: { type: 'swiss' },
      ...(rounds !== undefined ? { rounds } : {}),
      players: ['A', 'B', 'C', 'D'].map((name) => ({ name })),
      results: [
        { round: 1, player: 'A', opponent: 'B', result: 'win' },
        { round: 1, player: 'C', opponent: 'D', result: 'win' },
        { round: 2, player: 'A', opponent: 'C', result: 'win' },
        { round: 2, player: 'B', opponent: 'D', result: 'win' },
      ],
    }),
  );
  return p;
}

describe('tournament pair after the last planned round', () => {
  test('"rounds": 2 and two rounds played: one line, exit 1, nothing on stdout', async () => {
    const p = twoRounds(2);
    const r = await call('tournament', 'pair', '--dry-run', p);
    expect(r.code).toBe(1);
    expect(r.stdout).toBe('');
    expect(r.stderr).toBe(
      `bdb: ${p}: all 2 planned rounds have results: no round left to pair; the standings are final (set "rounds" in the event file to play more)\n`,
    );
    expect((await call('tournament', 'pair', '--dry-run', '--json', p)).code).toBe(1);
  });

  test('no "rounds": 2 = ⌈log₂ 4⌉ rounds for four players, said so', async () => {
    const p = twoRounds(undefined);
    const r = await call('tournament', 'pair', '--dry-run', p);
    expect(r.code).toBe(1);
    expect(r.stderr).toBe(
      `bdb: ${p}: all 2 planned rounds (the default for 4 players: the event file gives no "rounds") have results: no round left to pair; the standings are final (set "rounds" in the event file to play more)\n`,
    );
  });

  test('a round still to play is paired as before (examples/swiss-8.json: round 4 of 4)', async () => {
    const r = await call('tournament', 'pair', '--dry-run', join(REF_DIR, '../../examples/swiss-8.json'));
    expect(r.code).toBe(0);
    expect(r.stdout.split('\n')[0]).toBe('Club Swiss, 8 players — Swiss, round 4 of 4');
    // the standings of the finished event are still given
    expect((await call('tournament', 'standings', twoRounds(2))).stdout.split('\n')[0]).toBe(
      'Two rounds — Swiss, after round 2 of 2',
    );
  });
});

describe('standings from match files', () => {
  // the six XG reference matches (test/reference-matches/README.md): rounds from their round fields and dates
  const folder = `${REF_DIR}xg`;

  test('without an event file the planned rounds are unknown, and said so', async () => {
    const r = await call('tournament', 'standings', folder);
    expect(r.code).toBe(0);
    expect(r.stdout.split('\n')[0]).toBe(
      'Tournament — Swiss, after round 3 (how many rounds the event has is unknown: --event EVENT.json gives it)',
    );
    const j = JSON.parse((await call('tournament', 'standings', '--json', folder)).stdout);
    expect(j.rounds).toBe(3);
    expect(j.plannedRounds).toBeNull();
  });
});
