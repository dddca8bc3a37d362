/**
 * What a worker thread of a reading command does to one match unit (and the main thread too, for a copy
 * whose original failed): parse it, identify it, and make its per-match report. The same function on
 * either thread, so `--jobs N` gives what one thread gives.
 */

import type { Met } from '../met/index.js';
import { loadMetFile } from '../met/xml.js';
import type { IntervalMethod } from '../metrics/bootstrap.js';
import type { ErrorThresholds } from '../metrics/difficulty.js';
import { defaultMet, type MatchReport, matchKey, reportMatch } from '../metrics/match-report.js';
import { type FilteredFields, type MatchFilter, matchFields, passesFilter } from '../model/filter.js';
import { type Detected, parseMatchFiles } from '../parsers/index.js';
import { describeFailure } from './failure.js';

/** How the reports are made: the same settings on every thread. */
export interface ReportJob {
  readonly thresholds: ErrorThresholds;
  readonly interval: IntervalMethod;
  /** `--met FILE`, or null for the bundled table (each thread loads it once). */
  readonly metFile: string | null;
  readonly filter: MatchFilter | undefined;
  /** Every reading counts (`--all-readings`): no identity is needed. */
  readonly allReadings: boolean;
}

/** What became of one unit. */
export type ReportOutcome =
  | {
      readonly ok: true;
      /** The match's identity ({@link matchKey}: a hash, not the long text), null when every reading counts or it has none. */
      readonly key: string | null;
      readonly fields: FilteredFields;
      /** Null when the filter leaves the match out. */
      readonly report: MatchReport | null;
    }
  | { readonly ok: false; readonly message: string };

/** The table of a job: the bundled one, or `--met FILE` (read once per thread; the main thread checked it). */
export function jobMet(job: ReportJob): Met {
  return job.metFile === null ? defaultMet() : loadMetFile(job.metFile);
}

/**
 * Parses (with the format told when its files were found), identifies and reports one unit named `name` in
 * messages; a failure is its one-line message.
 */
export function runReportJob(
  unit: { readonly format: Detected; readonly inputs: { file: string; bytes: Uint8Array }[] },
  name: string,
  job: ReportJob,
  met: Met,
): ReportOutcome {
  try {
    const { match, warnings } = parseMatchFiles(unit.inputs, met, unit.format);
    const key = job.allReadings ? null : matchKey(match);
    const fields = matchFields(match);
    const wanted = job.filter === undefined || passesFilter(job.filter, fields);
    const report = wanted
      ? reportMatch(match, met, match.format, warnings, job.thresholds, job.interval)
      : null;
    return { ok: true, key, fields, report };
  } catch (e) {
    // the user's bad input, or a bug in bdb: reported, and fatal to this unit only, not to the batch
    return { ok: false, message: describeFailure(name, e) };
  }
}
