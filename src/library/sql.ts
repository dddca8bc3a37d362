/**
 * Small helpers over DuckDB for the library's own code: typed appends, parameterised reads. SQL text lives
 * in the modules that own the tables (schema, import, read, export, merge), as named constants.
 */
import {
  type DuckDBAppender,
  type DuckDBConnection,
  DuckDBDateValue,
  DuckDBTimestampValue,
  DuckDBTypeId,
  type DuckDBValue,
} from '@duckdb/node-api';

/** A value the library writes: JS scalars, bytes, or a Date (TIMESTAMP) — null for SQL NULL. */
export type WriteValue = string | number | boolean | Uint8Array | Date | null;

/** Appends rows to one table, each value written with the column's own type. */
export class TableAppender {
  private readonly app: DuckDBAppender;
  private readonly types: DuckDBTypeId[];
  rows = 0;
  constructor(app: DuckDBAppender) {
    this.app = app;
    this.types = Array.from({ length: app.columnCount }, (_, i) => app.columnType(i).typeId);
  }

  static async create(con: DuckDBConnection, table: string): Promise<TableAppender> {
    return new TableAppender(await con.createAppender(table));
  }

  append(row: readonly WriteValue[]): void {
    const app = this.app;
    const types = this.types;
    if (row.length !== types.length)
      throw new Error(`library: row of ${row.length} values for ${types.length} columns`);
    for (let i = 0; i < types.length; i++) {
      const v = row[i];
      if (v === null || v === undefined) {
        app.appendNull();
        continue;
      }
      switch (types[i]) {
        case DuckDBTypeId.VARCHAR:
          app.appendVarchar(v as string);
          break;
        case DuckDBTypeId.DOUBLE:
          app.appendDouble(v as number);
          break;
        case DuckDBTypeId.INTEGER:
          app.appendInteger(v as number);
          break;
        case DuckDBTypeId.TINYINT:
          app.appendTinyInt(v as number);
          break;
        case DuckDBTypeId.BIGINT:
          app.appendBigInt(BigInt(v as number));
          break;
        case DuckDBTypeId.BOOLEAN:
          app.appendBoolean(v as boolean);
          break;
        case DuckDBTypeId.BLOB:
          app.appendBlob(v as Uint8Array);
          break;
        case DuckDBTypeId.DATE: {
          const [y, m, d] = (v as string).split('-').map(Number);
          app.appendDate(new DuckDBDateValue(Date.UTC(y!, m! - 1, d!) / 86_400_000));
          break;
        }
        case DuckDBTypeId.TIMESTAMP:
          app.appendTimestamp(new DuckDBTimestampValue(BigInt((v as Date).getTime()) * 1000n));
          break;
        default:
          throw new Error(`library: no writer for column type ${types[i]}`);
      }
    }
    app.endRow();
    this.rows++;
  }

  flush(): void {
    this.app.flushSync();
  }

  close(): void {
    this.app.closeSync();
  }
}

/** Runs a query with positional parameters ($1 …) and returns its rows as JS values. */
export async function rows(
  con: DuckDBConnection,
  sql: string,
  params: readonly DuckDBValue[] = [],
): Promise<unknown[][]> {
  const reader = await con.runAndReadAll(sql, params as DuckDBValue[]);
  return reader.getRowsJS() as unknown[][];
}
