/** `bdb find` as text: a heading, then one line per decision, each with its text board (`--boards`). */
import { escapeControls } from '../../core/text-controls.js';
import { wrapSummary } from '../../core/text-width.js';
import { renderTextBoard } from '../board-text.js';
import type { Reporter } from '../reporter.js';
import { findHeading, foundBoard, noMatchLine, rowParts } from './parts.js';
import type { FindResult, FindView } from './types.js';

/** The lines of the list. */
export function renderFind(r: FindResult, view: FindView): string[] {
  // names, events and plays come from match files: their control characters shown as escapes
  const clean = (s: string): string => escapeControls(s);
  if (r.total === 0) return [clean(noMatchLine(r))];
  const lines = wrapSummary(clean(findHeading(r)), view.width, { hang: '  ' });
  const arrow = view.ascii ? '->' : '→';
  r.decisions.forEach((d, i) => {
    const line = `${i + 1}. ${rowParts(d, arrow).map(clean).join(' · ')}`;
    lines.push(...wrapSummary(line, view.width, { hang: '   ' }));
    if (view.boards === null) return;
    const v = foundBoard(d);
    if (v) lines.push(...renderTextBoard(v, { ...view.boards, indent: '   ' }), `   ${d.xgid}`);
    else lines.push('   (no board: the position is unknown)');
  });
  return lines;
}

export const findText: Reporter<FindResult, FindView> = (r, view, write) =>
  write(`${renderFind(r, view).join('\n')}\n`);
