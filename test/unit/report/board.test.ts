/**
 * The boards (src/report/board-view.ts, board-svg.ts, board-text.ts) against what XG itself shows and an
 * independent decoding of an XG file:
 *
 * - XG's own position text exports (test/reference-matches/xg-text/*_EN.txt, eXtreme Gammon 2.19, see the
 *   README there): each starts with the XGID, then XG's text board (5 rows a half, the same layout as bdb's),
 *   "Pip count  X: 111  O: 52" and "Cube: 2, O own cube". The drawn pip counts and cube owner must be XG's,
 *   and bdb's ASCII board must show the checkers exactly where XG's board shows them.
 * - test.xg (XG 2.19): the position of decisions Kévin Unger's review lists, against the same move record as
 *   Michael Petch's xgdatatools decoded it (test/reference-matches/xg-records/test.records.jsonl.gz): `PositionI`
 *   gives every point's checkers from the mover's side (index p = the mover's point p, > 0 the mover's,
 *   < 0 the opponent's, 25 = the mover's bar, 0 = the opponent's bar) and `CubeA` the cube (±log2 value, +
 *   the mover owns it, − the opponent, 0 centred).
 */
import { readFileSync } from 'node:fs';
import { describe, expect, test } from 'vitest';
import { defaultMet } from '../../../src/metrics/match-report.js';
import type { Match } from '../../../src/model/types.js';
import { parseBytes } from '../../../src/parsers/index.js';
import { boardFigure, boardSvg } from '../../../src/report/board-svg.js';
import { renderTextBoard, TEXT_BOARD_WIDTH } from '../../../src/report/board-text.js';
import { type BoardView, boardView } from '../../../src/report/board-view.js';
import { buildReview } from '../../../src/review/review.js';
import { bytesOf, gunzipText, REF_DIR, refFiles } from '../../helpers/fixtures.js';

const met = defaultMet();

/** What one drawn SVG board shows, read back from its elements' data attributes. */
interface Drawn {
  /** Checkers per point (bottom player's numbering) and side. */
  points: Map<number, { side: 'bottom' | 'top'; count: number; circles: number; label: number | null }>;
  bar: { bottom: number; top: number };
  off: { bottom: number; top: number };
  pips: { bottom: number; top: number };
  cube: { owner: string; value: number; y: number };
}

function drawn(svg: string): Drawn {
  const points: Drawn['points'] = new Map();
  for (const m of svg.matchAll(
    /<g class="point" data-point="(\d+)" data-side="(bottom|top)" data-count="(\d+)">\n([\s\S]*?)\n<\/g>/g,
  )) {
    const body = m[4]!;
    const label = /class="stack-count"[^>]*>(\d+)</.exec(body);
    points.set(Number(m[1]), {
      side: m[2] as 'bottom' | 'top',
      count: Number(m[3]),
      circles: (body.match(/<circle class="checker"/g) ?? []).length,
      label: label ? Number(label[1]) : null,
    });
  }
  const group = (cls: string, side: string): number => {
    const m = new RegExp(`<g class="${cls}" data-side="${side}" data-count="(\\d+)"`).exec(svg);
    return m ? Number(m[1]) : 0;
  };
  const pips = (side: string): number =>
    Number(new RegExp(`data-side="${side}" data-pips="(\\d+)"`).exec(svg)![1]);
  const cube = /<g class="cube" data-owner="(\w+)" data-value="(\d+)"><rect x="[\d.]+" y="([\d.]+)"/.exec(
    svg,
  )!;
  return {
    points,
    bar: { bottom: group('bar', 'bottom'), top: group('bar', 'top') },
    off: { bottom: group('off', 'bottom'), top: group('off', 'top') },
    pips: { bottom: pips('bottom'), top: pips('top') },
    cube: { owner: cube[1]!, value: Number(cube[2]), y: Number(cube[3]) },
  };
}

/** Every checker of each side, on the points, on the bar and borne off. */
function totals(d: Drawn): { bottom: number; top: number } {
  const t = { bottom: d.bar.bottom + d.off.bottom, top: d.bar.top + d.off.top };
  for (const p of d.points.values()) t[p.side] += p.count;
  return t;
}

/** The drawing of each point: five checkers at most, the count written on a taller stack. */
function expectStacksDrawn(d: Drawn): void {
  for (const [n, p] of d.points) {
    expect(p.circles, `point ${n}`).toBe(Math.min(p.count, 5));
    expect(p.label, `point ${n}`).toBe(p.count > 5 ? p.count : null);
  }
}

/** The middle of the board in the SVG's user space (the cube's y is compared to it). */
const MIDDLE_Y = 274;

describe("XG's position exports: pip counts, cube owner and checkers as XG shows them", () => {
  for (const file of refFiles('xg-text', '_EN.txt')) {
    const name = file.slice(file.lastIndexOf('/') + 1);
    test(name, () => {
      const text = readFileSync(file, 'utf8').replace(/^\uFEFF/, '');
      const lines = text.split(/\r?\n/);
      const xgidLine = lines.find((l) => l.startsWith('XGID='))!;
      // "Pip count  X: 111  O: 52 X-O: 3-6/7" and "Cube: 2, O own cube" / "Cube: 1", as XG printed them
      const pip = /Pip count\s+X:\s*(\d+)\s+O:\s*(\d+)/.exec(text)!;
      const cubeLine = /^Cube: (\d+)(?:, ([XO]) own cube)?/m.exec(text)!;
      const v = boardView({ xgid: xgidLine.trim(), names: ['Player 1', 'Player 2'] })!;
      expect(v).not.toBeNull();
      const d = drawn(boardSvg(v));
      expect(d.pips).toEqual({ bottom: Number(pip[1]), top: Number(pip[2]) });
      expect(totals(d)).toEqual({ bottom: 15, top: 15 });
      expectStacksDrawn(d);
      expect(d.cube.value).toBe(Number(cubeLine[1]));
      const owner = cubeLine[2] === 'X' ? 'bottom' : cubeLine[2] === 'O' ? 'top' : 'centre';
      expect(d.cube.owner).toBe(owner);
      // drawn on the owner's side: above the middle for the top player (O), below for X, at it when centred
      if (owner === 'top') expect(d.cube.y).toBeLessThan(MIDDLE_Y - 100);
      else if (owner === 'bottom') expect(d.cube.y).toBeGreaterThan(MIDDLE_Y + 100);
      else expect(Math.abs(d.cube.y + 18 - MIDDLE_Y)).toBeLessThan(1);

      // XG's text board: the 11 lines from the frame line after the top numbers (5 rows, BAR, 5 rows)
      const top = lines.findIndex((l) => /^\s*\+13-14-15-16-17-18/.test(l));
      const xgRows = lines.slice(top + 1, top + 12).map((l) => {
        const m = /\|(.{18})\|(...)\|(.{18})\|/.exec(l)!;
        return `${m[1]}|${m[3]}`;
      });
      const board = renderTextBoard(v, { ascii: true });
      const mine = board.slice(1, 12).map((l) => `${l.slice(1, 19)}|${l.slice(24, 42)}`);
      expect(mine).toEqual(xgRows);
      // bdb's text: the pip counts XG printed
      expect(board[1]).toContain(`${pip[2]} pips`);
      expect(board[11]).toContain(`${pip[1]} pips`);
    });
  }
});

describe('test.xg: the positions of the review against the XG record decoded by xgdatatools', () => {
  const match: Match = parseBytes(bytesOf(`${REF_DIR}xg/test.xg`), {
    file: 'test.xg',
    met,
  }).match;
  const review = buildReview(match, met);
  const records = gunzipText(`${REF_DIR}xg-records/test.records.jsonl.gz`)
    .split('\n')
    .filter((l) => l.trim() !== '')
    .map((l) => JSON.parse(l) as { _record: string; PositionI?: number[]; CubeA?: number; Dice?: number[] });

  /** The `move`-th move record (1-based, both players' rolls) of game `game` (1-based). */
  function moveRecord(game: number, move: number): { PositionI: number[]; CubeA: number; Dice: number[] } {
    let g = 0;
    let m = 0;
    for (const r of records) {
      if (r._record === 'HeaderGameEntry') {
        g++;
        m = 0;
      } else if (g === game && r._record === 'MoveEntry' && ++m === move) {
        return r as { PositionI: number[]; CubeA: number; Dice: number[] };
      }
    }
    throw new Error(`no move record ${game}/${move}`);
  }

  // Kévin Unger's decisions to review (bdb review test.xg): game 2 move 34 (42, cube 2 the opponent's) and
  // game 5 move 32 (53, a checker on the bar, cube 2 his own)
  const kevin = review.reviews[0];
  for (const [game, move] of [
    [2, 34],
    [5, 32],
  ] as const) {
    test(`game ${game}, move ${move}`, () => {
      const d = kevin.toReview.find((x) => x.game === game && x.move === move)!;
      expect(d).toBeDefined();
      const rec = moveRecord(game, move);
      const pos = rec.PositionI;
      const v: BoardView = boardView({
        xgid: d.xgid,
        names: ['Kévin Unger', 'Maxence Job'],
        played: { text: d.checker!.played },
        best: { text: d.checker!.best },
      })!;
      const svg = boardSvg(v);
      const drawnBoard = drawn(svg);
      // every point as XG stored it: > 0 the mover's (drawn at the bottom), < 0 the opponent's
      for (let p = 1; p <= 24; p++) {
        const c = pos[p]!;
        const got = drawnBoard.points.get(p);
        if (c === 0) expect(got, `point ${p}`).toBeUndefined();
        else expect(got, `point ${p}`).toMatchObject({ side: c > 0 ? 'bottom' : 'top', count: Math.abs(c) });
      }
      expect(drawnBoard.bar).toEqual({ bottom: pos[25]!, top: Math.abs(pos[0]!) });
      expect(totals(drawnBoard)).toEqual({ bottom: 15, top: 15 });
      expectStacksDrawn(drawnBoard);
      // pip counts from XG's record: the mover's point p is p pips away, the opponent's 25 − p, a bar 25
      let mover = 25 * pos[25]!;
      let opponent = 25 * Math.abs(pos[0]!);
      for (let p = 1; p <= 24; p++) {
        if (pos[p]! > 0) mover += p * pos[p]!;
        else opponent += (25 - p) * -pos[p]!;
      }
      expect(drawnBoard.pips).toEqual({ bottom: mover, top: opponent });
      // CubeA = ±log2 of the cube: + the mover (bottom) owns it, − the opponent (top)
      expect(drawnBoard.cube).toMatchObject({
        owner: rec.CubeA > 0 ? 'bottom' : rec.CubeA < 0 ? 'top' : 'centre',
        value: 2 ** Math.abs(rec.CubeA),
      });
      // the dice XG stored, drawn
      const dice = [...svg.matchAll(/<g class="die" data-value="(\d)">/g)].map((m) => Number(m[1]));
      expect(dice.sort()).toEqual([...rec.Dice].sort());
      // both plays drawn as arrows, one per checker moved
      expect(v.played?.hops?.length).toBe(2);
      expect(svg).toContain('<g class="arrows played" data-hops="2">');
      expect(svg).toContain('<g class="arrows best" data-hops="2">');
      // the text board: 13 lines of at most 80 columns, the pip counts of XG's record
      const lines = renderTextBoard(v);
      expect(lines).toHaveLength(13);
      for (const l of lines) expect([...l].length).toBeLessThanOrEqual(80);
      expect(lines[1]).toContain(`${opponent} pips`);
      expect(lines[11]).toContain(`${mover} pips`);
    });
  }
});

describe('board text and figure', () => {
  const start = 'XGID=-b----E-C---eE---c-e----B-:0:0:1:52:2:4:0:7:10';

  test('the starting position: 167 pips a side (the standard start), cube centred', () => {
    const v = boardView({ xgid: start })!;
    expect(v.pips).toEqual([167, 167]);
    expect(v.off).toEqual([0, 0]);
    expect(drawn(boardSvg(v)).cube.owner).toBe('centre');
  });

  test('an unknown or unreadable XGID draws nothing', () => {
    expect(boardView({ xgid: null })).toBeNull();
    expect(boardView({ xgid: 'XGID=nonsense' })).toBeNull();
  });

  test('a play that does not fit the position gets no arrow, and its text stays in the caption', () => {
    const v = boardView({ xgid: start, played: { text: '20/14 6/1', equity: '-0.100' } })!;
    expect(v.played?.hops).toBeNull();
    const fig = boardFigure(v);
    expect(fig).not.toContain('class="arrows');
    expect(fig).toContain('20/14 6/1');
    expect(fig).toContain('-0.100');
  });

  test('a stack of more than five shows its count; ASCII mode is ASCII only and fits 80 columns', () => {
    // seven checkers on the bottom player's 6-point, one on his bar, two of the opponent's on theirs
    const v = boardView({
      xgid: 'XGID=b-----G-C---cB---c-e----BA:0:0:1:31:0:0:0:0:10',
      names: ['Zoë Ångström', '李雷'],
    })!;
    const d = drawn(boardSvg(v));
    expect(d.points.get(6)).toMatchObject({ count: 7, circles: 5, label: 7 });
    expect(d.bar).toEqual({ bottom: 1, top: 2 });
    expect(totals(d)).toEqual({ bottom: 15, top: 15 });
    const ascii = renderTextBoard(v, { ascii: true });
    for (const l of ascii) {
      expect(l).toMatch(/^[\x20-\x7e]*$/);
      expect(l.length).toBeLessThanOrEqual(80);
    }
    expect(ascii[12]).toContain('X Zoe Angstrom');
    // the 6-point's fifth row shows the count; the bar column shows each side's checkers
    expect(ascii[7]!.slice(24, 27)).toBe(' 7 ');
    expect(ascii[6]).toContain('|BAR|');
    expect(ascii[5]!.slice(20, 23)).toBe(' O ');
    expect(ascii[4]!.slice(20, 23)).toBe(' O ');
    expect(ascii[7]!.slice(20, 23)).toBe(' X ');
    const uni = renderTextBoard(v, { width: 60, indent: '  ' });
    for (const l of uni) expect([...l].length).toBeLessThanOrEqual(60);
    expect(uni[0]!.startsWith(`  ┌13`)).toBe(true);
    expect([...uni[0]!.slice(2)].slice(0, TEXT_BOARD_WIDTH).join('')).toMatch(/┐$/);
  });
});
