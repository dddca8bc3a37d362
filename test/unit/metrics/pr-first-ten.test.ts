/**
 * prFirst10, the PR of the first ten counted decisions of each game (src/metrics/pr-first-ten.ts), against
 * the decisions gnuBG 1.07 printed in two real text exports, read by hand: for each player the first ten
 * decisions XG's rules count (spec/metrics.md §2.2; a no-double only when ND > 0 and ND − min(DT, DP) <
 * 0.200), e = E(first candidate listed) − E(played), or the cube error of §1.2. Line numbers are the
 * files' (the played candidate, or the cube analysis's "No double" line).
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { defaultMet, reportMatch } from '../../../src/metrics/match-report.js';
import { parseMatchFiles } from '../../../src/parsers/index.js';
import { REF_DIR } from '../../helpers/fixtures.js';

const met = defaultMet();

function prFirst10(...names: string[]): Record<string, number | null> {
  const files = names.map((n) => `${REF_DIR}gnubg-text/${n}`);
  const { match } = parseMatchFiles(
    files.map((file) => ({ file, bytes: new Uint8Array(readFileSync(file)) })),
    met,
  );
  return Object.fromEntries(reportMatch(match, met).stats.map((s) => [s.player, s.figures.prFirst10]));
}

describe('PR of the first ten decisions of each game', () => {
  it('one game: bglab_BoardLord-Llabba_7pt_4ply_game1.txt', () => {
    // BoardLord: chequer plays at L33, 119, 205, 292, 378, 464 (e 0: the first candidate played), L554
    //   (e −0.337 − −0.344 = 0.007), L639 (−0.204 − −0.210 = 0.006), L723 (0), and the take at L791 (DT
    //   0.716 = min(DT, DP): 0); none of his no-doubles is in XG's window (ND ≤ 0, or ND − DT ≥ 0.200).
    //   Σe = 0.013 over 10 → 500 × 0.013 / 10 = 0.65
    // Llabba: chequer plays at L76, 162 (0), L255 (−0.191 − −0.235 = 0.044), L335, 421, 507 (0), the
    //   no-double at L587 (ND 0.344 − DT 0.198 = 0.146 < 0.200: counted, e 0), the chequer play at L602
    //   (0.300 − 0.237 = 0.063), L680 (0), and the double at L761 (best = DT 0.716: e 0).
    //   Σe = 0.107 over 10 → 5.35
    const pr = prFirst10('bglab_BoardLord-Llabba_7pt_4ply_game1.txt');
    expect(pr.BoardLord).toBeCloseTo(0.65, 9);
    expect(pr.Llabba).toBeCloseTo(5.35, 9);
  });

  it('two games, ten of each: match1486073_analyzed.txt and _002.txt', () => {
    // game 1, lasse: L73 (0), the no-double at L153 (counted, e 0), L159 (0), the double at L234 (0),
    //   L288 (0), L367 (0.002), L444 (0.021), L517 (0), L594 (0), L673 (0.017): Σe 0.040;
    //   jonnyb1169: L29, 116, the take at L264, L331, 408, 485, 560, 633, 710, 787: every e 0.
    // game 2 (Crawford, no cube), lasse: L33 (0.012), L97, 165 (0), L358 (0.030), L422 (0), L493 (0.031),
    //   L567 (0.034), L631, 699, 759 (0): Σe 0.107; jonnyb1169: L63, 131, 199, 258 (0), L328 (0.010),
    //   L388, 456 (0), L536 (0.056), L597, 665 (0): Σe 0.066. Decisions past the tenth of a game are left.
    // lasse: 500 × (0.040 + 0.107) / 20 = 3.675; jonnyb1169: 500 × 0.066 / 20 = 1.65
    const pr = prFirst10('match1486073_analyzed.txt', 'match1486073_analyzed_002.txt');
    expect(pr.lasse).toBeCloseTo(3.675, 9);
    expect(pr.jonnyb1169).toBeCloseTo(1.65, 9);
  });

  it('no counted decision (a transcript without analysis): null, never 0', () => {
    const file = `${REF_DIR}mat/match1486073.mat`;
    const { match } = parseMatchFiles([{ file, bytes: new Uint8Array(readFileSync(file)) }], met);
    expect(reportMatch(match, met).stats.map((s) => s.figures.prFirst10)).toEqual([null, null]);
  });
});
