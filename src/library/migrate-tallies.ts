/**
 * Schema step 8: the stored tallies keyed by accumulator (issue 38, item 3). Schemas 1–7 stored each seat's
 * tally as one flat array in the order of the old `PlayerTally`'s fields (src/library/legacy-tally.ts); from
 * schema 8 a tally is an object holding each accumulator's state under its id (src/library/tally-codec.ts),
 * so that a new accumulator needs no new step: a match stored before it simply lacks its key. Each seat's
 * tally is read in the old form and written in the new, the same sums; an accumulator the old form did not
 * hold is left out (unknown, its figures null) rather than guessed. The per-person totals are made stale
 * and the next write makes them again (src/library/totals.ts). Run as a sliced step (src/library/schema.ts).
 */
import type { DuckDBConnection } from '@duckdb/node-api';
import { rows, TableAppender } from './sql.js';
import { decodeLegacyTally, encodeTally } from './tally-codec.js';

/** Before the slices: where the rewritten tallies go. */
export const TALLIES_BEFORE = 'CREATE TABLE step8_tallies (match_id INTEGER, seat TINYINT, tally VARCHAR);';

/** After the slices: the tallies into `match_players`; the totals, stored in the old form, go. */
export const TALLIES_AFTER = `
UPDATE match_players SET tally = s.tally FROM step8_tallies s
  WHERE match_players.match_id = s.match_id AND match_players.seat = s.seat;
DROP TABLE step8_tallies;
DELETE FROM person_totals;
DELETE FROM person_periods;
UPDATE meta SET value = '0' WHERE key = 'totals_generation';
`;

/** The seats' tallies of the matches lo ≤ id < hi in the keyed form, into `step8_tallies`. */
export async function rewriteTallies(con: DuckDBConnection, lo: number, hi: number): Promise<void> {
  // a tally already keyed (an object) is left as it is: a library made to look older, as the upgrade tests
  // make one, holds those
  const found = await rows(
    con,
    "SELECT match_id, seat, tally FROM match_players WHERE match_id >= $1 AND match_id < $2 AND tally NOT LIKE '{%'",
    [lo, hi],
  );
  if (found.length === 0) return;
  const out = await TableAppender.create(con, 'step8_tallies');
  for (const [id, seat, tally] of found)
    out.append([id as number, seat as number, encodeTally(decodeLegacyTally(String(tally)))]);
  out.close();
}
