/**
 * Schema steps 9 and 11, filling what `bdb find` filters on for the decisions imported before the columns
 * existed. Step 9: each decision's pip counts, checkers borne off and contact (`decisions.pips`,
 * `opponent_pips`, `borne_off`, `opponent_borne_off`, `contact`), which `bdb find` filters on, for the
 * decisions imported before the columns existed. They are read from the stored XGID by the same functions
 * the import calls on the board (./rows.ts `positionFigures`), so an upgraded library and a new import hold the
 * same values. Sliced by match ids (src/library/schema.ts): bounded memory.
 *
 * Why stored: summed from the XGID's characters in SQL, the pip count of the 970,000 errors of a
 * 10,000-match library took 2.3 s and the contact test 0.55 s (6 December 2026), where `bdb find` aims at
 * 200 ms; read from a column, a few milliseconds. Step 11: its checkers point by point (`p1` … `p24`, `bar`,
 * `opponent_bar`, ./rows.ts `pointColumns`), likewise from the stored XGID.
 */
import type { DuckDBConnection } from '@duckdb/node-api';
import type { Board, Side } from '../core/board.js';
import { pointColumns, positionFigures } from './rows.js';
import { rowStream, TableAppender } from './sql.js';
import { storedBoard } from './stored-board.js';

/** Before the slices: the columns, and where each slice's figures wait for their update. */
export const POSITIONS_BEFORE = `
ALTER TABLE decisions ADD COLUMN IF NOT EXISTS pips INTEGER;
ALTER TABLE decisions ADD COLUMN IF NOT EXISTS opponent_pips INTEGER;
ALTER TABLE decisions ADD COLUMN IF NOT EXISTS borne_off TINYINT;
ALTER TABLE decisions ADD COLUMN IF NOT EXISTS opponent_borne_off TINYINT;
ALTER TABLE decisions ADD COLUMN IF NOT EXISTS contact BOOLEAN;
CREATE TEMP TABLE step9_positions (match_id INTEGER, game INTEGER, decision INTEGER, pips INTEGER,
  opponent_pips INTEGER, borne_off TINYINT, opponent_borne_off TINYINT, contact BOOLEAN);
`;

/** After the slices. */
export const POSITIONS_AFTER = 'DROP TABLE step9_positions;';

/** One slice's figures into `decisions` (the slice's bounds let DuckDB skip the other row groups). */
const UPDATE_SLICE = `
UPDATE decisions SET pips = p.pips, opponent_pips = p.opponent_pips, borne_off = p.borne_off,
    opponent_borne_off = p.opponent_borne_off, contact = p.contact
  FROM step9_positions p
  WHERE decisions.match_id >= $1 AND decisions.match_id < $2
    AND decisions.match_id = p.match_id AND decisions.game = p.game AND decisions.decision = p.decision;
`;

/** The decision's columns a sliced step fills from its stored XGID (the decision maker `me`). */
type FromBoard = (board: Board, me: Side) => readonly (number | boolean)[];

/**
 * Fills columns of the decisions of matches lo ≤ id < hi from their stored XGIDs: each decision's values
 * (`figures` of its board for the decision maker) go to the step's temporary table `table`, then `update`
 * (bounds $1, $2) writes them into `decisions`. The stored XGID has the side on roll at the bottom (side 0
 * of its board): the decision maker, or the doubler of a take or pass, whose answer is the top side's. The
 * rows are streamed (a slice of 500 matches holds ~190,000 decisions) and each slice is written by its own
 * update, so the values waiting are one slice's.
 */
async function fillFromXgids(
  con: DuckDBConnection,
  lo: number,
  hi: number,
  step: { readonly table: string; readonly update: string; readonly figures: FromBoard },
): Promise<void> {
  const out = await TableAppender.create(con, step.table);
  let n = 0;
  try {
    for await (const [id, game, decision, kind, xgid] of rowStream(
      con,
      `SELECT match_id, game, decision, kind, xgid FROM decisions
       WHERE match_id >= $1 AND match_id < $2 AND xgid IS NOT NULL`,
      [lo, hi],
    )) {
      const board = storedBoard(String(xgid));
      if (board === null) continue; // an XGID bdb did not write (none expected): no figures
      const me: Side = kind === 'take' ? 1 : 0;
      out.append([Number(id), Number(game), Number(decision), ...step.figures(board, me)]);
      n++;
    }
  } finally {
    out.close();
  }
  if (n === 0) return;
  await con.run(step.update, [lo, hi]);
  await con.run(`DELETE FROM ${step.table}`);
}

/** Step 9's slice: the pips, checkers off and contact of the decisions of matches lo ≤ id < hi. */
export function fillPositions(con: DuckDBConnection, lo: number, hi: number): Promise<void> {
  return fillFromXgids(con, lo, hi, {
    table: 'step9_positions',
    update: UPDATE_SLICE,
    figures: positionFigures,
  });
}

/** Schema 11's point columns: `p1` … `p24`, `bar`, `opponent_bar` (./rows.ts `pointColumns`). */
export const POINT_COLUMNS: readonly string[] = [
  ...Array.from({ length: 24 }, (_, i) => `p${i + 1}`),
  'bar',
  'opponent_bar',
];

/**
 * Schema step 11, before the slices: each decision's checkers point by point from the decision maker's side
 * (signed: mine positive, the opponent's negative), which `bdb find --pattern` compares as integers. Read
 * from the XGID's characters in SQL (`substr` and a CASE on the kind), the pattern `me:bar` took 4–6 times as
 * long as from a column on a 10,000-match library (docs/library.md).
 */
export const POINTS_BEFORE = `
${POINT_COLUMNS.map((c) => `ALTER TABLE decisions ADD COLUMN IF NOT EXISTS ${c} TINYINT;`).join('\n')}
CREATE TEMP TABLE step11_points (match_id INTEGER, game INTEGER, decision INTEGER,
  ${POINT_COLUMNS.map((c) => `${c} TINYINT`).join(', ')});
`;

/** One slice's point columns into `decisions`. */
const UPDATE_POINTS = `
UPDATE decisions SET ${POINT_COLUMNS.map((c) => `${c} = p.${c}`).join(', ')}
  FROM step11_points p
  WHERE decisions.match_id >= $1 AND decisions.match_id < $2
    AND decisions.match_id = p.match_id AND decisions.game = p.game AND decisions.decision = p.decision;
`;

/** After step 11's slices. */
export const POINTS_AFTER = 'DROP TABLE step11_points;';

/** Step 11's slice: the point columns of the decisions of matches lo ≤ id < hi. */
export function fillPoints(con: DuckDBConnection, lo: number, hi: number): Promise<void> {
  return fillFromXgids(con, lo, hi, { table: 'step11_points', update: UPDATE_POINTS, figures: pointColumns });
}
