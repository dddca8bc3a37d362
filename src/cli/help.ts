/**
 * What each command's `--help` teaches after commander's own list of options: two or three examples that
 * run as they stand from bdb's folder (the repository, or the installed package: both hold `examples/`),
 * what the command reads (the match formats come from the parsers' registry, so a new format shows up
 * here), which options the configuration file gives a default for (from the command's own options), and
 * the exit codes (./exit.ts). Every line fits 80 columns; test/cli/help.test.ts runs every example.
 */
import type { Command } from 'commander';
import type { FormatInfo } from '../model/format-info.js';
import { CONFIG_HELP, CONFIG_KEYS, configPath } from './config.js';
import { EXIT, EXIT_MEANING, type ExitCode, STOPPED } from './exit.js';

/** The widest help line. */
export const HELP_WIDTH = 80;

/** What a command reads, for its `Reads:` paragraph. */
type Reads =
  | 'matches'
  | 'match'
  | 'library'
  | 'event'
  | 'event-write'
  | 'standings'
  | 'libraries'
  | 'config'
  | 'tournament-review'
  | 'none';

/** The help of one command (by its path under `bdb`, e.g. `tournament pair`). */
interface CommandHelp {
  /** Two or three `[what it shows, command line]`, run in this order by the test. */
  readonly examples: readonly (readonly [string, string])[];
  readonly reads: Reads;
  /** What exit code 1 means here, when not what {@link READS_EXIT} says; null: never 1. */
  readonly exit1?: string | null;
  /** What the exit codes of a stop by a signal (130 Ctrl-C, 143 SIGTERM) mean, for a command giving them. */
  readonly stopped?: string;
}

/** What exit codes 0 and 1 mean, by what the command reads (2 is always a usage error). */
const READS_EXIT: Readonly<Record<Reads, readonly [string, string | null]>> = {
  matches: [EXIT_MEANING[EXIT.ok], EXIT_MEANING[EXIT.someFailed]],
  match: ['the match was read', 'the file could not be read'],
  standings: ['done', 'the event, results or a match file could not be read'],
  'tournament-review': [EXIT_MEANING[EXIT.ok], EXIT_MEANING[EXIT.someFailed]],
  library: ['done', 'the library cannot be opened (missing, locked or damaged)'],
  libraries: ['done', 'a library cannot be opened or read'],
  event: ['done', 'the event or results file could not be read'],
  config: ['done', 'the file cannot be written'],
  'event-write': ['done', 'the event file could not be read or written'],
  none: ['done', null],
};

/** A library file the examples make (`bdb import`) and use: in the current folder, never the user's own. */
const DEMO = 'demo.duckdb';
const IMPORT_DEMO = `bdb import examples/matches --library ${DEMO}`;

/** Every command's help. A command missing here fails test/cli/help.test.ts. */
export const COMMAND_HELP: Readonly<Record<string, CommandHelp>> = {
  stats: {
    reads: 'matches',
    examples: [
      ['a match analysed by XG: PR 7.79 and 13.87, as XG shows', 'bdb stats examples/matches/test.xg'],
      ['a folder: a line a match, then the table per person', 'bdb stats examples/matches'],
      ["one player, every match's tables", 'bdb stats examples/matches --player Niels --matches'],
    ],
  },
  biases: {
    reads: 'matches',
    examples: [
      ['in which direction each player errs', 'bdb biases examples/matches'],
      [
        "one player, with gnuBG's thresholds",
        "bdb biases examples/matches --player 'Kévin Unger' --thresholds gnubg",
      ],
      ['every score cell, those too small for a verdict too', 'bdb biases examples/matches --all-cells'],
    ],
  },
  progress: {
    reads: 'matches',
    examples: [
      ['import once, then follow one player year by year', IMPORT_DEMO],
      ['', `bdb progress --library ${DEMO} --player 'Kévin Unger' --by year`],
      [
        'the same from files, as an HTML page',
        'bdb progress examples/matches --player Niels --html progress.html',
      ],
    ],
  },
  plan: {
    reads: 'matches',
    examples: [
      [
        'what one player should study, with 5 positions',
        "bdb plan examples/matches/test.xg --player 'Kévin Unger' --positions 5",
      ],
      ['the whole plan: every family and position', 'bdb plan examples/matches --full'],
      ['every player of a folder, as JSON', 'bdb plan examples/matches --json'],
    ],
  },
  study: {
    reads: 'library',
    examples: [
      [
        'record that you studied a family on a day',
        `bdb study mark holding/checker/blots --date 2023-07-01 --library ${DEMO}`,
      ],
      [
        'the errors of each studied family before and after',
        `bdb study --library ${DEMO} --player 'Kévin Unger'`,
      ],
    ],
  },
  'study mark': {
    reads: 'library',
    examples: [
      ['a family, as bdb plan prints it', `bdb study mark blitz/checker/gammon --library ${DEMO}`],
      [
        'a position, by its gnuBG Position ID (or its XGID)',
        `bdb study mark b5sFABI59zYAAA --library ${DEMO}`,
      ],
    ],
  },
  'study unmark': {
    reads: 'library',
    exit1: 'nothing was recorded on the target',
    examples: [
      ['forget what was recorded on a family', `bdb study unmark blitz/checker/gammon --library ${DEMO}`],
      ['', `bdb study unmark holding/checker/blots --library ${DEMO}`],
    ],
  },
  'study list': {
    reads: 'library',
    examples: [
      ['what you recorded', `bdb study list --library ${DEMO}`],
      ['the same as JSON', `bdb study list --library ${DEMO} --json`],
    ],
  },
  find: {
    reads: 'library',
    exit1:
      'the library cannot be opened or holds no match, a --player names nobody, or no saved search has that name',
    examples: [
      [
        "a player's three costliest mistakes, boards drawn",
        `bdb find --library ${DEMO} --player 'Kévin Unger' --limit 3 --boards`,
      ],
      [
        'checker plays with a checker of mine on the bar',
        `bdb find --library ${DEMO} --pattern me:bar --kind checker`,
      ],
      [
        'save a search by name (bdb find blunders runs it again)',
        `bdb find --save blunders --class blunder --library ${DEMO}`,
      ],
    ],
  },
  drill: {
    reads: 'library',
    exit1:
      'the library cannot be opened or holds no match, a --player names nobody, or no saved search has that name',
    examples: [
      [
        'one card of your mistakes, answered from a pipe (q or the end of input stops)',
        `echo 'q' | bdb drill --library ${DEMO} --player 'Kévin Unger' --limit 1`,
      ],
      [
        'the drill PR by quarter beside the game PR (default by month)',
        `bdb drill --stats --by quarter --library ${DEMO}`,
      ],
      [
        'every card as a deck Anki imports (SVG boards)',
        `bdb drill --anki deck.csv --force --library ${DEMO}`,
      ],
    ],
  },
  review: {
    reads: 'match',
    examples: [
      ['the review of a match in the terminal', 'bdb review examples/matches/test.xg'],
      ['also as a page with its charts', 'bdb review examples/matches/g0001.sgf --html review.html'],
      [
        'every blunder of the match, the ten costliest first',
        'bdb review examples/matches/test.xg --blunders --top 10',
      ],
    ],
  },
  tournament: {
    reads: 'event',
    examples: [
      ["standings with the event's tiebreaks", 'bdb tournament standings examples/kts-example.json'],
      ["the next round's pairings, not recorded", 'bdb tournament pair examples/swiss-8.json --dry-run'],
      [
        "a knock-out with consolation (bdb tournament new --format): each board's bracket",
        'bdb tournament pair examples/ko-8.json --dry-run',
      ],
    ],
  },
  'tournament new': {
    reads: 'none',
    exit1: 'the file exists already (--force replaces it) or cannot be written',
    examples: [
      [
        'a Swiss event of five players',
        'bdb tournament new club.json --name Club --players Ann,Bob,Cid,Dan,Eve',
      ],
      [
        "an event named 'open', with the KTS rules' points",
        'bdb tournament new open.json --players Ann,Bob,Cid,Dan --scoring 3/1/0',
      ],
      [
        'McMahon: A (rated 1700, above the threshold 1600) starts a group above B',
        'bdb tournament new m.json --system mcmahon --groups 1600 --players A=1700,B',
      ],
    ],
  },
  'tournament standings': {
    reads: 'standings',
    examples: [
      ['an event file: points, then its tiebreaks', 'bdb tournament standings examples/kts-example.json'],
      ['a McMahon event, as JSON', 'bdb tournament standings examples/mcmahon-12.json --json'],
      [
        'also as a page for phones, screens and A4 print',
        'bdb tournament standings examples/swiss-8.json --html standings.html',
      ],
    ],
  },
  'tournament pair': {
    reads: 'event',
    examples: [
      ['round 1 of a new event, recorded in it (bye included)', 'bdb tournament pair club.json'],
      ['round 4 of a Swiss event, not recorded', 'bdb tournament pair examples/swiss-8.json --dry-run'],
      [
        'a McMahon event, with another seed',
        'bdb tournament pair examples/mcmahon-12.json --seed 7 --dry-run',
      ],
    ],
  },
  'tournament bracket': {
    reads: 'event',
    examples: [
      [
        'the main draw, the consolation and the last chance so far',
        'bdb tournament bracket examples/ko-8.json',
      ],
      [
        'round 2 from a results CSV: the finals left to play',
        'bdb tournament bracket examples/ko-8.json --results examples/ko-8-round2.csv',
      ],
      [
        'as JSON for a club site, and as a page of columns of rounds',
        'bdb tournament bracket examples/ko-8.json --json --html bracket.html',
      ],
    ],
  },
  'tournament result': {
    reads: 'event-write',
    exit1: 'the event file cannot be read or written, or the result is refused (one line says why)',
    examples: [
      ['Cid beat Eve in round 1', 'bdb tournament result club.json 1 Cid Eve --winner Cid'],
      [
        'Ann beat Dan 7-3 (the first player named scored 3)',
        'bdb tournament result club.json 1 Dan Ann --score 3-7',
      ],
      [
        'a no-show: Bob did not come, a forfeit win for Ann',
        'bdb tournament result open.json 1 Ann Bob --no-show Bob',
      ],
    ],
  },
  'tournament add-player': {
    reads: 'event-write',
    exit1: 'the event file cannot be read or written, or the entry is refused (one line says why)',
    examples: [
      ['a late entry in round 2 (round 1 is paired): Fay', 'bdb tournament add-player club.json Fay'],
      ['a late entry with a rating: from round 2', 'bdb tournament add-player open.json Gus --rating 1650'],
    ],
  },
  'tournament withdraw': {
    reads: 'event-write',
    exit1: 'the event file cannot be read or written, or the withdrawal is refused (one line says why)',
    examples: [
      ['Dan leaves after round 1: not paired again', 'bdb tournament withdraw club.json Dan'],
      ['Cid never came: out from round 1', 'bdb tournament withdraw open.json Cid --after-round 0'],
    ],
  },
  'tournament undo': {
    reads: 'event-write',
    exit1: 'the event file cannot be read or written, or there is nothing to take back',
    examples: [
      ['the last result entered, taken back', 'bdb tournament undo club.json'],
      ['the one before it', 'bdb tournament undo club.json'],
    ],
  },
  'tournament log': {
    reads: 'event',
    examples: [
      ['every change, oldest first', 'bdb tournament log club.json'],
      ['as JSON', 'bdb tournament log club.json --json'],
    ],
  },
  'tournament review': {
    reads: 'tournament-review',
    examples: [
      ['an event of the library against your usual level', IMPORT_DEMO],
      ['', `bdb tournament review 'HSBT Paris 2023' --library ${DEMO}`],
      ['match files of an event', "bdb tournament review --matches examples/matches --player 'Kévin Unger'"],
    ],
  },
  analyse: {
    reads: 'matches',
    exit1: 'some file could not be read or analysed (the others are), or the output cannot be written',
    examples: [
      ['a Galaxy transcript, by gnuBG at 0-ply', 'bdb analyse examples/transcripts --plies 0 --out analysed'],
      ['again: nothing to do (done before)', 'bdb analyse examples/transcripts --plies 0 --out analysed'],
      ['analysed files are left alone', 'bdb analyse examples/matches --out analysed'],
    ],
  },
  report: {
    reads: 'matches',
    examples: [
      ['one page, a section per person', 'bdb report examples/matches --html report.html'],
      ["one person's page", "bdb report examples/matches --player 'Kévin Unger' --html kevin.html"],
    ],
  },
  scout: {
    reads: 'library',
    exit1: 'the library cannot be opened or holds no match, or NAME (or --me) means nobody in it',
    examples: [
      ['an opponent: level, leans as advice, families, record', IMPORT_DEMO],
      ['', `bdb scout Niels --library ${DEMO} --me 'Zoë Ångström'`],
      ['as JSON, the name in any case', `bdb scout niels --library ${DEMO} --json`],
    ],
  },
  import: {
    reads: 'matches',
    exit1: 'some file could not be read (the others are imported)',
    stopped: 'stopped by Ctrl-C or SIGTERM (the files imported so far are kept)',
    examples: [
      ['a folder into a library file (again: only new files)', IMPORT_DEMO],
      ['again, without worker threads: nothing new', `${IMPORT_DEMO} --jobs 0`],
    ],
  },
  sql: {
    reads: 'library',
    exit1: 'the library cannot be opened, or the query fails',
    examples: [
      ["each player's PR", `bdb sql 'SELECT player, pr FROM players' --library ${DEMO}`],
      ['as CSV', `bdb sql 'SELECT * FROM matches' --library ${DEMO} --csv`],
    ],
  },
  export: {
    reads: 'library',
    exit1: 'the library cannot be opened, or OUT cannot be written',
    examples: [
      ['every decision, as Parquet', `bdb export decisions.parquet --library ${DEMO}`],
      ['the matches, as CSV', `bdb export matches.csv --table matches --library ${DEMO}`],
    ],
  },
  merge: {
    reads: 'libraries',
    exit1: 'a library cannot be opened or merged (each is named, the others are merged)',
    examples: [
      ['two libraries made apart, then merged', 'bdb import examples/matches/test.xg --library a.duckdb'],
      ['', 'bdb import examples/matches/g0001.sgf --library b.duckdb'],
      ['', 'bdb merge a.duckdb b.duckdb --into both.duckdb'],
    ],
  },
  alias: {
    reads: 'library',
    examples: [
      ['count a spelling as the same person', `bdb alias add 'Kévin Unger' 'K. Unger' --library ${DEMO}`],
      ['the stored aliases', `bdb alias list --library ${DEMO}`],
    ],
  },
  'alias add': {
    reads: 'library',
    examples: [
      [
        'count OTHER as NAME in every command on the library',
        `bdb alias add 'Kévin Unger' 'KUnger' --library ${DEMO}`,
      ],
      ['', `bdb alias add Niels 'Niels B.' --library ${DEMO}`],
    ],
  },
  'alias remove': {
    reads: 'library',
    exit1: 'OTHER is not an alias',
    examples: [
      ['forget an alias', `bdb alias remove 'Niels B.' --library ${DEMO}`],
      ['', `bdb alias remove KUnger --library ${DEMO}`],
    ],
  },
  'alias list': {
    reads: 'library',
    examples: [
      ['the stored aliases', `bdb alias list --library ${DEMO}`],
      ['as JSON', `bdb alias list --library ${DEMO} --json`],
    ],
  },
  config: {
    reads: 'config',
    exit1: 'a key is not set (get, unset), or the file cannot be written',
    examples: [
      ['who "me" is: every command follows this player', "bdb config set player 'Kévin Unger'"],
      ['what is set, and what applies when unset', 'bdb config list'],
    ],
  },
  'config set': {
    reads: 'config',
    exit1: 'the file cannot be written',
    examples: [
      ['the default thresholds', 'bdb config set thresholds gnubg'],
      ['aliases (this replaces the list)', "bdb config set aliases 'Kévin Unger=K. Unger' 'Niels=Niels B.'"],
      ['the library (a relative path is from here)', `bdb config set library ${DEMO}`],
    ],
  },
  'config list': {
    reads: 'config',
    exit1: null,
    examples: [
      ['every key', 'bdb config list'],
      ['another configuration file, for one run', 'XDG_CONFIG_HOME=/tmp/elsewhere bdb config list'],
    ],
  },
  'config get': {
    reads: 'config',
    exit1: 'the key is not set',
    examples: [
      ['one key, for a script', 'bdb config get player'],
      ['the aliases, one NAME=OTHER a line', 'bdb config get aliases'],
    ],
  },
  'config unset': {
    reads: 'config',
    exit1: 'the key is not set, or the file cannot be written',
    examples: [
      ['back to every player', 'bdb config unset player'],
      ['back to the default library', 'bdb config unset library'],
    ],
  },
  completion: {
    reads: 'none',
    examples: [
      ['bash: in this shell (add the line to ~/.bashrc)', 'source <(bdb completion bash)'],
      ['zsh: save it as _bdb in a folder of $fpath', 'bdb completion zsh > _bdb'],
      ['fish', 'bdb completion fish > ~/.config/fish/completions/bdb.fish'],
    ],
  },
};

/** The examples of `bdb --help`. */
const START: readonly (readonly [string, string])[] = [
  ['a match analysed by XG', 'bdb stats examples/matches/test.xg'],
  ['its review: the decisions to look at again', 'bdb review examples/matches/test.xg'],
  ['what to study next', 'bdb plan examples/matches'],
];

/** Words of `text` in lines of at most `width` columns (a longer word stands alone). */
function wrapWords(text: string, width: number, indent = ''): string[] {
  const lines: string[] = [];
  let line = '';
  for (const word of text.split(/\s+/).filter((w) => w !== '')) {
    if (line !== '' && [...`${line} ${word}`].length > width) {
      lines.push(line);
      line = `${indent}${word}`;
    } else line = line === '' ? `${indent}${word}` : `${line} ${word}`;
  }
  if (line !== '') lines.push(line);
  return lines;
}

/** `bdb stats`, `bdb tournament pair`: the command as typed. */
export function commandPath(cmd: Command): string {
  const names: string[] = [];
  for (let c: Command | null = cmd; c !== null; c = c.parent) names.unshift(c.name());
  return names.join(' ');
}

/** The key of `cmd` in {@link COMMAND_HELP}: its path under `bdb`. */
function helpKey(cmd: Command): string {
  return commandPath(cmd).replace(/^\S+ ?/, '');
}

/** The formats the registry reads, as a sentence. */
function formatList(formats: readonly FormatInfo[]): string {
  return formats
    .map((f) =>
      f.extensions.every((e) => f.name.includes(e)) ? f.name : `${f.name} (${f.extensions.join(', ')})`,
    )
    .join('; ');
}

function readsText(reads: Reads, formats: readonly FormatInfo[]): string | null {
  const matchFiles = `${formatList(formats)}. The format is found from the content, not the name.`;
  switch (reads) {
    case 'matches':
      return `Reads: match files and folders (read recursively): ${matchFiles}`;
    case 'match':
      return `Reads: one match file: ${matchFiles}`;
    case 'library':
      return 'Reads: the library, a DuckDB file made by bdb import (docs/library.md).';
    case 'libraries':
      return 'Reads: libraries made by bdb import (DuckDB files).';
    case 'event':
      return 'Reads: an event file (JSON, as examples/*.json) and, with --results, a CSV of round,player,opponent,result.';
    case 'event-write':
      return 'Reads and writes: an event file (JSON, as examples/*.json; made by bdb tournament new), replaced whole or left unchanged.';
    case 'standings':
      return `Reads: an event file (JSON, as examples/*.json) and, with --results, a CSV of round,player,opponent,result; or match files and folders: ${matchFiles}`;
    case 'tournament-review':
      return `Reads: the library (an event's matches and your usual level) and, with --matches, match files: ${matchFiles}`;
    case 'config':
      return `Reads and writes: ${configPath()}. An option on the command line wins over $BDB_LIBRARY, which wins over this file, which wins over bdb's own default.`;
    case 'none':
      return null;
  }
}

/** The options of `cmd` the configuration gives a default for. */
function configDefaults(cmd: Command): string[] {
  const has = (attribute: string): boolean => cmd.options.some((o) => o.attributeName() === attribute);
  const out: string[] = [];
  if (has('player')) out.push('--player');
  if (has('me')) out.push('--me (its player)');
  if (has('alias')) out.push('--alias');
  if (has('thresholds')) out.push('--thresholds');
  if (has('library')) out.push('the library');
  return out;
}

function exitText(help: CommandHelp): string {
  const [ok, failed] = READS_EXIT[help.reads];
  const meaning: [ExitCode, string | null][] = [
    [EXIT.ok, ok],
    [EXIT.someFailed, help.exit1 === undefined ? failed : help.exit1],
    [EXIT.usage, EXIT_MEANING[EXIT.usage]],
  ];
  const codes = meaning.filter((m): m is [ExitCode, string] => m[1] !== null).map(([c, m]) => `${c} ${m}`);
  if (help.stopped !== undefined) codes.push(`${STOPPED.SIGINT}/${STOPPED.SIGTERM} ${help.stopped}`);
  return `Exit codes: ${codes.join('; ')}.`;
}

function examplesText(examples: readonly (readonly [string, string])[]): string[] {
  const lines = ["Examples (from bdb's folder, which holds examples/):"];
  for (const [what, line] of examples) {
    if (what !== '') lines.push(...wrapWords(what, HELP_WIDTH - 4).map((l) => `  # ${l}`));
    lines.push(`  $ ${line}`);
  }
  return lines;
}

/** The text after commander's help of `cmd`. */
function helpAfter(cmd: Command, help: CommandHelp, formats: readonly FormatInfo[]): string {
  const blocks = [examplesText(help.examples)];
  const reads = readsText(help.reads, formats);
  if (reads !== null) blocks.push(wrapWords(reads, HELP_WIDTH));
  if (help.reads === 'config') {
    const width = Math.max(...CONFIG_KEYS.map((k) => k.length)) + 2;
    blocks.push(['Keys:', ...CONFIG_KEYS.map((k) => `  ${k.padEnd(width)}${CONFIG_HELP[k]}`)]);
  }
  const defaults = configDefaults(cmd);
  if (defaults.length > 0)
    blocks.push(
      wrapWords(`Defaults: bdb config sets ${defaults.join(', ')} (bdb config --help).`, HELP_WIDTH),
    );
  blocks.push(wrapWords(exitText(help), HELP_WIDTH));
  return `\n${blocks.map((b) => b.join('\n')).join('\n\n')}\n`;
}

/** Does a command of `program` read match files (so its help lists the formats)? */
export function needsFormats(program: Command): boolean {
  const walk = (cmd: Command): boolean => {
    const help = COMMAND_HELP[helpKey(cmd)];
    const reads = help?.reads;
    return (
      reads === 'matches' ||
      reads === 'match' ||
      reads === 'standings' ||
      reads === 'tournament-review' ||
      cmd.commands.some(walk)
    );
  };
  return walk(program);
}

/**
 * Adds the examples, inputs, configuration defaults and exit codes to the help of every command of
 * `program` that has an entry in {@link COMMAND_HELP}, and a start to `bdb --help`.
 */
export function teach(program: Command, formats: readonly FormatInfo[]): void {
  const walk = (cmd: Command): void => {
    const help = COMMAND_HELP[helpKey(cmd)];
    if (help) cmd.addHelpText('after', () => helpAfter(cmd, help, formats));
    for (const sub of cmd.commands) walk(sub);
  };
  for (const sub of program.commands) walk(sub);
  program.addHelpText('after', () =>
    [
      '',
      ...examplesText(START),
      '',
      ...wrapWords(
        'Each command\'s --help gives its examples, what it reads and its exit codes. Your defaults (who "me" is, aliases, thresholds, the library): bdb config --help.',
        HELP_WIDTH,
      ),
      '',
    ].join('\n'),
  );
}
