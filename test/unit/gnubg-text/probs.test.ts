/**
 * Candidate probabilities of gnuBG's text export (the line under each candidate: win, win-g, win-bg − lose,
 * lose-g, lose-bg), and the `gammon` checker theme they feed, on test/reference-matches/gnubg/g0002.txt.
 * Expected values are copied from the file's text (the lines are cited).
 */
import { describe, expect, test } from 'vitest';
import { checkerThemes } from '../../../src/classify/checker-themes.js';
import { defaultMet } from '../../../src/metrics/match-report.js';
import type { CheckerDecision, Decision } from '../../../src/model/types.js';
import { parseGnubgTextGame } from '../../../src/parsers/gnubg-text/index.js';
import { bytesOf, REF_DIR } from '../../helpers/fixtures.js';

const FILE = `${REF_DIR}gnubg/g0002.txt`;

function checkers(): CheckerDecision[] {
  const f = parseGnubgTextGame(bytesOf(FILE), FILE, defaultMet());
  return f.games
    .flatMap((g) => g.decisions)
    .filter((d: Decision): d is CheckerDecision => d.kind === 'checker');
}

describe('gnuBG text export: candidate probabilities', () => {
  test('g0002.txt move 1 (Kévin 32): the printed probabilities of each candidate', () => {
    const d = checkers()[0]!;
    expect(d.dice).toEqual([3, 2]);
    expect(d.candidates).toHaveLength(5);
    // line 29: "     1. Cubeful 1-ply    24/21 13/11                  Eq.: +0.013"
    // line 30: "       0.503 0.137 0.007 - 0.497 0.135 0.006"
    expect(d.candidates[0]!.probs).toEqual({
      win: 0.503,
      winGammon: 0.137,
      winBackgammon: 0.007,
      loseGammon: 0.135,
      loseBackgammon: 0.006,
    });
    // line 37: "*    5. Cubeful 1-ply    13/8                         Eq.: -0.051 (-0.064)"
    // line 38: "       0.485 0.139 0.005 - 0.515 0.142 0.008"
    expect(d.candidates[4]!.probs).toEqual({
      win: 0.485,
      winGammon: 0.139,
      winBackgammon: 0.005,
      loseGammon: 0.142,
      loseBackgammon: 0.008,
    });
    // every analysed candidate of the file has its line
    for (const c of checkers().flatMap((x) => x.candidates)) expect(c.probs).toBeDefined();
  });

  test('a probabilities line belongs only to the candidate just above it', () => {
    const text = new TextDecoder().decode(bytesOf(FILE));
    // drop the probability line of candidate 1 of move 1 (line 30): candidate 1 has none, candidate 2 keeps its own
    const lines = text.split('\n');
    expect(lines[29]).toBe('       0.503 0.137 0.007 - 0.497 0.135 0.006');
    lines[29] = '';
    const f = parseGnubgTextGame(new TextEncoder().encode(lines.join('\n')), FILE, defaultMet());
    const d = f.games[0]!.decisions.find((x): x is CheckerDecision => x.kind === 'checker')!;
    expect(d.candidates[0]!.probs).toBeUndefined();
    // line 32: "       0.497 0.152 0.007 - 0.503 0.146 0.010"
    expect(d.candidates[1]!.probs?.winGammon).toBe(0.152);
  });
});

describe('checkerThemes on a real decision: gammon from the candidates’ probabilities', () => {
  test('g0002.txt move 25 (Kévin 31, played 8/7* 6/3 for 18/17* 6/3): gammon swing 5 pp, error 0.063', () => {
    // line 1079: "Alert: bad move ( -0.063)"
    // line 1082: "     1. Cubeful 1-ply    18/17* 6/3                   Eq.: +1.399"
    // line 1083: "       0.815 0.635 0.135 - 0.185 0.055 0.002"
    // line 1084: "*    2. Cubeful 1-ply    8/7* 6/3                     Eq.: +1.336 (-0.063)"
    // line 1085: "       0.794 0.587 0.140 - 0.206 0.067 0.002"
    const d = checkers().find((x) => x.candidates[0]?.equity === 1.399 && x.candidates[1]?.equity === 1.336)!;
    expect(d).toBeDefined();
    expect(d.dice).toEqual([3, 1]);
    expect(d.playedIndex).toBe(1);
    const r = checkerThemes(d);
    expect(r.costMp).toBe(63);
    // round(100 × (0.635 − 0.587)) = 5 ≥ 4
    const g = r.themes.find((t) => t.token === 'gammon');
    expect(g).toBeDefined();
    expect(g!.detail).toEqual({ swing: 5 });
    expect(g!.played).toBeCloseTo(58.7, 9);
    expect(g!.best).toBeCloseTo(63.5, 9);
    expect(r.primary?.token).toBe('gammon');
    // explicit probabilities still take precedence over the candidates'
    const none = checkerThemes(d, { probabilities: [] });
    expect(none.themes.map((t) => t.token)).not.toContain('gammon');
  });
});
