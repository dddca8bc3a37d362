/**
 * The match review as one standalone HTML5 page (`bdb review FILE --html OUT.html`): the title line, per
 * player the summary table and the decisions to review, or every error `--all` lists (XGID and Position ID
 * in <code>, the position drawn as an SVG board with the play made and the best play as arrows, their
 * equities in the caption), and
 * the charts of the per-decision series as inline SVG. No network: no external CSS, script or font. Every
 * text from the file (player names, event, plays) is escaped.
 *
 * The title is the players, the event and the day (the file's name is in the line under it). Each chart is
 * drawn twice, for a wide screen and for a phone's column (./charts.ts NARROW_CHART), and CSS shows the one
 * that fits: on a phone the chart's text keeps its size instead of being scaled down or scrolled.
 */
import type { MatchReview, PlayerReview, ReviewedDecision } from '../review/review.js';
import { auditParagraph } from './analysis-mix.js';
import { BOARD_STYLE, boardFigure } from './board-svg.js';
import { escapeXml, PHONE_CHART_WIDTH, PLAYER_COLOURS, svgCumulative, svgLossBars } from './charts.js';
import { htmlPage } from './page-style.js';
import {
  decisionParts,
  listHeading,
  matchResultText,
  noChartsReason,
  reviewBoard,
  reviewNote,
  summaryRows,
} from './review.js';

const STYLE = `
body { font-family: system-ui, -apple-system, "Segoe UI", Roboto, sans-serif; max-width: 1140px; margin: 24px auto;
  padding: 0 16px; color: #222; line-height: 1.4; }
h1 { font-size: 1.3em; overflow-wrap: anywhere; }
h2 { font-size: 1.15em; margin-top: 2em; border-bottom: 1px solid #ccc; }
table { border-collapse: collapse; margin: 8px 0; }
th, td { border: 1px solid #ccc; padding: 3px 8px; text-align: left; vertical-align: top; }
th { background: #f4f4f4; font-weight: normal; }
code { font-family: ui-monospace, Menlo, Consolas, monospace; background: #f4f4f4; padding: 1px 4px; }
.decision { margin: 12px 0 18px; }
.decision p { margin: 2px 0; }
p, code { overflow-wrap: anywhere; }
.note { color: #555; font-size: 0.9em; }
svg { display: block; margin: 12px 0; max-width: 100%; height: auto; }
.sub { margin-top: 0; color: #444; overflow-wrap: anywhere; }
.chart-phone { display: none; }
@media (max-width: 640px) {
  body { margin: 12px auto; padding: 0 12px; }
  .chart-wide { display: none; }
  .chart-phone { display: block; }
  .chart-phone svg { width: 100%; }
}
${BOARD_STYLE}`;

/** A decision to review (or an error of `--all`) numbered `n`: its heading, figures, positions and board. */
function decisionBlock(d: ReviewedDecision, n: number, player: string, opponent: string): string {
  const x = decisionParts(d, n);
  const board = reviewBoard(d, player, opponent);
  // the board's caption gives the play made and the best one; without a board, a small table does
  const plays = board
    ? boardFigure(board, x.cubeEquities)
    : `<table>
<tr><th scope="row">Played</th><td>${escapeXml(x.played.action)}</td><td>${escapeXml(x.played.equity)}</td></tr>
<tr><th scope="row">Best</th><td>${escapeXml(x.best.action)}</td><td>${escapeXml(x.best.equity)}</td></tr>
</table>${x.cubeEquities === null ? '' : `\n<p class="note">${escapeXml(x.cubeEquities)}</p>`}`;
  return `<div class="decision">
<p><strong>${escapeXml(x.heading)}</strong></p>
<p>${escapeXml(x.figures)}</p>
<p>XG: <code>${escapeXml(x.xgid ?? 'n/a (position unknown)')}</code></p>
<p>gnuBG Position ID: <code>${escapeXml(x.positionId ?? 'n/a')}</code></p>
${plays}
</div>`;
}

/** A player's section: the summary table, then the decisions to review, or every error `list` keeps. */
function playerSection(p: PlayerReview, opponent: string, list: MatchReview['list']): string {
  const colour = PLAYER_COLOURS[p.seat];
  const rows = summaryRows(p)
    .map(([k, v]) => `<tr><th scope="row">${escapeXml(k)}</th><td>${escapeXml(v)}</td></tr>`)
    .join('\n');
  const out = [
    `<h2 style="color:${colour}">${escapeXml(p.player)}</h2>`,
    `<table class="summary">\n${rows}\n</table>`,
  ];
  if (list !== null) {
    // --all: the errors as the terminal lists them, each drawn as a decision to review is
    out.push(`<h3>${escapeXml(listHeading(p, list).replace(/:$/, ''))}</h3>`);
    (p.listed ?? []).forEach((d, i) => {
      out.push(decisionBlock(d, i + 1, p.player, opponent));
    });
    return out.join('\n');
  }
  if (p.toReview.length === 0) {
    out.push('<p>Decisions to review: none (no error whose MWC lost is known and beyond its difficulty)</p>');
    return out.join('\n');
  }
  out.push('<h3>Decisions to review (the most MWC lost beyond difficulty first)</h3>');
  p.toReview.forEach((d, i) => {
    out.push(decisionBlock(d, i + 1, p.player, opponent));
  });
  return out.join('\n');
}

/** The day of a date as read: its first ten characters when it starts as an ISO day, else as given. */
function dayOf(date: string | null | undefined): string {
  if (!date) return '';
  return /^\d{4}-\d{2}-\d{2}/.test(date) ? date.slice(0, 10) : date.trim();
}

/** The page's title: 'A vs B · event · day — match review' (the parts the file gives). */
export function reviewPageTitle(r: MatchReview): string {
  const parts = [`${r.players[0]} vs ${r.players[1]}`, r.event?.trim() ?? '', dayOf(r.date)];
  return `${parts.filter((x) => x !== '').join(' · ')} — match review`;
}

/** The line under the title: match length, games, result, and the file's name. */
function reviewSub(r: MatchReview): string {
  return `${matchResultText(r)} · ${r.file.split(/[\\/]/).pop() ?? r.file}`;
}

/** The whole page, with the players of `seats` (both by default). */
export function renderReviewHtml(r: MatchReview, seats: readonly (0 | 1)[] = [0, 1]): string {
  const title = reviewPageTitle(r);
  const charts =
    r.series === null
      ? `<p>Charts: none (${escapeXml(noChartsReason(r))}).</p>`
      : `<div class="charts chart-wide">
${svgLossBars(r.series, r.players)}
${svgCumulative(r.series, r.players)}
</div>
<div class="charts chart-phone">
${svgLossBars(r.series, r.players, { width: PHONE_CHART_WIDTH })}
${svgCumulative(r.series, r.players, { width: PHONE_CHART_WIDTH })}
</div>`;
  return htmlPage(
    title,
    STYLE,
    `<h1>${escapeXml(title)}</h1>
<p class="sub">${escapeXml(reviewSub(r))}</p>${auditParagraph(r.audit)}
${seats.map((k) => playerSection(r.reviews[k], r.players[1 - k]!, r.list)).join('\n')}
<h2>Charts</h2>
${charts}
<p class="note">${escapeXml(reviewNote(r))}</p>`,
  );
}
