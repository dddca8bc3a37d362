/**
 * Library rows → what the file route builds: per-match reports carrying the very tallies `bdb stats` makes
 * (stored at import by the metrics layer), and the matches themselves, parsed again from the stored source
 * bytes, for the commands that look at boards (`biases`, `plan`). Figures are then derived by the same
 * functions as on the file route (`playerStats`, the aggregators, the collectors): one source of truth.
 *
 * Order: matches come sorted by file path (JavaScript string order), which is the order in which `bdb stats
 * FOLDER` walks a folder, so a library and a folder give the same lists.
 */
import { statSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import type { Side } from '../core/board.js';
import { WorkerPool } from '../core/worker-pool.js';
import type { Met } from '../met/index.js';
import {
  STORED_ACTIONS,
  STORED_DIRECTIONS,
  type StoredBiasMatch,
  type StoredDecisionKey,
  type StoredDecisionRef,
} from '../metrics/bias-columns.js';
import { CLOSED, type IntervalMethod } from '../metrics/bootstrap.js';
import { reachesThreshold, type THRESHOLD_PRESETS } from '../metrics/difficulty.js';
import type { MatchReport } from '../metrics/match-report.js';
import type { StoredPlanError, StoredPlanMatch, StoredStudyMatch } from '../metrics/plan-columns.js';
import { type PlayerTally, playerStats, setErrorCounts, tallyPr } from '../metrics/player-stats.js';
import type { StoredCountedDecision, StoredReportMatch } from '../metrics/report-columns.js';
import { decodeCells, emptyCells, type SeatCells } from '../metrics/review-cells.js';
import type { TiltState } from '../metrics/tilt.js';
import { isEmptyFilter, type MatchFilter, passesFilter } from '../model/filter.js';
import { type AnalyserInfo, type CubeAction, type Match, readingRank } from '../model/types.js';
import type { ParseWarning } from '../parsers/types.js';
import type { UnitFile } from './import.js';
import type { InflateRequest } from './inflate-worker.js';
import { type Library, LibraryError } from './open.js';
import type { ErrorsByPreset } from './rows.js';
import { readSource, type SourceLocation, sourcesDir } from './sources.js';
import { doubleColumns, jsonRows, rowStream, rows } from './sql.js';
import { storedBoard } from './stored-board.js';
import { decodeState, decodeTally } from './tally-codec.js';

/** A stored match as listed: its id, file and what the filters look at. */
interface MatchHead {
  readonly id: number;
  readonly file: string;
  /** The match day (ISO), null when its date could not be read. */
  readonly day: string | null;
  readonly event: string | null;
  readonly matchLength: number;
  readonly players: readonly [string, string];
  /** Where its format stands among the readings of a match ({@link readingRank}). */
  readonly rank: number;
  /** The stored analyser and depths (`--min-depth` reads them), null when none was stored. */
  readonly analyser: AnalyserInfo | null;
  /** Its decisions hold the board biases' columns (imported at schema 12 or later). */
  readonly boardBiases: boolean;
}

/** The order `bdb stats` reads files in: best reading first (XG, SGF, gnuBG text, transcripts), then path. */
const byFile = (a: MatchHead, b: MatchHead): number =>
  a.rank - b.rank || (a.file < b.file ? -1 : a.file > b.file ? 1 : a.id - b.id);

/** Every stored match's head, in file order, read once per read-only opening (nothing can change it then). */
const allHeadsOf = new WeakMap<Library, Promise<MatchHead[]>>();

/**
 * Every match's head. The rows come as one JSON text built by DuckDB: 10,000 rows of seven values read one
 * value at a time through the driver cost several times more than parsing that one string. A value that
 * many matches share (a day, an event, the pair of players, the analyser) is held once, not once per match:
 * the heads are kept for the whole command, and every match's own copies made them 369 bytes a match.
 */
async function readAllHeads(lib: Library): Promise<MatchHead[]> {
  const [[json]] = (await rows(
    lib.connection,
    `SELECT CAST(to_json(list([CAST(match_id AS VARCHAR), file, CAST(day AS VARCHAR), event,
       CAST(match_length AS VARCHAR), player0, player1, format, analyser, checker_depth,
       cube_depth, CAST(board_biases AS VARCHAR)])) AS VARCHAR) FROM matches`,
  )) as [[string | null]];
  const list: MatchHead[] = [];
  const shared = new Map<string, unknown>();
  const once = <T>(key: string, make: () => T): T => {
    let v = shared.get(key) as T | undefined;
    if (v === undefined) {
      v = make();
      shared.set(key, v);
    }
    return v;
  };
  const text = (s: string | null | undefined): string | null => (s == null ? null : once(`t${s}`, () => s));
  for (const [id, file, day, event, length, p0, p1, format, program, checker, cube, board] of JSON.parse(
    json ?? '[]',
  ) as (string | null)[][])
    list.push({
      id: Number(id),
      file: String(file),
      day: text(day),
      event: text(event),
      matchLength: Number(length),
      players: once(JSON.stringify(['p', p0, p1]), () => [String(p0), String(p1)] as const),
      rank: readingRank(String(format)),
      analyser: once(JSON.stringify(['a', program, checker, cube]), () =>
        storedAnalyser(program ?? null, checker ?? null, cube ?? null),
      ),
      boardBiases: board === 'true',
    });
  return list.sort(byFile);
}

/** The analyser of a match's stored columns (analyser, checker_depth, cube_depth); null when none stored. */
function storedAnalyser(
  program: string | null,
  checkerDepth: string | null,
  cubeDepth: string | null,
): AnalyserInfo | null {
  return program === null ? null : { program, checkerDepth, cubeDepth };
}

function allHeads(lib: Library): Promise<MatchHead[]> {
  if (!lib.readOnly) return readAllHeads(lib);
  let heads = allHeadsOf.get(lib);
  if (!heads) {
    heads = readAllHeads(lib);
    allHeadsOf.set(lib, heads);
  }
  return heads;
}

/**
 * The matches passing the filter, in file order; with `players`, only those where a seat is one of these
 * names (as stored); with `keepEvent`, only those whose stored event it accepts.
 */
async function heads(
  lib: Library,
  filter: MatchFilter,
  players?: ReadonlySet<string>,
  keepEvent?: (event: string | null) => boolean,
): Promise<MatchHead[]> {
  return (await allHeads(lib)).filter(
    (h) =>
      passesFilter(filter, h) &&
      (!players || players.has(h.players[0]) || players.has(h.players[1])) &&
      (!keepEvent || keepEvent(h.event)),
  );
}

/**
 * Matches per read of both seats' tallies (`stats --library`, the totals). Measured on a 10,000-match
 * library when progress still read this way (5 runs in turn against 1,000): 10,000 a read was about 10 %
 * faster but peaked 40 MB higher (233 against 191 MB), 2,500 a read 2–5 % faster and 13 MB higher; the
 * library's queries stay under 200 MB, so 1,000.
 */
const CHUNK = 1000;

/**
 * Matches per read of their decision rows: each read scans the `decisions` table once, so fewer and larger
 * reads are faster; 4,000 matches of ~100 counted decisions hold ~25 MB of columns.
 */
const ROWS_CHUNK = 4000;

/** `$1, $2, …`: the positional parameters of a list of values in SQL. */
const placeholders = (values: readonly unknown[]): string => values.map((_, i) => `$${i + 1}`).join(', ');

/**
 * The decision rows of the seats named `players` (as stored): their names as the query's parameters and the
 * condition on them (none without `players`).
 */
function seatsOf(players: ReadonlySet<string> | undefined): { names: string[]; seats: string } {
  const names = players ? [...players] : [];
  return { names, seats: players ? `AND player IN (${placeholders(names)})` : '' };
}

/**
 * The condition on the decisions counted in PR with an error (the rows every column reader reads) of the
 * matches `ids` (a list of match ids), of the seats `seats` keeps (an `AND …` condition, or '').
 */
const countedIn = (ids: string, seats: string): string =>
  `match_id IN (${ids}) AND counted AND error IS NOT NULL ${seats}`;

function chunks<T>(list: readonly T[], size: number): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < list.length; i += size) out.push(list.slice(i, i + size));
  return out;
}

const MATCH_COLUMNS =
  'match_id, file, format, player0, player1, match_length, games, CAST(day AS VARCHAR) AS date, event, analyser, checker_depth, cube_depth, winner, score0, score1, warnings';

/** A seat's stored tally as read, not yet decoded: its text and, for another preset, its error counts. */
interface StoredSeat {
  readonly seat: number;
  readonly tally: string;
  readonly byPreset: string | null;
}

/**
 * The stored tally rows of `match_players` that `where` selects, by match id, each match's seats in seat
 * order; texts only, decoded by {@link decodeSeat} when used (a text is one string where its decoded tally
 * is dozens of objects for the garbage collector to trace). Streamed and unsorted: neither DuckDB nor JS
 * holds the result twice.
 */
async function storedSeats(
  lib: Library,
  where: string,
  params: readonly string[],
  preset: keyof typeof THRESHOLD_PRESETS,
  /** Only the rows of the matches it accepts are kept (default: every row). */
  keep: (id: number) => boolean = () => true,
): Promise<Map<number, StoredSeat[]>> {
  // the stored tally counts errors at the import's thresholds (XG's); other presets are stored apart
  const errors = preset === 'xg' ? 'NULL' : 'errors_by_preset';
  const out = new Map<number, StoredSeat[]>();
  for await (const [id, seat, tally, byPreset] of rowStream(
    lib.connection,
    `SELECT match_id, seat, tally, ${errors} FROM match_players WHERE ${where}`,
    params,
  )) {
    if (!keep(Number(id))) continue;
    const row = {
      seat: Number(seat),
      tally: String(tally),
      byPreset: byPreset === null ? null : String(byPreset),
    };
    const seats = out.get(Number(id));
    if (!seats) out.set(Number(id), [row]);
    else {
      seats.push(row);
      seats.sort((x, y) => x.seat - y.seat);
    }
  }
  return out;
}

/** A stored seat's tally, counting errors under `preset`. */
function decodeSeat(r: StoredSeat, preset: keyof typeof THRESHOLD_PRESETS): PlayerTally {
  const t = decodeTally(r.tally);
  if (preset !== 'xg') setErrorCounts(t, (JSON.parse(String(r.byPreset)) as ErrorsByPreset)[preset]);
  return t;
}

/**
 * The stored tallies of matches `ids`: a function giving a match's two seats' tallies, counting errors under
 * `preset`, decoded when asked for (a chunk's texts are held; its decoded tallies would be 2,000 objects of
 * dozens of arrays each: 60 MB of `stats --library`'s peak at 10,000 matches).
 */
async function talliesOf(
  lib: Library,
  ids: string,
  preset: keyof typeof THRESHOLD_PRESETS,
): Promise<(id: number) => [PlayerTally, PlayerTally]> {
  const stored = await storedSeats(lib, `match_id IN (${ids})`, [], preset);
  for (const [id, seats] of stored)
    if (seats.length !== 2 || seats[0]!.seat !== 0 || seats[1]!.seat !== 1)
      throw new Error(`library: match ${id} lacks a seat`);
  for (const id of ids.split(','))
    if (!stored.has(Number(id))) throw new Error(`library: match ${id} has no tallies`);
  return (id) => {
    const [s0, s1] = stored.get(id)!;
    return [decodeSeat(s0!, preset), decodeSeat(s1!, preset)];
  };
}

/**
 * The two seats' tallies of each stored match, in file order: all the per-person aggregate needs (what
 * `bdb stats --library --no-matches` reads; no match data is fetched).
 */
export async function* libraryTallies(
  lib: Library,
  filter: MatchFilter,
  preset: keyof typeof THRESHOLD_PRESETS,
  /** Only the matches where one of the seats is one of these names (as stored). */
  players?: ReadonlySet<string>,
): AsyncGenerator<{ readonly tallies: readonly [PlayerTally, PlayerTally]; readonly day: string | null }> {
  for (const part of chunks(await heads(lib, filter, players), CHUNK)) {
    const tallies = await talliesOf(lib, part.map((h) => h.id).join(','), preset);
    for (const h of part) yield { tallies: tallies(h.id), day: h.day };
  }
}

/**
 * The stored seats of matches `ids` (a list for SQL; null: every match) held by one of `names` (as stored),
 * by match id, in seat order: what a reader following one person needs (the other seats' tallies are not
 * fetched).
 */
function personSeats(
  lib: Library,
  ids: string | null,
  preset: keyof typeof THRESHOLD_PRESETS,
  names: ReadonlySet<string>,
  keep?: (id: number) => boolean,
): Promise<Map<number, StoredSeat[]>> {
  const list = [...names];
  if (list.length === 0) return Promise.resolve(new Map());
  const where = `${ids === null ? '' : `match_id IN (${ids}) AND `}player IN (${placeholders(list)})`;
  return storedSeats(lib, where, list, preset, keep);
}

/**
 * The tallies of the seats held by one of `names` (as stored) in the matches passing the filter where they
 * play, in file order: what following one person needs (`bdb progress`), at half the cost of both seats.
 * One query for every seat of theirs (a list of match ids costs DuckDB more than the rows it saves); the
 * texts wait, each match's are decoded when it is handed over.
 */
export async function* libraryPersonTallies(
  lib: Library,
  filter: MatchFilter,
  preset: keyof typeof THRESHOLD_PRESETS,
  names: ReadonlySet<string>,
): AsyncGenerator<{ readonly tallies: readonly PlayerTally[]; readonly day: string | null }> {
  const list = await heads(lib, filter, names);
  const wanted = new Set(list.map((h) => h.id));
  const seats = await personSeats(lib, null, preset, names, (id) => wanted.has(id));
  for (const h of list) {
    yield { tallies: (seats.get(h.id) ?? []).map((r) => decodeSeat(r, preset)), day: h.day };
    seats.delete(h.id);
  }
}

/** The day of each match passing the filter where a seat is one of `names` (as stored); null: undated. */
export async function libraryPersonDays(
  lib: Library,
  filter: MatchFilter,
  names: ReadonlySet<string>,
): Promise<(string | null)[]> {
  return (await heads(lib, filter, names)).map((h) => h.day);
}

/** How many stored matches with a seat `wanted` accepts have no readable date (they fall in no window). */
export async function libraryUndated(lib: Library, wanted: (name: string) => boolean): Promise<number> {
  return (await heads(lib, {})).filter(
    (h) => h.day === null && (wanted(h.players[0]) || wanted(h.players[1])),
  ).length;
}

/**
 * The names of the seats of the matches passing the filter, one pair per match as {@link librarySeats} gives
 * them, in no particular order, for a command that reads no match head (`bdb find --player`): the heads when
 * read already, else one query of what the filter and the names need, grouped (on one player's 10,000
 * matches 6.5-10 ms without a filter, 20-50 with one, against 82-94 for the heads: every file name read,
 * the heads made and sorted).
 */
export async function librarySeatsAlone(
  lib: Library,
  filter: MatchFilter,
): Promise<(readonly [string, string])[]> {
  if (allHeadsOf.has(lib)) return librarySeats(lib, filter);
  // without a filter, the pairs of players alone: a group a pair of opponents, not nearly one a match
  const every = isEmptyFilter(filter);
  const groups = (await jsonRows(
    lib.connection,
    every
      ? 'SELECT player0, player1, count(*) AS n FROM matches GROUP BY ALL'
      : `SELECT player0, player1, count(*) AS n, CAST(day AS VARCHAR) AS day, event, match_length, analyser,
           checker_depth, cube_depth FROM matches GROUP BY ALL`,
  )) as SeatGroup[];
  const out: (readonly [string, string])[] = [];
  for (const [p0, p1, n, day, event, length, program, checker, cube] of groups) {
    // the filter's fields are in the row only when there is a filter
    if (!every) {
      const analyser = storedAnalyser(program, checker, cube);
      if (!passesFilter(filter, { day, event, matchLength: length, analyser })) continue;
    }
    const pair = [p0, p1] as const;
    for (let k = 0; k < n; k++) out.push(pair);
  }
  return out;
}

/** A row of {@link librarySeatsAlone}'s query: the players, their matches, what the filter reads (if any). */
type SeatGroup = [
  player0: string,
  player1: string,
  matches: number,
  day: string | null,
  event: string | null,
  matchLength: number,
  analyser: string | null,
  checkerDepth: string | null,
  cubeDepth: string | null,
];

/**
 * The names of the seats of the matches passing the filter (and `keepEvent`, on the stored event), one pair
 * per match (file order).
 */
export async function librarySeats(
  lib: Library,
  filter: MatchFilter,
  keepEvent?: (event: string | null) => boolean,
): Promise<(readonly [string, string])[]> {
  return (await heads(lib, filter, undefined, keepEvent)).map((h) => h.players);
}

/** A stored match's report from its `matches` row (the columns of `MATCH_COLUMNS`) and its seats' tallies. */
function storedReport(
  r: readonly unknown[],
  pair: readonly [PlayerTally, PlayerTally],
  interval: IntervalMethod = CLOSED,
): MatchReport {
  const [
    ,
    file,
    format,
    p0,
    p1,
    length,
    games,
    date,
    event,
    program,
    checkerDepth,
    cubeDepth,
    winner,
    s0,
    s1,
    w,
  ] = r;
  const [t0, t1] = pair;
  let stats: MatchReport['stats'] | null = null;
  return {
    file: String(file),
    format: String(format),
    matchLength: Number(length),
    players: [String(p0), String(p1)],
    games: Number(games),
    finalScore: [Number(s0), Number(s1)],
    winner: winner === null ? null : String(winner),
    date: date === null ? null : String(date),
    event: event === null ? null : String(event),
    analyser: storedAnalyser(
      program === null ? null : String(program),
      checkerDepth === null ? null : String(checkerDepth),
      cubeDepth === null ? null : String(cubeDepth),
    ),
    // derived on demand: the per-person table alone needs only the tallies
    get stats(): MatchReport['stats'] {
      stats ??= [playerStats(t0, interval), playerStats(t1, interval)];
      return stats;
    },
    // the table's list of matches shows only these: on one player's 10,000 matches every figure of every
    // seat took 0.8 of the 4.1 s of `bdb stats --library`
    get prs(): MatchReport['prs'] {
      return stats === null ? [tallyPr(t0), tallyPr(t1)] : [stats[0].pr, stats[1].pr];
    },
    warnings: JSON.parse(String(w)) as ParseWarning[],
    tallies: pair,
  };
}

/** The `matches` rows (`MATCH_COLUMNS`, then `extra`) and the seats' tallies of a chunk of heads, by id. */
async function chunkRows(
  lib: Library,
  part: readonly MatchHead[],
  preset: keyof typeof THRESHOLD_PRESETS,
  extra = '',
): Promise<{
  ids: string;
  byId: Map<number, unknown[]>;
  tallies: (id: number) => [PlayerTally, PlayerTally];
}> {
  const ids = part.map((h) => h.id).join(',');
  const tallies = await talliesOf(lib, ids, preset);
  const byId = new Map<number, unknown[]>();
  for (const r of await rows(
    lib.connection,
    `SELECT ${MATCH_COLUMNS}${extra} FROM matches WHERE match_id IN (${ids})`,
  ))
    byId.set(Number(r[0]), r);
  return { ids, byId, tallies };
}

/**
 * The reports of the stored matches, in file order, with the tallies made at import; `preset` chooses
 * which thresholds' error and avoidable-error counts the tallies carry (spec/metrics.md §4).
 */
export async function* libraryReports(
  lib: Library,
  filter: MatchFilter,
  preset: keyof typeof THRESHOLD_PRESETS,
  interval: IntervalMethod = CLOSED,
): AsyncGenerator<MatchReport> {
  for (const part of chunks(await heads(lib, filter), CHUNK)) {
    const { byId, tallies } = await chunkRows(lib, part, preset);
    for (const h of part) yield storedReport(byId.get(h.id)!, tallies(h.id), interval);
  }
}

/**
 * The counted decisions of a stored match (src/library/rows.ts), as columns (index i = the i-th decision in
 * game order): where each is, who made it, its score and its error e as the metrics computed it at import;
 * for the errors a reader asked for (`detailFrom`), the rest of the row. Columns, not objects: a habitual
 * level reads a quarter of a million of them.
 */
export interface StoredDecisions {
  readonly length: number;
  /** 1-based game, and decision in the game (model index + 1). */
  readonly game: Float64Array;
  readonly decision: Float64Array;
  readonly seat: Float64Array;
  /** Away scores of the decision maker and the opponent; −1 in money play. */
  readonly away: Float64Array;
  readonly opponentAway: Float64Array;
  /** 1 in the Crawford game, else 0. */
  readonly crawford: Float64Array;
  readonly error: Float64Array;
  /** The rest of decision i's row; null unless the reader asked for it. */
  detail(i: number): StoredDetail | null;
}

/** What else a stored decision row says: its reference, ℓ and d, and its classification. */
export interface StoredDetail {
  readonly game: number;
  readonly decision: number;
  /** 1-based roll number in the game. */
  readonly move: number;
  /** `checker`, `double` or `take` (the tally's decision type). */
  readonly kind: string;
  readonly loss: number | null;
  readonly difficulty: number | null;
  readonly played: string | null;
  readonly best: string | null;
  readonly xgid: string | null;
  readonly positionId: string | null;
  readonly gamePlan: string | null;
  readonly theme: string | null;
}

/** A stored match as the history reads it: what it shows, its seats' tallies and its counted decisions. */
export interface StoredMatchRows {
  readonly file: string;
  readonly players: readonly [string, string];
  /** 0 = money. */
  readonly matchLength: number;
  readonly finalScore: readonly [number, number];
  /** The winner's seat, null when none (unfinished match, money tie). */
  readonly winner: 0 | 1 | null;
  readonly date: string | null;
  readonly event: string | null;
  readonly round: string | null;
  /** The stored key of the match's identity (`matchKey`), null without a decision. */
  readonly key: string | null;
  /** Both seats' tallies; with `onlyTheirs`, only the seats of the players asked for (seat order). */
  readonly tallies: readonly PlayerTally[];
  /**
   * The seats' review cells, made at import (src/metrics/review-cells.ts): those of the seats of the players
   * asked for; the other seat's are empty (not decoded).
   */
  readonly cells: readonly [SeatCells, SeatCells];
  /** The counted decisions of the seats asked for; null when not asked for (`decisions: false`). */
  readonly decisions: StoredDecisions | null;
}

const text = (v: unknown): string | null => (v === null ? null : String(v));
const num = (v: unknown): number | null => (v === null ? null : Number(v));

/** Which matches and decisions {@link libraryDecisionRows} reads. */
export interface DecisionRowsOptions {
  /** The seats whose counted decisions are read (names as stored). */
  readonly players: ReadonlySet<string>;
  /** Only the matches where a seat is one of `players` (default: every match passing the filter). */
  readonly onlyTheirs?: boolean;
  /** Only the matches whose stored event it accepts. */
  readonly keepEvent?: (event: string | null) => boolean;
  /** The detail is read for the decisions whose error is at least this (equity); default none. */
  readonly detailFrom?: number;
  /** False: no decision row is read (`decisions` is null); the matches, tallies and cells only. */
  readonly decisions?: boolean;
}

/**
 * The seat of the stored winner (a name): the seat of that name, or when both seats share it, the seat
 * the final score makes the winner (as `matchOutcome` decides).
 */
function winnerSeat(
  winner: string | null,
  players: readonly [string, string],
  length: number,
  score: readonly [number, number],
): 0 | 1 | null {
  if (winner === null) return null;
  if (players[0] !== players[1]) return winner === players[0] ? 0 : 1;
  if (length > 0) return score[0] >= length ? 0 : 1;
  return score[0] > score[1] ? 0 : 1;
}

/** The decisions [from, to) of the columns (match id, game, decision, seat, aways, Crawford, error). */
function storedDecisions(
  columns: readonly Float64Array[],
  [from, to]: readonly [number, number],
  matchId: number,
  details: ReadonlyMap<string, StoredDetail>,
): StoredDecisions {
  const [, game, decision, seat, away, opponentAway, crawford, error] = columns.map((c) =>
    c.subarray(from, to),
  );
  return {
    length: to - from,
    game: game!,
    decision: decision!,
    seat: seat!,
    away: away!,
    opponentAway: opponentAway!,
    crawford: crawford!,
    error: error!,
    detail: (i) => details.get(`${matchId}:${game![i]}:${decision![i]}`) ?? null,
  };
}

/** A stored match for the history from its `matches` row (and its seats' cells), tallies and decisions. */
function storedMatch(
  r: readonly unknown[],
  tallies: readonly PlayerTally[],
  decisions: StoredDecisions | null,
  /** The players (as stored) whose seats' cells are decoded. */
  cellsOf: ReadonlySet<string>,
): StoredMatchRows {
  const [, file, p0, p1, length, date, event, round, key, winner, s0, s1, cells0, cells1] = r;
  const players: [string, string] = [String(p0), String(p1)];
  const cells = (player: string, stored: unknown): SeatCells =>
    cellsOf.has(player) ? decodeCells(String(stored)) : emptyCells();
  const finalScore: [number, number] = [Number(s0), Number(s1)];
  return {
    file: String(file),
    players,
    matchLength: Number(length),
    finalScore,
    winner: winnerSeat(text(winner), players, Number(length), finalScore),
    date: text(date),
    event: text(event),
    round: text(round),
    key: text(key),
    tallies,
    cells: [cells(players[0], cells0), cells(players[1], cells1)],
    decisions,
  };
}

/**
 * The stored matches passing the filter, in file order, each with the counted decisions of the seats named
 * `players` read from the `decisions` rows: no stored bytes are parsed. The detail of the few errors asked
 * for is read apart, so the strings of the other rows are never fetched.
 */
export async function* libraryDecisionRows(
  lib: Library,
  filter: MatchFilter,
  preset: keyof typeof THRESHOLD_PRESETS,
  opts: DecisionRowsOptions,
): AsyncGenerator<StoredMatchRows> {
  const names = [...opts.players];
  const seats = names.length === 0 ? 'NULL' : placeholders(names);
  const list = await heads(lib, filter, opts.onlyTheirs ? opts.players : undefined, opts.keepEvent);
  for (const part of chunks(list, ROWS_CHUNK)) {
    const ids = part.map((h) => h.id).join(',');
    // texts, each match's decoded when it is handed over
    const stored = opts.onlyTheirs
      ? await personSeats(lib, ids, preset, opts.players)
      : await storedSeats(lib, `match_id IN (${ids})`, [], preset);
    const tallies = (id: number): PlayerTally[] => (stored.get(id) ?? []).map((r) => decodeSeat(r, preset));
    const byId = new Map<number, unknown[]>();
    for (const r of await jsonRows(
      lib.connection,
      `SELECT m.match_id, file, player0, player1, match_length, CAST(day AS VARCHAR) AS date, event, round, fingerprint, winner, score0, score1,
         p0.cells AS cells0, p1.cells AS cells1
       FROM matches m JOIN match_players p0 ON p0.match_id = m.match_id AND p0.seat = 0
         JOIN match_players p1 ON p1.match_id = m.match_id AND p1.seat = 1
       WHERE m.match_id IN (${ids})`,
    ))
      byId.set(Number(r[0]), r);
    if (opts.decisions === false) {
      for (const h of part) yield storedMatch(byId.get(h.id)!, tallies(h.id), null, opts.players);
      continue;
    }
    const where = countedIn(ids, `AND player IN (${seats})`);
    const details = new Map<string, StoredDetail>();
    if (opts.detailFrom !== undefined && Number.isFinite(opts.detailFrom))
      for (const r of await rows(
        lib.connection,
        `SELECT match_id, game, decision, move, kind, mwc_loss, difficulty, played, best, xgid, position_id, game_plan, theme
         FROM decisions WHERE ${where} AND error >= ${opts.detailFrom}`,
        names,
      ))
        details.set(`${r[0]}:${r[1]}:${r[2]}`, {
          game: Number(r[1]),
          decision: Number(r[2]),
          move: Number(r[3]),
          kind: String(r[4]),
          loss: num(r[5]),
          difficulty: num(r[6]),
          played: text(r[7]),
          best: text(r[8]),
          xgid: text(r[9]),
          positionId: text(r[10]),
          gamePlan: text(r[11]),
          theme: text(r[12]),
        });
    // numbers only, read as columns (no per-value conversion); NULL aways (money play) come as −1
    const columns = await doubleColumns(
      lib.connection,
      `SELECT CAST(match_id AS DOUBLE), CAST(game AS DOUBLE), CAST(decision AS DOUBLE), CAST(seat AS DOUBLE),
         CAST(COALESCE(away, -1) AS DOUBLE), CAST(COALESCE(opponent_away, -1) AS DOUBLE), CAST(crawford AS DOUBLE), error
       FROM decisions WHERE ${where} ORDER BY match_id, game, decision`,
      names,
    );
    // each match's run of rows [from, to)
    const runs = matchRuns(columns[0]!);
    const none: [number, number] = [0, 0];
    for (const h of part)
      yield storedMatch(
        byId.get(h.id)!,
        tallies(h.id),
        storedDecisions(columns, runs.get(h.id) ?? none, h.id, details),
        opts.players,
      );
  }
}

/**
 * Matches per read of the biases' columns: 500 matches of one long-match player's library (375 decisions
 * each, about 40 % counted) are 75,000 rows of 12 columns, 7 MB.
 */
const BIAS_CHUNK = 500;

/**
 * Matches per read when the decisions' places are read too (`bdb biases --json`): their text, built by
 * DuckDB as one JSON list, then held once as text and once parsed; 100 matches keep it to about 2 MB.
 */
const BIAS_PLACES_CHUNK = 100;

/**
 * Whether every stored match passing the filter (and with a seat of `players`) holds schema 12's columns
 * (the biases' and the plan's), so that {@link libraryBiasMatches} and {@link libraryPlanMatches} can give
 * them all; false when one was imported before them.
 */
export async function libraryHasColumns(
  lib: Library,
  filter: MatchFilter,
  players?: ReadonlySet<string>,
): Promise<boolean> {
  return (await heads(lib, filter, players)).every((h) => h.boardBiases);
}

/**
 * The stored matches passing the filter, in file order (with `players`, only those with a seat of one of
 * these names, and only those seats' decisions), as the biases read them from the library's columns: the
 * counted decisions' figures, the seats' stored tilt states (`how.tilt`: read them), each counted
 * decision's place (`how.refs`: its move, XGID and Position ID, for a reader listing them) and the analyser.
 * Every match must hold the board biases' columns ({@link libraryHasColumns}).
 */
export async function* libraryBiasMatches(
  lib: Library,
  filter: MatchFilter,
  how: { readonly tilt: boolean; readonly refs: boolean },
  players?: ReadonlySet<string>,
): AsyncGenerator<StoredBiasMatch> {
  const { names, seats } = seatsOf(players);
  const actions = STORED_ACTIONS.map((a, i) => `WHEN '${a}' THEN ${i + 1}`).join(' ');
  const directions = STORED_DIRECTIONS.map((d, i) => `WHEN '${d}' THEN ${i}`).join(' ');
  const size = how.refs ? BIAS_PLACES_CHUNK : BIAS_CHUNK;
  for (const part of chunks(await heads(lib, filter, players), size)) {
    const ids = part.map((h) => h.id).join(',');
    const tilts = new Map<number, [TiltState | null, TiltState | null]>();
    if (how.tilt)
      for (const [id, seat, values] of await rows(
        lib.connection,
        `SELECT match_id, seat, CAST(json_extract(tally, '$.tilt') AS VARCHAR) FROM match_players
         WHERE match_id IN (${ids})`,
      )) {
        const pair = tilts.get(Number(id)) ?? [null, null];
        pair[Number(seat) === 1 ? 1 : 0] = decodeState('tilt', text(values));
        tilts.set(Number(id), pair);
      }
    const where = countedIn(ids, seats);
    // with the places when asked
    const {
      texts: places,
      columns,
      runs,
    } = await decisionColumns(
      lib,
      where,
      names,
      how.refs ? '[CAST(move AS VARCHAR), xgid, position_id]' : null,
      `CAST(match_id AS DOUBLE), CAST(game AS DOUBLE), CAST(decision AS DOUBLE), CAST(seat AS DOUBLE),
         CAST(CASE WHEN kind = 'checker' THEN 0 ELSE CASE action ${actions} ELSE -1 END END AS DOUBLE),
         error, CAST(COALESCE(CASE cube_direction ${directions} END, -1) AS DOUBLE),
         CAST(COALESCE(away, -1) AS DOUBLE), CAST(COALESCE(opponent_away, -1) AS DOUBLE),
         CAST(COALESCE(board_bias, -1) AS DOUBLE),
         CAST(COALESCE(blots_played, -1) AS DOUBLE), CAST(COALESCE(blots_best, -1) AS DOUBLE),
         CAST(COALESCE(shots_played, -1) AS DOUBLE), CAST(COALESCE(shots_best, -1) AS DOUBLE)`,
      'places of the decisions',
    );
    for (const h of part) {
      const [from, to] = runs.get(h.id) ?? [0, 0];
      const [, game, decision, seat, action, error, direction, away, opponentAway, board, bp, bb, sp, sb] =
        columns.map((c) => c.subarray(from, to));
      yield {
        id: h.id,
        file: h.file,
        players: h.players,
        analyser: h.analyser,
        tilt: how.tilt ? (tilts.get(h.id) ?? [null, null]) : null,
        decisions: {
          length: to - from,
          game: game!,
          decision: decision!,
          seat: seat!,
          action: action!,
          error: error!,
          direction: direction!,
          away: away!,
          opponentAway: opponentAway!,
          board: board!,
          blotsPlayed: bp!,
          blotsBest: bb!,
          shotsPlayed: sp!,
          shotsBest: sb!,
          places: how.refs
            ? places.slice(from, to).map(([move, xgid, positionId]) => ({
                move: Number(move),
                xgid: xgid ?? null,
                positionId: positionId ?? null,
              }))
            : null,
        },
      };
    }
  }
}

/** Matches per read of the plan's errors: their text columns come as one JSON list (about 2 MB a read). */
const PLAN_CHUNK = 100;

/** A query's NULL double as NaN (a stored figure is never NaN), read back as null. */
const orNaN = (column: string): string => `COALESCE(CAST(${column} AS DOUBLE), CAST('NaN' AS DOUBLE))`;
const fromNaN = (x: number): number | null => (Number.isNaN(x) ? null : x);

/**
 * The stored matches passing the filter, in file order (with `players`, only those with a seat of one of
 * these names, and only those seats' decisions), as the study plan reads them from the library's columns:
 * each seat's counted decisions and the errors reaching `threshold` (equity, inclusive as
 * `reachesThreshold`), with what the import stored of them. Every match must hold schema 12's columns
 * ({@link libraryHasColumns}).
 */
export async function* libraryPlanMatches(
  lib: Library,
  filter: MatchFilter,
  threshold: number,
  players?: ReadonlySet<string>,
): AsyncGenerator<StoredPlanMatch> {
  const who = seatsOf(players);
  for (const part of chunks(await heads(lib, filter, players), PLAN_CHUNK))
    yield* await planMatchesOf(lib, part, threshold, who);
}

/**
 * The stored matches passing the filter as `bdb study` reads them (the same matches and seats as
 * {@link libraryPlanMatches}, whose errors it takes), with each match's day and how many counted decisions
 * its seats made of each game plan and nature. Every match must hold schema 12's columns
 * ({@link libraryHasColumns}).
 */
export async function* libraryStudyMatches(
  lib: Library,
  filter: MatchFilter,
  threshold: number,
  players?: ReadonlySet<string>,
): AsyncGenerator<StoredStudyMatch> {
  const who = seatsOf(players);
  for (const part of chunks(await heads(lib, filter, players), PLAN_CHUNK)) {
    const ids = part.map((h) => h.id).join(',');
    const decisions = new Map<number, StoredStudyMatch['decisions'][number][]>();
    for (const [id, plan, checker, n] of await rows(
      lib.connection,
      `SELECT match_id, game_plan, kind = 'checker', count(*) FROM decisions
         WHERE ${countedIn(ids, who.seats)}
         GROUP BY match_id, game_plan, kind = 'checker'`,
      who.names,
    )) {
      const list = decisions.get(Number(id)) ?? [];
      list.push({ plan: text(plan) ?? 'unknown', nature: checker ? 'checker' : 'cube', count: Number(n) });
      decisions.set(Number(id), list);
    }
    const plans = await planMatchesOf(lib, part, threshold, who);
    for (let i = 0; i < part.length; i++) {
      const h = part[i]!;
      yield { ...plans[i]!, day: h.day, decisions: decisions.get(h.id) ?? [] };
    }
  }
}

/** {@link libraryPlanMatches} of the matches `part`, the seats `who` names. */
async function planMatchesOf(
  lib: Library,
  part: readonly MatchHead[],
  threshold: number,
  { names, seats }: { readonly names: string[]; readonly seats: string },
): Promise<StoredPlanMatch[]> {
  const out: StoredPlanMatch[] = [];
  const ids = part.map((h) => h.id).join(',');
  const where = countedIn(ids, seats);
  const counted = new Map<number, [number, number]>();
  for (const [id, seat, n] of await rows(
    lib.connection,
    `SELECT match_id, seat, count(*) FROM decisions WHERE ${where} GROUP BY match_id, seat`,
    names,
  )) {
    const pair = counted.get(Number(id)) ?? [0, 0];
    pair[Number(seat) === 1 ? 1 : 0] = Number(n);
    counted.set(Number(id), pair);
  }
  // the errors: a little under the threshold too, then exactly as reachesThreshold decides
  const errors = `${where} AND error >= ${threshold} - 1e-6`;
  const {
    texts,
    columns: [
      ,
      seat,
      game,
      decision,
      move,
      error,
      loss,
      difficulty,
      points,
      cube,
      away,
      other,
      coverage,
      second,
    ],
    runs,
  } = await decisionColumns(
    lib,
    errors,
    names,
    '[kind, action, dice, xgid, position_id, played, best, opponent, game_plan, theme]',
    `CAST(match_id AS DOUBLE), CAST(seat AS DOUBLE), CAST(game AS DOUBLE), CAST(decision AS DOUBLE),
       CAST(move AS DOUBLE), error, ${orNaN('mwc_loss')}, ${orNaN('difficulty')}, ${orNaN('difficulty_points')},
       CAST(cube AS DOUBLE), ${orNaN('away')}, ${orNaN('opponent_away')}, ${orNaN('theme_coverage')},
       ${orNaN('second_cost')}`,
    'texts of the errors',
  );
  for (const h of part) {
    const [from, to] = runs.get(h.id) ?? [0, 0];
    const list: StoredPlanError[] = [];
    for (let i = from; i < to; i++) {
      if (!reachesThreshold(error![i]!, threshold)) continue;
      const [kind, action, dice, xgid, positionId, played, best, opponent, gamePlan, theme] = texts[i]!;
      const s: Side = seat![i] === 1 ? 1 : 0;
      // the side on roll: the decision maker, or the doubler of a take or pass (src/review/position.ts)
      const onRoll: Side = kind === 'take' ? (s === 0 ? 1 : 0) : s;
      const stored = xgid ? storedBoard(xgid) : null;
      list.push({
        seat: s,
        game: game![i]!,
        decision: decision![i]!,
        move: move![i]!,
        kind: String(kind),
        action: (action ?? null) as CubeAction | null,
        dice: dice ?? null,
        error: error![i]!,
        loss: fromNaN(loss![i]!),
        difficulty: fromNaN(difficulty![i]!),
        difficultyPoints: fromNaN(points![i]!),
        cube: cube![i]!,
        away: fromNaN(away![i]!),
        opponentAway: fromNaN(other![i]!),
        xgid: xgid ?? null,
        positionId: positionId ?? null,
        played: played ?? null,
        best: best ?? null,
        opponent: String(opponent),
        gamePlan: gamePlan ?? null,
        theme: theme ?? null,
        coverage: fromNaN(coverage![i]!),
        secondCost: fromNaN(second![i]!),
        // the XGID has the side on roll at the bottom: its sides back in the match's order
        position: stored && { board: onRoll === 0 ? stored : [stored[1], stored[0]], onRoll },
      });
    }
    out.push({
      file: h.file,
      players: h.players,
      matchLength: h.matchLength,
      analyser: h.analyser,
      counted: counted.get(h.id) ?? [0, 0],
      errors: list,
    });
  }
  return out;
}

/**
 * Matches per read of the report's counted decisions, as the plan's ({@link PLAN_CHUNK}): 500 matches of one
 * long-match player's library are about 75,000 rows, their game plans and phases one JSON list of about
 * 3 MB, and a read of them ran DuckDB past its 32 MB (it went on with 128 MB); 100 a read stay under it.
 */
const REPORT_CHUNK = 100;

/**
 * The stored matches passing the filter, in file order (with `players`, only those with a seat of one of
 * these names, and only those seats' decisions), as `bdb report` reads them from the library's columns
 * besides the biases' and the plan's: each decision counted in PR with an error, its e, ℓ, d, game plan,
 * phase and place among the match's decisions. Every match must hold schema 12's columns
 * ({@link libraryHasColumns}).
 */
export async function* libraryReportMatches(
  lib: Library,
  filter: MatchFilter,
  players?: ReadonlySet<string>,
): AsyncGenerator<StoredReportMatch> {
  const { names, seats } = seatsOf(players);
  for (const part of chunks(await heads(lib, filter, players), REPORT_CHUNK)) {
    const ids = part.map((h) => h.id).join(',');
    // each game's decisions, counted or not: a decision's place in its match is the games' before it plus
    // its own in its game
    const before = new Map<number, Map<number, number>>();
    const total = new Map<number, number>();
    for (const [id, game, n] of await rows(
      lib.connection,
      `SELECT match_id, game, decisions FROM games WHERE match_id IN (${ids}) ORDER BY match_id, game`,
    )) {
      const m = Number(id);
      let games = before.get(m);
      if (!games) {
        games = new Map();
        before.set(m, games);
      }
      const so = total.get(m) ?? 0;
      games.set(Number(game), so);
      total.set(m, so + Number(n));
    }
    const where = countedIn(ids, seats);
    const {
      texts,
      columns: [, seat, game, decision, error, loss, difficulty],
      runs,
    } = await decisionColumns(
      lib,
      where,
      names,
      '[game_plan, phase]',
      `CAST(match_id AS DOUBLE), CAST(seat AS DOUBLE), CAST(game AS DOUBLE), CAST(decision AS DOUBLE),
         error, ${orNaN('mwc_loss')}, ${orNaN('difficulty')}`,
      'plans of the counted decisions',
    );
    for (const h of part) {
      const [from, to] = runs.get(h.id) ?? [0, 0];
      const games = before.get(h.id);
      const counted: StoredCountedDecision[] = [];
      for (let i = from; i < to; i++) {
        const [plan, phase] = texts[i]!;
        counted.push({
          seat: seat![i] === 1 ? 1 : 0,
          order: (games?.get(game![i]!) ?? 0) + decision![i]!,
          error: error![i]!,
          loss: fromNaN(loss![i]!),
          difficulty: fromNaN(difficulty![i]!),
          plan: plan ?? 'unknown',
          phase: phase ?? 'unknown',
        });
      }
      yield {
        id: h.id,
        file: h.file,
        players: h.players,
        matchLength: h.matchLength,
        event: h.event,
        decisions: total.get(h.id) ?? 0,
        counted,
      };
    }
  }
}

/**
 * The stored references of the decisions `keys` (at most a few per person: the costliest blot decisions a
 * collector keeps), by `matchId:game:decision`.
 */
export async function libraryDecisionRefs(
  lib: Library,
  keys: readonly StoredDecisionKey[],
): Promise<Map<string, StoredDecisionRef>> {
  const out = new Map<string, StoredDecisionRef>();
  if (keys.length === 0) return out;
  const list = keys.map(([m, g, d]) => `(${m}, ${g}, ${d})`).join(', ');
  for (const [m, g, d, move, xgid, positionId, played, best] of await rows(
    lib.connection,
    `SELECT d.match_id, d.game, d.decision, d.move, d.xgid, d.position_id, d.played, d.best
     FROM decisions d JOIN (VALUES ${list}) k(m, g, n) ON d.match_id = k.m AND d.game = k.g AND d.decision = k.n`,
  ))
    out.set(`${m}:${g}:${d}`, {
      move: Number(move),
      xgid: text(xgid),
      positionId: text(positionId),
      played: text(played),
      best: text(best),
    });
  return out;
}

/**
 * The rows of `decisions` that `where` passes (its parameters `names`), in match, game and decision order,
 * read as columns: `texts` (a SQL list of text values, e.g. `[game_plan, phase]`; null: none) as one JSON
 * text (strings read one by one through the driver cost several times more), `numbers` (SQL values as
 * DOUBLE, the match id first) as arrays; with each match's run of rows. `what` names the texts in the error
 * raised when the two do not align.
 */
async function decisionColumns(
  lib: Library,
  where: string,
  names: string[],
  texts: string | null,
  numbers: string,
  what: string,
): Promise<{ texts: (string | null)[][]; columns: Float64Array[]; runs: Map<number, [number, number]> }> {
  const order = 'ORDER BY match_id, game, decision';
  let list: (string | null)[][] = [];
  if (texts !== null) {
    const [[json]] = (await rows(
      lib.connection,
      `SELECT CAST(to_json(list(${texts} ${order})) AS VARCHAR) FROM decisions WHERE ${where}`,
      names,
    )) as [[string | null]];
    list = JSON.parse(json ?? '[]') as (string | null)[][];
  }
  const columns = await doubleColumns(
    lib.connection,
    `SELECT ${numbers} FROM decisions WHERE ${where} ${order}`,
    names,
  );
  if (texts !== null && list.length !== columns[0]!.length)
    throw new Error(`library: the ${what} do not align with their columns`);
  return { texts: list, columns, runs: matchRuns(columns[0]!) };
}

/** Each match's run of rows [from, to) in a column of match ids sorted by match. */
function matchRuns(id: Float64Array): Map<number, [number, number]> {
  const runs = new Map<number, [number, number]>();
  for (let i = 0; i < id.length; i++) {
    const run = runs.get(id[i]!);
    if (run) run[1] = i + 1;
    else runs.set(id[i]!, [i, i + 1]);
  }
  return runs;
}

/** Whether `path` is a folder (false when missing or a file). */
function isFolder(path: string): boolean {
  try {
    return statSync(path).isDirectory();
  } catch {
    return false;
  }
}

/**
 * The stored matches, parsed again from their stored bytes by the reader `bdb stats` uses, in
 * file order. A stored file that cannot be parsed any more (a newer bdb's reader refuses it) is reported
 * through `onError` and skipped; a library whose sources folder is missing is reported once, as the
 * library's failure, and gives no match.
 */
export async function* libraryMatches(
  lib: Library,
  filter: MatchFilter,
  met: Met,
  onError: (file: string, e: unknown) => void,
  /** Only the matches where one of the seats is one of these names (as stored). */
  players?: ReadonlySet<string>,
): AsyncGenerator<{ match: Match; warnings: readonly ParseWarning[] }> {
  yield* parseStored(lib, await heads(lib, filter, players), met, onError);
}

/**
 * The stored matches `ids`, parsed again from their stored bytes as {@link libraryMatches} does, each with
 * its id (those that cannot be parsed any more go to `onError`).
 */
export async function* libraryMatchesById(
  lib: Library,
  ids: ReadonlySet<number>,
  met: Met,
  onError: (file: string, e: unknown) => void,
): AsyncGenerator<{ id: number; match: Match; warnings: readonly ParseWarning[] }> {
  yield* parseStored(
    lib,
    (await heads(lib, {})).filter((h) => ids.has(h.id)),
    met,
    onError,
  );
}

/**
 * Matches whose stored files are read and inflated while one is parsed: 2 keeps the inflating thread busy,
 * with at most three matches' text in memory.
 */
const INFLATE_AHEAD = 2;

/** Matches from which the stored files are inflated on a worker thread (starting it costs about 30 ms). */
const INFLATE_WORKER_MIN = 8;

/**
 * The inflating thread's heap: it holds a request at a time (the bytes are outside the heap), so a small
 * young generation keeps its own garbage from adding tens of MB to the peak.
 */
const INFLATE_WORKER_HEAP = { maxYoungGenerationSizeMb: 2, maxOldGenerationSizeMb: 32 };

/**
 * The stored files of a run: read and inflated on a worker thread beside the parsing (inflating is a quarter
 * of the work of the commands that parse the library again), or on this thread for a few matches, or when
 * the worker cannot start or dies.
 */
class StoredFiles {
  private readonly libraryPath: string;
  private readonly pool: WorkerPool<Uint8Array | null> | null;

  constructor(libraryPath: string, matches: number) {
    this.libraryPath = libraryPath;
    // a second processor to inflate on
    this.pool =
      matches >= INFLATE_WORKER_MIN && availableParallelism() > 1
        ? new WorkerPool(
            new URL('./inflate-worker.js', import.meta.url),
            1,
            undefined,
            INFLATE_AHEAD + 1,
            INFLATE_WORKER_HEAP,
          )
        : null;
  }

  /** A file's bytes (of `size` bytes, as stored in `files`), as {@link readSource} reads them. */
  async read(sha256: string, at: SourceLocation | null, size: number): Promise<Uint8Array | null> {
    if (this.pool !== null) {
      const message: InflateRequest = { libraryPath: this.libraryPath, sha256, at, size };
      const outcome = await this.pool.run({ message, transfer: [] });
      if (outcome.ok) return outcome.value;
      if (!outcome.crashed) throw outcome.error;
    }
    return readSource(this.libraryPath, sha256, at);
  }

  close(): Promise<void> {
    return this.pool?.close() ?? Promise.resolve();
  }
}

/** The matches of `all`, parsed again from their stored bytes, in that order, each with its id. */
async function* parseStored(
  lib: Library,
  all: readonly MatchHead[],
  met: Met,
  onError: (file: string, e: unknown) => void,
): AsyncGenerator<{ id: number; match: Match; warnings: readonly ParseWarning[] }> {
  // the parsers are loaded only by the commands that parse (the other library readers never need them)
  const { parseMatchFiles } = await import('../parsers/index.js');
  // a library copied without its sources folder: one failure for the run, not one per match (1,814 lines
  // for a real library)
  const dir = sourcesDir(lib.path);
  if (all.length > 0 && !isFolder(dir)) {
    onError(
      lib.path,
      new LibraryError(
        lib.path,
        `its folder of stored match files, ${dir}, is missing: ${all.length === 1 ? '1 match' : `${all.length} matches`} cannot be read again (copy the folder with the library)`,
      ),
    );
    return;
  }
  const files = new StoredFiles(lib.path, all.length);
  try {
    yield* parseChunks(lib, all, met, onError, parseMatchFiles, files);
  } finally {
    await files.close();
  }
}

/** {@link parseStored}'s work, 50 matches' rows at a time. */
async function* parseChunks(
  lib: Library,
  all: readonly MatchHead[],
  met: Met,
  onError: (file: string, e: unknown) => void,
  parseMatchFiles: typeof import('../parsers/index.js').parseMatchFiles,
  storedFiles: StoredFiles,
): AsyncGenerator<{ id: number; match: Match; warnings: readonly ParseWarning[] }> {
  const con = lib.connection;
  for (const part of chunks(all, 50)) {
    const ids = part.map((h) => h.id).join(',');
    // each file's bytes are read and inflated shortly before its match is parsed, not a chunk's at once
    // (50 long matches are 16 MB of text)
    const stored = new Map<string, () => Promise<Uint8Array | null>>();
    const unitFiles = new Map<number, string[]>();
    for (const [id, files] of await rows(
      con,
      `SELECT match_id, source_files FROM matches WHERE match_id IN (${ids})`,
    ))
      unitFiles.set(Number(id), JSON.parse(String(files)) as string[]);
    for (const [path, sha, size, pack, offset, length, codec] of await rows(
      con,
      `SELECT f.path, f.sha256, f.size, s.pack, s."offset", s.length, s.codec FROM files f LEFT JOIN sources s ON s.sha256 = f.sha256 WHERE f.status = 'imported' AND f.match_id IN (${ids})`,
    )) {
      const at =
        pack === null
          ? null
          : {
              sha256: String(sha),
              pack: String(pack),
              offset: Number(offset),
              length: Number(length),
              codec: String(codec) as 'br',
            };
      // bytes that cannot be inflated (a damaged pack) fail their match in one line, as a damaged file does
      const where = at ? `${at.pack} at byte ${at.offset}` : `${String(sha).slice(0, 12)}….gz`;
      stored.set(String(path), () =>
        storedFiles.read(String(sha), at, Number(size)).catch((e: unknown) => {
          const why = e instanceof Error ? e.message : String(e);
          throw new LibraryError(String(path), `its stored bytes (${where}) cannot be inflated: ${why}`);
        }),
      );
    }
    const load = (h: MatchHead): Promise<{ file: string; bytes: Uint8Array | undefined; owned: true }[]> => {
      const files = Promise.all(
        (unitFiles.get(h.id) ?? []).map(async (file) => ({
          file,
          bytes: (await stored.get(file)?.()) ?? undefined,
          // inflated for this match alone: the reader may keep views over them
          owned: true as const,
        })),
      );
      // a failure is thrown where the match's files are awaited, not as an unhandled rejection meanwhile
      files.catch(() => undefined);
      return files;
    };
    // the files of this match and of the INFLATE_AHEAD next ones, in order
    const loading = part.slice(0, INFLATE_AHEAD).map(load);
    for (const [i, h] of part.entries()) {
      const ahead = part[i + INFLATE_AHEAD];
      if (ahead) loading.push(load(ahead));
      const pending = loading.shift()!;
      try {
        const files = await pending;
        if (files.length === 0 || files.some((f) => f.bytes === undefined))
          throw new LibraryError(h.file, `its stored bytes are missing from ${sourcesDir(lib.path)}`);
        yield { id: h.id, ...parseMatchFiles(files as UnitFile[], met) };
      } catch (e) {
        onError(h.file, e);
      }
    }
  }
}

/** What the library recorded about files it could not import, and files holding a match held elsewhere. */
export async function libraryFileNotes(lib: Library): Promise<{
  errors: { file: string; message: string }[];
  duplicates: { file: string; sameAs: string }[];
}> {
  const con = lib.connection;
  const errors = (
    await rows(con, "SELECT path, error FROM files WHERE status = 'failed' AND path = unit")
  ).map(([file, message]) => ({ file: String(file), message: String(message) }));
  const duplicates = (
    await rows(con, "SELECT path, same_as FROM files WHERE status = 'duplicate' AND path = unit")
  ).map(([file, sameAs]) => ({ file: String(file), sameAs: String(sameAs) }));
  const order = (a: { file: string }, b: { file: string }): number =>
    a.file < b.file ? -1 : a.file > b.file ? 1 : 0;
  return { errors: errors.sort(order), duplicates: duplicates.sort(order) };
}

/** The event names of the library's matches (for the message naming the closest to an unknown one). */
export async function libraryEventNames(lib: Library): Promise<string[]> {
  return (
    await rows(lib.connection, 'SELECT DISTINCT event FROM matches WHERE event IS NOT NULL ORDER BY event')
  ).map(([e]) => String(e));
}
