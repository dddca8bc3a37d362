/**
 * `--jobs N` for `bdb stats` on files: worker threads parse and report the match units while the main
 * thread reads the files, sets byte-identical copies aside and hands the reports on strictly in input
 * order, through the same bookkeeping as one thread ({@link ReadRun}): the output, its order, every figure,
 * the duplicates and the failures are those of `--jobs 1`. A window of units is in flight (bounded in count
 * and bytes), so memory does not grow with the number of files.
 *
 * Not the default: on 2 cores, sending each report back (structured clone) and each worker's own heap and
 * collector cost more than the parsing they take over (1,777 Galaxy transcripts: 1.15× the wall time of
 * one thread with 2 workers, 1.14× with 1).
 */
import { Worker } from 'node:worker_threads';
import { ownBuffers } from '../core/transfer.js';
import type { MatchReport } from '../metrics/match-report.js';
import type { MatchInputResult, ReadMatchesOptions, ReadUnit } from './match-input.js';
import { ReadRun } from './match-input.js';
import { jobMet, type ReportJob, type ReportOutcome, runReportJob } from './read-job.js';
import type { ReadReply, ReadRequest } from './read-worker.js';

/** Units per worker below which a worker is not worth its start (about 0.1 s of loading modules). */
const UNITS_PER_WORKER = 4;
/** Units in flight per worker, and bytes in flight at most. */
const WINDOW_PER_WORKER = 16;
const WINDOW_BYTES = 64 * 1024 * 1024;

/** How many workers read `units` units with `jobs` allowed: none for a few units. */
export function poolSize(jobs: number, units: number): number {
  return Math.min(jobs, Math.floor(units / UNITS_PER_WORKER));
}

/** A unit in the window: its outcome to come from a worker, or a copy of a unit still in flight. */
type Slot =
  | {
      readonly kind: 'parse';
      readonly unit: ReadUnit;
      readonly bytes: number;
      readonly outcome: Promise<ReportOutcome>;
    }
  | { readonly kind: 'copy'; readonly unit: ReadUnit };

/**
 * Reads every match under `paths` with up to `jobs` worker threads, calling `onReport` for each match
 * handed on, in input order (an exception thrown by it fails that file only).
 */
export async function readReportsPooled(
  paths: readonly string[],
  job: ReportJob,
  onReport: (r: MatchReport) => void,
  opts: ReadMatchesOptions & { readonly jobs: number },
): Promise<MatchInputResult> {
  const run = new ReadRun(opts);
  const units = run.units(paths);
  const n = poolSize(opts.jobs, units.length);
  let met: ReturnType<typeof jobMet> | null = null;
  // on the main thread: a copy whose original failed (parsed again, to say its own failure), or no worker
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
  if (n === 0) {
    for (const unit of units) {
      const u = run.read(unit);
      if (u !== null) deliver(u, here(u));
    }
    return run.finish();
  }
  const workers = Array.from(
    { length: n },
    () => new Worker(new URL('./read-worker.js', import.meta.url), { workerData: job }),
  );
  const idle: Worker[] = [...workers];
  const queue: ReadRequest[] = [];
  const waiting = new Map<number, (o: ReportOutcome) => void>();
  const busy = new Map<Worker, ReadRequest>();
  let alive = workers.length;
  const failAll = (message: string): void => {
    for (const req of queue.splice(0)) {
      waiting.get(req.seq)?.({
        ok: false,
        message: `${req.name}: internal error (please report): ${message}`,
      });
      waiting.delete(req.seq);
    }
  };
  let lastError = '';
  const dispatch = (): void => {
    // every worker gone (a bug): what is left fails, one line each, instead of waiting for ever
    if (alive === 0) failAll(lastError);
    while (idle.length > 0 && queue.length > 0) {
      const req = queue.shift()!;
      const w = idle.pop()!;
      busy.set(w, req);
      w.postMessage(
        req,
        req.inputs.map((f) => f.bytes.buffer as ArrayBuffer),
      );
    }
  };
  for (const w of workers) {
    w.on('message', (r: ReadReply) => {
      busy.delete(w);
      idle.push(w);
      dispatch();
      waiting.get(r.seq)?.(r.outcome);
      waiting.delete(r.seq);
    });
    // a worker that dies (out of memory: a bug) fails the unit it held; the others go on
    w.on('error', (e) => {
      alive--;
      lastError = e.message;
      const req = busy.get(w);
      busy.delete(w);
      const i = idle.indexOf(w);
      if (i >= 0) idle.splice(i, 1);
      if (req !== undefined) {
        waiting.get(req.seq)?.({
          ok: false,
          message: `${req.name}: internal error (please report): ${e.message}`,
        });
        waiting.delete(req.seq);
      }
      dispatch();
    });
  }
  try {
    const window: Slot[] = [];
    // the bytes of the units in flight, to set their copies aside until the original is known
    const pending = new Set<string>();
    let inFlight = 0;
    let seq = 0;
    let next = 0;
    const submit = (u: ReadUnit): Slot => {
      if (u.bytesKey !== null && pending.has(u.bytesKey)) return { kind: 'copy', unit: u };
      if (u.bytesKey !== null) pending.add(u.bytesKey);
      const s = seq++;
      const outcome = new Promise<ReportOutcome>((resolve) => waiting.set(s, resolve));
      const bytes = u.inputs.reduce((t, f) => t + f.bytes.length, 0);
      queue.push({
        seq: s,
        name: u.name,
        format: u.format,
        inputs: ownBuffers(u.inputs),
      });
      dispatch();
      return { kind: 'parse', unit: u, bytes, outcome };
    };
    while (next < units.length || window.length > 0) {
      while (
        next < units.length &&
        window.length < n * WINDOW_PER_WORKER &&
        (inFlight < WINDOW_BYTES || window.length === 0)
      ) {
        const u = run.read(units[next++]!);
        if (u === null) continue;
        const slot = submit(u);
        if (slot.kind === 'parse') inFlight += slot.bytes;
        window.push(slot);
      }
      const slot = window.shift();
      if (slot === undefined) continue;
      if (slot.kind === 'parse') {
        const outcome = await slot.outcome;
        inFlight -= slot.bytes;
        if (slot.unit.bytesKey !== null) pending.delete(slot.unit.bytesKey);
        deliver(slot.unit, outcome);
      } else if (!run.isCopy(slot.unit)) {
        // its original failed or has no identity: read as itself
        deliver(slot.unit, here(slot.unit));
      }
    }
  } finally {
    await Promise.all(workers.map((w) => w.terminate()));
  }
  return run.finish();
}
