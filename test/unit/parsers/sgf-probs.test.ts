/**
 * Candidate probabilities of gnuBG's SGF (`A[…]`: `E ver 3 p0 p1 p2 p3 p4 eq plies…`, formats.md §2.3; `X …
 * Output o0..o6 …` for rollouts), on test/reference-matches/gnubg/g0002.sgf. Expected values are copied
 * from the file's text.
 */
import { describe, expect, test } from 'vitest';
import { checkerThemes } from '../../../src/classify/checker-themes.js';
import { defaultMet } from '../../../src/metrics/match-report.js';
import type { CheckerDecision, Decision } from '../../../src/model/types.js';
import { parseBytes } from '../../../src/parsers/index.js';
import { bytesOf, REF_DIR } from '../../helpers/fixtures.js';

const met = defaultMet();

function checkersOf(bytes: Uint8Array, file: string): CheckerDecision[] {
  const { match } = parseBytes(bytes, { file, met });
  return match.games
    .flatMap((g) => g.decisions)
    .filter((d: Decision): d is CheckerDecision => d.kind === 'checker');
}

const FILE = `${REF_DIR}gnubg/g0002.sgf`;

/** A one-move 5-point match whose move has the candidate values `cands` (each `[…]`). */
const sgf = (cands: string): Uint8Array =>
  new TextEncoder().encode(
    `(;FF[4]GM[6]CA[UTF-8]AP[GNU Backgammon:1.07.001]MI[length:5][game:0][ws:0][bs:0]PW[a]PB[b]RU[Crawford]\n;W[32mjjh]A[1]${cands})`,
  );

describe('SGF: candidate probabilities', () => {
  test('g0002.sgf line 2 (W 32, played 13/8): p0..p4 of the first and the played candidate', () => {
    const d = checkersOf(bytesOf(FILE), FILE)[0]!;
    expect(d.dice).toEqual([3, 2]);
    // line 2: ";W[32mjjh]A[4][xumk E ver 3 0.503209 0.136881 0.006943 0.134558 0.006256 0.013243 1C 0 1 0.000000 1]…"
    // (the text export g0002.txt prints it as "0.503 0.137 0.007 - 0.497 0.135 0.006", line 30)
    expect(d.candidates[0]!.probs).toEqual({
      win: 0.503209,
      winGammon: 0.136881,
      winBackgammon: 0.006943,
      loseGammon: 0.134558,
      loseBackgammon: 0.006256,
    });
    // line 2: "[mjjh E ver 3 0.485144 0.138756 0.005494 0.142205 0.007895 -0.050664 1C 0 1 0.000000 1]", A[4]
    expect(d.playedIndex).toBe(4);
    expect(d.candidates[4]!.probs).toEqual({
      win: 0.485144,
      winGammon: 0.138756,
      winBackgammon: 0.005494,
      loseGammon: 0.142205,
      loseBackgammon: 0.007895,
    });
  });

  test('the general path (extra spaces) and a rollout candidate give the same fields', () => {
    const ds = checkersOf(
      sgf(
        '[xumk  E ver 3 0.503209 0.136881 0.006943 0.134558 0.006256 0.013243 1C 0 1 0.000000 1]' +
          '[mjjh X ver 3 Score -0.050664 -0.05 Trials 1296 Output 0.485144 0.138756 0.005494 0.142205 0.007895 -0.04 -0.05 StdDev 0 0 0 0 0 0 0 SK 7 RC 0]',
      ),
      't.sgf',
    );
    const d = ds[0]!;
    expect(d.candidates[0]!.probs?.win).toBe(0.503209);
    expect(d.candidates[0]!.probs?.loseBackgammon).toBe(0.006256);
    expect(d.candidates[1]!.depth).toBe('rollout');
    expect(d.candidates[1]!.probs).toEqual({
      win: 0.485144,
      winGammon: 0.138756,
      winBackgammon: 0.005494,
      loseGammon: 0.142205,
      loseBackgammon: 0.007895,
    });
  });

  test('a candidate read from its tokens without probabilities has none (undefined), in every form', () => {
    // p0 = 1.5 is not a probability (each of p0..p4 is in [0, 1], formats.md §2); a rollout without Output
    // gives none (formats.md §2.3); both read from their tokens (extra spaces), the second one with its equity
    const ds = checkersOf(
      sgf(
        '[xumk  E ver 3 1.5 0.136881 0.006943 0.134558 0.006256 0.013243 1C 0 1 0.000000 1]' +
          '[mjjh X ver 3 Score -0.050664 -0.05 Trials 1296 SK 7 RC 0]',
      ),
      't.sgf',
    );
    const d = ds[0]!;
    expect(d.candidates.map((c) => [c.equity, c.depth, c.probs])).toEqual([
      [0.013243, '1-ply', undefined],
      [-0.050664, 'rollout', undefined],
    ]);
  });

  test('checkerThemes fires gammon on g0002.sgf line 26 (W 31, played 8/7* 6/3 for 18/17* 6/3)', () => {
    const d = checkersOf(bytesOf(FILE), FILE).find((x) => x.source.line === 26)!;
    // line 26: ";W[31hgfc]…A[1][fcrq E ver 3 0.814500 0.634916 0.135178 0.055348 0.001817 1.398929 1C …]
    //           [fchg E ver 3 0.794177 0.587183 0.140356 0.066728 0.001773 1.336378 1C …]"
    expect(d.playedIndex).toBe(1);
    expect(d.candidates[0]!.probs?.winGammon).toBe(0.634916);
    expect(d.candidates[1]!.probs?.winGammon).toBe(0.587183);
    const r = checkerThemes(d);
    // round(1000 × (1.398929 − 1.336378)) = 63; round(100 × (0.634916 − 0.587183)) = 5
    expect(r.costMp).toBe(63);
    expect(r.primary).toMatchObject({ token: 'gammon', detail: { swing: 5 } });
  });
});
