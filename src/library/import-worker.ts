/**
 * A worker thread of `bdb import`: parses the units the main thread sends (their bytes transferred, not
 * copied), makes their rows and compresses their bytes ({@link prepareUnit}), and sends the result back
 * (those bytes transferred too). The main thread keeps the library and stores results in input order.
 */
import { serveTasks } from '../core/worker-pool.js';
import { defaultMet } from '../metrics/match-report.js';
import type { Detected } from '../parsers/index.js';
import { type Prepared, prepareUnit, type UnitFile } from './import.js';

/** A unit sent to a worker. */
export interface WorkerRequest {
  /** The id the unit's match is stored under. */
  readonly matchId: number;
  /** The format told when the unit's files were found. */
  readonly format: Detected;
  readonly files: UnitFile[];
}

const met = defaultMet();

serveTasks(
  (req: WorkerRequest): Prepared => prepareUnit(met, req.files, req.matchId, req.format),
  (prepared) =>
    prepared.ok
      ? [...prepared.compressed, prepared.rows.decisionsCsv].map((d) => d.buffer as ArrayBuffer)
      : [],
);
