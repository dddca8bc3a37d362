/** `bdb scout`'s typed result and how its text is laid out. */
import type { JsonSettings } from '../json.js';
import type { TableView } from '../view.js';
import type { ScoutReport } from './data.js';

/** What a run gives: the opponent's page, with the library read and the files it could not import. */
export interface ScoutResult {
  readonly settings: JsonSettings;
  /** The library read (its path). */
  readonly library: string;
  /** The opponent's matches read (with the filters). */
  readonly read: number;
  readonly report: ScoutReport;
  readonly failures: readonly { file: string; message: string }[];
  readonly duplicates: readonly { file: string; sameAs: string }[];
}

/** The text's layout: width and plain ASCII. */
export type ScoutView = TableView;
