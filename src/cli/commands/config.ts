/**
 * `bdb config list | get KEY | set KEY VALUE... | unset KEY`: the user's configuration file (../config.ts),
 * which gives the commands their defaults: who "me" is, aliases, the thresholds preset, the library.
 */
import { resolve } from 'node:path';
import { Argument, type Command } from 'commander';
import { escapeControls } from '../../core/text-controls.js';
import { UsageError } from '../../errors.js';
import { libraryPath } from '../../library/path.js';
import {
  CONFIG_KEYS,
  type ConfigKey,
  configPath,
  isConfigKey,
  loadConfig,
  presetProblem,
  readConfigObject,
  showValue,
  validateConfig,
  writeConfigObject,
} from '../config.js';
import { EXIT, type ExitCode } from '../exit.js';
import { oneLine } from '../failure.js';
import { parseAliases } from '../options.js';
import { writeErr, writeFailure, writeOut } from '../output.js';

/** A key named on the command line; an unknown one is a usage error. */
function keyArgument(key: string): ConfigKey {
  if (!isConfigKey(key)) throw new UsageError(`key '${key}' is not one of ${CONFIG_KEYS.join(', ')}`);
  return key;
}

/**
 * The JSON value of `bdb config set KEY VALUE...`: one value (several for aliases, each NAME=OTHER); a
 * relative library path is taken from the current folder. A bad value is a usage error.
 */
export function configValue(key: ConfigKey, values: readonly string[], cwd: string = process.cwd()): unknown {
  if (key !== 'aliases' && values.length !== 1)
    throw new UsageError(`config set ${key} takes one value, got ${values.length}`);
  const v = values[0]!;
  switch (key) {
    case 'player':
      if (v.trim() === '') throw new UsageError('config set player: the name is empty');
      return v.trim();
    case 'thresholds': {
      const problem = presetProblem(v);
      if (problem !== null) throw new UsageError(`config set thresholds: ${problem}`);
      return v;
    }
    case 'library':
    case 'gnubg':
      if (v.trim() === '') throw new UsageError(`config set ${key}: the path is empty`);
      return resolve(cwd, v);
    case 'aliases': {
      // each NAME=OTHER on its own, so that one OTHER given to two people is seen (validateConfig says so)
      const byName: Record<string, string[]> = {};
      for (const v of values) {
        for (const { alias, name } of parseAliases([v], 'config set aliases')) {
          const list = byName[name] ?? [];
          list.push(alias);
          byName[name] = list;
        }
      }
      return byName;
    }
  }
}

/** `bdb config list`: the file, then every key with its value, or what applies when it is unset. */
export function runList(file: string = configPath()): ExitCode {
  const config = loadConfig(file);
  const exists = readConfigObject(file) !== null;
  const lines = [`Configuration: ${file}${exists ? '' : ' (no file yet)'}`];
  const width = Math.max(...CONFIG_KEYS.map((k) => k.length)) + 2;
  for (const key of CONFIG_KEYS) {
    const values = showValue(key, config);
    let shown = values.length > 0 ? values.join(', ') : 'not set';
    if (key === 'thresholds' && values.length === 0) shown += ' (xg)';
    if (key === 'library') {
      const env = process.env.BDB_LIBRARY;
      const used = libraryPath(undefined, process.env, config.library);
      shown += env ? ` (BDB_LIBRARY wins: ${used})` : values.length === 0 ? ` (${used})` : '';
    }
    lines.push(`${key.padEnd(width)}${shown}`);
  }
  // a line each: a value's control characters (a path's, a player's) shown as escapes (src/core/text-controls.ts)
  writeOut(`${lines.map(escapeControls).join('\n')}\n`);
  return EXIT.ok;
}

/** `bdb config get KEY`: the value (aliases one NAME=OTHER a line); exit 1 when the key is unset. */
export function runGet(key: string, file: string = configPath()): ExitCode {
  const k = keyArgument(key);
  const lines = showValue(k, loadConfig(file));
  if (lines.length === 0) {
    writeErr(`bdb: ${k} is not set (bdb config set ${k} ...)\n`);
    return EXIT.someFailed;
  }
  // a value a line: its control characters shown as escapes (src/core/text-controls.ts)
  writeOut(`${lines.map(escapeControls).join('\n')}\n`);
  return EXIT.ok;
}

/** Writes `raw` once it validates as a whole; a file that cannot be written is exit 1. */
function save(file: string, raw: Record<string, unknown>): ExitCode {
  validateConfig(raw, file);
  try {
    writeConfigObject(file, raw);
  } catch (e) {
    writeErr(`bdb: ${oneLine(`${file}: cannot write: ${writeFailure(e)}`)}\n`);
    return EXIT.someFailed;
  }
  return EXIT.ok;
}

/** `bdb config set KEY VALUE...`: validates the value, then the whole file, then writes it. */
export function runSet(key: string, values: readonly string[], file: string = configPath()): ExitCode {
  const k = keyArgument(key);
  const value = configValue(k, values);
  const raw = readConfigObject(file) ?? {};
  const code = save(file, { ...raw, [k]: value });
  if (code === EXIT.ok)
    writeOut(
      `${escapeControls(`${k} = ${showValue(k, validateConfig({ [k]: value }, file)).join(', ')}`)}\n`,
    );
  return code;
}

/** `bdb config unset KEY`: removes it (an unknown key the file holds too, to mend a hand-edited file). */
export function runUnset(key: string, file: string = configPath()): ExitCode {
  const raw = readConfigObject(file);
  if (raw === null || !Object.hasOwn(raw, key)) {
    keyArgument(key);
    writeErr(`bdb: ${key} is not set\n`);
    return EXIT.someFailed;
  }
  const { [key]: _removed, ...rest } = raw;
  const code = save(file, rest);
  if (code === EXIT.ok) writeOut(`${key} unset\n`);
  return code;
}

/** Adds the `config` command and its subcommands to the program. */
export function registerConfig(program: Command): void {
  const config = program
    .command('config')
    .description('your defaults: who "me" is, aliases, thresholds, the library');
  config
    .command('list')
    .description('every key, its value, and what applies when it is unset')
    .action(() => {
      process.exitCode = runList();
    });
  config
    .command('get')
    .description('the value of one key (exit 1 when it is unset)')
    .addArgument(new Argument('<key>', 'the key').choices(CONFIG_KEYS))
    .action((key: string) => {
      process.exitCode = runGet(key);
    });
  config
    .command('set')
    .description('set one key (aliases: NAME=OTHER ..., replacing the list)')
    .addArgument(new Argument('<key>', 'the key').choices(CONFIG_KEYS))
    .argument('<value...>', 'the value')
    .action((key: string, values: string[]) => {
      process.exitCode = runSet(key, values);
    });
  config
    .command('unset')
    .description("remove one key: bdb's own default applies again")
    .argument('<key>', CONFIG_KEYS.join(', '))
    .action((key: string) => {
      process.exitCode = runUnset(key);
    });
}
