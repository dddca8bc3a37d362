/** `bdb review --json` (docs/json.md). */
import { renderJson } from '../json.js';
import type { Reporter } from '../reporter.js';
import { jsonReview } from '../review-json.js';
import type { ReviewResult, ReviewView } from './types.js';

export const reviewJson: Reporter<ReviewResult, ReviewView> = (r, _view, write) =>
  write(renderJson(jsonReview(r.review, r.settings, r.seats)));
