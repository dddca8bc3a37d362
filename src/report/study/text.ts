/** `bdb study` and `bdb study list` as tables (src/report/study.ts). */
import type { Reporter } from '../reporter.js';
import { renderStudy, renderStudyMarks } from '../study.js';
import type { StudyMarksResult, StudyResult, StudyView } from './types.js';

export const studyText: Reporter<StudyResult, StudyView> = (r, view, write) =>
  write(renderStudy(r.report, view.width, view.ascii));

export const studyMarksText: Reporter<StudyMarksResult, StudyView> = (r, view, write) =>
  write(renderStudyMarks(r.marks, r.drilled, view.width, view.ascii));
