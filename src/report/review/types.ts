/** `bdb review`'s typed result and how its text is laid out. */
import type { MatchReview } from '../../review/review.js';
import type { JsonSettings } from '../json.js';
import type { ReviewTextOptions } from '../review.js';

/** What a review gives: the match reviewed, the players shown, the settings its JSON records. */
export interface ReviewResult {
  readonly review: MatchReview;
  /** The players shown (`--player` picks; both by default). */
  readonly seats: readonly (0 | 1)[];
  readonly settings: JsonSettings;
}

/** The text's layout: width and boards. */
export type ReviewView = Omit<ReviewTextOptions, 'seats' | 'list'>;
