/**
 * The drill's cards and answers, stored in the library (schema step 10): `drill_cards` holds each drilled
 * decision's scheduling state (ts-fsrs's card as JSON, src/history/drill-schedule.ts) and when it is due;
 * `drill_answers` every answer given, whether it was right, the equity it lost when known and its FSRS
 * rating. A card is keyed by its position's XGID and the decision's kind (`checker`, `double`, `take`): the
 * same position met in two matches asks the same question. Neither table changes a match: the generation
 * (the per-person totals) is left alone.
 */
import { periodKey } from '../core/dates.js';
import type { Library } from './open.js';
import type { Grouping } from './period-totals.js';
import { rows } from './sql.js';

/** A card's key: the position and the kind of decision. */
export interface DrillKey {
  readonly xgid: string;
  readonly kind: string;
}

/** A stored card. */
export interface StoredCard extends DrillKey {
  /** The scheduling state, as JSON. */
  readonly state: string;
  /** When it is due (ISO, UTC). */
  readonly due: string;
}

/** An answer, as stored. */
export interface DrillAnswer extends DrillKey {
  readonly answeredAt: Date;
  /** The answer as typed. */
  readonly answer: string;
  readonly right: boolean;
  /** The equity the answer lost against the best (≥ 0), null when unknown (a play not analysed). */
  readonly equityLost: number | null;
  /** The FSRS rating it gave: again, hard, good. */
  readonly rating: string;
}

/** DuckDB's TIMESTAMP text of a moment (UTC, milliseconds). */
function timestampText(at: Date): string {
  return at.toISOString().replace('T', ' ').replace('Z', '');
}

const CARDS = `SELECT xgid, kind, state, strftime(due, '%Y-%m-%dT%H:%M:%S.%gZ') FROM drill_cards`;

/** A card from a row of {@link CARDS}. */
function storedCard([xgid, kind, state, due]: unknown[]): StoredCard {
  return { xgid: String(xgid), kind: String(kind), state: String(state), due: String(due) };
}

/** Every stored card, by key (`kind xgid`). */
export async function drillCards(lib: Library): Promise<Map<string, StoredCard>> {
  const out = new Map<string, StoredCard>();
  for (const row of await rows(lib.connection, CARDS)) {
    const c = storedCard(row);
    out.set(cardKey(c), c);
  }
  return out;
}

/**
 * The stored card of `key` as the library holds it now (another session may have answered it since this
 * one read its cards), or undefined when it was never answered.
 */
export async function drillCard(lib: Library, key: DrillKey): Promise<StoredCard | undefined> {
  const [row] = await rows(lib.connection, `${CARDS} WHERE xgid = $1 AND kind = $2`, [key.xgid, key.kind]);
  return row === undefined ? undefined : storedCard(row);
}

/** The map key of a card. */
export function cardKey(k: DrillKey): string {
  return `${k.kind} ${k.xgid}`;
}

/**
 * Stores an answer and the card's new state and due date, in one transaction (an answer is never kept
 * without its card's new date, nor the reverse).
 */
export async function recordAnswer(
  lib: Library,
  a: DrillAnswer,
  card: { readonly state: string; readonly due: Date },
): Promise<void> {
  const con = lib.connection;
  await con.run('BEGIN TRANSACTION');
  try {
    await con.run('DELETE FROM drill_cards WHERE xgid = $1 AND kind = $2', [a.xgid, a.kind]);
    await con.run('INSERT INTO drill_cards VALUES ($1, $2, $3, CAST($4 AS TIMESTAMP))', [
      a.xgid,
      a.kind,
      card.state,
      timestampText(card.due),
    ]);
    await con.run('INSERT INTO drill_answers VALUES ($1, $2, CAST($3 AS TIMESTAMP), $4, $5, $6, $7)', [
      a.xgid,
      a.kind,
      timestampText(a.answeredAt),
      a.answer,
      a.right,
      a.equityLost,
      a.rating,
    ]);
    await con.run('COMMIT');
  } catch (e) {
    await con.run('ROLLBACK');
    throw e;
  }
}

/**
 * A drilled position: the answers given on one card (position and kind), each a study action on that
 * position (`bdb study` dates a family by them as by a study mark; src/history/study.ts).
 */
export interface DrilledPosition extends DrillKey {
  /** The UTC days of its first and last answers (ISO). */
  readonly firstDay: string;
  readonly lastDay: string;
  readonly answers: number;
  readonly right: number;
}

const DRILLED = `SELECT xgid, kind, CAST(CAST(min(answered_at) AS DATE) AS VARCHAR),
    CAST(CAST(max(answered_at) AS DATE) AS VARCHAR), count(*), count(*) FILTER (WHERE "right")
  FROM drill_answers GROUP BY xgid, kind ORDER BY 3, 4, kind, xgid`;

/** Every drilled position, by the day of its first answer (then its last, its kind and XGID). */
export async function drilledPositions(lib: Library): Promise<DrilledPosition[]> {
  return (await rows(lib.connection, DRILLED)).map(([xgid, kind, first, last, n, right]) => ({
    xgid: String(xgid),
    kind: String(kind),
    firstDay: String(first),
    lastDay: String(last),
    answers: Number(n),
    right: Number(right),
  }));
}

/** The answers of one period (`YYYY-MM`, `YYYY-Qn` or `YYYY`, as `bdb progress` labels its periods). */
export interface DrillPeriod {
  readonly period: string;
  readonly answered: number;
  readonly right: number;
  /** Σ equity lost over the answers whose loss is known. */
  readonly equityLost: number;
  /** How many answers have a known loss. */
  readonly known: number;
}

const DAYS = `SELECT CAST(CAST(answered_at AS DATE) AS VARCHAR) AS d, count(*), count(*) FILTER (WHERE "right"),
    coalesce(sum(equity_lost), 0), count(equity_lost)
  FROM drill_answers GROUP BY d ORDER BY d`;

/**
 * The answers grouped by calendar period of their UTC day (month, quarter or year, by the period code of
 * `bdb progress`, src/core/dates.ts `periodKey`), oldest first.
 */
export async function drillPeriods(lib: Library, by: Grouping): Promise<DrillPeriod[]> {
  const out: { -readonly [K in keyof DrillPeriod]: DrillPeriod[K] }[] = [];
  for (const [day, n, right, lost, known] of await rows(lib.connection, DAYS)) {
    const period = periodKey(String(day), by);
    let p = out.at(-1);
    if (p?.period !== period) {
      p = { period, answered: 0, right: 0, equityLost: 0, known: 0 };
      out.push(p);
    }
    p.answered += Number(n);
    p.right += Number(right);
    p.equityLost += Number(lost);
    p.known += Number(known);
  }
  return out;
}
