/**
 * `bdb tournament standings FILES_OR_FOLDERS... [--event EVENT.json]`: standings from match files.
 * Reads every match (any format bdb reads), takes its winner (matchOutcome), and hands plain records
 * to src/tournament/from-matches.ts, which finds the rounds; unfinished matches are reported on
 * stderr and not counted.
 */
import { readFileSync } from 'node:fs';
import { FULL_WIDTH, wrapText } from '../core/text-width.js';
import { BdbError } from '../errors.js';
import { defaultMet, matchKey, matchOutcome, reportMatch } from '../metrics/match-report.js';
import { parseMatchFiles } from '../parsers/index.js';
import type { JsonDuplicate } from '../report/json.js';
import type { StandingsFromMatches } from '../report/tournament.js';
import { TournamentError } from '../tournament/event.js';
import { type EventFile, parseEventJson } from '../tournament/file.js';
import { eventFromMatches, type MatchesEvent, type MatchRecord } from '../tournament/from-matches.js';
import { EXIT, type ExitCode } from './exit.js';
import { describeFailure, oneLine } from './failure.js';
import { inputFiles, inputName, matchUnits } from './files.js';
import { readUnit } from './match-input.js';
import { outputWidth, writeErr, writeOut } from './output.js';
import { outputRefused, pageRules, writePage } from './output-file.js';

export interface MatchesStandingsOptions {
  readonly event?: string;
  readonly json?: boolean;
  /** `--html OUT`: the standings' page, written under `pageRules` (checked before anything is read). */
  readonly html?: string;
  readonly force?: boolean;
}

/** True when the standings inputs are one event file (JSON), not match files. */
export function isEventFileInput(paths: readonly string[], opts: { event?: string }): boolean {
  if (opts.event !== undefined || paths.length !== 1) return false;
  const p = paths[0]!;
  if (p.toLowerCase().endsWith('.json')) return true;
  try {
    const head = readFileSync(p, { encoding: 'utf8', flag: 'r' })
      .slice(0, 256)
      .replace(/^\uFEFF/, '');
    return head.trimStart().startsWith('{');
  } catch {
    return false;
  }
}

/**
 * Reads the match files under `paths` as plain records; failures go to `fail`. A match found again in
 * another file (e.g. its .sgf and its text export) is counted once, and the other file given to `duplicate`.
 */
export function readMatchRecords(
  paths: readonly string[],
  fail: (message: string) => void,
  duplicate: (d: JsonDuplicate) => void = () => {},
): MatchRecord[] {
  const files = [...inputFiles(paths, { onMissing: (p, why) => fail(`${p}: ${why}`) })];
  const records: MatchRecord[] = [];
  const seen = new Map<string, string>();
  const met = defaultMet();
  for (const unit of matchUnits(files)) {
    const source = inputName(unit.files[0]!);
    try {
      const { match } = parseMatchFiles(readUnit(unit.files), met, unit.format);
      const key = matchKey(match);
      const first = key === null ? undefined : seen.get(key);
      if (first !== undefined) {
        duplicate({ file: source, sameAs: first });
        continue;
      }
      if (key !== null) seen.set(key, source);
      const { winner, finalScore } = matchOutcome(match);
      // each seat's PR as bdb stats gives it (src/metrics/match-report.ts): one source for the figure
      const { stats } = reportMatch(match, met);
      records.push({
        source,
        players: [match.players[0], match.players[1]],
        winner,
        round: match.round,
        date: match.date,
        finalScore,
        matchLength: match.matchLength,
        pr: [stats[0].pr, stats[1].pr],
      });
    } catch (e) {
      fail(describeFailure(source, e));
    }
  }
  return records;
}

/** " (PR 7.79 / 13.87)": the winner's PR, then the loser's ("n/a" for one without analysis); none for neither. */
function prText(c: { readonly winnerPr: number | null; readonly loserPr: number | null }): string {
  if (c.winnerPr === null && c.loserPr === null) return '';
  const pr = (v: number | null): string => (v === null ? 'n/a' : v.toFixed(2));
  return ` (PR ${pr(c.winnerPr)} / ${pr(c.loserPr)})`;
}

/** Lines naming each counted match and its round, for the table output, within `width` columns. */
export function countedLines(m: MatchesEvent, width: number = FULL_WIDTH): string[] {
  return m.counted.flatMap((c) =>
    wrapText(
      `round ${c.round} (${c.roundFrom}): ${c.winner} beat ${c.loser}${prText(c)} — ${c.source}`,
      width,
      {
        hang: '  ',
      },
    ),
  );
}

/**
 * Runs the command: `render` prints the standings of the built event (the same output as for an
 * event file, with the planned rounds null when no event file gives them); the counted and unfinished
 * matches and the duplicates are for JSON. Exit 0 when every file was read and counted
 * (unfinished matches are reported but are not failures), 1 otherwise.
 */
export function runStandingsFromMatches(
  paths: readonly string[],
  opts: MatchesStandingsOptions,
  render: (
    event: EventFile,
    fromMatches: StandingsFromMatches,
    duplicates: readonly JsonDuplicate[],
    plannedRounds: number | null,
  ) => { text: string; page: string | null },
): ExitCode {
  const rules = pageRules(opts.force, [...paths, ...(opts.event === undefined ? [] : [opts.event])], null);
  if (opts.html !== undefined && outputRefused(opts.html, rules)) return EXIT.someFailed;
  let failed = false;
  const fail = (message: string): void => {
    failed = true;
    writeErr(`bdb: ${oneLine(message)}\n`);
  };
  let base: EventFile | undefined;
  if (opts.event !== undefined) {
    let text: string;
    try {
      text = readFileSync(opts.event, 'utf8');
    } catch (e) {
      const code = (e as NodeJS.ErrnoException).code;
      fail(code === 'ENOENT' ? `${opts.event}: no such file` : `${opts.event}: cannot read: ${code}`);
      return EXIT.someFailed;
    }
    try {
      base = parseEventJson(text, opts.event);
    } catch (e) {
      fail(e instanceof BdbError ? e.message : `${opts.event}: ${(e as Error).message}`);
      return EXIT.someFailed;
    }
  }
  const duplicates: JsonDuplicate[] = [];
  const records = readMatchRecords(paths, fail, (d) => {
    duplicates.push(d);
    writeErr(`bdb: ${oneLine(`${d.file}: the same match as ${d.sameAs}, counted once`)}\n`);
  });
  if (records.length === 0 && !base) {
    fail('no match file found');
    return EXIT.someFailed;
  }
  let built: MatchesEvent;
  let output: string;
  let page: string | null;
  try {
    built = eventFromMatches(records, base);
    for (const r of built.rejected) fail(`${r.source}: not counted: ${r.reason}`);
    for (const r of built.unfinished) {
      const score = r.finalScore;
      const length = r.matchLength;
      const detail =
        score && length !== undefined
          ? ` (${r.players[0]} ${score[0]}, ${r.players[1]} ${score[1]}${length > 0 ? ` of ${length}` : ''})`
          : '';
      writeErr(`bdb: ${oneLine(`${r.source}: unfinished match${detail}, not counted`)}\n`);
    }
    for (const n of built.notes) writeErr(`bdb: ${oneLine(`${n}`)}\n`);
    ({ text: output, page } = render(
      built.event,
      {
        matches: built.counted.map((c) => ({
          file: c.source,
          round: c.round,
          winner: c.winner,
          loser: c.loser,
          roundFrom: c.roundFrom,
          winnerPr: c.winnerPr,
          loserPr: c.loserPr,
        })),
        unfinished: built.unfinished.map((r) => ({ file: r.source, players: r.players })),
      },
      duplicates,
      built.plannedRounds,
    ));
    if (!opts.json && built.counted.length > 0)
      output += `\nMatches:\n${countedLines(built, outputWidth()).join('\n')}`;
  } catch (e) {
    if (e instanceof TournamentError) fail(e.message);
    else if (e instanceof BdbError) fail(e.message);
    else fail(`internal error (please report): ${(e as Error).message}`);
    return EXIT.someFailed;
  }
  if (opts.html !== undefined && page !== null && !writePage(opts.html, rules, page)) return EXIT.someFailed;
  writeOut(`${output}\n`);
  return failed ? EXIT.someFailed : EXIT.ok;
}
