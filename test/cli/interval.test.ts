/**
 * `--interval bootstrap|bca` with `--resamples` and `--seed` on `bdb stats`: the same values, the bounds
 * resampled, the method named in the JSON settings and under the tables; bad values are usage errors.
 * g0002.sgf: a 5-point match played and analysed by gnuBG 1.07.001 (test/reference-matches/README.md);
 * the resampled bounds of Kévin's PR are the ones an outside resampling bootstrap (4,000 resamples of the
 * games) measured for issue 13: 28.8–97.2, against the closed form's 15.3–78.7.
 */
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { call } from '../helpers/cli.js';

const G0002 = fileURLToPath(new URL('../reference-matches/gnubg/g0002.sgf', import.meta.url));

interface Bounds {
  value: number | null;
  low: number | null;
  high: number | null;
}
interface Player {
  player: string;
  pr: number;
  prInterval: Bounds;
  l7MwcPctInterval: Bounds | null;
}
interface Stats {
  settings: { interval: { method: string; resamples: number | null; seed: number | null } };
  players: Player[];
}

async function stats(...args: string[]): Promise<Stats> {
  const r = await call('stats', G0002, '--json', ...args);
  expect(r.code, r.stderr).toBe(0);
  return JSON.parse(r.stdout) as Stats;
}

describe('--interval', () => {
  it('closed by default; bootstrap and bca keep the values and resample the bounds', async () => {
    const closed = await stats();
    expect(closed.settings.interval).toEqual({ method: 'closed', resamples: null, seed: null });
    const boot = await stats('--interval', 'bootstrap');
    expect(boot.settings.interval).toEqual({ method: 'bootstrap', resamples: 4000, seed: 1 });
    const bca = await stats('--interval', 'bca', '--resamples', '2000', '--seed', '9');
    expect(bca.settings.interval).toEqual({ method: 'bca', resamples: 2000, seed: 9 });
    const kevin = (s: Stats) => s.players.find((p) => p.player === 'Kévin')!;
    expect(kevin(boot).pr).toBe(kevin(closed).pr);
    expect(kevin(closed).prInterval.low?.toFixed(1)).toBe('15.3');
    expect(kevin(closed).prInterval.high?.toFixed(1)).toBe('78.7');
    expect(Math.abs(kevin(boot).prInterval.low! - 28.8)).toBeLessThan(1);
    expect(Math.abs(kevin(boot).prInterval.high! - 97.2)).toBeLessThan(1);
    // seeded: the same command twice gives the same JSON
    expect(await stats('--interval', 'bootstrap')).toEqual(boot);
  });

  it('the table names the method', async () => {
    const r = await call('stats', G0002, '--no-matches', '--interval', 'bca');
    expect(r.code).toBe(0);
    expect(r.stdout).toContain('BCa bootstrap of 4000 resamples, seed 1');
    expect((await call('stats', G0002, '--no-matches')).stdout).toContain('or the matches, by formula.');
  });

  it('bad values are usage errors (exit 2), one line each', async () => {
    for (const args of [
      ['--interval', 'jackknife'],
      ['--interval', 'bootstrap', '--resamples', '10'],
      ['--interval', 'bca', '--seed', '-1'],
      ['--seed', '3'],
    ]) {
      const r = await call('stats', G0002, ...args);
      expect(r.code).toBe(2);
      expect(r.stderr.trim().split('\n')).toHaveLength(1);
    }
  });
});
