/**
 * `bdb review FILE --all` (issue 42): every error of the match, not only the three decisions to review;
 * `--cube`, `--blunders` and `--top N` filter it; a table for people, `errorsListed` in `--json`.
 * test/reference-matches/xg/test.xg (XG 2.19): an error is a counted decision whose equity lost reaches
 * XG's error threshold, 0.020 EMG, and XG stores its own figure of each decision's error in the file
 * (ErrMove / ErrCube, read as `storedError`): the list is checked against XG's figures, not bdb's.
 */
import { describe, expect, test } from 'vitest';
import { defaultMet } from '../../src/analyse.js';
import { isCounted } from '../../src/metrics/counting.js';
import { parseBytes } from '../../src/parsers/index.js';
import { bdb } from '../helpers/cli.js';
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

function listed(...args: string[]): Listed[][] {
  const r = bdb('review', XG, '--json', ...args);
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
  test('lists every error of both players, as XG counts them, in match order', () => {
    const all = listed('--all');
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

  test('--cube, --blunders, --top N filter the list (and imply --all)', () => {
    const all = listed('--all');
    const cube = listed('--cube');
    const blunders = listed('--blunders');
    const top = listed('--top', '5');
    for (const seat of [0, 1]) {
      expect(cube[seat]).toEqual(all[seat]!.filter((d) => d.kind === 'cube'));
      // XG's blunder threshold: 0.080 EMG
      expect(blunders[seat]).toEqual(all[seat]!.filter((d) => d.errorEmg >= 0.08 - 1e-9));
      expect(blunders[seat]!.every((d) => d.blunder)).toBe(true);
      const costliest = [...all[seat]!].sort((a, b) => b.lossMwcPct - a.lossMwcPct).slice(0, 5);
      expect(top[seat]!.map((d) => d.lossMwcPct)).toEqual(costliest.map((d) => d.lossMwcPct));
    }
    expect(cube.flat().length).toBeGreaterThan(0);
    expect(
      listed('--cube', '--blunders')
        .flat()
        .every((d) => d.kind === 'cube' && d.blunder),
    ).toBe(true);
    // without --all the JSON says no list was asked for
    const plain = JSON.parse(bdb('review', XG, '--json').stdout);
    expect(plain.review.errorsFilter).toBeNull();
    expect(plain.review.reviews[0].errorsListed).toBeNull();
  });

  test('the JSON with --all conforms to docs/schema/review.schema.json', () => {
    const checker = new SchemaChecker();
    for (const args of [['--all'], ['--top', '2', '--cube'], ['--blunders', '--thresholds', 'gnubg']]) {
      const j = JSON.parse(bdb('review', XG, '--json', ...args).stdout);
      expect(checker.errors(j, 'docs/schema/review.schema.json'), args.join(' ')).toEqual([]);
      expect(j.review.errorsFilter).not.toBeNull();
    }
  });

  test('a table for people: one row per error, its play, the best play and its XGID', () => {
    const r = bdb('review', XG, '--top', '3');
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

  test('--top expects a whole number of errors', () => {
    for (const bad of ['0', '-1', 'x']) {
      const r = bdb('review', XG, '--top', bad);
      expect(r.code).toBe(2);
      expect(r.stderr).toMatch(/^bdb: --top expects a whole number of errors/);
    }
  });
});
