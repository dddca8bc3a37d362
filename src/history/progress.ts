/**
 * `bdb progress`: one person's level period by period over their dated matches, and the trend over the
 * whole history.
 *
 * Each period's figures are those `bdb stats --player NAME --since FIRST --until LAST` gives for the same
 * matches: the matches' tallies are added by the same aggregation, in the order the matches were read (file
 * order), and derived by the same `playerStats` — PR and L₇ with their by-match intervals (spec/metrics.md
 * §5), the level band (§16). Periods are calendar months, quarters or years of the match day, or runs of
 * N matches in date order. Matches without a readable date are left out and counted. The trend is
 * src/metrics/trend.ts over the person's matches in date order.
 *
 * Memory: following one person, or the persons a filter keeps (`bdb report`), by calendar period, each
 * match is added to its period on arrival and only its day and trend point are kept; otherwise the
 * collector keeps the tallies of the person followed (or, with no person named, of everyone, to find who
 * plays most): two per match, never the matches themselves. `progressFromTotals` makes the report from
 * such period totals, the library's stored ones included.
 */
import { isoDay, periodKey } from '../core/dates.js';
import { type Grouping, PersonPeriods } from '../library/period-totals.js';
import { auditOf } from '../metrics/analysis-mix.js';
import { canonicalName, PlayerAggregator } from '../metrics/match-report.js';
import type { PlayerStats, PlayerTally } from '../metrics/player-stats.js';
import { prTrend, type TrendPoint, trendPoint } from '../metrics/trend.js';
import { mostCounted } from './names.js';
import type { ProgressBy, ProgressPeriod, ProgressReport, ProgressTrend } from './progress-types.js';

/** A match as the collector takes it: its date as read and its seats' tallies (both, or the followed person's). */
export interface ProgressMatch {
  readonly date: string | null;
  readonly tallies: readonly PlayerTally[];
}

interface Entry {
  /** Arrival order (the file order of the route). */
  readonly index: number;
  readonly day: string | null;
  /** The seats' tallies; null once added on arrival (a collector following one person by calendar period). */
  readonly tallies: readonly PlayerTally[] | null;
}

/** The text of a grouping, as the report shows it. */
export function byLabel(by: ProgressBy): string {
  return typeof by === 'string' ? by : `${by.matches} matches`;
}

/** The persons of a match's seats (canonical names), once each. */
function persons(t: readonly PlayerTally[], aliases: ReadonlyMap<string, string>): string[] {
  return [...new Set(t.map((x) => canonicalName(x.player, aliases)))];
}

/** Collects matches, then reports one person's progress. */
export class ProgressCollector {
  private readonly aliases: ReadonlyMap<string, string>;
  private readonly player: string | undefined;
  private readonly byPerson = new Map<string, Entry[]>();
  /** Every person seen, followed or not (for the message naming the closest to an unknown one). */
  private readonly seen = new Set<string>();
  private next = 0;
  /** The persons followed (canonical names; with `player`, that one); undefined: everyone. */
  private readonly follows: ((person: string) => boolean) | undefined;
  /**
   * Following one person, or those `follows` keeps, by calendar period: each match is added to its
   * person's periods and to their whole on arrival (arrival is file order, the order `bdb stats` adds
   * them), and its tallies are not kept.
   */
  private readonly running: { readonly by: Grouping; readonly periods: Map<string, PersonPeriods> } | null;

  /**
   * `player`: the canonical name to follow; undefined: the person in most matches. `follows`, without
   * `player`: only the persons it keeps are followed (`bdb report --player`; default everyone). `by`, with
   * `player` or `follows`: the grouping {@link report} will be asked for, so that a calendar grouping is
   * added up as matches arrive.
   */
  constructor(opts: {
    aliases: ReadonlyMap<string, string>;
    player?: string;
    follows?: (person: string) => boolean;
    by?: ProgressBy;
  }) {
    this.aliases = opts.aliases;
    this.player = opts.player;
    const { player } = opts;
    this.follows = player !== undefined ? (p) => p === player : opts.follows;
    this.running =
      this.follows !== undefined && typeof opts.by === 'string' ? { by: opts.by, periods: new Map() } : null;
  }

  /** Notes the persons of a match not handed over (read only for a name's suggestions). */
  see(seats: readonly [string, string]): void {
    for (const n of seats) this.seen.add(canonicalName(n, this.aliases));
  }

  add(m: ProgressMatch): void {
    const day = isoDay(m.date);
    const index = this.next++;
    for (const p of persons(m.tallies, this.aliases)) {
      this.seen.add(p);
      if (this.follows !== undefined && !this.follows(p)) continue;
      const r = this.running;
      if (r !== null && day !== null) {
        let periods = r.periods.get(p);
        if (periods === undefined) {
          periods = new PersonPeriods(p, this.aliases, [r.by]);
          r.periods.set(p, periods);
        }
        periods.add(m.tallies, day);
      }
      const entry: Entry = { index, day, tallies: r === null ? m.tallies : null };
      const list = this.byPerson.get(p) ?? [];
      list.push(entry);
      this.byPerson.set(p, list);
    }
  }

  /** The names seen (canonical), for messages. */
  names(): string[] {
    return [...this.seen];
  }

  /**
   * The person followed: the one named, else the one in most matches (ties: alphabetical, as the
   * tournament review picks its reference player, spec §11); null when there is no match of theirs.
   */
  person(): string | null {
    if (this.player !== undefined) return this.byPerson.has(this.player) ? this.player : null;
    return mostCounted(new Map([...this.byPerson].map(([name, list]) => [name, list.length])));
  }

  /**
   * The first and the last day of `person`'s dated matches ('' when none is dated): the `from` and `to` of
   * their report's `overall`, without making the report.
   */
  span(person: string): { readonly from: string; readonly to: string } {
    let from = '';
    let to = '';
    for (const { day } of this.byPerson.get(person) ?? []) {
      if (day === null) continue;
      if (from === '' || day < from) from = day;
      if (to === '' || day > to) to = day;
    }
    return { from, to };
  }

  /** The report for `person`, grouped `by`. */
  report(person: string, by: ProgressBy): ProgressReport {
    const all = this.byPerson.get(person) ?? [];
    const dated = all
      .filter((e) => e.day !== null)
      .sort((a, b) => (a.day! < b.day! ? -1 : a.day! > b.day! ? 1 : a.index - b.index));
    const r = this.running;
    if (r !== null) {
      if (by !== r.by)
        throw new Error(`progress: matches added up by ${r.by}, report asked by ${byLabel(by)}`);
      // the running totals are period totals, as the library stores them (none: no dated match)
      const periods = r.periods.get(person) ?? new PersonPeriods(person, this.aliases, [r.by]);
      return progressFromTotals({
        person,
        by: r.by,
        aliases: this.aliases,
        periods: periods.periodTallies(r.by),
        dated: periods.datedTally(),
        points: periods.trendPoints(),
        days: all.map((e) => e.day),
      });
    }
    const groups: Entry[][] = [];
    if (typeof by === 'string') {
      let key = '';
      for (const e of dated) {
        const k = periodKey(e.day!, by);
        if (k !== key || groups.length === 0) groups.push([]);
        key = k;
        groups.at(-1)!.push(e);
      }
    } else {
      for (let i = 0; i < dated.length; i += by.matches) groups.push(dated.slice(i, i + by.matches));
    }
    const overall = this.stats(person, dated);
    return {
      player: person,
      by: byLabel(by),
      periods: groups.map((g, i) => {
        const label =
          typeof by === 'string'
            ? periodKey(g[0]!.day!, by)
            : `matches ${i * by.matches + 1}–${i * by.matches + g.length}`;
        return this.period(person, label, g);
      }),
      overall: figures(
        'all',
        overall,
        dated.map((e) => e.day!),
      ),
      trend: trendOf(
        dated.map((e) => trendPoint(e.tallies!, (t) => canonicalName(t.player, this.aliases) === person)),
      ),
      undated: all.length - dated.length,
      audit: auditOf(overall?.figures ?? null),
    };
  }

  /** The person's figures over `entries` (tallies kept), added in file order as `bdb stats` adds them. */
  private stats(person: string, entries: readonly Entry[]): PlayerStats | null {
    const agg = new PlayerAggregator({ aliases: this.aliases, players: [person] });
    for (const e of [...entries].sort((a, b) => a.index - b.index)) agg.add({ tallies: e.tallies! });
    return agg.results()[0] ?? null;
  }

  /** A period's line over `entries`. */
  private period(person: string, label: string, entries: readonly Entry[]): ProgressPeriod {
    return figures(
      label,
      this.stats(person, entries),
      entries.map((e) => e.day!),
    );
  }
}

/** The trend over the matches' points in date order, with its verdict. */
function trendOf(points: readonly TrendPoint[]): ProgressTrend {
  const t = prTrend(points);
  const verdict: ProgressTrend['verdict'] =
    t.slopePer100 === null || t.low === null || t.high === null
      ? 'insufficient'
      : t.high < 0
        ? 'improving'
        : t.low > 0
          ? 'worsening'
          : 'no clear trend';
  return { matches: t.matches, slopePer100: t.slopePer100, low: t.low, high: t.high, verdict };
}

/**
 * The report from a person's period totals (each period's tally and the dated matches' tally, added in
 * file order, and the trend's points in date order) and the days of their matches: what the collector
 * following one person adds up as matches arrive, and what the library stores (src/library/totals.ts).
 */
export function progressFromTotals(opts: {
  readonly person: string;
  readonly by: Grouping;
  readonly aliases: ReadonlyMap<string, string>;
  readonly periods: ReadonlyMap<string, PlayerTally>;
  readonly dated: PlayerTally | null;
  readonly points: readonly TrendPoint[];
  /** The day of each of the person's matches (null: undated). */
  readonly days: readonly (string | null)[];
}): ProgressReport {
  const { person, by, aliases } = opts;
  const stats = (t: PlayerTally | null | undefined): PlayerStats | null =>
    t ? (PlayerAggregator.resume([t], { aliases, players: [person] }).results()[0] ?? null) : null;
  const dated = opts.days.filter((d): d is string => d !== null);
  const overall = stats(opts.dated);
  const byKey = new Map<string, string[]>();
  for (const d of dated) {
    const k = periodKey(d, by);
    const list = byKey.get(k) ?? [];
    list.push(d);
    byKey.set(k, list);
  }
  return {
    player: person,
    by: byLabel(by),
    periods: [...byKey]
      .sort(([a], [b]) => (a < b ? -1 : 1))
      .map(([key, days]) => figures(key, stats(opts.periods.get(key)), days)),
    overall: figures('all', overall, dated),
    trend: trendOf(opts.points),
    undated: opts.days.length - dated.length,
    audit: auditOf(overall?.figures ?? null),
  };
}

/** A period's line: the person's figures over its matches (null: none of theirs analysed) and their days. */
function figures(label: string, s: PlayerStats | null, matchDays: readonly string[]): ProgressPeriod {
  const days = [...matchDays].sort();
  return {
    label,
    from: days[0] ?? '',
    to: days.at(-1) ?? '',
    matches: days.length,
    analysedMatches: s?.analysedMatches ?? 0,
    decisions: s === null ? 0 : s.decisions.total,
    pr: s?.pr ?? null,
    prLow: s?.prInterval.low ?? null,
    prHigh: s?.prInterval.high ?? null,
    l7: s?.l7Pct ?? null,
    l7Low: s?.l7Interval.low ?? null,
    l7High: s?.l7Interval.high ?? null,
    level: s?.level ?? null,
  };
}

/** Parses `--by`: month, quarter, year, or a number of matches (at least 2). */
export function parseBy(value: string | undefined): ProgressBy | null {
  if (value === undefined) return 'month';
  if (value === 'month' || value === 'quarter' || value === 'year') return value;
  if (/^\d+$/.test(value) && Number(value) >= 2 && Number(value) <= 100_000)
    return { matches: Number(value) };
  return null;
}
