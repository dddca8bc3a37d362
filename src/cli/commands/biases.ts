/**
 * `bdb biases PATH...`: the signed biases of each person over the matches read (spec/metrics.md §10):
 * take/pass, doubles (overall and per score cell), blots and exposure-weighted blots, with verdicts and
 * the share of checker plays that could not be reproduced.
 */
import type { Command } from 'commander';
import { BIAS_MEMORY_MB } from '../../library/memory.js';
import type { StoredBiasMatch, StoredDecisionRef } from '../../metrics/bias-columns.js';
import { biasesJson } from '../../report/biases/json.js';
import { biasesText } from '../../report/biases/text.js';
import type { BiasesResult, BiasesView } from '../../report/biases/types.js';
import { BiasCollector, BLOT_BOARDS } from '../../report/biases.js';
import { pickReporter, type Reporters, reporterName } from '../../report/reporter.js';
import type { ExitCode } from '../exit.js';
import type { MatchInputResult } from '../match-input.js';
import { biasColumns, type Keeps, overMatches, type SourceOptions, sourceOptions } from '../match-source.js';
import {
  type BoardOptions,
  boardOptions,
  type PersonSettings,
  personOptions,
  textBoards,
} from '../options.js';
import { outputWidth, writeOut } from '../output.js';
import { SpillFile } from '../spill.js';

export interface BiasesOptions extends SourceOptions, BoardOptions {
  /** `--all-cells`: the score cells with too few decisions for a verdict too. */
  allCells?: boolean;
}

/** The outputs of `biases`. */
const BIASES: Reporters<BiasesResult, BiasesView> = { text: biasesText, json: biasesJson };

/** Runs the command (its standard output through `write`); returns the exit code. */
export async function runBiases(
  paths: readonly string[],
  opts: BiasesOptions,
  write: (text: string) => void = writeOut,
): Promise<ExitCode> {
  let collector: BiasCollector | null = null;
  const boards = textBoards(opts);
  // every blot decision is a row of the output: past a few MB they wait in a temporary file
  const spill = new SpillFile();
  try {
    return await overMatches(
      paths,
      opts,
      ({ aliases, met }, keeps) => {
        // the plays' text is kept only to draw the boards; every row only for the JSON, which lists them
        // (the tables need the figures, the boards the costliest rows: over 10,000 matches, 4 million rows
        // and their references took a third of the CPU)
        const json = reporterName(opts) === 'json';
        const c = new BiasCollector(
          { aliases, ...(keeps ? { players: keeps } : {}) },
          {
            plays: boards !== null,
            rows: json ? spill.rows : null,
            ...(boards !== null && !json ? { costliest: BLOT_BOARDS } : {}),
            met,
          },
        );
        collector = c;
        // the library's bias columns when it holds them: the JSON lists every row with its place, the
        // boards' few references are read at the end
        const stored = {
          stored: (m: StoredBiasMatch) => c.addStored(m),
          tilt: true,
          places: json,
          refs: {
            wanted: () => c.storedRefKeys(),
            found: (refs: ReadonlyMap<string, StoredDecisionRef>) => c.fillStoredRefs(refs),
          },
        };
        return {
          match: (m) => c.add(m),
          columns: (lib, filter, players) => biasColumns(lib, filter, stored, players),
        };
      },
      ({ settings }, result, keeps) => printBiases(collector!, settings, result, keeps, opts, boards, write),
      // the stored columns are read a few MB at a time
      BIAS_MEMORY_MB,
    );
  } finally {
    spill.close();
  }
}

/** The typed result to the reporter asked for. */
function printBiases(
  collector: BiasCollector,
  settings: PersonSettings['settings'],
  { read, errors, duplicates, exitCode }: MatchInputResult,
  keeps: Keeps,
  opts: BiasesOptions,
  boards: ReturnType<typeof textBoards>,
  write: (text: string) => void,
): ExitCode {
  const players = collector.eachResult(keeps);
  const result = { settings, read, players, failures: errors, duplicates };
  const view = { boards, width: outputWidth(), allCells: opts.allCells === true };
  pickReporter(BIASES, reporterName(opts))(result, view, write);
  return exitCode;
}

/** Adds the `biases` command to the program. */
export function registerBiases(program: Command): void {
  const cmd = program
    .command('biases')
    .description(
      'signed biases per player: take/pass, doubles (and per score), blots and exposure-weighted blots',
    )
    .argument('[paths...]', 'match files or folders (read recursively); none with --library');
  boardOptions(
    sourceOptions(
      personOptions(
        cmd,
        ' (recorded in the settings)',
        'print JSON (schemaVersion 2) instead of tables; blot rows list their decisions',
      ),
    ),
  )
    .option('--all-cells', 'every score cell of the doubles, those too small for a verdict too')
    .action(async (paths: string[], opts: BiasesOptions) => {
      process.exitCode = await runBiases(paths, opts);
    });
}
