/**
 * No arithmetic tiebreak (issue 41, item 3): `--tiebreaks none` and the event's `ties` rule, as FIDE's
 * play-off and tie-break regulations (Handbook C.07, 2024, articles 2.1 and 3.1.1) leave it to the event:
 * players equal on points share the place, or play it off (every shared place, or the first only).
 *
 * The events are examples/swiss-8.json (4 rounds, 8 players, every result entered) with its tiebreaks taken
 * away, whole and cut after round 1 (four winners share the first place); the shared places are computed
 * here from the file's own results (a win is a point, each player's points summed from the result lines),
 * not from bdb's standings.
 */
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, test } from 'vitest';
import { call } from '../helpers/cli.js';

const SWISS = fileURLToPath(new URL('../../examples/swiss-8.json', import.meta.url));

interface EventJson {
  players: { name: string }[];
  tiebreaks?: string[];
  ties?: string;
  results: { round: number; player: string; opponent: string; result: string }[];
}

/** The places the file's results give with no tiebreak: rank = 1 + players with more points. */
function sharedPlaces(e: EventJson): { rank: number; players: string[] }[] {
  const points = new Map(e.players.map((p) => [p.name, 0]));
  for (const r of e.results) {
    if (r.result === 'win') points.set(r.player, points.get(r.player)! + 1);
    if (r.result === 'loss') points.set(r.opponent, points.get(r.opponent)! + 1);
  }
  const byRank = new Map<number, string[]>();
  for (const [name, p] of points) {
    const rank = 1 + [...points.values()].filter((q) => q > p).length;
    byRank.set(rank, [...(byRank.get(rank) ?? []), name]);
  }
  return [...byRank]
    .filter(([, names]) => names.length > 1)
    .sort((a, b) => a[0] - b[0])
    .map(([rank, players]) => ({ rank, players: players.sort() }));
}

describe('bdb tournament: no arithmetic tiebreak', () => {
  const dir = mkdtempSync(join(tmpdir(), 'bdb-ties-'));
  const original = JSON.parse(readFileSync(SWISS, 'utf8')) as EventJson;
  const bases = {
    whole: original,
    'round 1': { ...original, results: original.results.filter((r) => r.round === 1) },
  };

  const variant = (base: keyof typeof bases, ties?: string): string => {
    const { tiebreaks: _, ...rest } = bases[base];
    const file = join(dir, `swiss-8-${base.replace(' ', '')}-${ties ?? 'default'}.json`);
    writeFileSync(file, JSON.stringify(ties === undefined ? rest : { ...rest, ties }));
    return file;
  };

  test('the files give shared places to test, the first place among them after round 1', () => {
    expect(sharedPlaces(bases.whole).length).toBeGreaterThan(0);
    expect(sharedPlaces(bases['round 1']).map((t) => t.rank)).toEqual([1, 5]);
  });

  test.each(
    (['whole', 'round 1'] as const).flatMap((base) =>
      (
        [
          [undefined, () => false],
          ['share', () => false],
          ['playoff', () => true],
          ['playoff-first', (rank: number) => rank === 1],
        ] as const
      ).map(([ties, playoff]) => [base, ties, playoff] as const),
    ),
  )('%s, ties %s: every shared place listed, played off as the rule says', async (base, ties, playoff) => {
    const expected = sharedPlaces(bases[base]);
    const r = await call('tournament', 'standings', '--json', variant(base, ties));
    expect(r.code, r.stderr).toBe(0);
    const j = JSON.parse(r.stdout);
    expect(j.tiebreaks).toEqual([]);
    expect(j.ties).toBe(ties ?? 'share');
    expect(
      j.tiedPlaces.map((t: { rank: number; players: string[]; playoff: boolean }) => ({
        ...t,
        players: [...t.players].sort(),
      })),
    ).toEqual(expected.map((t) => ({ ...t, playoff: playoff(t.rank) })));
    const text = await call('tournament', 'standings', variant(base, ties));
    for (const t of expected)
      if (playoff(t.rank)) expect(text.stdout).toContain(`Play-off for place ${t.rank}: `);
    expect(text.stdout.includes('Shared places: ')).toBe(expected.some((t) => !playoff(t.rank)));
  });

  test('new --tiebreaks none --ties playoff-first writes an event without tiebreaks that plays off the first place', async () => {
    const file = join(dir, 'new.json');
    const r = await call(
      'tournament',
      'new',
      file,
      '--players',
      'Ann,Bob,Cid,Dan',
      '--tiebreaks',
      'none',
      '--ties',
      'playoff-first',
    );
    expect(r.code, r.stderr).toBe(0);
    const e = JSON.parse(readFileSync(file, 'utf8')) as EventJson;
    expect([e.tiebreaks, e.ties]).toEqual([undefined, 'playoff-first']);
    const bad = await call(
      'tournament',
      'new',
      join(dir, 'bad.json'),
      '--players',
      'Ann,Bob',
      '--ties',
      'coin',
    );
    expect([bad.code, bad.stderr]).toEqual([
      2,
      expect.stringMatching(/--ties: "coin" is not one of share, playoff, playoff-first/),
    ]);
  });

  test('an event file with an unknown ties rule: one line naming the field, exit 1', async () => {
    const file = join(dir, 'wrong.json');
    writeFileSync(file, JSON.stringify({ ...original, ties: 'coin' }));
    const r = await call('tournament', 'standings', file);
    expect(r.code).toBe(1);
    expect(r.stderr.trim().split('\n')).toHaveLength(1);
    expect(r.stderr).toMatch(/ties/);
  });
});
