/**
 * `bdb scout NAME`: one page on an opponent from every match of theirs in the library: their level (PR with
 * its 95 % interval, the level band), their signed biases turned into advice when sure, their worst study
 * families, and their record against the player (`--me`, by default the configured player), every line with
 * its n and interval. Text, `--json`, or a standalone page (`--html FILE`) besides standard output.
 *
 * The figures are those of `bdb stats`, `bdb biases` and `bdb plan` for the same person over the same
 * matches (src/report/scout/data.ts); the opponent is named as `--player` names a person (aliases, any case
 * or accents when one person fits, the closest names otherwise).
 */
import { type Command, Option } from 'commander';
import { type NamedPlayers, storedNames } from '../../history/names.js';
import { PLAN_MEMORY_MB } from '../../library/memory.js';
import type { Library } from '../../library/open.js';
import type { StoredBiasMatch } from '../../metrics/bias-columns.js';
import { CLOSED } from '../../metrics/bootstrap.js';
import { thresholdEquity } from '../../metrics/difficulty.js';
import { isEmptyFilter } from '../../model/filter.js';
import { pickReporter, type Reporters, streamName } from '../../report/reporter.js';
import { ScoutCollector } from '../../report/scout/data.js';
import { scoutHtml } from '../../report/scout/html.js';
import { scoutJson } from '../../report/scout/json.js';
import { scoutText } from '../../report/scout/text.js';
import type { ScoutResult, ScoutView } from '../../report/scout/types.js';
import { EXIT, type ExitCode } from '../exit.js';
import { oneLine } from '../failure.js';
import { libraryOption } from '../library-input.js';
import {
  biasColumns,
  filterOptions,
  librarySettings,
  librarySource,
  matchFilterOption,
  planColumns,
  type SourceOptions,
  withReadLibrary,
} from '../match-source.js';
import { collect, type PersonSettings, sayNameProblems } from '../options.js';
import { outputWidth, writeErr, writeOut } from '../output.js';
import { outputRefused, pageRules, writeOutputText } from '../output-file.js';
import { SpillFile } from '../spill.js';

export interface ScoutOptions extends SourceOptions {
  library?: string;
  /** `--me NAME`: the player whose record against the opponent is given (default: the configured player). */
  me?: string;
  /** True when `--me` is the configuration's player, not typed (src/cli/config.ts `applyConfig`). */
  meFromConfig?: boolean;
  html?: string;
  force?: boolean;
}

/** The outputs of `scout` on standard output (the page, `--html`, is written besides). */
const SCOUT: Reporters<ScoutResult, ScoutView> = { text: scoutText, json: scoutJson };

/** One name settled among the stored seats as `--player` settles it: the person, or the lines saying why not. */
async function settleName(
  typed: string,
  seats: readonly (readonly [string, string])[],
  s: PersonSettings,
): Promise<{ person: string | null; problems: string[]; notes: string[] }> {
  const { NamedPlayers } = await import('../../history/names.js');
  const named: NamedPlayers = new NamedPlayers([typed], s.aliases);
  for (const pair of seats) named.see(pair);
  const { persons, problems, notes } = named.resolve();
  return { person: persons[0] ?? null, problems, notes };
}

/**
 * The player of the record: `--me` settled like the opponent; a configured player absent from the library is
 * no player (a note, not a failure); a typed one that means nobody is a problem.
 */
async function settleMe(
  opts: ScoutOptions,
  seats: readonly (readonly [string, string])[],
  s: PersonSettings,
): Promise<{ me: string | null; problems: string[]; notes: string[] }> {
  if (opts.me === undefined || opts.me === '') return { me: null, problems: [], notes: [] };
  const found = await settleName(opts.me, seats, s);
  if (found.person !== null || !opts.meFromConfig) return { me: found.person, ...found };
  return {
    me: null,
    problems: [],
    notes: [`the configured player '${opts.me}' plays in none of the library's matches: no record`],
  };
}

/** Runs the command (standard output through `write`); returns the exit code. */
export async function runScout(
  name: string,
  opts: ScoutOptions,
  write: (text: string) => void = writeOut,
): Promise<ExitCode> {
  // the filters' usage errors before the library is opened
  matchFilterOption(opts);
  const route = { library: opts.library };
  // the page is never the library, and replaces a file only with --force: said before the reading
  const rules = pageRules(opts.force, [], route.library);
  if (opts.html !== undefined && outputRefused(opts.html, rules)) return EXIT.someFailed;
  const spill = new SpillFile();
  try {
    // the biases' and the plan's columns are read a few MB at a time
    return await withReadLibrary(route, (lib) => scoutLibrary(lib, name, opts, write, spill), PLAN_MEMORY_MB);
  } finally {
    spill.close();
  }
}

/** The scout on an open library: the names settled, the matches read, the outputs written. */
async function scoutLibrary(
  lib: Library,
  name: string,
  opts: ScoutOptions,
  write: (text: string) => void,
  spill: SpillFile,
): Promise<ExitCode> {
  const filter = matchFilterOption(opts);
  const s = await librarySettings(lib, opts);
  const { librarySeats } = await import('../../library/read.js');
  const seats = await librarySeats(lib, filter);
  if (seats.length === 0) {
    const which = isEmptyFilter(filter) ? '' : ' passing the filters';
    writeErr(
      `bdb: ${oneLine(`the library ${lib.path} holds no match${which}: nobody to scout (bdb import FOLDER adds matches)`)}\n`,
    );
    return EXIT.someFailed;
  }
  const opp = await settleName(name, seats, s);
  if (opp.person === null) return sayNameProblems(opp.problems);
  const opponent = opp.person;
  const mine = await settleMe(opts, seats, s);
  const only = storedNames(seats, opponent, s.aliases);
  const source = librarySource(lib, s, filter, { named: null, only });
  const c = new ScoutCollector(
    s.met,
    s.thresholds,
    { opponent, me: mine.me, aliases: s.aliases },
    spill.rows,
  );
  await source.reports((r) => ('players' in r ? c.addReport(r) : undefined), { interval: CLOSED });
  // the biases and the plan from the library's columns when it holds them, else from the parsed matches
  const stored = { stored: (m: StoredBiasMatch) => c.addStoredBiases(m), tilt: true, places: false };
  const threshold = thresholdEquity(s.thresholds.errorMpt);
  const fromColumns = await biasColumns(lib, filter, stored, only);
  const result =
    fromColumns === null
      ? await source.matches((m) => c.addMatch(m))
      : ((await planColumns(lib, filter, threshold, (m) => c.addStoredPlan(m), only)) ?? fromColumns);
  const read = seats.filter((pair) => pair.some((n) => only.has(n))).length;
  const scout: ScoutResult = {
    settings: s.settings,
    library: lib.path,
    read,
    report: c.result(),
    failures: result.errors,
    duplicates: result.duplicates,
  };
  const code = writeOutputs(scout, opts, write);
  return sayNameProblems(mine.problems, code === EXIT.ok ? result.exitCode : code, [
    ...opp.notes,
    ...mine.notes,
  ]);
}

/** The page (`--html`) then standard output's text or JSON; made whole before anything is written. */
function writeOutputs(scout: ScoutResult, opts: ScoutOptions, write: (text: string) => void): ExitCode {
  const view = { width: outputWidth(), ascii: opts.ascii === true };
  let text = '';
  pickReporter(SCOUT, streamName(opts))(scout, view, (t) => {
    text += t;
  });
  if (opts.html !== undefined) {
    let html = '';
    scoutHtml(scout, view, (t) => {
      html += t;
    });
    const failed = writeOutputText(opts.html, pageRules(opts.force, [], opts.library), html);
    if (failed !== null) {
      writeErr(`bdb: ${oneLine(failed)}\n`);
      return EXIT.someFailed;
    }
    writeErr(`bdb: wrote ${opts.html}\n`);
  }
  write(text);
  return EXIT.ok;
}

/** Adds the `scout` command to the program. */
export function registerScout(program: Command): void {
  const cmd = program
    .command('scout')
    .description(
      'one page on an opponent from the library: level with intervals, biases as advice, worst families, record against you',
    )
    .argument('<name>', 'the opponent (any case or accents when one player fits; aliases apply)');
  filterOptions(libraryOption(cmd))
    .option('--me <name>', "whose record against the opponent is given (default: bdb config's player)")
    .option('--json', 'print JSON (schemaVersion 2) instead of text')
    .option('--html <file>', 'also write the scout as one standalone HTML page (stdout as without it)')
    .option('--force', 'replace an existing page (--html)')
    .addOption(
      new Option('--alias <NAME=OTHER>', 'count OTHER as the same person as NAME (repeatable)').argParser(
        collect,
      ),
    )
    .option(
      '--thresholds <preset>',
      'error/blunder thresholds (what an error of the families is): xg (20/80 mpt, default), gnubg (40/80), blunderdb (50/100)',
    )
    .addHelpText(
      'after',
      '\nEvery line gives its n and 95 % interval; advice only where a bias is sure\n(docs/glossary.md, "Scout advice").\n',
    )
    .action(async (name: string, opts: ScoutOptions, command: Command) => {
      const meFromConfig = command.getOptionValueSource('me') === 'config';
      process.exitCode = await runScout(name, { ...opts, meFromConfig });
    });
}
