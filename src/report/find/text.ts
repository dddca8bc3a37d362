/** `bdb find` as text: a heading, then one line per decision, each with its text board (`--boards`). */
import { escapeControls } from '../../core/text-controls.js';
import { wrapSummary } from '../../core/text-width.js';
import { renderTextBoard } from '../board-text.js';
import type { Reporter } from '../reporter.js';
import { findHeading, foundBoard, noMatchLine, rowParts } from './parts.js';
import type { FindResult, FindView } from './types.js';

/** The lines of the list, the heading's first, then each decision's as the list reaches it. */
function* findLines(r: FindResult, view: FindView): Generator<string[]> {
  // names, events and plays come from match files: their control characters shown as escapes
  const clean = (s: string): string => escapeControls(s);
  if (r.total === 0) {
    yield [clean(noMatchLine(r))];
    return;
  }
  yield wrapSummary(clean(findHeading(r)), view.width, { hang: '  ' });
  const arrow = view.ascii ? '->' : '→';
  let i = 0;
  for (const d of r.decisions) {
    const line = `${++i}. ${rowParts(d, arrow).map(clean).join(' · ')}`;
    const lines = wrapSummary(line, view.width, { hang: '   ' });
    if (view.boards !== null) {
      const v = foundBoard(d);
      if (v) lines.push(...renderTextBoard(v, { ...view.boards, indent: '   ' }), `   ${d.xgid}`);
      else lines.push('   (no board: the position is unknown)');
    }
    yield lines;
  }
}

/** Text gathered before it is written. */
const TEXT_CHUNK = 1 << 16;

/** The list, written in pieces of about 64 KB as it is made (one line break after each line). */
export const findText: Reporter<FindResult, FindView> = (r, view, write) => {
  let buf = '';
  for (const lines of findLines(r, view)) {
    buf += `${lines.join('\n')}\n`;
    if (buf.length >= TEXT_CHUNK) {
      write(buf);
      buf = '';
    }
  }
  if (buf.length > 0) write(buf);
};
