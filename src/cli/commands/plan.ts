/**
 * `bdb plan PATH...`: the study plan of each person (families of errors ranked by recoverable MWC,
 * spec/metrics.md §7) and the reference positions to study (§8).
 */
import type { Command } from 'commander';
import { defaultMet } from '../../analyse.js';
import { UsageError } from '../../errors.js';
import {
  REFERENCE_DEFAULT_SIZE,
  REFERENCE_MAX_SIZE,
  REFERENCE_RHO,
} from '../../metrics/reference-positions.js';
import { addThemeCoverage, emptyThemeCoverage } from '../../metrics/theme-coverage.js';
import {
  coverageLine,
  jsonCoverage,
  jsonPlayerPlan,
  PlanCollector,
  planLegend,
  renderPlans,
} from '../../report/plan.js';
import type { ExitCode } from '../exit.js';
import type { MatchInputResult } from '../match-input.js';
import { overMatches, type SourceOptions, sourceOptions } from '../match-source.js';
import { type PersonSettings, personOptions } from '../options.js';

export interface PlanOptions extends SourceOptions {
  positions?: string;
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

/** Runs the command; returns the exit code. */
export function runPlan(paths: readonly string[], opts: PlanOptions): Promise<ExitCode> {
  const size = positionsOption(opts.positions);
  const met = defaultMet();
  let collector: PlanCollector | null = null;
  return overMatches(
    paths,
    opts,
    met,
    ({ aliases, wanted, thresholds }) => {
      const c = new PlanCollector(met, thresholds, { aliases, ...(wanted ? { players: wanted } : {}) });
      collector = c;
      return (m) => c.add(m);
    },
    (s, result) => printPlan(collector!, size, s, result, opts),
  );
}

function printPlan(
  collector: PlanCollector,
  size: number,
  { preset, thresholds, settings: personJson }: PersonSettings,
  { read, errors, exitCode }: MatchInputResult,
  opts: PlanOptions,
): ExitCode {
  const players = collector.results(size);
  const all = emptyThemeCoverage();
  for (const p of players) addThemeCoverage(all, p.coverage);
  const out = process.stdout;
  if (opts.json) {
    const settings = { ...personJson, referencePositions: { size, rho: REFERENCE_RHO } };
    out.write(
      `${JSON.stringify(
        {
          schemaVersion: 1,
          settings,
          matches: read,
          themeCoverage: jsonCoverage(all),
          players: players.map(jsonPlayerPlan),
          errors,
        },
        null,
        2,
      )}\n`,
    );
  } else if (players.length > 0) {
    out.write(`Study plan over ${read} match${read === 1 ? '' : 'es'}\n\n${renderPlans(players)}\n\n`);
    if (players.filter((p) => p.analysed > 0).length > 1) out.write(`All players: ${coverageLine(all)}\n`);
    out.write(`${planLegend(thresholds.errorMpt, preset)}\n`);
  }
  return exitCode;
}

/** Adds the `plan` command to the program. */
export function registerPlan(program: Command): void {
  const cmd = program
    .command('plan')
    .description('study plan per player: error families ranked by recoverable MWC, and reference positions')
    .argument('[paths...]', 'match files or folders (read recursively); none with --library');
  sourceOptions(personOptions(cmd, ' (what an error is)', 'print JSON (schemaVersion 1) instead of tables'))
    .option(
      '--positions <n>',
      `number of reference positions (default ${REFERENCE_DEFAULT_SIZE}, at most 50)`,
    )
    .action(async (paths: string[], opts: PlanOptions) => {
      process.exitCode = await runPlan(paths, opts);
    });
}
