/**
 * The player report (`bdb report … --html OUT`): one standalone HTML5 page with a section per person
 * (several persons: one page, a list of them at the top). Each section: PR, L₇ and the engine Elo with their
 * 95 % intervals and the level; the checker/cube split; PR by game plan and by phase; the biases as a chart
 * (B and its interval per row) and a table; the study plan with its reference positions drawn as boards; the
 * worst decisions drawn as boards; and progress over time (the `bdb progress` sections), from the library or
 * from the files' dates alike. The title names the persons, the event (when every match has the same) and
 * the days of the matches, not the paths read.
 *
 * Figures come as collected (./player-report-data.ts); this file only rounds and lays them out. The figures
 * that `bdb stats` also gives carry their unrounded value in `data-figure` / `data-value` attributes, so a
 * test can hold the page to the command's JSON. No network, no script: inline CSS and SVG only; every text
 * from the files (names, file names, plays) is escaped.
 */

import type { PrGroup } from '../history/pr-groups.js';
import { auditOf } from '../metrics/analysis-mix.js';
import { BIAS_MIN_DECISIONS } from '../metrics/bias-estimator.js';
import { auditParagraph } from './analysis-mix.js';
import { biasLegend, svgBiasChart } from './bias-chart.js';
import { BIAS_TABLE_HEAD, biasRow, biasRows, type PlayerBiases } from './biases.js';
import { BOARD_STYLE, boardFigure } from './board-svg.js';
import { escapeXml } from './charts.js';
import { familyTextWords, familyWords, phaseWords, planWords } from './family-words.js';
import { fixed, matchesAnalysedText, percent } from './format.js';
import { htmlPageEnds, PAGE_STYLE } from './page-style.js';
import {
  familyCells,
  familyTableHead,
  groupText,
  MWC_UNIT,
  moneyPlanHeading,
  type PlanUnit,
  type PlayerPlan,
  POINTS_UNIT,
  planRefBoard,
} from './plan.js';
import type { PersonHead, PersonReport, PersonReports, WorstDecision } from './player-report-data.js';
import { PROGRESS_STYLE, progressSections, progressSummary } from './progress-html.js';
import { decisionParts, reviewBoard } from './review.js';

/** The page: where the matches came from, the settings, and the persons. */
export interface PlayerReportPage {
  /** What was read, e.g. 'test.xg' or 'the library ~/.local/share/bdb'. */
  readonly source: string;
  /** Matches read. */
  readonly matches: number;
  /** True when read from the library. */
  readonly library: boolean;
  /** The one event of the matches read, or null (none or several). */
  readonly event: string | null;
  /** Files that could not be read. */
  readonly failed: number;
  readonly settings: {
    readonly preset: string;
    readonly errorMpt: number;
    readonly blunderMpt: number;
    readonly met: string;
    readonly interval: string;
  };
  /** The persons in the page's order, each one's figures made when its section is written. */
  readonly persons: PersonReports;
}

const STYLE = `${PAGE_STYLE}${PROGRESS_STYLE}${BOARD_STYLE}
h3 { font-size: 1.05em; margin: 1.4em 0 0.4em; }
h4 { font-size: 1em; margin: 1em 0 0.3em; }
nav.persons ol { padding-left: 1.4em; columns: 2 14em; }
.cards { display: flex; flex-wrap: wrap; gap: 10px; margin: 8px 0; }
.card { border: 1px solid #ccc; border-radius: 6px; padding: 8px 12px; flex: 1 1 160px; min-width: 0; }
.card .label { color: #555; font-size: 0.9em; }
.card .big { font-size: 1.6em; font-weight: bold; }
.card .small { font-size: 0.9em; color: #333; }
svg.bias-chart { display: block; width: 100%; max-width: 560px; height: auto; }
.legend .dot { display: inline-block; width: 12px; height: 12px; border-radius: 50%; border: 2px solid;
  margin-right: 6px; vertical-align: middle; }
.boards { display: grid; grid-template-columns: repeat(auto-fill, minmax(min(100%, 420px), 1fr)); gap: 4px 32px; }
section.person th, section.person table:not(.progress) td:first-child { white-space: normal; }
@media (max-width: 640px) {
  th, td { padding: 3px 5px; }
}
.boards > div { min-width: 0; }
.boards p { margin: 2px 0; }
code { font-family: ui-monospace, Menlo, Consolas, monospace; background: #f4f4f4; padding: 1px 4px;
  overflow-wrap: anywhere; }
code.token { font-size: 0.8em; color: #555; font-weight: normal; }
`;

/** A figure in the page with its unrounded value (for tests: `data-figure`, `data-value`). */
function fig(key: string, value: number | string | null, text: string): string {
  return `<span class="fig" data-figure="${key}" data-value="${value === null ? 'null' : escapeXml(String(value))}">${escapeXml(text)}</span>`;
}

/** A family's cell: its plain words, and under them the `plan/nature/theme` that `bdb plan` prints. */
function familyCell(words: string, token: string): string {
  return `${escapeXml(words)}<br><code class="token">${escapeXml(token)}</code>`;
}

/** A table with a header row and string cells, in a horizontally scrolling wrapper. */
function table(head: readonly string[], rows: readonly (readonly string[])[], cls = ''): string {
  const th = head.map((h) => `<th scope="col">${escapeXml(h)}</th>`).join('');
  const body = rows.map((r) => `<tr>${r.map((c) => `<td>${c}</td>`).join('')}</tr>`).join('\n');
  return `<div class="table-wrap"><table${cls ? ` class="${cls}"` : ''}>
<thead><tr>${th}</tr></thead>
<tbody>
${body}
</tbody>
</table></div>`;
}

function cards(p: PersonReport): string {
  const s = p.stats;
  const floored = s.eloFloored ? '≤ ' : '';
  const card = (label: string, big: string, small: string): string =>
    `<div class="card"><div class="label">${escapeXml(label)}</div><div class="big">${big}</div><div class="small">${small}</div></div>`;
  return `<div class="cards">
${card(
  'PR (lower is better)',
  fig('pr', s.pr, fixed(s.pr, 2)),
  `95 %: ${fig('prLow', s.prInterval.low, fixed(s.prInterval.low, 2))} to ${fig('prHigh', s.prInterval.high, fixed(s.prInterval.high, 2))}<br>Level: ${fig('level', s.level, s.level ?? 'n/a')}`,
)}
${card(
  'L₇ (MWC lost per 7-point match)',
  fig('l7Pct', s.l7Pct, percent(s.l7Pct, 1)),
  `95 %: ${fig('l7Low', s.l7Interval.low, fixed(s.l7Interval.low, 1))} to ${fig('l7High', s.l7Interval.high, percent(s.l7Interval.high, 1))}`,
)}
${card(
  'Elo vs the engine',
  fig('elo', s.elo, s.elo === null ? 'n/a' : `${floored}${fixed(s.elo, 0)}`),
  `95 %: ${p.eloInterval.lowFloored ? '≤ ' : ''}${fig('eloLow', p.eloInterval.low, fixed(p.eloInterval.low, 0))} to ${fig('eloHigh', p.eloInterval.high, fixed(p.eloInterval.high, 0))}`,
)}
${card(
  'Decisions counted',
  fig('decisions', s.decisions.total, fixed(s.decisions.total, 0)),
  `in ${fig('matches', s.matches, matchesAnalysedText(s.matches, s.analysedMatches))}; ${
    s.difficulty.errors === null
      ? 'errors n/a (no analysis)'
      : `${s.difficulty.errors} errors, ${fixed(s.difficulty.avoidableErrors, 0)} avoidable`
  }`,
)}
</div>`;
}

/** The sum of two figures of which either may be missing (a category without decisions); null when both are. */
function sum(a: number | null, b: number | null): number | null {
  return a === null ? b : b === null ? a : a + b;
}

function split(p: PersonReport): string {
  const s = p.stats;
  // counts are null without any analysis (then all of them)
  const cubeN =
    s.decisions.double === null || s.decisions.take === null ? null : s.decisions.double + s.decisions.take;
  const cubeE = sum(s.equityError.double, s.equityError.take);
  const mwc = s.mwcLossPct;
  const cubeMwc = sum(mwc.double, mwc.take);
  const rows = [
    [
      'Checker plays',
      fig('decisionsChecker', s.decisions.checker, fixed(s.decisions.checker, 0)),
      fig('prChecker', s.prChecker, fixed(s.prChecker, 2)),
      fig('equityChecker', s.equityError.checker, fixed(s.equityError.checker, 3)),
      fig('mwcChecker', mwc.checker, percent(mwc.checker, 2)),
    ],
    [
      `Cube (${fixed(s.decisions.double, 0)} doubling, ${fixed(s.decisions.take, 0)} take/pass)`,
      fig('decisionsCube', cubeN, fixed(cubeN, 0)),
      fig('prCube', s.prCube, fixed(s.prCube, 2)),
      fig('equityCube', cubeE, fixed(cubeE, 3)),
      fig('mwcCube', cubeMwc, percent(cubeMwc, 2)),
    ],
    [
      'All',
      fixed(s.decisions.total, 0),
      fixed(s.pr, 2),
      fig('equityTotal', s.equityError.total, fixed(s.equityError.total, 3)),
      fig('mwcTotal', mwc.total, percent(mwc.total, 2)),
    ],
  ];
  return table(['', 'Decisions', 'PR', 'Equity lost (EMG)', 'MWC lost'], rows, 'split');
}

function groups(title: string, key: string, list: readonly PrGroup[]): string {
  if (list.length === 0) return `<h3>${escapeXml(title)}</h3>\n<p>No counted decision.</p>`;
  const rows = list.map((g) => [
    escapeXml(key === 'phase' ? phaseWords(g.group) : planWords(g.group)),
    `<span data-${key}="${escapeXml(g.group)}" data-decisions="${g.decisions}" data-error="${g.error}">${g.decisions}</span>`,
    fixed(g.pr, 2),
    fixed(g.error, 3),
  ]);
  return `<h3>${escapeXml(title)}</h3>\n${table([title.replace(/^PR by /, ''), 'Decisions', 'PR', 'Equity lost (EMG)'], rows, `groups ${key}`)}`;
}

function biases(b: PlayerBiases | null): string {
  if (b === null || b.analysed === 0) return '<h3>Biases</h3>\n<p>No analysed decision: no bias.</p>';
  const rows = biasRows(b);
  const cells = rows.map((r) =>
    biasRow(r.sub ? `  ${r.label}` : r.label, r.estimate).map((c) => escapeXml(c)),
  );
  // the chart: the four biases and the score cells with a verdict; every cell is in the table
  const charted = rows.filter((r) => !r.sub || r.estimate.verdict !== 'insufficient');
  const left = rows.length - charted.length;
  const more =
    left > 0
      ? `<p class="note">${left} score cell${left === 1 ? '' : 's'} of the doubles with fewer than ${BIAS_MIN_DECISIONS} decisions: in the table only.</p>`
      : '';
  return `<h3>Biases</h3>
<figure>
${svgBiasChart(charted)}
<figcaption>${biasLegend()}${more}</figcaption>
</figure>
<details><summary>Table of the biases</summary>
${table([...BIAS_TABLE_HEAD], cells, 'biases')}
</details>
<p class="note">${escapeXml(
    'P: the too bold decisions (a wrong take; a double too early or when too good; a play leaving more blots or ' +
      'shots than the best play); M: the too cautious ones (a wrong pass; a missed double; a play leaving fewer). ' +
      'B = (P − M) / N, from −1 (always too cautious) to +1 (always too bold). ' +
      `A verdict needs ${BIAS_MIN_DECISIONS} decisions or more. Costs in millipoints of equity.`,
  )}</p>`;
}

/** The families and reference positions of one kind of play (match play in MWC, money in points). */
function planPart(
  person: string,
  x: Pick<PlayerPlan, 'plan' | 'candidates' | 'reference'>,
  unit: PlanUnit,
): string[] {
  const fams = x.plan.families;
  const parts = [
    `<p>${x.plan.errors} error${x.plan.errors === 1 ? '' : 's'} (${x.plan.unthemed} without theme); ${fams.length} famil${fams.length === 1 ? 'y' : 'ies'} in the plan${fams.length > 1 ? ', surest gain first' : ''}, ${x.plan.tentative.length} tentative.</p>`,
  ];
  if (fams.length > 0) {
    parts.push(
      table(
        familyTableHead(unit),
        fams.map((f, i) =>
          familyCells(f, i + 1, unit).map((c, k) => (k === 1 ? familyCell(familyWords(f), c) : escapeXml(c))),
        ),
        'families',
      ),
    );
  }
  if (x.reference.length === 0) {
    parts.push('<p>Reference positions: none.</p>');
    return parts;
  }
  parts.push(
    `<p>Reference positions to study (${x.reference.length} of ${x.candidates} candidates, best gain first):</p>`,
    '<div class="boards">',
  );
  x.reference.forEach((r, i) => {
    const ref = r.candidate.ref;
    const v = planRefBoard(person, ref);
    parts.push(
      `<div class="reference">
<p><strong>${i + 1}. ${escapeXml(familyTextWords(r.candidate.group))}</strong> <code class="token">${escapeXml(groupText(r.candidate.group))}</code> · gain ${escapeXml(`${unit.plain(r.gain)} ${unit.name}`)}</p>
<p class="note">${ref.opponent ? `${escapeXml(person)} vs ${escapeXml(ref.opponent)} · ` : ''}Game ${ref.game}, move ${ref.move} of ${escapeXml(ref.file)}</p>
${v ? boardFigure(v) : `<p>Position unknown. Played ${escapeXml(ref.played)}, best ${escapeXml(ref.best)}.</p>`}
</div>`,
    );
  });
  parts.push('</div>');
  return parts;
}

/** The study plan: the match-play part (MWC), then the money sessions' part (points), as `bdb plan` prints. */
function studyPlan(person: string, plan: PlayerPlan | null): string {
  if (plan === null || plan.analysed === 0)
    return '<h3>Study plan</h3>\n<p>No analysed decision: no plan.</p>';
  const m = plan.money;
  const parts = ['<h3>Study plan</h3>'];
  if (m === null || m.matches < plan.matches) parts.push(...planPart(person, plan, MWC_UNIT));
  if (m !== null) {
    parts.push(`<p>${escapeXml(moneyPlanHeading(m))}.</p>`, ...planPart(person, m, POINTS_UNIT));
  }
  return parts.join('\n');
}

function worst(list: readonly WorstDecision[]): string {
  if (list.length === 0)
    return '<h3>Worst decisions</h3>\n<p>None: no error whose MWC lost is known and beyond its difficulty.</p>';
  const parts = [
    '<h3>Worst decisions (the most MWC lost beyond difficulty first)</h3>',
    '<div class="boards">',
  ];
  list.forEach((w, i) => {
    const d = w.decision;
    const x = decisionParts(d, i + 1);
    const player = w.players[w.seat];
    const opponent = w.players[w.seat === 0 ? 1 : 0];
    const v = reviewBoard(d, player, opponent);
    parts.push(
      `<div class="worst">
<p><strong>${escapeXml(x.heading)}</strong></p>
<p class="note">${escapeXml(`${player} vs ${opponent} · ${w.file}`)}</p>
<p>${escapeXml(x.figures)}</p>
<p><code>${escapeXml(x.xgid ?? 'XGID n/a')}</code></p>
${v ? boardFigure(v, x.cubeEquities) : `<p>Played ${escapeXml(x.played.action)} ${escapeXml(x.played.equity)}; best ${escapeXml(x.best.action)}</p>`}
</div>`,
    );
  });
  parts.push('</div>');
  return parts.join('\n');
}

function progress(p: PersonReport): string {
  return `<h3>Progress over time</h3>
<p class="sub">${escapeXml(progressSummary(p.progress))}</p>
${progressSections(p.progress, 4)}`;
}

function personSection(p: PersonReport, n: number): string {
  const s = p.stats;
  const head = `<section class="person" id="person-${n}" data-player="${escapeXml(p.player)}">
<h2>${escapeXml(p.player)}</h2>`;
  if (s.decisions.total === null || s.decisions.total === 0) {
    return `${head}
<p>${s.matches} match${s.matches === 1 ? '' : 'es'}, no analysed decision (transcripts without analysis): no figure.</p>
</section>`;
  }
  return `${head}
${cards(p)}${auditParagraph(auditOf(s.figures), 'note')}
<h3>Checker and cube</h3>
${split(p)}
${p.groups ? groups('PR by game plan', 'plan', p.groups.plan) : ''}
${p.groups ? groups('PR by game phase', 'phase', p.groups.phase) : ''}
${biases(p.biases)}
${studyPlan(p.player, p.plan)}
${worst(p.worst)}
${progress(p)}
</section>`;
}

/** Names in a sentence: 'A', 'A and B', 'A, B and C', past three 'A, B and 5 more'. */
export function namesText(names: readonly string[]): string {
  if (names.length <= 1) return names[0] ?? '';
  if (names.length > 3) return `${names.slice(0, 2).join(', ')} and ${names.length - 2} more`;
  return `${names.slice(0, -1).join(', ')} and ${names.at(-1)}`;
}

/** 'from – to', one day when both are the same; '' without a day. */
export function daysText(from: string | null, to: string | null): string {
  if (!from) return to ?? '';
  return !to || to === from ? from : `${from} – ${to}`;
}

/**
 * The page's title: the persons (most matches first), the event when every match has the same, and the days
 * of their dated matches, e.g. 'Kévin Unger and Maxence Job · HSBT Paris 2023 · 2023-11-26'.
 */
export function reportTitle(heads: readonly PersonHead[], event: string | null): string {
  const days = heads.flatMap((p) => [p.from, p.to]).filter((d) => d !== '');
  days.sort();
  const parts = [
    heads.length === 0 ? 'No player' : namesText(heads.map((p) => p.player)),
    event ?? '',
    daysText(days[0] ?? null, days.at(-1) ?? null),
  ];
  return `${parts.filter((x) => x !== '').join(' · ')} — player report`;
}

/**
 * Writes the whole page through `write`, a person's section at a time: a page of many persons (138 over one
 * player's 10,000 bench matches, 36 MB) is never whole in memory, nor are all the persons' figures.
 */
export function writePlayerReportHtml(page: PlayerReportPage, write: (text: string) => void): void {
  const heads = page.persons.heads;
  const title = reportTitle(heads, page.event);
  const st = page.settings;
  const sub = [
    `${page.matches} match${page.matches === 1 ? '' : 'es'} from ${page.source}`,
    page.failed > 0 ? `${page.failed} file${page.failed === 1 ? '' : 's'} not read` : '',
    `an error loses at least ${st.errorMpt / 1000} EMG (${st.preset} thresholds: error ${st.errorMpt}, blunder ${st.blunderMpt} millipoints)`,
    `MWC: ${st.met}`,
    `intervals: 95 %, ${st.interval}`,
  ]
    .filter((x) => x !== '')
    .join(' · ');
  const nav =
    heads.length > 1
      ? `<nav class="persons"><ol>\n${heads
          .map(
            (p, i) =>
              `<li><a href="#person-${i + 1}">${escapeXml(p.player)}</a> (${escapeXml(matchesAnalysedText(p.matches, p.analysedMatches))})</li>`,
          )
          .join('\n')}\n</ol></nav>`
      : '';
  const [head, tail] = htmlPageEnds(title, STYLE);
  write(`${head}<h1>${escapeXml(title)}</h1>
<p class="sub">${escapeXml(sub)}</p>
${nav}
`);
  if (heads.length === 0) write('<p>No player in these matches.</p>');
  let n = 0;
  for (const p of page.persons) {
    n++;
    write(`${n > 1 ? '\n' : ''}${personSection(p, n)}`);
  }
  write(`
<p class="note">${escapeXml(
    'PR: 500 × the mean error of the counted decisions (XG’s rules). L₇: the MWC lost per 7-point match; the Elo ' +
      'vs the engine follows from it. An error is avoidable when the decision was not hard (its difficulty at most ' +
      'a tenth of what it lost); the worst decisions are those that lost the most beyond their difficulty. Terms ' +
      'explained in docs/glossary.md. On the boards the player on roll is at the bottom; red arrows: the play ' +
      'made, green: the best play.',
  )}</p>${tail}`);
}
