/**
 * `bdb scout NAME --html FILE`: the scout as one standalone HTML page (no script, nothing fetched), in the
 * style of the player report (src/report/player-report.ts): the level as a card, the leans as advice with
 * the biases' chart, the worst families and the record as tables. Figures that `bdb stats` also gives carry
 * their unrounded value in `data-figure` / `data-value`; every text from the files is escaped.
 */
import { auditOf } from '../../metrics/analysis-mix.js';
import type { PlayerStats } from '../../metrics/player-stats.js';
import { familyText } from '../../metrics/study-plan.js';
import { auditParagraph } from '../analysis-mix.js';
import { biasLegend, svgBiasChart } from '../bias-chart.js';
import { biasRows, tiltSentences } from '../biases.js';
import { escapeXml } from '../charts.js';
import { fixed, matchesAnalysedText } from '../format.js';
import { htmlPage, PAGE_STYLE } from '../page-style.js';
import { PROGRESS_STYLE } from '../progress-html.js';
import type { Reporter } from '../reporter.js';
import { adviceLine } from './advice.js';
import type { ScoutReport } from './data.js';
import { familyFigures, familyName, familySureness, levelText, prIntervalText, recordText } from './lines.js';
import type { ScoutResult, ScoutView } from './types.js';

const STYLE = `${PAGE_STYLE}${PROGRESS_STYLE}
.cards { display: flex; flex-wrap: wrap; gap: 10px; margin: 8px 0; }
.card { border: 1px solid #ccc; border-radius: 6px; padding: 8px 12px; flex: 1 1 160px; min-width: 0; }
.card .label { color: #555; font-size: 0.9em; }
.card .big { font-size: 1.6em; font-weight: bold; }
.card .small { font-size: 0.9em; color: #333; overflow-wrap: anywhere; }
svg.bias-chart { display: block; width: 100%; max-width: 560px; height: auto; }
.legend .dot { display: inline-block; width: 12px; height: 12px; border-radius: 50%; border: 2px solid;
  margin-right: 6px; vertical-align: middle; }
ul.advice li { margin: 4px 0; overflow-wrap: anywhere; }
ul.advice li.sure { font-weight: bold; }
th, td { white-space: normal; }
code { font-family: ui-monospace, Menlo, Consolas, monospace; background: #f4f4f4; padding: 1px 4px;
  overflow-wrap: anywhere; }
`;

/** A figure with its unrounded value (for tests: `data-figure`, `data-value`). */
function fig(key: string, value: number | string | null, text: string): string {
  return `<span class="fig" data-figure="${key}" data-value="${value === null ? 'null' : escapeXml(String(value))}">${escapeXml(text)}</span>`;
}

function levelCard(s: PlayerStats | null): string {
  const card = (label: string, big: string, small: string): string =>
    `<div class="card"><div class="label">${escapeXml(label)}</div><div class="big">${big}</div><div class="small">${small}</div></div>`;
  const pr = s?.pr ?? null;
  return `<div class="cards">
${card(
  'PR (lower is better)',
  fig('pr', pr, fixed(pr, 2)),
  `${s ? escapeXml(prIntervalText(s)) : '95 % n/a'}<br>Level: ${fig('level', s?.level ?? null, s?.level ?? 'n/a')}`,
)}
${card(
  'Decisions counted (n)',
  fig('decisions', s?.decisions.total ?? null, fixed(s?.decisions.total ?? null, 0)),
  `in ${fig('matches', s?.matches ?? 0, matchesAnalysedText(s?.matches ?? 0, s?.analysedMatches ?? 0))}`,
)}
</div>`;
}

function leans(r: ScoutReport): string {
  const head = '<h2>Leans and advice</h2>';
  if (r.leans === null || r.biases === null) return `${head}\n<p>n/a: no analysed decision.</p>`;
  const items = r.leans.leans
    .map((l) => `<li${l.lean !== null ? ' class="sure"' : ''}>${escapeXml(adviceLine(l))}</li>`)
    .join('\n');
  const cells = r.leans.cellsWithoutLean;
  const rows = biasRows(r.biases).filter((x) => !x.sub || x.estimate.verdict !== 'insufficient');
  return `${head}
<p class="note">Advice only where the bias' 95 % interval excludes 0 with at least 20 decisions (the verdict of bdb biases).</p>
<ul class="advice">
${items}
</ul>
${cells > 0 ? `<p class="note">${cells} score cell${cells === 1 ? '' : 's'} of the doubles without a sure lean (bdb biases --all-cells lists them).</p>` : ''}
<figure>
${svgBiasChart(rows)}
<figcaption>${biasLegend()}</figcaption>
</figure>`;
}

/** The opponent's form (tilt), as `bdb biases` says it. */
function form(r: ScoutReport): string {
  const tilt = r.biases?.tilt ?? null;
  const head = '<h2>Form</h2>';
  if (tilt === null) return `${head}\n<p>n/a: no analysed game that follows another.</p>`;
  return `${head}\n${tiltSentences(tilt)
    .map((line) => `<p>${escapeXml(line)}</p>`)
    .join('\n')}`;
}

function families(r: ScoutReport): string {
  const head = '<h2>Worst families</h2>';
  if (r.errors === null) return `${head}\n<p>n/a: no analysed decision.</p>`;
  if (r.families.length === 0)
    return `${head}\n<p>None: ${r.errors} errors, no family with MWC to recover.</p>`;
  const rows = r.families
    .map(
      (f, i) =>
        `<tr><td>${i + 1}</td><td>${escapeXml(familyName(f))}<br><code>${escapeXml(familyText(f))}</code></td><td>${escapeXml(familyFigures(f))}</td><td>${escapeXml(familySureness(f))}</td></tr>`,
    )
    .join('\n');
  return `${head}
<p class="note">The study-plan families of bdb plan, the surest MWC to recover first (match play); R: MWC lost beyond the difficulty, percentage points.</p>
<div class="table-wrap"><table>
<thead><tr><th scope="col">#</th><th scope="col">Family</th><th scope="col">n, R and 95 %</th><th scope="col">How sure</th></tr></thead>
<tbody>
${rows}
</tbody>
</table></div>`;
}

function record(r: ScoutReport): string {
  const rec = r.record;
  if (rec === 'no player')
    return '<h2>Record against the player</h2>\n<p>n/a: no player (--me NAME, or bdb config set player NAME).</p>';
  if (rec === 'same person')
    return '<h2>Record against the player</h2>\n<p>n/a: the player is the opponent.</p>';
  const lines =
    rec.matches === 0
      ? ''
      : `<ul>
<li>${escapeXml(`${r.opponent}: ${levelText(rec.opponentStats)}`)}</li>
<li>${escapeXml(`${rec.me}: ${levelText(rec.meStats)}`)}</li>
</ul>`;
  return `<h2>Record against ${escapeXml(rec.me)}</h2>
<p>${escapeXml(recordText(r.opponent, rec))}</p>
${lines}`;
}

export const scoutHtml: Reporter<ScoutResult, ScoutView> = ({ report: r, read, library }, _view, write) => {
  const body = `<h1>Scout: ${escapeXml(r.opponent)}</h1>
<p class="sub">${read} match${read === 1 ? '' : 'es'} in the library ${escapeXml(library)}</p>
<h2>Level</h2>
${levelCard(r.stats)}
<p>${escapeXml(levelText(r.stats))}</p>${auditParagraph(auditOf(r.stats?.figures ?? null), 'note')}
${leans(r)}
${form(r)}
${families(r)}
${record(r)}
<p class="note">n: the decisions (or errors, or matches) a line comes from; 95 %: its interval. PR and level as bdb stats, leans as bdb biases, families as bdb plan. Terms in docs/glossary.md.</p>`;
  write(htmlPage(`Scout: ${r.opponent}`, STYLE, body));
};
