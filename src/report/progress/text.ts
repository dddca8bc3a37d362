/** `bdb progress` as a table with its chart and trend (src/report/progress.ts). */
import { renderProgress } from '../progress.js';
import type { Reporter } from '../reporter.js';
import type { ProgressResult, ProgressView } from './types.js';

export const progressText: Reporter<ProgressResult, ProgressView> = (r, view, write) =>
  write(renderProgress(r.report, view.width, view.ascii));
