/**
 * `tiebreakOptions.unplayed`: FIDE C.07 art. 16 (2024 and 2026 wordings) for an event's unplayed rounds,
 * through `bdb tournament result --no-show` and `bdb tournament standings` (text and JSON).
 * Expected figures are worked by hand from the article (test/unit/tournament/tiebreaks-fide.test.ts
 * quotes its rules), not read from bdb.
 */
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, test } from 'vitest';
import { call } from '../helpers/cli.js';

const tmp = mkdtempSync(join(tmpdir(), 'bdb-tournament-fide-'));
afterAll(() => rmSync(tmp, { recursive: true, force: true }));

/** Four players, two rounds, paired by hand: round 1 W–X (X does not come) and Y–Z; round 2 W–Y, X–Z. */
function eventFile(name: string, tiebreakOptions: Record<string, unknown>): string {
  const file = join(tmp, name);
  writeFileSync(
    file,
    JSON.stringify({
      name: 'Club',
      system: { type: 'swiss' },
      rounds: 2,
      players: ['W', 'X', 'Y', 'Z'].map((n) => ({ name: n })),
      tiebreaks: ['buchholz', 'buchholz-cut1', 'sonneborn-berger'],
      tiebreakOptions,
      results: [
        { round: 1, player: 'Y', opponent: 'Z', result: 'win' },
        { round: 2, player: 'W', opponent: 'Y', result: 'win' },
        { round: 2, player: 'X', opponent: 'Z', result: 'win' },
      ],
    }),
  );
  return file;
}

type Row = { player: string; points: number; tiebreakValues: Record<string, number> };

describe('standings under FIDE C.07 art. 16', () => {
  test('a no-show is an unplayed round for both: 2024, then 2026 with its cap', async () => {
    const file = eventFile('fide.json', { unplayed: 'fide-2024' });
    const entered = await call('tournament', 'result', file, '1', 'W', 'X', '--no-show', 'X');
    expect(entered.code, entered.stderr).toBe(0);
    // Scores: W 2, X 1, Y 1, Z 0 (a forfeit counts its points: 16.3.1, so the adjusted scores are these).
    // 2024 (16.4: the forfeit is a game against a dummy with the own score, not against the opponent):
    //   Buchholz W = dummy 2 + Y 1 = 3; X = dummy 1 + Z 0 = 1; Y = Z 0 + W 2 = 2; Z = Y 1 + X 1 = 2.
    //   Cut-1 (16.5: X's forfeit loss is a VUR, cut first): W 2, X 0, Y 2, Z 1.
    //   SB: W = 2×1 + 1×1 = 3; X = 1×0 + 0×1 = 0; Y = 0×1 + 2×0 = 0; Z = 0.
    const r = await call('tournament', 'standings', '--json', file);
    expect(r.code, r.stderr).toBe(0);
    const s = JSON.parse(r.stdout);
    const values = (rows: Row[]) =>
      Object.fromEntries(
        rows.map((x) => [
          x.player,
          [
            x.points,
            x.tiebreakValues.buchholz,
            x.tiebreakValues['buchholz-cut1'],
            x.tiebreakValues['sonneborn-berger'],
          ],
        ]),
      );
    expect(values(s.standings)).toEqual({
      W: [2, 3, 2, 3],
      X: [1, 1, 0, 0],
      Y: [1, 2, 2, 0],
      Z: [0, 2, 1, 0],
    });
    expect(s.rules).toBe(
      'points win 1 / loss 0 / bye 1 / absent 0; unplayed rounds: FIDE C.07 (2024) art. 16',
    );
    const text = await call('tournament', 'standings', file);
    expect(text.code, text.stderr).toBe(0);
    expect(text.stdout).toContain(
      'Rules: points win 1 / loss 0 / bye 1 / absent 0; unplayed rounds: FIDE C.07 (2024) art. 16\n',
    );

    // 2026 (16.4.1: W's dummy at most X's adjusted 1): Buchholz W = 1 + 1 = 2, Cut-1 W = 1, SB W = 1 + 1 = 2;
    // X's dummy min(1, W's 2) = 1, unchanged.
    const f26 = eventFile('fide-2026.json', { unplayed: 'fide-2026' });
    expect((await call('tournament', 'result', f26, '1', 'W', 'X', '--no-show', 'X')).code).toBe(0);
    const s26 = JSON.parse((await call('tournament', 'standings', '--json', f26)).stdout);
    expect(values(s26.standings)).toEqual({
      W: [2, 2, 1, 2],
      X: [1, 1, 0, 0],
      Y: [1, 2, 2, 0],
      Z: [0, 2, 1, 0],
    });
    expect(s26.rules).toContain('unplayed rounds: FIDE C.07 (2026) art. 16');
    expect(s26.rules).toContain('a draw × 2 rounds');
  });

  test('the rule goes alone: with "bye" beside it the file is refused in one line', async () => {
    const file = eventFile('both.json', { unplayed: 'fide-2024', bye: 'own-score' });
    const r = await call('tournament', 'standings', file);
    expect(r.code).toBe(1);
    expect(r.stderr.trim().split('\n')).toHaveLength(1);
    expect(r.stderr).toContain('tiebreakOptions.unplayed: "fide-2024" (FIDE C.07 art. 16) replaces "bye"');
  });

  test('bdb tournament new --unplayed writes the rule; a McMahon event, an unknown rule and 2026 without planned rounds are refused', async () => {
    const file = join(tmp, 'new-fide.json');
    const made = await call('tournament', 'new', file, '--players', 'A,B,C,D', '--unplayed', 'fide-2026');
    expect(made.code, made.stderr).toBe(0);
    const event = JSON.parse(readFileSync(file, 'utf8'));
    expect(event.tiebreakOptions).toEqual({ unplayed: 'fide-2026' });
    const standings = await call('tournament', 'standings', file);
    // four players: ⌈log₂ 4⌉ = 2 rounds planned, the 16.4.2 cap's N
    expect(standings.stdout).toContain('unplayed rounds: FIDE C.07 (2026) art. 16');
    expect(standings.stdout).toContain('a draw × 2 rounds');
    const refused = async (args: string[], message: string): Promise<void> => {
      const out = join(tmp, 'refused.json');
      const r = await call('tournament', 'new', out, '--players', 'A=1500,B=1600,C=1700,D=1800', ...args);
      expect(r.code, args.join(' ')).toBe(2);
      expect(r.stderr.trim().split('\n')).toHaveLength(1);
      expect(r.stderr).toContain(message);
      expect(existsSync(out)).toBe(false);
    };
    await refused(
      ['--system', 'mcmahon', '--groups', '1600', '--unplayed', 'fide-2024'],
      'FIDE C.07 art. 16 is for Swiss points',
    );
    await refused(['--unplayed', 'fide-2023'], '--unplayed: "fide-2023" is not one of fide-2024, fide-2026');
    await refused(
      ['--format', 'lives', '--lives', '2', '--unplayed', 'fide-2026'],
      'this format plans no number of rounds: use "fide-2024"',
    );
  });
});
