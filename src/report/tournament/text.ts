/** `bdb tournament standings`, `pair` and `review` as tables. */
import type { Reporter } from '../reporter.js';
import { renderPairing, renderStandings } from '../tournament.js';
import { renderTournamentReview } from '../tournament-review.js';
import type { TableView } from '../view.js';
import type { PairingView, StandingsResult, TournamentReviewResult } from './types.js';

export const standingsText: Reporter<StandingsResult, TableView> = (r, view, write) =>
  write(renderStandings(r.standings, view.width, view.ascii));

export const pairingText: Reporter<PairingView, TableView> = (p, view, write) =>
  write(renderPairing(p, view.width, view.ascii));

export const tournamentReviewText: Reporter<TournamentReviewResult, TableView> = (r, view, write) =>
  write(renderTournamentReview(r.review, r.plan, view.width, view.ascii));
