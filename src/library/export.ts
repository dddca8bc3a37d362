/**
 * Exporting the library for other engines: the decisions or the matches as Parquet, CSV or JSON lines,
 * written by DuckDB itself (`COPY … TO`). Rows come in a stable order (match, game, decision), so two
 * exports of the same library are the same file. docs/decision-row.schema.json describes a decision row.
 */
import type { Library } from './open.js';

export const EXPORT_FORMATS = ['parquet', 'csv', 'jsonl'] as const;
export type ExportFormat = (typeof EXPORT_FORMATS)[number];
export const EXPORT_TABLES = ['decisions', 'matches'] as const;
export type ExportTable = (typeof EXPORT_TABLES)[number];

/** The SELECT of each exported table (the documented columns, nothing internal). */
const EXPORT_SELECT: Record<ExportTable, string> = {
  decisions: 'SELECT * FROM decisions ORDER BY match_id, game, decision',
  matches:
    'SELECT match_id, file, source_files, format, player0, player1, match_length, games, CAST(day AS VARCHAR) AS date, day, event, round, place, analyser, checker_depth, cube_depth, winner, score0, score1, crawford, jacoby FROM matches ORDER BY match_id',
};

const COPY_OPTIONS: Record<ExportFormat, string> = {
  parquet: "FORMAT parquet, COMPRESSION 'zstd'",
  csv: 'FORMAT csv, HEADER true',
  jsonl: 'FORMAT json',
};

/** A SQL string literal. */
export function sqlString(s: string): string {
  return `'${s.replaceAll("'", "''")}'`;
}

/** Writes `table` to `out` in `format`; returns the number of rows written. */
export async function exportTable(
  lib: Library,
  out: string,
  format: ExportFormat,
  table: ExportTable,
): Promise<number> {
  const reader = await lib.connection.runAndReadAll(
    `COPY (${EXPORT_SELECT[table]}) TO ${sqlString(out)} (${COPY_OPTIONS[format]})`,
  );
  const n = reader.getRowsJS()[0]?.[0];
  return Number(n ?? 0);
}
