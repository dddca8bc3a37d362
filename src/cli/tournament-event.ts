/**
 * The event file of `bdb tournament`'s commands: read (with a `--results` CSV added), changed by a
 * command, and replaced whole (a temporary file beside it, renamed over it: ./output-file.ts), so that a
 * refused change, a corrupt file or a failed write leaves it byte for byte as it was, with one line saying
 * why (exit 1).
 */
import { readFileSync, statSync } from 'node:fs';
import { TournamentError } from '../tournament/event.js';
import {
  checkConsistent,
  type EventFile,
  eventFileText,
  parseEventJson,
  parseResultsCsv,
  withResults,
} from '../tournament/file.js';
import { EXIT, type ExitCode } from './exit.js';
import { describeFailure, oneLine } from './failure.js';
import { writeErr, writeOut } from './output.js';
import { type OutputRules, outputRefused, pageRules, writeOutputText, writePage } from './output-file.js';

/**
 * The options every command on an event file takes: a results CSV added to the event's own results; the
 * page (`--html FILE`) of the commands that write one, and `--force` to replace it.
 */
export interface EventInputOptions {
  results?: string;
  html?: string;
  force?: boolean;
}

/** What a subcommand on an event prints, the event file it replaces, and its page (`--html`). */
export interface EventOutput {
  readonly text: string;
  readonly write?: EventFile;
  readonly page?: string | null;
}

/** The rules of a page written from an event file: not the event, not the results CSV, not a library. */
function eventPageRules(file: string, opts: EventInputOptions): OutputRules {
  return pageRules(opts.force, [file, ...(opts.results === undefined ? [] : [opts.results])], null);
}

/** The time of a change, for the event file's log: now, in ISO 8601 (UTC). */
export function changeTime(): string {
  return new Date().toISOString();
}

/** Reads a text file, or reports why not (one line) and returns null. */
function readText(file: string, fail: (message: string) => void): string | null {
  try {
    if (statSync(file).isDirectory()) {
      fail(`${file}: is a folder`);
      return null;
    }
    return readFileSync(file, 'utf8');
  } catch (e) {
    const code = (e as NodeJS.ErrnoException).code;
    fail(
      code === 'ENOENT' ? `${file}: no such file` : `${file}: cannot read: ${code ?? (e as Error).message}`,
    );
    return null;
  }
}

/** The event file as read (`own`), and with the `--results` CSV added (`event`); null after printing why not. */
export function loadEvent(
  file: string,
  opts: EventInputOptions,
  fail: (message: string) => void,
): { own: EventFile; event: EventFile } | null {
  const text = readText(file, fail);
  if (text === null) return null;
  const csv = opts.results === undefined ? null : readText(opts.results, fail);
  if (opts.results !== undefined && csv === null) return null;
  try {
    const own = parseEventJson(text, file);
    let event = own;
    if (opts.results !== undefined && csv !== null) {
      event = withResults(
        own,
        parseResultsCsv(
          csv,
          opts.results,
          own.players.map((p) => p.name),
        ),
        opts.results,
      );
    }
    return { own, event };
  } catch (e) {
    fail(describeFailure(file, e));
    return null;
  }
}

/** Prints `bdb: MESSAGE` on stderr. */
export function complain(message: string): void {
  writeErr(`bdb: ${message}\n`);
}

/**
 * Runs a tournament subcommand on the event (plus `--results`): `body` returns the text to print, and
 * may replace the event file (atomically). One line on a bad input or a refused change, exit 1.
 */
export function runOnEvent(
  file: string,
  opts: EventInputOptions,
  body: (event: EventFile, own: EventFile) => EventOutput,
): ExitCode {
  const rules = eventPageRules(file, opts);
  if (opts.html !== undefined && outputRefused(opts.html, rules)) return EXIT.someFailed;
  const loaded = loadEvent(file, opts, complain);
  if (loaded === null) return EXIT.someFailed;
  let out: EventOutput;
  try {
    out = body(loaded.event, loaded.own);
    if (out.write !== undefined) checkConsistent(out.write, file);
  } catch (e) {
    complain(e instanceof TournamentError ? `${file}: ${e.message}` : describeFailure(file, e));
    return EXIT.someFailed;
  }
  if (out.write !== undefined) {
    // the event file read, replaced whole (a failure leaves it as it was)
    const failed = writeOutputText(file, { force: true }, eventFileText(out.write));
    if (failed !== null) {
      complain(oneLine(failed));
      return EXIT.someFailed;
    }
  }
  if (opts.html !== undefined && out.page != null && !writePage(opts.html, rules, out.page))
    return EXIT.someFailed;
  writeOut(`${out.text}\n`);
  return EXIT.ok;
}
