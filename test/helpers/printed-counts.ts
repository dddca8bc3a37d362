/** bdb's counts against the ones gnuBG printed in a text export's "Match statistics" (the parity tests). */
import { readdirSync, readFileSync } from 'node:fs';
import { defaultMet, reportMatch } from '../../src/metrics/match-report.js';
import type { Match } from '../../src/model/types.js';
import { groupGnubgTextFiles, parseGnubgTextMatch } from '../../src/parsers/gnubg-text/index.js';
import { PRINTED_COUNT_ROWS, printedCounts } from './gnubg-stats-txt.js';

const met = defaultMet();

/** The matches of the .txt files of a folder (one group per match). */
export function textMatches(dir: string): string[][] {
  const files = readdirSync(dir)
    .filter((f) => f.endsWith('.txt') && !f.endsWith('.stats.txt'))
    .map((f) => `${dir}${f}`);
  return groupGnubgTextFiles(files).map((g) => [...g].sort());
}

/** The differences between bdb's counts and the ones gnuBG printed at the end of the match's last file. */
export function countDiffs(files: readonly string[]): { compared: number; diffs: string[] } {
  const last = readFileSync(files[files.length - 1]!, 'utf8');
  const at = last.search(/^(Match|Session) statistics$/m);
  if (at < 0) throw new Error(`${files[files.length - 1]}: no Match statistics`);
  const match = parseGnubgTextMatch(
    files.map((file) => ({ file, bytes: new Uint8Array(readFileSync(file)) })),
    met,
  ).match;
  return matchCountDiffs(match, last.slice(at), files[files.length - 1]!);
}

/**
 * The differences between bdb's counts for `match` and the count rows of gnuBG's statistics in `printed`
 * (the first block of its text: a text export's "Match statistics" on, or `show statistics match`).
 */
export function matchCountDiffs(
  match: Match,
  printed: string,
  where: string,
): { compared: number; diffs: string[] } {
  const rows = printedCounts(printed);
  const stats = reportMatch(match, met).stats;
  const diffs: string[] = [];
  let compared = 0;
  for (const [label, path] of PRINTED_COUNT_ROWS) {
    const row = rows.get(label);
    if (!row) throw new Error(`${where}: no row "${label}"`);
    for (const seat of [0, 1] as const) {
      const ours = path
        .split('.')
        .reduce<unknown>((o, k) => (o as Record<string, unknown>)[k], stats[seat].gnubg);
      compared++;
      if (ours !== row[seat]) diffs.push(`${match.players[seat]} ${label}: bdb ${ours}, gnuBG ${row[seat]}`);
    }
  }
  return { compared, diffs };
}

/** {@link countDiffs} over many matches: the counts compared and every difference, named by its first file. */
export function allCountDiffs(groups: readonly (readonly string[])[]): { compared: number; diffs: string[] } {
  let compared = 0;
  const diffs: string[] = [];
  for (const g of groups) {
    const r = countDiffs(g);
    compared += r.compared;
    diffs.push(...r.diffs.map((d) => `${g[0]}: ${d}`));
  }
  return { compared, diffs };
}
