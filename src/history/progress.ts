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
 * Memory: the collector keeps the matches of the person followed (or, with no person named, of everyone,
 * to find who plays most): two tallies per match, never the matches themselves.
 */
import { canonicalName, PlayerAggregator } from '../analyse.js';
import { isoDay } from '../library/dates.js';
import type { PlayerStats, PlayerTally } from '../metrics/player-stats.js';
import { prTrend } from '../metrics/trend.js';
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
  readonly tallies: readonly PlayerTally[];
}

/** The label of the period holding `day` (ISO). */
function periodKey(day: string, by: 'month' | 'quarter' | 'year'): string {
  const y = day.slice(0, 4);
  const m = Number(day.slice(5, 7));
  if (by === 'year') return y;
  if (by === 'quarter') return `${y}-Q${Math.ceil(m / 3)}`;
  return day.slice(0, 7);
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

  /** `player`: the canonical name to follow; undefined: the person in most matches. */
  constructor(opts: { aliases: ReadonlyMap<string, string>; player?: string }) {
    this.aliases = opts.aliases;
    this.player = opts.player;
  }

  /** Notes the persons of a match not handed over (read only for a name's suggestions). */
  see(seats: readonly [string, string]): void {
    for (const n of seats) this.seen.add(canonicalName(n, this.aliases));
  }

  add(m: ProgressMatch): void {
    const entry: Entry = { index: this.next++, day: isoDay(m.date), tallies: m.tallies };
    for (const p of persons(m.tallies, this.aliases)) {
      this.seen.add(p);
      if (this.player !== undefined && p !== this.player) continue;
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

  /** The report for `person`, grouped `by`. */
  report(person: string, by: ProgressBy): ProgressReport {
    const all = this.byPerson.get(person) ?? [];
    const dated = all
      .filter((e) => e.day !== null)
      .sort((a, b) => (a.day! < b.day! ? -1 : a.day! > b.day! ? 1 : a.index - b.index));
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
    const periods = groups.map((g, i) => {
      const label =
        typeof by === 'string'
          ? periodKey(g[0]!.day!, by)
          : `matches ${i * by.matches + 1}–${i * by.matches + g.length}`;
      return this.period(person, label, g);
    });
    return {
      player: person,
      by: byLabel(by),
      periods,
      overall: this.period(person, 'all', dated),
      trend: this.trend(person, dated),
      undated: all.length - dated.length,
    };
  }

  /** The person's figures over `entries`, added in file order as `bdb stats` adds them. */
  private stats(person: string, entries: readonly Entry[]): PlayerStats | null {
    const agg = new PlayerAggregator({ aliases: this.aliases, players: [person] });
    for (const e of [...entries].sort((a, b) => a.index - b.index)) agg.add({ tallies: e.tallies });
    return agg.results()[0] ?? null;
  }

  private period(person: string, label: string, entries: readonly Entry[]): ProgressPeriod {
    const s = this.stats(person, entries);
    const days = entries.map((e) => e.day!).sort();
    return {
      label,
      from: days[0] ?? '',
      to: days.at(-1) ?? '',
      matches: entries.length,
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

  private trend(person: string, dated: readonly Entry[]): ProgressTrend {
    // each match's Σe and N of the person's seats: the PR's own numerator and denominator (spec §2.1)
    const points = dated.map((e) => {
      let error = 0;
      let decisions = 0;
      for (const t of new Set(e.tallies))
        if (canonicalName(t.player, this.aliases) === person) {
          error += t.error.checker + t.error.double + t.error.take;
          decisions += t.counted.checker + t.counted.double + t.counted.take;
        }
      return { error, decisions };
    });
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
}

/** Parses `--by`: month, quarter, year, or a number of matches (at least 2). */
export function parseBy(value: string | undefined): ProgressBy | null {
  if (value === undefined) return 'month';
  if (value === 'month' || value === 'quarter' || value === 'year') return value;
  if (/^\d+$/.test(value) && Number(value) >= 2 && Number(value) <= 100_000)
    return { matches: Number(value) };
  return null;
}
