/**
 * A worker thread of a reading command (`--jobs`): parses and reports the units the main thread sends
 * (their bytes transferred, not copied) with the job's settings, and sends each outcome back. The main
 * thread hands them on in input order.
 */
import { parentPort, workerData } from 'node:worker_threads';
import type { Detected } from '../parsers/index.js';
import { jobMet, type ReportJob, type ReportOutcome, runReportJob } from './read-job.js';

/** A unit sent to a worker, with the format told when its files were found. */
export interface ReadRequest {
  readonly seq: number;
  readonly name: string;
  readonly format: Detected;
  readonly inputs: { file: string; bytes: Uint8Array }[];
}

/** A worker's answer. */
export interface ReadReply {
  readonly seq: number;
  readonly outcome: ReportOutcome;
}

const job = workerData as ReportJob;
const met = jobMet(job);

parentPort?.on('message', (req: ReadRequest) => {
  const outcome = runReportJob(req, req.name, job, met);
  parentPort!.postMessage({ seq: req.seq, outcome } satisfies ReadReply);
});
