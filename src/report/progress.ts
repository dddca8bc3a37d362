/**
 * `bdb progress` for people: a table of the periods with a chart column (each period's PR as ●, its 95 %
 * interval as a line ├──┤ on one scale from 0 to the largest upper bound), the whole history, and the
 * trend in one sentence.
 */

import { FULL_WIDTH, wrapText } from '../core/text-width.js';
import type { ProgressPeriod, ProgressReport } from '../history/progress-types.js';
import { auditLines } from './analysis-mix.js';
import { fitTable } from './cli-table.js';
import { MATCHES_ANALYSED_NOTE, matchesAnalysed, matchesAnalysedText } from './format.js';

const TRACK = 24;

function fixed(x: number | null, digits: number): string {
  return x === null ? 'n/a' : x.toFixed(digits);
}

function range(low: number | null, high: number | null, digits: number): string {
  return low === null || high === null ? 'n/a' : `${low.toFixed(digits)}–${high.toFixed(digits)}`;
}

/** One period's track: its interval and value on a scale from 0 to `max`. */
export function track(p: Pick<ProgressPeriod, 'pr' | 'prLow' | 'prHigh'>, max: number): string {
  const cells = Array<string>(TRACK).fill(' ');
  if (p.pr === null || !(max > 0)) return cells.join('');
  const at = (x: number): number => Math.max(0, Math.min(TRACK - 1, Math.round((x / max) * (TRACK - 1))));
  if (p.prLow !== null && p.prHigh !== null) {
    const a = at(p.prLow);
    const b = at(p.prHigh);
    for (let i = a; i <= b; i++) cells[i] = '─';
    cells[a] = '├';
    cells[b] = '┤';
  }
  cells[at(p.pr)] = '●';
  return cells.join('');
}

function row(p: ProgressPeriod, max: number): string[] {
  return [
    p.label,
    matchesAnalysed(p.matches, p.analysedMatches),
    fixed(p.decisions, 0),
    fixed(p.pr, 2),
    range(p.prLow, p.prHigh, 1),
    p.l7 === null ? 'n/a' : `${p.l7.toFixed(1)} %`,
    range(p.l7Low, p.l7High, 1),
    p.level ?? 'n/a',
    track(p, max),
  ];
}

/** The trend in one sentence. */
export function trendSentence(r: ProgressReport): string {
  const t = r.trend;
  if (t.slopePer100 === null || t.low === null || t.high === null)
    return `Trend: n/a (${matchesAnalysedText(r.overall.matches, t.matches, 'dated ')}; 3 analysed needed).`;
  const sign = (x: number): string => (x > 0 ? `+${x.toFixed(2)}` : x.toFixed(2));
  return (
    `Trend over ${matchesAnalysedText(r.overall.matches, t.matches)}: PR ${sign(t.slopePer100)} per 100 matches ` +
    `(95 %: ${sign(t.low)} to ${sign(t.high)}): ${t.verdict}` +
    (t.verdict === 'no clear trend' ? ' (the interval holds 0).' : '.')
  );
}

/** The whole terminal output, within `width` columns (its table in plain ASCII with `ascii`). */
export function renderProgress(r: ProgressReport, width: number = FULL_WIDTH, ascii = false): string {
  const all = [...r.periods, r.overall];
  const max = Math.max(0, ...all.map((p) => p.prHigh ?? p.pr ?? 0));
  const head = [
    'Period',
    'Matches',
    'Decisions',
    'PR',
    'PR 95 %',
    'L7',
    'L7 95 %',
    'Level',
    `PR 0 … ${max.toFixed(1)}`,
  ];
  const rows = [...r.periods.map((p) => row(p, max)), row({ ...r.overall, label: 'All' }, max)];
  const lines = [
    ...wrapText(
      `${r.player}: progress by ${r.by}, ${matchesAnalysedText(r.overall.matches, r.overall.analysedMatches, 'dated ')}` +
        (r.undated > 0 ? ` (${r.undated} undated left out)` : ''),
      width,
    ),
    ...auditLines(r.audit, width),
    fitTable({ head, rows }, width, { whole: [head.length - 1], ascii }),
    ...wrapText(trendSentence(r), width),
    ...wrapText(
      'PR intervals: 95 %, by match (by game for a period of one match); ● PR, ├─┤ its interval.',
      width,
    ),
    ...(r.overall.analysedMatches < r.overall.matches ? wrapText(MATCHES_ANALYSED_NOTE, width) : []),
  ];
  return `${lines.join('\n')}\n`;
}
