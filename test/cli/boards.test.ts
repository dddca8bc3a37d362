/**
 * `--boards` and `--ascii` on `bdb review`, `bdb plan` and `bdb biases` (test/reference-matches/xg/test.xg):
 * a 13-line text board under each position the command lists, every board line at most 80 columns, plain
 * ASCII with `--ascii`; the board shows the position of the XGID printed with it (the pip counts XG's
 * position IDs give are checked against XG itself in test/unit/report/board.test.ts); the JSON is the same
 * with or without `--boards`.
 */
import { describe, expect, test } from 'vitest';
import { parseXgid } from '../../src/core/xgid-parse.js';
import { call } from '../helpers/cli.js';
import { REF_DIR } from '../helpers/fixtures.js';

const XG = `${REF_DIR}xg/test.xg`;

/** The text boards of an output: 13 lines from each line opening a board's frame. */
function boards(stdout: string): string[][] {
  const lines = stdout.split('\n');
  const out: string[][] = [];
  lines.forEach((l, i) => {
    if (/^ *[┌+]13[─-]14/.test(l)) out.push(lines.slice(i, i + 13));
  });
  return out;
}

/** The pip count of side 0 (bottom, X) and side 1 of an XGID, counted from its position characters. */
function pips(xgid: string): [number, number] {
  const { board } = parseXgid(xgid);
  const count = (a: readonly number[]): number => a.reduce((s, n, i) => s + n * (i + 1), 0);
  return [count(board[0]), count(board[1])];
}

function expectBoardShape(b: string[], ascii: boolean): void {
  expect(b).toHaveLength(13);
  expect(b[12]).toMatch(/[└+]12[─-]11/);
  for (const l of b) {
    expect([...l].length).toBeLessThanOrEqual(80);
    if (ascii) expect(l).toMatch(/^[\x20-\x7e]*$/);
  }
}

describe('bdb review --boards', () => {
  test('a board under each of the six decisions to review, showing the position of its XGID', async () => {
    const r = await call('review', XG, '--boards');
    expect(r.code).toBe(0);
    const found = boards(r.stdout);
    expect(found).toHaveLength(6);
    const xgids = [...r.stdout.matchAll(/^ {3}(XGID=\S+)$/gm)].map((m) => m[1]!);
    expect(xgids).toHaveLength(6);
    found.forEach((b, i) => {
      expectBoardShape(b, false);
      // the pip counts beside the board: the top player's (line 2) and the player on roll's (line 12)
      const [x, o] = pips(xgids[i]!);
      expect(b[1]).toContain(`${o} pips`);
      expect(b[11]).toContain(`${x} pips`);
      expect(b[12]).toMatch(/X (Kévin Unger|Maxence Job)$/);
    });
  });

  test('--ascii: the same boards in plain ASCII (and --ascii alone draws them)', async () => {
    const uni = boards((await call('review', XG, '--boards')).stdout);
    const r = await call('review', XG, '--ascii');
    expect(r.code).toBe(0);
    const found = boards(r.stdout);
    expect(found).toHaveLength(6);
    found.forEach((b, i) => {
      expectBoardShape(b, true);
      // the checkers where the Unicode board has them: only the frame and the names' accents differ
      const plain = uni[i]!.map((l) =>
        l
          .replace(/[┌┐└┘┬┴]/g, '+')
          .replace(/─/g, '-')
          .replace(/│/g, '|')
          .normalize('NFD')
          .replace(/\p{M}/gu, ''),
      );
      expect(b).toEqual(plain);
    });
  });

  test('without --boards no board; the JSON is the same with --boards', async () => {
    expect(boards((await call('review', XG)).stdout)).toHaveLength(0);
    expect((await call('review', XG, '--json', '--boards')).stdout).toBe(
      (await call('review', XG, '--json')).stdout,
    );
  });
});

describe('bdb plan --boards', () => {
  test('a board under each reference position, with its plays', async () => {
    const r = await call('plan', XG, '--boards', '--positions', '3');
    expect(r.code).toBe(0);
    const found = boards(r.stdout);
    // three reference positions for each of the two players
    expect(found).toHaveLength(6);
    for (const b of found) expectBoardShape(b, false);
    expect(r.stdout.match(/^ {3}played .+, best .+$/gm)).toHaveLength(6);
    const json = JSON.parse((await call('plan', XG, '--json', '--positions', '3')).stdout) as {
      players: { referencePositions: { selected: { xgid: string }[] } }[];
    };
    const xgids = json.players.flatMap((p) => p.referencePositions.selected.map((s) => s.xgid));
    found.forEach((b, i) => {
      const [x, o] = pips(xgids[i]!);
      expect(b[1]).toContain(`${o} pips`);
      expect(b[11]).toContain(`${x} pips`);
    });
    expect((await call('plan', XG, '--json', '--positions', '3', '--boards')).stdout).toBe(
      (await call('plan', XG, '--json', '--positions', '3')).stdout,
    );
  });

  test('--ascii: ASCII boards of at most 80 columns', async () => {
    const found = boards((await call('plan', XG, '--ascii', '--positions', '2')).stdout);
    expect(found).toHaveLength(4);
    for (const b of found) expectBoardShape(b, true);
  });
});

describe('bdb biases --boards', () => {
  test('the costliest blot decisions, each with its board; the JSON unchanged', async () => {
    const r = await call('biases', XG, '--boards');
    expect(r.code).toBe(0);
    const json = JSON.parse((await call('biases', XG, '--json')).stdout) as {
      players: { player: string; blots: { decisions: { x: number; errorEmg: number; xgid: string }[] } }[];
    };
    // per player: the rows with more or fewer blots than the best play, costliest first, at most 10
    const expected = json.players.flatMap((p) =>
      p.blots.decisions
        .filter((d) => d.x !== 0)
        .sort((a, b) => b.errorEmg - a.errorEmg)
        .slice(0, 10),
    );
    const found = boards(r.stdout);
    expect(found).toHaveLength(expected.length);
    found.forEach((b, i) => {
      expectBoardShape(b, false);
      const [x, o] = pips(expected[i]!.xgid);
      expect(b[1]).toContain(`${o} pips`);
      expect(b[11]).toContain(`${x} pips`);
    });
    expect((await call('biases', XG, '--json', '--boards')).stdout).toBe(
      (await call('biases', XG, '--json')).stdout,
    );
    const ascii = boards((await call('biases', XG, '--ascii')).stdout);
    expect(ascii).toHaveLength(expected.length);
    for (const b of ascii) expectBoardShape(b, true);
  });
});
