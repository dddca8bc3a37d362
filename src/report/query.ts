/**
 * Rendering the result of `bdb sql`: a table for people, CSV (RFC 4180) or JSON (an array of row objects)
 * for programs. NULL is empty in the table and CSV, null in JSON.
 */

import { FULL_WIDTH } from '../text-width.js';
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

function csvField(v: unknown): string {
  const s = text(v);
  return /[",\r\n]/.test(s) ? `"${s.replaceAll('"', '""')}"` : s;
}

/** CSV with a header line. */
export function renderQueryCsv(q: QueryRows): string {
  const lines = [q.columns.map(csvField).join(',')];
  for (const r of q.rows) lines.push(r.map(csvField).join(','));
  return `${lines.join('\n')}\n`;
}

/** JSON: an array of objects keyed by column name. */
export function renderQueryJson(q: QueryRows): string {
  const out = q.rows.map((r) =>
    Object.fromEntries(q.columns.map((c, i) => [c, r[i] instanceof Uint8Array ? null : (r[i] ?? null)])),
  );
  return `${JSON.stringify(out, null, 2)}\n`;
}
