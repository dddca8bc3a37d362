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
import { CHECKER_THEMES } from '../../classify/checker-themes.js';
import { GAME_PHASES, GAME_PLANS } from '../../classify/game-plan.js';
import { UsageError } from '../../errors.js';
import type { FindOutcome, ResolvedSet } from '../../library/find.js';
import {
  CUBE_OWNERS,
  ERROR_CLASSES,
  FIND_KINDS,
  type FindFilters,
  filtersText,
  oneOf,
  parseCube,
  parseDice,
  parseMinError,
  parsePattern,
  parseRange,
  parseScore,
  parseXgidPattern,
} from '../../library/find-filters.js';
import type { Library } from '../../library/open.js';
import { CUBE_THEMES } from '../../metrics/study-plan.js';
import type { MatchFilter } from '../../model/filter.js';
import { findHtml } from '../../report/find/html.js';
import { findJson } from '../../report/find/json.js';
import { findSavedJson, findSavedText } from '../../report/find/saved.js';
import { findText } from '../../report/find/text.js';
import type { FindResult, FindView, SavedList } from '../../report/find/types.js';
import { pickReporter, type Reporters, rendered, reporterName, streamName } from '../../report/reporter.js';
import type { TableView } from '../../report/view.js';
import { EXIT, type ExitCode } from '../exit.js';
import { oneLine } from '../failure.js';
import { libraryOption, withLibrary } from '../library-input.js';
import { filterOptions, libraryNamed, librarySettings, matchFilterOption } from '../match-source.js';
import {
  type BoardOptions,
  boardOptions,
  type PersonOptions,
  personOptions,
  textBoards,
  thresholdsOption,
} from '../options.js';
import { outputWidth, writeErr, writeLines, writeOut } from '../output.js';
import { outputRefused, pageRules, writeOutputText } from '../output-file.js';

/** The values commander gives. */
export interface FindOptions extends PersonOptions, BoardOptions {
  library?: string;
  since?: string;
  until?: string;
  event?: string;
  length?: string;
  pattern?: string;
  xgid?: string;
  pipsMe?: string;
  pipsOpp?: string;
  race?: boolean;
  plan?: string;
  phase?: string;
  theme?: string;
  score?: string;
  crawford?: boolean;
  postCrawford?: boolean;
  cube?: string;
  cubeOwner?: string;
  dice?: string;
  kind?: string;
  minError?: string;
  class?: string;
  allDecisions?: boolean;
  limit?: string;
  save?: string;
  saved?: boolean;
  forget?: string;
  html?: string;
  force?: boolean;
}

/** Decisions listed without `--limit`. */
const DEFAULT_LIMIT = 20;

/** The themes a decision may be stored with: the checker themes, then the four cube error cells. */
const THEMES: readonly string[] = [...CHECKER_THEMES, ...CUBE_THEMES];

/** `--limit N`: at most N decisions (0: all, null here). */
function limitOption(value: string | undefined): number | null {
  if (value === undefined) return DEFAULT_LIMIT;
  if (!/^\d+$/.test(value) || Number(value) > 1_000_000)
    throw new UsageError(`--limit expects a whole number (0: all), got ${JSON.stringify(value)}`);
  return Number(value) === 0 ? null : Number(value);
}

/** The position and classification filters. */
function positionFilters(o: FindOptions): FindFilters {
  return {
    ...(o.pattern !== undefined ? { pattern: parsePattern(o.pattern) } : {}),
    ...(o.xgid !== undefined ? { xgid: parseXgidPattern(o.xgid) } : {}),
    ...(o.pipsMe !== undefined ? { pipsMe: parseRange('--pips-me', o.pipsMe) } : {}),
    ...(o.pipsOpp !== undefined ? { pipsOpp: parseRange('--pips-opp', o.pipsOpp) } : {}),
    ...(o.race ? { race: true } : {}),
    ...(o.plan !== undefined ? { plan: oneOf('--plan', o.plan, GAME_PLANS) } : {}),
    ...(o.phase !== undefined ? { phase: oneOf('--phase', o.phase, GAME_PHASES) } : {}),
    ...(o.theme !== undefined ? { theme: oneOf('--theme', o.theme, THEMES) } : {}),
  };
}

/** The score, cube, roll, kind and error filters. */
function decisionFilters(o: FindOptions): FindFilters {
  const { preset, thresholds } = thresholdsOption(o.thresholds);
  return {
    ...(o.score !== undefined ? { score: parseScore(o.score) } : {}),
    ...(o.crawford ? { crawford: true } : {}),
    ...(o.postCrawford ? { postCrawford: true } : {}),
    ...(o.cube !== undefined ? { cube: parseCube(o.cube) } : {}),
    ...(o.cubeOwner !== undefined ? { cubeOwner: oneOf('--cube-owner', o.cubeOwner, CUBE_OWNERS) } : {}),
    ...(o.dice !== undefined ? { dice: parseDice(o.dice) } : {}),
    ...(o.kind !== undefined ? { kind: oneOf('--kind', o.kind, FIND_KINDS) } : {}),
    ...(o.minError !== undefined ? { minError: parseMinError(o.minError) } : {}),
    ...(o.class !== undefined
      ? { errorClass: { name: oneOf('--class', o.class, ERROR_CLASSES), preset, ...thresholds } }
      : {}),
  };
}

/**
 * The filters the command line gives, normalised (bad values are usage errors, before the library is
 * opened). `keepPlayer`: the configuration's `--player` too (a saved search keeps only what was typed).
 */
export function commandLineFilters(o: FindOptions, keepPlayer = true): FindFilters {
  if (o.crawford && o.postCrawford) throw new UsageError('--crawford and --post-crawford exclude each other');
  const match = matchFilterOption(o);
  const players = keepPlayer || !o.playerFromConfig ? (o.player ?? []) : [];
  return {
    ...(players.length > 0 ? { players } : {}),
    ...positionFilters(o),
    ...decisionFilters(o),
    ...match,
    ...(o.allDecisions ? { allDecisions: true } : {}),
  };
}

/** True when a set sets nothing: the default search (the mistakes), which narrows nothing. */
function isEmpty(f: FindFilters): boolean {
  return Object.keys(f).length === 0;
}

/** The sets of a search: the saved ones, then the command line's unless it sets nothing. */
export function searchSets(saved: readonly FindFilters[], typed: FindFilters): FindFilters[] {
  return saved.length > 0 && isEmpty(typed) ? [...saved] : [...saved, typed];
}

/** Two lists of names, the same. */
function sameNames(a: readonly string[], b: readonly string[]): boolean {
  return a.length === b.length && a.every((n, i) => n === b[i]);
}

/** The match filter of a set (its days, event and length). */
function matchFilterOf(f: FindFilters): MatchFilter {
  return {
    ...(f.since !== undefined ? { since: f.since } : {}),
    ...(f.until !== undefined ? { until: f.until } : {}),
    ...(f.event !== undefined ? { event: f.event } : {}),
    ...(f.length !== undefined ? { length: f.length } : {}),
  };
}

/**
 * The sets with their `--player` names resolved against the library's seats (one line and an exit code
 * when a name means nobody).
 */
export async function resolveSets(
  lib: Library,
  opts: FindOptions,
  sets: readonly FindFilters[],
): Promise<ResolvedSet[] | ExitCode> {
  const s = await librarySettings(lib, opts);
  const out: ResolvedSet[] = [];
  for (const filters of sets) {
    if (filters.players === undefined) {
      out.push({ filters, spellings: null });
      continue;
    }
    // the configuration's player: a match they did not play is searched whole (src/history/names.ts)
    const fromConfig = opts.playerFromConfig === true && sameNames(filters.players, opts.player ?? []);
    const named = await libraryNamed(
      lib,
      { player: [...filters.players], playerFromConfig: fromConfig },
      s,
      matchFilterOf(filters),
    );
    if (typeof named === 'number') return named;
    out.push({ filters, spellings: named.only === undefined ? null : [...named.only] });
  }
  return out;
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

/** Whether the library holds a match; one line when it holds none. */
export async function holdsMatches(lib: Library): Promise<boolean> {
  const { rows } = await import('../../library/sql.js');
  const [[n]] = (await rows(lib.connection, 'SELECT count(*) FROM matches')) as [[bigint]];
  if (Number(n) > 0) return true;
  writeErr(`bdb: ${oneLine(`${lib.path}: no match in the library (bdb import adds some)`)}\n`);
  return false;
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
  const found: FindOutcome = await findDecisions(lib, resolved, limit);
  const result: FindResult = { name, filters: searchWords(sets), limit, ...found };
  const view: FindView = { width: outputWidth(), ascii: opts.ascii === true, boards: textBoards(opts) };
  if (opts.html !== undefined) {
    const failed = writeOutputText(
      opts.html,
      pageRules(opts.force, [], opts.library),
      rendered(findHtml, result, view),
    );
    if (failed !== null) {
      writeErr(`bdb: ${oneLine(failed)}\n`);
      return EXIT.someFailed;
    }
    writeErr(`bdb: wrote ${opts.html}\n`);
  }
  pickReporter(FIND, streamName(opts))(result, view, writeOut);
  return EXIT.ok;
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

/** The sets of the saved search `name` (null: none of that name, said in one line). */
export async function savedSets(lib: Library, name: string): Promise<FindFilters[] | null> {
  const { savedSearch } = await import('../../library/searches.js');
  const sets = await savedSearch(lib, name);
  if (sets === null)
    writeErr(`bdb: ${oneLine(`no saved search named '${name}' (bdb find --saved lists them)`)}\n`);
  return sets;
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
  limitOption(opts.limit);
  if (opts.save !== undefined && opts.save.trim() === '') throw new UsageError('--save expects a name');
  if (opts.html !== undefined && outputRefused(opts.html, pageRules(opts.force, [], opts.library)))
    return EXIT.someFailed;
  if (opts.save !== undefined) {
    const saved = await save(opts.save, name ?? null, opts);
    if (saved !== EXIT.ok) return saved;
  }
  const runName = opts.save ?? name ?? null;
  return withLibrary(opts.library, { readOnly: true }, async (lib) => {
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
