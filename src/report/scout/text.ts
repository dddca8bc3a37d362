/**
 * `bdb scout NAME` as text: the opponent's level, their leans turned into advice, their worst families and
 * their record against the player, every line with its n and 95 % interval (or saying there is too little
 * data), within the output's width.
 */
import { wrapText } from '../../core/text-width.js';
import { auditOf } from '../../metrics/analysis-mix.js';
import { familyText } from '../../metrics/study-plan.js';
import { auditLine } from '../analysis-mix.js';
import { tiltSentences } from '../biases.js';
import type { Reporter } from '../reporter.js';
import { adviceLine } from './advice.js';
import type { ScoutReport } from './data.js';
import { familyFigures, familyName, familySureness, levelText, recordText } from './lines.js';
import type { ScoutResult, ScoutView } from './types.js';

/** A line of a section, broken at `width` with an indented continuation. */
function item(text: string, width: number): string[] {
  return wrapText(`  ${text}`, width, { hang: '    ' });
}

/** The opponent's analysis audit as an item of the level (none without an analysed match). */
function auditItem(r: ScoutReport, width: number): string[] {
  const line = auditLine(auditOf(r.stats?.figures ?? null));
  return line === null ? [] : item(line, width);
}

function leanLines(r: ScoutReport, width: number): string[] {
  const head =
    'Leans (signed biases; advice only when the 95 % interval excludes 0 with at least 20 decisions)';
  if (r.leans === null) return [...wrapText(head, width), ...item('n/a: no analysed decision', width)];
  const cells = r.leans.cellsWithoutLean;
  return [
    ...wrapText(head, width),
    ...r.leans.leans.flatMap((l) => item(adviceLine(l), width)),
    ...(cells > 0
      ? item(
          `Doubles by score: ${cells} score cell${cells === 1 ? '' : 's'} without a sure lean (bdb biases --all-cells lists them)`,
          width,
        )
      : []),
  ];
}

/** The opponent's form: their PR after a lost game and after a game of bad luck (as `bdb biases`). */
function formLines(r: ScoutReport, width: number): string[] {
  const tilt = r.biases?.tilt ?? null;
  const head = 'Form (PR after a lost game, after a game of bad luck, against after the others)';
  if (tilt === null)
    return [...wrapText(head, width), ...item('n/a: no analysed game that follows another', width)];
  return [...wrapText(head, width), ...tiltSentences(tilt).flatMap((line) => item(line, width))];
}

function familyLines(r: ScoutReport, width: number): string[] {
  const head = "Worst families (bdb plan's, the surest MWC to recover first; match play)";
  if (r.errors === null) return [...wrapText(head, width), ...item('n/a: no analysed decision', width)];
  if (r.families.length === 0)
    return [
      ...wrapText(head, width),
      ...item(`none: ${r.errors} errors, no family with MWC to recover`, width),
    ];
  return [
    ...wrapText(head, width),
    ...r.families.flatMap((f, i) => [
      ...item(`${i + 1}. ${familyName(f)} (${familyText(f)})`, width),
      ...wrapText(`     ${familyFigures(f)}; ${familySureness(f)}`, width, { hang: '       ' }),
    ]),
  ];
}

function recordLines(r: ScoutReport, width: number): string[] {
  const rec = r.record;
  if (rec === 'no player')
    return [
      'Record against the player',
      ...item('n/a: no player (--me NAME, or bdb config set player NAME)', width),
    ];
  if (rec === 'same person')
    return ['Record against the player', ...item('n/a: the player is the opponent', width)];
  return [
    ...wrapText(`Record against ${rec.me}`, width),
    ...item(recordText(r.opponent, rec), width),
    ...(rec.matches > 0
      ? [
          ...item(`${r.opponent}: ${levelText(rec.opponentStats)}`, width),
          ...item(`${rec.me}: ${levelText(rec.meStats)}`, width),
        ]
      : []),
  ];
}

export const scoutText: Reporter<ScoutResult, ScoutView> = ({ report: r, read, library }, view, write) => {
  const w = view.width;
  const lines = [
    ...wrapText(`Scout: ${r.opponent} — ${read} match${read === 1 ? '' : 'es'} in the library ${library}`, w),
    '',
    'Level',
    ...item(levelText(r.stats), w),
    ...auditItem(r, w),
    '',
    ...leanLines(r, w),
    '',
    ...formLines(r, w),
    '',
    ...familyLines(r, w),
    '',
    ...recordLines(r, w),
    '',
    ...wrapText(
      'n: the decisions (or errors, or matches) a line comes from; 95 %: its interval. PR and level as bdb stats, ' +
        'leans as bdb biases, families as bdb plan (R: MWC lost beyond the difficulty, in percentage points). ' +
        'Terms in docs/glossary.md.',
      w,
    ),
  ];
  write(`${lines.join('\n')}\n`);
};
