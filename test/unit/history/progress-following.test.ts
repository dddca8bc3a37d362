/**
 * The progress of the persons a filter keeps (or of everyone), added up period by period as the matches
 * come (what `bdb report` now does: src/history/progress.ts `follows`), is the report the collector keeping
 * every match's tallies gives, to the last bit: same additions in the same (file) order. On a real history:
 * test/history/llabba, 79 matches of Llabba and opponents over 2023, analysed by GNU Backgammon 1.07.001
 * at 4-ply and exported as text (test/history/README.md). The figures themselves are checked against
 * gnuBG's printed statistics elsewhere (the history and parity tests); this checks the two ways agree.
 */
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { expect, test } from 'vitest';
import { ProgressCollector } from '../../../src/history/progress.js';
import { defaultMet } from '../../../src/metrics/match-report.js';
import { matchTallies } from '../../../src/metrics/player-stats.js';
import { parseGnubgTextMatch } from '../../../src/parsers/gnubg-text/index.js';
import { textMatches } from '../../helpers/printed-counts.js';

const LLABBA = fileURLToPath(new URL('../../history/llabba/', import.meta.url));

test('progress by calendar period: following the persons kept as matches come = keeping every match', () => {
  const met = defaultMet();
  const aliases = new Map<string, string>();
  const kept = new Set(['Llabba', 'BoardLord']);
  const follows = (p: string): boolean => kept.has(p);
  const byMonth = new ProgressCollector({ aliases, by: 'month', follows });
  const byYear = new ProgressCollector({ aliases, by: 'year', follows });
  // everyone followed (`bdb report` without --player)
  const everyone = new ProgressCollector({ aliases, by: 'month', follows: () => true });
  const every = new ProgressCollector({ aliases });
  const groups = textMatches(LLABBA);
  expect(groups.length).toBe(79);
  for (const files of groups) {
    const { match } = parseGnubgTextMatch(
      files.map((file) => ({ file, bytes: new Uint8Array(readFileSync(file)) })),
      met,
    );
    const m = { date: match.date, tallies: matchTallies(met, match) };
    for (const c of [byMonth, byYear, everyone, every]) c.add(m);
  }
  for (const person of kept) {
    const month = byMonth.report(person, 'month');
    expect(month).toEqual(every.report(person, 'month'));
    expect(byYear.report(person, 'year')).toEqual(every.report(person, 'year'));
    // the history has months to compare
    if (person === 'Llabba') expect(month.periods.length).toBeGreaterThan(5);
  }
  // following everyone: every person's report, the opponents of one or a few matches too
  const names = every.names();
  expect(names.length).toBeGreaterThan(40);
  for (const person of names) expect(everyone.report(person, 'month')).toEqual(every.report(person, 'month'));
  // a person not followed has no progress of theirs
  expect(byMonth.report('adidan', 'month').overall.matches).toBe(0);
  expect(every.report('adidan', 'month').overall.matches).toBeGreaterThan(0);
});
