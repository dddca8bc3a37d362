/**
 * `bdb import` on every core: worker threads parse units and make their rows while the main thread reads
 * files, skips the unchanged ones by their hash and stores results in input order (so the first file of a
 * match holds it, as on one thread), through the ordered pool ({@link runInOrder}). With `workers: 0` the
 * main thread parses too, and goes on parsing the next units while DuckDB loads and commits a batch on its
 * own threads (LibraryImporter.busy).
 */
import { buffersOf, ownBuffers, runInOrder, type Taken, type TaskOutcome } from '../core/worker-pool.js';
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
import type { WorkerRequest } from './import-worker.js';

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

/** A unit in the window, stored at its turn. */
type Slot =
  | { kind: 'done'; outcome: ImportOutcome }
  // unchanged when read; checked again at its turn (a unit stored before it may have replaced its match)
  | { kind: 'unchanged'; files: UnitFile[]; hashes: string[]; format: Detected }
  // parsed here or in a worker: the main thread keeps names and sizes only
  | { kind: 'parse'; files: StoredFile[]; hashes: string[] }
  | { kind: 'copy'; files: UnitFile[]; hashes: string[]; format: Detected };

/** Bytes in flight at most; units in flight per worker (or, here, ahead of a commit). */
const WINDOW_BYTES = 64 * 1024 * 1024;
const WINDOW_PER_WORKER = 64;

/** The bytes of a unit's files, whether they are here or went to be parsed. */
function sizeOf(files: readonly (StoredFile | UnitFile)[]): number {
  return files.reduce((t, f) => t + ('size' in f ? f.size : f.bytes.length), 0);
}

/** A unit's rows made by a worker (or here), or the error that stopped it as the unit's failure. */
function preparedOf(files: readonly StoredFile[], outcome: TaskOutcome<Prepared>): Prepared {
  if (outcome.ok) return outcome.value;
  const message = `${files[0]!.file}: internal error (please report): ${outcome.error.message}`;
  return { ok: false, format: null, message };
}

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
  // the contents sent to be parsed: a later unit with the same bytes is not sent (importer.isCopy)
  const pending = new Set<string>();
  const take = (u: U): Taken<Slot, WorkerRequest> => {
    let files: UnitFile[];
    try {
      files = read(u);
    } catch (e) {
      return { keep: { kind: 'done', outcome: onReadError(u, e) }, work: null, size: 0 };
    }
    const hashes = importer.hashes(files);
    const { format } = u;
    const kind = importer.unchanged(files, hashes)
      ? 'unchanged'
      : importer.isCopy(files, hashes, pending)
        ? 'copy'
        : null;
    if (kind !== null) return { keep: { kind, files, hashes, format }, work: null, size: sizeOf(files) };
    pending.add(contentKey(hashes));
    const work = { matchId: importer.reserveId(), format, files };
    return { keep: { kind: 'parse', files: storedFiles(files), hashes }, work, size: sizeOf(files) };
  };
  const outcomeOf = async (slot: Slot, outcome: TaskOutcome<Prepared> | null): Promise<ImportOutcome> => {
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
        return importer.store(slot.files, slot.hashes, preparedOf(slot.files, outcome!));
    }
  };
  const settle = async (slot: Slot, outcome: TaskOutcome<Prepared> | null): Promise<void> => {
    onOutcome(await outcomeOf(slot, outcome));
    // a worker that died (a bug) stops the import: the caller rolls the open transaction back
    if (outcome?.ok === false && outcome.crashed) throw outcome.error;
  };
  await runInOrder(
    units,
    {
      take,
      send(w) {
        const files = ownBuffers(w.files);
        return { message: { ...w, files } satisfies WorkerRequest, transfer: buffersOf(files) };
      },
      here: (w) => importer.prepare(w.files, w.matchId, w.format),
      settle,
    },
    {
      module: new URL('./import-worker.js', import.meta.url),
      workers: opts.workers,
      // enough units that a long match does not leave the other workers idle (or, here, that a commit does
      // not leave the main thread idle), bounded in bytes
      window: Math.max(1, opts.workers) * WINDOW_PER_WORKER,
      windowBytes: WINDOW_BYTES,
      // here: parse ahead only while a commit is in flight
      ahead: () => importer.busy,
      signal: opts.signal,
    },
  );
}
