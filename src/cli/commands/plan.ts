/**
 * `bdb plan PATH...`: the study plan of each person (families of errors, the surest gain first: ranked by
 * the low bound of their recoverable MWC, spec/metrics.md §7) and the reference positions to study (§8). On the library (`--library`), the positions
 * marked as studied (`bdb study mark`) are never proposed, count as chosen, and are listed apart.
 */
import type { Command } from 'commander';
import { UsageError } from '../../errors.js';
import { PLAN_MEMORY_MB } from '../../library/memory.js';
import { type StudyMark, studyMarks } from '../../library/study-marks.js';
import { thresholdEquity } from '../../metrics/difficulty.js';
import {
  REFERENCE_DEFAULT_SIZE,
  REFERENCE_MAX_SIZE,
  REFERENCE_RHO,
} from '../../metrics/reference-positions.js';
import { addThemeCoverage, emptyThemeCoverage } from '../../metrics/theme-coverage.js';
import { planJson } from '../../report/plan/json.js';
import { planText } from '../../report/plan/text.js';
import type { PlanResult, PlanView } from '../../report/plan/types.js';
import { PlanCollector, type PlanStudyOptions } from '../../report/plan.js';
import { pickReporter, type Reporters, reporterName } from '../../report/reporter.js';
import type { ExitCode } from '../exit.js';
import type { MatchInputResult } from '../match-input.js';
import { type Keeps, overMatches, planColumns, type SourceOptions, sourceOptions } from '../match-source.js';
import {
  type BoardOptions,
  boardOptions,
  type PersonSettings,
  personOptions,
  textBoards,
} from '../options.js';
import { outputWidth, writeOut } from '../output.js';
import { SpillFile } from '../spill.js';

export interface PlanOptions extends SourceOptions, BoardOptions {
  positions?: string;
  /** `--full`: every family and position; else a short plan (src/report/plan.ts). */
  full?: boolean;
}

/** Parses `--positions N` (1 … 50, default 20). */
export function positionsOption(value: string | undefined): number {
  if (value === undefined) return REFERENCE_DEFAULT_SIZE;
  const n = Number(value);
  if (!/^\d+$/.test(value) || n < 1 || n > REFERENCE_MAX_SIZE) {
    throw new UsageError(
      `--positions expects a whole number from 1 to ${REFERENCE_MAX_SIZE}, got ${JSON.stringify(value)}`,
    );
  }
  return n;
}

/**
 * The positions already studied, from the library's study marks (XGIDs and Position IDs; spec §8): never
 * proposed, counted as chosen. Null when there is no position mark (the plan is then the file route's).
 */
function studiedPositions(marks: readonly StudyMark[]): PlanStudyOptions | null {
  const xgids = new Set(marks.filter((m) => m.kind === 'xgid').map((m) => m.target));
  const ids = new Set(marks.filter((m) => m.kind === 'position_id').map((m) => m.target));
  if (xgids.size + ids.size === 0) return null;
  return {
    treated: (ref) =>
      (ref.xgid !== null && xgids.has(ref.xgid)) || (ref.positionId !== null && ids.has(ref.positionId)),
  };
}

/** The outputs of `plan`. */
const PLAN: Reporters<PlanResult, PlanView> = { text: planText, json: planJson };

/** Runs the command (its standard output through `write`); returns the exit code. */
export async function runPlan(
  paths: readonly string[],
  opts: PlanOptions,
  write: (text: string) => void = writeOut,
): Promise<ExitCode> {
  const size = positionsOption(opts.positions);
  let collector: PlanCollector | null = null;
  // every error read waits for the plans: past a few MB, in a temporary file
  const spill = new SpillFile();
  try {
    return await overMatches(
      paths,
      opts,
      // on the library, the study marks keep studied positions out of the reference positions
      async (s, keeps, lib) => {
        const study = lib === null ? null : studiedPositions(await studyMarks(lib));
        const c = new PlanCollector(
          s.met,
          s.thresholds,
          { aliases: s.aliases, ...(keeps ? { players: keeps } : {}) },
          { ...study, rows: spill.rows },
        );
        collector = c;
        // the library's columns when it holds them: each match's counted decisions and errors
        const threshold = thresholdEquity(s.thresholds.errorMpt);
        return {
          match: (m) => c.add(m),
          columns: (lib, filter, players) =>
            planColumns(lib, filter, threshold, (m) => c.addStored(m), players),
        };
      },
      (s, result, keeps) => printPlan(collector!, size, s, result, keeps, opts, write),
      PLAN_MEMORY_MB,
    );
  } finally {
    spill.close();
  }
}

/** The typed result to the reporter asked for. */
function printPlan(
  collector: PlanCollector,
  size: number,
  { preset, thresholds, settings: personJson }: PersonSettings,
  { read, errors, duplicates, exitCode }: MatchInputResult,
  keeps: Keeps,
  opts: PlanOptions,
  write: (text: string) => void,
): ExitCode {
  const persons = collector.persons().filter(keeps);
  const coverage = emptyThemeCoverage();
  let analysed = false;
  for (const n of persons) {
    const s = collector.summary(n);
    addThemeCoverage(coverage, s.coverage);
    analysed ||= s.analysed > 0;
  }
  const result: PlanResult = {
    settings: { ...personJson, referencePositions: { size, rhoPips: REFERENCE_RHO } },
    preset,
    errorMpt: thresholds.errorMpt,
    read,
    coverage,
    analysed,
    persons,
    plan: (n) => collector.result(n, size),
    failures: errors,
    duplicates,
  };
  const view = {
    boards: textBoards(opts),
    width: outputWidth(),
    full: opts.full === true,
    allReference: opts.positions !== undefined,
  };
  pickReporter(PLAN, reporterName(opts))(result, view, write);
  return exitCode;
}

/** Adds the `plan` command to the program. */
export function registerPlan(program: Command): void {
  const cmd = program
    .command('plan')
    .description('study plan per player: error families (surest gain first) and reference positions')
    .argument('[paths...]', 'match files or folders (read recursively); none with --library');
  boardOptions(
    sourceOptions(
      personOptions(cmd, ' (what an error is)', 'print JSON (schemaVersion 2) instead of tables'),
    ),
  )
    .option(
      '--positions <n>',
      `number of reference positions (default ${REFERENCE_DEFAULT_SIZE}, at most 50)`,
    )
    .option('--full', 'every family, top position and reference position (default: a short plan)')
    .action(async (paths: string[], opts: PlanOptions) => {
      process.exitCode = await runPlan(paths, opts);
    });
}
