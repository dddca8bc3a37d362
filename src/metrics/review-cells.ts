/**
 * The cells of `bdb tournament review`'s breakdowns (spec/metrics.md §11): each counted decision of a seat
 * (e and "counted" as the tallies count them, §2.1) falls in one rank band — its 1-based rank among the
 * seat's counted decisions of the match: 1–30, 31–60, 61–90, 91+ — and in one pressure cell of its score
 * (DMP, the Crawford game, post-Crawford not DMP, other). A seat's cell holds Σe (equity) and N, the
 * numerator and denominator of the cell's PR = 500 × Σe / N; the units of its interval are the matches.
 *
 * Made once per match while its tallies are made (the review of files, and the import, which stores them
 * in `match_players.cells`), so every route adds the same sums.
 */
import type { Decision } from '../model/types.js';
import type { PrUnit } from './interval.js';
import type { DecisionFigures } from './player-stats.js';

/** The rank bands of a counted decision in its match (1-based rank among the person's counted decisions). */
export const RANK_BANDS = [
  { key: '1-30', label: '1–30', first: 1 },
  { key: '31-60', label: '31–60', first: 31 },
  { key: '61-90', label: '61–90', first: 61 },
  { key: '91+', label: '91+', first: 91 },
] as const;

/** The pressure cells. */
export const PRESSURES = [
  { key: 'dmp', label: 'DMP' },
  { key: 'crawford', label: 'Crawford game' },
  { key: 'postCrawford', label: 'post-Crawford, not DMP' },
  { key: 'other', label: 'other' },
] as const;

export type Pressure = (typeof PRESSURES)[number]['key'];

/** The index in {@link RANK_BANDS} of the band holding rank `rank` (1-based). */
export function rankBand(rank: number): number {
  let band = 0;
  RANK_BANDS.forEach((b, i) => {
    if (rank >= b.first) band = i;
  });
  return band;
}

/**
 * The pressure of a score, from the decision maker's and the opponent's away scores (null in money play):
 * the Crawford game; DMP (both players 1-away, not the Crawford game); post-Crawford non-DMP (one player
 * 1-away, not the Crawford game); other (money play included).
 */
export function pressureAt(crawford: boolean, away: number | null, opponentAway: number | null): Pressure {
  if (away === null || opponentAway === null) return 'other';
  if (crawford) return 'crawford';
  if (away === 1 && opponentAway === 1) return 'dmp';
  if (away === 1 || opponentAway === 1) return 'postCrawford';
  return 'other';
}

/** The pressure of a decision's score ({@link pressureAt}). */
export function pressureOf(d: Decision): Pressure {
  if (d.matchLength <= 0) return 'other';
  return pressureAt(
    d.crawfordGame,
    d.matchLength - d.score[d.player],
    d.matchLength - d.score[1 - d.player]!,
  );
}

const PRESSURE_INDEX: Record<Pressure, number> = Object.fromEntries(
  PRESSURES.map((p, i) => [p.key, i]),
) as Record<Pressure, number>;

/** One seat's Σe (equity) and counted decisions in a match, by rank band and by pressure cell. */
export interface SeatCells {
  readonly rank: readonly PrUnit[];
  readonly pressure: readonly PrUnit[];
}

function emptyUnits(n: number): { error: number; decisions: number }[] {
  return Array.from({ length: n }, () => ({ error: 0, decisions: 0 }));
}

/** Both seats' cells of a match, filled with its counted decisions in match order. */
export class CellsBuilder {
  private readonly rank = [emptyUnits(RANK_BANDS.length), emptyUnits(RANK_BANDS.length)] as const;
  private readonly pressure = [emptyUnits(PRESSURES.length), emptyUnits(PRESSURES.length)] as const;
  private readonly seen: [number, number] = [0, 0];

  /** A decision as `matchTallies` hands it to its observer, in match order: counted ones fill the cells. */
  observe(d: Decision, f: DecisionFigures): void {
    if (f.counted && f.error !== null) this.add(d.player, f.error, pressureOf(d));
  }

  /** The seat's next counted decision: its error e and the pressure of its score. */
  add(seat: 0 | 1, error: number, pressure: Pressure): void {
    this.seen[seat]++;
    const r = this.rank[seat][rankBand(this.seen[seat])]!;
    r.error += error;
    r.decisions++;
    const p = this.pressure[seat][PRESSURE_INDEX[pressure]]!;
    p.error += error;
    p.decisions++;
  }

  cells(): readonly [SeatCells, SeatCells] {
    return [
      { rank: this.rank[0], pressure: this.pressure[0] },
      { rank: this.rank[1], pressure: this.pressure[1] },
    ];
  }
}

/** A seat's cells without a counted decision. */
export function emptyCells(): SeatCells {
  return { rank: emptyUnits(RANK_BANDS.length), pressure: emptyUnits(PRESSURES.length) };
}

/** The stored text of a seat's cells: Σe and N of each rank band, then of each pressure cell. */
export function encodeCells(c: SeatCells): string {
  return JSON.stringify([...c.rank, ...c.pressure].flatMap((u) => [u.error, u.decisions]));
}

/** The cells of a stored text (JSON keeps every double's bits: shortest round-trip form). */
export function decodeCells(text: string): SeatCells {
  const v = JSON.parse(text) as unknown;
  if (!Array.isArray(v) || v.length !== 2 * (RANK_BANDS.length + PRESSURES.length))
    throw new Error('review cells: stored cells of another shape');
  const units = Array.from({ length: v.length / 2 }, (_, i) => ({
    error: Number(v[2 * i]),
    decisions: Number(v[2 * i + 1]),
  }));
  return { rank: units.slice(0, RANK_BANDS.length), pressure: units.slice(RANK_BANDS.length) };
}
