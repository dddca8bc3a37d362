/** `bdb review` as text: each player's figures and decisions (src/report/review.ts). */
import type { Reporter } from '../reporter.js';
import { renderReview } from '../review.js';
import type { ReviewResult, ReviewView } from './types.js';

export const reviewText: Reporter<ReviewResult, ReviewView> = (r, view, write) =>
  write(`${renderReview(r.review, { ...view, seats: r.seats })}\n`);
