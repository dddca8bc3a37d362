/**
 * The `bdb` program: assembles the commands (one file each under ./commands/, each declaring its options
 * and returning its exit code) and maps what escapes them to an exit code (./exit.ts): 0 all inputs read,
 * 1 some inputs failed, 2 usage error. Nothing outside src/cli prints or exits.
 */
import { Command, CommanderError } from 'commander';
import { UsageError } from '../errors.js';
import { FORMAT_INFOS } from '../model/format-info.js';
import { addConfigOptions, applyConfig, ConfigError, forgetUserConfig, userConfig } from './config.js';
import { EXIT } from './exit.js';
import { oneLine } from './failure.js';
import { commandPath, HELP_WIDTH, needsFormats, teach } from './help.js';
import {
  addAsciiOption,
  asciiOutput,
  guardStderr,
  PROCESS_STREAMS,
  type RunStreams,
  startRun,
  terminalColumns,
  writeErr,
  writeOut,
} from './output.js';

const VERSION = '0.1.0';

/**
 * The commands, in the order of `bdb --help`, each with the loader of its module: a run loads only the
 * module of the command it names (one module graph of ~100 ms instead of all of them, ~180 ms, measured
 * with \`node -e "import(...)"\`), and every module when it names none (`bdb --help`, a typo).
 */
const COMMANDS: readonly (readonly [string, () => Promise<(program: Command) => void>])[] = [
  ['stats', async () => (await import('./commands/stats.js')).registerStats],
  ['biases', async () => (await import('./commands/biases.js')).registerBiases],
  ['progress', async () => (await import('./commands/progress.js')).registerProgress],
  ['plan', async () => (await import('./commands/plan.js')).registerPlan],
  ['study', async () => (await import('./commands/study.js')).registerStudy],
  ['find', async () => (await import('./commands/find.js')).registerFind],
  ['drill', async () => (await import('./commands/drill.js')).registerDrill],
  ['review', async () => (await import('./commands/review.js')).registerReview],
  ['report', async () => (await import('./commands/report.js')).registerReport],
  ['scout', async () => (await import('./commands/scout.js')).registerScout],
  ['tournament', async () => (await import('./commands/tournament.js')).registerTournament],
  ['analyse', async () => (await import('./commands/analyse.js')).registerAnalyse],
  ['import', async () => (await import('./commands/import.js')).registerImport],
  ['sql', async () => (await import('./commands/sql.js')).registerSql],
  ['export', async () => (await import('./commands/export.js')).registerExport],
  ['merge', async () => (await import('./commands/merge.js')).registerMerge],
  ['alias', async () => (await import('./commands/alias.js')).registerAlias],
  ['config', async () => (await import('./commands/config.js')).registerConfig],
  ['completion', async () => (await import('./commands/completion.js')).registerCompletion],
];

/** Commands that need every command registered: the completion script covers them all. */
const NEEDS_ALL: ReadonlySet<string> = new Set(['completion']);

/** Commands that run without the configuration (to mend a broken one, or to print a script). */
const WITHOUT_CONFIG: ReadonlySet<string> = new Set(['config', 'completion']);

/**
 * The command an argument list names (its first word that is not an option, when it is a command); '' for
 * `bdb --version` alone (no command needed); null otherwise (every command, for help and suggestions).
 */
function namedCommand(argv: readonly string[]): string | null {
  const args = argv.slice(2);
  const first = args.find((a) => !a.startsWith('-'));
  if (first === undefined && args.length === 1 && (args[0] === '-V' || args[0] === '--version')) return '';
  if (first !== undefined && NEEDS_ALL.has(first)) return null;
  return first !== undefined && COMMANDS.some(([name]) => name === first) ? first : null;
}

/** The width of help text on `which` stream: the terminal's, at most {@link HELP_WIDTH} (80 when piped). */
function helpWidth(which: 'out' | 'err'): number {
  const columns = terminalColumns(which);
  return Math.min(HELP_WIDTH, columns > 0 ? columns : HELP_WIDTH);
}

/** The pointer to a command's help that ends every usage error. */
function seeHelp(cmd: Command | null): string {
  return `(see ${cmd ? commandPath(cmd) : 'bdb'} --help)`;
}

/**
 * commander's own error ("error: unknown option '--foo'", "(Did you mean stats?)" on a second line) as
 * bdb's one line: `bdb: unknown option '--foo' (see bdb stats --help)`.
 */
export function usageLine(commanderText: string, cmd: Command): string {
  const text = commanderText
    .trim()
    .replace(/^error: /, '')
    // "command-argument value 'x' is invalid for argument 'key'. Allowed choices are a, b." (Argument.choices)
    .replace(
      /^command-argument value '(.*)' is invalid for argument '(.*)'\. Allowed choices are (.*)\.$/s,
      "$2 '$1' is not one of $3",
    )
    .replace(/\n\(Did you mean (.*)\?\)$/, ', did you mean $1?')
    .replace(/\s*\n\s*/g, ' ');
  return `bdb: ${oneLine(text)} ${seeHelp(cmd)}\n`;
}

/** Every command of `program` reports commander's errors as {@link usageLine}. */
function bdbErrors(program: Command): void {
  const walk = (cmd: Command): void => {
    cmd.configureOutput({ outputError: (text, write) => write(usageLine(text, cmd)) });
    for (const sub of cmd.commands) walk(sub);
  };
  walk(program);
}

/** The command whose action is running (for the pointer to its help on a usage error). */
let running: Command | null = null;

/** Builds the commander program: with `only`, that command alone ('' none); else every command. */
export async function buildProgram(only: string | null = null): Promise<Command> {
  const program = new Command('bdb')
    .description('Backgammon match-analysis statistics from XG and gnuBG analyses')
    .version(VERSION)
    .exitOverride()
    .configureOutput({
      writeOut,
      writeErr,
      getOutHelpWidth: () => helpWidth('out'),
      getErrHelpWidth: () => helpWidth('err'),
    });
  for (const [name, load] of COMMANDS) if (only === null || name === only) (await load())(program);
  addAsciiOption(program);
  addConfigOptions(program);
  teach(program, needsFormats(program) ? FORMAT_INFOS : []);
  bdbErrors(program);
  // the configuration's defaults, for the options the command line left unset (./config.ts)
  program.hook('preAction', (_program, action) => {
    running = action;
    const first = commandPath(action).split(' ')[1] ?? '';
    if (!WITHOUT_CONFIG.has(first)) applyConfig(action, userConfig());
    // --ascii (made the text plain ASCII as it was read): the JSON and the CSV keep their names as they
    // are, the messages on stderr stay ASCII
    const { ascii, json, csv } = action.opts<{ ascii?: boolean; json?: boolean; csv?: boolean }>();
    if (ascii === true && (json === true || csv === true)) asciiOutput(false);
  });
  return program;
}

/**
 * Entry point used by bin/bdb.js: the run's exit code becomes the process's. The process's V8 flags (the
 * heap's growth) are bin/bdb.js's to set, before the command's script is compiled.
 */
export async function main(argv: readonly string[]): Promise<void> {
  // standard output's failures end the run where they happen (./output.ts); standard error's here
  guardStderr();
  process.exitCode = await run(argv);
}

/**
 * Runs `bdb` with the arguments `argv` (as process.argv: the first two are skipped) and returns its exit
 * code. Its text goes to `streams`: the process's by default; the tests give buffers and call the commands
 * this way, in their own process, instead of starting one per run. A run starts as a fresh process would:
 * no configuration read yet, no `--ascii`.
 */
export async function run(argv: readonly string[], streams: RunStreams = PROCESS_STREAMS): Promise<number> {
  startRun(streams);
  forgetUserConfig();
  running = null;
  const before = process.exitCode;
  process.exitCode = undefined;
  try {
    await parse(argv);
    return Number(process.exitCode ?? EXIT.ok);
  } finally {
    process.exitCode = before;
  }
}

/** Parses `argv` and runs the command it names; commander's and bdb's usage errors become exit codes. */
async function parse(argv: readonly string[]): Promise<void> {
  const program = await buildProgram(namedCommand(argv));
  try {
    await program.parseAsync(argv as string[]);
  } catch (e) {
    // commander's own errors (unknown option, missing argument …) are printed by commander as one line
    // (usageLine); --help and --version end with exit code 0
    if (e instanceof CommanderError) {
      process.exitCode = e.exitCode === 0 ? EXIT.ok : EXIT.usage;
      return;
    }
    if (e instanceof UsageError) {
      writeErr(`bdb: ${oneLine(e.message)} ${seeHelp(running)}\n`);
      process.exitCode = EXIT.usage;
      return;
    }
    if (e instanceof ConfigError) {
      writeErr(`bdb: ${oneLine(e.message)} (see bdb config --help)\n`);
      process.exitCode = EXIT.usage;
      return;
    }
    throw e;
  }
}
