/**
 * The progress report as one standalone HTML5 page: a heading, the PR by period as an inline SVG line chart
 * (95 % band, one point per period with a PR, the overall trend as a dashed guide; a period without a PR, a
 * calendar month, quarter or year without any match included, is shaded grey and the line is broken there,
 * never drawn across it as if measured), the table of the periods
 * with the "All" row, and the trend in one sentence. No network and no script: inline CSS only. Every text
 * taken from the report (player, labels, levels) is escaped.
 *
 * The chart is one SVG scaled to the page width (viewBox, width 100 %, height auto). Its text sizes and
 * stroke widths are set by CSS in user units, larger under 640 px so that the scaled-down chart stays
 * readable on a phone; the period labels are thinned for both sizes (the labels kept only at the large
 * size carry the class "minor", hidden on small screens; with many periods the chart has the class "dense"
 * and its points stay small).
 */
import type { ProgressPeriod, ProgressReport } from '../history/progress-types.js';
import { auditParagraph } from './analysis-mix.js';
import { escapeXml, PLAYER_COLOURS } from './charts.js';
import {
  fixed,
  MATCHES_ANALYSED_NOTE,
  matchesAnalysed,
  matchesAnalysedText,
  percent,
  signed,
} from './format.js';
import { htmlPage, PAGE_STYLE } from './page-style.js';

/** Colours of the PR line and band, and of the trend guide. */
const LINE_COLOUR = PLAYER_COLOURS[0];
const TREND_COLOUR = PLAYER_COLOURS[1];

/** The chart's user space. */
const VIEW_W = 880;
const VIEW_H = 440;

/** Font sizes of the chart's text (user units): wide screens, and screens up to SMALL_SCREEN px. */
const FONT = 13;
const FONT_SMALL = 26;
const SMALL_SCREEN = 640;

/** Width of a character in em, on the safe side for digits, letters and dashes of a sans-serif font. */
const CHAR_EM = 0.6;

/** The CSS of the progress sections (after PAGE_STYLE), also used by the player report. */
export const PROGRESS_STYLE = `svg.chart text { font-size: ${FONT}px; fill: #333; }
svg.chart .axis-title { font-weight: bold; }
svg.chart text.gap-label { fill: #666; }
.legend { display: flex; flex-wrap: wrap; gap: 4px 20px; margin-top: 6px; font-size: 0.9em; }
.legend span { white-space: nowrap; }
.sw { display: inline-block; width: 26px; margin-right: 6px; vertical-align: middle; }
.sw-line { height: 0; border-top: 3px solid ${LINE_COLOUR}; }
.sw-band { height: 12px; background: ${LINE_COLOUR}; opacity: 0.22; }
.sw-trend { height: 0; border-top: 3px dashed ${TREND_COLOUR}; }
.sw-gap { height: 12px; background: #e6e6e6; }
.table-wrap { overflow-x: auto; max-width: 100%; }
table { border-collapse: collapse; margin: 8px 0; }
th, td { border: 1px solid #ccc; padding: 3px 8px; text-align: left; white-space: nowrap; }
th { background: #f4f4f4; font-weight: normal; }
td.num { text-align: right; font-variant-numeric: tabular-nums; }
tr.all td { font-weight: bold; border-top: 2px solid #888; }
@media (max-width: ${SMALL_SCREEN}px) {
  body { margin: 12px auto; padding: 0 12px; }
  table { font-size: 0.9em; }
  svg.chart text { font-size: ${FONT_SMALL}px; }
  svg.chart .minor { display: none; }
  svg.chart .pt { r: 9px; stroke-width: 3; }
  svg.chart.dense .pt { r: 5px; stroke-width: 1.5; }
  svg.chart .pr-line { stroke-width: 5; }
  svg.chart .trend { stroke-width: 4; stroke-dasharray: 16 10; }
  svg.chart .axis { stroke-width: 2.5; }
  svg.chart .grid { stroke-width: 2; }
}
`;

const STYLE = `${PAGE_STYLE}${PROGRESS_STYLE}`;

/** A finite number, or null for null, NaN and ±∞. */
function finite(x: number | null | undefined): number | null {
  return typeof x === 'number' && Number.isFinite(x) ? x : null;
}

/** A coordinate with at most 2 decimals. */
function num(x: number): string {
  return String(Math.round(x * 100) / 100);
}

/** "1 match", "2 matches". */
function count(n: number, one: string, many: string): string {
  return `${n} ${n === 1 ? one : many}`;
}

/** Estimated width of a text in user units at a font size. */
function textWidth(s: string, font: number): number {
  return [...s].length * CHAR_EM * font;
}

/** "low–high" with the given decimals, or "n/a" when an end is missing. */
function range(low: number | null, high: number | null, digits: number, unit = ''): string {
  const lo = finite(low);
  const hi = finite(high);
  if (lo === null || hi === null) return 'n/a';
  return `${fixed(lo, digits)}–${fixed(hi, digits)}${unit}`;
}

/** "from – to", one date when both are the same day. */
function dates(p: ProgressPeriod): string {
  return p.from === p.to ? p.from : `${p.from} – ${p.to}`;
}

/** The y axis: 0 to `top` by `step` (1, 2 or 5 × 10^k, at most 6 steps), labels with `digits` decimals. */
interface YAxis {
  readonly top: number;
  readonly step: number;
  readonly digits: number;
  readonly ticks: readonly number[];
}

function yAxis(max: number | null): YAxis {
  const m = max !== null && max > 0 ? max : 10;
  let k = 10 ** Math.floor(Math.log10(m / 6));
  let step = k;
  search: for (;;) {
    for (const f of [1, 2, 5]) {
      step = f * k;
      if (Math.ceil(m / step - 1e-9) <= 6) break search;
    }
    k *= 10;
  }
  const steps = Math.max(1, Math.ceil(m / step - 1e-9));
  const round = (v: number): number => Math.round(v * 1e9) / 1e9;
  const ticks = Array.from({ length: steps + 1 }, (_, i) => round(i * step));
  const digits = Math.max(0, Math.ceil(-Math.log10(step) - 1e-9));
  return { top: round(steps * step), step, digits, ticks };
}

/** The largest PR or upper PR bound of the periods, or null when no period has a PR. */
function maxPr(periods: readonly ProgressPeriod[]): number | null {
  let max: number | null = null;
  for (const p of periods) {
    for (const v of [finite(p.prHigh) ?? finite(p.pr), finite(p.pr)]) {
      if (v !== null && (max === null || v > max)) max = v;
    }
  }
  return max;
}

/**
 * The trend guide in data coordinates (x = slot index, y = PR), clipped to the slots and to 0…yTop:
 * through the overall PR at the middle of the matches, slope per slot ≈ slopePer100 / 100 × matches per
 * slot (the empty ones counted). Null when there is no slope, no overall PR, fewer than 2 periods or nothing left after clipping.
 */
function trendSegment(
  report: ProgressReport,
  slots: readonly Slot[],
  yTop: number,
): { x0: number; y0: number; x1: number; y1: number } | null {
  const n = slots.length;
  const slope100 = finite(report.trend.slopePer100);
  const anchor = finite(report.overall.pr);
  const matchesAt = (i: number): number => Math.max(0, slots[i]!.period?.matches ?? 0);
  const total = slots.reduce((s, _, i) => s + matchesAt(i), 0);
  if (slope100 === null || anchor === null || n < 2 || total <= 0) return null;
  const perMatch = report.overall.matches > 0 ? report.overall.matches : total;
  const slope = (slope100 / 100) * (perMatch / n);
  // where the middle match falls: period i spans i − ½ … i + ½, its matches spread evenly
  const half = total / 2;
  let xMid = (n - 1) / 2;
  let cum = 0;
  for (let i = 0; i < n; i++) {
    const m = matchesAt(i);
    if (m > 0 && cum + m >= half) {
      xMid = i - 0.5 + (half - cum) / m;
      break;
    }
    cum += m;
  }
  const at = (x: number): number => anchor + slope * (x - xMid);
  let lo = 0;
  let hi = n - 1;
  if (slope === 0) {
    if (anchor < 0 || anchor > yTop) return null;
  } else {
    const xa = xMid - anchor / slope;
    const xb = xMid + (yTop - anchor) / slope;
    lo = Math.max(lo, Math.min(xa, xb));
    hi = Math.min(hi, Math.max(xa, xb));
  }
  if (!(hi > lo)) return null;
  return { x0: lo, y0: at(lo), x1: hi, y1: at(hi) };
}

/** One place on the chart's x axis: a period, or a calendar period without a match (`period` null). */
interface Slot {
  readonly label: string;
  readonly period: ProgressPeriod | null;
}

/** Most calendar periods laid out one by one; a longer history gets one slot per gap, whatever its length. */
const MAX_SLOTS = 600;

/** The number of a calendar period ('2023-01', '2023-Q1', '2023') counted from year 0, or null. */
function calendarNumber(label: string, by: string): number | null {
  const m = /^(\d{4})(?:-(Q)?(\d{1,2}))?$/.exec(label);
  if (!m) return null;
  const y = Number(m[1]);
  if (by === 'year' && m[3] === undefined) return y;
  if (by === 'quarter' && m[2] === 'Q') return y * 4 + Number(m[3]) - 1;
  if (by === 'month' && m[2] === undefined && m[3] !== undefined) return y * 12 + Number(m[3]) - 1;
  return null;
}

/** The label of calendar period number `n` (as {@link calendarNumber} counts). */
function calendarLabel(n: number, by: string): string {
  if (by === 'year') return String(n);
  if (by === 'quarter') return `${Math.floor(n / 4)}-Q${(n % 4) + 1}`;
  return `${Math.floor(n / 12)}-${String((n % 12) + 1).padStart(2, '0')}`;
}

/**
 * The chart's x axis: the periods in order, and between two calendar periods that do not follow each other
 * the periods without a match, so that a gap in the history shows as a gap (one slot per month, quarter or
 * year; past {@link MAX_SLOTS} one slot per gap, labelled 'from … to'). Runs of N matches have no gaps.
 */
export function chartSlots(report: ProgressReport): Slot[] {
  const periods = report.periods;
  const numbers = periods.map((p) => calendarNumber(p.label, report.by));
  if (numbers.some((x) => x === null) || periods.length === 0) {
    return periods.map((p) => ({ label: p.label, period: p }));
  }
  const at = numbers as number[];
  const span = at.at(-1)! - at[0]! + 1;
  const slots: Slot[] = [];
  periods.forEach((p, i) => {
    const prev = at[i - 1];
    if (prev !== undefined && at[i]! > prev + 1) {
      if (span <= MAX_SLOTS) {
        for (let k = prev + 1; k < at[i]!; k++)
          slots.push({ label: calendarLabel(k, report.by), period: null });
      } else {
        const from = calendarLabel(prev + 1, report.by);
        const to = calendarLabel(at[i]! - 1, report.by);
        slots.push({ label: from === to ? from : `${from} … ${to}`, period: null });
      }
    }
    slots.push({ label: p.label, period: p });
  });
  return slots;
}

/** How many periods apart two shown labels must be at a font size. */
function labelStep(labels: readonly string[], spacing: number, font: number): number {
  const widest = labels.reduce((w, s) => Math.max(w, textWidth(s, font)), 0);
  return Math.max(1, Math.ceil((widest + 0.8 * font) / spacing));
}

/** The SVG line chart of PR by period (the periods must not be empty). */
function prChart(report: ProgressReport): { svg: string; band: boolean; trend: boolean; gaps: boolean } {
  const slots = chartSlots(report);
  const n = slots.length;
  const labels = slots.map((p) => p.label);
  const axis = yAxis(maxPr(report.periods));
  const tickLabels = axis.ticks.map((t) => fixed(t, axis.digits));
  const tickWidth = tickLabels.reduce((w, s) => Math.max(w, textWidth(s, FONT_SMALL)), 0);

  // margins: the tick labels and the first / last period labels must fit at the small screens' font size
  const top = 48;
  const bottom = 52;
  let left = Math.max(56, Math.ceil(tickWidth + 16));
  let right = 24;
  let spacing = (VIEW_W - left - right) / n;
  let step = 1;
  let stepSmall = 1;
  for (let pass = 0; pass < 3; pass++) {
    spacing = (VIEW_W - left - right) / n;
    step = labelStep(labels, spacing, FONT);
    stepSmall = Math.ceil(labelStep(labels, spacing, FONT_SMALL) / step) * step;
    const firstHalf = textWidth(labels[0]!, FONT_SMALL) / 2;
    const lastShown = Math.floor((n - 1) / stepSmall) * stepSmall;
    const lastHalf = Math.max(
      textWidth(labels[lastShown]!, FONT_SMALL) / 2 - (n - 1 - lastShown) * spacing,
      textWidth(labels[Math.floor((n - 1) / step) * step]!, FONT) / 2,
    );
    left = Math.max(left, Math.ceil(firstHalf - spacing / 2 + 4));
    right = Math.max(right, Math.ceil(lastHalf - spacing / 2 + 4));
  }
  spacing = (VIEW_W - left - right) / n;
  const plotW = VIEW_W - left - right;
  const plotH = VIEW_H - top - bottom;
  const base = top + plotH;
  const px = (i: number): number => left + (i + 0.5) * spacing;
  const py = (v: number): number => base - (v / axis.top) * plotH;

  const parts: string[] = [
    `<svg class="${spacing < 30 ? 'chart dense' : 'chart'}" xmlns="http://www.w3.org/2000/svg" width="100%" viewBox="0 0 ${VIEW_W} ${VIEW_H}" role="img" aria-label="PR by ${escapeXml(report.by)}" font-family="system-ui, sans-serif" font-size="${FONT}">`,
  ];
  // grid and y ticks
  axis.ticks.forEach((t, i) => {
    const y = num(py(t));
    parts.push(
      `<line class="grid" x1="${left}" y1="${y}" x2="${left + plotW}" y2="${y}" stroke="#ddd" stroke-width="1"/>`,
      `<text class="tick" x="${left - 8}" y="${y}" dy="0.35em" text-anchor="end">${tickLabels[i]}</text>`,
    );
  });
  parts.push(`<text class="axis-title" x="${left}" y="${top - 16}" text-anchor="middle">PR</text>`);

  // the periods without a PR (no match, or none analysed): shaded and said, never bridged by the line
  const gaps: { from: number; to: number; text: string; matches: number }[] = [];
  slots.forEach((x, i) => {
    if (x.period !== null && finite(x.period.pr) !== null) return;
    const text = `${x.label}: ${x.period === null ? 'no match' : 'no analysed match'}`;
    const matches = x.period?.matches ?? 0;
    const last = gaps.at(-1);
    if (last && last.to === i - 1) {
      last.to = i;
      last.text += `; ${text}`;
      last.matches += matches;
    } else gaps.push({ from: i, to: i, text, matches });
  });
  for (const g of gaps) {
    const x0 = Math.max(left, px(g.from) - spacing / 2);
    const x1 = Math.min(left + plotW, px(g.to) + spacing / 2);
    parts.push(
      `<rect class="gap" x="${num(x0)}" y="${top}" width="${num(x1 - x0)}" height="${num(plotH)}" fill="#e6e6e6" stroke="none"><title>${escapeXml(g.text)}</title></rect>`,
    );
    // said in the shade where it fits at the small screens' size
    const words = g.matches === 0 ? 'no match' : 'no PR';
    if (x1 - x0 >= textWidth(words, FONT_SMALL) + 8) {
      parts.push(
        `<text class="gap-label" x="${num((x0 + x1) / 2)}" y="${top + 8}" dy="1em" text-anchor="middle">${words}</text>`,
      );
    }
  }

  // the 95 % band: one path, a closed sub-path per run of periods with both bounds
  const periods = slots.map((x) => x.period);
  const runs: number[][] = [];
  let run: number[] = [];
  periods.forEach((p, i) => {
    if (p !== null && finite(p.prLow) !== null && finite(p.prHigh) !== null) run.push(i);
    else if (run.length > 0) {
      runs.push(run);
      run = [];
    }
  });
  if (run.length > 0) runs.push(run);
  const halfWidth = Math.min(8, spacing / 4); // a lone period's band: a narrow bar
  const bandPath = runs
    .map((r) => {
      const upper = r.map((i) => [px(i), py(periods[i]!.prHigh!)] as const);
      const lower = r.map((i) => [px(i), py(periods[i]!.prLow!)] as const).reverse();
      if (r.length === 1) {
        const [x, yh] = upper[0]!;
        const [, yl] = lower[0]!;
        upper.splice(0, 1, [x - halfWidth, yh], [x + halfWidth, yh]);
        lower.splice(0, 1, [x + halfWidth, yl], [x - halfWidth, yl]);
      }
      const pts = [...upper, ...lower].map(([x, y]) => `${num(x)},${num(y)}`);
      return `M${pts.join(' L')} Z`;
    })
    .join(' ');
  if (bandPath !== '') {
    parts.push(
      `<path class="band" d="${bandPath}" fill="${LINE_COLOUR}" fill-opacity="0.18" stroke="none"><title>95 % interval of the PR</title></path>`,
    );
  }

  // the trend guide
  const seg = trendSegment(report, slots, axis.top);
  if (seg !== null) {
    parts.push(
      `<line class="trend" x1="${num(px(seg.x0))}" y1="${num(py(seg.y0))}" x2="${num(px(seg.x1))}" y2="${num(py(seg.y1))}" stroke="${TREND_COLOUR}" stroke-width="2.5" stroke-dasharray="9 6"><title>trend: ${escapeXml(signed(report.trend.slopePer100, 2))} PR per 100 matches</title></line>`,
    );
  }

  // axes, period ticks and labels
  parts.push(
    `<line class="axis" x1="${left}" y1="${base}" x2="${left + plotW}" y2="${base}" stroke="#000" stroke-width="1.2"/>`,
    `<line class="axis" x1="${left}" y1="${top}" x2="${left}" y2="${base}" stroke="#000" stroke-width="1.2"/>`,
  );
  slots.forEach((p, i) => {
    const x = num(px(i));
    parts.push(
      `<line class="axis" x1="${x}" y1="${base}" x2="${x}" y2="${base + 5}" stroke="#000" stroke-width="1"/>`,
    );
    if (i % step === 0) {
      const cls = i % stepSmall === 0 ? 'xl' : 'xl minor';
      parts.push(
        `<text class="${cls}" x="${x}" y="${base + 10}" dy="1em" text-anchor="middle">${escapeXml(p.label)}</text>`,
      );
    }
  });

  // the PR line (broken where a period has no PR, or no match) and its points
  const lines: string[][] = [];
  let line: string[] = [];
  periods.forEach((p, i) => {
    const pr = finite(p?.pr);
    if (pr !== null) line.push(`${num(px(i))},${num(py(pr))}`);
    else if (line.length > 0) {
      lines.push(line);
      line = [];
    }
  });
  if (line.length > 0) lines.push(line);
  for (const l of lines) {
    if (l.length < 2) continue;
    parts.push(
      `<polyline class="pr-line" points="${l.join(' ')}" fill="none" stroke="${LINE_COLOUR}" stroke-width="2.5" stroke-linejoin="round"/>`,
    );
  }
  periods.forEach((p, i) => {
    const pr = finite(p?.pr);
    if (p === null || pr === null) return;
    const tip = `${p.label}: PR ${fixed(pr, 2)} (95 %: ${range(p.prLow, p.prHigh, 2)}), ${matchesAnalysedText(p.matches, p.analysedMatches)}`;
    parts.push(
      `<circle class="pt" cx="${num(px(i))}" cy="${num(py(pr))}" r="${num(Math.min(4.5, spacing / 3))}" fill="${LINE_COLOUR}" stroke="#fff" stroke-width="1.5"><title>${escapeXml(tip)}</title></circle>`,
    );
  });
  parts.push('</svg>');
  return { svg: parts.join('\n'), band: bandPath !== '', trend: seg !== null, gaps: gaps.length > 0 };
}

/** The chart with its legend, or a sentence when there is nothing to draw. */
function chartSection(report: ProgressReport): string {
  if (report.periods.length === 0) return '<p>No dated match: nothing to chart.</p>';
  if (report.periods.every((p) => finite(p.pr) === null)) {
    return '<p>No period has a PR (no counted decision): nothing to chart.</p>';
  }
  const chart = prChart(report);
  const legend = [
    `<span><i class="sw sw-line"></i>PR per ${escapeXml(report.by)}</span>`,
    chart.band ? '<span><i class="sw sw-band"></i>95 % interval</span>' : '',
    chart.trend
      ? `<span><i class="sw sw-trend"></i>trend ${escapeXml(signed(report.trend.slopePer100, 2))} PR per 100 matches (guide)</span>`
      : '',
    chart.gaps ? '<span><i class="sw sw-gap"></i>no analysed match: no PR</span>' : '',
  ].filter((s) => s !== '');
  return `<figure>
${chart.svg}
<figcaption class="legend">${legend.join('\n')}</figcaption>
</figure>`;
}

/** One row of the table. */
function row(p: ProgressPeriod, cls = ''): string {
  const cells = [
    `<td>${escapeXml(p.label)}</td>`,
    `<td>${escapeXml(dates(p))}</td>`,
    `<td class="num">${matchesAnalysed(p.matches, p.analysedMatches)}</td>`,
    `<td class="num">${fixed(p.decisions, 0)}</td>`,
    `<td class="num">${fixed(finite(p.pr), 2)}</td>`,
    `<td class="num">${range(p.prLow, p.prHigh, 2)}</td>`,
    `<td class="num">${escapeXml(percent(finite(p.l7), 1))}</td>`,
    `<td class="num">${escapeXml(range(p.l7Low, p.l7High, 1, ' %'))}</td>`,
    `<td>${escapeXml(p.level ?? 'n/a')}</td>`,
  ];
  return `<tr${cls === '' ? '' : ` class="${cls}"`}>${cells.join('')}</tr>`;
}

function table(report: ProgressReport): string {
  const head = ['Period', 'Dates', 'Matches', 'Decisions', 'PR', 'PR 95 %', 'L₇', 'L₇ 95 %', 'Level']
    .map((h) => `<th scope="col">${h}</th>`)
    .join('');
  const body = [...report.periods.map((p) => row(p)), row({ ...report.overall, label: 'All' }, 'all')];
  return `<div class="table-wrap">
<table class="progress">
<thead><tr>${head}</tr></thead>
<tbody>
${body.join('\n')}
</tbody>
</table>
</div>`;
}

/** The trend sentence. */
function trendText(report: ProgressReport): string {
  const t = report.trend;
  if (t.verdict === 'insufficient') return 'fewer than 3 matches: no trend';
  return `PR changes by ${signed(t.slopePer100, 2)} per 100 matches (95\u00a0%: ${signed(t.low, 2)} to ${signed(t.high, 2)}): ${t.verdict}`;
}

/**
 * The progress sections: the chart of PR by period, the table of the periods and the trend, each under a
 * heading of level `level` (2 on the progress page, 4 in the player report).
 */
export function progressSections(report: ProgressReport, level: 2 | 3 | 4 = 2): string {
  const h = `h${level}`;
  const trendNote =
    report.trend.verdict === 'insufficient'
      ? ''
      : `\n<p class="note">${escapeXml(
          `The line through the PRs of the ${count(report.trend.matches, 'match', 'matches')} with a counted decision; ` +
            'a negative change is a falling PR, that is an improvement. In the chart the trend is a guide only: ' +
            'its slope per period is taken from the slope per match and the average matches per period.',
        )}</p>`;
  return `<${h}>PR by ${escapeXml(report.by)}</${h}>
${chartSection(report)}
<${h}>Periods</${h}>
${table(report)}
<p class="note">${escapeXml(
    'PR and L₇ with their 95 % intervals; n/a where a figure is undefined. L₇ is undefined at money play.' +
      (report.overall.analysedMatches < report.overall.matches ? ` ${MATCHES_ANALYSED_NOTE}` : ''),
  )}</p>
<${h}>Trend</${h}>
<p class="trend-text">${escapeXml(trendText(report))}</p>${trendNote}`;
}

/** The line under the title: grouping, periods, matches and undated matches left out. */
export function progressSummary(report: ProgressReport): string {
  const summary = [
    `By ${report.by}`,
    count(report.periods.length, 'period', 'periods'),
    matchesAnalysedText(report.overall.matches, report.overall.analysedMatches),
  ].join(' · ');
  const undated =
    report.undated > 0 ? ` · ${count(report.undated, 'undated match', 'undated matches')} left out` : '';
  return summary + undated;
}

/** The whole page. */
export function renderProgressHtml(report: ProgressReport): string {
  const o = report.overall;
  const days = o.from === '' ? '' : o.from === o.to ? ` · ${o.from}` : ` · ${o.from} – ${o.to}`;
  const title = `${report.player}${days} — progress`;
  return htmlPage(
    title,
    STYLE,
    `<h1>${escapeXml(title)}</h1>
<p class="sub">${escapeXml(progressSummary(report))}</p>${auditParagraph(report.audit)}
${progressSections(report)}`,
  );
}
