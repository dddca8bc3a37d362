/**
 * A tournament as standalone HTML pages (`bdb tournament bracket EVENT --html OUT`, `bdb tournament
 * standings … --html OUT`): no script, nothing fetched, every name escaped.
 *
 * - The bracket: each bracket (main draw, consolation, losers' bracket, grand final) as columns of rounds,
 *   left to right, each match a box of its two sides (seed, name; the winner in bold and marked ✓, a bye,
 *   "to be decided" for a side an earlier match decides) and its result (the score, a forfeit, "to
 *   play"). As on a printed draw sheet, a round's match sits midway between the two of its bracket it
 *   takes its players from, joined to them by connector lines (a line out of each, a vertical bar
 *   between them, a line into the match); a feed-in round's match (one player from the bracket's previous
 *   round, one dropped from another bracket) has a straight line from its one feeder, no false join. All
 *   in CSS: each bracket is a grid whose rows the layout computes. The columns share the page's width
 *   down to a readable minimum; a bracket wider than a phone scrolls sideways inside its own box, never
 *   the page.
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
/* a round's column, then the gap its connector lines cross; rows of one height, so a match's centre is
   the line between its two rows */
.rounds { display: grid; grid-auto-columns: minmax(9.5rem, 15rem) 14px;
  grid-template-rows: auto; grid-auto-rows: 1fr; gap: 0; }
.rounds h3 { font-size: 0.85em; font-weight: normal; color: #555; margin: 0 0 6px; align-self: end; }
.match { border: 1px solid #bbb; border-radius: 4px; background: #fff; break-inside: avoid; align-self: center;
  margin: 4px 0; }
.join, .into, .pass { position: relative; }
.join::before, .into::before, .pass::before { content: ""; position: absolute; border: 0 solid #bbb; }
.join::before { left: 0; right: 50%; top: 0; bottom: -1px; border-width: 1px 1px 1px 0; }
.into::before { left: 50%; right: 0; top: 50%; border-top-width: 1px; }
.into.stub::before, .pass::before { left: 0; }
.pass::before { right: 0; top: 50%; border-top-width: 1px; }
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
  .rounds { grid-auto-columns: minmax(8.5rem, 15rem) 10px; }
}
@page { size: A4 portrait; margin: 12mm; }
@media print {
  body { max-width: none; margin: 0; padding: 0; font-size: 10pt; }
  h2 { break-after: avoid; margin-top: 1.2em; }
  .bracket, .table-wrap { overflow: visible; }
  .rounds { grid-auto-columns: minmax(0, 1fr) 8px; }
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

/** Where a match is drawn: its round's column (0 first) and its first row, in half-slots (0 first). */
interface Spot {
  readonly column: number;
  readonly row: number;
}

type Rounds = BracketView['brackets'][number]['rounds'];

/**
 * Each match's place in its bracket's grid, as on a printed draw sheet. A match taking no player from a
 * match of its bracket (a first round's) gets the next free slot in the order the bracket is read back
 * from its last match (the a-side's feeder first: a first round keeps its order); any other match the
 * row midway between its two feeders', or its one feeder's row (a feed-in round, its other player
 * dropped from another bracket). A match is one slot (two rows) high; two matches of a column never
 * overlap, as each lies within the slots of its own feeders.
 */
function layout(rounds: Rounds): {
  spots: Map<BracketMatchView, Spot>;
  feeders: (m: BracketMatchView) => BracketMatchView[];
} {
  const columns = new Map<BracketMatchView, number>();
  rounds.forEach((r, c) => {
    for (const m of r.matches) columns.set(m, c);
  });
  const byRound = new Map(rounds.map((r) => [r.bracketRound, r.matches]));
  const feeders = (m: BracketMatchView): BracketMatchView[] =>
    (m.feeders ?? [])
      .map((f) => byRound.get(f.bracketRound)?.[f.index])
      .filter((f): f is BracketMatchView => f !== undefined && columns.get(f)! < columns.get(m)!);
  const fed = new Set(rounds.flatMap((r) => r.matches.flatMap(feeders)));
  const spots = new Map<BracketMatchView, Spot>();
  let slots = 0;
  const place = (m: BracketMatchView): number => {
    const done = spots.get(m);
    if (done !== undefined) return done.row;
    const rows = feeders(m).map(place);
    const row = rows.length === 0 ? 2 * slots++ : Math.floor((rows[0]! + rows.at(-1)!) / 2);
    spots.set(m, { column: columns.get(m)!, row });
    return row;
  };
  for (let c = rounds.length - 1; c >= 0; c--) for (const m of rounds[c]!.matches) if (!fed.has(m)) place(m);
  return { spots, feeders };
}

/** A grid item's place: its first row and how many, its column(s) (CSS grid lines, 1 first). */
function area(row: number, rows: number, column: number, columnEnd = column + 1): string {
  return ` style="grid-area: ${row} / ${column} / ${row + rows} / ${columnEnd}"`;
}

/**
 * A bracket as one grid: a round's column (2c + 1) between narrow columns for the connector lines (2c);
 * row 1 the rounds' headings, then a row per half-slot of {@link layout}. A match is centred in its
 * two rows: its centre is the line between them, where the lines from and to it are drawn. Into each
 * match, from the gap column before it: a fork (`.join`: a line out of each of its two feeders, the
 * vertical bar from one's centre to the other's) and the line to the match (`.into`), or for a match
 * with one feeder a straight line (`.into.stub`); a feeder further left than the previous round has its
 * line carried across the columns between (`.pass`).
 */
function bracketGrid(rounds: Rounds, seeds: Readonly<Record<string, number>>): string {
  const { spots, feeders } = layout(rounds);
  // a match's first grid row; its centre is 1 more
  const top = (m: BracketMatchView): number => spots.get(m)!.row + 2;
  const line = (cls: string, style: string): string =>
    `<div class="${cls}" aria-hidden="true"${style}></div>`;
  const items: string[] = [];
  rounds.forEach((r, c) => {
    const col = 2 * c + 1;
    items.push(
      `<h3${area(1, 1, col)}>Round ${r.bracketRound} · event round ${r.round}</h3>`,
      ...r.matches.map((m) => matchHtml(m, seeds, area(top(m), 2, col))),
    );
    for (const m of r.matches) {
      const from = feeders(m);
      for (const f of from) {
        const fc = 2 * spots.get(f)!.column + 1;
        if (fc + 2 < col) items.push(line('pass', area(top(f), 2, fc + 1, col - 1)));
      }
      if (from.length === 2) {
        const [a, b] = from.map(top).sort((x, y) => x - y) as [number, number];
        items.push(line('join', area(a + 1, b - a, col - 1)));
      }
      if (from.length > 0)
        items.push(line(from.length === 2 ? 'into' : 'into stub', area(top(m), 2, col - 1)));
    }
  });
  return `<div class="rounds">\n${items.join('\n')}\n</div>`;
}

function matchHtml(m: BracketMatchView, seeds: Readonly<Record<string, number>>, style: string): string {
  // a bye: the player first, then the empty side
  const [a, b] = m.a === null ? [m.b, m.a] : [m.a, m.b];
  return `<div class="match"${style}>${sideHtml(a, m, seeds)}${sideHtml(b, m, seeds)}<div class="result">${escapeXml(resultText(m))}</div></div>`;
}

/** The page of a knock-out's brackets. */
export function renderBracketHtml(v: BracketView): string {
  const title = `${v.name ?? 'Tournament'} — brackets`;
  const sections = v.brackets
    .filter((b) => b.rounds.length > 0)
    .map((b) => {
      const winner =
        b.winner === undefined || b.winner === null
          ? ''
          : `<p class="winner">Winner: <strong>${escapeXml(b.winner)}</strong></p>\n`;
      return `<h2>${escapeXml(bracketTitle(b.name))}</h2>
${winner}<div class="bracket">
${bracketGrid(b.rounds, v.seeds)}
</div>`;
    });
  return htmlPage(
    title,
    STYLE,
    `<h1>${escapeXml(title)}</h1>
<p class="sub">${escapeXml(v.format)}</p>
${sections.join('\n')}
<p class="note">The seed is left of each name; ✓ marks the winner of a match played or a bye. The lines join each match to those it takes its players from in its bracket; a player dropped from another bracket has none.</p>`,
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
