/**
 * A worker thread of `bdb import`: parses the units the main thread sends (their bytes transferred, not
 * copied), makes their rows and compresses their bytes ({@link prepareUnit}), and sends the result back. The
 * main thread keeps the library and stores results in input order.
 */
import { parentPort } from 'node:worker_threads';
import { defaultMet } from '../metrics/match-report.js';
import type { Detected } from '../parsers/index.js';
import { type Prepared, prepareUnit, type UnitFile } from './import.js';

/** A unit sent to a worker. */
export interface WorkerRequest {
  readonly seq: number;
  /** The id the unit's match is stored under. */
  readonly matchId: number;
  /** The format told when the unit's files were found. */
  readonly format: Detected;
  readonly files: UnitFile[];
}

/** A worker's answer. */
export interface WorkerReply {
  readonly seq: number;
  readonly prepared: Prepared;
}

const met = defaultMet();

parentPort?.on('message', (req: WorkerRequest) => {
  const prepared = prepareUnit(met, req.files, req.matchId, req.format);
  const transfer = prepared.ok
    ? [...prepared.compressed, prepared.rows.decisionsCsv].map((d) => d.buffer as ArrayBuffer)
    : [];
  parentPort!.postMessage({ seq: req.seq, prepared } satisfies WorkerReply, transfer);
});
