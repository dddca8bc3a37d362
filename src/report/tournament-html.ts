/**
 * A tournament as standalone HTML pages (`bdb tournament bracket EVENT --html OUT`, `bdb tournament
 * standings … --html OUT`): no script, nothing fetched, every name escaped.
 *
 * - The bracket: each bracket (main draw, consolation, losers' bracket, grand final) as columns of rounds,
 *   left to right, each match a box of its two sides (seed, name; the winner in bold and marked ✓, a bye,
 *   "to be decided" for a side an earlier match decides) and its result (the score, a forfeit, "to
 *   play"). A column's matches are spread over the column's height, so that a round's match sits between
 *   the two it takes its players from. The columns share the page's width down to a readable minimum; a
 *   bracket wider than a phone scrolls sideways inside its own box, never the page.
 * - The standings: the table of the text output (rank, player, McMahon's start, points, the event's
 *   tiebreaks in its order), then the missing results, the format's state and the rules in force.
 *
 * Printed (A4 portrait), the columns shrink to the printable width (names wrap), and a match box is not
 * cut across two pages.
 */
import { escapeXml } from './charts.js';
import { htmlPage, PAGE_STYLE } from './page-style.js';
import { type StandingsView, standingsParts } from './tournament.js';
import { type BracketMatchView, type BracketView, bracketTitle } from './tournament-bracket.js';

const STYLE = `${PAGE_STYLE}
.bracket { overflow-x: auto; max-width: 100%; margin: 8px 0 16px; }
.rounds { display: flex; gap: 14px; align-items: stretch; }
.round { flex: 1 0 9.5rem; max-width: 15rem; display: flex; flex-direction: column; }
.round h3 { font-size: 0.85em; font-weight: normal; color: #555; margin: 0 0 6px; }
.matches { flex: 1; display: flex; flex-direction: column; justify-content: space-around; gap: 8px; }
.match { border: 1px solid #bbb; border-radius: 4px; background: #fff; break-inside: avoid; position: relative; }
.round + .round .match::before { content: ""; position: absolute; left: -15px; top: 50%; width: 14px;
  border-top: 1px solid #bbb; }
.side { display: flex; gap: 6px; padding: 2px 6px; overflow-wrap: anywhere; }
.side + .side { border-top: 1px solid #e2e2e2; }
.seed { color: #777; min-width: 1.4em; text-align: right; font-variant-numeric: tabular-nums; flex: none; }
.name { flex: 1; min-width: 0; }
.won .name { font-weight: bold; }
.won .name::after { content: " ✓"; color: #2a7a2a; }
.open .name { color: #888; font-style: italic; }
.result { font-size: 0.8em; color: #555; padding: 1px 6px; border-top: 1px solid #e2e2e2; background: #f7f7f7; }
.winner { margin: 0 0 4px; }
.table-wrap { overflow-x: auto; max-width: 100%; }
table { border-collapse: collapse; margin: 8px 0; }
th, td { border: 1px solid #ccc; padding: 3px 8px; text-align: left; vertical-align: top; }
th { background: #f4f4f4; font-weight: normal; }
th.num, td.num { text-align: right; }
td.num { font-variant-numeric: tabular-nums; white-space: nowrap; }
td.name { overflow-wrap: break-word; }
@media (max-width: 640px) {
  body { margin: 12px auto; padding: 0 12px; }
  table { font-size: 0.85em; }
  th, td { padding: 2px 4px; }
  .rounds { gap: 10px; }
  .round { flex-basis: 8.5rem; }
  .round + .round .match::before { left: -11px; width: 10px; }
}
@page { size: A4 portrait; margin: 12mm; }
@media print {
  body { max-width: none; margin: 0; padding: 0; font-size: 10pt; }
  h2 { break-after: avoid; margin-top: 1.2em; }
  .bracket, .table-wrap { overflow: visible; }
  .rounds { gap: 8px; }
  .round { flex: 1 1 0; min-width: 0; max-width: none; }
  .round + .round .match::before { left: -9px; width: 8px; }
  .side { padding: 1px 4px; gap: 3px; }
  tr { break-inside: avoid; }
}
`;

/** One side of a match: the seed and the name, a bye, or a side still to be decided. */
function sideHtml(
  p: string | null | undefined,
  m: BracketMatchView,
  seeds: Readonly<Record<string, number>>,
): string {
  if (p === undefined)
    return '<div class="side open"><span class="seed"></span><span class="name">to be decided</span></div>';
  if (p === null)
    return '<div class="side open"><span class="seed"></span><span class="name">bye</span></div>';
  const seed = Object.hasOwn(seeds, p) ? String(seeds[p]) : '';
  const won = (m.status === 'played' || m.status === 'bye') && m.winner === p;
  return `<div class="side${won ? ' won' : ''}"><span class="seed">${seed}</span><span class="name">${escapeXml(p)}</span></div>`;
}

/** What a match's box says under its sides: the score or forfeit, the bye, or that it is to play. */
function resultText(m: BracketMatchView): string {
  if (m.status === 'bye') return 'bye (a win)';
  if (m.status === 'ready') return 'to play';
  if (m.status === 'waiting') return 'waiting';
  const r = m.result;
  const parts = [r?.score ?? null, r?.forfeit ? 'forfeit' : null].filter((x) => x !== null);
  return parts.length > 0 ? `won ${parts.join(', ')}` : 'won';
}

function matchHtml(m: BracketMatchView, seeds: Readonly<Record<string, number>>): string {
  // a bye: the player first, then the empty side
  const [a, b] = m.a === null ? [m.b, m.a] : [m.a, m.b];
  return `<div class="match">${sideHtml(a, m, seeds)}${sideHtml(b, m, seeds)}<div class="result">${escapeXml(resultText(m))}</div></div>`;
}

/** The page of a knock-out's brackets. */
export function renderBracketHtml(v: BracketView): string {
  const title = `${v.name ?? 'Tournament'} — brackets`;
  const sections = v.brackets
    .filter((b) => b.rounds.length > 0)
    .map((b) => {
      const columns = b.rounds
        .map(
          (r) => `<div class="round">
<h3>Round ${r.bracketRound} · event round ${r.round}</h3>
<div class="matches">
${r.matches.map((m) => matchHtml(m, v.seeds)).join('\n')}
</div>
</div>`,
        )
        .join('\n');
      const winner =
        b.winner === undefined || b.winner === null
          ? ''
          : `<p class="winner">Winner: <strong>${escapeXml(b.winner)}</strong></p>\n`;
      return `<h2>${escapeXml(bracketTitle(b.name))}</h2>
${winner}<div class="bracket">
<div class="rounds">
${columns}
</div>
</div>`;
    });
  return htmlPage(
    title,
    STYLE,
    `<h1>${escapeXml(title)}</h1>
<p class="sub">${escapeXml(v.format)}</p>
${sections.join('\n')}
<p class="note">The seed is left of each name; ✓ marks the winner of a match played or a bye.</p>`,
  );
}

/** The page of the standings. */
export function renderStandingsHtml(s: StandingsView): string {
  const p = standingsParts(s);
  const th = p.head
    .map((h, i) => `<th scope="col"${i === 1 ? '' : ' class="num"'}>${escapeXml(h)}</th>`)
    .join('');
  // the player's column (1) wraps; the numbers keep together, right-aligned
  const tr = p.rows
    .map(
      (row) =>
        `<tr>${row.map((c, i) => `<td class="${i === 1 ? 'name' : 'num'}">${escapeXml(c)}</td>`).join('')}</tr>`,
    )
    .join('\n');
  const lines = p.notes.map((l) => `<p>${escapeXml(l)}</p>`).join('\n');
  return htmlPage(
    p.title,
    STYLE,
    `<h1>${escapeXml(p.title)}</h1>
<div class="table-wrap">
<table>
<thead><tr>${th}</tr></thead>
<tbody>
${tr}
</tbody>
</table>
</div>
${lines}
<p class="note">${escapeXml(p.rules)}</p>`,
  );
}
