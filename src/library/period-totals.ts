/**
 * One person's totals by calendar period, as `bdb progress` reports them: for each grouping (month,
 * quarter, year) the aggregate of the person's dated matches of each period, the aggregate of all their
 * dated matches, and each dated match's trend point (Σe and N, spec §2.1). Each aggregate holds the very
 * sums `bdb stats` makes for the same matches, in whatever order they arrive (src/metrics/tally-parts.ts).
 *
 * One accumulator for both places that make them: the progress collector following one person
 * (src/history/progress.ts) and the library's stored totals (src/library/totals.ts), which must agree to
 * the last bit.
 */

import { periodKey } from '../core/dates.js';
import { canonicalName, PlayerAggregator } from '../metrics/match-report.js';
import type { PlayerTally } from '../metrics/player-stats.js';
import { type TrendPoint, trendPoint } from '../metrics/trend.js';

/** The calendar groupings of `bdb progress`. */
export type Grouping = 'month' | 'quarter' | 'year';
export const GROUPINGS: readonly Grouping[] = ['month', 'quarter', 'year'];

export class PersonPeriods {
  private readonly person: string;
  private readonly aliases: ReadonlyMap<string, string>;
  private readonly periods: Map<Grouping, Map<string, PlayerAggregator>>;
  private readonly dated: PlayerAggregator;
  private readonly points: { day: string; index: number; point: TrendPoint }[] = [];

  /** `person`: a canonical name under `aliases`; `groupings`: those kept. */
  constructor(person: string, aliases: ReadonlyMap<string, string>, groupings: readonly Grouping[]) {
    this.person = person;
    this.aliases = aliases;
    this.periods = new Map(groupings.map((g) => [g, new Map()]));
    this.dated = this.aggregator();
  }

  private aggregator(): PlayerAggregator {
    return new PlayerAggregator({ aliases: this.aliases, players: [this.person] });
  }

  /** Adds a dated match of the person (its seats' tallies, both or theirs). */
  add(tallies: readonly PlayerTally[], day: string): void {
    for (const [g, periods] of this.periods) {
      const key = periodKey(day, g);
      let agg = periods.get(key);
      if (!agg) {
        agg = this.aggregator();
        periods.set(key, agg);
      }
      agg.add({ tallies });
    }
    this.dated.add({ tallies });
    const point = trendPoint(tallies, (t) => canonicalName(t.player, this.aliases) === this.person);
    this.points.push({ day, index: this.points.length, point });
  }

  /** The person's tally of each period of `grouping`, by period label. */
  periodTallies(grouping: Grouping): Map<string, PlayerTally> {
    const out = new Map<string, PlayerTally>();
    for (const [key, agg] of this.periods.get(grouping) ?? []) {
      const t = agg.totals().get(this.person);
      if (t) out.set(key, t);
    }
    return out;
  }

  /** The person's tally over every dated match; null without one. */
  datedTally(): PlayerTally | null {
    return this.dated.totals().get(this.person) ?? null;
  }

  /** Each dated match's point, in date order (ties: arrival order). */
  trendPoints(): TrendPoint[] {
    return [...this.points]
      .sort((x, y) => (x.day < y.day ? -1 : x.day > y.day ? 1 : x.index - y.index))
      .map((p) => p.point);
  }
}
