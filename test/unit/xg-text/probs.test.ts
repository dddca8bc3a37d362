/**
 * Candidate probabilities of XG position texts: the mover's chances line ("Player:" / "Joueur:" /
 * "Spieler:") then the opponent's, `win% (G:gammon% B:backgammon%)`. Expected values copied from the files.
 */
import { describe, expect, it } from 'vitest';
import { defaultMet } from '../../../src/metrics/match-report.js';
import type { CheckerDecision } from '../../../src/model/types.js';
import { xgTextFormat } from '../../../src/parsers/xg-text/index.js';
import { bytesOf, REF_DIR } from '../../helpers/fixtures.js';

function decision(name: string): CheckerDecision {
  const { match } = xgTextFormat.parse(bytesOf(`${REF_DIR}xg-text/${name}`), {
    file: name,
    met: defaultMet(),
  });
  const d = match.games[0]!.decisions[0]!;
  if (d.kind !== 'checker') throw new Error('not a checker decision');
  return d;
}

describe('XG position text: candidate probabilities', () => {
  for (const name of [
    '01_checkerPosition_EN.txt',
    '01_checkerPosition_FR.txt',
    '01_checkerPosition_DE.txt',
  ]) {
    it(`${name}: candidates 1 and 5`, () => {
      const d = decision(name);
      // EN line 23: "      Player:   25.45% (G:0.00% B:0.00%)"   (FR "Joueur:", DE "Spieler:")
      // EN line 24: "      Opponent: 74.55% (G:31.09% B:0.09%)" (FR "Adversaire:", DE "Gegner:")
      const p0 = d.candidates[0]!.probs!;
      expect(p0.win).toBeCloseTo(0.2545, 12);
      expect(p0.winGammon).toBe(0);
      expect(p0.winBackgammon).toBe(0);
      expect(p0.loseGammon).toBeCloseTo(0.3109, 12);
      expect(p0.loseBackgammon).toBeCloseTo(0.0009, 12);
      // EN line 39: "      Player:   21.41% (G:0.00% B:0.00%)"
      // EN line 40: "      Opponent: 78.59% (G:41.01% B:0.36%)"
      const p4 = d.candidates[4]!.probs!;
      expect(p4.win).toBeCloseTo(0.2141, 12);
      expect(p4.loseGammon).toBeCloseTo(0.4101, 12);
      expect(p4.loseBackgammon).toBeCloseTo(0.0036, 12);
    });
  }
});
