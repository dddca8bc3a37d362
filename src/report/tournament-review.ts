/**
 * `bdb tournament review` for people and programs: the tables, the JSON view (src/report/json.ts) and a
 * standalone HTML page. The figures come from src/history/tournament-review.ts (spec/metrics.md §11) and,
 * for the study-plan families of the tournament (§7), from the plan's own collector (src/report/plan.ts);
 * nothing is computed here but the display.
 */

import { FULL_WIDTH, wrapSummary, wrapText } from '../core/text-width.js';
import type {
  BreakdownRow,
  CellFigures,
  RoundRow,
  SideFigures,
  TournamentReview,
} from '../history/tournament-review.js';
import { HABITUAL_DAYS, HABITUAL_MIN_MATCHES } from '../history/tournament-review.js';
import { familyText, type StudyFamily, type StudyPlan } from '../metrics/study-plan.js';
import { DELTA_MIN_DECISIONS, type Delta } from '../metrics/tournament-delta.js';
import { auditLine, jsonAudit } from './analysis-mix.js';
import { escapeXml, PLAYER_COLOURS } from './charts.js';
import { fitTable } from './cli-table.js';
import { familyTextWords } from './family-words.js';
import { fixed, signed } from './format.js';
import { type JsonDuplicate, type JsonFailure, type JsonSettings, jsonHead } from './json.js';
import { htmlPage, PAGE_STYLE } from './page-style.js';
import type { PlanRef } from './plan.js';

/** How many study-plan families of the tournament are named (spec §11). */
export const TOURNAMENT_PLAN_FAMILIES = 3;

/** How many positions of each named family are given. */
const FAMILY_POSITIONS = 3;

/** One named family of the tournament's plan (MWC figures as fractions of a match). */
export interface TournamentPlanFamily {
  readonly family: string;
  readonly members: number;
  readonly scored: number;
  readonly recoverable: number | null;
  readonly low: number | null;
  readonly high: number | null;
  /** Its worst positions (largest ℓ − d first). */
  readonly positions: readonly {
    readonly file: string;
    readonly game: number;
    readonly move: number;
    readonly xgid: string | null;
    readonly positionId: string | null;
    readonly played: string;
    readonly best: string;
    readonly excess: number | null;
  }[];
}

/** The study plan restricted to the tournament: at most 3 families named, the others counted. */
export interface TournamentPlanSummary {
  readonly families: readonly TournamentPlanFamily[];
  /** Families of the plan beyond the named ones. */
  readonly otherFamilies: number;
  /** Families not (yet) in the plan ("tentative": too few scored members or a low bound ≤ 0). */
  readonly tentative: number;
  /** Errors of the person in the tournament, and those without theme. */
  readonly errors: number;
  readonly unthemed: number;
}

function planFamily(f: StudyFamily<PlanRef>): TournamentPlanFamily {
  return {
    family: familyText(f),
    members: f.members,
    scored: f.scored,
    recoverable: f.recoverable,
    low: f.low,
    high: f.high,
    positions: f.positions.slice(0, FAMILY_POSITIONS).map((m) => ({
      file: m.ref.file,
      game: m.ref.game,
      move: m.ref.move,
      xgid: m.ref.xgid,
      positionId: m.ref.positionId,
      played: m.ref.played,
      best: m.ref.best,
      excess: m.excess,
    })),
  };
}

/** The tournament's plan as the review shows it; an empty summary without a plan. */
export function tournamentPlanSummary(plan: StudyPlan<PlanRef> | null): TournamentPlanSummary {
  if (plan === null) return { families: [], otherFamilies: 0, tentative: 0, errors: 0, unthemed: 0 };
  return {
    families: plan.families.slice(0, TOURNAMENT_PLAN_FAMILIES).map(planFamily),
    otherFamilies: Math.max(0, plan.families.length - TOURNAMENT_PLAN_FAMILIES),
    tentative: plan.tentative.length,
    errors: plan.errors,
    unthemed: plan.unthemed,
  };
}

// ---- JSON (docs/schema/tournament-review.schema.json) ----

function jsonSide(f: SideFigures): unknown {
  return {
    matches: f.matches,
    decisions: f.decisions,
    pr: f.pr,
    prLow: f.prLow,
    prHigh: f.prHigh,
    prReason: f.prReason,
    l7MwcPct: f.l7,
    l7MwcPctLow: f.l7Low,
    l7MwcPctHigh: f.l7High,
    l7MwcPctReason: f.l7Reason,
    level: f.level,
    ...jsonAudit(f.audit),
  };
}

function jsonCell(c: CellFigures): unknown {
  return {
    matches: c.matches,
    decisions: c.decisions,
    pr: c.pr,
    prLow: c.prLow,
    prHigh: c.prHigh,
    prReason: c.prReason,
  };
}

/** Δ = tournament − habitual in the unit of the figure compared (PR, or L₇ in % of MWC). */
function jsonDelta(d: Delta): unknown {
  return {
    delta: d.delta,
    sigmaTournament: d.sigmaTournament,
    sigmaHabitual: d.sigmaHabitual,
    sd: d.sd,
    low: d.low,
    high: d.high,
    verdict: d.verdict,
    reason: d.reason,
  };
}

function jsonRound(r: RoundRow): unknown {
  return {
    label: r.label,
    roundName: r.round,
    day: r.day,
    opponent: r.opponent,
    file: r.file,
    matchLength: r.matchLength,
    finalScore: r.score,
    won: r.won,
    figures: jsonSide(r.figures),
    vsHabitual: jsonDelta(r.vsHabitual),
  };
}

function jsonBreakdown(b: BreakdownRow): unknown {
  return {
    key: b.key,
    label: b.label,
    tournament: jsonCell(b.tournament),
    habitual: b.habitual === null ? null : jsonCell(b.habitual),
    vsHabitual: jsonDelta(b.delta),
  };
}

/** The tournament's plan: MWC figures in fractions of a match (`…Mwc`). */
function jsonPlan(p: TournamentPlanSummary): unknown {
  return {
    families: p.families.map((f) => ({
      family: f.family,
      members: f.members,
      scored: f.scored,
      recoverableMwc: f.recoverable,
      low: f.low,
      high: f.high,
      positions: f.positions.map((m) => ({
        file: m.file,
        game: m.game,
        move: m.move,
        xgid: m.xgid,
        positionId: m.positionId,
        played: m.played,
        best: m.best,
        excessMwc: m.excess,
      })),
    })),
    otherFamilies: p.otherFamilies,
    tentativeFamilies: p.tentative,
    errors: p.errors,
    unthemed: p.unthemed,
  };
}

/** The whole output of `bdb tournament review --json`. */
export function jsonTournamentReview(
  r: TournamentReview,
  plan: TournamentPlanSummary,
  settings: JsonSettings,
  failures: readonly JsonFailure[],
  duplicates: readonly JsonDuplicate[],
): unknown {
  const h = r.habitual;
  return {
    ...jsonHead('tournament-review'),
    settings,
    event: r.event,
    source: r.source,
    player: r.player,
    date: r.date,
    lastDay: r.lastDay,
    tournamentMatches: r.tournamentMatches,
    tournament: jsonSide(r.tournament),
    habitual: {
      since: h.since,
      until: h.until,
      matches: h.matches,
      excluded: h.excluded,
      undated: h.undated,
      known: h.known,
      reason: h.reason,
      figures: h.figures === null ? null : jsonSide(h.figures),
    },
    comparison: { pr: jsonDelta(r.comparison.pr), l7MwcPct: jsonDelta(r.comparison.l7) },
    rounds: r.rounds.map(jsonRound),
    byRank: r.byRank.map(jsonBreakdown),
    byPressure: r.byPressure.map(jsonBreakdown),
    clock: r.clock,
    clockReason: r.clockReason,
    studyPlan: jsonPlan(plan),
    failures,
    duplicates,
  };
}

// ---- terminal ----

function range(low: number | null, high: number | null, digits: number, unit = ''): string {
  return low === null || high === null ? 'n/a' : `${fixed(low, digits)}–${fixed(high, digits)}${unit}`;
}

function deltaRange(d: Delta, digits: number): string {
  return d.low === null || d.high === null ? 'n/a' : `${signed(d.low, digits)} … ${signed(d.high, digits)}`;
}

function count(n: number, one: string, many: string): string {
  return `${n} ${n === 1 ? one : many}`;
}

function dates(from: string | null, to: string | null): string {
  if (from === null) return 'undated';
  return to === null || to === from ? from : `${from} – ${to}`;
}

/** The heading lines: event, player, tournament and habitual windows. */
export function reviewHeading(r: TournamentReview): string[] {
  const h = r.habitual;
  const name = r.event === null ? 'tournament' : `'${r.event}'`;
  const lines = [
    `Tournament review of ${name} (${r.source === 'library' ? 'library' : 'files'}) — ${r.player}`,
    `Tournament: ${count(r.tournament.matches, 'match', 'matches')} of ${r.player} (of ${r.tournamentMatches}), ${dates(r.date, r.lastDay)}`,
    ...nonNull(auditLine(r.tournament.audit, 'tournament')),
  ];
  if (h.known) {
    lines.push(
      `Habitual level: ${count(h.matches, 'match', 'matches')} of 1–64 points, ${h.since} – ${h.until} (${HABITUAL_DAYS} days before)` +
        (h.excluded > 0 ? `, ${count(h.excluded, 'tournament match', 'tournament matches')} left out` : '') +
        undatedNote(h.undated),
    );
  } else
    lines.push(
      `Habitual level unknown: ${h.reason?.replace(/^habitual level unknown: /, '') ?? ''}${undatedNote(h.undated)}`,
    );
  if (h.figures !== null) lines.push(...nonNull(auditLine(h.figures.audit, 'habitual level')));
  return lines;
}

/** The line given, or none. */
function nonNull(line: string | null): string[] {
  return line === null ? [] : [line];
}

/** ", N undated matches in no window" when the library holds undated matches of the player. */
function undatedNote(n: number | null): string {
  return n !== null && n > 0
    ? `; ${count(n, 'undated match', 'undated matches')} of the player in no window`
    : '';
}

function mainTable(r: TournamentReview, width: number, ascii: boolean): string {
  const head = ['', 'Tournament', '95 %', 'Habitual', '95 %', 'Δ', 'Δ 95 %', 'Verdict'];
  const rows: string[][] = [];
  const h = r.habitual.figures;
  for (const [label, k] of [
    ['PR', 'pr'],
    ['L7 (%)', 'l7'],
  ] as const) {
    const lowKey = `${k}Low` as const;
    const highKey = `${k}High` as const;
    rows.push([
      label,
      fixed(r.tournament[k], 2),
      range(r.tournament[lowKey], r.tournament[highKey], 2),
      fixed(h?.[k], 2),
      range(h?.[lowKey] ?? null, h?.[highKey] ?? null, 2),
      signed(r.comparison[k].delta, 2),
      deltaRange(r.comparison[k], 2),
      r.comparison[k].verdict,
    ]);
  }
  rows.push(['Decisions', fixed(r.tournament.decisions, 0), '', fixed(h?.decisions, 0), '', '', '', '']);
  return fitTable({ head, rows }, width, { ascii });
}

/** The cells of a round before its figures: round, date, opponent, score. */
function roundHead(x: RoundRow): string[] {
  const length = x.matchLength === 0 ? 'money' : `${x.matchLength} pt`;
  return [
    x.round ?? '—',
    x.day ?? 'undated',
    x.opponent,
    `${x.score[0]}–${x.score[1]} (${length})${x.won === null ? '' : x.won ? ' won' : ' lost'}`,
  ];
}

/** The figures of a round: decisions, PR, L₇ with their per-game intervals, Δ PR against the habitual PR. */
function roundFigures(x: RoundRow): string[] {
  const f = x.figures;
  return [
    fixed(f.decisions, 0),
    fixed(f.pr, 2),
    range(f.prLow, f.prHigh, 2),
    fixed(f.l7, 2),
    range(f.l7Low, f.l7High, 2),
    signed(x.vsHabitual.delta, 2),
    deltaRange(x.vsHabitual, 2),
    x.vsHabitual.verdict,
  ];
}

const ROUND_HEAD = ['Round', 'Date', 'Opponent', 'Score', 'Decisions', 'PR', 'PR 95 %'];

function roundsTable(rounds: readonly RoundRow[], width: number, ascii: boolean): string {
  const head = [...ROUND_HEAD, 'L7 (%)', 'L7 95 %', 'Δ PR', 'Δ 95 %', 'Verdict'];
  return fitTable({ head, rows: rounds.map((x) => [...roundHead(x), ...roundFigures(x)]) }, width, { ascii });
}

function cellCells(c: CellFigures | null): string[] {
  if (c === null) return ['n/a', 'n/a', 'n/a'];
  return [String(c.decisions), fixed(c.pr, 2), range(c.prLow, c.prHigh, 2)];
}

function breakdownTable(title: string, rows: readonly BreakdownRow[], width: number, ascii: boolean): string {
  const head = [
    title,
    'Decisions',
    'PR',
    'PR 95 %',
    'Habitual dec.',
    'Habitual PR',
    '95 %',
    'Δ PR',
    'Δ 95 %',
    'Verdict',
  ];
  return fitTable({ head, rows: rows.map(breakdownCells) }, width, { ascii });
}

/** Percentage points of MWC with sign. */
function pp(x: number | null, digits = 2): string {
  return x === null ? 'n/a' : signed(100 * x, digits);
}

/** The columns of a family of the tournament's plan (terminal and page), and its cells as number `i + 1`. */
const FAMILY_HEAD = ['#', 'Family', 'Members', 'Scored', 'R (pp MWC)', '95 %'] as const;

function familyCells(f: TournamentPlanSummary['families'][number], i: number): string[] {
  return [
    String(i + 1),
    f.family,
    String(f.members),
    String(f.scored),
    pp(f.recoverable),
    f.low === null ? 'n/a' : `${pp(f.low)} … ${pp(f.high)}`,
  ];
}

function planLines(plan: TournamentPlanSummary, width: number, ascii: boolean): string[] {
  const lines = wrapText(
    `Study plan within the tournament: ${count(plan.errors, 'error', 'errors')} (${plan.unthemed} without theme); ` +
      `${count(plan.families.length + plan.otherFamilies, 'family', 'families')} in the plan`,
    width,
  );
  if (plan.families.length > 0) {
    const rows = plan.families.map(familyCells);
    lines.push(fitTable({ head: [...FAMILY_HEAD], rows }, width, { ascii }));
    plan.families.forEach((f, i) => {
      const top = f.positions[0];
      if (top)
        lines.push(
          ...wrapSummary(
            `${i + 1}. worst: game ${top.game} move ${top.move} · played ${top.played} · best ${top.best} · ` +
              `beyond difficulty ${pp(top.excess, 3)} · ${top.xgid ?? 'no XGID'} · ${top.file}`,
            width,
            { indent: '  ', hang: '     ' },
          ),
        );
    });
  }
  const others: string[] = [];
  if (plan.otherFamilies > 0) others.push(`${plan.otherFamilies} more in the plan`);
  if (plan.tentative > 0) others.push(count(plan.tentative, 'tentative family', 'tentative families'));
  if (others.length > 0)
    lines.push(...wrapText(`Not named: ${others.join(', ')} (bdb plan lists them).`, width));
  return lines;
}

/** The legend under the tables. */
export function reviewLegend(): string {
  return (
    'PR: the average error per decision, ×500; L7: the MWC lost per 7-point match, in %. 95 % intervals over ' +
    'the matches (one match: over its games). Δ = tournament − habitual, with the 95 % interval of the ' +
    'difference: worse when the whole interval is above 0, better when below, as usual otherwise; a verdict ' +
    `needs an interval and at least ${DELTA_MIN_DECISIONS} decisions on each side. Habitual level: the player's ` +
    `1–64-point matches of the ${HABITUAL_DAYS} days before the tournament, at least ${HABITUAL_MIN_MATCHES}. ` +
    'Terms explained in docs/glossary.md.'
  );
}

/** The whole terminal output, within `width` columns (its tables in plain ASCII with `ascii`). */
export function renderTournamentReview(
  r: TournamentReview,
  plan: TournamentPlanSummary,
  width: number = FULL_WIDTH,
  ascii = false,
): string {
  const text = (t: string): string[] => wrapText(t, width);
  const lines = [
    ...reviewHeading(r).flatMap(text),
    '',
    mainTable(r, width, ascii),
    '',
    ...text('Per round (each match against the habitual PR; intervals by games)'),
    r.rounds.length > 0 ? roundsTable(r.rounds, width, ascii) : 'no match of the player',
    '',
    ...text('By the rank of the decision in the match'),
    breakdownTable('Rank', r.byRank, width, ascii),
    '',
    'By pressure',
    breakdownTable('Score', r.byPressure, width, ascii),
    '',
    ...text(`Clock: ${r.clockReason}`),
    '',
    ...planLines(plan, width, ascii),
    '',
    ...text(reviewLegend()),
  ];
  return `${lines.join('\n')}\n`;
}

// ---- HTML ----

const STYLE = `${PAGE_STYLE}svg.chart text { font-size: 13px; fill: #333; }
.legend { display: flex; flex-wrap: wrap; gap: 4px 20px; margin-top: 6px; font-size: 0.9em; }
.sw { display: inline-block; width: 14px; height: 12px; margin-right: 6px; vertical-align: middle; }
.table-wrap { overflow-x: auto; max-width: 100%; }
table { border-collapse: collapse; margin: 8px 0; }
th, td { border: 1px solid #ccc; padding: 3px 6px; text-align: left; vertical-align: top; }
th { background: #f4f4f4; font-weight: normal; }
td.num { text-align: right; font-variant-numeric: tabular-nums; white-space: nowrap; }
td.keep { white-space: nowrap; }
.chart-phone { display: none; }
code { font-family: ui-monospace, Menlo, Consolas, monospace; background: #f4f4f4; padding: 1px 4px; }
@media (max-width: 640px) {
  body { margin: 12px auto; padding: 0 12px; }
  table { font-size: 0.9em; }
  .chart-wide { display: none; }
  .chart-phone { display: block; }
}
`;

const T_COLOUR = PLAYER_COLOURS[0];
const H_COLOUR = PLAYER_COLOURS[1];

/** A coordinate with at most 2 decimals. */
function num(x: number): string {
  return String(Math.round(x * 100) / 100);
}

/**
 * A table in a box that scrolls sideways when it must (a phone). Headers and text cells wrap, so that the
 * widest table fits the 1,100-pixel page; the `numeric` columns (right-aligned) and the `kept` ones (dates)
 * do not, nor does a percent sign leave its number.
 */
function htmlTable(
  head: readonly string[],
  body: readonly (readonly string[])[],
  numeric: (i: number) => boolean,
  kept: (i: number) => boolean = () => false,
): string {
  const th = head.map((h) => `<th scope="col">${escapeXml(h.replace(/ %/g, '\u00a0%'))}</th>`).join('');
  const cls = (i: number): string => (numeric(i) ? ' class="num"' : kept(i) ? ' class="keep"' : '');
  const tr = body
    .map((row) => `<tr>${row.map((c, i) => `<td${cls(i)}>${escapeXml(c)}</td>`).join('')}</tr>`)
    .join('\n');
  return `<div class="table-wrap">\n<table>\n<thead><tr>${th}</tr></thead>\n<tbody>\n${tr}\n</tbody>\n</table>\n</div>`;
}

/** A label cut into lines of at most `max` characters, at spaces and after hyphens. */
function labelLines(label: string, max: number): string[] {
  const words = label.split(/(?<=-)|\s+/).filter((w) => w !== '');
  const lines: string[] = [];
  for (const w of words) {
    const last = lines.at(-1);
    const joined = last === undefined ? w : last.endsWith('-') ? `${last}${w}` : `${last} ${w}`;
    if (last !== undefined && [...joined].length <= max) lines[lines.length - 1] = joined;
    else lines.push(w);
  }
  return lines;
}

/** The width of a phone's chart (a 390-pixel screen less the page's padding). */
const PHONE_W = 360;

/**
 * A bar chart of breakdown cells: per cell a tournament bar and a habitual bar (PR), each with its 95 %
 * interval as a whisker; `W` wide (880 for a wide screen, {@link PHONE_W} for a phone, its labels cut into
 * lines so that its text keeps 13 px). Null when no cell has a PR.
 */
function cellChart(title: string, rows: readonly BreakdownRow[], W = 880): string | null {
  const values = rows.flatMap((r) => [
    r.tournament.prHigh ?? r.tournament.pr,
    r.habitual?.prHigh ?? r.habitual?.pr ?? null,
  ]);
  const max = Math.max(0, ...values.filter((v): v is number => v !== null && Number.isFinite(v)));
  if (!(max > 0)) return null;
  const phone = W < 600;
  const left = phone ? 36 : 48;
  const right = phone ? 6 : 16;
  const top = 24;
  // the cells' labels: one line on a wide screen, as many as the slot needs on a phone
  const slotW = (W - left - right) / rows.length;
  const labels = rows.map((r) =>
    phone ? labelLines(r.label, Math.max(4, Math.floor(slotW / 7.5))) : [r.label],
  );
  const lines = Math.max(1, ...labels.map((l) => l.length));
  const bottom = 26 + 15 * lines;
  const H = phone ? 240 + 15 * lines : 300;
  const plotW = W - left - right;
  const plotH = H - top - bottom;
  const step = max <= 5 ? 1 : max <= 10 ? 2 : max <= 25 ? 5 : 10;
  const ceil = Math.ceil(max / step) * step;
  const py = (v: number): number => top + plotH - (v / ceil) * plotH;
  const slot = plotW / rows.length;
  const bar = Math.min(48, slot / 3);
  const parts = [
    `<svg class="chart" xmlns="http://www.w3.org/2000/svg" width="100%" viewBox="0 0 ${W} ${H}" role="img" aria-label="${escapeXml(title)}" font-family="system-ui, sans-serif" font-size="13">`,
  ];
  for (let v = 0; v <= ceil + 1e-9; v += step) {
    const y = num(py(v));
    parts.push(
      `<line x1="${left}" y1="${y}" x2="${W - right}" y2="${y}" stroke="#ddd" stroke-width="1"/>`,
      `<text x="${left - 6}" y="${y}" dy="0.35em" text-anchor="end">${fixed(v, 0)}</text>`,
    );
  }
  parts.push(`<text x="${left}" y="${top - 8}" text-anchor="middle" font-weight="bold">PR</text>`);
  rows.forEach((r, i) => {
    const x0 = left + i * slot + slot / 2;
    const sides: [CellFigures | null, string, number, string][] = [
      [r.tournament, T_COLOUR, x0 - bar - 2, 'tournament'],
      [r.habitual, H_COLOUR, x0 + 2, 'habitual'],
    ];
    for (const [c, colour, x, name] of sides) {
      if (c === null || c.pr === null) continue;
      const y = py(c.pr);
      const tip = `${r.label}, ${name}: PR ${fixed(c.pr, 2)} (95 %: ${range(c.prLow, c.prHigh, 2)}), ${c.decisions} decisions`;
      parts.push(
        `<rect x="${num(x)}" y="${num(y)}" width="${num(bar)}" height="${num(py(0) - y)}" fill="${colour}" fill-opacity="0.75"><title>${escapeXml(tip)}</title></rect>`,
      );
      if (c.prLow !== null && c.prHigh !== null) {
        const xm = num(x + bar / 2);
        parts.push(
          `<line x1="${xm}" y1="${num(py(c.prLow))}" x2="${xm}" y2="${num(py(c.prHigh))}" stroke="#222" stroke-width="1.5"/>`,
        );
      }
    }
    const spans = labels[i]!.map(
      (l, k) => `<tspan x="${num(x0)}" dy="${k === 0 ? 0 : '1.15em'}">${escapeXml(l)}</tspan>`,
    );
    parts.push(`<text x="${num(x0)}" y="${H - bottom + 18}" text-anchor="middle">${spans.join('')}</text>`);
  });
  parts.push(
    `<line x1="${left}" y1="${num(py(0))}" x2="${W - right}" y2="${num(py(0))}" stroke="#000" stroke-width="1.2"/>`,
    '</svg>',
  );
  return parts.join('\n');
}

function sideRow(label: string, f: SideFigures | null): string[] {
  return [
    label,
    f ? String(f.matches) : 'n/a',
    fixed(f?.decisions, 0),
    fixed(f?.pr, 2),
    range(f?.prLow ?? null, f?.prHigh ?? null, 2),
    fixed(f?.l7, 2),
    range(f?.l7Low ?? null, f?.l7High ?? null, 2, ' %'),
    f?.level ?? 'n/a',
  ];
}

/** A breakdown row's cells, in the table's and the page's column order. */
function breakdownCells(x: BreakdownRow): string[] {
  return [
    x.label,
    ...cellCells(x.tournament),
    ...cellCells(x.habitual),
    signed(x.delta.delta, 2),
    deltaRange(x.delta, 2),
    x.delta.verdict,
  ];
}

function breakdownHtml(title: string, rows: readonly BreakdownRow[]): string {
  const body = rows.map(breakdownCells);
  const label = `PR ${title.toLowerCase()}`;
  const wide = cellChart(label, rows);
  const chart =
    wide === null
      ? ''
      : `<figure>
<div class="chart-wide">
${wide}
</div>
<div class="chart-phone">
${cellChart(label, rows, PHONE_W)}
</div>
<figcaption class="legend"><span><i class="sw" style="background:${T_COLOUR}"></i>tournament</span><span><i class="sw" style="background:${H_COLOUR}"></i>habitual level</span><span>│ 95 % interval</span></figcaption>
</figure>`;
  return (
    chart +
    htmlTable(
      [
        title,
        'Decisions',
        'PR',
        'PR 95 %',
        'Habitual decisions',
        'Habitual PR',
        '95 %',
        'Δ PR',
        'Δ 95 %',
        'Verdict',
      ],
      body,
      (i) => i > 0 && i < 9,
    )
  );
}

/** The page's title: 'player · event · days — tournament review' (the parts known). */
export function tournamentPageTitle(r: TournamentReview): string {
  const days = r.date === null ? '' : dates(r.date, r.lastDay);
  const parts = [r.player, r.event ?? '', days].filter((x) => x !== '');
  return `${parts.join(' · ')} — tournament review`;
}

/** The whole page. */
export function renderTournamentReviewHtml(r: TournamentReview, plan: TournamentPlanSummary): string {
  const title = tournamentPageTitle(r);
  const sub = [
    ...reviewHeading(r).slice(1),
    `Matches read from ${r.source === 'library' ? 'the library' : 'files'}.`,
  ];
  const compare = htmlTable(
    ['Figure', 'Δ = tournament − habitual', 'Δ 95 %', 'Verdict', 'Why no verdict'],
    (['pr', 'l7'] as const).map((k) => {
      const d = r.comparison[k];
      return [k === 'pr' ? 'PR' : 'L₇ (%)', signed(d.delta, 2), deltaRange(d, 2), d.verdict, d.reason ?? ''];
    }),
    (i) => i === 1 || i === 2,
  );
  const rounds = htmlTable(
    [...ROUND_HEAD, 'L₇ (%)', 'L₇ 95 %', 'Δ PR', 'Δ 95 %', 'Verdict'],
    r.rounds.map((x) => [...roundHead(x), ...roundFigures(x)]),
    (i) => i > 3 && i < 11,
    (i) => i === 1,
  );
  const families =
    plan.families.length === 0
      ? '<p>No family of errors enters the plan within the tournament.</p>'
      : htmlTable(
          [...FAMILY_HEAD, 'Worst position'],
          plan.families.map((f, i) => {
            const cells = familyCells(f, i);
            cells[1] = `${familyTextWords(f.family)} (${f.family})`;
            return [...cells, f.positions[0]?.xgid ?? 'n/a'];
          }),
          (i) => i >= 2 && i <= 5,
        );
  const others: string[] = [];
  if (plan.otherFamilies > 0) others.push(`${plan.otherFamilies} more in the plan`);
  if (plan.tentative > 0) others.push(count(plan.tentative, 'tentative family', 'tentative families'));
  return htmlPage(
    title,
    STYLE,
    `<h1>${escapeXml(title)}</h1>
${sub.map((s) => `<p class="sub">${escapeXml(s)}</p>`).join('\n')}
<h2>Tournament and habitual level</h2>
${htmlTable(
  ['Side', 'Matches', 'Decisions', 'PR', 'PR 95 %', 'L₇ (%)', 'L₇ 95 %', 'Level'],
  [sideRow('Tournament', r.tournament), sideRow('Habitual level', r.habitual.figures)],
  (i) => i > 0 && i < 7,
)}
${compare}
<h2>Per round</h2>
${r.rounds.length > 0 ? rounds : '<p>No match of the player.</p>'}
<p class="note">Each match against the habitual PR; its intervals by games.</p>
<h2>By the rank of the decision in the match</h2>
${breakdownHtml('Rank', r.byRank)}
<h2>By pressure</h2>
${breakdownHtml('Score', r.byPressure)}
<h2>Clock</h2>
<p>${escapeXml(r.clockReason)}</p>
<h2>Study plan within the tournament</h2>
<p>${escapeXml(`${count(plan.errors, 'error', 'errors')} (${plan.unthemed} without theme).`)}</p>
${families}
${others.length > 0 ? `<p class="note">${escapeXml(`Not named: ${others.join(', ')}.`)}</p>` : ''}
<p class="note">${escapeXml(reviewLegend())}</p>`,
  );
}
