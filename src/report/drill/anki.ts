/**
 * `bdb drill --anki FILE.csv`: the drill's cards as a deck Anki imports as it is (File › Import, Anki 2.1.55
 * or later): a CSV file whose first lines are Anki's own headers (`#separator:Comma`, `#html:true`, the
 * column names), then one note per row, two fields, each a quoted RFC 4180 field holding HTML:
 *
 * - front: the SVG board (./board-svg.ts, without the plays) and the question (score, cube, roll);
 * - back: the best play or cube action with its equity, and what was played with the equity it lost.
 *
 * A tag field names the card's kind, so a deck can be filtered in Anki.
 */
import { boardSvg } from '../board-svg.js';
import { boardView } from '../board-view.js';
import { cubeWords, scoreWords } from '../find/parts.js';
import type { FoundRow } from '../find/types.js';
import { signed } from '../format.js';

/** HTML text: & < > " escaped. */
function html(s: string): string {
  return s.replaceAll('&', '&amp;').replaceAll('<', '&lt;').replaceAll('>', '&gt;').replaceAll('"', '&quot;');
}

/** A quoted CSV field (RFC 4180: quotes doubled; Anki reads line breaks inside quotes too). */
function field(s: string): string {
  return `"${s.replaceAll('"', '""')}"`;
}

/** The question under the board. */
function question(d: FoundRow): string {
  const ask =
    d.kind === 'checker'
      ? `${d.player} to play ${d.dice ?? ''}: the best play?`
      : d.kind === 'take'
        ? `${d.player}, doubled: take or pass?`
        : `${d.player} on roll: double or no double?`;
  return `${scoreWords(d)} · ${cubeWords(d)} · ${ask}`;
}

/** The front: the board (the plays not drawn) and the question. */
function front(d: FoundRow): string {
  const answer = d.kind === 'take';
  const v = boardView({
    xgid: d.xgid,
    names: answer ? [d.opponent, d.player] : [d.player, d.opponent],
    answer,
  });
  // the board on one line: Anki keeps it as is, and a spreadsheet shows one row per note
  const board = v === null ? '' : `<div>${boardSvg(v).replaceAll('\n', ' ')}</div>`;
  return `${board}<p>${html(question(d))}</p>`;
}

/** The back: the best, then what was played and its cost. */
function back(d: FoundRow): string {
  const eq = (x: number | null): string => (x === null ? '' : ` (${signed(x, 3)})`);
  const lost = d.error === null ? '' : `, ${signed(-d.error, 3)}`;
  return (
    `<p>Best: <b>${html(d.best ?? 'n/a')}</b>${eq(d.bestEquity)}</p>` +
    `<p>Played: ${html(d.played ?? 'n/a')}${eq(d.playedEquity)}${lost}</p>` +
    `<p><small>${html(d.xgid ?? '')}</small></p>`
  );
}

/** The deck: Anki's headers, then a note per decision. */
export function ankiDeck(decisions: readonly FoundRow[]): string {
  const lines = ['#separator:Comma', '#html:true', '#columns:Front,Back,Tags', '#tags column:3'];
  for (const d of decisions) lines.push([field(front(d)), field(back(d)), field(`bdb ${d.kind}`)].join(','));
  return `${lines.join('\n')}\n`;
}
