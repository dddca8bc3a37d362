/**
 * `bdb sql --csv`. To a pipe or a file the cells are kept exactly; on a terminal they are shown escaped
 * (`shown`, the view's `terminal`).
 */
import { type QueryRows, renderQueryCsv } from '../query.js';
import type { Reporter } from '../reporter.js';
import type { TableView } from '../view.js';
import { ended } from './text.js';

export const sqlCsv: Reporter<QueryRows, TableView & { readonly terminal: boolean }> = (q, view, write) =>
  write(ended(renderQueryCsv(q, view.terminal)));
