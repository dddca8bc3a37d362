/**
 * What `bdb scout NAME` shows of an opponent, collected over the library's matches. Every figure comes from
 * the function the command that shows it alone uses, so scout and those commands cannot disagree:
 *
 * - Level (PR, its 95 % interval, the level band, decisions and matches): `PlayerAggregator` over the stored
 *   tallies, as `bdb stats --library --player NAME` reads them.
 * - Signed biases: `BiasCollector` (`bdb biases`), read as leans by src/metrics/scout-lean.ts.
 * - Worst families: `PlanCollector` (`bdb plan`), the first three of its match-play plan.
 * - Record against the player (`--me`): the stored winner and final score of each match between the two
 *   (the library's `matches` table), and both players' PR over those matches by `PlayerAggregator`.
 */

import type { StoredBiasMatch } from '../../metrics/bias-columns.js';
import type { ErrorThresholds } from '../../metrics/difficulty.js';
import { canonicalName, type MatchReport, PlayerAggregator } from '../../metrics/match-report.js';
import type { mwcLoss } from '../../metrics/mwc-loss.js';
import type { StoredPlanMatch } from '../../metrics/plan-columns.js';
import type { PlayerStats } from '../../metrics/player-stats.js';
import { type ScoutLeans, scoutLeans } from '../../metrics/scout-lean.js';
import type { StudyFamily } from '../../metrics/study-plan.js';
import type { Match } from '../../model/types.js';
import { BiasCollector, type PlayerBiases } from '../biases.js';
import { PlanCollector, type PlanRef } from '../plan.js';
import type { RowStores } from '../row-store.js';

/** The match equity table type, as the metrics take it (the report layer does not import the MET). */
type Met = Parameters<typeof mwcLoss>[0];

/** How many of the plan's families scout shows. */
export const SCOUT_FAMILIES = 3;

/** The opponent's record against the player, from the opponent's side. */
export interface ScoutRecord {
  /** The player (`--me`), canonical name. */
  readonly me: string;
  /** Matches between the two. */
  readonly matches: number;
  /** Matches the opponent won, lost, and without a winner (unfinished). */
  readonly won: number;
  readonly lost: number;
  readonly undecided: number;
  /** Points scored in those matches (final scores), by the opponent and by the player. */
  readonly pointsFor: number;
  readonly pointsAgainst: number;
  /** Both players' figures over those matches only (`bdb stats` over the same matches). */
  readonly opponentStats: PlayerStats | null;
  readonly meStats: PlayerStats | null;
}

/** Why the record is not given: no `--me` and no configured player, or the player is the opponent. */
export type NoRecord = 'no player' | 'same person';

/** Everything scout shows of the opponent. */
export interface ScoutReport {
  readonly opponent: string;
  /** The opponent's figures as `bdb stats` gives them; null when no match of theirs was read. */
  readonly stats: PlayerStats | null;
  readonly biases: PlayerBiases | null;
  readonly leans: ScoutLeans | null;
  /** The first families of the match-play plan (included first, then the tentative ones with R > 0). */
  readonly families: readonly StudyFamily<PlanRef>[];
  /** Families in the plan (sure), and errors read (e ≥ the Error threshold). */
  readonly familiesIncluded: number;
  readonly errors: number | null;
  readonly record: ScoutRecord | NoRecord;
}

/** Whom scout follows. */
export interface ScoutPersons {
  readonly opponent: string;
  /** The player (`--me` or the configured one), null without one. */
  readonly me: string | null;
  readonly aliases: ReadonlyMap<string, string>;
}

/** Collects an opponent's figures: stored reports (level, record) and parsed matches (biases, plan). */
export class ScoutCollector {
  private readonly persons: ScoutPersons;
  private readonly all: PlayerAggregator;
  private readonly pair: PlayerAggregator;
  private readonly biases: BiasCollector;
  private readonly plans: PlanCollector;
  private record = { matches: 0, won: 0, lost: 0, undecided: 0, pointsFor: 0, pointsAgainst: 0 };

  constructor(met: Met, thresholds: ErrorThresholds, persons: ScoutPersons, rows?: RowStores) {
    this.persons = persons;
    const { opponent, me, aliases } = persons;
    const only = { aliases, players: (p: string) => p === opponent };
    this.all = new PlayerAggregator(only);
    this.pair = new PlayerAggregator({ aliases, players: (p: string) => p === opponent || p === me });
    // the page gives the biases' figures and leans, never their blot rows: those are not kept
    this.biases = new BiasCollector(only, { rows: null, met });
    this.plans = new PlanCollector(met, thresholds, only, rows ? { rows } : {});
  }

  private name(n: string): string {
    return canonicalName(n, this.persons.aliases);
  }

  /** Adds a stored match's report: the opponent's figures, and the record when the player is the other seat. */
  addReport(r: MatchReport): void {
    const { opponent, me } = this.persons;
    const seats = r.players.map((n) => this.name(n));
    const at = seats.indexOf(opponent);
    if (at < 0) return;
    this.all.add(r);
    const other = seats[1 - at]!;
    if (me === null || me === opponent || other !== me) return;
    this.pair.add(r);
    const rec = this.record;
    rec.matches++;
    const winner = r.winner === null ? null : this.name(r.winner);
    if (winner === opponent) rec.won++;
    else if (winner === me) rec.lost++;
    else rec.undecided++;
    rec.pointsFor += r.finalScore[at]!;
    rec.pointsAgainst += r.finalScore[1 - at]!;
  }

  /** Adds a parsed match (the opponent's seats): biases and plan. */
  addMatch(m: Match): void {
    this.biases.add(m);
    this.plans.add(m);
  }

  /** Adds what the library's columns hold of a match for the biases (the opponent's seats). */
  addStoredBiases(m: StoredBiasMatch): void {
    this.biases.addStored(m);
  }

  /** Adds what the library's columns hold of a match for the study plan (the opponent's seats). */
  addStoredPlan(m: StoredPlanMatch): void {
    this.plans.addStored(m);
  }

  /** The opponent's page. */
  result(): ScoutReport {
    const { opponent, me } = this.persons;
    const stats = this.all.results().find((s) => s.player === opponent) ?? null;
    const biases = this.biases.results().find((b) => b.player === opponent) ?? null;
    const known = this.plans.persons().includes(opponent);
    const plan = known ? this.plans.result(opponent).plan : null;
    const families = plan
      ? [...plan.families, ...plan.tentative.filter((f) => (f.recoverable ?? 0) > 0)].slice(0, SCOUT_FAMILIES)
      : [];
    const analysed = biases !== null && biases.analysed > 0;
    return {
      opponent,
      stats,
      biases,
      leans:
        biases && analysed
          ? scoutLeans({ ...biases, blots: biases.blots.estimate, exposure: biases.exposure.estimate })
          : null,
      families,
      familiesIncluded: plan?.families.length ?? 0,
      errors: plan && analysed ? plan.errors : null,
      record: this.recordOf(me),
    };
  }

  private recordOf(me: string | null): ScoutRecord | NoRecord {
    if (me === null) return 'no player';
    if (me === this.persons.opponent) return 'same person';
    const stats = this.pair.results();
    return {
      me,
      ...this.record,
      opponentStats: stats.find((s) => s.player === this.persons.opponent) ?? null,
      meStats: stats.find((s) => s.player === me) ?? null,
    };
  }
}
