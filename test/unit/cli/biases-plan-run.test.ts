/**
 * `bdb biases` and `bdb plan` called as functions, their output injected (issue 38: commands testable
 * without spawning the binary): the same source → figures → reporter path as the binary, so the same JSON.
 */
import { expect, test } from 'vitest';
import { runBiases } from '../../../src/cli/commands/biases.js';
import { runPlan } from '../../../src/cli/commands/plan.js';
import { EXIT } from '../../../src/cli/exit.js';
import { bdb } from '../../helpers/cli.js';
import { REF_DIR } from '../../helpers/fixtures.js';

const TEST_XG = `${REF_DIR}xg/test.xg`;

/** Runs `run` with its output collected. */
async function collect(
  run: (write: (text: string) => void) => Promise<number>,
): Promise<{ code: number; out: string }> {
  let out = '';
  const code = await run((text) => {
    out += text;
  });
  return { code, out };
}

// test.xg is Kévin Unger against Maxence Job, one 7-point match (XG 2.19; test/reference-matches/README.md)
const PLAYERS = ['Kévin Unger', 'Maxence Job'];

test('biases --json through an injected writer: the binary’s JSON, of the match’s two players', async () => {
  const { code, out } = await collect((w) => runBiases([TEST_XG], { json: true, progress: false }, w));
  expect(code).toBe(EXIT.ok);
  const json = JSON.parse(out) as { matches: number; players: { player: string }[] };
  expect(json.matches).toBe(1);
  expect(json.players.map((p) => p.player).sort()).toEqual([...PLAYERS].sort());
  expect(out).toBe(bdb('biases', TEST_XG, '--json', '--no-progress').stdout);
});

test('plan --json through an injected writer: the binary’s JSON, of the match’s two players', async () => {
  const { code, out } = await collect((w) => runPlan([TEST_XG], { json: true, progress: false }, w));
  expect(code).toBe(EXIT.ok);
  const json = JSON.parse(out) as { matches: number; players: { player: string }[] };
  expect(json.matches).toBe(1);
  expect(json.players.map((p) => p.player).sort()).toEqual([...PLAYERS].sort());
  expect(out).toBe(bdb('plan', TEST_XG, '--json', '--no-progress').stdout);
});
