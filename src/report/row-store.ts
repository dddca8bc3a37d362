/**
 * Where a collector keeps the rows an output lists one by one (every blot decision of `bdb biases`, every
 * error of `bdb plan`): in memory by default; the CLI gives a store that keeps them in a temporary file
 * (src/cli/spill.ts), so a run over 10,000 matches does not hold them all. Rows come back in the order they
 * were pushed, as many times as they are read. An indexed store also reads one row by its place (the plan's
 * families list their members by excess, not in the order they came).
 */
import type { RowList } from '../metrics/blot-bias.js';
import type { IndexedRows } from '../metrics/study-plan.js';

/** An append-only list of rows, read in order. */
export interface RowStore<T> extends RowList<T> {
  push(row: T): void;
}

/** A store whose rows can also be read one by one by their place (0 first). */
export interface IndexedRowStore<T> extends RowStore<T>, IndexedRows<T> {}

/** Makes the stores of one run: read in order only, or `{ indexed: true }` read by place too. */
export interface RowStores {
  <T>(): RowStore<T>;
  <T>(opts: { readonly indexed: true }): IndexedRowStore<T>;
}

/** Rows kept in memory (an array is a store, indexed too). */
export const memoryRows: RowStores = (<T>() => [] as T[]) as RowStores;
