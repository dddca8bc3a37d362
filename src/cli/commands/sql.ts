/**
 * `bdb sql "SELECT …"`: read-only SQL over the library's documented views (docs/library.md): decisions,
 * matches, games, players, files. A table by default, `--csv` or `--json` for programs. Anything but one
 * SELECT is refused (exit 2) before it runs, the library untouched.
 */
import type { Command } from 'commander';
import { BdbError, UsageError } from '../../errors.js';
import { ReadOnlySqlError, readOnlyQuery } from '../../library/query.js';
import type { QueryRows } from '../../report/query.js';
import { pickReporter, type Reporters, reporterName } from '../../report/reporter.js';
import { sqlCsv } from '../../report/sql/csv.js';
import { sqlJson } from '../../report/sql/json.js';
import { sqlText } from '../../report/sql/text.js';
import type { TableView } from '../../report/view.js';
import { EXIT, type ExitCode } from '../exit.js';
import { libraryOption, withLibrary } from '../library-input.js';
import { outputIsTerminal, outputWidth, writeErr, writeOut } from '../output.js';

interface SqlOptions {
  library?: string;
  csv?: boolean;
  json?: boolean;
  /** `--ascii`: the tables drawn in plain ASCII. */
  ascii?: boolean;
}

/** The outputs of `sql`. */
const SQL: Reporters<QueryRows, TableView & { readonly terminal: boolean }> = {
  text: sqlText,
  json: sqlJson,
  csv: sqlCsv,
};

/** Runs the command; returns the exit code. */
export async function runSql(sql: string, opts: SqlOptions): Promise<ExitCode> {
  // CSV to a pipe or a file keeps its cells exactly; on a terminal, they are shown escaped (writeOut)
  const name = reporterName(opts);
  return withLibrary(opts.library, { readOnly: true }, async (lib) => {
    let result: Awaited<ReturnType<typeof readOnlyQuery>>;
    try {
      result = await readOnlyQuery(lib, sql);
    } catch (e) {
      // a text refused before anything of it ran is a usage error (one line, exit 2)
      if (e instanceof ReadOnlySqlError) throw new UsageError(e.message);
      if (!(e instanceof BdbError)) throw e;
      writeErr(`bdb: ${e.message}\n`);
      return EXIT.someFailed;
    }
    const view = { width: outputWidth(), ascii: opts.ascii === true, terminal: outputIsTerminal() };
    pickReporter(SQL, name)(result, view, (text) => writeOut(text, name === 'csv' ? 'csv' : 'text'));
    return EXIT.ok;
  });
}

/** Adds the `sql` command to the program. */
export function registerSql(program: Command): void {
  const cmd = program
    .command('sql')
    .description('read-only SQL over the library: views decisions, matches, games, players, files')
    .argument('<query>', 'one SELECT statement, e.g. "SELECT player, pr FROM players"');
  libraryOption(cmd)
    .option('--csv', 'print CSV instead of a table')
    .option('--json', 'print JSON (an array of row objects) instead of a table')
    .action(async (query: string, opts: SqlOptions) => {
      process.exitCode = await runSql(query, opts);
    });
}
