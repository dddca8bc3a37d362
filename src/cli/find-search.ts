/**
 * A search of the library's decisions as `bdb find` and `bdb drill` take it from the command line: the
 * options commander gives, normalised into filter sets (src/library/find-filters.ts; bad values are usage
 * errors before the library is opened), a saved search's sets, and the `--player` names resolved against
 * the library's seats.
 */
import { CHECKER_THEMES } from '../classify/checker-themes.js';
import { GAME_PHASES, GAME_PLANS } from '../classify/game-plan.js';
import { UsageError } from '../errors.js';
import type { ResolvedSet } from '../library/find.js';
import {
  CUBE_OWNERS,
  ERROR_CLASSES,
  FIND_KINDS,
  type FindFilters,
  oneOf,
  parseCube,
  parseDice,
  parseMinError,
  parsePattern,
  parseRange,
  parseScore,
  parseXgidPattern,
} from '../library/find-filters.js';
import type { Library } from '../library/open.js';
import { CUBE_THEMES } from '../metrics/study-plan.js';
import type { MatchFilter } from '../model/filter.js';
import type { ExitCode } from './exit.js';
import { oneLine } from './failure.js';
import { libraryNamed, librarySettings, matchFilterOption } from './match-source.js';
import { type BoardOptions, type PersonOptions, thresholdsOption } from './options.js';
import { writeErr } from './output.js';

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

/** The themes a decision may be stored with: the checker themes, then the four cube error cells. */
const THEMES: readonly string[] = [...CHECKER_THEMES, ...CUBE_THEMES];

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
      // a search reads no match head: the seats alone
      true,
    );
    if (typeof named === 'number') return named;
    out.push({ filters, spellings: named.only === undefined ? null : [...named.only] });
  }
  return out;
}

/** Whether the library holds a match; one line when it holds none. */
export async function holdsMatches(lib: Library): Promise<boolean> {
  const { rows } = await import('../library/sql.js');
  const [[n]] = (await rows(lib.connection, 'SELECT count(*) FROM matches')) as [[bigint]];
  if (Number(n) > 0) return true;
  writeErr(`bdb: ${oneLine(`${lib.path}: no match in the library (bdb import adds some)`)}\n`);
  return false;
}

/** The sets of the saved search `name` (null: none of that name, said in one line). */
export async function savedSets(lib: Library, name: string): Promise<FindFilters[] | null> {
  const { savedSearch } = await import('../library/searches.js');
  const sets = await savedSearch(lib, name);
  if (sets === null)
    writeErr(`bdb: ${oneLine(`no saved search named '${name}' (bdb find --saved lists them)`)}\n`);
  return sets;
}
