/**
 * `bdb review FILE --all` (issue 42): every error of the match, not only the three decisions to review;
 * `--cube`, `--blunders` and `--top N` filter it; a table for people, `errorsListed` in `--json`.
 * test/reference-matches/xg/test.xg (XG 2.19): an error is a counted decision whose equity lost reaches
 * XG's error threshold, 0.020 EMG, and XG stores its own figure of each decision's error in the file
 * (ErrMove / ErrCube, read as `storedError`): the list is checked against XG's figures, not bdb's.
 */
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname as dirOf, join } from 'node:path';
import { describe, expect, test } from 'vitest';
import { parseXgid } from '../../src/core/xgid-parse.js';
import { isCounted } from '../../src/metrics/counting.js';
import { defaultMet } from '../../src/metrics/match-report.js';
import { parseBytes } from '../../src/parsers/index.js';
import { call } from '../helpers/cli.js';
import { bytesOf, REF_DIR } from '../helpers/fixtures.js';
import { SchemaChecker } from '../helpers/json-schema.js';

const XG = `${REF_DIR}xg/test.xg`;

interface Listed {
  game: number;
  decisionIndex: number;
  kind: 'checker' | 'cube';
  errorEmg: number;
  lossMwcPct: number;
  blunder: boolean;
}

async function listed(...args: string[]): Promise<Listed[][]> {
  const r = await call('review', XG, '--json', ...args);
  expect(r.code, r.stderr).toBe(0);
  const j = JSON.parse(r.stdout) as { review: { reviews: { errorsListed: Listed[] | null }[] } };
  return j.review.reviews.map((p) => p.errorsListed!);
}

/** XG's own errors of each seat: counted decisions whose stored error (EMG) is at least 0.020. */
function xgErrors(): { game: number; decisionIndex: number; error: number }[][] {
  const { match } = parseBytes(bytesOf(XG), { file: XG, met: defaultMet() });
  const out: { game: number; decisionIndex: number; error: number }[][] = [[], []];
  for (const g of match.games)
    for (const d of g.decisions) {
      const e = d.storedError;
      // XG's threshold, inclusive; its stored figures are doubles: 0.0005 below 0.020 is not an error
      if (e !== undefined && isCounted(d) && e >= 0.0195)
        out[d.player]!.push({ game: g.index + 1, decisionIndex: d.index, error: e });
    }
  return out;
}

describe('bdb review --all', () => {
  test('lists every error of both players, as XG counts them, in match order', async () => {
    const all = await listed('--all');
    const xg = xgErrors();
    for (const seat of [0, 1]) {
      const ours = all[seat]!;
      expect(ours.map((d) => [d.game, d.decisionIndex])).toEqual(
        xg[seat]!.map((d) => [d.game, d.decisionIndex]),
      );
      ours.forEach((d, i) => {
        expect(d.errorEmg).toBeCloseTo(xg[seat]![i]!.error, 3);
      });
    }
    // far more than the three decisions to review
    expect(all[0]!.length).toBeGreaterThan(3);
    expect(all[1]!.length).toBeGreaterThan(3);
  });

  test('--cube, --blunders, --top N filter the list (and imply --all)', async () => {
    const all = await listed('--all');
    const cube = await listed('--cube');
    const blunders = await listed('--blunders');
    const top = await listed('--top', '5');
    for (const seat of [0, 1]) {
      expect(cube[seat]).toEqual(all[seat]!.filter((d) => d.kind === 'cube'));
      // XG's blunder threshold: 0.080 EMG
      expect(blunders[seat]).toEqual(all[seat]!.filter((d) => d.errorEmg >= 0.08 - 1e-9));
      expect(blunders[seat]!.every((d) => d.blunder)).toBe(true);
      const costliest = [...all[seat]!].sort((a, b) => b.lossMwcPct - a.lossMwcPct).slice(0, 5);
      expect(top[seat]!.map((d) => d.lossMwcPct)).toEqual(costliest.map((d) => d.lossMwcPct));
    }
    expect(cube.flat().length).toBeGreaterThan(0);
    expect((await listed('--cube', '--blunders')).flat().every((d) => d.kind === 'cube' && d.blunder)).toBe(
      true,
    );
    // without --all the JSON says no list was asked for
    const plain = JSON.parse((await call('review', XG, '--json')).stdout);
    expect(plain.review.errorsFilter).toBeNull();
    expect(plain.review.reviews[0].errorsListed).toBeNull();
  });

  test('the JSON with --all conforms to docs/schema/review.schema.json', async () => {
    const checker = new SchemaChecker();
    for (const args of [['--all'], ['--top', '2', '--cube'], ['--blunders', '--thresholds', 'gnubg']]) {
      const j = JSON.parse((await call('review', XG, '--json', ...args)).stdout);
      expect(checker.errors(j, 'docs/schema/review.schema.json'), args.join(' ')).toEqual([]);
      expect(j.review.errorsFilter).not.toBeNull();
    }
  });

  test('a table for people: one row per error, its play, the best play and its XGID', async () => {
    const r = await call('review', XG, '--top', '3');
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout).toMatch(/^Errors: 3 of 25 errors, costliest first:$/m);
    expect(r.stdout).toMatch(
      /│ #\s+│ Game │ Move │ Roll │ Played\s+│ Best\s+│ EMG\s+│ MWC\s+│ Kind\s+│ XGID/,
    );
    // the costliest error of the match (11.82 % MWC, the review's own first decision of Maxence Job)
    expect(r.stdout).toMatch(
      /│ 1 +│ 7 +│ 21 +│ 32 +│ 9\/4 +│ 6\/3\*\/1\* +│ 0\.349 │ 11\.82 % │ blunder, avoidable │ XGID=/,
    );
    expect(r.stdout).not.toContain('Decisions to review');
  });

  test('--top expects a whole number of errors', async () => {
    for (const bad of ['0', '-1', 'x']) {
      const r = await call('review', XG, '--top', bad);
      expect(r.code).toBe(2);
      expect(r.stderr).toMatch(/^bdb: --top expects a whole number of errors/);
    }
  });

  test('--boards: a text board under each error listed, showing the position of its XGID', async () => {
    const xg = xgErrors();
    const r = await call('review', XG, '--all', '--boards');
    expect(r.code, r.stderr).toBe(0);
    const lines = r.stdout.split('\n');
    // each error as the decisions to review are shown: "N. Game G, move M: …", its XGID, its board
    const heads = lines.flatMap((l) => {
      const m = /^(\d+)\. Game (\d+), move \d+: /.exec(l);
      return m ? [[Number(m[1]), Number(m[2])]] : [];
    });
    expect(heads).toEqual(xg.flatMap((seat) => seat.map((d, i) => [i + 1, d.game])));
    const boards = lines.flatMap((l, i) => (/^ {3}┌13─14/.test(l) ? [lines.slice(i, i + 13)] : []));
    const xgids = lines.flatMap((l) => /^ {3}(XGID=\S+)$/.exec(l)?.[1] ?? []);
    expect(boards).toHaveLength(xg[0]!.length + xg[1]!.length);
    expect(xgids).toHaveLength(boards.length);
    boards.forEach((b, i) => {
      // the pip counts beside the board: the top player's (line 2) and the player on roll's (line 12)
      const { board } = parseXgid(xgids[i]!);
      const pips = (a: readonly number[]): number => a.reduce((s, n, k) => s + n * (k + 1), 0);
      expect(b[1]).toContain(`${pips(board[1])} pips`);
      expect(b[11]).toContain(`${pips(board[0])} pips`);
    });
    // the table stays above them; without --boards no board
    expect(r.stdout).toMatch(/^Errors: \d+, in match order:$/m);
    expect((await call('review', XG, '--all')).stdout).not.toMatch(/┌13─14/);
  });

  test('--html: the page lists every error of each player, each drawn as a board', async () => {
    const xg = xgErrors();
    const out = join(mkdtempSync(join(tmpdir(), 'bdb-review-all-')), 'all.html');
    const r = await call('review', XG, '--all', '--html', out);
    expect(r.code, r.stderr).toBe(0);
    const html = readFileSync(out, 'utf8');
    // one section per player (its <h2>), then the charts
    const sections = html.split('<h2').slice(1, 3);
    expect(sections).toHaveLength(2);
    sections.forEach((sec, seat) => {
      const games = [...sec.matchAll(/<strong>\d+\. Game (\d+), move \d+: /g)].map((m) => Number(m[1]));
      expect(games).toEqual(xg[seat]!.map((d) => d.game));
      expect(sec.match(/<div class="decision">/g)).toHaveLength(xg[seat]!.length);
      expect(sec.match(/<figure class="board-figure">/g)).toHaveLength(xg[seat]!.length);
      expect(sec).not.toContain('Decisions to review');
    });
    // the filters too: the cube errors alone
    const cube = join(dirOf(out), 'cube.html');
    expect((await call('review', XG, '--cube', '--html', cube)).code).toBe(0);
    const n = (await listed('--cube')).flat().length;
    expect(readFileSync(cube, 'utf8').match(/<div class="decision">/g) ?? []).toHaveLength(n);
  });
});
