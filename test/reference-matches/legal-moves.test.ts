/**
 * Every played move and every analysed candidate of the reference SGFs is a legal play of bdb's move
 * generator (same resulting position as one of legalPlays()).
 */
import { expect, test } from 'vitest';
import { defaultMet } from '../../src/metrics/match-report.js';
import { parseBytes } from '../../src/parsers/index.js';
import { bytesOf, refFiles } from '../helpers/fixtures.js';
import { checkLegality } from '../helpers/legality.js';

test('all played moves and candidates are legal', () => {
  const met = defaultMet();
  const report = { played: 0, candidates: 0, illegal: [] as string[] };
  for (const file of [...refFiles('gnubg', '.sgf'), ...refFiles('sgf', '.sgf')]) {
    const { match, warnings } = parseBytes(bytesOf(file), { file, met });
    expect(warnings).toEqual([]);
    checkLegality(match, report);
  }
  expect(report.illegal).toEqual([]);
  // the counts checked are printed for the record
  console.info(`legal-moves: ${report.played} played moves and ${report.candidates} candidates checked`);
  expect(report.played).toBeGreaterThan(0);
  expect(report.candidates).toBeGreaterThan(0);
});
