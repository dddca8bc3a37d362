/**
 * Rows as columns: the decision rows of a unit held as one typed array per column instead of one array of
 * values per row, made where the unit is parsed (a worker thread, or the main one) and appended to DuckDB
 * from those arrays (`TableAppender.appendColumns`, src/library/sql.ts). A worker sends them back by
 * transferring their buffers ({@link columnBuffers}): only the text columns' distinct strings are copied.
 *
 * - A number or a boolean is held in a Float64Array (a boolean as 1 or 0): every whole number a row holds
 *   is exact in a double, and the appender narrows each column to its table's type (INTEGER, TINYINT …).
 * - Text is held as a table of the column's strings and each row's index in it: a column of player names,
 *   kinds or game plans holds a few strings however many rows; a column of positions, one per row.
 * - SQL NULL is a 1 in the column's `nulls`.
 *
 * A column's kind is the JavaScript type of its first value that is not null; a later value of another
 * type is an internal error (a row writer mixing kinds), not something a user's file can cause.
 */
import type { Cell } from './rows.js';

/** One column of rows. */
export interface RowColumn {
  /** Numbers and booleans (1/0); for text, each row's index in `strings`; 0 where the value is NULL. */
  readonly values: Float64Array | Int32Array;
  /** 1 where the value is NULL. */
  readonly nulls: Uint8Array;
  /** A text column: its strings (each once while few are distinct), which `values` index; null for others. */
  readonly strings: readonly string[] | null;
}

/** The rows of a unit, column by column (in the table's column order). */
export interface RowColumns {
  readonly rows: number;
  readonly columns: readonly RowColumn[];
}

/** The buffers of `c`, to be transferred to another thread (a text column's strings are copied). */
export function columnBuffers(c: RowColumns): ArrayBuffer[] {
  return c.columns.flatMap((col) => [col.values.buffer as ArrayBuffer, col.nulls.buffer as ArrayBuffer]);
}

/** What a column holds: not yet known (only NULL so far), numbers and booleans, or text. */
const Kind = { Unknown: 0, Number: 1, Text: 2 } as const;

/** Distinct strings a text column's index holds; beyond them, it is taken as a column of distinct values. */
const MAX_INDEXED = 64;

/** A column being filled. */
class ColumnBuilder {
  kind: number = Kind.Unknown;
  values: Float64Array | Int32Array;
  nulls: Uint8Array;
  strings: string[] | null = null;
  /** Each text's index in `strings`, while the column has at most {@link MAX_INDEXED} (then null). */
  index: Map<string, number> | null = null;

  constructor(capacity: number) {
    this.values = new Float64Array(capacity);
    this.nulls = new Uint8Array(capacity);
  }

  /** Room for `capacity` rows. */
  grow(capacity: number, rows: number): void {
    const values = this.kind === Kind.Text ? new Int32Array(capacity) : new Float64Array(capacity);
    values.set(this.values.subarray(0, rows));
    this.values = values;
    const nulls = new Uint8Array(capacity);
    nulls.set(this.nulls.subarray(0, rows));
    this.nulls = nulls;
  }

  /** Makes the column a text column (its rows so far were NULL). */
  startText(): void {
    this.kind = Kind.Text;
    this.values = new Int32Array(this.values.length);
    this.strings = [];
    this.index = new Map();
  }

  /**
   * The index of `s` in the column's strings: the one before when it is the same, the one in `index` while
   * the column has few distinct strings, else a new entry. A column of positions or plays is nearly all
   * distinct: looking each up first (hashing every new string) cost more than the rest of the column.
   */
  code(s: string): number {
    const strings = this.strings as string[];
    const last = strings.length - 1;
    if (last >= 0 && strings[last] === s) return last;
    const index = this.index;
    if (index === null) return strings.push(s) - 1;
    const i = index.get(s);
    if (i !== undefined) return i;
    if (index.size === MAX_INDEXED) this.index = null;
    else index.set(s, strings.length);
    return strings.push(s) - 1;
  }

  done(rows: number): RowColumn {
    const whole = rows === this.values.length;
    return {
      values: whole ? this.values : this.values.slice(0, rows),
      nulls: whole ? this.nulls : this.nulls.slice(0, rows),
      strings: this.strings,
    };
  }
}

/** Fills columns row by row ({@link row}), then gives them ({@link done}). */
export class RowColumnsBuilder {
  private readonly cols: ColumnBuilder[];
  private capacity: number;
  private rows = 0;

  /** `capacity`: the rows expected (exactly that many: no array is grown or copied). */
  constructor(width: number, capacity = 256) {
    this.capacity = Math.max(1, capacity);
    this.cols = Array.from({ length: width }, () => new ColumnBuilder(this.capacity));
  }

  /** Adds a row (its values are read now: the caller may reuse the array). */
  row(cells: readonly Cell[]): void {
    const cols = this.cols;
    if (cells.length !== cols.length)
      throw new Error(`library rows: a row of ${cells.length} values for ${cols.length} columns`);
    const r = this.rows;
    if (r === this.capacity) {
      this.capacity *= 2;
      for (const col of cols) col.grow(this.capacity, r);
    }
    for (let i = 0; i < cols.length; i++) {
      const col = cols[i]!;
      const v = cells[i];
      if (v === null || v === undefined) {
        col.nulls[r] = 1;
        continue;
      }
      if (typeof v === 'string') {
        if (col.kind === Kind.Unknown) col.startText();
        else if (col.kind !== Kind.Text) throw mixed(i);
        col.values[r] = col.code(v);
      } else {
        if (col.kind === Kind.Unknown) col.kind = Kind.Number;
        else if (col.kind !== Kind.Number) throw mixed(i);
        col.values[r] = typeof v === 'boolean' ? (v ? 1 : 0) : v;
      }
    }
    this.rows = r + 1;
  }

  /** The columns of the rows added, in buffers of their own (each can be transferred). */
  done(): RowColumns {
    const rows = this.rows;
    return { rows, columns: this.cols.map((c) => c.done(rows)) };
  }
}

function mixed(column: number): Error {
  return new Error(`library rows: column ${column + 1} holds both text and numbers`);
}
