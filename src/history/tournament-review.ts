/**
 * `bdb tournament review`: one person's play in a tournament against their habitual level
 * (spec/metrics.md §11; the Δ formula and its verdict are src/metrics/tournament-delta.ts).
 *
 * - Tournament: the matches of an event (the library's, or the files of a folder). Reference person = the one
 *   named, else the person in most of its matches (ties: alphabetical); the tournament's figures are that
 *   person's own.
 * - Tournament date T = the earliest match day among its matches (ISO). Habitual level = the person's
 *   match-play matches (length 1–64) of the library dated T − 365 days ≤ day ≤ T − 1 day, the tournament's
 *   own matches left out by identity (`matchKey`, the hash of `matchFingerprint`: analyser, players, length, every game's dice,
 *   winner and points — the same played match whatever file or date it was stored with). Known only with
 *   ≥ 5 matches.
 * - Both sides: PR and L₇ with their by-match 95 % intervals (§5) exactly as `bdb stats` gives them for the
 *   same matches: the matches' tallies (on the library, the stored ones) added in file order by
 *   `PlayerAggregator` under the aliases, derived by `playerStats`.
 * - Per round (each tournament match of the person): its PR and L₇ with the per-game interval, as `bdb stats`
 *   shows one match, against the habitual PR.
 * - By the rank of the person's counted decision in the match (1–30, 31–60, 61–90, 91+) and by pressure (DMP:
 *   both players 1-away outside the Crawford game; the Crawford game; post-Crawford non-DMP: a player
 *   1-away outside the Crawford game; other, money included): each cell's PR = 500 × Σe / N over the
 *   person's counted decisions in it, with the §5 ratio interval whose units are the matches (each match's
 *   Σe and N in the cell), against the same cell of the habitual level. The per-decision e and "counted"
 *   are those `matchTallies` hands its observer while making the very tallies the sides add up (one
 *   computation), so the cells of a breakdown sum to the side's counted decisions.
 * - Clock: no supported format stores move times, so there is no clock breakdown.
 *
 * From files, the matches are parsed and reduced here. From the library, nothing is parsed: the stored
 * tallies and cells, which the import made by the same functions (src/library/rows.ts), and for the
 * tournament's study plan its `decisions` rows, give the same figures to the last bit (tested against the
 * files). The rank bands and pressure cells themselves are src/metrics/review-cells.ts.
 *
 * The study-plan families of the tournament (§7): from files, the plan's own collector (src/report/plan.ts);
 * from the library, the same classification read from the stored rows ({@link storedPlanInput}); both go
 * through `studyPlan` and are joined in the report layer.
 */

import { isoDay } from '../core/dates.js';
import type { StoredMatchRows } from '../library/read.js';
import type { Met } from '../met/index.js';
import { type AnalysisAudit, auditOf } from '../metrics/analysis-mix.js';
import { type ErrorThresholds, reachesThreshold, THRESHOLD_EPSILON } from '../metrics/difficulty.js';
import { type PrUnit, prInterval } from '../metrics/interval.js';
import { canonicalName, matchKey, matchOutcome, PlayerAggregator } from '../metrics/match-report.js';
import { matchTallies, type PlayerStats, type PlayerTally } from '../metrics/player-stats.js';
import { performanceRating } from '../metrics/pr.js';
import { CellsBuilder, PRESSURES, RANK_BANDS, type SeatCells } from '../metrics/review-cells.js';
import type { StudyPlanInput } from '../metrics/study-plan.js';
import { type Delta, type DeltaSide, tournamentDelta } from '../metrics/tournament-delta.js';
import type { MatchFilter } from '../model/filter.js';
import type { Match } from '../model/types.js';
import { type PlanRef, storedPlanInput } from './plan-errors.js';

/** Days of the habitual window before the tournament date. */
export const HABITUAL_DAYS = 365;

/** Fewest habitual matches for a habitual level. */
export const HABITUAL_MIN_MATCHES = 5;

/** Match lengths of the habitual level (match play, where L₇ is defined). */
export const HABITUAL_MIN_LENGTH = 1;
export const HABITUAL_MAX_LENGTH = 64;

/** Why there is no clock breakdown (JSON `clockReason`, the table's line). */
export const CLOCK_REASON = 'n/a — no supported format stores move times';

/** A match as the review takes it: what it shows of the match, its two seats' tallies and cells. */
export interface ReviewMatch {
  readonly file: string;
  readonly date: string | null;
  /** ISO day, null when the date cannot be read. */
  readonly day: string | null;
  readonly event: string | null;
  readonly round: string | null;
  readonly players: readonly [string, string];
  readonly matchLength: number;
  readonly finalScore: readonly [number, number];
  readonly winner: 0 | 1 | null;
  /** The match's identity (src/metrics/match-report.ts); null when it holds no decision. */
  readonly fingerprint: string | null;
  /** Both seats' tallies; from the library, only the seats of the person followed when they alone were read. */
  readonly tallies: readonly PlayerTally[];
  readonly cells: readonly [SeatCells, SeatCells];
}

/**
 * Reduces a parsed match for the review: `matchTallies` makes the tallies and, through its observer, the
 * cells (the counted decisions numbered in match order).
 */
export function reviewMatch(met: Met, match: Match, thresholds: ErrorThresholds): ReviewMatch {
  const cells = new CellsBuilder();
  const tallies = matchTallies(met, match, thresholds, (d, f) => cells.observe(d, f));
  const { finalScore, winner } = matchOutcome(match);
  return {
    file: match.file,
    date: match.date,
    day: isoDay(match.date),
    event: match.event,
    round: match.round,
    players: match.players,
    matchLength: match.matchLength,
    finalScore,
    winner,
    fingerprint: matchKey(match),
    tallies,
    cells: cells.cells(),
  };
}

/**
 * A library match for the review, from its stored rows alone: the tallies and the cells made at import
 * from the same decisions and figures {@link reviewMatch} takes from the parsed match (src/library/rows.ts).
 */
export function storedReviewMatch(s: StoredMatchRows): ReviewMatch {
  return {
    file: s.file,
    date: s.date,
    day: isoDay(s.date),
    event: s.event,
    round: s.round,
    players: s.players,
    matchLength: s.matchLength,
    finalScore: s.finalScore,
    winner: s.winner,
    fingerprint: s.key,
    tallies: s.tallies,
    cells: s.cells,
  };
}

/** True when the event name is EVENT: same text in any case, spaces around ignored. */
export function sameEvent(event: string | null, wanted: string): boolean {
  return event !== null && event.trim().toLowerCase() === wanted.trim().toLowerCase();
}

/** The seats of `person` in a match (normally one). */
function seatsOf(m: ReviewMatch, person: string, aliases: ReadonlyMap<string, string>): (0 | 1)[] {
  return ([0, 1] as const).filter((k) => canonicalName(m.players[k], aliases) === person);
}

/** The tournament date: the earliest match day among its matches; null when none is dated. */
export function tournamentDay(matches: readonly ReviewMatch[]): string | null {
  let first: string | null = null;
  for (const m of matches) if (m.day !== null && (first === null || m.day < first)) first = m.day;
  return first;
}

/** `day` (ISO) moved by `days`. */
function addDays(day: string, days: number): string {
  const [y, m, d] = day.split('-').map(Number);
  return new Date(Date.UTC(y!, m! - 1, d! + days)).toISOString().slice(0, 10);
}

/** The habitual window of a tournament dated T: T − 365 days to T − 1 day, both inclusive. */
export interface HabitualWindow {
  readonly since: string;
  readonly until: string;
}

export function habitualWindow(tournamentDate: string): HabitualWindow {
  return { since: addDays(tournamentDate, -HABITUAL_DAYS), until: addDays(tournamentDate, -1) };
}

/** The library filter reading the window (the length and identity rules are the collector's). */
export function habitualFilter(w: HabitualWindow): MatchFilter {
  return { since: w.since, until: w.until };
}

/** A side's figures: PR and L₇ with their 95 % intervals, as `bdb stats` derives them. */
export interface SideFigures {
  readonly matches: number;
  /** Counted decisions; null without any analysis. */
  readonly decisions: number | null;
  readonly pr: number | null;
  readonly prLow: number | null;
  readonly prHigh: number | null;
  /** Why the PR has no interval (fewer than 3 units, zero width …); null when it has one. */
  readonly prReason: string | null;
  /** L₇ in % of MWC. */
  readonly l7: number | null;
  readonly l7Low: number | null;
  readonly l7High: number | null;
  readonly l7Reason: string | null;
  /** PR level band (spec §16). */
  readonly level: string | null;
  /** Which analysers and depths the matches mix, and those below BMAB's norm (as `bdb stats`). */
  readonly audit: AnalysisAudit;
}

/** The figures of a side without a match of the person. */
const NO_FIGURES: SideFigures = {
  matches: 0,
  decisions: 0,
  pr: null,
  prLow: null,
  prHigh: null,
  prReason: null,
  l7: null,
  l7Low: null,
  l7High: null,
  l7Reason: null,
  level: null,
  audit: auditOf(null),
};

function sideFigures(s: PlayerStats | null): SideFigures {
  if (s === null) return NO_FIGURES;
  return {
    matches: s.matches,
    decisions: s.decisions.total,
    pr: s.pr,
    prLow: s.prInterval.low,
    prHigh: s.prInterval.high,
    prReason: s.pr === null ? null : s.prInterval.reason,
    l7: s.l7Pct,
    l7Low: s.l7Interval.low,
    l7High: s.l7Interval.high,
    l7Reason: s.l7Pct === null ? null : s.l7Interval.reason,
    level: s.level,
    audit: auditOf(s.figures),
  };
}

/** A cell's PR over its matches: 500 × Σe / N, with the §5 interval (units: the matches). */
export interface CellFigures {
  /** Matches with a counted decision in the cell (the interval's units). */
  readonly matches: number;
  readonly decisions: number;
  readonly pr: number | null;
  readonly prLow: number | null;
  readonly prHigh: number | null;
  readonly prReason: string | null;
}

/** The figures of a cell from its units, one per match (units without a decision are left out). */
export function cellFigures(units: readonly PrUnit[]): CellFigures {
  const used = units.filter((u) => u.decisions > 0);
  const error = used.reduce((s, u) => s + u.error, 0);
  const decisions = used.reduce((s, u) => s + u.decisions, 0);
  const i = prInterval(used);
  return {
    matches: used.length,
    decisions,
    pr: performanceRating(error, decisions),
    prLow: i.low,
    prHigh: i.high,
    prReason: i.low === null && used.length > 0 ? i.reason : null,
  };
}

/** A person's side over matches: their tallies added in arrival order, and their cells by match. */
class Side {
  private readonly agg: PlayerAggregator;
  readonly rank: PrUnit[][] = RANK_BANDS.map(() => []);
  readonly pressure: PrUnit[][] = PRESSURES.map(() => []);
  private readonly person: string;
  private readonly aliases: ReadonlyMap<string, string>;
  constructor(person: string, aliases: ReadonlyMap<string, string>) {
    this.person = person;
    this.aliases = aliases;
    this.agg = new PlayerAggregator({ aliases, players: [person] });
  }

  /** Adds the match when the person plays in it; false otherwise. */
  add(m: ReviewMatch): boolean {
    const seats = seatsOf(m, this.person, this.aliases);
    if (seats.length === 0) return false;
    this.agg.add({ tallies: m.tallies });
    const collect = (target: PrUnit[][], pick: (c: SeatCells) => readonly PrUnit[]): void => {
      target.forEach((units, i) => {
        let error = 0;
        let decisions = 0;
        for (const k of seats) {
          error += pick(m.cells[k])[i]!.error;
          decisions += pick(m.cells[k])[i]!.decisions;
        }
        if (decisions > 0) units.push({ error, decisions });
      });
    };
    collect(this.rank, (c) => c.rank);
    collect(this.pressure, (c) => c.pressure);
    return true;
  }

  stats(): PlayerStats | null {
    return this.agg.results()[0] ?? null;
  }
}

/**
 * The habitual level's matches: the person's match-play matches (length 1–64) in the window, the
 * tournament's own matches (by identity) left out. Matches arrive in file order.
 */
export class HabitualCollector {
  private readonly side: Side;
  private readonly person: string;
  private readonly aliases: ReadonlyMap<string, string>;
  private readonly window: HabitualWindow;
  private readonly exclude: ReadonlySet<string>;
  /** The person's matches of the window left out as tournament matches. */
  excluded = 0;

  constructor(opts: {
    person: string;
    aliases: ReadonlyMap<string, string>;
    window: HabitualWindow;
    /** Fingerprints of the tournament's matches. */
    exclude: ReadonlySet<string>;
  }) {
    this.person = opts.person;
    this.aliases = opts.aliases;
    this.window = opts.window;
    this.exclude = opts.exclude;
    this.side = new Side(opts.person, opts.aliases);
  }

  add(m: ReviewMatch): void {
    if (m.day === null || m.day < this.window.since || m.day > this.window.until) return;
    if (m.matchLength < HABITUAL_MIN_LENGTH || m.matchLength > HABITUAL_MAX_LENGTH) return;
    if (m.fingerprint !== null && this.exclude.has(m.fingerprint)) {
      if (seatsOf(m, this.person, this.aliases).length > 0) this.excluded++;
      return;
    }
    this.side.add(m);
  }

  /** The person's figures over the matches kept; null without one. */
  stats(): PlayerStats | null {
    return this.side.stats();
  }

  /** Each match's (Σe, N) of the person by rank band, and by pressure cell. */
  units(): { rank: readonly PrUnit[][]; pressure: readonly PrUnit[][] } {
    return { rank: this.side.rank, pressure: this.side.pressure };
  }
}

/** One round: a tournament match of the person. */
export interface RoundRow {
  /** The match's round when its file names one, else its day and opponent. */
  readonly label: string;
  readonly round: string | null;
  readonly day: string | null;
  readonly opponent: string;
  readonly file: string;
  readonly matchLength: number;
  /** Points of the person and of the opponent at the end. */
  readonly score: readonly [number, number];
  /** True won, false lost, null unfinished. */
  readonly won: boolean | null;
  /** The match's figures (PR and L₇ with their per-game intervals). */
  readonly figures: SideFigures;
  /** The match's PR against the habitual PR. */
  readonly vsHabitual: Delta;
}

/** One cell of a breakdown. */
export interface BreakdownRow {
  readonly key: string;
  readonly label: string;
  readonly tournament: CellFigures;
  /** Null when the habitual level is unknown. */
  readonly habitual: CellFigures | null;
  readonly delta: Delta;
}

/** What `bdb tournament review` reports (before the study plan is joined). */
export interface TournamentReview {
  /** The event as named (EVENT), or the event of the folder's matches when they share one; else null. */
  readonly event: string | null;
  readonly source: 'library' | 'files';
  readonly player: string;
  /** Tournament date T (the earliest match day) and its last match day. */
  readonly date: string | null;
  readonly lastDay: string | null;
  /** All matches of the tournament, and the person's. */
  readonly tournamentMatches: number;
  readonly tournament: SideFigures;
  readonly habitual: {
    readonly since: string | null;
    readonly until: string | null;
    /** The person's habitual matches found (before the 5-match rule). */
    readonly matches: number;
    /** The person's matches of the window left out as the tournament's own. */
    readonly excluded: number;
    /** The person's library matches without a readable date: in no window (null without a library). */
    readonly undated: number | null;
    readonly known: boolean;
    /** Why the level is unknown; null when known. */
    readonly reason: string | null;
    /** Null when unknown. */
    readonly figures: SideFigures | null;
  };
  readonly comparison: { readonly pr: Delta; readonly l7: Delta };
  readonly rounds: readonly RoundRow[];
  readonly byRank: readonly BreakdownRow[];
  readonly byPressure: readonly BreakdownRow[];
  readonly clock: null;
  readonly clockReason: string;
}

function prSide(f: SideFigures | CellFigures | null): DeltaSide {
  return f === null
    ? { value: null, high: null, decisions: 0 }
    : { value: f.pr, high: f.prHigh, decisions: f.decisions ?? 0 };
}

function l7Side(f: SideFigures | null): DeltaSide {
  return f === null
    ? { value: null, high: null, decisions: 0 }
    : { value: f.l7, high: f.l7High, decisions: f.decisions ?? 0 };
}

/** Δ, with the habitual level's own reason when it is unknown. */
function compare(t: DeltaSide, h: DeltaSide, unknown: string | null): Delta {
  const d = tournamentDelta(t, h);
  return unknown !== null ? { ...d, verdict: 'insufficient sample', reason: unknown } : d;
}

/** What the review is built from. */
export interface TournamentReviewInput {
  readonly event: string | null;
  readonly source: 'library' | 'files';
  readonly person: string;
  readonly aliases: ReadonlyMap<string, string>;
  /** The tournament's matches, in file order. */
  readonly tournament: readonly ReviewMatch[];
  /** The habitual matches collected; null when there is none to read (no library, no date). */
  readonly habitual: HabitualCollector | null;
  /** Why there is no habitual collector. */
  readonly habitualMissing?: string;
  /** The person's library matches without a date (left out of the habitual window). */
  readonly habitualUndated?: number;
}

/** The window of the tournament's date, or nulls. */
function windowOf(date: string | null): { since: string | null; until: string | null } {
  return date === null ? { since: null, until: null } : habitualWindow(date);
}

/** Builds the review. */
export function tournamentReview(input: TournamentReviewInput): TournamentReview {
  const { person, aliases } = input;
  const tSide = new Side(person, aliases);
  const mine: ReviewMatch[] = [];
  for (const m of input.tournament) if (tSide.add(m)) mine.push(m);
  const tStats = tSide.stats();
  const tournament = sideFigures(tStats);
  const date = tournamentDay(input.tournament);
  const lastDay = input.tournament.reduce<string | null>(
    (a, m) => (m.day !== null && (a === null || m.day > a) ? m.day : a),
    null,
  );

  const hSide = input.habitual;
  const hStats = hSide?.stats() ?? null;
  const hUnits = hSide?.units() ?? null;
  const hMatches = hStats?.matches ?? 0;
  const known = hSide !== null && hMatches >= HABITUAL_MIN_MATCHES;
  const reason = known
    ? null
    : hSide === null
      ? `habitual level unknown: ${input.habitualMissing ?? 'no habitual matches read'}`
      : `habitual level unknown: ${hMatches} match${hMatches === 1 ? '' : 'es'} in the ${HABITUAL_DAYS} days before the tournament, ${HABITUAL_MIN_MATCHES} needed`;
  const habitual = known && hStats ? sideFigures(hStats) : null;

  const rounds = [...mine.entries()]
    .sort(([i, a], [j, b]) =>
      a.day === b.day ? i - j : a.day === null ? 1 : b.day === null ? -1 : a.day < b.day ? -1 : 1,
    )
    .map(([, m]) => roundRow(m, person, aliases, habitual, reason));

  const breakdown = (
    cells: readonly { key: string; label: string }[],
    t: readonly PrUnit[][],
    h: readonly PrUnit[][] | null,
  ): BreakdownRow[] =>
    cells.map((c, i) => {
      const tf = cellFigures(t[i]!);
      const hf = h && known ? cellFigures(h[i]!) : null;
      return {
        key: c.key,
        label: c.label,
        tournament: tf,
        habitual: hf,
        delta: compare(prSide(tf), prSide(hf), reason),
      };
    });

  return {
    event: input.event,
    source: input.source,
    player: person,
    date,
    lastDay,
    tournamentMatches: input.tournament.length,
    tournament,
    habitual: {
      ...windowOf(date),
      matches: hMatches,
      excluded: input.habitual?.excluded ?? 0,
      undated: input.habitualUndated ?? null,
      known,
      reason,
      figures: habitual,
    },
    comparison: {
      pr: compare(prSide(tournament), prSide(habitual), reason),
      l7: compare(l7Side(tournament), l7Side(habitual), reason),
    },
    rounds,
    byRank: breakdown(RANK_BANDS, tSide.rank, hUnits?.rank ?? null),
    byPressure: breakdown(PRESSURES, tSide.pressure, hUnits?.pressure ?? null),
    clock: null,
    clockReason: CLOCK_REASON,
  };
}

function roundRow(
  m: ReviewMatch,
  person: string,
  aliases: ReadonlyMap<string, string>,
  habitual: SideFigures | null,
  unknown: string | null,
): RoundRow {
  const agg = new PlayerAggregator({ aliases, players: [person] });
  agg.add({ tallies: m.tallies });
  const figures = sideFigures(agg.results()[0] ?? null);
  const seat = canonicalName(m.players[0], aliases) === person ? 0 : 1;
  const other = seat === 0 ? 1 : 0;
  const opponent = canonicalName(m.players[other], aliases);
  const round = m.round !== null && m.round.trim() !== '' ? m.round.trim() : null;
  return {
    label: round ?? `${m.day ?? 'undated'} vs ${opponent}`,
    round,
    day: m.day,
    opponent,
    file: m.file,
    matchLength: m.matchLength,
    score: [m.finalScore[seat], m.finalScore[other]],
    won: m.winner === null ? null : m.winner === seat,
    figures,
    vsHabitual: compare(prSide(figures), prSide(habitual), unknown),
  };
}

/**
 * The tournament from the library's stored rows of its matches (in file order; the rows of `names`'s errors
 * from `threshold - THRESHOLD_EPSILON` read with their detail, {@link tournamentRowsDetailFrom}): every match
 * for the review, and the errors reaching `threshold` (equity) offered to the study plan.
 */
export async function tournamentFromRows(
  stored: AsyncIterable<StoredMatchRows>,
  threshold: number,
): Promise<{ reviews: ReviewMatch[]; planInputs: StudyPlanInput<PlanRef>[] }> {
  const reviews: ReviewMatch[] = [];
  const planInputs: StudyPlanInput<PlanRef>[] = [];
  for await (const s of stored) {
    reviews.push(storedReviewMatch(s));
    const d = s.decisions!;
    for (let i = 0; i < d.length; i++)
      if (reachesThreshold(d.error[i]!, threshold)) {
        const detail = d.detail(i);
        if (detail === null) throw new Error(`library: ${s.file}: an error's row was not read`);
        planInputs.push(storedPlanInput(s.file, d.error[i]!, detail));
      }
  }
  return { reviews, planInputs };
}

/** The error size from which the stored decisions of a tournament are read with their detail. */
export function tournamentRowsDetailFrom(threshold: number): number {
  return threshold - THRESHOLD_EPSILON;
}

/**
 * The person's habitual level from the library's stored rows of their matches in the window (the
 * collector's length and identity rules), in file order: the stored tallies and cells say all it needs.
 */
export async function addHabitualRows(
  stored: AsyncIterable<StoredMatchRows>,
  collector: HabitualCollector,
): Promise<void> {
  for await (const s of stored) collector.add(storedReviewMatch(s));
}
