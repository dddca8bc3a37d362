/**
 * `bdb study` for people and programs: the before/after of each studied family (spec/metrics.md §9;
 * src/history/study.ts, src/metrics/before-after.ts) as a table or JSON, and the list of study marks.
 * r, Δ and its bounds in MWC points per 100 decisions; Σℓ in the JSON as fractions of a match.
 */

import { FULL_WIDTH, wrapText } from '../core/text-width.js';
import type {
  DrilledPosition,
  StudiedFamily,
  StudyMark,
  StudyReport,
  StudyWindow,
} from '../history/study.js';
import { BEFORE_AFTER_MIN_DECISIONS } from '../metrics/before-after.js';
import { auditLines, jsonAudit } from './analysis-mix.js';
import { fitTable } from './cli-table.js';
import { fixed, signed } from './format.js';
import { type JsonDuplicate, type JsonFailure, type JsonSettings, jsonHead } from './json.js';

/** The unit of r and Δ, as the JSON names it. */
export const STUDY_UNIT = 'MWC points per 100 decisions';

/** A study mark as JSON: `targetKind` says what `target` is (family, xgid or position_id). */
function jsonMark(m: StudyMark): unknown {
  return { target: m.target, targetKind: m.kind, day: m.day, markedAt: m.markedAt };
}

/** A drilled position as JSON: its card (XGID, kind), the days of its first and last answers, the counts. */
function jsonDrilled(p: DrilledPosition): unknown {
  return {
    xgid: p.xgid,
    kind: p.kind,
    firstDay: p.firstDay,
    lastDay: p.lastDay,
    answers: p.answers,
    right: p.right,
  };
}

/** One window: Σℓ and Σℓ² in fractions of a match (`…Mwc`), r in MWC points per 100 decisions. */
function jsonWindow(w: StudyWindow): unknown {
  return {
    matches: w.matches,
    decisions: w.decisions,
    errors: w.errors,
    lossMwc: w.loss,
    lossSquaresMwc: w.lossSquares,
    rateMwcPctPer100: w.rate,
  };
}

function jsonFamily(f: StudiedFamily): unknown {
  return {
    family: f.family,
    plan: f.plan,
    nature: f.nature,
    theme: f.theme,
    studiedOn: f.studied,
    marks: f.marks.map(jsonMark),
    drillAnswers: f.drillAnswers,
    drilled: f.drilled.map(jsonDrilled),
    members: f.members,
    before: jsonWindow(f.before),
    after: jsonWindow(f.after),
    deltaMwcPctPer100: f.figures.delta,
    low: f.figures.low,
    high: f.figures.high,
    verdict: f.figures.verdict,
  };
}

/** The whole output of `bdb study --json` (docs/schema/study.schema.json). */
export function jsonStudy(
  r: StudyReport,
  settings: JsonSettings,
  failures: readonly JsonFailure[],
  duplicates: readonly JsonDuplicate[],
): unknown {
  return {
    ...jsonHead('study'),
    settings,
    player: r.player,
    matches: r.matches,
    undated: r.undated,
    ...jsonAudit(r.audit),
    unit: STUDY_UNIT,
    minDecisions: BEFORE_AFTER_MIN_DECISIONS,
    families: r.families.map(jsonFamily),
    unmatchedMarks: r.unmatched.map(jsonMark),
    unmatchedDrilled: r.undrilled.map(jsonDrilled),
    failures,
    duplicates,
  };
}

function windowCells(w: StudyWindow): string[] {
  return [String(w.decisions), String(w.errors), fixed(w.rate, 2)];
}

/** The before/after table with its legend, within `width` columns (the table in plain ASCII with `ascii`). */
export function renderStudy(r: StudyReport, width: number = FULL_WIDTH, ascii = false): string {
  const lines = [
    ...wrapText(
      `Before/after study — ${r.player}: ${r.matches} match${r.matches === 1 ? '' : 'es'}${
        r.undated > 0 ? ` (${r.undated} undated, in no window)` : ''
      }`,
      width,
    ),
    ...auditLines(r.audit, width),
  ];
  if (r.families.length === 0) {
    lines.push(
      ...wrapText(
        'No studied family: mark a family or a position with bdb study mark FAMILY|XGID|POSITION-ID, ' +
          'or drill your mistakes with bdb drill.',
        width,
      ),
    );
  } else {
    const head = [
      'Family',
      'Studied',
      'N before',
      'Errors',
      'r before',
      'N after',
      'Errors',
      'r after',
      'Δ',
      '95 %',
      'Verdict',
    ];
    const rows = r.families.map((f) => [
      f.family,
      f.studied,
      ...windowCells(f.before),
      ...windowCells(f.after),
      signed(f.figures.delta, 2),
      f.figures.low === null ? 'n/a' : `${signed(f.figures.low, 2)} … ${signed(f.figures.high, 2)}`,
      f.figures.verdict,
    ]);
    lines.push(fitTable({ head, rows }, width, { ascii }));
  }
  const drilled = r.families.filter((f) => f.drilled.length > 0);
  if (drilled.length > 0)
    lines.push(
      ...wrapText(
        `Dated by bdb drill too: ${drilled
          .map(
            (f) =>
              `${f.family} ${plural(f.drillAnswers, 'answer')} on ${plural(f.drilled.length, 'position')}, ` +
              `first ${f.drilled[0]!.firstDay}`,
          )
          .join('; ')}.`,
        width,
      ),
    );
  if (r.undrilled.length > 0)
    lines.push(
      ...wrapText(
        `${plural(r.undrilled.length, 'drilled position')} date${r.undrilled.length === 1 ? 's' : ''} no family: ` +
          `no error of ${r.player} of that kind there in a family.`,
        width,
      ),
    );
  if (r.unmatched.length > 0)
    lines.push(
      ...wrapText(
        `${r.unmatched.length} marked position${r.unmatched.length === 1 ? '' : 's'} match${
          r.unmatched.length === 1 ? 'es' : ''
        } no error of ${r.player} in a family: ${r.unmatched.map((m) => m.target).join(', ')}`,
        width,
      ),
    );
  lines.push(
    ...wrapText(
      'Before and after: the matches dated before / after the study day (the first study action on the family ' +
        'or one of its positions: a bdb study mark, or a bdb drill answer on the position); matches of that day and undated ones in neither. N: the decisions of the ' +
        'family’s game plan and kind in match play; r: the MWC its errors lost, in points per 100 of those ' +
        'decisions; Δ = r before − r after (above 0: fewer losses since), with its 95 % interval. Verdict with ' +
        `at least ${BEFORE_AFTER_MIN_DECISIONS} decisions on each side: improving when the whole interval is above 0, ` +
        'regressing when below, undetermined otherwise. Terms explained in docs/glossary.md.',
      width,
    ),
  );
  return `${lines.join('\n')}\n`;
}

/**
 * The stored study marks as a table, within `width` columns (a paragraph per mark when narrower; plain
 * ASCII with `ascii`).
 */
export function renderStudyMarks(
  marks: readonly StudyMark[],
  drilled: readonly DrilledPosition[],
  width: number = FULL_WIDTH,
  ascii = false,
): string {
  const rows = marks.map((m) => [m.day, m.kind, m.target, m.markedAt]);
  const out = [
    marks.length === 0
      ? 'No study marks.'
      : fitTable({ head: ['Day', 'Kind', 'Target', 'Recorded'], rows }, width, { narrow: 'records', ascii }),
  ];
  if (drilled.length === 0) out.push('No drill answers.');
  else {
    const answers = drilled.reduce((n, p) => n + p.answers, 0);
    out.push(
      ...wrapText(
        `Drilled with bdb drill: ${plural(answers, 'answer')} on ${plural(drilled.length, 'position')}; ` +
          'each answer is a study action on its position (bdb study counts them):',
        width,
      ),
      fitTable(
        {
          head: ['First', 'Last', 'Kind', 'Position', 'Answers', 'Right'],
          rows: drilled.map((p) => [
            p.firstDay,
            p.lastDay,
            p.kind,
            p.xgid,
            String(p.answers),
            String(p.right),
          ]),
        },
        width,
        { narrow: 'records', ascii },
      ),
    );
  }
  return `${out.join('\n')}\n`;
}

/** `n thing` / `n things`. */
function plural(n: number, thing: string): string {
  return `${n} ${thing}${n === 1 ? '' : 's'}`;
}

/** The output of `bdb study list --json` (docs/schema/study-list.schema.json). */
export function jsonStudyMarks(marks: readonly StudyMark[], drilled: readonly DrilledPosition[]): unknown {
  return { ...jsonHead('study-list'), marks: marks.map(jsonMark), drilled: drilled.map(jsonDrilled) };
}
