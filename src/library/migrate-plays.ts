/**
 * Schema step 6: the plays stored in `decisions.played` and `decisions.best` written in the notation XG and
 * gnuBG print (src/core/move-notation.ts: `13/5` for one checker's `13/10 10/5`, `6/2(4)` for four times
 * `6/2`, `13/10*\/5` for a hit on the way). Libraries made before stored one part per hop; each stored text
 * is written anew from itself (`reformatPlayText`: the hops and the hit marks it holds are all the rule
 * needs), so an upgraded library and a new import of the same files hold the same text. Run as a sliced
 * step (src/library/schema.ts): one slice of match ids at a time, only the rows whose text changes.
 */
import type { DuckDBConnection } from '@duckdb/node-api';
import { reformatPlayText } from '../core/move-notation.js';
import { rows, TableAppender } from './sql.js';

/** Before the slices: where the rewritten texts go. */
export const PLAYS_BEFORE =
  'CREATE TABLE step6_plays (match_id INTEGER, game INTEGER, decision INTEGER, played VARCHAR, best VARCHAR);';

/** After the slices: the texts into `decisions`. */
export const PLAYS_AFTER = `
UPDATE decisions SET played = p.played, best = p.best FROM step6_plays p
  WHERE decisions.match_id = p.match_id AND decisions.game = p.game AND decisions.decision = p.decision;
DROP TABLE step6_plays;
`;

/** The rewritten plays of the matches lo ≤ id < hi, into `step6_plays` (inside the caller's transaction). */
export async function rewritePlays(con: DuckDBConnection, lo: number, hi: number): Promise<void> {
  // a text of one part ('13/7', 'bar/22*') reads the same in both notations
  const found = await rows(
    con,
    `SELECT match_id, game, decision, played, best FROM decisions
     WHERE match_id >= $1 AND match_id < $2 AND kind = 'checker' AND (played LIKE '% %' OR best LIKE '% %')`,
    [lo, hi],
  );
  if (found.length === 0) return;
  const out = await TableAppender.create(con, 'step6_plays');
  for (const [id, game, decision, played, best] of found) {
    const p = typeof played === 'string' ? reformatPlayText(played) : null;
    const b = typeof best === 'string' ? reformatPlayText(best) : null;
    if (p !== played || b !== best) out.append([id as number, game as number, decision as number, p, b]);
  }
  out.close();
}
