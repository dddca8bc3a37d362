/**
 * `bdb find`'s query: the library's decisions passing one or more filter sets (./find-filters.ts; a saved
 * search narrowed by the command line is two sets, ANDed), costliest first. One SQL text is built from the
 * filters with every value the user gave bound as a parameter ($1 …), never spliced into the text.
 *
 * The patterns, pips and scores of `bdb find` are always the decision maker's: for a take or pass, the player
 * who answers, though the stored XGID (`decisions.xgid`, src/review/position.ts) is the doubler's position.
 * The pattern, pip counts, checkers borne off and contact are read from the columns the import stores for
 * the decision maker (schemas 9 and 11, src/library/migrate-positions.ts); `--xgid` compares the stored XGID.
 */
import type { DuckDBValue } from '@duckdb/node-api';
import type { RowList } from '../metrics/blot-bias.js';
import { THRESHOLD_EPSILON } from '../metrics/difficulty.js';
import type { FoundDecision } from '../model/found-decision.js';
import type { FindFilters, PointCondition, WholeRange } from './find-filters.js';
import type { Library } from './open.js';
import { rowStream } from './sql.js';

/** What a search gives: how many decisions pass it in all, and the first of them (all with no limit). */
export interface FindOutcome<L extends RowList<FoundDecision> = readonly FoundDecision[]> {
  readonly total: number;
  readonly decisions: L;
}

/** Where the decisions found go, in order: an array, or a store that keeps them in a temporary file. */
export interface FoundStore extends RowList<FoundDecision> {
  push(row: FoundDecision): unknown;
}

/** A filter set whose `--player` names were resolved to the spellings stored in the library. */
export interface ResolvedSet {
  readonly filters: FindFilters;
  /** The stored spellings of the persons named; null when the set names none (everyone). */
  readonly spellings: readonly string[] | null;
}

/** The values bound to a query, and the placeholders naming them. */
class Params {
  readonly values: DuckDBValue[] = [];
  /** The placeholder of a new parameter holding `v`. */
  p(v: string | number | boolean): string {
    this.values.push(v);
    return `$${this.values.length}`;
  }
}

/**
 * A pattern condition, read from the decision maker's side: the point columns (schema 11, ./rows.ts
 * `pointColumns`) hold my checkers on my point p as a positive count and the opponent's as a negative one;
 * `bar` and `opponent_bar` the checkers on each bar; `borne_off` and `opponent_borne_off` those off (schema 9).
 * Column names come from the parsed point (a whole number 1–24, `bar` or `off`), never from the user's text.
 */
function pointSql(q: Params, c: PointCondition): string {
  if (c.point === 'off') {
    const off = c.side === 'me' ? 'd.borne_off' : 'd.opponent_borne_off';
    return `${off} ${c.op === 'exactly' ? '=' : '>='} ${q.p(c.count)}`;
  }
  if (c.point === 'bar') {
    const bar = c.side === 'me' ? 'd.bar' : 'd.opponent_bar';
    return `${bar} ${c.op === 'exactly' ? '=' : '>='} ${q.p(c.count)}`;
  }
  const at = `d.p${c.point}`;
  // none of my checkers: the point is empty or the opponent's (and the other way round)
  if (c.op === 'exactly' && c.count === 0) return `${at} ${c.side === 'me' ? '<=' : '>='} 0`;
  if (c.side === 'me') return `${at} ${c.op === 'exactly' ? '=' : '>='} ${q.p(c.count)}`;
  return `${at} ${c.op === 'exactly' ? '=' : '<='} ${q.p(-c.count)}`;
}

/** `expr` within the range. */
function inRange(q: Params, expr: string, r: WholeRange): string[] {
  const out: string[] = [];
  if (r.min !== undefined) out.push(`${expr} >= ${q.p(r.min)}`);
  if (r.max !== undefined) out.push(`${expr} <= ${q.p(r.max)}`);
  return out;
}

/** The conditions on the position (pattern, XGID, pips, race). */
function positionSql(q: Params, f: FindFilters): string[] {
  const out: string[] = [];
  for (const c of f.pattern ?? []) out.push(pointSql(q, c));
  // the position field with '?' as LIKE's one-character wildcard ('-', letters: nothing else LIKE reads)
  if (f.xgid !== undefined) out.push(`d.xgid LIKE ${q.p(`XGID=${f.xgid.replaceAll('?', '_')}:%`)}`);
  // pips and contact as stored at import (schema 9: summed from the XGID here they took seconds)
  if (f.pipsMe !== undefined) out.push(...inRange(q, 'd.pips', f.pipsMe));
  if (f.pipsOpp !== undefined) out.push(...inRange(q, 'd.opponent_pips', f.pipsOpp));
  if (f.race) out.push('NOT d.contact');
  return out;
}

/** The conditions on the score, the cube and the roll. */
function stateSql(q: Params, f: FindFilters): string[] {
  const out: string[] = [];
  if (f.score !== undefined) out.push(`d.away = ${q.p(f.score[0])}`, `d.opponent_away = ${q.p(f.score[1])}`);
  if (f.crawford) out.push('d.crawford');
  // post-Crawford as bdb's pressure cells say it (src/metrics/review-cells.ts): a player 1-away, not the Crawford game
  if (f.postCrawford) out.push('NOT d.crawford', '(d.away = 1 OR d.opponent_away = 1)');
  if (f.cube !== undefined) out.push(`d.cube = ${q.p(f.cube)}`);
  if (f.cubeOwner !== undefined)
    out.push(
      `d.cube_owner = ${q.p(f.cubeOwner === 'me' ? 'player' : f.cubeOwner === 'opp' ? 'opponent' : 'centre')}`,
    );
  if (f.dice === 'doubles') out.push('substr(d.dice, 1, 1) = substr(d.dice, 2, 1)');
  else if (f.dice !== undefined) out.push(`d.dice IN (${q.p(f.dice)}, ${q.p(`${f.dice[1]}${f.dice[0]}`)})`);
  if (f.kind !== undefined) out.push(`d.kind = ${q.p(f.kind)}`);
  return out;
}

/** The conditions on the error, its class and the classifications. */
function errorSql(q: Params, f: FindFilters): string[] {
  const out: string[] = [];
  // the thresholds are inclusive, with bdb's tolerance for unrounded differences (src/metrics/difficulty.ts)
  if (f.minError !== undefined) out.push(`d.error >= ${q.p(f.minError - THRESHOLD_EPSILON)}`);
  const k = f.errorClass;
  if (k !== undefined) {
    const error = k.errorMpt / 1000 - THRESHOLD_EPSILON;
    const blunder = k.blunderMpt / 1000 - THRESHOLD_EPSILON;
    if (k.name === 'doubtful') out.push('d.error > 0', `d.error < ${q.p(error)}`);
    if (k.name === 'error') out.push(`d.error >= ${q.p(error)}`, `d.error < ${q.p(blunder)}`);
    if (k.name === 'blunder') out.push(`d.error >= ${q.p(blunder)}`);
  }
  if (f.plan !== undefined) out.push(`d.game_plan = ${q.p(f.plan)}`);
  if (f.phase !== undefined) out.push(`d.phase = ${q.p(f.phase)}`);
  if (f.theme !== undefined) out.push(`d.theme = ${q.p(f.theme)}`);
  return out;
}

/** The conditions on the match (event, days, length), as one semi-join on `matches`. */
function matchSql(q: Params, f: FindFilters): string[] {
  const on: string[] = [];
  if (f.event !== undefined) on.push(`contains(lower(coalesce(event, '')), lower(${q.p(f.event)}))`);
  if (f.since !== undefined) on.push(`day >= CAST(${q.p(f.since)} AS DATE)`);
  if (f.until !== undefined) on.push(`day <= CAST(${q.p(f.until)} AS DATE)`);
  const out =
    on.length === 0 ? [] : [`d.match_id IN (SELECT match_id FROM matches WHERE ${on.join(' AND ')})`];
  if (f.length !== undefined) out.push(`d.match_length = ${q.p(f.length)}`);
  return out;
}

/** The WHERE of one filter set (TRUE when it sets nothing and lifts the default). */
function setSql(q: Params, s: ResolvedSet): string {
  const f = s.filters;
  const out: string[] = [];
  // by default the player's mistakes: counted decisions with an error
  if (!f.allDecisions) out.push('d.counted', 'd.error > 0');
  if (s.spellings !== null)
    out.push(
      s.spellings.length === 0 ? 'FALSE' : `d.player IN (${s.spellings.map((n) => q.p(n)).join(', ')})`,
    );
  out.push(...matchSql(q, f), ...stateSql(q, f), ...errorSql(q, f), ...positionSql(q, f));
  return out.length === 0 ? 'TRUE' : out.join(' AND ');
}

/** The WHERE of every set, ANDed. */
export function findWhere(sets: readonly ResolvedSet[]): { where: string; params: DuckDBValue[] } {
  const q = new Params();
  const where = sets.map((s) => `(${setSql(q, s)})`).join(' AND ') || 'TRUE';
  return { where, params: q.values };
}

/** MWC lost first (money decisions, which have none, after), then the error, then where it is. */
const ORDER = 'd.mwc_loss DESC NULLS LAST, d.error DESC NULLS LAST, d.match_id, d.game, d.decision';

const COLUMNS = `d.match_id, m.file, CAST(m.day AS VARCHAR), m.event, d.game, d.move, d.decision, d.player,
  d.opponent, d.kind, d.action, d.dice, d.match_length, d.away, d.opponent_away, d.crawford, d.cube,
  d.cube_owner, d.played, d.best, d.played_equity, d.best_equity, d.error, d.mwc_loss, d.xgid, d.position_id,
  d.game_plan, d.phase, d.theme, m.analyser, m.checker_depth, m.cube_depth`;

const text = (v: unknown): string | null => (v === null || v === undefined ? null : String(v));
const num = (v: unknown): number | null => (v === null || v === undefined ? null : Number(v));

/** A row of {@link COLUMNS}. */
function found(r: readonly unknown[]): FoundDecision {
  return {
    matchId: Number(r[0]),
    file: String(r[1]),
    date: text(r[2]),
    event: text(r[3]),
    game: Number(r[4]),
    move: Number(r[5]),
    decision: Number(r[6]),
    player: String(r[7]),
    opponent: String(r[8]),
    kind: String(r[9]),
    action: text(r[10]),
    dice: text(r[11]),
    matchLength: Number(r[12]),
    away: num(r[13]),
    opponentAway: num(r[14]),
    crawford: r[15] === true,
    cube: Number(r[16]),
    cubeOwner: String(r[17]),
    played: text(r[18]),
    best: text(r[19]),
    playedEquity: num(r[20]),
    bestEquity: num(r[21]),
    error: num(r[22]),
    mwcLoss: num(r[23]),
    xgid: text(r[24]),
    positionId: text(r[25]),
    gamePlan: text(r[26]),
    phase: text(r[27]),
    theme: text(r[28]),
    analyser: text(r[29]),
    checkerDepth: text(r[30]),
    cubeDepth: text(r[31]),
  };
}

/**
 * The decisions passing every set: how many in all, and the first `limit` of them (all when null), MWC lost
 * first, handed to `store` as DuckDB gives them (a chunk of rows at a time): an array by default; a store
 * keeping them in a temporary file holds none of them in memory, whatever the limit (`bdb find --limit 0` on
 * a library of 10,000 matches lists 971,980 decisions). One scan: the keys and sort columns of the decisions
 * passing are kept, counted and the first of them taken, then only those are read whole and joined to their
 * matches (two statements, a count then the rows, cost two scans: twice the time on a 10,000-match library).
 */
export async function findDecisions(
  lib: Library,
  sets: readonly ResolvedSet[],
  limit: number | null,
): Promise<FindOutcome<FoundDecision[]>>;
export async function findDecisions<S extends FoundStore>(
  lib: Library,
  sets: readonly ResolvedSet[],
  limit: number | null,
  store: S,
): Promise<FindOutcome<S>>;
export async function findDecisions(
  lib: Library,
  sets: readonly ResolvedSet[],
  limit: number | null,
  store: FoundStore = [],
): Promise<FindOutcome<FoundStore>> {
  const { where, params } = findWhere(sets);
  const top = limit === null ? '' : `LIMIT $${params.length + 1}`;
  let total = 0;
  for await (const r of rowStream(
    lib.connection,
    `WITH hits AS MATERIALIZED (
       SELECT d.match_id, d.game, d.decision, d.mwc_loss, d.error FROM decisions d WHERE ${where}),
     shown AS (SELECT * FROM hits d ORDER BY ${ORDER} ${top})
     SELECT (SELECT count(*) FROM hits) AS total, ${COLUMNS}
     FROM (SELECT 1) one LEFT JOIN (shown f JOIN decisions d USING (match_id, game, decision)
       JOIN matches m ON m.match_id = d.match_id) ON TRUE
     ORDER BY ${ORDER}`,
    limit === null ? params : [...params, limit],
  )) {
    total = Number(r[0] ?? 0);
    // the one row of a search that found nothing: its total, and no decision
    if (r[1] !== null) store.push(found(r.slice(1)));
  }
  return { total, decisions: store };
}
