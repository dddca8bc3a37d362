/**
 * A command's reporters: its typed result rendered for one output (tables, JSON, an HTML page), chosen once
 * by name from the options (`--json`, `--html`) and handed the writer of the output. The command computes
 * the result and never asks which output is wanted; each reporter lives in `report/<command>/<name>.ts`.
 */
import { UsageError } from '../errors.js';

/** The outputs a command may give. */
export type ReporterName = 'text' | 'json' | 'html' | 'csv';

/** Renders `result` (with `view`, how the output is laid out) through `write`. */
export type Reporter<R, V = void> = (result: R, view: V, write: (text: string) => void) => void;

/** A command's reporters by name: tables always, JSON and HTML where the command gives them. */
export type Reporters<R, V = void> = { readonly text: Reporter<R, V> } & {
  readonly [name in Exclude<ReporterName, 'text'>]?: Reporter<R, V>;
};

/** The reporter `name` of `reporters`; tables when the command has no such output. */
export function pickReporter<R, V>(reporters: Reporters<R, V>, name: ReporterName): Reporter<R, V> {
  return reporters[name] ?? reporters.text;
}

/**
 * The output the options ask for: `--json`, `--csv`, `--html FILE`, else tables. JSON and CSV both go to
 * standard output: asking for both is a usage error.
 */
export function reporterName(opts: {
  readonly json?: boolean;
  readonly csv?: boolean;
  readonly html?: string;
}): ReporterName {
  if (opts.json === true && opts.csv === true) throw new UsageError('give --csv or --json, not both');
  if (opts.json === true) return 'json';
  if (opts.csv === true) return 'csv';
  if (opts.html !== undefined) return 'html';
  return 'text';
}

/** The output on standard output of a command whose HTML page (`--html FILE`) is written besides it. */
export function streamName(opts: { readonly json?: boolean }): 'text' | 'json' {
  return opts.json === true ? 'json' : 'text';
}

/** What `reporter` writes, as one text (a command that makes its whole output before writing any). */
export function rendered<R, V>(reporter: Reporter<R, V>, result: R, view: V): string {
  let text = '';
  reporter(result, view, (t) => {
    text += t;
  });
  return text;
}
