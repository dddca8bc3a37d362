/**
 * `bdb drill` in words: each question (where the decision was met, the score, the cube, the roll, its text
 * board without the plays), the verdict on an answer, the session's summary line, and `--stats` (a table,
 * or JSON).
 */
import { escapeControls } from '../../core/text-controls.js';
import type { CheckedAnswer } from '../../history/drill-answer.js';
import { renderTextBoard, type TextBoardOptions } from '../board-text.js';
import { boardView } from '../board-view.js';
import { fitTables } from '../cli-table.js';
import { cubeWords, scoreWords } from '../find/parts.js';
import type { FoundRow } from '../find/types.js';
import { fixed, percent, signed } from '../format.js';
import { jsonHead, renderJson } from '../json.js';
import type { Reporter } from '../reporter.js';

/** The lines asking about card `n` of `of`: where it was met, the score, cube and roll, and its board. */
export function questionLines(d: FoundRow, n: number, of: number, boards: TextBoardOptions): string[] {
  const where = d.event !== null && d.event.trim() !== '' ? d.event.trim() : d.file.split(/[\\/]/).pop();
  const facts = [
    `${n} of ${of}`,
    d.date ?? 'undated',
    where ?? '',
    `${d.player} against ${d.opponent}`,
    `game ${d.game} move ${d.move}`,
    scoreWords(d),
    cubeWords(d),
    ...(d.dice === null ? [] : [`to play ${d.dice}`]),
  ].map((s) => escapeControls(s));
  const answer = d.kind === 'take';
  // the board without the plays: the question must not show its answer
  const v = boardView({
    xgid: d.xgid,
    names: answer ? [d.opponent, d.player] : [d.player, d.opponent],
    answer,
  });
  return [facts.join(' · '), ...(v === null ? [] : renderTextBoard(v, boards)), `${d.xgid}`];
}

/** The verdict on an answer: right or wrong, the best, and what the answer cost. */
export function verdictLine(c: CheckedAnswer): string {
  if (c.right) return `right: ${c.answer}${c.answer === c.best ? '' : ` (best: ${c.best})`}`;
  const cost =
    c.equityLost === null ? 'not among the analysed plays' : `${signed(-c.equityLost, 3)} against the best`;
  return `wrong: best ${c.best}; yours ${c.answer}, ${cost}`;
}

/** The session's last line: '3 answered, 2 right; next due 2024-05-02 10:31 UTC'. */
export function summaryLine(answered: number, right: number, nextDue: string | null): string {
  const due = nextDue === null ? 'nothing due' : `next due ${nextDue.slice(0, 16).replace('T', ' ')} UTC`;
  return `${answered} answered, ${right} right; ${due}`;
}

/** One period of `bdb drill --stats`. */
export interface DrillStatsRow {
  /** `YYYY-MM`, `YYYY-Qn` or `YYYY`. */
  readonly period: string;
  readonly answered: number;
  readonly right: number;
  /** Answers whose equity lost is known. */
  readonly known: number;
  /** 500 × Σ equity lost / known (null when none is known). */
  readonly drillPr: number | null;
  /** The player's PR in their matches of the same period (bdb progress), null when none. */
  readonly gamePr: number | null;
}

/** `bdb drill --stats`'s result. */
export interface DrillStats {
  /** The person whose game PR is shown, or null (no match). */
  readonly player: string | null;
  /** The periods: month, quarter or year (`--by`). */
  readonly by: 'month' | 'quarter' | 'year';
  readonly periods: readonly DrillStatsRow[];
}

/** The table of `--stats`. */
export const drillStatsText: Reporter<DrillStats, { width: number; ascii: boolean }> = (r, view, write) => {
  if (r.periods.length === 0) {
    write('no drill answer yet (bdb drill asks your mistakes)\n');
    return;
  }
  const rows = r.periods.map((p) => [
    p.period,
    String(p.answered),
    percent((100 * p.right) / p.answered, 0),
    fixed(p.drillPr, 2),
    fixed(p.gamePr, 2),
  ]);
  const gameHead = r.player === null ? 'game PR' : `game PR (${escapeControls(r.player)})`;
  const head = [r.by, 'answered', 'right', 'drill PR', gameHead];
  write(`${fitTables([{ head, rows }], view.width, { ascii: view.ascii }).join('\n')}\n`);
};

/** `--stats --json`. */
export const drillStatsJson: Reporter<DrillStats, { width: number; ascii: boolean }> = (r, _view, write) =>
  write(renderJson({ ...jsonHead('drill-stats'), player: r.player, by: r.by, periods: r.periods }));
