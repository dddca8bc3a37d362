/**
 * The biases of a person as an SVG chart (the player report): one row per bias of the `bdb biases` table
 * (src/report/biases.ts `biasRows`), B as a dot and its 95 % interval as a bar on a common axis from −1 (too
 * cautious) to +1 (too bold), coloured by the verdict; B printed at the right. The figures are the
 * BiasEstimates as computed, nothing is recomputed here. Scales to its container (viewBox).
 */
import type { BiasVerdict } from '../metrics/bias-estimator.js';
import type { BiasRow } from './biases.js';
import { escapeXml, num } from './charts.js';
import { signed } from './format.js';

/** Colour of each verdict (legend and marks). */
export const VERDICT_COLOURS: Record<BiasVerdict, string> = {
  'too much': '#d0452a',
  'not enough': '#1f6fb4',
  balanced: '#3a3a3a',
  insufficient: '#9a9a9a',
};

const W = 480;
const ROW = 34;
const TOP = 30;
const LABEL_END = 176;
const X0 = 192;
const X1 = 400;
const FONT = 15;

/** x of a value of B (clipped to −1 … +1). */
function bx(b: number): number {
  const c = Math.max(-1, Math.min(1, b));
  return X0 + ((c + 1) / 2) * (X1 - X0);
}

/** The chart of a person's biases (rows as `biasRows` gives them). */
export function svgBiasChart(rows: readonly BiasRow[]): string {
  const height = TOP + rows.length * ROW + 28;
  const bottom = TOP + rows.length * ROW;
  const parts: string[] = [
    `<svg xmlns="http://www.w3.org/2000/svg" class="bias-chart" viewBox="0 0 ${W} ${height}" width="${W}" height="${height}" role="img" aria-label="Signed biases B with their 95 % intervals" font-family="system-ui, -apple-system, 'Segoe UI', Roboto, sans-serif">`,
    `<text x="${X0}" y="16" font-size="14" fill="#555">← too cautious</text>`,
    `<text x="${X1}" y="16" font-size="14" fill="#555" text-anchor="end">too bold →</text>`,
    `<text x="${W - 4}" y="16" font-size="14" fill="#555" text-anchor="end">B</text>`,
  ];
  for (const t of [-1, -0.5, 0, 0.5, 1]) {
    const x = num(bx(t));
    parts.push(
      `<line x1="${x}" y1="${TOP - 4}" x2="${x}" y2="${bottom}" stroke="${t === 0 ? '#666' : '#ddd'}" stroke-width="${t === 0 ? 1.5 : 1}"${t === 0 ? ' stroke-dasharray="4 3"' : ''}/>`,
      `<text x="${x}" y="${bottom + 18}" font-size="14" text-anchor="middle" fill="#555">${t === 0 ? '0' : signed(t, 1)}</text>`,
    );
  }
  rows.forEach((r, i) => {
    const y = TOP + i * ROW;
    const mid = y + ROW / 2;
    const e = r.estimate;
    const colour = VERDICT_COLOURS[e.verdict];
    const interval =
      e.low === null || e.high === null ? 'no interval' : `95 % ${signed(e.low, 3)} … ${signed(e.high, 3)}`;
    const tip = `${r.label}: B ${signed(e.bias, 3)} (${interval}), N ${e.n}, ${e.verdict}`;
    parts.push(
      `<g class="bias-row" data-bias="${escapeXml(r.label)}" data-b="${e.bias ?? 'null'}" data-low="${e.low ?? 'null'}" data-high="${e.high ?? 'null'}" data-verdict="${escapeXml(e.verdict)}"><title>${escapeXml(tip)}</title>`,
    );
    if (i % 2 === 0)
      parts.push(`<rect x="0" y="${y}" width="${W}" height="${ROW}" fill="#f6f6f6" fill-opacity="0.7"/>`);
    parts.push(
      `<text x="${LABEL_END}" y="${num(mid + 5)}" font-size="${r.sub ? FONT - 1 : FONT}" text-anchor="end" fill="${r.sub ? '#444' : '#222'}"${r.sub ? '' : ' font-weight="bold"'}>${escapeXml(r.label)}</text>`,
    );
    if (e.low !== null && e.high !== null) {
      parts.push(
        `<line class="interval" x1="${num(bx(e.low))}" y1="${num(mid)}" x2="${num(bx(e.high))}" y2="${num(mid)}" stroke="${colour}" stroke-width="4" stroke-linecap="round" stroke-opacity="0.55"/>`,
      );
    }
    if (e.bias !== null) {
      const hollow = e.verdict === 'insufficient';
      parts.push(
        `<circle class="b" cx="${num(bx(e.bias))}" cy="${num(mid)}" r="6" fill="${hollow ? '#fff' : colour}" stroke="${colour}" stroke-width="2.5"/>`,
      );
    }
    parts.push(
      `<text x="${W - 4}" y="${num(mid + 5)}" font-size="${FONT}" text-anchor="end" fill="#222">${e.bias === null ? 'n/a' : signed(e.bias, 2)}</text>`,
      '</g>',
    );
  });
  parts.push('</svg>');
  return parts.join('\n');
}

/** The legend of the verdict colours, as HTML. */
export function biasLegend(): string {
  const items = (Object.keys(VERDICT_COLOURS) as BiasVerdict[]).map(
    (v) =>
      `<span><i class="dot" style="background:${v === 'insufficient' ? '#fff' : VERDICT_COLOURS[v]};border-color:${VERDICT_COLOURS[v]}"></i>${escapeXml(v)}</span>`,
  );
  return `<p class="legend">${items.join('\n')}</p>`;
}
