/**
 * Schema step 9's filling: each decision's pip counts, checkers borne off and contact (`decisions.pips`,
 * `opponent_pips`, `borne_off`, `opponent_borne_off`, `contact`), which `bdb find` filters on, for the
 * decisions imported before the columns existed. They are read from the stored XGID by the same functions
 * the import calls on the board (./rows.ts `positionFigures`), so an upgraded library and a new import hold the
 * same values. Sliced by match ids (src/library/schema.ts): bounded memory.
 *
 * Why stored: summed from the XGID's characters in SQL, the pip count of the 970,000 errors of a
 * 10,000-match library took 2.3 s and the contact test 0.55 s (6 December 2026), where `bdb find` aims at
 * 200 ms; read from a column, a few milliseconds.
 */
import type { DuckDBConnection } from '@duckdb/node-api';
import type { Board, Side } from '../core/board.js';
import { parseXgid } from '../core/xgid-parse.js';
import { positionFigures } from './rows.js';
import { rows, TableAppender } from './sql.js';

/** Before the slices: where their figures go. */
export const POSITIONS_BEFORE = `
ALTER TABLE decisions ADD COLUMN IF NOT EXISTS pips INTEGER;
ALTER TABLE decisions ADD COLUMN IF NOT EXISTS opponent_pips INTEGER;
ALTER TABLE decisions ADD COLUMN IF NOT EXISTS borne_off TINYINT;
ALTER TABLE decisions ADD COLUMN IF NOT EXISTS opponent_borne_off TINYINT;
ALTER TABLE decisions ADD COLUMN IF NOT EXISTS contact BOOLEAN;
CREATE TEMP TABLE step9_positions (match_id INTEGER, game INTEGER, decision INTEGER, pips INTEGER,
  opponent_pips INTEGER, borne_off TINYINT, opponent_borne_off TINYINT, contact BOOLEAN);
`;

/** After the slices: the figures into `decisions`. */
export const POSITIONS_AFTER = `
UPDATE decisions SET pips = p.pips, opponent_pips = p.opponent_pips, borne_off = p.borne_off,
    opponent_borne_off = p.opponent_borne_off, contact = p.contact
  FROM step9_positions p
  WHERE decisions.match_id = p.match_id AND decisions.game = p.game AND decisions.decision = p.decision;
DROP TABLE step9_positions;
`;

/**
 * The figures of the decisions of matches lo ≤ id < hi, into `step9_positions`. The stored XGID has the side
 * on roll at the bottom (side 0 of its board): the decision maker, or the doubler of a take or pass, whose
 * answer is the top side's.
 */
export async function fillPositions(con: DuckDBConnection, lo: number, hi: number): Promise<void> {
  const found = await rows(
    con,
    `SELECT match_id, game, decision, kind, xgid FROM decisions
     WHERE match_id >= $1 AND match_id < $2 AND xgid IS NOT NULL`,
    [lo, hi],
  );
  if (found.length === 0) return;
  const out = await TableAppender.create(con, 'step9_positions');
  for (const [id, game, decision, kind, xgid] of found) {
    let board: Board;
    try {
      board = parseXgid(String(xgid)).board;
    } catch {
      continue; // an XGID bdb did not write (none expected): no figures
    }
    const me: Side = kind === 'take' ? 1 : 0;
    out.append([Number(id), Number(game), Number(decision), ...positionFigures(board, me)]);
  }
  out.close();
}
