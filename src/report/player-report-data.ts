/**
 * What `bdb report` shows of each person, collected over the matches read: every figure from the function
 * the command that shows it alone uses, so the page and the commands cannot disagree.
 *
 * - PR, L₇, Elo, level, the checker/cube split: `PlayerAggregator` over the matches' tallies, as `bdb stats`
 *   (on files the tallies of `matchTallies`, the function `reportMatch` calls; on the library the stored
 *   tallies, as `bdb stats --library` reads them); the Elo interval is the engine Elo of the L₇ interval's
 *   ends (src/metrics/elo.ts).
 * - PR by game plan and phase: src/history/pr-groups.ts, from the same `matchTallies` computation.
 * - Biases: `BiasCollector` (`bdb biases`); study plan and reference positions: `PlanCollector` (`bdb plan`).
 * - Worst decisions: the review's decisions to review (`rankedDecisionsToReview`, `bdb review`) of every
 *   match-play match, ranked together by the review's own ranking (`rankForReview`: largest ℓ − d first,
 *   in MWC; a money session's, in points, are left out).
 * - Progress: `ProgressCollector` (`bdb progress`) over the matches' tallies and dates: on the library the
 *   stored ones, on files those `matchTallies` gives the other figures (one history code for both).
 */

import { compareNames } from '../core/name-order.js';
import {
  addGroupDecision,
  addGroupTally,
  emptyGroupTally,
  type GroupTally,
  matchTalliesWithGroups,
  type PrGroup,
  prGroups,
} from '../history/pr-groups.js';
import { ProgressCollector } from '../history/progress.js';
import type { ProgressBy, ProgressReport } from '../history/progress-types.js';
import type { StoredBiasMatch } from '../metrics/bias-columns.js';
import type { RowList } from '../metrics/blot-bias.js';
import { type ErrorThresholds, reachesThreshold, thresholdEquity } from '../metrics/difficulty.js';
import { engineEloInterval } from '../metrics/elo.js';
import {
  type AggregateOptions,
  canonicalName,
  keepsPerson,
  PlayerAggregator,
  personSeats,
} from '../metrics/match-report.js';
import type { mwcLoss } from '../metrics/mwc-loss.js';
import type { StoredPlanMatch } from '../metrics/plan-columns.js';
import type { PlayerStats, PlayerTally } from '../metrics/player-stats.js';
import type { StoredReportMatch } from '../metrics/report-columns.js';
import type { Match } from '../model/types.js';
import {
  type RankItem,
  type ReviewedDecision,
  rankedDecisionsToReview,
  rankForReview,
} from '../review/review.js';
import { BiasCollector, type PlayerBiases } from './biases.js';
import { PlanCollector, type PlayerPlan } from './plan.js';
import type { RowStores } from './row-store.js';

/** The match equity table type, as the metrics take it (the report layer does not import the MET). */
type Met = Parameters<typeof mwcLoss>[0];

/** How many worst decisions each person's section shows. */
export const WORST_DECISIONS = 5;

/** One of a person's worst decisions: the reviewed decision and the match it comes from. */
export interface WorstDecision {
  readonly file: string;
  readonly players: readonly [string, string];
  /** The person's seat in that match. */
  readonly seat: 0 | 1;
  readonly decision: ReviewedDecision;
}

/** Everything the report shows of one person. */
export interface PersonReport {
  readonly player: string;
  /** The figures `bdb stats` gives the person. */
  readonly stats: PlayerStats;
  /** The engine Elo's 95 % interval (from L₇'s). */
  readonly eloInterval: {
    readonly low: number | null;
    readonly high: number | null;
    readonly lowFloored: boolean;
  };
  /** PR by game plan and by phase; null when the matches were not read (nothing parsed). */
  readonly groups: { readonly plan: readonly PrGroup[]; readonly phase: readonly PrGroup[] } | null;
  readonly biases: PlayerBiases | null;
  readonly plan: PlayerPlan | null;
  /** Largest avoidable share ℓ − d first. */
  readonly worst: readonly WorstDecision[];
  /** The progress report over the person's dated matches. */
  readonly progress: ProgressReport;
}

/** A person as the page names them before their figures are made (the title, the list of persons). */
export interface PersonHead {
  readonly player: string;
  readonly matches: number;
  readonly analysedMatches: number;
  /** The first and the last day of their dated matches ('' when none is dated). */
  readonly from: string;
  readonly to: string;
}

/** The persons of a page: their heads, and their reports made one at a time as the list is read. */
export interface PersonReports extends RowList<PersonReport> {
  readonly heads: readonly PersonHead[];
}

/**
 * A worst decision read from the library's columns: its match and place, whose reviewed decision is made
 * once the ranking is done, from that match parsed ({@link PlayerReportCollector.fillStoredWorst}).
 */
interface StoredWorst {
  readonly matchId: number;
  readonly file: string;
  readonly players: readonly [string, string];
  readonly seat: 0 | 1;
  /** 1-based place among the match's decisions (the review's `order`). */
  readonly order: number;
}

type WorstItem = RankItem & { readonly item: WorstDecision | StoredWorst };

interface Pending {
  matches: number;
  groups: GroupTally;
  worst: WorstItem[];
}

/** A worst decision with its reviewed decision (a stored one has it once {@link PlayerReportCollector.fillStoredWorst} ran). */
function drawn(item: WorstDecision | StoredWorst): WorstDecision {
  if ('decision' in item) return item;
  throw new Error('report: the worst decisions read from the library were not filled');
}

/** Options of the collector. */
export interface PlayerReportOptions {
  /** Reference positions per person (the plan's selection size). */
  readonly positions: number;
  /**
   * True when the per-person figures come from the matches (files); false when they come from stored
   * tallies given to {@link PlayerReportCollector.addTallies} (the library), which also feed the progress.
   */
  readonly statsFromMatches: boolean;
  /** Where the plans' rows wait (default: memory; the CLI keeps them in a temporary file). */
  readonly rows?: RowStores;
  /**
   * The progress grouping {@link PlayerReportCollector.results} will be asked for: given, each person's
   * progress is added up period by period as the matches come (a person of one match holds the two
   * tallies of a period and of the whole), instead of keeping two tallies per match (`bdb report
   * --player` over one player's 10,000 matches held 615 MB).
   */
  readonly by?: ProgressBy;
}

/** Collects each person's report over matches (aliases and the player filter as `stats`). */
export class PlayerReportCollector {
  private readonly met: Met;
  private readonly thresholds: ErrorThresholds;
  private readonly opts: AggregateOptions;
  private readonly settings: PlayerReportOptions;
  private readonly agg: PlayerAggregator;
  private readonly biases: BiasCollector;
  private readonly plans: PlanCollector;
  private readonly progress: ProgressCollector;
  /** The events of the matches read with a person wanted (for the page's title), and how many had none. */
  private readonly events = new Map<string, number>();
  private noEvent = 0;
  private readonly byName = new Map<string, Pending>();
  /** Decisions seen so far: the order of a decision across matches, for ties in the ranking. */
  private seen = 0;
  /** Every person seen (canonical names), wanted or not: for the message naming an unknown one. */
  private readonly persons = new Set<string>();

  constructor(met: Met, thresholds: ErrorThresholds, opts: AggregateOptions, settings: PlayerReportOptions) {
    this.met = met;
    this.thresholds = thresholds;
    this.opts = opts;
    this.settings = settings;
    this.agg = new PlayerAggregator(opts);
    const persons: AggregateOptions = {
      ...(opts.aliases ? { aliases: opts.aliases } : {}),
      ...(opts.players ? { players: opts.players } : {}),
    };
    const rows = settings.rows ? { rows: settings.rows } : {};
    // the page shows the biases' figures, never their blot rows: those are not kept
    this.biases = new BiasCollector(persons, { rows: null });
    this.plans = new PlanCollector(met, thresholds, persons, rows);
    const aliases = opts.aliases ?? new Map<string, string>();
    this.progress =
      settings.by !== undefined
        ? new ProgressCollector({ aliases, by: settings.by, follows: (p) => keepsPerson(opts, p) })
        : new ProgressCollector({ aliases });
  }

  /** Adds a parsed match (both seats). */
  addMatch(match: Match): void {
    const { tallies, groups } = matchTalliesWithGroups(this.met, match, this.thresholds);
    // on files the per-person figures and the progress come from the matches (on the library: addTallies)
    if (this.settings.statsFromMatches) {
      this.agg.add({ tallies });
      this.progress.add({ date: match.date, tallies });
    }
    this.biases.add(match);
    this.plans.add(match);
    let decisions = 0;
    for (const g of match.games) decisions += g.decisions.length;
    this.addSeats(match, groups, decisions, (seat) =>
      rankedDecisionsToReview(this.met, match, seat, this.thresholds, WORST_DECISIONS).map((r) => ({
        loss: r.loss,
        difficulty: r.difficulty,
        order: r.order,
        item: { file: match.file, players: match.players, seat, decision: r.decision },
      })),
    );
  }

  /** Adds a stored match's biases as the library's columns hold them (schema 12: nothing parsed). */
  addStoredBiases(m: StoredBiasMatch): void {
    this.biases.addStored(m);
  }

  /** Adds a stored match's counted decisions and errors for the study plan, from the library's columns. */
  addStoredPlan(m: StoredPlanMatch): void {
    this.plans.addStored(m);
  }

  /**
   * Adds a stored match's PR by plan and phase and its candidates for the worst decisions, from the
   * library's columns, by the rules {@link addMatch} applies: the groups add up each counted decision's e in
   * match order; the candidates are the review's (counted, e reaching the Error threshold, ℓ known), ranked
   * by {@link rankForReview}. Their boards come at the end ({@link fillStoredWorst}).
   */
  addStoredMatch(m: StoredReportMatch): void {
    const groups: [GroupTally, GroupTally] = [emptyGroupTally(), emptyGroupTally()];
    for (const d of m.counted) addGroupDecision(groups[d.seat], d.plan, d.phase, d.error);
    const threshold = thresholdEquity(this.thresholds.errorMpt);
    this.addSeats(m, groups, m.decisions, (seat) => {
      const candidates: WorstItem[] = [];
      for (const d of m.counted) {
        if (d.seat !== seat || d.loss === null || !reachesThreshold(d.error, threshold)) continue;
        const item: StoredWorst = { matchId: m.id, file: m.file, players: m.players, seat, order: d.order };
        candidates.push({ loss: d.loss, difficulty: d.difficulty, order: d.order, item });
      }
      return rankForReview(candidates, WORST_DECISIONS);
    });
  }

  /**
   * A match's persons, its event, each wanted seat's groups and worst decisions (`worst`: the seat's
   * ranked candidates, their order in the match), then its decisions counted in the match order of the
   * matches read.
   */
  private addSeats(
    match: Pick<Match, 'players' | 'event' | 'matchLength'>,
    groups: readonly [GroupTally, GroupTally],
    decisions: number,
    worst: (seat: 0 | 1) => WorstItem[],
  ): void {
    for (const n of match.players) this.persons.add(canonicalName(n, this.opts.aliases));
    const seats = personSeats(match, this.byName, this.opts, () => ({
      matches: 0,
      groups: emptyGroupTally(),
      worst: [],
    }));
    if (seats[0] || seats[1]) {
      if (match.event === null || match.event.trim() === '') this.noEvent++;
      else this.events.set(match.event, (this.events.get(match.event) ?? 0) + 1);
    }
    for (const seat of [0, 1] as const) {
      const p = seats[seat];
      if (!p) continue;
      addGroupTally(p.groups, groups[seat]);
      // ℓ − d is in MWC at match play but in points in a money session: the two cannot be ranked together,
      // and the page's worst decisions are those of match play
      if (match.matchLength <= 0) continue;
      const ranked = worst(seat).map((r) => ({ ...r, order: this.seen + r.order }));
      p.worst = rankForReview([...p.worst, ...ranked], WORST_DECISIONS);
    }
    this.seen += decisions;
  }

  /**
   * The reviewed decisions of the worst decisions read from the library's columns: `parse` gives the few
   * matches they come from (by id), each parsed from its stored file, whose review finds them again by
   * their place in the match.
   */
  async fillStoredWorst(
    parse: (ids: ReadonlySet<number>) => AsyncIterable<{ readonly id: number; readonly match: Match }>,
  ): Promise<void> {
    const ids = new Set<number>();
    for (const p of this.byName.values())
      for (const w of p.worst) if (!('decision' in w.item)) ids.add(w.item.matchId);
    if (ids.size === 0) return;
    const parsed = new Set<number>();
    const found = new Map<string, ReviewedDecision>();
    for await (const { id, match } of parse(ids)) {
      parsed.add(id);
      for (const seat of [0, 1] as const)
        for (const r of rankedDecisionsToReview(this.met, match, seat, this.thresholds, WORST_DECISIONS))
          found.set(`${id}:${seat}:${r.order}`, r.decision);
    }
    for (const p of this.byName.values()) {
      const kept: WorstItem[] = [];
      for (const w of p.worst) {
        if ('decision' in w.item) {
          kept.push(w);
          continue;
        }
        const { matchId, file, players, seat, order } = w.item;
        // a stored file that could not be parsed again (`parse` said so): its decision is not drawn
        if (!parsed.has(matchId)) continue;
        const decision = found.get(`${matchId}:${seat}:${order}`);
        if (!decision) throw new Error(`report: the worst decision ${order} of ${file} is not its review's`);
        kept.push({ ...w, item: { file, players, seat, decision } });
      }
      p.worst = kept;
    }
  }

  /** Adds a stored match's tallies and day (library): the per-person figures and the progress. */
  addTallies(m: { readonly tallies: readonly PlayerTally[]; readonly day: string | null }): void {
    for (const t of m.tallies) this.persons.add(canonicalName(t.player, this.opts.aliases));
    this.agg.add(m);
    this.progress.add({ date: m.day, tallies: m.tallies });
  }

  /**
   * The one event of every match read with a person wanted, or null (none, or several: then the title
   * names none).
   */
  event(): string | null {
    return this.events.size === 1 && this.noEvent === 0 ? [...this.events.keys()][0]! : null;
  }

  /** Every person seen, wanted or not (canonical names). */
  names(): string[] {
    return [...this.persons];
  }

  /**
   * The persons `keeps` accepts, most matches first (ties by name), progress grouped `by`: their heads at
   * once, each one's figures (biases, plan, progress, worst decisions) made when the list reaches them.
   */
  results(by: ProgressBy = 'month', keeps: (person: string) => boolean = () => true): PersonReports {
    const all = this.agg
      .results()
      .filter((stats) => keeps(stats.player))
      .sort((a, b) => b.matches - a.matches || compareNames(a.player, b.player));
    const planned = new Set(this.plans.persons());
    const reportOf = (stats: PlayerStats): PersonReport => {
      const p = this.byName.get(stats.player);
      const l7 = stats.l7Interval;
      return {
        player: stats.player,
        stats,
        eloInterval: engineEloInterval(
          l7.low === null ? null : l7.low / 100,
          l7.high === null ? null : l7.high / 100,
        ),
        groups: p ? prGroups(p.groups) : null,
        biases: this.biases.result(stats.player),
        plan: planned.has(stats.player) ? this.plans.result(stats.player, this.settings.positions) : null,
        worst: p ? p.worst.map((w) => drawn(w.item)) : [],
        progress: this.progress.report(stats.player, by),
      };
    };
    return {
      heads: all.map((stats) => ({
        player: stats.player,
        matches: stats.matches,
        analysedMatches: stats.analysedMatches,
        ...this.progress.span(stats.player),
      })),
      length: all.length,
      *[Symbol.iterator]() {
        for (const stats of all) yield reportOf(stats);
      },
    };
  }
}
