/**
 * Charts of the review's per-decision series (MatchReview.series): the MWC loss ℓ of each counted decision
 * per player, and the cumulative loss of both players across the match. Two renderings of the same figures:
 * plain Unicode for the terminal (no colours, ≤ 100 columns) and inline SVG for the HTML page. Pure and
 * deterministic: strings in, strings out.
 */

import { escapeControls } from '../core/text-controls.js';
import { displayWidth, wrapText } from '../core/text-width.js';
import type { ReviewSeries, SeriesPoint } from '../review/review.js';
import { fixed } from './format.js';

/** The eight bar heights, lowest first; a decision with ℓ = 0 is a blank. */
export const BLOCKS = '▁▂▃▄▅▆▇█';

/** Drawn between the decisions of two games in a bar row. */
export const GAME_MARK = '│';

/** Markers of the two players in the cumulative chart, and of a cell both curves pass through. */
export const CURVE_MARKERS = ['*', 'o'] as const;
export const BOTH_MARKER = '#';

/** The block of a value: ' ' for 0 (or less), else ▁…█ by ⌈8 v / max⌉. */
export function blockChar(v: number, max: number): string {
  if (!(v > 0) || !(max > 0)) return ' ';
  const level = Math.min(8, Math.max(1, Math.ceil((8 * v) / max - 1e-9)));
  return BLOCKS[level - 1]!;
}

/** One char per point, GAME_MARK where the game changes (the points of one player, match order). */
export function barRow(points: readonly SeriesPoint[], max: number): string {
  let out = '';
  let game: number | null = null;
  for (const p of points) {
    if (game !== null && p.game !== game) out += GAME_MARK;
    game = p.game;
    out += blockChar(p.lossPct, max);
  }
  return out;
}

/** Cuts a string into lines of at most `width` code points. */
export function wrapChars(s: string, width: number): string[] {
  const chars = [...s];
  const out: string[] = [];
  for (let i = 0; i < chars.length; i += width) out.push(chars.slice(i, i + width).join(''));
  return out.length > 0 ? out : [''];
}

/** The points of one seat, match order. */
export function playerPoints(series: ReviewSeries, seat: 0 | 1): SeriesPoint[] {
  return series.points.filter((p) => p.player === seat);
}

/** Largest ℓ of the series (0 when empty). */
export function maxLoss(series: ReviewSeries): number {
  return series.points.reduce((m, p) => Math.max(m, p.lossPct), 0);
}

function sum(points: readonly SeriesPoint[]): number {
  return points.reduce((s, p) => s + p.lossPct, 0);
}

/**
 * The per-decision bars of both players: per player a line of figures and rows of one block per counted
 * decision (scaled to the largest ℓ of both players), wrapped at `width` columns (indent included).
 */
export function renderLossBars(
  series: ReviewSeries,
  players: readonly [string, string],
  width = 100,
): string[] {
  const max = maxLoss(series);
  const caption = [
    `MWC lost per decision, in match order: one column per counted decision, ${GAME_MARK} = next game,`,
    `blank = nothing lost, ${BLOCKS[7]} = ${fixed(max, 2)} % (the largest loss of both players)`,
  ];
  // two lines up to 100 columns; narrower, one paragraph
  const lines = caption.every((l) => displayWidth(l) <= width) ? caption : wrapText(caption.join(' '), width);
  for (const seat of [0, 1] as const) {
    const pts = playerPoints(series, seat);
    const nonZero = pts.filter((p) => p.lossPct > 0).length;
    lines.push(
      ...wrapText(
        `${players[seat]}: ${pts.length} decisions, ${nonZero} losing MWC, total ${fixed(sum(pts), 2)} %`,
        width,
      ),
    );
    if (pts.length > 0) {
      for (const row of wrapChars(barRow(pts, max), width - 2)) lines.push(`  ${row}`.trimEnd());
    }
  }
  return lines;
}

/** Cumulative ℓ of each seat after each point of the series: y[seat][i], both defined at every i. */
export function cumulativeLoss(series: ReviewSeries): [number[], number[]] {
  const y: [number[], number[]] = [[], []];
  const acc = [0, 0];
  for (const p of series.points) {
    acc[p.player] = acc[p.player]! + p.lossPct;
    y[0].push(acc[0]!);
    y[1].push(acc[1]!);
  }
  return y;
}

/** Axis ends: each divides into quarters with short decimals. */
const NICE = [1, 1.2, 1.6, 2, 2.4, 3, 4, 5, 6, 8, 10];

/** The smallest of 1, 1.2, 1.6, 2, 2.4, 3, 4, 5, 6, 8 × 10^k that is ≥ x (x > 0), for axis ends; 1 for x ≤ 0. */
export function niceCeil(x: number): number {
  if (!(x > 0)) return 1;
  const k = 10 ** Math.floor(Math.log10(x));
  for (const m of NICE) if (m * k >= x * (1 - 1e-12)) return Math.round(m * k * 1e9) / 1e9;
  return 10 * k;
}

/** Options of the terminal line plot. */
export interface PlotOptions {
  /** Columns (default 60, at most one per decision) and rows (default 13) of the plot area. */
  width?: number;
  height?: number;
}

/** Decimals for axis labels up to `max`. */
function axisDigits(max: number): number {
  return max >= 10 ? 1 : 2;
}

/**
 * The cumulative loss of both players as a Unicode line plot: x = decision number in the match (both players,
 * match order), y = cumulative ℓ in % MWC; a column holds the decisions up to its right end, the curves are
 * joined vertically; axis labels, ticks and a legend.
 */
export function renderCumulativeChart(
  series: ReviewSeries,
  players: readonly [string, string],
  opts: PlotOptions = {},
): string[] {
  const n = series.points.length;
  const title = 'Cumulative MWC loss (% MWC) by decision number in the match';
  if (n === 0) return [title, '  no counted decisions'];
  const y = cumulativeLoss(series);
  const cols = Math.min(opts.width ?? 60, n);
  const rows = Math.max(2, opts.height ?? 13);
  const yMax = niceCeil(Math.max(y[0][n - 1]!, y[1][n - 1]!));
  // x (1-based) at the right end of each column
  const xAt = (c: number): number => Math.ceil(((c + 1) * n) / cols);
  const levelOf = (v: number): number => Math.round((v / yMax) * (rows - 1));
  const grid: string[][] = Array.from({ length: rows }, () => Array<string>(cols).fill(' '));
  for (const seat of [0, 1] as const) {
    const marker = CURVE_MARKERS[seat];
    let prev: number | null = null;
    for (let c = 0; c < cols; c++) {
      const level = levelOf(y[seat][xAt(c) - 1]!);
      const from = prev === null ? level : Math.min(prev + 1, level);
      for (let l = from; l <= level; l++) {
        const row = grid[rows - 1 - l]!;
        const cell = row[c];
        row[c] = cell === ' ' || cell === marker ? marker : BOTH_MARKER;
      }
      prev = level;
    }
  }
  const digits = axisDigits(yMax);
  // labels at the quarters when the rows divide into them, else at both ends and the middle row
  const quarter = (rows - 1) % 4 === 0 ? (rows - 1) / 4 : 0;
  const labelled = (r: number): boolean =>
    quarter > 0 ? r % quarter === 0 : r === 0 || r === rows - 1 || r === Math.floor((rows - 1) / 2);
  const labelAt = (r: number): string | null =>
    labelled(r) ? fixed((yMax * (rows - 1 - r)) / (rows - 1), digits) : null;
  const w = fixed(yMax, digits).length;
  const lines = [title];
  grid.forEach((cells, r) => {
    const label = labelAt(r);
    const left = label === null ? `${' '.repeat(w)} │` : `${label.padStart(w)} ┤`;
    lines.push(`${left}${cells.join('')}`.trimEnd());
  });
  lines.push(`${' '.repeat(w)} └${'─'.repeat(cols)}`);
  // x ticks: the first decision, the last one of the middle column and the last one, where they fit
  const ticks = Array<string>(cols).fill(' ');
  const place = (c: number, text: string, alignRight: boolean): void => {
    const start = alignRight ? c - text.length + 1 : c;
    if (start < 0 || start + text.length > cols) return;
    for (let i = Math.max(0, start - 1); i < Math.min(cols, start + text.length + 1); i++) {
      if (ticks[i] !== ' ') return;
    }
    for (let i = 0; i < text.length; i++) ticks[start + i] = text[i]!;
  };
  place(0, '1', false);
  place(cols - 1, String(n), true);
  if (cols >= 12) place(Math.floor(cols / 2), String(xAt(Math.floor(cols / 2))), false);
  lines.push(`${' '.repeat(w + 2)}${ticks.join('')}`.trimEnd());
  lines.push(`${' '.repeat(w + 2)}decision number (both players, match order)`);
  // the legend, one line: the names' control characters shown as escapes (src/core/text-controls.ts)
  lines.push(
    `  ${CURVE_MARKERS[0]} ${escapeControls(players[0])} (${fixed(y[0][n - 1], 2)} %)   ` +
      `${CURVE_MARKERS[1]} ${escapeControls(players[1])} (${fixed(y[1][n - 1], 2)} %)   ${BOTH_MARKER} both`,
  );
  return lines;
}

// ── SVG ─────────────────────────────────────────────────────────────────────────────────────────────────

/** Escapes text for HTML / SVG content and attribute values. */
export function escapeXml(s: string): string {
  return s
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&#39;');
}

/** The colours of the two players (SVG). */
export const PLAYER_COLOURS = ['#1f6fb4', '#d0452a'] as const;

/** A coordinate with at most 2 decimals (SVG attributes). */
export function num(x: number): string {
  return String(Math.round(x * 100) / 100);
}

/** Tick values 0, step, … ≤ max, with about `count` steps. */
function ticks(max: number, count: number): number[] {
  const step = niceCeil(max / count);
  const out: number[] = [];
  for (let v = 0; v <= max * (1 + 1e-9); v += step) out.push(Math.round(v * 1e9) / 1e9);
  return out;
}

/** Options of the SVG charts. */
export interface SvgOptions {
  /** Width of the whole chart in px (default 1100; below {@link NARROW_CHART}, the phone's layout). */
  width?: number;
}

/**
 * Charts narrower than this (px) are laid out for a phone's column: shorter titles, a stacked legend, fewer
 * ticks, long names cut, so that their text keeps its size (13 px and more) instead of being scaled down.
 */
export const NARROW_CHART = 600;

/** The width of a phone's chart (a 390-pixel screen less the page's padding). */
export const PHONE_CHART_WIDTH = 360;

/** A name cut to `max` characters with an ellipsis. */
function cut(name: string, max: number): string {
  const chars = [...name];
  return chars.length <= max ? name : `${chars.slice(0, max - 1).join('')}…`;
}

/**
 * Bars per decision per player: one panel per player, x = his decision number, bar height ∝ ℓ (common scale),
 * a <rect> only for ℓ > 0 (with a <title>), dashed lines between games.
 */
export function svgLossBars(
  series: ReviewSeries,
  players: readonly [string, string],
  opts: SvgOptions = {},
): string {
  const width = opts.width ?? 1100;
  const narrow = width < NARROW_CHART;
  const panelH = 150;
  const left = narrow ? 44 : 60;
  const right = narrow ? 10 : 20;
  const top = 30;
  const gap = 50;
  const plotW = width - left - right;
  const plotH = panelH - 40;
  const yMax = niceCeil(maxLoss(series));
  const height = top + panelH + gap + 20 + plotH + 30; // the second panel's axis label included
  const parts: string[] = [
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}" role="img" aria-label="MWC loss per decision">`,
    `<text x="${narrow ? 8 : left}" y="18" font-size="14" font-weight="bold">${narrow ? 'MWC lost per decision (% MWC)' : 'MWC lost per decision (% MWC), in match order'}</text>`,
  ];
  for (const seat of [0, 1] as const) {
    const pts = playerPoints(series, seat);
    const y0 = top + seat * (panelH + gap) + 20; // top of the plot area
    const base = y0 + plotH;
    const bw = plotW / Math.max(1, pts.length);
    const colour = PLAYER_COLOURS[seat];
    const who = narrow
      ? `${cut(players[seat], 16)}: ${pts.length} decisions, ${fixed(sum(pts), 2)} %`
      : `${players[seat]} — ${pts.length} decisions, total ${fixed(sum(pts), 2)} %`;
    parts.push(
      `<text x="${narrow ? 8 : left}" y="${num(y0 - 6)}" font-size="13" fill="${colour}">${escapeXml(who)}</text>`,
    );
    for (const t of ticks(yMax, 2)) {
      const ty = base - (t / yMax) * plotH;
      parts.push(
        `<line x1="${left - 4}" y1="${num(ty)}" x2="${left + plotW}" y2="${num(ty)}" stroke="#ddd"/>`,
        `<text x="${left - 6}" y="${num(ty + 4)}" font-size="${narrow ? 12 : 11}" text-anchor="end">${fixed(t, 2)}</text>`,
      );
    }
    pts.forEach((p, i) => {
      const prev = pts[i - 1];
      if (prev && prev.game !== p.game) {
        const gx = left + i * bw;
        parts.push(
          `<line x1="${num(gx)}" y1="${num(y0)}" x2="${num(gx)}" y2="${num(base)}" stroke="#999" stroke-dasharray="3,3"><title>game ${p.game}</title></line>`,
        );
      }
      if (p.lossPct > 0) {
        const h = Math.max(0.5, (p.lossPct / yMax) * plotH);
        parts.push(
          `<rect x="${num(left + i * bw + bw * 0.1)}" y="${num(base - h)}" width="${num(Math.max(0.5, bw * 0.8))}" height="${num(h)}" fill="${colour}"><title>game ${p.game}, decision ${p.index}: ${fixed(p.lossPct, 3)} % MWC lost</title></rect>`,
        );
      }
    });
    parts.push(
      `<line x1="${left}" y1="${num(base)}" x2="${left + plotW}" y2="${num(base)}" stroke="#000"/>`,
      `<line x1="${left}" y1="${num(y0)}" x2="${left}" y2="${num(base)}" stroke="#000"/>`,
      `<text x="${left + plotW}" y="${num(base + 16)}" font-size="${narrow ? 13 : 11}" text-anchor="end">decision number of the player (${pts.length})</text>`,
    );
  }
  parts.push('</svg>');
  return parts.join('\n');
}

/**
 * The cumulative loss curves of both players: x = decision number in the match, y = cumulative ℓ (% MWC);
 * one step <polyline> per player, axes with ticks and labels, a legend.
 */
export function svgCumulative(
  series: ReviewSeries,
  players: readonly [string, string],
  opts: SvgOptions = {},
): string {
  const width = opts.width ?? 1100;
  const narrow = width < NARROW_CHART;
  const height = narrow ? 380 : 400;
  const left = narrow ? 48 : 60;
  const right = narrow ? 12 : 20;
  const top = narrow ? 80 : 60;
  const bottom = 50;
  const tick = narrow ? 12 : 11;
  const plotW = width - left - right;
  const plotH = height - top - bottom;
  const n = series.points.length;
  const y = cumulativeLoss(series);
  const yMax = niceCeil(Math.max(y[0][n - 1] ?? 0, y[1][n - 1] ?? 0));
  const xMax = Math.max(1, n);
  const px = (x: number): number => left + (x / xMax) * plotW;
  const py = (v: number): number => top + plotH - (v / yMax) * plotH;
  const parts: string[] = [
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}" role="img" aria-label="Cumulative MWC loss">`,
    `<text x="${narrow ? 8 : left}" y="18" font-size="14" font-weight="bold">${narrow ? 'Cumulative MWC loss (% MWC)' : 'Cumulative MWC loss (% MWC) by decision number in the match'}</text>`,
  ];
  for (const t of ticks(yMax, 5)) {
    parts.push(
      `<line x1="${left - 4}" y1="${num(py(t))}" x2="${left + plotW}" y2="${num(py(t))}" stroke="#ddd"/>`,
      `<text x="${left - 6}" y="${num(py(t) + 4)}" font-size="${tick}" text-anchor="end">${fixed(t, axisDigits(yMax))}</text>`,
    );
  }
  for (const t of ticks(xMax, narrow ? 4 : 8)) {
    parts.push(
      `<line x1="${num(px(t))}" y1="${top + plotH}" x2="${num(px(t))}" y2="${top + plotH + 4}" stroke="#000"/>`,
      `<text x="${num(px(t))}" y="${top + plotH + 17}" font-size="${tick}" text-anchor="middle">${t}</text>`,
    );
  }
  parts.push(
    `<line x1="${left}" y1="${top + plotH}" x2="${left + plotW}" y2="${top + plotH}" stroke="#000"/>`,
    `<line x1="${left}" y1="${top}" x2="${left}" y2="${top + plotH}" stroke="#000"/>`,
    `<text x="${left + plotW / 2}" y="${height - 10}" font-size="12" text-anchor="middle">decision number (both players, match order)</text>`,
    `<text x="14" y="${top + plotH / 2}" font-size="12" text-anchor="middle" transform="rotate(-90 14 ${top + plotH / 2})">% MWC</text>`,
  );
  for (const seat of [0, 1] as const) {
    const coords = [`${num(px(0))},${num(py(0))}`];
    let prev = 0;
    y[seat].forEach((v, i) => {
      if (v !== prev) coords.push(`${num(px(i + 1))},${num(py(prev))}`, `${num(px(i + 1))},${num(py(v))}`);
      prev = v;
    });
    coords.push(`${num(px(n))},${num(py(prev))}`);
    parts.push(
      `<polyline fill="none" stroke="${PLAYER_COLOURS[seat]}" stroke-width="2" points="${coords.join(' ')}"><title>${escapeXml(players[seat])}</title></polyline>`,
    );
  }
  // legend: side by side, or one above the other on a phone
  [0, 1].forEach((seat) => {
    const lx = narrow ? 8 : left + 10 + seat * 360;
    const ly = narrow ? 40 + seat * 20 : 40;
    const last = y[seat as 0 | 1][n - 1] ?? 0;
    const name = narrow ? cut(players[seat as 0 | 1], 30) : players[seat as 0 | 1];
    parts.push(
      `<line x1="${lx}" y1="${ly}" x2="${lx + 24}" y2="${ly}" stroke="${PLAYER_COLOURS[seat as 0 | 1]}" stroke-width="3"/>`,
      `<text x="${lx + 30}" y="${ly + 4}" font-size="${narrow ? 13 : 12}">${escapeXml(name)} (${fixed(last, 2)} %)</text>`,
    );
  });
  parts.push('</svg>');
  return parts.join('\n');
}
