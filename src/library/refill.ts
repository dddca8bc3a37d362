/**
 * Stored tallies lacking an accumulator's state, filled from the match files the library keeps.
 *
 * A tally is stored keyed by accumulator (src/library/tally-codec.ts), so an accumulator registered after
 * a match was imported (a new figure), or one the upgrade from a positional tally could not compute
 * (schema 8, src/library/migrate-tallies.ts), is simply missing from that match's stored tally: its
 * figure reads as unknown (null). `bdb import` then parses those matches again from their stored bytes,
 * with the reader and the metrics `bdb stats` uses, and adds the missing states to the stored tallies
 * (the states already stored are kept as they are). The per-person totals are made stale, so the same
 * import makes them again. A match whose bytes cannot be parsed any more keeps its unknown states.
 */
import type { Met } from '../met/index.js';
import { isCounted } from '../metrics/counting.js';
import { decisionError } from '../metrics/decision-error.js';
import { DEFAULT_THRESHOLDS } from '../metrics/difficulty.js';
import { REGISTRY } from '../metrics/index.js';
import { matchTallies } from '../metrics/player-stats.js';
import type { Library } from './open.js';
import { libraryMatchesById } from './read.js';
import { schema12Cells, storedPlays, themesOf } from './rows.js';
import { BUMP_GENERATION } from './schema.js';
import { rollback, rows, TableAppender } from './sql.js';
import { decodeTally, encodeTally } from './tally-codec.js';

/** The stored seats lacking a state of the registry: `"id":` absent from the text (ids are code's, not input). */
const LACKING = `SELECT match_id, seat, tally FROM match_players WHERE ${REGISTRY.map(
  (a) => `tally NOT LIKE '%"${a.id}":%'`,
).join(' OR ')}`;

/**
 * Fills the states the stored tallies lack (one transaction) and returns how many seats were filled. The
 * library must be open for writing.
 */
export async function fillUnknownStates(lib: Library, met: Met): Promise<number> {
  const con = lib.connection;
  const lacking = new Map<number, Map<number, string>>();
  for (const [id, seat, tally] of await rows(con, LACKING)) {
    const seats = lacking.get(Number(id)) ?? new Map<number, string>();
    seats.set(Number(seat), String(tally));
    lacking.set(Number(id), seats);
  }
  if (lacking.size === 0) return 0;
  const updates: [string, number, number][] = [];
  // a match that cannot be read again keeps its unknown states (its figures stay null)
  for await (const { id, match } of libraryMatchesById(lib, new Set(lacking.keys()), met, () => {})) {
    const fresh = matchTallies(met, match, DEFAULT_THRESHOLDS);
    for (const [seat, text] of lacking.get(id) ?? []) {
      const stored = decodeTally(text);
      const from = fresh[seat]?.states as Record<string, unknown> | undefined;
      if (!from || fresh[seat]!.player !== stored.player) continue;
      const states = stored.states as Record<string, unknown>;
      for (const key of stored.unknown) states[key] = from[key];
      stored.unknown = [];
      updates.push([encodeTally(stored), id, seat]);
    }
  }
  if (updates.length === 0) return 0;
  await con.run('BEGIN TRANSACTION');
  try {
    await con.run('CREATE TABLE refill_tallies (tally VARCHAR, match_id INTEGER, seat TINYINT)');
    const out = await TableAppender.create(con, 'refill_tallies');
    for (const u of updates) out.append(u);
    out.close();
    await con.run(`UPDATE match_players SET tally = r.tally FROM refill_tallies r
      WHERE match_players.match_id = r.match_id AND match_players.seat = r.seat`);
    await con.run('DROP TABLE refill_tallies');
    await con.run(BUMP_GENERATION);
    await con.run('COMMIT');
  } catch (e) {
    await rollback(con);
    throw e;
  }
  return updates.length;
}

/** Matches whose schema 12 columns one transaction fills ({@link fillDecisionColumns}). */
const BOARD_SLICE = 500;

/**
 * Fills schema 12's columns (./rows.ts `schema12Cells`: the board biases' and the study plan's) of the
 * matches imported before them (`matches.board_biases` null), and writes their counted decisions' plays
 * (`played`, `best`) again as a new import does, from their stored bytes parsed again by the reader and the functions
 * the import uses, so that an upgraded library and a new import hold the same values; returns how many
 * matches were filled. One transaction per slice of {@link BOARD_SLICE} matches: a stopped run keeps the
 * slices committed and the next import goes on. A match whose bytes cannot be parsed any more stays
 * unfilled, and `bdb biases` and `bdb plan` then parse the stored files as they did before the columns. The library must be
 * open for writing.
 */
export async function fillDecisionColumns(
  lib: Library,
  met: Met,
  /** Told how many matches are read again, before the first. */
  onStart: (matches: number) => void = () => {},
): Promise<number> {
  const con = lib.connection;
  const lacking = new Set(
    (await rows(con, 'SELECT match_id FROM matches WHERE board_biases IS NULL')).map((r) => Number(r[0])),
  );
  if (lacking.size === 0) return 0;
  onStart(lacking.size);
  let filled = 0;
  let slice: number[] = [];
  let cells: (string | number | null)[][] = [];
  const flush = async (): Promise<void> => {
    if (slice.length === 0) return;
    await con.run('BEGIN TRANSACTION');
    try {
      await con.run(`CREATE TEMP TABLE refill_board (match_id INTEGER, game INTEGER, decision INTEGER,
        board_bias TINYINT, blots_played TINYINT, blots_best TINYINT, shots_played TINYINT, shots_best TINYINT,
        second_cost DOUBLE, difficulty_points DOUBLE, theme_coverage TINYINT, played VARCHAR, best VARCHAR)`);
      const out = await TableAppender.create(con, 'refill_board');
      for (const row of cells) out.append(row);
      out.close();
      await con.run(`UPDATE decisions SET board_bias = r.board_bias, blots_played = r.blots_played,
          blots_best = r.blots_best, shots_played = r.shots_played, shots_best = r.shots_best,
          second_cost = r.second_cost, difficulty_points = r.difficulty_points, theme_coverage = r.theme_coverage,
          played = r.played, best = r.best
        FROM refill_board r WHERE decisions.match_id = r.match_id AND decisions.game = r.game
          AND decisions.decision = r.decision`);
      await con.run(`UPDATE matches SET board_biases = true WHERE match_id IN (${slice.join(',')})`);
      await con.run('DROP TABLE refill_board');
      await con.run('COMMIT');
    } catch (e) {
      await rollback(con);
      throw e;
    }
    filled += slice.length;
    slice = [];
    cells = [];
  };
  // a match that cannot be read again keeps its columns unfilled
  for await (const { id, match } of libraryMatchesById(lib, lacking, met, () => {})) {
    for (const g of match.games)
      g.decisions.forEach((d, i) => {
        // counted as the import counts (src/metrics/player-stats.ts: analysed, not forced, with an error)
        const e = decisionError(d);
        const counted = e !== null && isCounted(d);
        if (!counted) return;
        // the plays as a new import writes them: what an older one stored was rewritten by schema 6 from
        // its text, in another order at times (`6/5(2) 6/4` for `6/4 6/5(2)`), and plan and biases show them
        cells.push([
          id,
          g.index + 1,
          i + 1,
          ...schema12Cells(d, counted, e, themesOf(d, e)),
          ...storedPlays(d),
        ]);
      });
    slice.push(id);
    if (slice.length >= BOARD_SLICE) await flush();
  }
  await flush();
  return filled;
}
