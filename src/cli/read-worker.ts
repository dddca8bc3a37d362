/**
 * A worker thread of a reading command (`--jobs`): parses and reports the units the main thread sends
 * (their bytes transferred, not copied) with the job's settings, and sends each outcome back. The main
 * thread hands them on in input order.
 */
import { workerData } from 'node:worker_threads';
import { serveTasks } from '../core/worker-pool.js';
import type { Detected } from '../parsers/index.js';
import { jobMet, type ReportJob, type ReportOutcome, runReportJob } from './read-job.js';

/** A unit sent to a worker, with the format told when its files were found. */
export interface ReadRequest {
  readonly name: string;
  readonly format: Detected;
  readonly inputs: { file: string; bytes: Uint8Array }[];
}

const job = workerData as ReportJob;
const met = jobMet(job);

serveTasks((req: ReadRequest): ReportOutcome => runReportJob(req, req.name, job, met));
