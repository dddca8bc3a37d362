/**
 * Candidate probabilities of XG's .xg files: `DataMoves.Eval[j]` is XG's 7-float TResult, [0] P(lose bg),
 * [1] P(lose gammon), [2] P(lose), [3] P(win), [4] P(win gammon), [5] P(win bg), [6] equity (formats.md
 * §1.4; the evidence is in src/parsers/xg/to-model.ts). Expected values are xgdatatools' decoding of
 * test.xg, copied from test/reference-matches/xg/test.records.jsonl.gz (xgdatatools' decoding; README there).
 */
import { describe, expect, test } from 'vitest';
import { checkerThemes } from '../../../src/classify/checker-themes.js';
import { defaultMet } from '../../../src/metrics/match-report.js';
import type { CheckerDecision, Decision } from '../../../src/model/types.js';
import { parseBytes } from '../../../src/parsers/index.js';
import { bytesOf, REF_DIR } from '../../helpers/fixtures.js';

const FILE = `${REF_DIR}xg/test.xg`;

function checkers(): CheckerDecision[] {
  const { match } = parseBytes(bytesOf(FILE), { file: FILE, met: defaultMet() });
  return match.games
    .flatMap((g) => g.decisions)
    .filter((d: Decision): d is CheckerDecision => d.kind === 'checker');
}

describe('XG: candidate probabilities from Eval', () => {
  test('test.xg, first move record (51): candidates 0 and 1', () => {
    const d = checkers()[0]!;
    expect(d.dice).toEqual([5, 1]);
    expect(d.candidates).toHaveLength(8);
    // test.records.jsonl, 2nd record ("Move", Dice [5, 1]), DataMoves.Eval[0] =
    // [0.005754395853728056, 0.13288891315460205, 0.5000741481781006, 0.4999258518218994,
    //  0.13893508911132812, 0.006469534710049629, 0.006553559564054012]
    expect(d.candidates[0]!.equity).toBe(0.006553559564054012);
    expect(d.candidates[0]!.probs).toEqual({
      win: 0.4999258518218994,
      winGammon: 0.13893508911132812,
      winBackgammon: 0.006469534710049629,
      loseGammon: 0.13288891315460205,
      loseBackgammon: 0.005754395853728056,
    });
    // Eval[1] = [0.007953137159347534, 0.14064839482307434, 0.5025086402893066, 0.4974913001060486,
    //            0.14016830921173096, 0.0069938343949615955, -0.009373855777084827]
    expect(d.candidates[1]!.probs).toEqual({
      win: 0.4974913001060486,
      winGammon: 0.14016830921173096,
      winBackgammon: 0.0069938343949615955,
      loseGammon: 0.14064839482307434,
      loseBackgammon: 0.007953137159347534,
    });
  });

  test('every analysed candidate of test.xg has them, with P(win) + P(lose) = 1 as stored', () => {
    const all = checkers().flatMap((d) => d.candidates);
    expect(all.length).toBeGreaterThan(0);
    for (const c of all) {
      expect(c.probs).toBeDefined();
      expect(c.probs!.winBackgammon).toBeLessThanOrEqual(c.probs!.winGammon);
      expect(c.probs!.loseBackgammon).toBeLessThanOrEqual(c.probs!.loseGammon);
    }
  });

  test('checkerThemes fires gammon on test.xg game 1 decision 48 (4-2, played 6/2 2/off): swing 14 pp', () => {
    const d = checkers().find((x) => x.gameIndex === 0 && x.index === 48)!;
    expect(d.dice).toEqual([4, 2]);
    // test.records.jsonl line 52 (Dice [4, 2], Moves [5, 1, 1, -1 …] = candidate 1):
    // Eval[0] = [0.0, 0.0, 0.06317488849163055, 0.936825156211853, 0.44122931361198425, 0.0007590544410049915, 1.323793888092041]
    // Eval[1] = [0.0, 0.0, 0.11293993145227432, 0.8870599865913391, 0.30233076214790344, 0.002682139165699482, 1.10213041305542]
    expect(d.playedIndex).toBe(1);
    expect(d.candidates[0]!.probs!.winGammon).toBe(0.44122931361198425);
    expect(d.candidates[1]!.probs!.winGammon).toBe(0.30233076214790344);
    const r = checkerThemes(d);
    // round(1000 × (1.323793888092041 − 1.10213041305542)) = 222; round(100 × (0.44122931 − 0.30233077)) = 14
    expect(r.costMp).toBe(222);
    expect(r.primary).toMatchObject({ token: 'gammon', detail: { swing: 14 } });
  });
});
