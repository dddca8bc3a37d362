/**
 * Option parsers shared by the commands (`--alias`, `--thresholds`): usage errors for bad values.
 */
import { type Command, Option } from 'commander';
import { UsageError } from '../errors.js';
import { NamedPlayers } from '../history/names.js';
import { loadKazarossXG2, type Met, MetError } from '../met/index.js';
import { loadMetFile } from '../met/xml.js';
import { DEFAULT_RESAMPLES, type IntervalMethod } from '../metrics/bootstrap.js';
import { DIFFICULTY_TAU, type ErrorThresholds, THRESHOLD_PRESETS } from '../metrics/difficulty.js';
import type { TextBoardOptions } from '../report/board-text.js';
import { type AliasEntry, mergeAliases } from './alias-conflict.js';
import { EXIT, type ExitCode } from './exit.js';
import { oneLine } from './failure.js';
import { outputWidth, writeErr } from './output.js';

/** The largest file read by default (`--max-file-size`): far above any match file (an analysed 25-point
 *  SGF is about 1 MB, its text export a few). */
export const DEFAULT_MAX_FILE_MB = 64;

/**
 * Parses `--alias NAME=OTHER` values (given to `what`): each spelling OTHER counted as the person NAME, in
 * the order given. Only the form is checked here: the cycles and chains, in the map of every source
 * (`personSettings`).
 */
export function parseAliases(values: readonly string[], what = '--alias'): AliasEntry[] {
  return values.map((v) => {
    const k = v.indexOf('=');
    if (k <= 0 || k === v.length - 1)
      throw new UsageError(`${what} expects NAME=OTHER, got ${JSON.stringify(v)}`);
    return { alias: v.slice(k + 1), name: v.slice(0, k), from: `${what} ${v}` };
  });
}

/** Parses `--thresholds PRESET` (default xg); an unknown preset is a usage error. */
export function thresholdsOption(value: string | undefined): {
  preset: keyof typeof THRESHOLD_PRESETS;
  thresholds: ErrorThresholds;
} {
  const preset = value ?? 'xg';
  if (!Object.hasOwn(THRESHOLD_PRESETS, preset)) {
    throw new UsageError(
      `--thresholds expects one of ${Object.keys(THRESHOLD_PRESETS).join(', ')}, got ${JSON.stringify(value)}`,
    );
  }
  const p = preset as keyof typeof THRESHOLD_PRESETS;
  return { preset: p, thresholds: THRESHOLD_PRESETS[p] };
}

const metFiles = new Map<string, Met>();

/**
 * The match equity table of `--met FILE` (a gnuBG MET XML file, read once per run), else the bundled
 * Kazaross-XG2; a file bdb cannot use is a usage error naming it and what is wrong.
 */
export function metOption(file: string | undefined): Met {
  if (file === undefined) return loadKazarossXG2();
  let met = metFiles.get(file);
  if (!met) {
    try {
      met = loadMetFile(file);
    } catch (e) {
      if (e instanceof MetError) throw new UsageError(`--met ${e.message}`);
      throw e;
    }
    metFiles.set(file, met);
  }
  return met;
}

/** The `--met` option's help. */
export const MET_HELP =
  "match equity table: a gnuBG MET file (XML, as in gnuBG's met/ folder; explicit tables) for the MWC figures, instead of the bundled Kazaross-XG2";

/** Adds `--max-file-size MB` (the largest file read). */
export function maxFileSizeOption(cmd: Command): Command {
  return cmd.option(
    '--max-file-size <MB>',
    `the largest file read, in MB (default ${DEFAULT_MAX_FILE_MB}: far above any match file); a larger one is refused unread`,
  );
}

/** Parses `--max-file-size`; a bad value is a usage error. */
export function maxFileSize(value: string | undefined): number {
  if (value === undefined) return DEFAULT_MAX_FILE_MB;
  const n = /^\d+(\.\d+)?$/.test(value) ? Number(value) : Number.NaN;
  if (!(n > 0 && n <= 4096))
    throw new UsageError(`--max-file-size expects a size in MB from 0 to 4096, got ${JSON.stringify(value)}`);
  return n;
}

/** The interval options' values as commander gives them. */
export interface IntervalOptions {
  interval?: string;
  resamples?: string;
  seed?: string;
}

/** Adds `--interval`, `--resamples` and `--seed` (how the 95 % intervals are computed). */
export function intervalOptions(cmd: Command): Command {
  return cmd
    .option(
      '--interval <method>',
      'how the 95 % intervals are computed: closed (by formula, default), bootstrap (percentile of resamples of the same units) or bca (bias-corrected and accelerated)',
    )
    .option('--resamples <B>', `resamples for --interval bootstrap or bca (default ${DEFAULT_RESAMPLES})`)
    .option(
      '--seed <S>',
      'seed of the resampling, an integer 0–4294967295 (default 1): same seed, same bounds',
    );
}

/** Parses the interval options; bad values are usage errors. */
export function intervalOption(opts: IntervalOptions): IntervalMethod {
  const method = opts.interval ?? 'closed';
  if (method !== 'closed' && method !== 'bootstrap' && method !== 'bca') {
    throw new UsageError(`--interval expects closed, bootstrap or bca, got ${JSON.stringify(method)}`);
  }
  if (method === 'closed') {
    if (opts.resamples !== undefined || opts.seed !== undefined) {
      throw new UsageError('--resamples and --seed need --interval bootstrap or bca');
    }
    return { kind: 'closed' };
  }
  const int = (name: string, v: string | undefined, dflt: number, lo: number, hi: number): number => {
    if (v === undefined) return dflt;
    const n = /^\d+$/.test(v) ? Number(v) : Number.NaN;
    if (!(n >= lo && n <= hi))
      throw new UsageError(`${name} expects an integer from ${lo} to ${hi}, got ${JSON.stringify(v)}`);
    return n;
  };
  return {
    kind: 'bootstrap',
    ci: method === 'bca' ? 'bca' : 'percentile',
    resamples: int('--resamples', opts.resamples, DEFAULT_RESAMPLES, 100, 1_000_000),
    seed: int('--seed', opts.seed, 1, 0, 4294967295),
  };
}

/** How the intervals were computed, as the JSON settings and the table's last line say it. */
export function intervalSetting(m: IntervalMethod): {
  readonly method: 'closed' | 'bootstrap' | 'bca';
  readonly resamples: number | null;
  readonly seed: number | null;
} {
  return m.kind === 'closed'
    ? { method: 'closed', resamples: null, seed: null }
    : { method: m.ci === 'bca' ? 'bca' : 'bootstrap', resamples: m.resamples, seed: m.seed };
}

/** How the intervals were computed, in words (the stats legend, the report page). */
export function intervalWords(m: IntervalMethod): string {
  if (m.kind === 'closed') return 'by formula';
  return `${m.ci === 'bca' ? 'BCa' : 'percentile'} bootstrap of ${m.resamples} resamples, seed ${m.seed}`;
}

/** Collects a repeatable option's values. */
export function collect(value: string, prev: string[] = []): string[] {
  return [...prev, value];
}

/**
 * The options every reading command shares (`stats`, `biases`, `plan`, `progress`, `review`, `study`,
 * `tournament review`, `report`), declared here once: `--json`, `--player` and `--alias` (repeatable),
 * `--thresholds` (what the thresholds decide is `thresholdsUse`), `--no-progress` and `--met`.
 * `jsonHelp` null: no `--json` (a command writing a page only).
 */
export function personOptions(cmd: Command, thresholdsUse: string, jsonHelp: string | null): Command {
  return (jsonHelp === null ? cmd : cmd.option('--json', jsonHelp))
    .addOption(
      new Option(
        '--player <name>',
        'only this player and their matches (repeatable); any case or accents when one player fits',
      ).argParser(collect),
    )
    .addOption(
      new Option('--alias <NAME=OTHER>', 'count OTHER as the same person as NAME (repeatable)').argParser(
        collect,
      ),
    )
    .option(
      '--thresholds <preset>',
      `error/blunder thresholds${thresholdsUse}: xg (20/80 mpt, default), gnubg (40/80), blunderdb (50/100)`,
    )
    .option(
      '--no-progress',
      'no progress line on stderr while match files are read (drawn on a terminal only)',
    )
    .option('--met <file>', MET_HELP);
}

/** The values commander gives for {@link personOptions}. */
export interface PersonOptions {
  json?: boolean;
  thresholds?: string;
  player?: string[];
  alias?: string[];
  met?: string;
  /** False with `--no-progress` (commander sets it true otherwise). */
  progress?: boolean;
  /** True when `--player` is the configuration's player (src/cli/config.ts `applyConfig`). */
  playerFromConfig?: boolean;
  /** `--ascii`: the tables drawn in plain ASCII (every command printing text takes it: output.ts addAsciiOption). */
  ascii?: boolean;
  /** The configuration's aliases (src/cli/config.ts `applyConfig`), below `--alias`. */
  configAliases?: readonly AliasEntry[];
}

/** A library's stored aliases (alias → name), below the configuration's and `--alias`. */
export interface StoredAliases {
  /** The library's file. */
  readonly library: string;
  readonly aliases: ReadonlyMap<string, string>;
}

/** What the person options decide, parsed once for `stats`, `biases` and `plan`. */
export interface PersonSettings {
  /** alias → canonical name: a library's stored aliases, the configuration's, `--alias` (`mergeAliases`). */
  readonly aliases: Map<string, string>;
  /**
   * True when the aliases are exactly the library's stored ones, under which its per-person totals were
   * made (src/library/totals.ts); false on files.
   */
  readonly storedAliasesOnly: boolean;
  readonly preset: keyof typeof THRESHOLD_PRESETS;
  readonly thresholds: ErrorThresholds;
  /** The match equity table (`--met`, else Kazaross-XG2). */
  readonly met: Met;
  /** The settings as the JSON output records them (src/report/json.ts `JsonSettings`). */
  readonly settings: {
    readonly thresholds: {
      readonly preset: keyof typeof THRESHOLD_PRESETS;
      readonly errorMpt: number;
      readonly blunderMpt: number;
    };
    /** τ of the reference player (spec §4), in normalised equity (EMG). */
    readonly difficultyTauEmg: number;
    /** The match equity table's name, and its file when `--met` named one (null: the bundled table). */
    readonly met: { readonly name: string; readonly file: string | null };
  };
}

/**
 * Parses the person options (the aliases, then `--thresholds`); bad values are usage errors. The aliases
 * are one map of every source, lowest first: `stored` (a library's), the configuration's, `--alias`; a
 * cycle or a chain among them is a usage error naming both aliases and their sources.
 */
export function personSettings(opts: PersonOptions, stored?: StoredAliases): PersonSettings {
  const fromLibrary = [...(stored?.aliases ?? [])].map(([alias, name]) => ({
    alias,
    name,
    from: `stored in the library ${stored!.library}`,
  }));
  const merged = mergeAliases([fromLibrary, opts.configAliases ?? [], parseAliases(opts.alias ?? [])]);
  if ('conflict' in merged) throw new UsageError(merged.conflict);
  const aliases = new Map([...merged.aliases].map(([alias, e]) => [alias, e.name]));
  const storedAliasesOnly =
    stored !== undefined &&
    aliases.size === stored.aliases.size &&
    [...aliases].every(([alias, name]) => stored.aliases.get(alias) === name);
  const { preset, thresholds } = thresholdsOption(opts.thresholds);
  const met = metOption(opts.met);
  const settings = {
    thresholds: { preset, errorMpt: thresholds.errorMpt, blunderMpt: thresholds.blunderMpt },
    difficultyTauEmg: DIFFICULTY_TAU,
    met: { name: met.name, file: opts.met ?? null },
  };
  return { aliases, storedAliasesOnly, preset, thresholds, met, settings };
}

/** The persons `--player` names under the aliases (src/history/names.ts); null without `--player`. */
export function namedPlayers(opts: PersonOptions, aliases: ReadonlyMap<string, string>): NamedPlayers | null {
  return opts.player === undefined || opts.player.length === 0
    ? null
    : new NamedPlayers(opts.player, aliases, opts.playerFromConfig === true);
}

/**
 * Writes one line for each `--player` name that meant nobody (or several persons), then the notes on the
 * persons named (namesakes, the configuration's player absent: `NamedPlayers.resolve`); the exit code they
 * call for: 1 (src/cli/exit.ts) when there is a problem, else `code`.
 */
export function sayNameProblems(
  problems: readonly string[],
  code: ExitCode = EXIT.ok,
  notes: readonly string[] = [],
): ExitCode {
  for (const p of problems) writeErr(`bdb: ${oneLine(`${p}`)}\n`);
  for (const n of notes) writeErr(`bdb: ${oneLine(`${n}`)}\n`);
  return problems.length > 0 ? EXIT.someFailed : code;
}

/** The values commander gives for {@link boardOptions} (and `--ascii`, which every command printing text
 *  takes: ./output.ts addAsciiOption). */
export interface BoardOptions {
  boards?: boolean;
  ascii?: boolean;
}

/** Adds `--boards` (a text board under each position a command lists; `--ascii` draws them too). */
export function boardOptions(cmd: Command): Command {
  return cmd.option(
    '--boards',
    'draw a text board under each position listed (--ascii draws them too; not in --json)',
  );
}

/** The widest text board, in columns. */
const BOARD_COLUMNS = 80;

/**
 * How to draw the text boards (`--boards`, `--ascii`), or null without boards (and with `--json`): 80
 * columns, fewer on a narrower terminal (the output's width, ./output.ts).
 */
export function textBoards(opts: BoardOptions & { json?: boolean }): TextBoardOptions | null {
  if (opts.json || !(opts.boards || opts.ascii)) return null;
  return { ascii: opts.ascii === true, width: Math.min(BOARD_COLUMNS, outputWidth()) };
}

/**
 * `--jobs N` of the commands that parse files on worker threads (import, stats): how many; `byDefault`
 * without it.
 */
export function threadsOption<D extends number | 'auto'>(
  value: string | undefined,
  byDefault: D,
): number | D {
  if (value === undefined) return byDefault;
  if (!/^\d+$/.test(value) || Number(value) > 64)
    throw new UsageError(`--jobs expects a whole number from 0 to 64, got ${JSON.stringify(value)}`);
  return Number(value);
}
