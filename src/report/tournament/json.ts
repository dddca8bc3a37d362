/** `bdb tournament standings`, `pair` and `review` as JSON (docs/json.md). */
import { renderJson } from '../json.js';
import type { Reporter } from '../reporter.js';
import { jsonPairing, jsonStandings } from '../tournament.js';
import { jsonTournamentReview } from '../tournament-review.js';
import type { TableView } from '../view.js';
import type { PairingView, StandingsResult, TournamentReviewResult } from './types.js';

export const standingsJson: Reporter<StandingsResult, TableView> = (r, _view, write) =>
  write(JSON.stringify(jsonStandings(r.standings, r.fromMatches, r.duplicates), null, 2));

export const pairingJson: Reporter<PairingView, TableView> = (p, _view, write) =>
  write(JSON.stringify(jsonPairing(p), null, 2));

export const tournamentReviewJson: Reporter<TournamentReviewResult, TableView> = (r, _view, write) =>
  write(renderJson(jsonTournamentReview(r.review, r.plan, r.settings, r.failures, r.duplicates)));
