/**
 * Tilt and form (`tilt` in `bdb stats --json`, a section of `bdb biases`; docs/glossary.md): how a player
 * plays the game that follows a lost game, or a game of bad luck, against how they play the games that
 * follow the others. Issue 39, item 4; PR as spec/metrics.md §2.1, intervals as §5.
 *
 * A game is compared only when it follows another game of the same match (the first game of a match follows
 * nothing). Two comparisons:
 *
 *   afterLoss     A = the games after a game the player lost,    B = the games after a game they won
 *   afterBadLuck  A = the games after a game of bad luck,        B = the games after the other games
 *                 whose luck is known
 *
 * A game of bad luck: the player's net luck in it (their rolls' luck minus the opponent's, EMG, as gnuBG's
 * "Luck total EMG" prints it per game) at most −0.6, the luck of one roll gnuBG marks "very unlucky"
 * (GNUBG_LUCK.veryLucky). A game's luck is known when a roll of it carries luck (XG's ErrLuck, gnuBG's).
 *
 * For each group: PR = 500 × Σ e / n (numerator the errors e of the player's counted decisions in those
 * games, denominator their count n, XG's counting rules, §2.2) with its interval over matches (§5: the
 * match is the independent unit, its games of the group summed); gnuBG's error rate 1000 × Σ EMG / Σ d over
 * the same games (EMG: gnuBG's chequer and cube error totals; d: unforced moves and close cube decisions,
 * gnuBG's "Overall statistics"); and the games counted. The difference PR(A) − PR(B) comes with its
 * interval (src/metrics/interval.ts differenceInterval: the same matches hold both groups). A group without
 * a counted decision gives null (n/a), never 0.
 *
 * The state keeps one row of sums per match and comparison; `finish` sorts the rows before adding them, so
 * the figures do not depend on the order matches were merged in. A collector holding many persons' rows can
 * keep them packed ({@link TiltRows}) and make the state only to finish it.
 */
import type { Figure, SeatMatch } from './accumulator.js';
import { GNUBG_LUCK, overallError } from './gnubg-stats.js';
import { differenceInterval, type Interval, PR_SCALE, prInterval } from './interval.js';

/** A game of bad luck: the player's net luck in it (EMG) at most this. */
export const BAD_LUCK_GAME = -GNUBG_LUCK.veryLucky;

/**
 * One match's row of a comparison: group A's sums, then group B's, five each: Σe and n (XG's rules), Σ EMG
 * and d (gnuBG's), games.
 */
type Row = number[];

/** The numbers of a row. */
const ROW = 10;

export interface TiltState {
  afterLoss: Row[];
  afterBadLuck: Row[];
}

/** A 95 % interval's bounds, or why there are none (as every interval of `bdb stats --json`). */
export interface TiltBounds {
  readonly low: number | null;
  readonly high: number | null;
  readonly reason: string | null;
}

/** One group's figures. */
export interface TiltGroup {
  /** PR (XG's rules); null without a counted decision. */
  readonly pr: number | null;
  /** Its 95 % interval over matches. */
  readonly prInterval: TiltBounds;
  /** Counted decisions (XG's rules). */
  readonly decisions: number;
  /**
   * gnuBG's error rate (mEMG, positive as `gnubg` of `bdb stats --json` gives it); null without an unforced
   * or close cube decision.
   */
  readonly gnubgErrorRate: number | null;
  /** Its denominator: unforced moves and close or actual cube decisions (gnuBG's counting). */
  readonly gnubgDecisions: number;
  readonly games: number;
}

/** One comparison: the games after the event, the others, and PR(after) − PR(others) with its interval. */
export interface TiltComparison {
  readonly after: TiltGroup;
  readonly otherwise: TiltGroup;
  /** PR(after) − PR(otherwise); null when either is. */
  readonly difference: number | null;
  readonly differenceInterval: TiltBounds;
  /** Matches holding a compared game. */
  readonly matches: number;
}

export interface TiltFigures {
  /** After a lost game, against after a won game. */
  readonly afterLoss: TiltComparison;
  /** After a game of bad luck, against after the other games whose luck is known. */
  readonly afterBadLuck: TiltComparison;
}

const zero = (): Row => [0, 0, 0, 0, 0, 0, 0, 0, 0, 0];

/** Adds game `g` of the seat into group `at` (0 = A, 5 = B) of `row`. */
function addGame(row: Row, at: 0 | 5, seat: SeatMatch, g: number, xg: readonly [number, number][]): void {
  const gnubg = overallError(seat.gnubgGames[g]!.sides[seat.seat]);
  const add = [xg[g]![0], xg[g]![1], gnubg.emg, gnubg.decisions, 1];
  for (let i = 0; i < add.length; i++) row[at + i]! += add[i]!;
}

/** Σe and n of the seat's counted decisions, game by game. */
function gameSums(seat: SeatMatch): [number, number][] {
  const out = seat.match.games.map((): [number, number] => [0, 0]);
  for (const d of seat.decisions) {
    if (!d.counted || d.error === null) continue;
    out[d.game]![0] += d.error;
    out[d.game]![1]++;
  }
  return out;
}

/** The seat's net luck in game g (EMG), null when no roll of the game carries luck. */
function netLuck(seat: SeatMatch, g: number): number | null {
  const [own, other] = [seat.gnubgGames[g]!.sides[seat.seat], seat.gnubgGames[g]!.sides[1 - seat.seat]!];
  return own.luckRolls + other.luckRolls > 0 ? own.luckEmg - other.luckEmg : null;
}

/** An interval as its bounds and the reason it has none. */
function bounds(iv: Interval): TiltBounds {
  return { low: iv.low, high: iv.high, reason: 'reason' in iv ? iv.reason : null };
}

/** The figures of one group from the sorted rows, at offset `at`. */
function group(rows: readonly Row[], at: 0 | 5): TiltGroup {
  const sum = (i: number): number => rows.reduce((t, r) => t + r[at + i]!, 0);
  const gnubgDecisions = sum(3);
  const pr = prInterval(rows.map((r) => ({ error: r[at]!, decisions: r[at + 1]! })));
  return {
    pr: pr.value,
    prInterval: bounds(pr),
    decisions: sum(1),
    gnubgErrorRate: gnubgDecisions > 0 ? (1000 * sum(2)) / gnubgDecisions : null,
    gnubgDecisions,
    games: sum(4),
  };
}

/** One comparison's figures; the rows sorted first (the order of merges leaves no trace). */
function compare(unsorted: readonly Row[]): TiltComparison {
  const rows = [...unsorted].sort((x, y) => {
    for (let i = 0; i < x.length; i++) if (x[i] !== y[i]) return x[i]! - y[i]!;
    return 0;
  });
  const after = group(rows, 0);
  const otherwise = group(rows, 5);
  const units = rows.map((r) => ({ a: { num: r[0]!, den: r[1]! }, b: { num: r[5]!, den: r[6]! } }));
  const difference = differenceInterval(units, PR_SCALE);
  return {
    after,
    otherwise,
    difference: difference.value,
    differenceInterval: bounds(difference),
    matches: rows.length,
  };
}

/**
 * The figures, or null (n/a) when no compared game holds a decision of the player's analysed by either
 * counting (a transcript without analysis, a player of one-game matches).
 */
function figures(s: TiltState): TiltFigures | null {
  const out = { afterLoss: compare(s.afterLoss), afterBadLuck: compare(s.afterBadLuck) };
  const groups = [
    out.afterLoss.after,
    out.afterLoss.otherwise,
    out.afterBadLuck.after,
    out.afterBadLuck.otherwise,
  ];
  return groups.some((g) => g.decisions > 0 || g.gnubgDecisions > 0) ? out : null;
}

/** The rows one seat's match gives each comparison: null for a comparison without a game of it. */
function seatRows(seat: SeatMatch): { afterLoss: Row | null; afterBadLuck: Row | null } {
  const xg = gameSums(seat);
  const loss = zero();
  const luck = zero();
  for (let g = 1; g < seat.match.games.length; g++) {
    const winner = seat.match.games[g - 1]!.winner;
    if (winner !== null) addGame(loss, winner === seat.seat ? 5 : 0, seat, g, xg);
    const l = netLuck(seat, g - 1);
    if (l !== null) addGame(luck, l <= BAD_LUCK_GAME ? 0 : 5, seat, g, xg);
  }
  return {
    afterLoss: loss[4]! + loss[9]! > 0 ? loss : null,
    afterBadLuck: luck[4]! + luck[9]! > 0 ? luck : null,
  };
}

/** One comparison's rows packed in a Float64Array (10 numbers a row, exact), grown by half when full. */
class PackedRows {
  private data = new Float64Array(8 * ROW);
  private length = 0;

  push(row: Row): void {
    if ((this.length + 1) * ROW > this.data.length) {
      const more = new Float64Array(Math.ceil((this.length * 3) / 2) * ROW);
      more.set(this.data);
      this.data = more;
    }
    this.data.set(row, this.length * ROW);
    this.length++;
  }

  rows(): Row[] {
    const out: Row[] = [];
    for (let k = 0; k < this.length; k++) out.push(Array.from(this.data.subarray(k * ROW, (k + 1) * ROW)));
    return out;
  }
}

/**
 * A person's tilt rows as `bdb biases` keeps them while reading: packed, 80 bytes a row and a third more room
 * at most, instead of about 130 bytes an array (over 10,000 matches its 138 persons' rows were 4.4 MB as
 * arrays). `finish` gives the figures of the state these rows make, as {@link tilt} would.
 */
export class TiltRows {
  private readonly afterLoss = new PackedRows();
  private readonly afterBadLuck = new PackedRows();

  add(seat: SeatMatch): void {
    const r = seatRows(seat);
    if (r.afterLoss) this.afterLoss.push(r.afterLoss);
    if (r.afterBadLuck) this.afterBadLuck.push(r.afterBadLuck);
  }

  /** Adds the rows of a seat's match state as {@link tilt} made it (a stored tally's: the library). */
  addState(s: TiltState): void {
    for (const r of s.afterLoss) this.afterLoss.push(r);
    for (const r of s.afterBadLuck) this.afterBadLuck.push(r);
  }

  finish(): TiltFigures | null {
    return figures({ afterLoss: this.afterLoss.rows(), afterBadLuck: this.afterBadLuck.rows() });
  }
}

export const tilt: Figure<'tilt', TiltState, TiltFigures | null> = {
  id: 'tilt',
  inStatsJson: true,
  empty: () => ({ afterLoss: [], afterBadLuck: [] }),
  add(s, seat) {
    const r = seatRows(seat);
    if (r.afterLoss) s.afterLoss.push(r.afterLoss);
    if (r.afterBadLuck) s.afterBadLuck.push(r.afterBadLuck);
    return s;
  },
  merge(into, from) {
    into.afterLoss.push(...from.afterLoss);
    into.afterBadLuck.push(...from.afterBadLuck);
    return into;
  },
  finish: figures,
  sample: () => ({ afterLoss: [zero()], afterBadLuck: [zero()] }),
};
