/**
 * Rendering the result of `bdb sql`: a table for people, CSV (RFC 4180) or JSON (an array of row objects)
 * for programs. NULL is empty in the table and CSV, null in JSON.
 */

import { escapeControls } from '../core/text-controls.js';
import { FULL_WIDTH } from '../core/text-width.js';
import { fitTable } from './cli-table.js';

/** Columns and rows of a query, values as JS values. */
export interface QueryRows {
  readonly columns: readonly string[];
  readonly rows: readonly (readonly unknown[])[];
}

function text(v: unknown): string {
  if (v === null || v === undefined) return '';
  if (typeof v === 'string') return v;
  if (v instanceof Uint8Array) return `<${v.length} bytes>`;
  if (typeof v === 'object') return JSON.stringify(v);
  return String(v);
}

/** A table for the terminal within `width` columns (plain ASCII with `ascii`), with the row count under it. */
export function renderQueryTable(q: QueryRows, width: number = FULL_WIDTH, ascii = false): string {
  const table = fitTable({ head: [...q.columns], rows: q.rows.map((r) => r.map(text)) }, width, { ascii });
  return `${table}\n(${q.rows.length} row${q.rows.length === 1 ? '' : 's'})`;
}

/** A CSV field, quoted when it holds a quote, a comma or a line break (RFC 4180). */
function csvField(v: unknown, shown: boolean): string {
  const s = shown ? escapeControls(text(v)) : text(v);
  return /[",\r\n]/.test(s) ? `"${s.replaceAll('"', '""')}"` : s;
}

/**
 * CSV with a header line. Every value as it is (RFC 4180 lets a quoted field hold any character), but
 * with `shown` (the CSV goes to a terminal, where a person reads it): each field's control characters shown
 * as escapes, its line breaks too, so that a record is one line and nothing acts on the terminal
 * (src/core/text-controls.ts).
 */
export function renderQueryCsv(q: QueryRows, shown = false): string {
  const field = (v: unknown): string => csvField(v, shown);
  const lines = [q.columns.map(field).join(',')];
  for (const r of q.rows) lines.push(r.map(field).join(','));
  return `${lines.join('\n')}\n`;
}

/** JSON: an array of objects keyed by column name. */
export function renderQueryJson(q: QueryRows): string {
  const out = q.rows.map((r) =>
    Object.fromEntries(q.columns.map((c, i) => [c, r[i] instanceof Uint8Array ? null : (r[i] ?? null)])),
  );
  return `${JSON.stringify(out, null, 2)}\n`;
}
