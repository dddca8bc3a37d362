/**
 * `--jobs N` for `bdb stats` on files: N threads parse and report the match units, the main thread and N − 1
 * workers. The main thread reads the files, sets byte-identical copies aside, hands the reports on strictly
 * in input order through the same bookkeeping as one thread ({@link ReadRun}), and while it waits for a
 * worker's report it parses the newest unit no worker has taken (`help`): the output, its order, every
 * figure, the duplicates and the failures are those of `--jobs 1`. The ordered pool ({@link runInOrder})
 * keeps a window of units in flight (bounded in count and bytes), so memory does not grow with the number
 * of files.
 *
 * Without `--jobs`, workers read a folder of {@link AUTO_MIN_UNITS} units or more: one per core beyond the
 * main thread, {@link AUTO_MAX_THREADS} threads at most. On 2 cores (one worker), `bdb stats --json` on one
 * player's bench matches (SGF, about 340 KB each) took 0.55× the wall time of the main thread alone on
 * 10,000 (23.2 against 42.2 s, one run each), 0.70× on 1,000 (3.0–3.2 against 4.3–4.7 s), 0.91× on 300 and
 * 0.90× on 150 (5 pairs each, in turn); on the 1,777 Galaxy transcripts 0.88×; on the 73 reference SGFs
 * (0.45 s of parsing) 1.0×: a worker's start and the warming of its own compiled code cost what it saves
 * (bench/README.md, jobs section). The price: about 1.3× the CPU time, and a worker's heap (40 MB, most of
 * it its young generation): peak RSS 185 against 145 MB on 1,000 matches, 232 against 166 MB on 10,000.
 * When the main thread only handed units out, two workers took 1.0× the wall time of one thread.
 */
import { availableParallelism } from 'node:os';
import { buffersOf, ownBuffers, runInOrder, type TaskOutcome } from '../core/worker-pool.js';
import type { MatchReport } from '../metrics/match-report.js';
import type { MatchInputResult, ReadMatchesOptions, ReadUnit } from './match-input.js';
import { ReadRun } from './match-input.js';
import { jobMet, type ReportJob, type ReportOutcome, runReportJob } from './read-job.js';
import type { ReadRequest } from './read-worker.js';

/** Units per worker below which a worker is not worth its start (about 0.1 s of loading modules). */
const UNITS_PER_WORKER = 4;
/** Without `--jobs`: units from which workers read (break-even at 73 reference SGFs, 0.90× the wall at 150). */
export const AUTO_MIN_UNITS = 100;
/**
 * Without `--jobs`: threads at most (the main one and three workers), each worker's heap costing about 40 MB;
 * measured on 2 cores only (one worker).
 */
export const AUTO_MAX_THREADS = 4;
/** Units in flight per worker, and bytes in flight at most. */
const WINDOW_PER_WORKER = 16;
const WINDOW_BYTES = 64 * 1024 * 1024;

/**
 * How many workers read `units` units with `jobs` threads allowed: the main thread is one of them (it parses
 * while it waits for the workers), so `jobs - 1`; none for a few units. `auto` (no `--jobs`): one per core
 * beyond the main thread, up to {@link AUTO_MAX_THREADS} threads, from {@link AUTO_MIN_UNITS} units.
 */
export function poolSize(jobs: number | 'auto', units: number, cores = availableParallelism()): number {
  if (jobs === 'auto') return units < AUTO_MIN_UNITS ? 0 : Math.max(0, Math.min(cores, AUTO_MAX_THREADS) - 1);
  return Math.max(0, Math.min(jobs - 1, Math.floor(units / UNITS_PER_WORKER)));
}

/**
 * Reads every match under `paths` with up to `jobs` worker threads, calling `onReport` for each match
 * handed on, in input order (an exception thrown by it fails that file only).
 */
export async function readReportsPooled(
  paths: readonly string[],
  job: ReportJob,
  onReport: (r: MatchReport) => void,
  opts: ReadMatchesOptions & { readonly jobs: number | 'auto' },
): Promise<MatchInputResult> {
  const run = new ReadRun(opts);
  const units = run.units(paths);
  const workers = poolSize(opts.jobs, units.length);
  let met: ReturnType<typeof jobMet> | null = null;
  // on the main thread: a copy whose original failed (parsed again, to say its own failure), no worker, or
  // while it waits for a worker. What a worker does (src/cli/read-worker.ts): with workers there are several
  // units, so `run.compares` is false only under --all-readings, which `job` already says.
  const here = (u: ReadUnit): ReportOutcome => {
    met ??= jobMet(job);
    return runReportJob(u, u.name, run.compares ? job : { ...job, allReadings: true }, met);
  };
  const deliver = (u: ReadUnit, o: ReportOutcome): void => {
    if (!o.ok) {
      run.fail(u.name, o.message);
      return;
    }
    if (!run.admit(u, o.key, o.fields) || o.report === null) return;
    try {
      onReport(o.report);
    } catch (e) {
      run.fail(u.name, `${u.name}: internal error (please report): ${(e as Error).message}`);
    }
  };
  // the bytes of the units in flight, to set their copies aside until the original is known
  const pending = new Set<string>();
  await runInOrder(
    units,
    {
      take(unit) {
        const u = run.read(unit);
        if (u === null) return null;
        // a copy of a unit in flight: no work, settled at its turn
        if (u.bytesKey !== null && pending.has(u.bytesKey)) return { keep: u, work: null, size: 0 };
        if (u.bytesKey !== null) pending.add(u.bytesKey);
        return { keep: u, work: u, size: u.inputs.reduce((t, f) => t + f.bytes.length, 0) };
      },
      send(u) {
        const inputs = ownBuffers(u.inputs);
        const message: ReadRequest = { name: u.name, format: u.format, inputs };
        return { message, transfer: buffersOf(inputs) };
      },
      here,
      settle(u, outcome: TaskOutcome<ReportOutcome> | null) {
        if (outcome === null) {
          // its original failed or has no identity: read as itself
          if (!run.isCopy(u)) deliver(u, here(u));
          return;
        }
        if (u.bytesKey !== null) pending.delete(u.bytesKey);
        deliver(
          u,
          outcome.ok
            ? outcome.value
            : { ok: false, message: `${u.name}: internal error (please report): ${outcome.error.message}` },
        );
      },
    },
    {
      module: new URL('./read-worker.js', import.meta.url),
      workers,
      workerData: job,
      window: workers * WINDOW_PER_WORKER,
      windowBytes: WINDOW_BYTES,
      help: true,
    },
  );
  return run.finish();
}
