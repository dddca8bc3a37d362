/** `bdb study`'s typed results (the before/after of the studied families, the list of marks). */
import type { DrilledPosition, StudyMark, StudyReport } from '../../history/study.js';
import type { JsonDuplicate, JsonFailure, JsonSettings } from '../json.js';
import type { TableView } from '../view.js';

/** `bdb study`: the followed person's families before and after their study marks. */
export interface StudyResult {
  readonly report: StudyReport;
  readonly settings: JsonSettings;
  readonly failures: readonly JsonFailure[];
  /** The files the library set aside at import, as `bdb stats --library` lists them. */
  readonly duplicates: readonly JsonDuplicate[];
}

/** `bdb study list`: the marks stored, and the positions drilled (`bdb drill`'s answers). */
export interface StudyMarksResult {
  readonly marks: readonly StudyMark[];
  readonly drilled: readonly DrilledPosition[];
}

/** The table's layout: its width, plain ASCII or not. */
export type StudyView = TableView;
