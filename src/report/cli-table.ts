/**
 * Tables for people: boxes of light lines as cli-table3 draws them (drawn here, {@link drawBox}), no
 * colours (same output on any terminal), a rule under the header only; and tables that fit a width
 * (src/core/text-width.ts). At {@link FULL_WIDTH} (piped) a table is drawn as wide as its cells. Narrower, in this order, the first that fits:
 *
 * 1. the long text cells wrapped at their spaces (a cell of up to {@link KEEP_WHOLE} columns never wraps:
 *    numbers, names and short labels stay on one line; continuation lines are indented);
 * 2. `narrow: 'columns'` (the default): the columns split into several tables, each repeating the first
 *    column (the row's name), like a wide data frame printed by R;
 * 3. one paragraph per row ("records"): the row's first cell, then `Column: value` parts, wrapped. Tables
 *    whose cells hold long unbreakable words (XGIDs, file paths) ask for it directly (`narrow: 'records'`).
 *
 * A cell is one line of text: its control characters, line breaks included, are shown as escapes (a file's
 * or a player's name, a `bdb sql` cell may hold them: src/core/text-controls.ts), so every table bdb prints is
 * safe on a terminal and keeps its rows.
 */
import { asciiText } from '../core/text-ascii.js';
import { escapeControls } from '../core/text-controls.js';
import { displayWidth, FULL_WIDTH, PART_SEPARATOR, wrapParts, wrapText } from '../core/text-width.js';

/** A table to print: its header row (null: none, and no rule between rows) and its rows of cells. */
export interface TableSpec {
  readonly head: readonly string[] | null;
  readonly rows: readonly (readonly string[])[];
}

/** How a table too wide for the width is laid out once wrapping its long cells is not enough. */
export interface FitOptions {
  /** 'columns' (default): tables of fewer columns, each repeating the first; 'records': a paragraph per row. */
  readonly narrow?: 'columns' | 'records';
  /** Columns never wrapped, whatever their width (a drawing: the progress track). */
  readonly whole?: readonly number[];
  /** Plain ASCII (`--ascii`): the cells transliterated before they are laid out, the rules drawn with - | +. */
  readonly ascii?: boolean;
}

/** Cells up to this many columns are never wrapped. */
export const KEEP_WHOLE = 12;

/** The indent of a wrapped cell's continuation lines. */
const HANG = '  ';

/** The cells of a column, header first. */
function columnCells(sections: readonly TableSpec[], col: number): string[] {
  return sections.flatMap((s) => [
    ...(s.head ? [s.head[col] ?? ''] : []),
    ...s.rows.map((r) => r[col] ?? ''),
  ]);
}

/** The column's width (padding included) with no cell wrapped. */
function naturalWidth(cells: readonly string[]): number {
  return 2 + Math.max(0, ...cells.map(displayWidth));
}

/** The narrowest the column gets by wrapping its long cells (padding included). */
function leastWidth(cells: readonly string[]): number {
  const least = (c: string): number => {
    const w = displayWidth(c);
    if (w <= KEEP_WHOLE) return w;
    const longest = Math.max(
      0,
      ...c
        .trim()
        .split(/ +(?!%)/)
        .map(displayWidth),
    );
    return Math.min(w, Math.max(KEEP_WHOLE, longest + HANG.length));
  };
  return 2 + Math.max(0, ...cells.map(least));
}

/** The table's width: its columns and the n + 1 rules between and around them. */
function tableWidth(widths: readonly number[]): number {
  return widths.reduce((a, b) => a + b, 0) + widths.length + 1;
}

/** How many of the sorted widths `sorted` are above `x`. */
function countAbove(sorted: readonly number[], x: number): number {
  let lo = 0;
  let hi = sorted.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (sorted[mid]! > x) hi = mid;
    else lo = mid + 1;
  }
  return sorted.length - lo;
}

/**
 * Column widths within `width`, narrowing one column by one at a time: the one whose narrowing wraps the
 * fewest cells (ties: the widest), down to its least width; null when even the least widths do not fit.
 * `cells` holds each column's cell widths, sorted.
 */
function shrink(
  natural: readonly number[],
  least: readonly number[],
  cells: readonly (readonly number[])[],
  width: number,
): number[] | null {
  if (tableWidth(least) > width) return null;
  const w = [...natural];
  while (tableWidth(w) > width) {
    let best = -1;
    let bestCost = Number.POSITIVE_INFINITY;
    for (let i = 0; i < w.length; i++) {
      if (w[i]! <= least[i]!) continue;
      // the cells longer than the narrowed column's inner width (its width less the padding, less one)
      const cost = countAbove(cells[i]!, w[i]! - 3);
      if (cost < bestCost || (cost === bestCost && w[i]! > w[best]!)) {
        best = i;
        bestCost = cost;
      }
    }
    w[best]!--;
  }
  return w;
}

/** A line of the box: the columns' widths of `─` between the three characters of its kind. */
function rule(widths: readonly number[], left: string, mid: string, right: string): string {
  return `${left}${widths.map((w) => '─'.repeat(w)).join(mid)}${right}`;
}

/**
 * A cell's line in `inner` columns: padded with spaces, or cut to fit with `…` when wider (a layout gives
 * no cell wider than its column, so this only guards the box).
 */
function padCell(line: string, inner: number): string {
  let w = displayWidth(line);
  if (w > inner) {
    let cut = line;
    while (cut.length > 0 && displayWidth(cut) > inner - 1) cut = cut.slice(0, -1);
    line = `${cut}…`;
    w = displayWidth(line);
  }
  return line + ' '.repeat(Math.max(0, inner - w));
}

/**
 * A table's box, at given widths or as wide as its cells: light lines, a space each side of a cell, a cell
 * of several lines (`\n`) as tall as its row needs (top-aligned), a rule under the header only (an empty
 * header leaves the first row in its place), a row without a cell blank there, a line wider than its
 * column cut with `…`. The box cli-table3 draws with its default characters, which bdb's tables always
 * had: test/unit/report/box-table.test.ts draws the same tables with both. Drawn here because cli-table3
 * measured every cell and merged its 16 border characters into each, 21 ms of the 180 ms of `bdb stats` on
 * one match, before anything is warm (a CPU profile).
 */
export function drawBox(t: TableSpec, widths: readonly number[] | null): string {
  const rows = t.head && t.head.length > 0 ? [t.head, ...t.rows] : t.rows;
  const n = Math.max(0, ...rows.map((r) => r.length));
  if (n === 0) return '';
  const cells = rows.map((r) => Array.from({ length: n }, (_, i) => (r[i] ?? '').split('\n')));
  const w = Array.from(
    { length: n },
    (_, i) => widths?.[i] ?? 2 + Math.max(0, ...cells.map((r) => Math.max(...r[i]!.map(displayWidth)))),
  );
  const out = [rule(w, '┌', '┬', '┐')];
  cells.forEach((r, k) => {
    if (k === 1 && t.head !== null) out.push(rule(w, '├', '┼', '┤'));
    const height = Math.max(...r.map((c) => c.length));
    for (let line = 0; line < height; line++)
      out.push(`│${r.map((c, i) => ` ${padCell(c[line] ?? '', w[i]! - 2)} `).join('│')}│`);
  });
  out.push(rule(w, '└', '┴', '┘'));
  return out.join('\n');
}

/** Draws one table: at given widths (its long cells wrapped to them), or as wide as its cells. */
function draw(t: TableSpec, widths: readonly number[] | null): string {
  if (widths === null) return drawBox(t, null);
  const wrapCells = (cells: readonly string[]): string[] =>
    cells.map((c, i) =>
      displayWidth(c) <= widths[i]! - 2 ? c : wrapText(c, widths[i]! - 2, { hang: HANG }).join('\n'),
    );
  return drawBox({ head: t.head ? wrapCells(t.head) : null, rows: t.rows.map(wrapCells) }, widths);
}

/** Only the columns `cols` of a table. */
function pick(t: TableSpec, cols: readonly number[]): TableSpec {
  return {
    head: t.head ? cols.map((c) => t.head![c]!) : null,
    rows: t.rows.map((r) => cols.map((c) => r[c]!)),
  };
}

/**
 * One paragraph per row: the first cell, then "Column: value" for each non-empty cell (the value alone
 * without a header), on one line when it fits.
 */
function records(sections: readonly TableSpec[], width: number): string[] {
  return sections.map((t) => {
    const lines: string[] = [];
    // several tables with the same columns (the match table's halves): the first header cell titles each
    if (sections.length > 1 && t.head) lines.push(t.head[0]!);
    for (const r of t.rows) {
      // "Column: value", or the value alone when it names itself ("XGID=…") or has no column name
      const field = (v: string, name: string | undefined): string =>
        v === '' || !name || v.startsWith(`${name}=`) ? v : `${name}: ${v}`;
      const fields = r
        .slice(1)
        .map((v, i) => field(v, t.head?.[i + 1]))
        .filter((f) => f !== '');
      if (!t.head) {
        lines.push(...wrapText(`${r[0]}: ${fields.join(PART_SEPARATOR)}`, width, { hang: '   ' }));
        continue;
      }
      if (t.head[0] === '#') {
        // a numbered row: "1. Family: …", its other fields on indented lines
        const [first = '', ...rest] = fields;
        lines.push(...wrapParts([`${r[0]}. ${first}`, ...rest], PART_SEPARATOR, width, { hang: '   ' }));
        continue;
      }
      const title = r[0] ?? '';
      const one = wrapParts([title, ...fields], PART_SEPARATOR, width);
      // a row that does not fit one line: its first cell alone, then its fields on indented lines
      if (one.length === 1) lines.push(one[0]!);
      else lines.push(title, ...wrapParts(fields, PART_SEPARATOR, width, { indent: '   ' }));
    }
    return lines.join('\n');
  });
}

/**
 * Tables with the same columns drawn to fit `width`, one string each (see the module comment); their
 * columns line up (one width per column across them).
 */
export function fitTables(sections: readonly TableSpec[], width: number, opts: FitOptions = {}): string[] {
  // the cells as printed before anything is measured, so the columns fit them: their control characters
  // shown as escapes, line breaks too (a name stays in its row, src/core/text-controls.ts), and under --ascii
  // transliterated (ß is two columns in ASCII, ss); then the rules too
  const shown = (c: string): string => (opts.ascii ? asciiText(escapeControls(c)) : escapeControls(c));
  const cells = (r: readonly string[]): string[] => r.map(shown);
  const printed = sections.map((t) => ({ head: t.head ? cells(t.head) : null, rows: t.rows.map(cells) }));
  const tables = layTables(printed, width, opts);
  return opts.ascii ? tables.map(asciiText) : tables;
}

/** {@link fitTables} of cells already as printed. */
function layTables(sections: readonly TableSpec[], width: number, opts: FitOptions): string[] {
  const n = Math.max(0, ...sections.map((s) => s.head?.length ?? s.rows[0]?.length ?? 0));
  const cols = Array.from({ length: n }, (_, i) => columnCells(sections, i));
  const natural = cols.map(naturalWidth);
  // as wide as the cells: one table as cli-table3 lays it out, sections at common widths to line up
  if (width === FULL_WIDTH || tableWidth(natural) <= width)
    return sections.map((s) => draw(s, sections.length > 1 ? natural : null));
  const least = cols.map((c, i) => (opts.whole?.includes(i) ? natural[i]! : leastWidth(c)));
  const sorted = cols.map((c) => c.map(displayWidth).sort((a, b) => a - b));
  const shrunk = shrink(natural, least, sorted, width);
  if (shrunk) return sections.map((s) => draw(s, shrunk));
  const groups = opts.narrow === 'records' || n <= 2 ? null : columnGroups(least, width);
  if (groups === null) return records(sections, width);
  return sections.map((s) =>
    groups
      .map((g) => {
        const w = shrink(
          g.map((i) => natural[i]!),
          g.map((i) => least[i]!),
          g.map((i) => sorted[i]!),
          width,
        )!;
        return draw(pick(s, g), w);
      })
      .join('\n'),
  );
}

/**
 * The columns in groups, each led by the first column, every group within `limit` columns at its least
 * widths, filled in order; null when the first column and one other do not fit.
 */
function fillGroups(least: readonly number[], limit: number): number[][] | null {
  const groups: number[][] = [];
  let group = [0];
  for (let c = 1; c < least.length; c++) {
    const next = [...group, c];
    if (tableWidth(next.map((i) => least[i]!)) <= limit) group = next;
    else {
      if (group.length > 1) groups.push(group);
      group = [0, c];
      if (tableWidth(group.map((i) => least[i]!)) > limit) return null;
    }
  }
  groups.push(group);
  return groups;
}

/**
 * The fewest groups of columns that fit `width` (see {@link fillGroups}), made as even as they can be: the
 * narrowest limit that still needs no more groups (so the last group is not one lone column).
 */
function columnGroups(least: readonly number[], width: number): number[][] | null {
  const fewest = fillGroups(least, width);
  if (fewest === null) return null;
  let best = fewest;
  for (let limit = width - 1; limit > 0; limit--) {
    const g = fillGroups(least, limit);
    if (g === null || g.length > fewest.length) break;
    best = g;
  }
  return best;
}

/** One table drawn to fit `width` (see {@link fitTables}). */
export function fitTable(t: TableSpec, width: number, opts: FitOptions = {}): string {
  return fitTables([t], width, opts)[0]!;
}
