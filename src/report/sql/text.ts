/** `bdb sql` as a table (src/report/query.ts). */
import type { QueryRows } from '../query.js';
import { renderQueryTable } from '../query.js';
import type { Reporter } from '../reporter.js';
import type { TableView } from '../view.js';

/** Every output of a query ends with a line break. */
export function ended(text: string): string {
  return text.endsWith('\n') ? text : `${text}\n`;
}

export const sqlText: Reporter<QueryRows, TableView> = (q, view, write) =>
  write(ended(renderQueryTable(q, view.width, view.ascii)));
