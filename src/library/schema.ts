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
 * from), `games`, `decisions` (one row per decision, for SQL, export and other engines), `aliases`, `meta`.
 * The bytes of the imported files are kept beside the database (src/library/sources.ts).
 */

/** The schema version this bdb writes; a library with a larger one is refused. */
export const SCHEMA_VERSION = 3;

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

/** Migrations: index i brings a library from version i to i + 1. Never edit a released step. */
export const MIGRATIONS: readonly string[] = [STEP_1 + VIEWS_1, STEP_2, STEP_3];

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
] as const;
