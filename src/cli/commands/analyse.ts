/**
 * `bdb analyse PATH...`: GNU Backgammon analyses every transcript and unanalysed SGF found, in a pool of
 * gnuBG processes, each result an analysed SGF (src/engine/analyse.ts says where, and what is kept beside
 * it); `--import` adds each to the library as it finishes. Running again skips what is done; an interrupted
 * run leaves nothing half-written. A progress bar (done, failed, time left) on a terminal; one summary line.
 */

import { existsSync, statSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { basename, dirname, resolve, sep } from 'node:path';
import type { Command } from 'commander';
import { makeFolders } from '../../core/folders.js';
import {
  AnalysePool,
  type AnalyseTask,
  DEFAULT_OUT,
  type FoundInput,
  OutputError,
  outputError,
  planAnalysis,
  recordPath,
  type Shard,
  statsPath,
  type TaskOutcome,
} from '../../engine/analyse.js';
import { gnubgVersion, locateGnubg, PLIES, type Plies, VERSION_TIMEOUT_MS } from '../../engine/gnubg.js';
import { UsageError } from '../../errors.js';
import { LibraryImporter } from '../../library/import.js';
import { rebuildTotals } from '../../library/totals.js';
import { defaultMet } from '../../metrics/match-report.js';
import { userConfig } from '../config.js';
import { EXIT, type ExitCode } from '../exit.js';
import { describeFailure, oneLine } from '../failure.js';
import { inputFiles, STDIN_PATH } from '../files.js';
import { libraryOption, withLibrary } from '../library-input.js';
import { readUnit } from '../match-input.js';
import { maxFileSize, maxFileSizeOption } from '../options.js';
import { writeErr, writeLines } from '../output.js';
import { fileKey } from '../output-file.js';
import { progressBar } from '../progress-bar.js';

interface AnalyseOptions {
  plies?: string;
  jobs?: string;
  out?: string;
  import?: boolean;
  library?: string;
  timeout?: string;
  gnubg?: string;
  shard?: string;
  progress?: boolean;
  maxFileSize?: string;
  force?: boolean;
}

/** The analysis depth when `--plies` is not given: gnuBG's 2-ply ("world class"), the one players quote. */
const DEFAULT_PLIES: Plies = 2;

/** `--timeout` (seconds a match may take at 0-ply) when not given, and its factor at each depth. */
const DEFAULT_TIMEOUT_S = 120;
const TIMEOUT_FACTOR: Record<Plies, number> = { 0: 1, 1: 5, 2: 60, 3: 600, 4: 3000 };

function pliesOption(value: string | undefined): Plies {
  if (value === undefined) return DEFAULT_PLIES;
  const n = Number(value);
  if (!/^\d$/.test(value) || !PLIES.includes(n as Plies))
    throw new UsageError(`--plies expects 0, 1, 2, 3 or 4, got ${JSON.stringify(value)}`);
  return n as Plies;
}

function jobsOption(value: string | undefined): number {
  if (value === undefined) return availableParallelism();
  if (!/^\d+$/.test(value) || Number(value) < 1 || Number(value) > 64)
    throw new UsageError(`--jobs expects a whole number from 1 to 64, got ${JSON.stringify(value)}`);
  return Number(value);
}

/** `--timeout`: the seconds a match may take at 0-ply. */
function timeoutOption(value: string | undefined): number {
  let base = DEFAULT_TIMEOUT_S;
  if (value !== undefined) {
    base = Number(value);
    if (!/^\d+(\.\d+)?$/.test(value) || !(base > 0))
      throw new UsageError(`--timeout expects seconds (a number above 0), got ${JSON.stringify(value)}`);
  }
  return base;
}

/** `--shard K/N`: 1 ≤ K ≤ N. */
export function shardOption(value: string | undefined): Shard | null {
  if (value === undefined) return null;
  const m = /^(\d+)\/(\d+)$/.exec(value);
  const k = Number(m?.[1]);
  const n = Number(m?.[2]);
  if (!m || n < 1 || k < 1 || k > n)
    throw new UsageError(`--shard expects K/N with 1 ≤ K ≤ N (e.g. 2/3), got ${JSON.stringify(value)}`);
  return { k, n };
}

function duration(s: number): string {
  if (!Number.isFinite(s)) return '…';
  const r = Math.round(s);
  return r >= 3600
    ? `${Math.floor(r / 3600)}h${String(Math.floor((r % 3600) / 60)).padStart(2, '0')}m`
    : r >= 60
      ? `${Math.floor(r / 60)}m${String(r % 60).padStart(2, '0')}s`
      : `${r}s`;
}

function isFolder(p: string): boolean {
  try {
    return statSync(p).isDirectory();
  } catch {
    return false;
  }
}

/** Which outputs may be written: never over an input, nor over a file bdb analyse did not make unless forced. */
class OutputGuard {
  private readonly inputs: readonly FoundInput[];
  private readonly force: boolean;
  /** The inputs by file identity (device and inode), made when an output first exists. */
  private byFile: Map<string, string> | null = null;

  constructor(inputs: readonly FoundInput[], force: boolean) {
    this.inputs = inputs;
    this.force = force;
  }

  /** Why the task's output may not be written, or null. */
  refused(task: AnalyseTask): string | null {
    const key = fileKey(task.output);
    if (key === null) return null;
    if (this.byFile === null) {
      this.byFile = new Map();
      for (const { file } of this.inputs) {
        const k = fileKey(file);
        if (k !== null && !this.byFile.has(k)) this.byFile.set(k, file);
      }
    }
    const input = this.byFile.get(key);
    if (input !== undefined)
      return `${task.output}: is the input ${input}; bdb does not write over it: give another --out`;
    // bdb renames the statistics into place before the SGF, and its record after: an SGF of bdb's has one
    // of them beside it, even when a killed run left it without its record
    const record = recordPath(task.output);
    const stats = statsPath(task.output);
    if (!this.force && !existsSync(record) && !existsSync(stats))
      return `${task.output}: exists and was not made by bdb analyse (no ${basename(record)} nor ${basename(stats)} beside it); not replaced (give --force to replace it)`;
    return null;
  }
}

/** Runs the command; returns the exit code. */
export async function runAnalyse(paths: readonly string[], opts: AnalyseOptions): Promise<ExitCode> {
  // gnuBG reads the match from its file, and the analysis is saved by the input's path (beside it, or below
  // --out): a stream has no path
  if (paths.includes(STDIN_PATH))
    throw new UsageError(
      `analyse reads files, not standard input (${STDIN_PATH}): the analysis is saved by the file's path; save the input to a file and analyse that file`,
    );
  const plies = pliesOption(opts.plies);
  const jobs = jobsOption(opts.jobs);
  const timeoutS = timeoutOption(opts.timeout);
  const timeoutMs = timeoutS * TIMEOUT_FACTOR[plies] * 1000;
  const shard = shardOption(opts.shard);
  const maxMb = maxFileSize(opts.maxFileSize);
  const out = opts.out === undefined ? null : resolve(opts.out);
  if (opts.library !== undefined && !opts.import)
    throw new UsageError('--library names where --import adds the analysed matches: give --import too');
  let program: string;
  try {
    program = locateGnubg(opts.gnubg, userConfig().gnubg);
  } catch (e) {
    writeErr(`bdb: ${oneLine(describeFailure(opts.gnubg ?? 'gnubg', e))}\n`);
    return EXIT.someFailed;
  }
  // the --out folder is made first: one that cannot be made stops the run before any input is read
  if (out !== null) {
    try {
      makeFolders(out);
    } catch (e) {
      writeErr(`bdb: ${oneLine(outputError(out, e, 'cannot make the output folder').message)}\n`);
      return EXIT.someFailed;
    }
  }
  const met = defaultMet();
  const fail = (message: string): void => {
    bar.clear();
    writeErr(`bdb: ${oneLine(message)}\n`);
  };

  // the inputs, each with the argument it came from (outputs keep their path below it); earlier outputs
  // (bdb-analysed folders, the --out folder) are not inputs
  let missing = 0;
  const found: FoundInput[] = [];
  const seen = new Set<string>();
  const isOutput = (f: string): boolean =>
    f.split(sep).includes(DEFAULT_OUT) || (out !== null && (f === out || f.startsWith(out + sep)));
  for (const p of paths.map((x) => resolve(x))) {
    const root = isFolder(p) ? p : dirname(p);
    for (const f of inputFiles([p], {
      onMissing(path, why) {
        missing++;
        writeErr(`bdb: ${oneLine(`${path}: ${why}`)}\n`);
      },
    })) {
      if (seen.has(f.file) || isOutput(f.file)) continue;
      seen.add(f.file);
      found.push({ file: f.file, format: f.format, root });
    }
  }
  const planned = planAnalysis(
    found,
    { out, shard, met },
    (file) => readUnit([file], maxMb)[0]!.bytes,
    describeFailure,
  );
  // an output is never an input; one bdb analyse did not make (no record beside it) is replaced only with
  // --force; bdb's own outputs are made again when their input or depth changed (../output-file.ts)
  const refused: string[] = [];
  const guard = new OutputGuard(found, opts.force === true);
  const plan = {
    ...planned,
    tasks: planned.tasks.filter((t) => {
      const why = guard.refused(t);
      if (why !== null) refused.push(why);
      return why === null;
    }),
  };
  const bar = progressBar(plan.tasks.length, opts.progress !== false, 'analysing');
  for (const u of plan.unreadable) fail(u.message);
  for (const message of refused) fail(message);

  const counts = { analysed: 0, before: 0, failed: plan.unreadable.length + missing + refused.length };
  // the version check is a start of gnuBG, far shorter than a match at 0-ply: it has --timeout's time at
  // most (one that hangs, e.g. a wrapper script's child, is stopped like an analysis)
  const engine = await gnubgVersion(program, Math.min(VERSION_TIMEOUT_MS, timeoutS * 1000));
  const stopper = new AbortController();
  const onSignal = (): void => stopper.abort();
  process.once('SIGINT', onSignal);
  process.once('SIGTERM', onSignal);

  // --import: each finished match goes to the library at once, one after another
  let imports: Promise<void> = Promise.resolve();
  let imported = 0;
  // a library that cannot be opened, or whose disk failed (read-only, full), is said once: the matches after
  // it are analysed but not imported (the summary's count of imported says how many were)
  let libraryFailed = false;
  const importOne = (task: AnalyseTask): void => {
    imports = imports.then(async () => {
      if (libraryFailed) {
        counts.failed++;
        return;
      }
      let opened = false;
      const stopped = (): string => {
        libraryFailed = true;
        return `${task.output} not imported, nor the matches analysed after it`;
      };
      const mode = { readOnly: false, create: true, stopped };
      const code = await withLibrary(opts.library, mode, async (lib) => {
        opened = true;
        const importer = await LibraryImporter.start(lib, met);
        try {
          const o = await importer.add(readUnit([task.output], maxMb));
          await importer.finish();
          if (o.status === 'failed') {
            fail(o.message ?? `${task.output}: not imported`);
            return EXIT.someFailed;
          }
        } catch (e) {
          await importer.rollback();
          throw e;
        }
        imported++;
        return EXIT.ok;
      });
      if (code !== EXIT.ok) counts.failed++;
      if (code !== EXIT.ok && !opened) libraryFailed = true;
    });
  };

  const started = Date.now();
  let done = 0;
  // tasks a signal stopped under way (done, but not finished)
  let stoppedTasks = 0;
  let analysedSeconds = 0;
  const tick = (): void => {
    const left = plan.tasks.length - done;
    // time left from the pace so far (matches done here, not those found done before)
    const eta = counts.analysed > 0 ? ((Date.now() - started) / 1000 / counts.analysed) * left : Number.NaN;
    bar.tick(done, `${counts.failed > 0 ? `, ${counts.failed} failed` : ''}, ${duration(eta)} left`);
  };
  tick();
  let stopped: OutputError | null = null;
  try {
    await new AnalysePool({ program, engine, plies, timeoutMs, met }, stopper.signal).run(
      plan.tasks,
      jobs,
      (o: TaskOutcome) => {
        done++;
        if (o.status === 'analysed') {
          counts.analysed++;
          analysedSeconds += o.seconds;
        } else if (o.status === 'done before') counts.before++;
        else if (!stopper.signal.aborted) {
          counts.failed++;
          fail(o.message);
        } else stoppedTasks++;
        if (o.status !== 'failed' && opts.import) importOne(o.task);
        tick();
      },
    );
  } catch (e) {
    if (!(e instanceof OutputError)) throw e;
    stopped = e;
  } finally {
    process.off('SIGINT', onSignal);
    process.off('SIGTERM', onSignal);
  }
  await imports;
  bar.clear();
  if (stopped) {
    writeErr(`bdb: ${oneLine(stopped.message)}\n`);
    return EXIT.someFailed;
  }
  if (opts.import && imported > 0)
    await withLibrary(opts.library, { readOnly: false, create: true }, async (lib) => {
      await rebuildTotals(lib);
      return EXIT.ok;
    });
  if (stopper.signal.aborted) {
    writeErr(
      `bdb: stopped: ${counts.analysed} analysed, ${plan.tasks.length - done + stoppedTasks} not started or stopped (run again to finish)\n`,
    );
    return EXIT.someFailed;
  }
  const where = out ?? `${DEFAULT_OUT}/ beside each input`;
  const parts = [
    `${counts.analysed} analysed`,
    `${counts.before} done before`,
    `${plan.leftAlone.length} left alone (already analysed or not a transcript)`,
    `${counts.failed} failed`,
  ];
  if (shard) parts.push(`${plan.otherShards} in other shards`);
  if (opts.import) parts.push(`${imported} imported`);
  writeLines(
    `Analysed with ${engine} at ${plies}-ply into ${where}: ${parts.join(', ')}${counts.analysed > 0 ? ` (${(analysedSeconds / counts.analysed).toFixed(1)} s a match)` : ''}\n`,
  );
  if (counts.failed > 0) return EXIT.someFailed;
  if (found.length === 0 && missing === 0) {
    writeErr('bdb: no match files found\n');
    return EXIT.someFailed;
  }
  return EXIT.ok;
}

/** Adds the `analyse` command to the program. */
export function registerAnalyse(program: Command): void {
  const cmd = program
    .command('analyse')
    .alias('analyze')
    .description('analyse transcripts and unanalysed SGF files with GNU Backgammon (gnubg), in parallel')
    .argument('<paths...>', 'match files or folders (read recursively)')
    .option('--plies <n>', `analysis depth 0-4 (default ${DEFAULT_PLIES})`)
    .option('--jobs <n>', 'gnuBG processes at once (default: one per core)')
    .option('--out <dir>', `where the analysed SGFs go (default: a ${DEFAULT_OUT}/ folder beside each input)`)
    .option('--import', "add each analysed match to the player's library")
    .option('--force', 'replace an SGF at an output path that bdb analyse did not make')
    .option(
      '--timeout <seconds>',
      `a match's time at 0-ply before gnuBG is stopped (default ${DEFAULT_TIMEOUT_S}; ×5, ×60, ×600, ×3000 at 1-4 plies)`,
    )
    .option(
      '--gnubg <path>',
      'the gnuBG program (default: $GNUBG, then bdb config gnubg, gnubg on PATH, the usual places)',
    )
    .option('--shard <k/n>', 'take share K of N of the inputs (by content), for N machines');
  maxFileSizeOption(libraryOption(cmd))
    .option('--no-progress', 'no progress bar on stderr')
    .action(async (paths: string[], opts: AnalyseOptions) => {
      process.exitCode = await runAnalyse(paths, opts);
    });
}
