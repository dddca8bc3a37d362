/**
 * `bdb export OUT`: writes the library's decisions (or matches) as Parquet, CSV or JSON lines for other
 * engines (docs/library.md; the decision row's JSON Schema is docs/decision-row.schema.json). OUT is never
 * the library nor one of its files, replaces an existing file only with `--force`, and is whole or absent
 * (../output-file.ts).
 */
import { extname, resolve } from 'node:path';
import type { Command } from 'commander';
import { UsageError } from '../../errors.js';
import {
  EXPORT_FORMATS,
  EXPORT_TABLES,
  type ExportFormat,
  type ExportTable,
  exportTable,
} from '../../library/export.js';
import { EXIT, type ExitCode } from '../exit.js';
import { oneLine } from '../failure.js';
import { cliLibraryPath, libraryOption, withLibrary } from '../library-input.js';
import { writeErr } from '../output.js';
import { checkOutput, OutputFile, type OutputRules } from '../output-file.js';

interface ExportOptions {
  library?: string;
  format?: string;
  table?: string;
  force?: boolean;
}

/** The format asked for, else the one the file name says (.parquet, .csv, .jsonl/.ndjson), else Parquet. */
export function exportFormatOption(value: string | undefined, out: string): ExportFormat {
  if (value === undefined) {
    const ext = extname(out).toLowerCase();
    if (ext === '.csv') return 'csv';
    if (ext === '.jsonl' || ext === '.ndjson' || ext === '.json') return 'jsonl';
    return 'parquet';
  }
  if (!(EXPORT_FORMATS as readonly string[]).includes(value))
    throw new UsageError(
      `--format expects one of ${EXPORT_FORMATS.join(', ')}, got ${JSON.stringify(value)}`,
    );
  return value as ExportFormat;
}

/** The table asked for (default decisions). */
export function exportTableOption(value: string | undefined): ExportTable {
  if (value === undefined) return 'decisions';
  if (!(EXPORT_TABLES as readonly string[]).includes(value))
    throw new UsageError(`--table expects one of ${EXPORT_TABLES.join(', ')}, got ${JSON.stringify(value)}`);
  return value as ExportTable;
}

/** Runs the command; returns the exit code. */
export async function runExport(out: string, opts: ExportOptions): Promise<ExitCode> {
  const format = exportFormatOption(opts.format, out);
  const table = exportTableOption(opts.table);
  // the library read, and the default one: an export never lands on either
  const rules: OutputRules = {
    force: opts.force === true,
    libraries: [cliLibraryPath(opts.library), cliLibraryPath(undefined)],
  };
  const refused = checkOutput(out, rules);
  if (refused !== null) {
    writeErr(`bdb: ${oneLine(refused)}\n`);
    return EXIT.someFailed;
  }
  return withLibrary(opts.library, { readOnly: true }, async (lib) => {
    const file = OutputFile.start(out, rules);
    if (typeof file === 'string') {
      writeErr(`bdb: ${oneLine(file)}\n`);
      return EXIT.someFailed;
    }
    let n: number;
    try {
      n = await exportTable(lib, resolve(file.writePath), format, table);
    } catch (e) {
      writeErr(`bdb: ${oneLine(file.fail(e))}\n`);
      return EXIT.someFailed;
    }
    const failed = file.finish();
    if (failed !== null) {
      writeErr(`bdb: ${oneLine(failed)}\n`);
      return EXIT.someFailed;
    }
    writeErr(`bdb: wrote ${n} ${table} rows to ${out} (${format})\n`);
    return EXIT.ok;
  });
}

/** Adds the `export` command to the program. */
export function registerExport(program: Command): void {
  const cmd = program
    .command('export')
    .description("export the library's decisions or matches as Parquet, CSV or JSON lines")
    .argument('<out>', 'the file to write');
  libraryOption(cmd)
    .option('--force', 'replace an existing file')
    .option('--format <format>', 'parquet, csv or jsonl (default: from the file name, else parquet)')
    .option('--table <table>', 'decisions (default) or matches')
    .action(async (out: string, opts: ExportOptions) => {
      process.exitCode = await runExport(out, opts);
    });
}
