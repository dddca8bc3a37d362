/**
 * `bdb import` on every core: worker threads parse units and make their rows while the main thread reads
 * files, skips the unchanged ones by their hash and stores results in input order (so the first file of a
 * match holds it, as on one thread). With `workers: 0` everything runs on the main thread.
 */
import { Worker } from 'node:worker_threads';
import { ownBuffers } from '../transfer.js';
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
}

/**
 * Imports `units` in order; `read` gives a unit's files (it may throw: that unit fails with `onReadError`'s
 * message), `onOutcome` hears each unit's outcome in input order.
 */
export async function importUnits<U>(
  importer: LibraryImporter,
  units: readonly U[],
  read: (unit: U) => UnitFile[],
  onReadError: (unit: U, e: unknown) => ImportOutcome,
  onOutcome: (o: ImportOutcome) => void,
  opts: PoolOptions,
): Promise<void> {
  if (opts.workers <= 0) {
    for (const u of units) {
      let files: UnitFile[];
      try {
        files = read(u);
      } catch (e) {
        onOutcome(onReadError(u, e));
        continue;
      }
      onOutcome(await importer.add(files));
    }
    return;
  }
  const workers = Array.from(
    { length: opts.workers },
    () => new Worker(new URL('./import-worker.js', import.meta.url)),
  );
  const waiting = new Map<number, (p: Prepared) => void>();
  const failure: { error: Error | null } = { error: null };
  // each worker takes the next unit when it is free (a long match does not hold the others back)
  const queue: WorkerRequest[] = [];
  const idle: Worker[] = [...workers];
  const dispatch = (): void => {
    while (idle.length > 0 && queue.length > 0) {
      const req = queue.shift()!;
      idle.pop()!.postMessage(
        req,
        req.files.map((f) => f.bytes.buffer as ArrayBuffer),
      );
    }
  };
  for (const w of workers) {
    w.on('message', (r: WorkerReply) => {
      idle.push(w);
      dispatch();
      waiting.get(r.seq)?.(r.prepared);
      waiting.delete(r.seq);
    });
    w.on('error', (e) => {
      failure.error = e;
      for (const resolve of waiting.values())
        resolve({ ok: false, format: null, message: `internal error (please report): ${e.message}` });
      waiting.clear();
    });
  }
  try {
    // in flight: a window of units, stored strictly in order as their results arrive
    type Slot =
      | { kind: 'done'; outcome: ImportOutcome }
      | { kind: 'parse'; files: StoredFile[]; hashes: string[]; result: Promise<Prepared> }
      | { kind: 'copy'; files: UnitFile[]; hashes: string[] };
    const window: Slot[] = [];
    // enough units that a long match does not leave the other workers idle, bounded in bytes
    const limit = opts.workers * 64;
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
      const hashes = importer.check(files);
      if (hashes === null) return { kind: 'done', outcome: { status: 'unchanged', file: files[0]!.file } };
      if (importer.isCopy(files, hashes, pending)) return { kind: 'copy', files, hashes };
      pending.add(contentKey(hashes));
      const s = seq++;
      const result = new Promise<Prepared>((resolve) => waiting.set(s, resolve));
      // the bytes go to the worker (transferred: the main thread keeps names and sizes only)
      const stored = storedFiles(files);
      const req: WorkerRequest = {
        seq: s,
        matchId: importer.reserveId(),
        files: ownBuffers(files),
      };
      queue.push(req);
      dispatch();
      return { kind: 'parse', files: stored, hashes, result };
    };
    while (next < units.length || window.length > 0) {
      while (next < units.length && window.length < limit && (inFlight < maxBytes || window.length === 0)) {
        const slot = submit(units[next++]!);
        if (slot.kind !== 'done') for (const f of slot.files) inFlight += sizeOf(f);
        window.push(slot);
      }
      const slot = window.shift()!;
      if (slot.kind === 'done') onOutcome(slot.outcome);
      else {
        onOutcome(
          slot.kind === 'copy'
            ? await importer.storeCopy(slot.files, slot.hashes)
            : await importer.store(slot.files, slot.hashes, await slot.result),
        );
        for (const f of slot.files) inFlight -= sizeOf(f);
      }
      if (failure.error) throw failure.error;
    }
  } finally {
    await Promise.all(workers.map((w) => w.terminate()));
  }
}
