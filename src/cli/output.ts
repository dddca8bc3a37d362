/**
 * Standard output and the messages on standard error ({@link writeErr}: both in plain ASCII under
 * `--ascii`): the only place that writes to them or asks how wide standard output is ({@link outputWidth});
 * the files a command writes for the user (`--html FILE`, `bdb export OUT`) are ./output-file.ts's. A write
 * that fails ends the run at once, with one line and no stack trace:
 *
 * - a closed pipe (`bdb stats … | head -1`: EPIPE) ends it quietly, exit 0: the reader has what it wanted;
 * - any other failure (a full disk, ENOSPC; a lost terminal, EIO …) prints `bdb: cannot write the output:
 *   …` and exits 1 (EXIT.someFailed): the output is incomplete.
 *
 * Standard output is written with `fs.writeSync` on file descriptor 1, so a failure is known at the write
 * that meets it (Node's `process.stdout` reports a pipe's EPIPE asynchronously, after the reading loop has
 * gone on through every remaining file) and nothing is buffered in memory behind a closed pipe.
 */
import { writeSync } from 'node:fs';
import { isatty } from 'node:tty';
import type { Command } from 'commander';
import { DISK_FAILURES, diskFailureWords } from '../core/disk.js';
import { asciiText } from '../core/text-ascii.js';
import { escapeControls, escapeControlsKeepingLines } from '../core/text-controls.js';
import { FULL_WIDTH, fitLines } from '../core/text-width.js';
import { UsageError } from '../errors.js';
import { pause } from './blocking.js';
import { EXIT } from './exit.js';

const STDOUT_FD = 1;

/** Plain words for the system error codes of a failed write (the code itself follows in brackets). */
const WRITE_FAILURES: Readonly<Record<string, string>> = {
  ...DISK_FAILURES,
  EACCES: 'permission denied',
  EPERM: 'permission denied',
  ENOENT: 'no such folder',
  EISDIR: 'is a folder',
  ENOTDIR: 'a part of the path is not a folder',
  EBADF: 'standard output is closed',
};

/**
 * Why a write failed, in words: "no space left on device (ENOSPC)". DuckDB's failures have no code: a full
 * or read-only disk is told from its words (src/core/disk.ts); any other keeps its message.
 */
export function writeFailure(e: unknown): string {
  const code = (e as NodeJS.ErrnoException).code;
  if (code === undefined) return diskFailureWords(e) ?? (e as Error).message;
  const words = WRITE_FAILURES[code];
  return words === undefined ? code : `${words} (${code})`;
}

/** Ends the run after a failed write to standard output (see the module comment). */
function outputFailed(e: unknown): never {
  if ((e as NodeJS.ErrnoException).code === 'EPIPE') process.exit(EXIT.ok);
  try {
    writeSync(2, `bdb: cannot write the output: ${writeFailure(e)}\n`);
  } catch {
    // standard error is gone too: the exit code alone tells
  }
  process.exit(EXIT.someFailed);
}

/**
 * Where a run's text goes: the process's standard output and error ({@link PROCESS_STREAMS}), or, for a run
 * called in the same process (`run` in ./main.ts: the tests call the commands so, without starting a
 * process), whatever the caller gives. Everything this module writes or asks about the terminal goes
 * through the run's streams, so a run called in-process prints exactly what the command prints.
 */
export interface RunStreams {
  /** Writes bytes to standard output, all of them. */
  out(bytes: Uint8Array): void;
  /** Writes text to standard error. */
  err(text: string): void;
  /** Whether standard output is a terminal. */
  outTerminal(): boolean;
  /** Whether standard error is a terminal (progress lines are drawn only there). */
  errTerminal(): boolean;
  /** Standard output's width in columns when it is a terminal (0: unknown). */
  outColumns(): number;
  /** Standard error's width in columns when it is a terminal (0: unknown). */
  errColumns(): number;
}

/** Writes all of `bytes` to file descriptor 1; a failure ends the run (see the module comment). */
function writeStdout(bytes: Uint8Array): void {
  let at = 0;
  while (at < bytes.length) {
    try {
      at += writeSync(STDOUT_FD, bytes, at, bytes.length - at);
    } catch (e) {
      // a non-blocking pipe whose reader is slower than bdb: wait until it has read some
      if ((e as NodeJS.ErrnoException).code === 'EAGAIN') pause(5);
      else outputFailed(e);
    }
  }
}

/** The process's standard streams. */
export const PROCESS_STREAMS: RunStreams = {
  out: writeStdout,
  err: (text) => {
    process.stderr.write(text);
  },
  outTerminal: () => isatty(STDOUT_FD),
  errTerminal: () => process.stderr.isTTY === true,
  outColumns: () => process.stdout.columns || 0,
  errColumns: () => process.stderr.columns || 0,
};

/** The streams of the run under way. */
let streams: RunStreams = PROCESS_STREAMS;

/**
 * Starts a run writing to `to`: its text is plain Unicode again (no `--ascii` yet). A run in the same
 * process as an earlier one starts as a fresh process would.
 */
export function startRun(to: RunStreams): void {
  streams = to;
  ascii = false;
  asciiMessages = false;
}

/** Whether standard error is a terminal, and its width in columns (0: unknown): for progress lines. */
export function errorTerminal(): { terminal: boolean; columns: number } {
  return { terminal: streams.errTerminal(), columns: streams.errColumns() };
}

/** The width in columns of a terminal on standard output (`out`) or error (`err`); 0 when not a terminal. */
export function terminalColumns(which: 'out' | 'err'): number {
  if (which === 'out') return streams.outTerminal() ? streams.outColumns() : 0;
  return streams.errTerminal() ? streams.errColumns() : 0;
}

/**
 * Writes a message of one line (a summary: "Imported into LIBRARY: …", "OTHER is counted as NAME"), ended by
 * a line break, broken to the output's width ({@link outputWidth}). The line is one line: a line break or
 * any other control character before its end can only be a name's (a library's path, a player's name) and
 * is shown as its escape (src/core/text-controls.ts).
 */
export function writeLines(text: string): void {
  const ended = text.endsWith('\n');
  const line = escapeControls(ended ? text.slice(0, -1) : text);
  writeOut(fitLines(ended ? `${line}\n` : line, outputWidth()));
}

/** True once the run's standard output is plain ASCII (`--ascii` without `--json`, see {@link asciiOutput}). */
let ascii = false;
/** True once the run's messages on standard error are plain ASCII (`--ascii`, see {@link asciiOutput}). */
let asciiMessages = false;

/**
 * Makes the rest of the run's text plain ASCII (src/core/text-ascii.ts): `--ascii`, which every command printing
 * text takes. Its messages on standard error always; its standard output unless `output` is false: a
 * command's JSON or CSV (`--json`, `--csv`) keeps every name as it is. Tables are drawn in ASCII where
 * they are laid out (src/report/cli-table.ts), so their columns line up; this catches the rest (charts,
 * separators, summaries, help).
 */
export function asciiOutput(output = true): void {
  ascii = output;
  asciiMessages = true;
}

/** The commands whose output is not text for people: `bdb completion` prints a script for the shell. */
const NOT_TEXT: ReadonlySet<string> = new Set(['completion']);

/**
 * Adds `--ascii` to every command of `program` that prints text: each command that runs (a group such as
 * `bdb tournament`, which takes no option of its own, only holds its subcommands) but those of
 * {@link NOT_TEXT}. The option makes the run's text plain ASCII as soon as it is read ({@link asciiOutput}),
 * its help and its usage errors too; a command printing JSON or CSV keeps them as they are (the program's
 * preAction hook, ./main.ts).
 */
export function addAsciiOption(program: Command): void {
  const walk = (cmd: Command): void => {
    for (const sub of cmd.commands) {
      const runs = sub.commands.length === 0 || sub.options.length > 0;
      if (runs && !NOT_TEXT.has(sub.name())) {
        sub.option(
          '--ascii',
          'plain ASCII text and messages: tables, charts and boards drawn with - | +, names spelt without ' +
            'accents (Søren as Soren, Δημήτρης as Dimitris); JSON and CSV keep them as they are',
        );
        sub.on('option:ascii', () => asciiOutput());
      }
      walk(sub);
    }
  };
  walk(program);
}

/**
 * Writes a message (or a part of one) to standard error, in plain ASCII under `--ascii`. Its control
 * characters but the line break are shown as escapes, as on standard output ({@link writeOut}): a message
 * naming a file or a player without oneLine (./failure.ts, which escapes line breaks too) still cannot
 * act on the terminal.
 */
export function writeErr(text: string): void {
  const shown = escapeControlsKeepingLines(text);
  streams.err(asciiMessages ? asciiText(shown) : shown);
}

/**
 * Redraws the status line of a terminal's standard error (a progress line): the line erased, then `line`
 * written over it (none: the line left empty), its control characters shown as escapes.
 */
export function statusLine(line = ''): void {
  const shown = escapeControls(line);
  streams.err(`\r\x1b[2K${asciiMessages ? asciiText(shown) : shown}`);
}

/**
 * What standard output holds: 'text' (tables, summaries, JSON: all of bdb's output but one) or 'csv'
 * (`bdb sql --csv`), see {@link writeOut}.
 */
export type OutputKind = 'text' | 'csv';

/**
 * The text {@link writeOut} writes for `text` of `kind`, to a terminal (`terminal`) or not: every control
 * character but the line break shown as its escape; CSV kept exactly but on a terminal.
 */
export function shownOutput(text: string, kind: OutputKind, terminal: boolean): string {
  return kind === 'csv' && !terminal ? text : escapeControlsKeepingLines(text);
}

/**
 * Writes text to standard output, all of it; a failure ends the run (see the module comment).
 *
 * No control character reaches a terminal (issue 37, item 5; src/core/text-controls.ts): every one but the line
 * break is shown as its escape (`\u001b` for ESC), whatever the command and wherever the text came from.
 * Line breaks are kept, being bdb's own: a name's line breaks are escaped where it is laid out (a table's
 * cells, src/report/cli-table.ts; a header naming a file or a player). JSON is written the same way and
 * stays the same JSON: its control characters can only stand in its strings, where the escapes are JSON's
 * own and read back as the characters (JSON.stringify leaves DEL, C1 and U+2028/U+2029 raw, which a
 * terminal showing the JSON might act on).
 *
 * CSV (`kind` 'csv') is for programs: RFC 4180 lets a quoted field hold any character, and an escape would
 * change the data (`\` itself is not escaped, so the change could not be undone). Written to a pipe or a
 * file it is kept exactly; written to a terminal, where a person reads it, it is escaped as text is, its
 * fields' line breaks too where they were laid out (src/report/query.ts, {@link outputIsTerminal}), like
 * GNU ls, which writes a name's control characters as they are to a pipe and hides them on a terminal.
 */
export function writeOut(text: string, kind: OutputKind = 'text'): void {
  const shown = shownOutput(text, kind, kind === 'csv' && outputIsTerminal());
  streams.out(Buffer.from(ascii ? asciiText(shown) : shown, 'utf8'));
}

/** Whether standard output is a terminal (a person reads it) rather than a pipe or a file (a program). */
export function outputIsTerminal(): boolean {
  return streams.outTerminal();
}

/**
 * A failing standard error (closed or full) ends the run with exit 1 instead of a stack trace: there is
 * nowhere left to say why. (Standard output is never written through `process.stdout`: see writeOut.)
 */
export function guardStderr(): void {
  process.stderr.on('error', () => process.exit(EXIT.someFailed));
}

/** The narrowest width bdb lays text out for; a narrower terminal gets lines of this width. */
export const MIN_COLUMNS = 20;

/**
 * The width the text output must fit: `BDB_COLUMNS` when set (a number of columns; 0 for no limit), else the
 * terminal's columns when standard output is a terminal, else no limit ({@link FULL_WIDTH}: piped or
 * redirected output keeps its full lines). A `BDB_COLUMNS` that is not a whole number is a usage error.
 */
export function outputWidth(env: NodeJS.ProcessEnv = process.env): number {
  const forced = env.BDB_COLUMNS;
  if (forced !== undefined && forced !== '') {
    if (!/^\d{1,6}$/.test(forced))
      throw new UsageError(
        `BDB_COLUMNS expects a number of columns (0: no limit), got ${JSON.stringify(forced)}`,
      );
    const n = Number(forced);
    return n === 0 ? FULL_WIDTH : Math.max(MIN_COLUMNS, n);
  }
  if (!streams.outTerminal()) return FULL_WIDTH;
  return Math.max(MIN_COLUMNS, streams.outColumns() || 80);
}
