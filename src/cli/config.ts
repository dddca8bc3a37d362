/**
 * The user's configuration file, `$XDG_CONFIG_HOME/bdb/config.json` (else `~/.config/bdb/config.json`):
 * a JSON object with up to four keys, each a default for what the command line can say.
 *
 *   { "player": "Kévin Unger",                          who "me" is: the default --player
 *     "aliases": { "Kévin Unger": ["Kévin UNGER"] },    other spellings of a person: --alias NAME=OTHER
 *     "thresholds": "gnubg",                            the default --thresholds preset
 *     "library": "/home/kevin/backgammon/lib.duckdb" }  the library when no --library PATH names one
 *
 * The order, most specific first: an option on the command line, then the environment (`BDB_LIBRARY`), then
 * this file, then bdb's own default. `--no-player` sets the file's player aside for one run. Aliases add up
 * into one map: on a library its stored ones, then the file's, then `--alias`; where two give the same
 * OTHER, the later wins; a cycle or a chain among them all, whatever their sources, stops the command with
 * one line naming both aliases and where each comes from (exit 2; ./alias-conflict.ts `mergeAliases`). A
 * file that is not JSON, or holds an unknown key or a bad value, stops every command that would use it
 * with one line naming the file and the key (exit 2), so a mistake is never silently ignored.
 *
 * Like git's `config` and npm's `.npmrc`, the file is the user's; the command line always wins over it.
 * This module is loaded on every run: it imports nothing that reads matches.
 */
import { readFileSync, renameSync, writeFileSync } from 'node:fs';
import { homedir } from 'node:os';
import { dirname, isAbsolute, join } from 'node:path';
import type { Command } from 'commander';
import { makeFolders } from '../core/folders.js';
import { BdbError } from '../errors.js';
import { THRESHOLD_PRESETS } from '../metrics/thresholds.js';
import { type AliasEntry, aliasConflict } from './alias-conflict.js';

/** The keys, in the order they are written and listed. */
export const CONFIG_KEYS = ['player', 'aliases', 'thresholds', 'library', 'gnubg'] as const;

/** One key of the file. */
export type ConfigKey = (typeof CONFIG_KEYS)[number];

/** A threshold preset's name. */
type Preset = keyof typeof THRESHOLD_PRESETS;

/** The configuration, validated. Absent keys are unset. */
export interface BdbConfig {
  /** Who "me" is: the default `--player`. */
  readonly player?: string;
  /** Person → other spellings of the same person (`--alias NAME=OTHER` for each). */
  readonly aliases?: Readonly<Record<string, readonly string[]>>;
  /** The default `--thresholds`. */
  readonly thresholds?: Preset;
  /** The library file (absolute) when neither `--library PATH` nor `$BDB_LIBRARY` names one. */
  readonly library?: string;
  /** The GNU Backgammon program `bdb analyse` runs (absolute) when neither `--gnubg PATH` nor `$GNUBG` names one. */
  readonly gnubg?: string;
}

/** What each key means, for `bdb config --help` and `bdb config list`. */
export const CONFIG_HELP: Readonly<Record<ConfigKey, string>> = {
  player: 'who "me" is: the default --player (--no-player: not this run)',
  aliases: 'other spellings of a person, NAME=OTHER ... (as --alias)',
  thresholds: `the default --thresholds: ${Object.keys(THRESHOLD_PRESETS).join(', ')}`,
  library: 'the library file (after --library PATH and $BDB_LIBRARY)',
  gnubg: 'the gnubg bdb analyse runs (after --gnubg and $GNUBG; else PATH)',
};

/** A configuration file bdb cannot use: the message names the file, and the key when one is at fault. */
export class ConfigError extends BdbError {
  readonly file: string;
  constructor(file: string, detail: string) {
    super('CONFIG', `${file}: ${detail}`);
    this.file = file;
  }
}

/** The file: `$XDG_CONFIG_HOME/bdb/config.json` (an absolute XDG_CONFIG_HOME only, as XDG says), else ~/.config. */
export function configPath(env: NodeJS.ProcessEnv = process.env): string {
  const xdg = env.XDG_CONFIG_HOME;
  const base = xdg && isAbsolute(xdg) ? xdg : join(homedir(), '.config');
  return join(base, 'bdb', 'config.json');
}

/** `file:line:col` of a character offset in `text` (1-based, as editors count). */
function lineColumn(text: string, offset: number): string {
  const before = text.slice(0, offset).split('\n');
  return `${before.length}:${before[before.length - 1]!.length + 1}`;
}

/**
 * Where JSON.parse stopped, from its message (V8): "… in JSON at position N", or for an unexpected token
 * the text around it, `…"10 characters before` it and after; null when the message does not say.
 */
function jsonErrorOffset(text: string, message: string): number | null {
  const at = /at position (\d+)/.exec(message);
  if (at) return Number(at[1]);
  const around = /^Unexpected token '.*?', \.\.\."(.*?)"(?:\.\.\.)? is not valid JSON$/s.exec(message);
  const start = around ? text.indexOf(around[1]!) : -1;
  return start >= 0 ? start + 10 : null;
}

/**
 * The file's JSON object as written, unvalidated (null when there is no file). Unreadable, not JSON, or not
 * an object: a {@link ConfigError} naming the file (and the line and column where JSON.parse stopped).
 */
export function readConfigObject(file: string): Record<string, unknown> | null {
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch (e) {
    const code = (e as NodeJS.ErrnoException).code;
    if (code === 'ENOENT') return null;
    throw new ConfigError(file, `cannot read: ${code ?? (e as Error).message}`);
  }
  // an empty file (made with touch, say) sets nothing
  if (text.replace(/^\uFEFF/, '').trim() === '') return {};
  let value: unknown;
  try {
    value = JSON.parse(text.replace(/^\uFEFF/, ''));
  } catch (e) {
    const at = jsonErrorOffset(text, (e as Error).message);
    const what = (e as Error).message
      .replace(/ in JSON at position \d+.*$/s, '')
      .replace(/^Unexpected token ('.*?'), .*$/s, 'unexpected $1');
    throw new ConfigError(
      at === null ? file : `${file}:${lineColumn(text, at)}`,
      `not valid JSON: ${what.charAt(0).toLowerCase()}${what.slice(1)}; fix it or remove the file`,
    );
  }
  if (value === null || typeof value !== 'object' || Array.isArray(value))
    throw new ConfigError(file, 'expected a JSON object of settings, such as {"player": "Your Name"}');
  return value as Record<string, unknown>;
}

/** Is `key` one of the configuration's keys? */
export function isConfigKey(key: string): key is ConfigKey {
  return (CONFIG_KEYS as readonly string[]).includes(key);
}

function unknownKey(key: string): string {
  return `unknown key ${JSON.stringify(key)} (the keys are ${CONFIG_KEYS.join(', ')})`;
}

/** What is wrong with a thresholds preset (null: nothing). */
export function presetProblem(v: unknown): string | null {
  return typeof v === 'string' && Object.hasOwn(THRESHOLD_PRESETS, v)
    ? null
    : `expected ${Object.keys(THRESHOLD_PRESETS).join(', ')}, got ${JSON.stringify(v)}`;
}

/** `~/…` as the home folder's path. */
function expandHome(p: string): string {
  return p === '~' || p.startsWith('~/') ? join(homedir(), p.slice(2)) : p;
}

/** Each alias as `[OTHER, NAME]`, checking that no spelling is given to two people or to itself. */
function aliasPairs(aliases: Record<string, unknown>): [string, string][] | string {
  const pairs: [string, string][] = [];
  const owner = new Map<string, string>();
  for (const [name, others] of Object.entries(aliases)) {
    if (name.trim() === '') return "a person's name is empty";
    if (!Array.isArray(others) || others.some((o) => typeof o !== 'string' || o.trim() === ''))
      return `${JSON.stringify(name)}: expected a list of other spellings, such as ["${name.toUpperCase()}"]`;
    for (const other of others as string[]) {
      if (other === name) return `${JSON.stringify(name)}: lists its own spelling`;
      const before = owner.get(other);
      if (before !== undefined && before !== name)
        return `${JSON.stringify(other)} is given to both ${JSON.stringify(before)} and ${JSON.stringify(name)}`;
      const conflict = aliasConflict(owner, name, other);
      if (conflict !== null) return conflict;
      owner.set(other, name);
      pairs.push([other, name]);
    }
  }
  return pairs;
}

/** The configuration from the file's object; an unknown key or a bad value is a {@link ConfigError}. */
export function validateConfig(raw: Record<string, unknown>, file: string): BdbConfig {
  const config: {
    player?: string;
    aliases?: Record<string, readonly string[]>;
    thresholds?: Preset;
    library?: string;
    gnubg?: string;
  } = {};
  for (const [key, v] of Object.entries(raw)) {
    const bad = (what: string): never => {
      throw new ConfigError(file, `${key}: ${what}`);
    };
    if (!isConfigKey(key)) throw new ConfigError(file, unknownKey(key));
    switch (key) {
      case 'player':
        if (typeof v !== 'string' || v.trim() === '') bad(`expected a name, got ${JSON.stringify(v)}`);
        config.player = (v as string).trim();
        break;
      case 'aliases': {
        if (v === null || typeof v !== 'object' || Array.isArray(v))
          bad('expected an object of NAME: [OTHER, ...], such as {"Kévin Unger": ["Kévin UNGER"]}');
        const pairs = aliasPairs(v as Record<string, unknown>);
        if (typeof pairs === 'string') bad(pairs);
        config.aliases = v as Record<string, readonly string[]>;
        break;
      }
      case 'thresholds': {
        const problem = presetProblem(v);
        if (problem !== null) bad(problem);
        config.thresholds = v as Preset;
        break;
      }
      case 'library':
      case 'gnubg': {
        if (typeof v !== 'string' || !(isAbsolute(v) || v === '~' || v.startsWith('~/')))
          bad(`expected an absolute path (or ~/...), got ${JSON.stringify(v)}`);
        config[key] = expandHome(v as string);
        break;
      }
    }
  }
  return config;
}

/** Reads and validates the file (an empty configuration when there is none). */
export function loadConfig(file: string = configPath()): BdbConfig {
  const raw = readConfigObject(file);
  return raw === null ? {} : validateConfig(raw, file);
}

let loaded: BdbConfig | null = null;

/** This run's configuration, read once (a bad file throws a {@link ConfigError}). */
export function userConfig(): BdbConfig {
  loaded ??= loadConfig();
  return loaded;
}

/** Forgets the configuration read: the next run in the same process reads the file again. */
export function forgetUserConfig(): void {
  loaded = null;
}

/** The lines `bdb config get KEY` prints for a value. */
export function showValue(key: ConfigKey, config: BdbConfig): string[] {
  if (key === 'aliases')
    return Object.entries(config.aliases ?? {}).flatMap(([name, others]) =>
      others.map((o) => `${name}=${o}`),
    );
  const v = config[key];
  return v === undefined ? [] : [v];
}

/** Writes the object (keys in {@link CONFIG_KEYS} order, unknown ones after), through a temporary file. */
export function writeConfigObject(file: string, raw: Record<string, unknown>): void {
  const ordered: Record<string, unknown> = {};
  for (const k of CONFIG_KEYS) if (k in raw) ordered[k] = raw[k];
  for (const [k, v] of Object.entries(raw)) if (!(k in ordered)) ordered[k] = v;
  makeFolders(dirname(file));
  const tmp = `${file}.${process.pid}.tmp`;
  writeFileSync(tmp, `${JSON.stringify(ordered, null, 2)}\n`);
  renameSync(tmp, file);
}

/** The configuration's aliases, each saying it comes from the file `file`. */
export function configAliases(config: BdbConfig, file: string = configPath()): AliasEntry[] {
  return Object.entries(config.aliases ?? {}).flatMap(([name, others]) =>
    others.map((alias) => ({ alias, name, from: `the configuration ${file}` })),
  );
}

function hasOption(cmd: Command, attribute: string): boolean {
  return cmd.options.some((o) => o.attributeName() === attribute);
}

/**
 * Adds `--no-player` to every command with `--player`: one run over every player (or, for the commands
 * that follow one person, the one in most matches) whatever the configuration says.
 */
export function addConfigOptions(program: Command): void {
  const walk = (cmd: Command): void => {
    if (hasOption(cmd, 'player') && !cmd.options.some((o) => o.long === '--no-player'))
      cmd.option('--no-player', "ignore bdb config's player for this run");
    for (const sub of cmd.commands) walk(sub);
  };
  walk(program);
}

/**
 * Gives the command about to run the configuration's defaults for the options the command line left
 * unset: `--player`, `--thresholds`, and the aliases (`configAliases`, merged below `--alias` by
 * ./options.ts `personSettings`; the library path is applied where the library is opened, after
 * `$BDB_LIBRARY`). `--no-player` leaves the player unset.
 */
export function applyConfig(cmd: Command, config: BdbConfig): void {
  if (hasOption(cmd, 'player')) {
    const given = cmd.getOptionValue('player') as string[] | false | undefined;
    if (given === false) cmd.setOptionValueWithSource('player', undefined, 'cli');
    else if (given === undefined && config.player !== undefined) {
      cmd.setOptionValueWithSource('player', [config.player], 'config');
      // a default, not a demand: a command falls back to every player on matches without it
      cmd.setOptionValueWithSource('playerFromConfig', true, 'config');
    }
  }
  // `bdb scout`'s player of the record: the configuration's "me" unless --me names one
  if (hasOption(cmd, 'me') && cmd.getOptionValue('me') === undefined && config.player !== undefined)
    cmd.setOptionValueWithSource('me', config.player, 'config');
  if (hasOption(cmd, 'thresholds') && cmd.getOptionValue('thresholds') === undefined && config.thresholds)
    cmd.setOptionValueWithSource('thresholds', config.thresholds, 'config');
  const aliases = configAliases(config);
  if (hasOption(cmd, 'alias') && aliases.length > 0)
    cmd.setOptionValueWithSource('configAliases', aliases, 'config');
}
