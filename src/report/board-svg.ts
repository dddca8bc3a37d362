/**
 * A backgammon board as inline SVG, drawn by bdb from a BoardView (./board-view.ts): no image file, no
 * script, nothing fetched. The player on roll is at the bottom (light checkers), the opponent at the top
 * (dark checkers); the points are numbered in the bottom player's numbering (13–24 along the top, 12–1
 * along the bottom, the home board at the bottom right), as XG and gnuBG show it.
 *
 * Drawn: the 24 points with their checkers (five at most per point; a taller stack shows its count on the
 * fifth), the bar (each side's checkers in its own half, from the middle out), the borne-off checkers in the
 * tray at the right (each side in its own half), the cube in the column at the left (at the owner's side, in
 * the middle when centred), the dice (or the cube question) in the bottom player's half, a line above and
 * below the board with each side's name, score, pip count and borne-off count, and the match length (or
 * money) on top. The play made and the best play are arrows from each checker's point to where it lands
 * (red: played, green: best; bar and tray included), curved to opposite sides so that they never hide each
 * other; {@link boardFigure} adds their text and equities as the caption.
 *
 * The SVG has a viewBox and scales to its container (CSS `width: 100%`): at 390 px the text is about 11 px.
 * Elements carry classes and data attributes (`data-point`, `data-side`, `data-count`, `data-owner`) so that
 * tests can check what was drawn.
 */
import type { Hop } from '../core/board.js';
import type { BoardPlay, BoardView } from './board-view.js';
import { cubeText, cutName, matchText, scoreText, turnText } from './board-view.js';
import { escapeXml, num } from './charts.js';

/** Width and height of the user space. */
export const BOARD_VIEW_W = 560;
export const BOARD_VIEW_H = 530;

/** Point width, checker radius and spacing of the checkers in a stack. */
const PT = 34;
const R = 15;
const STEP = 32;
/** Checkers drawn per point before the count is written on the fifth. */
const STACK = 5;

const FRAME = 8;
/** The cube column at the left (x 0 … CUBE_COL). */
const CUBE_COL = 48;
const INNER_L = CUBE_COL + FRAME;
const QW = 6 * PT;
const BAR_X = INNER_L + QW;
const BAR_W = 36;
const RIGHT_Q = BAR_X + BAR_W;
const INNER_R = RIGHT_Q + QW;
const TRAY_X = INNER_R + FRAME;
const TRAY_W = 44;

const MATCH_Y = 22;
const TOP_NAME_Y = 50;
const TOP_NUM_Y = 76;
const INNER_T = 90;
const HALF = STACK * STEP + 4;
const MID = 40;
const MID_T = INNER_T + HALF;
const MID_B = MID_T + MID;
const INNER_B = MID_B + HALF;
const BOTTOM_NUM_Y = INNER_B + FRAME + 19;
const BOTTOM_NAME_Y = BOTTOM_NUM_Y + 30;

/** Colours: board, points, checkers (bottom light, top dark), arrows (played red, best green). */
const COLOURS = {
  frame: '#5b3d22',
  bed: '#efe6d2',
  pointA: '#8c6a4f',
  pointB: '#cdb48c',
  bottom: '#f8f4ea',
  bottomEdge: '#3a3a3a',
  top: '#2e2e2e',
  topEdge: '#000',
  played: '#d7191c',
  best: '#15803d',
  text: '#222',
  muted: '#555',
} as const;

/** Arrow colours, for captions and legends. */
export const ARROW_COLOURS = { played: COLOURS.played, best: COLOURS.best } as const;

/** Centre x of point p (1–24, bottom player's numbering). */
function pointX(p: number): number {
  if (p <= 6) return INNER_R - (p - 0.5) * PT;
  if (p <= 12) return BAR_X - (p - 6.5) * PT;
  if (p <= 18) return INNER_L + (p - 12.5) * PT;
  return RIGHT_Q + (p - 18.5) * PT;
}

/** Centre y of the k-th checker (0 = at the edge) of point p. */
function slotY(p: number, k: number): number {
  const j = Math.min(k, STACK - 1);
  return p >= 13 ? INNER_T + 2 + R + 1 + j * STEP : INNER_B - 2 - R - 1 - j * STEP;
}

const BAR_CX = BAR_X + BAR_W / 2;

/** Centre y of the k-th checker on the bar: the top player's in the top half, the bottom player's below. */
function barY(side: 0 | 1, k: number): number {
  const j = Math.min(k, STACK - 1);
  return side === 1 ? MID_T - 2 - R - j * STEP : MID_B + 2 + R + j * STEP;
}

/** Estimated width of a text in user units (sans-serif, ~0.56 em a character). */
function textWidth(s: string, font: number): number {
  return [...s].length * 0.56 * font;
}

function checker(cx: number, cy: number, side: 0 | 1): string {
  const fill = side === 0 ? COLOURS.bottom : COLOURS.top;
  const edge = side === 0 ? COLOURS.bottomEdge : COLOURS.topEdge;
  return `<circle class="checker" cx="${num(cx)}" cy="${num(cy)}" r="${R}" fill="${fill}" stroke="${edge}" stroke-width="1.5"/>`;
}

/** A stack of `count` checkers of `side` at x, drawn outwards by `y(k)`; a taller stack writes its count. */
function stack(cx: number, count: number, side: 0 | 1, y: (k: number) => number): string[] {
  const out: string[] = [];
  for (let k = 0; k < Math.min(count, STACK); k++) out.push(checker(cx, y(k), side));
  if (count > STACK) {
    out.push(
      `<text class="stack-count" x="${num(cx)}" y="${num(y(STACK - 1) + 6)}" text-anchor="middle" font-size="17" font-weight="bold" fill="${side === 0 ? COLOURS.text : '#fff'}">${count}</text>`,
    );
  }
  return out;
}

/** The die faces' pips on a 3 × 3 grid (0–8, row by row). */
const DIE_PIPS: Record<number, readonly number[]> = {
  1: [4],
  2: [2, 6],
  3: [2, 4, 6],
  4: [0, 2, 6, 8],
  5: [0, 2, 4, 6, 8],
  6: [0, 2, 3, 5, 6, 8],
};

function die(x: number, y: number, value: number): string {
  const size = 30;
  const parts = [
    `<g class="die" data-value="${value}"><rect x="${num(x)}" y="${num(y)}" width="${size}" height="${size}" rx="5" fill="${COLOURS.bottom}" stroke="${COLOURS.bottomEdge}" stroke-width="1.5"/>`,
  ];
  for (const i of DIE_PIPS[value] ?? []) {
    const cx = x + 7 + (i % 3) * 8;
    const cy = y + 7 + Math.floor(i / 3) * 8;
    parts.push(`<circle cx="${num(cx)}" cy="${num(cy)}" r="2.8" fill="${COLOURS.text}"/>`);
  }
  parts.push('</g>');
  return parts.join('');
}

/** Where an arrow starts or ends: a checker's place on a point, on the bar or in the tray. */
interface Spot {
  readonly x: number;
  readonly y: number;
}

/** The spots of each hop of a play by the bottom player, following the counts as the checkers move. */
function hopSpots(v: BoardView, hops: readonly Hop[]): [Spot, Spot][] {
  const own = v.position.board[0].slice();
  const out: [Spot, Spot][] = [];
  for (const h of hops) {
    const fromCount = own[h.from - 1] ?? 0;
    const from: Spot =
      h.from === 25
        ? { x: BAR_CX, y: barY(0, Math.max(0, fromCount - 1)) }
        : { x: pointX(h.from), y: slotY(h.from, Math.max(0, fromCount - 1)) };
    own[h.from - 1] = Math.max(0, fromCount - 1);
    let to: Spot;
    if (h.to === 0) {
      to = { x: TRAY_X + TRAY_W / 2, y: INNER_B - 30 };
    } else {
      // the next place on the point (a hit blot's place is taken by the hitting checker)
      const n = (own[h.to - 1] ?? 0) + 1;
      own[h.to - 1] = n;
      to = { x: pointX(h.to), y: slotY(h.to, n - 1) };
    }
    out.push([from, to]);
  }
  return out;
}

/** One curved arrow from `a` to `b`, bent to the side `bend` (+1 / −1), with a halo and a head. */
function arrow(a: Spot, b: Spot, colour: string, bend: 1 | -1, dashed: boolean): string {
  const dx = b.x - a.x;
  const dy = b.y - a.y;
  const len = Math.hypot(dx, dy) || 1;
  const off = bend * Math.min(46, 12 + 0.18 * len);
  const cx = (a.x + b.x) / 2 - (dy / len) * off;
  const cy = (a.y + b.y) / 2 + (dx / len) * off;
  // the head points along the curve's end tangent (control point → end) and stops short of the centre
  const tx = b.x - cx;
  const ty = b.y - cy;
  const tl = Math.hypot(tx, ty) || 1;
  const ux = tx / tl;
  const uy = ty / tl;
  const tipX = b.x - ux * 4;
  const tipY = b.y - uy * 4;
  const head = 13;
  const baseX = tipX - ux * head;
  const baseY = tipY - uy * head;
  const wx = -uy * 7;
  const wy = ux * 7;
  const d = `M${num(a.x)},${num(a.y)} Q${num(cx)},${num(cy)} ${num(baseX)},${num(baseY)}`;
  const dash = dashed ? ' stroke-dasharray="9 5"' : '';
  return (
    `<path d="${d}" fill="none" stroke="#fff" stroke-opacity="0.85" stroke-width="7" stroke-linecap="round"/>` +
    `<path d="${d}" fill="none" stroke="${colour}" stroke-width="4" stroke-linecap="round"${dash}/>` +
    `<polygon points="${num(tipX)},${num(tipY)} ${num(baseX + wx)},${num(baseY + wy)} ${num(baseX - wx)},${num(baseY - wy)}" fill="${colour}" stroke="#fff" stroke-width="1"/>`
  );
}

/** The arrows of a play, or nothing when its hops are unknown. */
function playArrows(v: BoardView, p: BoardPlay | null, which: 'played' | 'best'): string {
  if (!p?.hops || p.hops.length === 0) return '';
  const colour = which === 'played' ? COLOURS.played : COLOURS.best;
  const bend = which === 'played' ? 1 : -1;
  const parts = hopSpots(v, p.hops).map(([a, b]) => arrow(a, b, colour, bend, which === 'best'));
  return `<g class="arrows ${which}" data-hops="${p.hops.length}">${parts.join('')}</g>`;
}

/** True when two plays have the same hops (then one set of arrows is drawn). */
function samePlay(a: BoardPlay | null, b: BoardPlay | null): boolean {
  if (!a?.hops || !b?.hops || a.hops.length !== b.hops.length) return false;
  const key = (h: readonly Hop[]): string =>
    h
      .map((x) => `${x.from}/${x.to}`)
      .sort()
      .join(' ');
  return key(a.hops) === key(b.hops);
}

/** A side's line: a checker, the name, then score, pips and borne-off checkers at the right. */
function sideLine(v: BoardView, side: 0 | 1, y: number): string {
  const font = 18;
  const figures = [scoreText(v, side), `${v.pips[side]} pips`, `${v.off[side]} off`]
    .filter((s) => s !== '')
    .join(' · ');
  const right = BOARD_VIEW_W - 8;
  const nameX = 34;
  const room = right - textWidth(figures, font) - 14 - nameX;
  const name = cutName(v.names[side], Math.max(4, Math.floor(room / (0.56 * font))));
  return (
    `<g class="side" data-side="${side === 0 ? 'bottom' : 'top'}" data-pips="${v.pips[side]}" data-off="${v.off[side]}">` +
    checker(16, y - 6, side).replace(`r="${R}"`, 'r="10"') +
    `<text x="${nameX}" y="${y}" font-size="${font}" font-weight="bold" fill="${COLOURS.text}">${escapeXml(name)}</text>` +
    `<text class="figures" x="${right}" y="${y}" font-size="${font}" text-anchor="end" fill="${COLOURS.text}">${escapeXml(figures)}</text>` +
    '</g>'
  );
}

/** One sentence saying what the board shows, for screen readers and the tooltip. */
export function boardDescription(v: BoardView): string {
  const [a, b] = v.names;
  const parts = [
    `${a} (bottom, light checkers) ${v.pips[0]} pips, ${v.off[0]} off`,
    `${b} (top, dark checkers) ${v.pips[1]} pips, ${v.off[1]} off`,
    cubeText(v),
    matchText(v) +
      (v.position.matchLength > 0 ? `, score ${v.position.score[0]}–${v.position.score[1]}` : ''),
    turnText(v, a, b),
  ];
  return parts.join('; ');
}

/** The board of a position as one <svg> element (scales to its container). */
export function boardSvg(v: BoardView): string {
  const p = v.position;
  const [x, o] = p.board;
  const out: string[] = [
    `<svg xmlns="http://www.w3.org/2000/svg" class="board" viewBox="0 0 ${BOARD_VIEW_W} ${BOARD_VIEW_H}" width="${BOARD_VIEW_W}" height="${BOARD_VIEW_H}" role="img" aria-label="${escapeXml(boardDescription(v))}" font-family="system-ui, -apple-system, 'Segoe UI', Roboto, sans-serif">`,
    `<title>${escapeXml(`${v.xgid}\n${boardDescription(v)}`)}</title>`,
    `<text class="match" x="8" y="${MATCH_Y}" font-size="17" fill="${COLOURS.muted}">${escapeXml(matchText(v))}</text>`,
    sideLine(v, 1, TOP_NAME_Y),
    // frame, bed, bar and tray
    `<rect x="${CUBE_COL}" y="${INNER_T - FRAME}" width="${INNER_R + FRAME - CUBE_COL}" height="${INNER_B - INNER_T + 2 * FRAME}" rx="4" fill="${COLOURS.frame}"/>`,
    `<rect x="${INNER_L}" y="${INNER_T}" width="${QW}" height="${INNER_B - INNER_T}" fill="${COLOURS.bed}"/>`,
    `<rect x="${RIGHT_Q}" y="${INNER_T}" width="${QW}" height="${INNER_B - INNER_T}" fill="${COLOURS.bed}"/>`,
    `<rect class="tray" x="${TRAY_X}" y="${INNER_T - FRAME}" width="${TRAY_W}" height="${INNER_B - INNER_T + 2 * FRAME}" rx="4" fill="${COLOURS.frame}"/>`,
    `<rect x="${TRAY_X + 4}" y="${INNER_T}" width="${TRAY_W - 8}" height="${HALF}" fill="${COLOURS.bed}"/>`,
    `<rect x="${TRAY_X + 4}" y="${MID_B}" width="${TRAY_W - 8}" height="${HALF}" fill="${COLOURS.bed}"/>`,
  ];
  // points, numbers and checkers
  for (let n = 1; n <= 24; n++) {
    const cx = pointX(n);
    const top = n >= 13;
    const base = top ? INNER_T : INNER_B;
    const apex = top ? INNER_T + HALF - 8 : INNER_B - HALF + 8;
    const fill = n % 2 === 0 ? COLOURS.pointA : COLOURS.pointB;
    out.push(
      `<polygon points="${num(cx - PT / 2 + 1)},${base} ${num(cx + PT / 2 - 1)},${base} ${num(cx)},${apex}" fill="${fill}"/>`,
      `<text class="point-number" x="${num(cx)}" y="${top ? TOP_NUM_Y : BOTTOM_NUM_Y}" text-anchor="middle" font-size="15" fill="${COLOURS.muted}">${n}</text>`,
    );
    const mine = x[n - 1] ?? 0;
    const theirs = o[24 - n] ?? 0;
    const side: 0 | 1 = mine > 0 ? 0 : 1;
    const count = mine > 0 ? mine : theirs;
    if (count > 0) {
      out.push(
        `<g class="point" data-point="${n}" data-side="${side === 0 ? 'bottom' : 'top'}" data-count="${count}">`,
        ...stack(cx, count, side, (k) => slotY(n, k)),
        '</g>',
      );
    }
  }
  // the bar
  for (const side of [1, 0] as const) {
    const count = p.board[side][24] ?? 0;
    if (count > 0) {
      out.push(
        `<g class="bar" data-side="${side === 0 ? 'bottom' : 'top'}" data-count="${count}">`,
        ...stack(BAR_CX, count, side, (k) => barY(side, k)),
        '</g>',
      );
    }
  }
  // borne-off checkers: thin slabs from the outer edge of each side's half of the tray
  for (const side of [1, 0] as const) {
    const n = v.off[side];
    const slabs: string[] = [];
    for (let k = 0; k < n; k++) {
      const y = side === 1 ? INNER_T + 2 + k * 10.6 : INNER_B - 2 - 8 - k * 10.6;
      slabs.push(
        `<rect x="${TRAY_X + 7}" y="${num(y)}" width="${TRAY_W - 14}" height="8" rx="2" fill="${side === 0 ? COLOURS.bottom : COLOURS.top}" stroke="${side === 0 ? COLOURS.bottomEdge : COLOURS.topEdge}"/>`,
      );
    }
    out.push(
      `<g class="off" data-side="${side === 0 ? 'bottom' : 'top'}" data-count="${n}">${slabs.join('')}</g>`,
    );
  }
  // the cube: at the owner's side of the left column, in the middle when centred
  const cubeSize = 36;
  const owner = p.cubeOwner === -1 ? 'centre' : p.cubeOwner === 0 ? 'bottom' : 'top';
  const cubeY =
    owner === 'top'
      ? INNER_T + 4
      : owner === 'bottom'
        ? INNER_B - 4 - cubeSize
        : (MID_T + MID_B - cubeSize) / 2;
  const cubeX = (CUBE_COL - cubeSize) / 2;
  const cubeLabel = String(p.cubeValue);
  out.push(
    `<g class="cube" data-owner="${owner}" data-value="${p.cubeValue}"><rect x="${cubeX}" y="${num(cubeY)}" width="${cubeSize}" height="${cubeSize}" rx="5" fill="#fff" stroke="${COLOURS.text}" stroke-width="2"/>` +
      `<text x="${CUBE_COL / 2}" y="${num(cubeY + cubeSize / 2 + 7)}" text-anchor="middle" font-size="${cubeLabel.length > 2 ? 15 : 20}" font-weight="bold" fill="${COLOURS.text}">${cubeLabel}</text></g>`,
  );
  // the dice, or what the bottom player decides, in his half
  const qMid = RIGHT_Q + QW / 2;
  if (p.dice) {
    out.push(
      `<g class="dice">${die(qMid - 36, MID_T + 5, p.dice[0])}${die(qMid + 6, MID_T + 5, p.dice[1])}</g>`,
    );
  } else {
    out.push(
      `<text class="turn" x="${qMid}" y="${MID_T + MID / 2 + 6}" text-anchor="middle" font-size="16" fill="${COLOURS.text}">${v.answer ? 'double offered' : 'cube decision'}</text>`,
    );
  }
  // arrows: the best play under the play made
  if (!samePlay(v.played, v.best)) out.push(playArrows(v, v.best, 'best'));
  out.push(playArrows(v, v.played, 'played'));
  out.push(sideLine(v, 0, BOTTOM_NAME_Y), '</svg>');
  return out.filter((s) => s !== '').join('\n');
}

/** CSS of the board figures (added to a page's style once). */
export const BOARD_STYLE = `
figure.board-figure { margin: 10px 0 18px; max-width: ${BOARD_VIEW_W}px; }
figure.board-figure svg.board { display: block; width: 100%; height: auto; margin: 0; }
figure.board-figure figcaption { font-size: 0.95em; margin-top: 4px; }
figure.board-figure figcaption p { margin: 2px 0; }
.sw-arrow { display: inline-block; width: 22px; height: 0; border-top: 4px solid; vertical-align: middle; margin-right: 6px; }
.sw-played { border-color: ${COLOURS.played}; }
.sw-best { border-color: ${COLOURS.best}; border-top-style: dashed; }
`;

function captionLine(p: BoardPlay, label: string, which: 'played' | 'best'): string {
  const swatch = p.hops && p.hops.length > 0 ? `<span class="sw-arrow sw-${which}"></span>` : '';
  const equity = p.equity ? ` <span class="eq">${escapeXml(p.equity)}</span>` : '';
  return `<p>${swatch}${label}: <strong>${escapeXml(p.text)}</strong>${equity}</p>`;
}

/**
 * The board with its caption (the play made and the best play with their equities, and `note`, e.g. the
 * cubeful equities) as a <figure>; the page needs {@link BOARD_STYLE}.
 */
export function boardFigure(v: BoardView, note: string | null = null): string {
  const lines: string[] = [];
  if (v.played) lines.push(captionLine(v.played, 'Played', 'played'));
  if (v.best) lines.push(captionLine(v.best, 'Best', 'best'));
  if (note) lines.push(`<p class="note">${escapeXml(note)}</p>`);
  const caption = lines.length > 0 ? `\n<figcaption>${lines.join('')}</figcaption>` : '';
  return `<figure class="board-figure">\n${boardSvg(v)}${caption}\n</figure>`;
}
