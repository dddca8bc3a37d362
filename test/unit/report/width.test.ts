/**
 * Text and tables that fit a width (src/core/text-width.ts, src/report/cli-table.ts): lines broken at spaces
 * or between ` · ` parts, never inside a word; tables drawn as wide as their cells with no limit, else with
 * long cells wrapped, else split into tables of fewer columns, else a paragraph per row. The widths below
 * are counted by hand from the strings.
 */
import { describe, expect, test } from 'vitest';
import { displayWidth, FULL_WIDTH, wrapParts, wrapSummary, wrapText } from '../../../src/core/text-width.js';
import { fitTable } from '../../../src/report/cli-table.js';

/** Code points per line: every string below is one column per code point (no wide character). */
const widths = (text: string): number[] => text.split('\n').map((l) => [...l].length);

describe('displayWidth', () => {
  test('CJK two columns, combining marks none, Latin one', () => {
    expect(displayWidth('李雷 vs Zoë')).toBe(11); // 李 and 雷 two each, " vs Zoë" seven
    expect(displayWidth('Zoe\u0308')).toBe(3); // e + combining diaeresis
    expect(displayWidth('├──●─┤ ℓ − d')).toBe(12);
  });
});

describe('wrapText and wrapParts', () => {
  test('full width: the line as it is', () => {
    const long = 'word '.repeat(60).trim();
    expect(wrapText(long, FULL_WIDTH)).toEqual([long]);
  });

  test('broken at spaces, each line within the width; a unit stays with its number', () => {
    const text = 'Errors: e ≥ 0.02 EMG (xg thresholds 20/80 mpt); luck +26.35 % in the match';
    const lines = wrapText(text, 30);
    expect(lines.join(' ')).toBe(text);
    for (const l of lines) expect(displayWidth(l)).toBeLessThanOrEqual(30);
    expect(lines.some((l) => l.startsWith('%'))).toBe(false);
  });

  test('a word longer than the width keeps a line of its own, whole', () => {
    const xgid = 'XGID=-AaCaCDBB---------ab-bbbd-:1:-1:1:42:1:0:0:7:10';
    expect(wrapText(`position ${xgid} to study`, 20)).toEqual(['position', xgid, 'to study']);
  });

  test('a · summary breaks between its parts, the separator dropped at a break, with a hanging indent', () => {
    // "  game 2 move 34 · played 5/1 3/1" is 33 columns; with " · best 8/4* 6/4" 49, over 40
    const lines = ['  game 2 move 34 · played 5/1 3/1', '    best 8/4* 6/4'];
    expect(
      wrapSummary('game 2 move 34 · played 5/1 3/1 · best 8/4* 6/4', 40, { indent: '  ', hang: '    ' }),
    ).toEqual(lines);
    expect(
      wrapParts(['game 2 move 34', 'played 5/1 3/1', 'best 8/4* 6/4'], ' · ', 40, {
        indent: '  ',
        hang: '    ',
      }),
    ).toEqual(lines);
  });
});

describe('fitTable', () => {
  const head = ['Player', 'Matches', 'PR', 'PR 95 %', 'Checker', 'Cube', 'Decisions'];
  const rows = [
    ['Kévin Unger', '1', '7.79', '6.0–9.5', '7.40', '11.08', '162'],
    ['Maxence Job', '1', '13.87', '9.5–18.3', '14.51', '8.88', '140'],
  ];

  test('full width: as cli-table3 draws it, one line per row', () => {
    const t = fitTable({ head, rows }, FULL_WIDTH);
    // 7 columns of 11+2, 7+2, 5+2, 8+2, 7+2, 5+2, 9+2 columns and 8 rules: 74 columns; 3 rules, 3 rows
    expect(widths(t)).toEqual([74, 74, 74, 74, 74, 74]);
  });

  test('narrower than the cells: split into tables that each repeat the first column', () => {
    const t = fitTable({ head, rows }, 50);
    for (const w of widths(t)) expect(w).toBeLessThanOrEqual(50);
    const tables = t.split('\n').filter((l) => l.startsWith('│ Player'));
    expect(tables.length).toBe(2);
    // every cell still there, whole
    for (const cell of [...head, ...rows.flat()]) expect(t).toContain(cell);
  });

  test('a long text cell wraps at its spaces, continuation lines indented', () => {
    const t = fitTable(
      {
        head: null,
        rows: [
          ['Luck-adjusted result A', '+23.65 % (result +50.00 %, luck +26.35 %)'],
          ['Luck coverage', '100 % (331 of 331 rolls)'],
        ],
      },
      50,
    );
    for (const w of widths(t)) expect(w).toBeLessThanOrEqual(50);
    // continuation lines indented by two; "+26.35 %" not broken before its unit; short cells whole
    expect(t).toMatch(/│ {3}\S/);
    expect(t).toContain('+26.35 %');
    expect(t).toContain('│ 100 % (331 of 331 rolls) │');
    expect(t.split('\n').filter((l) => l.startsWith('├'))).toEqual([]);
  });

  test("records: a paragraph per row when the cells cannot wrap (XGIDs); 'Column: value' parts", () => {
    const xgid = 'XGID=-AaCaCDBB---------ab-bbbd-:1:-1:1:42:1:0:0:7:10';
    const t = fitTable(
      {
        head: ['#', 'Family', 'Played', 'XGID', 'File'],
        rows: [['1', 'blitz/checker/gammon', '5/1 3/1', xgid, 'test/reference-matches/xg/test.xg']],
      },
      60,
      { narrow: 'records' },
    );
    expect(t.split('\n')).toEqual([
      '1. Family: blitz/checker/gammon · Played: 5/1 3/1',
      `   ${xgid}`,
      '   File: test/reference-matches/xg/test.xg',
    ]);
  });
});
