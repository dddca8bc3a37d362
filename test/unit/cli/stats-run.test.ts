/**
 * `bdb stats` called as a function, its output injected (issue 38: commands testable without spawning the
 * binary): the same source → figures → reporter path the binary runs.
 */
import { expect, test } from 'vitest';
import { runStats } from '../../../src/cli/commands/stats.js';
import { EXIT } from '../../../src/cli/exit.js';
import { REF_DIR } from '../../helpers/fixtures.js';

const TEST_XG = `${REF_DIR}xg/test.xg`;

async function run(opts: Parameters<typeof runStats>[1]): Promise<{ code: number; out: string }> {
  let out = '';
  const code = await runStats([TEST_XG], { progress: false, ...opts }, (text) => {
    out += text;
  });
  return { code, out };
}

test('JSON through an injected writer: XG 2.19 shows PR 7.79 and 13.87 over 162 and 140 decisions (test/reference-matches/README.md)', async () => {
  const { code, out } = await run({ json: true });
  expect(code).toBe(EXIT.ok);
  const report = JSON.parse(out) as {
    matches: unknown[];
    players: { player: string; pr: number; decisions: { total: number } }[];
  };
  expect(report.matches).toHaveLength(1);
  const pr = Object.fromEntries(report.players.map((p) => [p.player, [p.pr.toFixed(2), p.decisions.total]]));
  expect(pr).toEqual({ 'Kévin Unger': ['7.79', 162], 'Maxence Job': ['13.87', 140] });
});

test('tables through an injected writer: the match read alone gets its tables, then the players and the legend', async () => {
  const { code, out } = await run({});
  expect(code).toBe(EXIT.ok);
  // XG 2.19's figures for test.xg (as above)
  for (const cell of ['Kévin Unger', 'Maxence Job', '7.79', '13.87', 'Players over 1 match'])
    expect(out).toContain(cell);
  expect(out).toMatch(/Terms explained in docs\/glossary\.md\.\n$/);
});

test('--no-matches: the per-person table alone', async () => {
  const { out } = await run({ matches: false });
  expect(out.startsWith('Players over 1 match\n')).toBe(true);
});
