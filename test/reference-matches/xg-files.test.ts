/**
 * The six .xg matches and four .xgp positions of the shared reference set (see README.md here for their
 * provenance): each parses, with the player names the files carry (Unicode fields, non-ASCII included),
 * and every played move and every candidate is a legal play of bdb's generator.
 */
import { expect, test } from 'vitest';
import { defaultMet } from '../../src/metrics/match-report.js';
import { parseBytes } from '../../src/parsers/index.js';
import { bytesOf, REF_DIR } from '../helpers/fixtures.js';
import { checkLegality } from '../helpers/legality.js';

// names as eXtreme Gammon shows them (the files' Unicode name fields, also in their RGMH save names)
const names: Record<string, [string, string]> = {
  'xg/test.xg': ['Kévin Unger', 'Maxence Job'],
  'xg/match_with_comment.xg': ['Nicolas HARMAND', 'Kévin UNGER'],
  'xg/charlot1-charlot2_7p_2025-11-08-2305.xg': ['charlot1', 'charlot2'],
  'xg/1-Intermediate-Round1-Unger-Kozoman-11pt.xg': ['Kévin UNGER', 'Davor KOZOMAN'],
  'xg/2-Intermediate-Round2-Unger-Lahme-7pt.xg': ['Kévin UNGER', 'Susanne LAHME'],
  'xg/ronde3-UngerHarmand-HuyckLarsen.xg': ['Kévin UNGER Nicolas HARMAND', 'Johan HUYCK Michael LARSEN'],
  'xgp/BothAnalysis.xgp': ['Player 1', 'Player 2'],
  'xgp/Opening_32_65_64_31_65.xgp': ['Player 1', 'Player 2'],
  'xgp/TooGoodAndTake.xgp': ['Player 1', 'Player 2'],
  'xgp/match35253054_2_37.xgp': ['hairpaint007', 'gobetzu'],
};

test.each(Object.entries(names))('%s parses with its names; all plays legal', (rel, players) => {
  const file = `${REF_DIR}${rel}`;
  const { match, warnings } = parseBytes(bytesOf(file), { file, met: defaultMet() });
  expect(warnings).toEqual([]);
  expect(match.players).toEqual(players);
  expect(match.format).toBe(rel.endsWith('.xgp') ? 'xgp' : 'xg');
  const report = checkLegality(match);
  expect(report.illegal).toEqual([]);
  if (rel.endsWith('.xg')) expect(report.played).toBeGreaterThan(50);
});

test('match_with_comment.xg: the two RTF move comments of temp.xgc, as plain text on their moves', () => {
  const file = `${REF_DIR}xg/match_with_comment.xg`;
  const { match } = parseBytes(bytesOf(file), { file, met: defaultMet() });
  const notes = match.games.flatMap((g) =>
    g.decisions.filter((d) => d.annotation?.comment).map((d) => [g.index, d.kind, d.annotation!.comment]),
  );
  // the comment text as written in the file's temp.xgc (RTF, Windows-1252 escapes \'e0 → à)
  expect(notes).toEqual([
    [0, 'checker', 'coup assez difficile'],
    [0, 'checker', 'les double 66 sont toujpurs difficiles à trouver'],
  ]);
});
