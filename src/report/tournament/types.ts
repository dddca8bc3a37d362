/** `bdb tournament`'s typed results: standings, a round's pairings, a player's review of an event. */
import type { TournamentReview } from '../../history/tournament-review.js';
import type { JsonDuplicate, JsonFailure, JsonSettings } from '../json.js';
import type { PairingView, StandingsFromMatches, StandingsView } from '../tournament.js';
import type { TournamentPlanSummary } from '../tournament-review.js';

/** The standings, from an event file or from match files (`fromMatches`, with the copies set aside). */
export interface StandingsResult {
  readonly standings: StandingsView;
  readonly fromMatches: StandingsFromMatches | null;
  readonly duplicates: readonly JsonDuplicate[];
}

/** A player's event against their habit, with the study plan the event adds to. */
export interface TournamentReviewResult {
  readonly review: TournamentReview;
  readonly plan: TournamentPlanSummary;
  readonly settings: JsonSettings;
  readonly failures: readonly JsonFailure[];
  readonly duplicates: readonly JsonDuplicate[];
}

export type { PairingView };
