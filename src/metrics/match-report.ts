/**
 * A parsed match → its report (per-player figures, identity, outcome), and aggregation by person: the
 * part of the main path that reads no file, shared by the files route (src/parsers/index.ts parses) and the
 * library route (which stores the same tallies and must not load the parsers to read them).
 */

import { boardKey } from '../core/board.js';
import { newHash } from '../core/hash.js';
import { compareNames } from '../core/name-order.js';
import { plainClone } from '../core/plain-clone.js';
import type { Met } from '../met/index.js';
import { loadKazarossXG2 } from '../met/index.js';
import type { Match, ParseWarning } from '../model/types.js';
import { CLOSED, type IntervalMethod } from './bootstrap.js';
import { DEFAULT_THRESHOLDS, type ErrorThresholds } from './difficulty.js';
import {
  addTalliesInto,
  matchTallies,
  type PlayerStats,
  type PlayerTally,
  playerStats,
} from './player-stats.js';

/** The default match equity table: Kazaross-XG2 extended to 64 points with Zadeh's formula. */
export function defaultMet(): Met {
  return loadKazarossXG2();
}

/** One analysed match with its figures. */
export interface MatchReport {
  readonly file: string;
  readonly format: string;
  /** 0 = money. */
  readonly matchLength: number;
  readonly players: readonly [string, string];
  readonly games: number;
  /** Final score of seats 0 and 1 (points won). */
  readonly finalScore: readonly [number, number];
  /** Winner's name, or null (unfinished match, money tie). */
  readonly winner: string | null;
  readonly date: string | null;
  readonly event: string | null;
  readonly analyser: Match['analyser'];
  readonly stats: readonly [PlayerStats, PlayerStats];
  /**
   * Each seat's PR, `stats[i].pr`: what a list of matches shows of them, which a report read from the
   * library gives without computing the seats' other figures.
   */
  readonly prs: readonly [number | null, number | null];
  readonly warnings: readonly ParseWarning[];
  /** Internal: the per-seat tallies, for aggregation. */
  readonly tallies: readonly [PlayerTally, PlayerTally];
}

/**
 * The identity of a match whatever file it was read from (XG, gnuBG SGF or text export, transcript) and
 * whoever analysed it: its length, its two players, and each game's rolls in order, winner and points
 * (spec/metrics.md: a played match counts once). Seat order is left out (formats may list the players the
 * other way round): the names are put in the order of their UTF-8 bytes. A file of analysed positions
 * (no roll played) is identified by its positions and analyser instead, so only its copies match it. Null
 * when the match holds no decision. Fields are separated by U+001F.
 *
 * The library keeps the SHA-256 of this key (`matches.fingerprint`) and recomputes it from its rows when it
 * upgrades an older library (src/library/schema.ts, step 4): the two must stay the same text.
 */
export function matchFingerprint(match: Match): string | null {
  const sep = '\u001f';
  let rolls = 0;
  const games = match.games.map((g) => {
    let dice = '';
    for (const d of g.decisions) {
      if (d.fromPosition || d.kind !== 'checker') continue;
      const [a, b] = d.dice;
      dice += a >= b ? `${a}${b}` : `${b}${a}`;
      rolls++;
    }
    return `${g.winner === null ? '-' : match.players[g.winner]}:${g.points}:${dice}`;
  });
  if (rolls > 0) {
    const [p, q] = match.players;
    const ordered = Buffer.compare(Buffer.from(p), Buffer.from(q)) <= 0 ? [p, q] : [q, p];
    return `${match.matchLength}|${ordered.join(sep)}|${games.join('|')}`;
  }
  return positionsFingerprint(match);
}

/** The identity of a file of analysed positions: analyser, players, length and every position. */
function positionsFingerprint(match: Match): string | null {
  if (match.games.every((g) => g.decisions.length === 0)) return null;
  const program = match.analyser?.program ?? 'none';
  const analyser = /gnu ?b(ackgammon|g)/i.test(program)
    ? 'gnubg'
    : /extreme|\bxg\b/i.test(program)
      ? 'xg'
      : program;
  const games = match.games.map((g) => {
    let moves = '';
    for (const d of g.decisions) {
      if (d.fromPosition)
        moves += `[${d.kind === 'checker' ? `${boardKey(d.board)}/${d.dice.join('')}` : `${d.player}${d.cubeValue}${d.action}`}]`;
      else if (d.kind === 'checker') moves += `${d.dice[0]}${d.dice[1]}`;
    }
    return `${g.winner ?? '-'}:${g.points}:${moves}`;
  });
  return `${analyser}|${match.players.join('\u0000')}|${match.matchLength}|${games.join('|')}`;
}

/** The key of a match's identity as the library stores it: the SHA-256 (hex) of {@link matchFingerprint}. */
export function matchKey(match: Match): string | null {
  const fingerprint = matchFingerprint(match);
  return fingerprint === null ? null : newHash('sha256').update(fingerprint).digest('hex');
}

/** Final score and winner of a match (spec/metrics.md §16: the winner reaches N; money: more points). */
export function matchOutcome(match: Match): { finalScore: [number, number]; winner: 0 | 1 | null } {
  const score: [number, number] = [0, 0];
  const last = match.games[match.games.length - 1];
  if (match.matchLength > 0 && last) {
    score[0] = last.score[0];
    score[1] = last.score[1];
    if (last.winner !== null) score[last.winner] += last.points;
    const w = score[0] >= match.matchLength ? 0 : score[1] >= match.matchLength ? 1 : null;
    return { finalScore: score, winner: w };
  }
  for (const g of match.games) if (g.winner !== null) score[g.winner] += g.points;
  return { finalScore: score, winner: score[0] > score[1] ? 0 : score[1] > score[0] ? 1 : null };
}

/** Computes the figures of a parsed match. */
export function reportMatch(
  match: Match,
  met: Met,
  format: string = match.format,
  warnings: readonly ParseWarning[] = [],
  thresholds: ErrorThresholds = DEFAULT_THRESHOLDS,
  interval: IntervalMethod = CLOSED,
): MatchReport {
  const tallies = matchTallies(met, match, thresholds);
  const { finalScore, winner } = matchOutcome(match);
  const stats = [playerStats(tallies[0], interval), playerStats(tallies[1], interval)] as const;
  return {
    file: match.file,
    format,
    matchLength: match.matchLength,
    players: match.players,
    games: match.games.length,
    finalScore,
    winner: winner === null ? null : match.players[winner],
    date: match.date,
    event: match.event,
    analyser: match.analyser,
    stats,
    prs: [stats[0].pr, stats[1].pr],
    warnings,
    tallies,
  };
}

/** Options for aggregating players over matches. */
export interface AggregateOptions {
  /** Alias → canonical name, applied before grouping (exact names). */
  readonly aliases?: ReadonlyMap<string, string>;
  /** Keep only these canonical names (after aliasing), or those the function keeps; all when absent. */
  readonly players?: readonly string[] | ((person: string) => boolean);
  /** How the intervals are computed (the spec's closed form when absent). */
  readonly interval?: IntervalMethod;
}

/** Canonical name of a player under the aliases. */
export function canonicalName(name: string, aliases?: ReadonlyMap<string, string>): string {
  return aliases?.get(name) ?? name;
}

/** Whether the player filter of `opts` keeps a person (canonical name). */
export function keepsPerson(opts: AggregateOptions, person: string): boolean {
  const p = opts.players;
  return p === undefined || (typeof p === 'function' ? p(person) : p.includes(person));
}

/**
 * The per-person tallies of a match's two seats (null for a person the player filter leaves out), made
 * with `make` the first time a person is seen; a person playing both seats (an alias merging them) has
 * the match counted once (`matches` + 1).
 */
export function personSeats<T extends { matches: number }>(
  match: Pick<Match, 'players'>,
  byName: Map<string, T>,
  opts: AggregateOptions,
  make: () => T,
): [T | null, T | null] {
  const seat = (k: 0 | 1): T | null => {
    const name = canonicalName(match.players[k], opts.aliases);
    if (!keepsPerson(opts, name)) return null;
    let p = byName.get(name);
    if (!p) {
      p = make();
      byName.set(name, p);
    }
    return p;
  };
  const seats: [T | null, T | null] = [seat(0), seat(1)];
  for (const p of new Set(seats)) if (p) p.matches++;
  return seats;
}

/**
 * Aggregates per person across matches (sum/sum; L₇ pooled). Stateful accumulator so a folder of
 * thousands of matches is reduced as it streams: only one tally per person is kept.
 */
export class PlayerAggregator {
  private readonly byName = new Map<string, PlayerTally>();
  private readonly opts: AggregateOptions;
  constructor(opts: AggregateOptions = {}) {
    this.opts = opts;
  }

  /** Adds a match's seats (both, or those a reader following one person read). */
  add(report: { readonly tallies: readonly PlayerTally[] }): void {
    for (const t of report.tallies) {
      const name = canonicalName(t.player, this.opts.aliases);
      if (!keepsPerson(this.opts, name)) continue;
      const prev = this.byName.get(name);
      if (prev) addTalliesInto(prev, t);
      else this.byName.set(name, { ...plainClone(t), player: name });
    }
  }

  /**
   * The running per-person tallies, by canonical name: what a store of totals keeps
   * (src/library/totals.ts) to resume from with {@link PlayerAggregator.resume}.
   */
  totals(): ReadonlyMap<string, PlayerTally> {
    return this.byName;
  }

  /**
   * An aggregator holding stored totals, as {@link totals} gave them after the same matches were added
   * under the same aliases; the player filter of `opts` applies.
   */
  static resume(totals: Iterable<PlayerTally>, opts: AggregateOptions = {}): PlayerAggregator {
    const agg = new PlayerAggregator(opts);
    for (const t of totals) if (keepsPerson(opts, t.player)) agg.byName.set(t.player, t);
    return agg;
  }

  /** The aggregated figures, by name. */
  results(): PlayerStats[] {
    const interval = this.opts.interval ?? CLOSED;
    return [...this.byName.values()]
      .sort((a, b) => compareNames(a.player, b.player))
      .map((t) => playerStats(t, interval));
  }
}
