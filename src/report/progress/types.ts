/** `bdb progress`' typed result and how its table is laid out. */
import type { ProgressReport } from '../../history/progress-types.js';
import type { JsonDuplicate, JsonFailure, JsonSettings } from '../json.js';
import type { TableView } from '../view.js';

/** What a run gives: the followed person's periods, with the files that failed. */
export interface ProgressResult {
  readonly report: ProgressReport;
  readonly settings: JsonSettings;
  readonly failures: readonly JsonFailure[];
  readonly duplicates: readonly JsonDuplicate[];
}

/** The table's layout: its width, plain ASCII or not. */
export type ProgressView = TableView;
