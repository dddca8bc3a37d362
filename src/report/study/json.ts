/** `bdb study --json` and `bdb study list --json` (docs/json.md). */
import { renderJson } from '../json.js';
import type { Reporter } from '../reporter.js';
import { jsonStudy, jsonStudyMarks } from '../study.js';
import type { StudyMarksResult, StudyResult, StudyView } from './types.js';

export const studyJson: Reporter<StudyResult, StudyView> = (r, _view, write) =>
  write(renderJson(jsonStudy(r.report, r.settings, r.failures, r.duplicates)));

export const studyMarksJson: Reporter<StudyMarksResult, StudyView> = (r, _view, write) =>
  write(renderJson(jsonStudyMarks(r.marks, r.drilled)));
