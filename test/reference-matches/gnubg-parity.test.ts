/**
 * gnuBG parity: bdb's `gnubg` block, computed from the analysis in each SGF (A[], DA[], LU[]; the GS[]
 * tags are never read), against gnuBG's own "show statistics match" output saved beside the match
 * (NAME.stats.txt, GNU Backgammon 1.07.001, printed in the same session as the analysis; see
 * test/reference-matches/README.md). Counts must be exact; every other figure must equal gnuBG's printed
 * text within half a printed unit plus the rounding of the values the SGF stores (helpers/storage-bound.ts).
 */
import { readFileSync } from 'node:fs';
import { describe, expect, test } from 'vitest';
import { defaultMet, reportMatch } from '../../src/metrics/match-report.js';
import { parseBytes } from '../../src/parsers/index.js';
import { compareGnubg } from '../helpers/compare-gnubg.js';
import { bytesOf, refFiles } from '../helpers/fixtures.js';
import { parseGnubgStatsTxt } from '../helpers/gnubg-stats-txt.js';
import { storageBounds } from '../helpers/storage-bound.js';

const met = defaultMet();
const files = refFiles('gnubg', '.sgf');

describe('gnuBG statistics recomputed from the SGF', () => {
  test('the copied subset covers money, 1-point, 25-point, Crawford, beavers and non-ASCII names', () => {
    const matches = files.map((f) => parseBytes(bytesOf(f), { file: f, met }).match);
    expect(matches.some((m) => m.matchLength === 0)).toBe(true);
    expect(matches.some((m) => m.matchLength === 1)).toBe(true);
    expect(matches.some((m) => m.matchLength === 25)).toBe(true);
    expect(matches.some((m) => m.games.some((g) => g.crawfordGame))).toBe(true);
    expect(
      matches.some((m) => m.games.some((g) => g.decisions.some((d) => d.kind === 'cube' && d.beaver))),
    ).toBe(true);
    expect(matches.some((m) => m.players.some((p) => /[^\x20-\x7e]/.test(p)))).toBe(true);
  });

  for (const file of files) {
    const name = file.slice(file.lastIndexOf('/') + 1);
    test(name, () => {
      const { match } = parseBytes(bytesOf(file), { file, met });
      const report = reportMatch(match, met);
      const printed = parseGnubgStatsTxt(readFileSync(file.replace(/\.sgf$/, '.stats.txt'), 'utf8'));
      const bounds = storageBounds(met, match);
      for (const seat of [0, 1] as const) {
        expect(report.players[seat]).toBe(printed[seat].player);
        const ours = report.stats[seat].gnubg;
        expect(ours).not.toBeNull();
        const rows = compareGnubg(
          ours!,
          printed[seat],
          bounds[seat],
          bounds[seat === 0 ? 1 : 0],
          match.matchLength,
        );
        const off = rows.filter((r) => !r.withinBound);
        expect(off, `${name} seat ${seat}`).toEqual([]);
        // the skill marks gnuBG stored on the moves (BM/DO) are the ones it counted
        const stored = { doubtful: 0, bad: 0, 'very-bad': 0 };
        for (const g of match.games)
          for (const d of g.decisions)
            if (d.kind === 'checker' && d.player === seat && d.annotation?.skill)
              stored[d.annotation.skill]++;
        expect([stored.doubtful, stored.bad, stored['very-bad']]).toEqual(printed[seat].moveMarks.slice(1));
      }
    });
  }
});
