/**
 * Where a collector keeps the rows an output lists one by one (every blot decision of `bdb biases`, every
 * error of `bdb plan`): in memory by default; the CLI gives a store that keeps them in a temporary file
 * (src/cli/spill.ts), so a run over 10,000 matches does not hold them all. Rows come back in the order they
 * were pushed, as many times as they are read.
 */
import type { RowList } from '../metrics/blot-bias.js';

/** An append-only list of rows, read in order. */
export interface RowStore<T> extends RowList<T> {
  push(row: T): void;
}

/** Makes the stores of one run. */
export type RowStores = <T>() => RowStore<T>;

/** Rows kept in memory (an array is a store). */
export const memoryRows: RowStores = <T>() => [] as T[];
