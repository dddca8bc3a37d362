/**
 * `bdb find [NAME] [filters]`: search the library's decisions (src/library/find.ts), the player's mistakes by
 * default (counted decisions with an error), costliest in MWC first; as a list (with text boards,
 * `--boards`), JSON, or a standalone HTML page with an SVG board per decision (`--html FILE`).
 *
 *   bdb find --player Me --pattern "me:6,8,13 opp:bar" --dice 31    a search
 *   bdb find --save NAME [filters]    save it (in the library) and run it
 *   bdb find NAME [filters]           run a saved search; the filters given narrow it
 *   bdb find --saved                  the saved searches
 *   bdb find --forget NAME            forget one
 */
import type { Command } from 'commander';
import { GAME_PHASES, GAME_PLANS } from '../../classify/game-plan.js';
import { UsageError } from '../../errors.js';
import type { FindOutcome } from '../../library/find.js';
import { type FindFilters, filtersText } from '../../library/find-filters.js';
import { findMemoryMb } from '../../library/memory.js';
import type { Library } from '../../library/open.js';
import { findHtml } from '../../report/find/html.js';
import { findJson } from '../../report/find/json.js';
import { findSavedJson, findSavedText } from '../../report/find/saved.js';
import { findText } from '../../report/find/text.js';
import type { FindResult, FindView, FoundRow, SavedList } from '../../report/find/types.js';
import { pickReporter, type Reporters, reporterName, streamName } from '../../report/reporter.js';
import type { RowStore } from '../../report/row-store.js';
import type { TableView } from '../../report/view.js';
import { EXIT, type ExitCode } from '../exit.js';
import { oneLine } from '../failure.js';
import {
  commandLineFilters,
  type FindOptions,
  holdsMatches,
  resolveSets,
  savedSets,
  searchSets,
} from '../find-search.js';
import { libraryOption, withLibrary } from '../library-input.js';
import { filterOptions } from '../match-source.js';
import { boardOptions, personOptions, textBoards } from '../options.js';
import { outputWidth, writeErr, writeLines, writeOut } from '../output.js';
import { outputRefused, pageRules, writeOutputPieces } from '../output-file.js';
import { SpillFile } from '../spill.js';

/** Decisions listed without `--limit`. */
const DEFAULT_LIMIT = 20;

/** `--limit N`: at most N decisions (0: all, null here). */
function limitOption(value: string | undefined): number | null {
  if (value === undefined) return DEFAULT_LIMIT;
  if (!/^\d+$/.test(value) || Number(value) > 1_000_000)
    throw new UsageError(`--limit expects a whole number (0: all), got ${JSON.stringify(value)}`);
  return Number(value) === 0 ? null : Number(value);
}

/** The outputs of a search on standard output (the page, `--html`, is written besides). */
const FIND: Reporters<FindResult, FindView> = { text: findText, json: findJson };
const SAVED: Reporters<SavedList, TableView> = { text: findSavedText, json: findSavedJson };

/** The search's filters in words: each set's options, ' and ' between the sets of a narrowed search. */
function searchWords(sets: readonly FindFilters[]): string {
  return sets
    .map(filtersText)
    .filter((t) => t !== '')
    .join(' and ');
}

/** Runs the search and writes its outputs. */
async function search(
  lib: Library,
  name: string | null,
  sets: readonly FindFilters[],
  opts: FindOptions,
): Promise<ExitCode> {
  if (!(await holdsMatches(lib))) return EXIT.someFailed;
  const resolved = await resolveSets(lib, opts, sets);
  if (typeof resolved === 'number') return resolved;
  const limit = limitOption(opts.limit);
  const { findDecisions } = await import('../../library/find.js');
  // the decisions found in a temporary file as DuckDB hands them over: `--limit 0` lists every one
  const spill = new SpillFile();
  try {
    const found: FindOutcome<RowStore<FoundRow>> = await findDecisions(lib, resolved, limit, spill.rows());
    const result: FindResult = { name, filters: searchWords(sets), limit, ...found };
    const view: FindView = { width: outputWidth(), ascii: opts.ascii === true, boards: textBoards(opts) };
    if (opts.html !== undefined) {
      const failed = writeOutputPieces(opts.html, pageRules(opts.force, [], opts.library), (write) =>
        findHtml(result, view, write),
      );
      if (failed !== null) {
        writeErr(`bdb: ${oneLine(failed)}\n`);
        return EXIT.someFailed;
      }
      writeErr(`bdb: wrote ${opts.html}\n`);
    }
    pickReporter(FIND, streamName(opts))(result, view, writeOut);
    return EXIT.ok;
  } finally {
    spill.close();
  }
}

/** `bdb find --saved`: the saved searches. */
async function listSaved(opts: FindOptions): Promise<ExitCode> {
  return withLibrary(opts.library, { readOnly: true }, async (lib) => {
    const { savedSearches } = await import('../../library/searches.js');
    const list = (await savedSearches(lib)).map((s) => ({
      name: s.name,
      filters: searchWords(s.sets),
      savedAt: s.savedAt,
    }));
    const view = { width: outputWidth(), ascii: opts.ascii === true };
    pickReporter(SAVED, reporterName(opts))({ searches: list }, view, writeOut);
    return EXIT.ok;
  });
}

/** `bdb find --forget NAME`. */
async function forget(name: string, opts: FindOptions): Promise<ExitCode> {
  return withLibrary(opts.library, { readOnly: false }, async (lib) => {
    const { forgetSearch } = await import('../../library/searches.js');
    if (!(await forgetSearch(lib, name))) {
      writeErr(`bdb: ${oneLine(`no saved search named '${name}' (bdb find --saved lists them)`)}\n`);
      return EXIT.someFailed;
    }
    writeLines(`saved search '${name}' forgotten\n`);
    return EXIT.ok;
  });
}

/** `bdb find --save NAME`: stores the search (NAME's narrowing of a saved one too); false when it could not. */
async function save(saveAs: string, name: string | null, opts: FindOptions): Promise<ExitCode> {
  const typed = commandLineFilters(opts, false);
  return withLibrary(opts.library, { readOnly: false }, async (lib) => {
    const base = name === null ? [] : await savedSets(lib, name);
    if (base === null) return EXIT.someFailed;
    const { saveSearch } = await import('../../library/searches.js');
    const replaced = await saveSearch(lib, saveAs, searchSets(base, typed));
    writeErr(`bdb: ${replaced ? 'replaced' : 'saved'} search '${oneLine(saveAs)}'\n`);
    return EXIT.ok;
  });
}

/** Runs the command; returns the exit code. */
export async function runFind(name: string | undefined, opts: FindOptions): Promise<ExitCode> {
  if (opts.saved) return listSaved(opts);
  if (opts.forget !== undefined) return forget(opts.forget, opts);
  // every filter read before the library is opened: a bad one is a usage error, nothing written
  const typed = commandLineFilters(opts);
  const limit = limitOption(opts.limit);
  if (opts.save !== undefined && opts.save.trim() === '') throw new UsageError('--save expects a name');
  if (opts.html !== undefined && outputRefused(opts.html, pageRules(opts.force, [], opts.library)))
    return EXIT.someFailed;
  if (opts.save !== undefined) {
    const saved = await save(opts.save, name ?? null, opts);
    if (saved !== EXIT.ok) return saved;
  }
  const runName = opts.save ?? name ?? null;
  return withLibrary(opts.library, { readOnly: true, memoryMb: findMemoryMb(limit) }, async (lib) => {
    const base = runName === null ? [] : await savedSets(lib, runName);
    if (base === null) return EXIT.someFailed;
    // a search just saved holds the command line's filters already (only the configuration's player is added)
    const sets = opts.save !== undefined ? searchSets(base, playerOnly(opts)) : searchSets(base, typed);
    return search(lib, runName, sets, opts);
  });
}

/** The configuration's `--player` alone (what a search just saved did not store), or nothing. */
function playerOnly(opts: FindOptions): FindFilters {
  return opts.playerFromConfig && opts.player !== undefined && opts.player.length > 0
    ? { players: opts.player }
    : {};
}

/** Adds the filters of a search. */
function searchOptions(cmd: Command): Command {
  return cmd
    .option(
      '--pattern <pattern>',
      'checkers on points, e.g. "me:6,8,13 opp:bar", "me:6+2 opp:5=1 me:off+3" (see below)',
    )
    .option(
      '--xgid <xgid>',
      'an XGID whose position may hold ? (any character); only its position is compared',
    )
    .option('--pips-me <range>', 'my pip count: N, N-M, N- or -M')
    .option('--pips-opp <range>', "the opponent's pip count: N, N-M, N- or -M")
    .option('--race', 'no contact left')
    .option('--plan <plan>', `the game plan: ${GAME_PLANS.join(', ')}`)
    .option('--phase <phase>', `the phase: ${GAME_PHASES.join(', ')}`)
    .option('--theme <theme>', "the error's theme, as bdb plan names it (e.g. blots, offer_missed)")
    .option('--score <A-B>', 'the away scores, mine first (2-4: I need 2 points, my opponent 4)')
    .option('--crawford', 'in the Crawford game')
    .option('--post-crawford', 'after the Crawford game (a player 1-away)')
    .option('--cube <n>', 'the cube value (1, 2, 4 …)')
    .option('--cube-owner <who>', 'who owns the cube: me, opp or centre')
    .option('--dice <roll>', 'the roll, either order (31), or doubles')
    .option('--kind <kind>', 'checker, double (double or no double) or take (take or pass)')
    .option('--min-error <E>', 'an error of at least E (equity, e.g. 0.08)')
    .option('--class <class>', 'doubtful (below the error threshold), error or blunder, at --thresholds')
    .option('--all-decisions', 'every decision, not only the counted ones with an error');
}

/** Adds the `find` command to the program. */
export function registerFind(program: Command): void {
  const cmd = program
    .command('find')
    .description(
      "search the library's decisions (your mistakes by default, costliest first) by position, score, cube, " +
        'dice, kind, error, player, event and dates; save a search by name',
    )
    .argument('[name]', 'a saved search to run (the filters given narrow it)');
  libraryOption(
    filterOptions(
      searchOptions(
        boardOptions(
          personOptions(cmd, ' (what --class means)', 'print JSON (schemaVersion 2) instead of the list'),
        ),
      ),
    ),
  )
    .option('--limit <n>', `at most N decisions, costliest first (default ${DEFAULT_LIMIT}; 0: all)`)
    .option('--html <file>', 'also write the decisions as a standalone HTML page with a board each')
    .option('--force', 'replace an existing page (--html)')
    .option('--save <name>', 'save the search under NAME in the library, then run it')
    .option('--saved', 'list the saved searches')
    .option('--forget <name>', 'forget a saved search')
    .action(async (name: string | undefined, opts: FindOptions, command: Command) => {
      const playerFromConfig = command.getOptionValueSource('player') === 'config';
      process.exitCode = await runFind(name, { ...opts, playerFromConfig });
    });
}
