/**
 * Schema step 5's filling: each seat's review cells (src/metrics/review-cells.ts) for the matches imported
 * before `match_players.cells` existed, made by the same builder the import calls, from the same counted
 * decisions and errors the import stored in `decisions` (game order), so an upgraded library and a new
 * import of the same files hold the same cells. Run as a sliced step (src/library/schema.ts): one slice
 * of match ids at a time into `step5_cells`, bounded memory.
 */
import type { DuckDBConnection } from '@duckdb/node-api';
import { CellsBuilder, encodeCells, pressureAt } from '../metrics/review-cells.js';
import { doubleColumns, rows, TableAppender } from './sql.js';

/** Before the slices: where their cells go. */
export const CELLS_BEFORE = 'CREATE TABLE step5_cells (match_id INTEGER, seat TINYINT, cells VARCHAR);';

/** After the slices: the cells into `match_players`. */
export const CELLS_AFTER = `
UPDATE match_players SET cells = c.cells FROM step5_cells c
  WHERE match_players.match_id = c.match_id AND match_players.seat = c.seat;
DROP TABLE step5_cells;
`;

/** The cells of the matches lo ≤ id < hi, into `step5_cells` (inside the caller's transaction). */
export async function fillReviewCells(con: DuckDBConnection, lo: number, hi: number): Promise<void> {
  const ids = (
    await rows(
      con,
      'SELECT DISTINCT match_id FROM match_players WHERE match_id >= $1 AND match_id < $2 ORDER BY match_id',
      [lo, hi],
    )
  ).map((r) => Number(r[0]));
  if (ids.length === 0) return;
  const [id, seat, away, opponentAway, crawford, error] = await doubleColumns(
    con,
    `SELECT CAST(match_id AS DOUBLE), CAST(seat AS DOUBLE), CAST(COALESCE(away, -1) AS DOUBLE),
       CAST(COALESCE(opponent_away, -1) AS DOUBLE), CAST(crawford AS DOUBLE), error
     FROM decisions WHERE match_id >= $1 AND match_id < $2 AND counted AND error IS NOT NULL
     ORDER BY match_id, game, decision`,
    [lo, hi],
  );
  const out = await TableAppender.create(con, 'step5_cells');
  let i = 0;
  for (const m of ids) {
    const cells = new CellsBuilder();
    while (i < id!.length && id![i]! < m) i++; // a decision row without its match (none expected)
    for (; i < id!.length && id![i] === m; i++) {
      const a = away![i]!;
      const o = opponentAway![i]!;
      cells.add(
        seat![i] as 0 | 1,
        error![i]!,
        pressureAt(crawford![i] === 1, a < 0 ? null : a, o < 0 ? null : o),
      );
    }
    const [c0, c1] = cells.cells();
    out.append([m, 0, encodeCells(c0)]);
    out.append([m, 1, encodeCells(c1)]);
  }
  out.close();
}
