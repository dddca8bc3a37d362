/**
 * GNU Backgammon as an analysis engine (`bdb analyse`): where its program is, the commands that make it
 * analyse one match, and one run of it. gnuBG is GPL software; bdb only runs it as a separate program,
 * never links or copies it. Nothing else in bdb needs it.
 *
 * Facts used (gnuBG 1.07.001, `gnubg --help` and its manual): `-t` runs the command line without the
 * graphical interface, `-q` is quiet, `-r` skips the user's .gnubgrc/.gnubgautorc (their settings must not
 * change an analysis), `-s DIR` keeps its preferences in DIR (nothing written to the user's ~/.gnubg), `-c
 * FILE` runs the commands of FILE and exits. `import mat FILE` reads a .mat or Galaxy transcript, `load
 * match FILE` an SGF; `set analysis chequerplay|cubedecision evaluation plies N` and `set analysis luck on`
 * choose the analysis, `analyse match` runs it, `save match FILE` writes the analysed SGF and `show
 * statistics match` prints the statistics gnuBG shows for the match. gnuBG exits 0 even when a command
 * failed: a failure shows as a missing output and as the message it printed (e.g. "in.mat: not a valid
 * .mat file", "No game in progress").
 */
import { accessSync, constants, statSync } from 'node:fs';
import { delimiter, join, resolve } from 'node:path';
import { BdbError } from '../errors.js';
import { runInGroup } from './process-group.js';

/** Analysis depths gnuBG offers (plies). */
export const PLIES = [0, 1, 2, 3, 4] as const;
export type Plies = (typeof PLIES)[number];

/** The usual install places, after `PATH` (Debian/Ubuntu, other Unixes, Homebrew, MacPorts, macOS, Windows). */
const USUAL_PLACES = [
  '/usr/games/gnubg',
  '/usr/bin/gnubg',
  '/usr/local/bin/gnubg',
  '/usr/local/games/gnubg',
  '/opt/homebrew/bin/gnubg',
  '/opt/local/bin/gnubg',
  '/Applications/gnubg.app/Contents/MacOS/gnubg',
  'C:\\Program Files (x86)\\gnubg\\gnubg-cli.exe',
  'C:\\Program Files\\gnubg\\gnubg-cli.exe',
];

/** The program names looked for on `PATH`. */
const NAMES = process.platform === 'win32' ? ['gnubg-cli.exe', 'gnubg.exe'] : ['gnubg', 'gnubg-cli'];

/** How to install gnuBG, said when it is not found. */
export const INSTALL_HINT =
  'install GNU Backgammon (Debian/Ubuntu: apt-get install gnubg; macOS: brew install gnubg; Windows: the installer from gnubg.org) or name it with --gnubg PATH';

function runnable(path: string): boolean {
  try {
    if (!statSync(path).isFile()) return false;
    accessSync(path, constants.X_OK);
    return true;
  } catch {
    return false;
  }
}

/**
 * The gnuBG program to run: `explicit` (`--gnubg`), else `fromEnv` (`$GNUBG`), else `configured` (the config
 * file) when given — each must be a runnable file, and a relative path is taken from the current folder
 * (gnuBG runs in a working folder of its own) — else the first runnable `gnubg` on `PATH`, else the first of
 * the usual places.
 */
export function locateGnubg(
  explicit: string | undefined,
  configured: string | undefined,
  path: string | undefined = process.env.PATH,
  fromEnv: string | undefined = process.env.GNUBG,
): string {
  for (const [given, from] of [
    [explicit, '--gnubg'],
    // an empty GNUBG= names nothing, as an unset one
    [fromEnv === '' ? undefined : fromEnv, 'GNUBG'],
    [configured, 'the config file'],
  ] as const) {
    if (given === undefined) continue;
    if (runnable(given)) return resolve(given);
    throw new BdbError('ENGINE', `${given} (from ${from}): not a program that can be run; ${INSTALL_HINT}`);
  }
  for (const dir of (path ?? '').split(delimiter))
    for (const name of NAMES) if (dir !== '' && runnable(join(dir, name))) return resolve(dir, name);
  for (const place of USUAL_PLACES) if (runnable(place)) return place;
  throw new BdbError('ENGINE', `GNU Backgammon not found on PATH nor in the usual places; ${INSTALL_HINT}`);
}

/** How gnuBG reads the input: a transcript (.mat, Galaxy .txt) or an SGF. */
export type EngineInput = 'mat' | 'sgf';

/**
 * The commands analysing `input` (a file name in gnuBG's working folder, without spaces or quotes) at
 * `plies` and saving the analysed match as `output`, then printing its statistics.
 */
export function analysisCommands(kind: EngineInput, input: string, output: string, plies: Plies): string {
  if (!/^[\w.-]+$/.test(input) || !/^[\w.-]+$/.test(output))
    throw new Error(`gnubg: file names must be plain, got ${input} / ${output}`);
  return [
    'set display off',
    kind === 'mat' ? `import mat ${input}` : `load match ${input}`,
    `set analysis chequerplay evaluation plies ${plies}`,
    `set analysis cubedecision evaluation plies ${plies}`,
    'set analysis luck on',
    'analyse match',
    `save match ${output}`,
    'show statistics match',
    '',
  ].join('\n');
}

/** What one run of gnuBG gave. */
export interface EngineRun {
  /** Exit code, null when it was stopped by a signal. */
  readonly code: number | null;
  readonly signal: NodeJS.Signals | null;
  readonly stdout: string;
  readonly stderr: string;
  /** Killed after the time allowed. */
  readonly timedOut: boolean;
}

/** Output kept from each stream (gnuBG prints a few KB per match; a runaway is cut). */
const MAX_OUTPUT = 4 * 1024 * 1024;

/**
 * Runs gnuBG on the command file `commands` (a path) in `cwd`, its preferences kept in `prefs`; stopped after
 * `timeoutMs` or when `signal` aborts, with everything it started (./process-group.ts: its own process
 * group, killed whole, and killed too when bdb dies). English output whatever the user's locale (its
 * messages are read).
 */
export async function runGnubg(
  program: string,
  commands: string,
  cwd: string,
  prefs: string,
  timeoutMs: number,
  signal?: AbortSignal,
): Promise<EngineRun> {
  try {
    return await runInGroup(program, ['-t', '-q', '-r', '-s', prefs, '-c', commands], {
      cwd,
      env: { ...process.env, LC_ALL: 'C', LANG: 'C', LANGUAGE: 'C' },
      timeoutMs,
      signal,
      maxOutput: MAX_OUTPUT,
    });
  } catch (e) {
    throw new BdbError(
      'ENGINE',
      `${program}: cannot be run (${(e as NodeJS.ErrnoException).code ?? (e as Error).message})`,
    );
  }
}

/**
 * gnuBG's own complaint about a run that saved nothing, as one line: the first line it printed naming the
 * input, else one of its known refusals, else the end of its error stream.
 */
export function engineComplaint(run: EngineRun, input: string): string {
  const lines = `${run.stdout}\n${run.stderr}`.split(/\r?\n/).map((l) => l.trim());
  const named = lines.find((l) => l.startsWith(`${input}:`));
  if (named) return named.slice(input.length + 1).trim();
  const known = lines.find((l) => /^(No game in progress|No match in progress|\*\*\*)/.test(l));
  if (known) return known;
  const last = run.stderr.trim().split(/\r?\n/).at(-1)?.trim();
  return last ? last : 'gnuBG saved no analysed match';
}

/** The statistics gnuBG printed (from its "Player" header line to the end), or null. */
export function printedStatistics(stdout: string): string | null {
  const at = stdout.search(/^Player {2}/m);
  return at < 0 ? null : stdout.slice(at);
}

/** The longest a version check may take (a start of gnuBG, far less than an analysis). */
export const VERSION_TIMEOUT_MS = 20_000;

/**
 * The version line gnuBG prints for `--version` (e.g. "GNU Backgammon 1.07.001 20230103"), or "unknown"
 * when it prints none within `timeoutMs` (stopped then like an analysis, with all it started).
 */
export async function gnubgVersion(program: string, timeoutMs = VERSION_TIMEOUT_MS): Promise<string> {
  try {
    const run = await runInGroup(program, ['--version'], { timeoutMs, maxOutput: 64 * 1024 });
    return run.stdout.split(/\r?\n/)[0]?.trim() || 'unknown';
  } catch {
    return 'unknown';
  }
}
