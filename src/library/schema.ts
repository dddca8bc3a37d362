/**
 * The library's schema: DDL and its migrations, one numbered step each. A released step is never edited;
 * a change of schema is a new step appended to `MIGRATIONS`. `docs/library.md` documents every table and
 * column, its unit and the spec section defining it.
 *
 * Keys (files.path, matches.match_id) are kept unique by the importer, the only writer,
 * rather than by indexes: DuckDB appends far faster without them.
 *
 * Layout: `files` (every file seen, its hash and what became of it), `matches`,
 * `match_players` (one per seat: the tally the metrics layer made, the exact sums every figure derives
 * from, keyed by accumulator since schema 8), `games`, `decisions` (one row per decision, for SQL, export and other engines), `aliases`,
 * `study_marks`, `searches` (saved searches, schema 9), `drill_cards` and `drill_answers` (`bdb drill`,
 * schema 10), `meta`.
 * The bytes of the imported files are kept beside the database (src/library/sources.ts).
 */

import type { DuckDBConnection } from '@duckdb/node-api';
import { CELLS_AFTER, CELLS_BEFORE, fillReviewCells } from './migrate-cells.js';
import { DATES_BEFORE, rewriteDates } from './migrate-dates.js';
import { PLAYS_AFTER, PLAYS_BEFORE, rewritePlays } from './migrate-plays.js';
import {
  fillPoints,
  fillPositions,
  POINTS_AFTER,
  POINTS_BEFORE,
  POSITIONS_AFTER,
  POSITIONS_BEFORE,
} from './migrate-positions.js';
import { rewriteTallies, TALLIES_AFTER, TALLIES_BEFORE } from './migrate-tallies.js';

/** The schema version this bdb writes; a library with a larger one is refused. */
export const SCHEMA_VERSION = 12;

/** Step 1: the first schema. */
const STEP_1 = `
CREATE TABLE meta (key VARCHAR PRIMARY KEY, value VARCHAR NOT NULL);
CREATE TABLE files (
  path VARCHAR NOT NULL,
  unit VARCHAR NOT NULL,
  sha256 VARCHAR NOT NULL,
  size BIGINT NOT NULL,
  format VARCHAR,
  imported_at TIMESTAMP NOT NULL,
  status VARCHAR NOT NULL,
  error VARCHAR,
  match_id INTEGER,
  same_as VARCHAR
);
CREATE TABLE matches (
  match_id INTEGER NOT NULL,
  file VARCHAR NOT NULL,
  source_files VARCHAR NOT NULL,
  format VARCHAR NOT NULL,
  fingerprint VARCHAR,
  player0 VARCHAR NOT NULL,
  player1 VARCHAR NOT NULL,
  match_length INTEGER NOT NULL,
  games INTEGER NOT NULL,
  date VARCHAR,
  day DATE,
  event VARCHAR,
  round VARCHAR,
  place VARCHAR,
  analyser VARCHAR,
  checker_depth VARCHAR,
  cube_depth VARCHAR,
  winner VARCHAR,
  score0 INTEGER NOT NULL,
  score1 INTEGER NOT NULL,
  crawford BOOLEAN NOT NULL,
  jacoby BOOLEAN NOT NULL,
  warnings VARCHAR NOT NULL
);
CREATE TABLE match_players (
  match_id INTEGER NOT NULL,
  seat TINYINT NOT NULL,
  player VARCHAR NOT NULL,
  tally VARCHAR NOT NULL,
  errors_by_preset VARCHAR NOT NULL
);
CREATE TABLE games (
  match_id INTEGER NOT NULL,
  game INTEGER NOT NULL,
  score0 INTEGER NOT NULL,
  score1 INTEGER NOT NULL,
  crawford BOOLEAN NOT NULL,
  winner_seat TINYINT,
  points INTEGER NOT NULL,
  resigned BOOLEAN NOT NULL,
  decisions INTEGER NOT NULL
);
CREATE TABLE decisions (
  match_id INTEGER NOT NULL,
  game INTEGER NOT NULL,
  decision INTEGER NOT NULL,
  move INTEGER NOT NULL,
  seat TINYINT NOT NULL,
  player VARCHAR NOT NULL,
  opponent VARCHAR NOT NULL,
  kind VARCHAR NOT NULL,
  action VARCHAR,
  dice VARCHAR,
  match_length INTEGER NOT NULL,
  away INTEGER,
  opponent_away INTEGER,
  cube INTEGER NOT NULL,
  cube_owner VARCHAR NOT NULL,
  crawford BOOLEAN NOT NULL,
  from_position BOOLEAN NOT NULL,
  counted BOOLEAN NOT NULL,
  error DOUBLE,
  mwc_loss DOUBLE,
  difficulty DOUBLE,
  is_error BOOLEAN,
  avoidable BOOLEAN,
  played VARCHAR,
  played_equity DOUBLE,
  best VARCHAR,
  best_equity DOUBLE,
  candidates INTEGER,
  xgid VARCHAR,
  position_id VARCHAR,
  game_plan VARCHAR,
  phase VARCHAR,
  theme VARCHAR,
  cube_direction VARCHAR,
  luck DOUBLE
);
CREATE TABLE aliases (alias VARCHAR PRIMARY KEY, name VARCHAR NOT NULL);
`;

/** Views for `bdb sql` and other readers: the documented, stable surface. */
const VIEWS_1 = `
CREATE VIEW players AS
  SELECT player, count(DISTINCT match_id) AS matches,
    count(*) FILTER (WHERE counted) AS decisions,
    sum(error) FILTER (WHERE counted) AS equity_lost,
    sum(mwc_loss) FILTER (WHERE counted) AS mwc_lost,
    500 * sum(error) FILTER (WHERE counted) / nullif(count(*) FILTER (WHERE counted), 0) AS pr
  FROM decisions GROUP BY player;
`;

/**
 * Step 2: where each file's bytes lie in the sources' pack files (src/library/sources.ts; schema 1's
 * per-hash files are still read where a hash has no row), and each person's totals over the whole library
 * (src/library/totals.ts), valid while `meta.totals_generation` equals `meta.generation`, which every
 * write that changes matches or aliases increments.
 */
const STEP_2 = `
CREATE TABLE sources (
  sha256 VARCHAR NOT NULL,
  pack VARCHAR NOT NULL,
  "offset" BIGINT NOT NULL,
  length BIGINT NOT NULL,
  codec VARCHAR NOT NULL
);
CREATE TABLE person_totals (
  person VARCHAR NOT NULL,
  tally VARCHAR NOT NULL,
  errors_by_preset VARCHAR NOT NULL
);
INSERT OR REPLACE INTO meta VALUES ('generation', '1'), ('totals_generation', '0');
`;

/** Every write that changes matches or aliases makes the stored per-person totals stale (totals.ts). */
export const BUMP_GENERATION =
  "UPDATE meta SET value = CAST(CAST(value AS BIGINT) + 1 AS VARCHAR) WHERE key = 'generation'";

/**
 * Step 3: the player's study actions (`bdb study mark`, src/library/study-marks.ts; spec/metrics.md §8–§9):
 * what was studied — an XGID, a gnuBG Position ID or a study-plan family `plan/nature/theme` — and on which
 * UTC day. They do not change matches: no generation bump. (`IF NOT EXISTS`: a library made to look older
 * by dropping only the tables of earlier steps, as the upgrade tests do, keeps its marks table.)
 */
const STEP_3 = `
CREATE TABLE study_marks (
  target VARCHAR NOT NULL,
  kind VARCHAR NOT NULL,
  day DATE NOT NULL,
  marked_at TIMESTAMP NOT NULL
);
`;

/**
 * Step 4: a played match counts once, whatever file it came from (issue: XG file, SGF, text export and
 * transcript of one match were four matches). `matches.fingerprint` becomes the SHA-256 of
 * `matchFingerprint` (src/metrics/match-report.ts): length, the two players in byte order, each game's winner, points and
 * rolls (high die first), recomputed here from the stored rows, byte for byte the same text; files of
 * analysed positions keep theirs. Then each played match found more than once keeps its best reading
 * (`readingRank`, src/model/types.ts: XG, SGF, gnuBG text, the rest; then path), the others' files become
 * its duplicates and their rows go. Every match is then counted as `bdb stats` counts the same files.
 */
const STEP_4_GAMES = `
CREATE TEMP TABLE step4_games (match_id INTEGER, game INTEGER, winner_seat TINYINT, points INTEGER,
  dice VARCHAR, rolls BIGINT);
`;
/**
 * Step 4's rolls, one slice of match ids ($1 ≤ id < $2) at a time: DuckDB's ordered `string_agg` holds its
 * groups in memory, and a whole library of 10,000 matches (3.7 million decisions) needs more than the
 * library's 256 MB at once.
 */
const STEP_4_SLICE = `
INSERT INTO step4_games
  SELECT g.match_id, g.game, g.winner_seat, g.points,
    coalesce(string_agg(CASE WHEN substr(d.dice, 1, 1) >= substr(d.dice, 2, 1) THEN d.dice
                             ELSE substr(d.dice, 2, 1) || substr(d.dice, 1, 1) END, '' ORDER BY d.decision), '') AS dice,
    count(d.decision) AS rolls
  FROM games g LEFT JOIN decisions d
    ON d.match_id = g.match_id AND d.game = g.game AND d.kind = 'checker' AND NOT d.from_position
  WHERE g.match_id >= $1 AND g.match_id < $2
  GROUP BY g.match_id, g.game, g.winner_seat, g.points;
`;
const STEP_4 = `
CREATE TEMP TABLE step4_keys AS
  SELECT m.match_id,
    sha256(CAST(m.match_length AS VARCHAR) || '|' ||
      CASE WHEN m.player0 <= m.player1 THEN m.player0 || chr(31) || m.player1
           ELSE m.player1 || chr(31) || m.player0 END || '|' ||
      string_agg(CASE g.winner_seat WHEN 0 THEN m.player0 WHEN 1 THEN m.player1 ELSE '-' END || ':' ||
                 CAST(g.points AS VARCHAR) || ':' || g.dice, '|' ORDER BY g.game)) AS fingerprint,
    sum(g.rolls) AS rolls
  FROM matches m JOIN step4_games g ON g.match_id = m.match_id
  GROUP BY m.match_id, m.match_length, m.player0, m.player1;
UPDATE matches SET fingerprint = k.fingerprint FROM step4_keys k
  WHERE matches.match_id = k.match_id AND k.rolls > 0;
CREATE TEMP TABLE step4_ranked AS
  SELECT match_id, file, fingerprint, row_number() OVER (PARTITION BY fingerprint ORDER BY
    CASE format WHEN 'xg' THEN 0 WHEN 'xgp' THEN 0 WHEN 'sgf' THEN 1 WHEN 'gnubg-text' THEN 2 ELSE 3 END,
    file, match_id) AS r
  FROM matches WHERE fingerprint IS NOT NULL;
CREATE TEMP TABLE step4_dropped AS
  SELECT a.match_id AS old, b.match_id AS new, b.file AS new_file
  FROM step4_ranked a JOIN step4_ranked b ON a.fingerprint = b.fingerprint AND b.r = 1 WHERE a.r > 1;
UPDATE files SET status = 'duplicate', match_id = d.new, same_as = d.new_file
  FROM step4_dropped d WHERE files.match_id = d.old;
DELETE FROM decisions WHERE match_id IN (SELECT old FROM step4_dropped);
DELETE FROM games WHERE match_id IN (SELECT old FROM step4_dropped);
DELETE FROM match_players WHERE match_id IN (SELECT old FROM step4_dropped);
DELETE FROM matches WHERE match_id IN (SELECT old FROM step4_dropped);
${BUMP_GENERATION};
DROP TABLE step4_games;
DROP TABLE step4_keys;
DROP TABLE step4_ranked;
DROP TABLE step4_dropped;
`;

/**
 * Step 5: each seat's review cells (`bdb tournament review`'s rank bands and pressure cells,
 * src/metrics/review-cells.ts), made at import, so a habitual level of thousands of matches reads one row
 * per seat instead of every decision; matches imported before are filled from their stored decision rows
 * by the same builder (src/library/migrate-cells.ts). And `person_periods`, each person's totals by
 * month, quarter and year for `bdb progress`, kept with `person_totals` (src/library/totals.ts), which
 * are made stale so that the next write makes both.
 */
const STEP_5 = `
ALTER TABLE match_players ADD COLUMN IF NOT EXISTS cells VARCHAR;
CREATE TABLE IF NOT EXISTS person_periods (
  person VARCHAR NOT NULL,
  grouping VARCHAR NOT NULL,
  period VARCHAR NOT NULL,
  tally VARCHAR NOT NULL,
  errors_by_preset VARCHAR NOT NULL,
  points VARCHAR
);
UPDATE meta SET value = '0' WHERE key = 'totals_generation';
`;

/**
 * Step 7, after its slices (src/library/migrate-dates.ts): every stored date as its ISO day, `matches.date`
 * and `matches.day` alike; when a match moves to another day, the per-person totals by period go stale.
 */
const STEP_7_AFTER = `
${BUMP_GENERATION} AND EXISTS (SELECT 1 FROM step7_dates s JOIN matches m ON m.match_id = s.match_id
  WHERE CAST(m.day AS VARCHAR) IS DISTINCT FROM s.day);
UPDATE matches SET date = s.day, day = CAST(s.day AS DATE) FROM step7_dates s
  WHERE matches.match_id = s.match_id;
DROP TABLE step7_dates;
`;

/**
 * Step 9, for `bdb find`: the player's saved searches (`bdb find --save NAME`, src/library/searches.ts): a
 * name, the search's filter sets as JSON (src/library/find-filters.ts), when it was saved; they do not change
 * matches: no generation bump. And each decision's pip counts, checkers borne off and contact, filled from
 * the stored XGIDs (src/library/migrate-positions.ts).
 */
const STEP_9 = `
CREATE TABLE IF NOT EXISTS searches (
  name VARCHAR PRIMARY KEY,
  filters VARCHAR NOT NULL,
  saved_at TIMESTAMP NOT NULL
);
`;

/**
 * Step 10, for `bdb drill` (src/library/drill.ts): each drilled decision's scheduling state (a card, keyed by
 * its position's XGID and its kind, so one position met in several matches is one card, and a merge keeps
 * it), and every answer given. They do not change matches: no generation bump.
 */
const STEP_10 = `
CREATE TABLE IF NOT EXISTS drill_cards (
  xgid VARCHAR NOT NULL,
  kind VARCHAR NOT NULL,
  state VARCHAR NOT NULL,
  due TIMESTAMP NOT NULL
);
CREATE TABLE IF NOT EXISTS drill_answers (
  xgid VARCHAR NOT NULL,
  kind VARCHAR NOT NULL,
  answered_at TIMESTAMP NOT NULL,
  answer VARCHAR NOT NULL,
  "right" BOOLEAN NOT NULL,
  equity_lost DOUBLE,
  rating VARCHAR NOT NULL
);
`;

/**
 * Step 12: what the blot and exposure biases read of each checker play (src/library/rows.ts
 * `boardBiasCells`: `decisions.board_bias` and the blots and shots after the played and the best play) and
 * what the study plan reads of each error beyond the columns already stored (`planCells`: `second_cost`,
 * `difficulty_points`, `theme_coverage`), stored at import so that `bdb biases` and `bdb plan` read
 * columns instead of parsing every stored file again. `matches.board_biases` is true for a match imported
 * with them; the matches imported before stay null until the next import fills them
 * (src/library/refill.ts), and a reading over any of them parses the stored files as before.
 */
const STEP_12 = `
ALTER TABLE decisions ADD COLUMN IF NOT EXISTS board_bias TINYINT;
ALTER TABLE decisions ADD COLUMN IF NOT EXISTS blots_played TINYINT;
ALTER TABLE decisions ADD COLUMN IF NOT EXISTS blots_best TINYINT;
ALTER TABLE decisions ADD COLUMN IF NOT EXISTS shots_played TINYINT;
ALTER TABLE decisions ADD COLUMN IF NOT EXISTS shots_best TINYINT;
ALTER TABLE decisions ADD COLUMN IF NOT EXISTS second_cost DOUBLE;
ALTER TABLE decisions ADD COLUMN IF NOT EXISTS difficulty_points DOUBLE;
ALTER TABLE decisions ADD COLUMN IF NOT EXISTS theme_coverage TINYINT;
ALTER TABLE matches ADD COLUMN IF NOT EXISTS board_biases BOOLEAN;
`;

/**
 * A migration step: SQL run once; or SQL run before, per slice of match ids (SQL with parameters
 * $1 ≤ id < $2, or a function of the same bounds, over every id the library holds) and after; all in the
 * step's one transaction.
 */
export type Migration =
  | string
  | {
      readonly before: string;
      readonly slice: string | ((con: DuckDBConnection, lo: number, hi: number) => Promise<void>);
      readonly after: string;
    };

/** Match ids per slice of a sliced step. */
export const MIGRATION_SLICE = 500;

/**
 * Migrations: index i brings a library from version i to i + 1. Never change what a released step does
 * (step 4 was cut into slices after its release: the same rows, in bounded memory).
 */
export const MIGRATIONS: readonly Migration[] = [
  STEP_1 + VIEWS_1,
  STEP_2,
  STEP_3,
  { before: STEP_4_GAMES, slice: STEP_4_SLICE, after: STEP_4 },
  { before: STEP_5 + CELLS_BEFORE, slice: fillReviewCells, after: CELLS_AFTER },
  // step 6: the stored plays in the notation XG and gnuBG print (src/library/migrate-plays.ts)
  { before: PLAYS_BEFORE, slice: rewritePlays, after: PLAYS_AFTER },
  // step 7: the dates an older bdb stored as printed, as ISO days (src/library/migrate-dates.ts)
  { before: DATES_BEFORE, slice: rewriteDates, after: STEP_7_AFTER },
  // step 8: each stored tally keyed by accumulator instead of by position (src/library/migrate-tallies.ts)
  { before: TALLIES_BEFORE, slice: rewriteTallies, after: TALLIES_AFTER },
  // step 9: saved searches, and the positions' figures `bdb find` filters on (src/library/migrate-positions.ts)
  { before: STEP_9 + POSITIONS_BEFORE, slice: fillPositions, after: POSITIONS_AFTER },
  // step 10: the drill's cards and answers (src/library/drill.ts)
  STEP_10,
  // step 11: each decision's checkers point by point, which `bdb find --pattern` reads (src/library/migrate-positions.ts)
  { before: POINTS_BEFORE, slice: fillPoints, after: POINTS_AFTER },
  // step 12: the board biases' columns of the matches imported from now on
  STEP_12,
];

/** Names of the tables a bdb library holds (a DuckDB file holding other tables and no `meta` is foreign). */
export const LIBRARY_TABLES = [
  'meta',
  'files',
  'matches',
  'match_players',
  'games',
  'decisions',
  'aliases',
  'sources',
  'person_totals',
  'study_marks',
  'person_periods',
  'searches',
  'drill_cards',
  'drill_answers',
] as const;
