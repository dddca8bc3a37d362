/**
 * `bdb import` on every core: worker threads parse units and make their rows while the main thread reads
 * files, skips the unchanged ones by their hash and stores results in input order (so the first file of a
 * match holds it, as on one thread). With `workers: 0` the main thread parses too, and goes on parsing the
 * next units while DuckDB loads and commits a batch on its own threads (LibraryImporter.busy).
 */
import { setImmediate as nextTurn } from 'node:timers/promises';
import { Worker } from 'node:worker_threads';
import { ownBuffers } from '../core/transfer.js';
import type { Detected } from '../parsers/index.js';
import {
  contentKey,
  type ImportOutcome,
  type LibraryImporter,
  type Prepared,
  type StoredFile,
  storedFiles,
  type UnitFile,
} from './import.js';
import type { WorkerReply, WorkerRequest } from './import-worker.js';

/** The size of a unit's file, whether its bytes are here or went to a worker. */
function sizeOf(f: StoredFile | UnitFile): number {
  return 'size' in f ? f.size : f.bytes.length;
}

/** How to run. */
export interface PoolOptions {
  /** Worker threads; 0 parses on the main thread. */
  readonly workers: number;
  /**
   * Stops the import between two units once aborted (Ctrl-C): the units stored so far stay in the open
   * transaction, for the caller to commit; those read or parsed ahead are dropped (their reserved match ids
   * are gaps).
   */
  readonly signal?: AbortSignal;
}

/** Parses units in worker threads, each taking the next unit when it is free. */
class WorkerPool {
  private readonly workers: Worker[];
  private readonly waiting = new Map<number, (p: Prepared) => void>();
  private readonly queue: WorkerRequest[] = [];
  private readonly idle: Worker[];
  error: Error | null = null;

  constructor(count: number) {
    this.workers = Array.from(
      { length: count },
      () => new Worker(new URL('./import-worker.js', import.meta.url)),
    );
    this.idle = [...this.workers];
    for (const w of this.workers) {
      w.on('message', (r: WorkerReply) => {
        this.idle.push(w);
        this.dispatch();
        this.waiting.get(r.seq)?.(r.prepared);
        this.waiting.delete(r.seq);
      });
      w.on('error', (e) => {
        this.error = e;
        for (const resolve of this.waiting.values())
          resolve({ ok: false, format: null, message: `internal error (please report): ${e.message}` });
        this.waiting.clear();
      });
    }
  }

  /** The unit's result; its bytes are transferred to the worker. */
  parse(req: WorkerRequest): Promise<Prepared> {
    const result = new Promise<Prepared>((resolve) => this.waiting.set(req.seq, resolve));
    this.queue.push(req);
    this.dispatch();
    return result;
  }

  private dispatch(): void {
    while (this.idle.length > 0 && this.queue.length > 0) {
      const req = this.queue.shift()!;
      this.idle.pop()!.postMessage(
        req,
        req.files.map((f) => f.bytes.buffer as ArrayBuffer),
      );
    }
  }

  async close(): Promise<void> {
    await Promise.all(this.workers.map((w) => w.terminate()));
  }
}

/** How long units are stored one after another before the event loop gets a turn, in ms. */
const TURN_MS = 20;

/**
 * Imports `units` in order, each parsed with the format told when its files were found; `read` gives a
 * unit's files (it may throw: that unit fails with `onReadError`'s message), `onOutcome` hears each unit's
 * outcome in input order, up to the last stored when `opts.signal` stops it.
 */
export async function importUnits<U extends { readonly format: Detected }>(
  importer: LibraryImporter,
  units: readonly U[],
  read: (unit: U) => UnitFile[],
  onReadError: (unit: U, e: unknown) => ImportOutcome,
  onOutcome: (o: ImportOutcome) => void,
  opts: PoolOptions,
): Promise<void> {
  const pool = opts.workers > 0 ? new WorkerPool(opts.workers) : null;
  try {
    // in flight: a window of units, stored strictly in order as their results arrive
    type Slot =
      | { kind: 'done'; outcome: ImportOutcome }
      // unchanged when read; checked again at its turn (a unit stored before it may have replaced its match)
      | { kind: 'unchanged'; files: UnitFile[]; hashes: string[]; format: Detected }
      | { kind: 'parse'; files: StoredFile[]; hashes: string[]; result: Promise<Prepared> }
      | { kind: 'copy'; files: UnitFile[]; hashes: string[]; format: Detected };
    const window: Slot[] = [];
    // enough units that a long match does not leave the other workers idle (or, here, that a commit does not
    // leave the main thread idle), bounded in bytes
    const limit = Math.max(1, opts.workers) * 64;
    const maxBytes = 64 * 1024 * 1024;
    let inFlight = 0;
    let next = 0;
    let seq = 0;
    // the contents sent to be parsed: a later unit with the same bytes is not sent (importer.isCopy)
    const pending = new Set<string>();
    const submit = (u: U): Slot => {
      let files: UnitFile[];
      try {
        files = read(u);
      } catch (e) {
        return { kind: 'done', outcome: onReadError(u, e) };
      }
      const hashes = importer.hashes(files);
      const { format } = u;
      if (importer.unchanged(files, hashes)) return { kind: 'unchanged', files, hashes, format };
      if (importer.isCopy(files, hashes, pending)) return { kind: 'copy', files, hashes, format };
      pending.add(contentKey(hashes));
      const matchId = importer.reserveId();
      // the main thread keeps names and sizes only: the bytes are parsed here, or transferred to a worker
      const stored = storedFiles(files);
      const result =
        pool === null
          ? Promise.resolve(importer.prepare(files, matchId, format))
          : pool.parse({ seq: seq++, matchId, format, files: ownBuffers(files) });
      return { kind: 'parse', files: stored, hashes, result };
    };
    const outcomeOf = async (slot: Slot): Promise<ImportOutcome> => {
      switch (slot.kind) {
        case 'done':
          return slot.outcome;
        case 'unchanged':
          return importer.unchanged(slot.files, slot.hashes)
            ? { status: 'unchanged', file: slot.files[0]!.file }
            : importer.add(slot.files, slot.format);
        case 'copy':
          return importer.storeCopy(slot.files, slot.hashes, slot.format);
        case 'parse':
          return importer.store(slot.files, slot.hashes, await slot.result);
      }
    };
    const stopped = (): boolean => opts.signal?.aborted === true;
    let lastTurn = Date.now();
    // workers: keep the window full; here: parse ahead only while a commit is in flight
    const room = (): boolean =>
      !stopped() &&
      next < units.length &&
      (window.length === 0 ||
        (window.length < limit && inFlight < maxBytes && (pool !== null || importer.busy)));
    while ((next < units.length || window.length > 0) && !stopped()) {
      while (room()) {
        const slot = submit(units[next++]!);
        if (slot.kind !== 'done') for (const f of slot.files) inFlight += sizeOf(f);
        window.push(slot);
        // here, let the commit's steps go on (and busy change) between two units
        if (pool === null && importer.busy) await nextTurn();
      }
      const slot = window.shift()!;
      onOutcome(await outcomeOf(slot));
      if (slot.kind !== 'done') for (const f of slot.files) inFlight -= sizeOf(f);
      if (pool?.error) throw pool.error;
      // a turn of the event loop now and then: a signal's handler (Ctrl-C) runs only there, and a run of
      // units stored without a commit in flight awaits nothing else (the stop came after the last unit)
      if (Date.now() - lastTurn >= TURN_MS) {
        await nextTurn();
        lastTurn = Date.now();
      }
    }
  } finally {
    await pool?.close();
  }
}
