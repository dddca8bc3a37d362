/**
 * A transcript without analysis: every figure that needs an analysis is n/a (null in JSON), never 0 — in
 * stats, biases, plan and review. test/reference-matches/mat/gbf_test.mat is the HSBT Paris 2023 match of
 * xg/test.xg as a Jellyfish transcript (no analysis; README "mat/"), won 7–4 by Kévin Unger; gnubg/g0071.mat is
 * gnuBG 1.07.001's .mat export of the money session g0071 (README "gnubg/"), won by Bob.
 */
import { describe, expect, test } from 'vitest';
import { call } from '../helpers/cli.js';
import { REF_DIR } from '../helpers/fixtures.js';

const MAT = `${REF_DIR}mat/gbf_test.mat`;
const MONEY_MAT = `${REF_DIR}gnubg/g0071.mat`;

/** The paths of the numeric leaves of a JSON value that are not null. */
function numbers(v: unknown, path = ''): string[] {
  if (typeof v === 'number') return [path];
  if (v === null || typeof v !== 'object') return [];
  return Object.entries(v).flatMap(([k, x]) => numbers(x, path ? `${path}.${k}` : k));
}

async function json<T>(...args: string[]): Promise<T> {
  const r = await call(...args, '--json');
  expect(r.code).toBe(0);
  return JSON.parse(r.stdout) as T;
}

describe('a transcript without analysis: n/a, never 0', () => {
  test('stats: the only figures are the matches, the moves played and the result', async () => {
    for (const [file, result] of [
      [MAT, 'actualResultMwcPct'],
      [MONEY_MAT, 'actualResultPpg'],
    ] as const) {
      const j = await json<{ matches: { stats: unknown[] }[]; players: unknown[] }>('stats', file);
      // analysedMatches: a count, 0 (none of the matches has an analysed decision), not a figure
      for (const s of [...j.matches[0]!.stats, ...j.players]) {
        expect(numbers(s).sort()).toEqual(
          ['analysedMatches', 'gnubg.totalMoves', `gnubg.${result}`, 'matches'].sort(),
        );
        expect((s as { analysedMatches: number }).analysedMatches).toBe(0);
      }
      const t = await call('stats', file);
      expect(t.code).toBe(0);
      expect(t.stdout).not.toMatch(/[+-]0\.000|│ 0 \(0\)|0 \/ 0 \/ 0/);
      expect(t.stdout).toMatch(/Chequer error total EMG \((MWC|Points)\) +│ n\/a +│ n\/a +│/);
      expect(t.stdout).toMatch(/Decisions \(checker\+double\+take\) +│ n\/a \(no analysis\) │/);
    }
    // Kévin Unger won the match 7–4 from 0–0 (xg/test.xg, XG 2.19): +50 % of MWC, known without analysis
    const j = await json<{ matches: { stats: { gnubg: { actualResultMwcPct: number } }[] }[] }>('stats', MAT);
    expect(j.matches[0]!.stats[0]!.gnubg.actualResultMwcPct).toBe(50);
  });

  test('review: no count of decisions or errors, nothing to review, no chart', async () => {
    for (const file of [MAT, MONEY_MAT]) {
      const j = await json<{
        review: {
          series: unknown;
          reviews: { decisions: unknown; errors: unknown; avoidableErrors: unknown; toReview: unknown[] }[];
        };
      }>('review', file);
      expect(j.review.series).toBeNull();
      for (const p of j.review.reviews) {
        expect([p.decisions, p.errors, p.avoidableErrors]).toEqual([null, null, null]);
        expect(p.toReview).toEqual([]);
      }
      const t = await call('review', file);
      expect(t.stdout).toContain('Decisions to review: none (no analysis in this file)');
      expect(t.stdout).toContain('Charts: none (no analysis in this file)');
      expect(t.stdout).toMatch(/Errors \(of them avoidable\) +│ n\/a \(no analysis\)/);
      expect(t.stdout).not.toMatch(/│ 0 \(0\)|0 decisions/);
    }
  });

  test('biases and plan: counts null in the JSON', async () => {
    for (const file of [MAT, MONEY_MAT]) {
      // analysedMatches: a count, 0 (the match has no analysed decision), not a figure
      const b = await json<{ players: Record<string, unknown>[] }>('biases', file);
      expect(b.players).toHaveLength(2);
      for (const p of b.players) {
        expect(numbers(p)).toEqual(['matches', 'analysedMatches']);
        expect(p.analysedMatches).toBe(0);
      }
      const p = await json<{ themeCoverage: unknown; players: Record<string, unknown>[] }>('plan', file);
      expect(numbers(p.themeCoverage)).toEqual([]);
      for (const x of p.players) {
        expect(numbers(x)).toEqual(
          file === MONEY_MAT
            ? ['matches', 'analysedMatches', 'money.matches']
            : ['matches', 'analysedMatches'],
        );
        expect(x.analysedMatches).toBe(0);
      }
    }
  });
});
