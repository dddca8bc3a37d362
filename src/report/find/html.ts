/**
 * `bdb find --html FILE`: the decisions found as one standalone HTML page, as the review page shows its
 * decisions (src/report/html.ts): per decision its line, XGID and Position ID in <code>, and its SVG board
 * with the play made and the best play. No script, nothing fetched; every text from a match file escaped.
 */
import { BOARD_STYLE, boardFigure } from '../board-svg.js';
import { escapeXml } from '../charts.js';
import { htmlPage, PAGE_STYLE } from '../page-style.js';
import type { Reporter } from '../reporter.js';
import { findHeading, foundBoard, noMatchLine, rowParts } from './parts.js';
import type { FindResult, FindView, FoundRow } from './types.js';

const STYLE = `${PAGE_STYLE}
code { font-family: ui-monospace, Menlo, Consolas, monospace; background: #f4f4f4; padding: 1px 4px;
  overflow-wrap: anywhere; }
.decision { margin: 12px 0 24px; border-top: 1px solid #ddd; padding-top: 8px; }
.decision p { margin: 2px 0; }
${BOARD_STYLE}`;

/** One decision: its line, its positions, its board. */
function decisionBlock(d: FoundRow, n: number): string {
  const [date, where, player, at, ...rest] = rowParts(d, '→');
  const v = foundBoard(d);
  const board = v ? boardFigure(v) : '<p class="note">No board: the position is unknown.</p>';
  return `<div class="decision">
<p><strong>${n}. ${escapeXml(`${player} · ${at}`)}</strong> · ${escapeXml(`${date} · ${where}`)}</p>
<p>${escapeXml(rest.join(' · '))}</p>
<p>XG: <code>${escapeXml(d.xgid ?? 'n/a (position unknown)')}</code></p>
<p>gnuBG Position ID: <code>${escapeXml(d.positionId ?? 'n/a')}</code></p>
${board}
</div>`;
}

/** Where the decisions' blocks go in the page made around them (a character no argument or text holds). */
const BLOCKS = '\u0000';

/** The page, written decision by decision as the list reaches each one. */
export const findHtml: Reporter<FindResult, FindView> = (r, _view, write) => {
  const title = r.name === null ? 'bdb find' : `bdb find: ${r.name}`;
  const body =
    r.total === 0
      ? `<p>${escapeXml(noMatchLine(r))}</p>`
      : `<p class="sub">${escapeXml(findHeading(r))}</p>\n${BLOCKS}`;
  const page = htmlPage(title, STYLE, `<h1>${escapeXml(title)}</h1>\n${body}`);
  // the last one: the page's fixed end follows it
  const at = r.total === 0 ? -1 : page.lastIndexOf(BLOCKS);
  if (at < 0) {
    write(page);
    return;
  }
  write(page.slice(0, at));
  let i = 0;
  for (const d of r.decisions) write(`${i > 0 ? '\n' : ''}${decisionBlock(d, ++i)}`);
  write(page.slice(at + BLOCKS.length));
};
