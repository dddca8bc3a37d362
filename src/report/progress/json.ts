/** `bdb progress --json` (docs/json.md). */
import { renderJson } from '../json.js';
import { jsonProgress } from '../progress-json.js';
import type { Reporter } from '../reporter.js';
import type { ProgressResult, ProgressView } from './types.js';

export const progressJson: Reporter<ProgressResult, ProgressView> = (r, _view, write) =>
  write(renderJson(jsonProgress(r.report, r.settings, r.failures, r.duplicates)));
