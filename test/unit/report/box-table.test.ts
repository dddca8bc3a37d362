/**
 * bdb draws its tables' boxes itself (src/report/cli-table.ts), as cli-table3 0.6.5 drew them before:
 * the default characters, a space each side of a cell, multi-line cells, a rule under the header only
 * (cli-table3 draws one between every row: bdb kept the first), a cut cell ending in `…`. The expected
 * text of each table is cli-table3's own, drawn here by cli-table3 (a development dependency kept for
 * this test) from the same cells: random tables of ASCII, accented, wide (CJK) and empty cells, with
 * and without a header, at their natural widths and at given ones.
 */
import Table from 'cli-table3';
import { describe, expect, test } from 'vitest';
import { seededUniform } from '../../../src/core/random.js';
import { FULL_WIDTH } from '../../../src/core/text-width.js';
import { drawBox, fitTables, type TableSpec } from '../../../src/report/cli-table.js';

/** cli-table3's drawing with bdb's settings of before: no colours, the rule under the header only. */
function cliTable3(t: TableSpec, widths: readonly number[] | null): string {
  const table = new Table({
    ...(t.head ? { head: [...t.head] } : {}),
    style: { head: [], border: [] },
    ...(widths ? { colWidths: [...widths] } : {}),
  });
  for (const r of t.rows) table.push([...r]);
  let seen = false;
  return table
    .toString()
    .split('\n')
    .filter((line) => {
      if (!line.startsWith('├')) return true;
      if (!t.head || seen) return false;
      seen = true;
      return true;
    })
    .join('\n');
}

const WORDS = [
  'PR',
  '7.79',
  'Kévin Unger',
  '李雷',
  'Zoë',
  '',
  'n/a',
  'a much longer cell of words',
  '½',
  '−0.123',
  '≤ 2',
];

function randomTable(rnd: () => number): TableSpec {
  const cols = 1 + Math.floor(rnd() * 5);
  const cell = (): string => {
    const parts = 1 + Math.floor(rnd() * 3);
    const words = Array.from({ length: parts }, () => WORDS[Math.floor(rnd() * WORDS.length)]!);
    return rnd() < 0.15 ? words.join('\n') : words.join(' ').trim();
  };
  const rows = Array.from({ length: Math.floor(rnd() * 5) }, () => Array.from({ length: cols }, cell));
  return { head: rnd() < 0.7 ? Array.from({ length: cols }, cell) : null, rows };
}

describe('the tables drawn as cli-table3 drew them', () => {
  test('1,000 random tables at their natural widths', () => {
    for (let seed = 1; seed <= 1000; seed++) {
      const t = randomTable(seededUniform(seed));
      expect(drawBox(t, null), `seed ${seed}`).toBe(cliTable3(t, null));
    }
  });

  test('1,000 random tables at given widths (cells cut with … where wider)', () => {
    for (let seed = 1; seed <= 1000; seed++) {
      const rnd = seededUniform(seed);
      const t = randomTable(rnd);
      const n = Math.max(t.head?.length ?? 0, ...t.rows.map((r) => r.length));
      const widths = Array.from({ length: n }, () => 3 + Math.floor(rnd() * 14));
      expect(drawBox(t, widths), `seed ${seed}`).toBe(cliTable3(t, widths));
    }
  });

  test('the tables bdb prints, through its layout: a cell cut, an empty header, no rows', () => {
    const t: TableSpec = {
      head: ['h', 'wide'],
      rows: [
        ['abcdefgh', '李雷李雷李雷'],
        ['ab', 'x'],
      ],
    };
    expect(drawBox(t, [6, 7])).toBe(cliTable3(t, [6, 7]));
    expect(drawBox({ head: [], rows: [['a'], ['b']] }, null)).toBe(
      cliTable3({ head: [], rows: [['a'], ['b']] }, null),
    );
    expect(drawBox({ head: ['a'], rows: [] }, null)).toBe(cliTable3({ head: ['a'], rows: [] }, null));
    expect(drawBox({ head: null, rows: [] }, [3, 4])).toBe(cliTable3({ head: null, rows: [] }, [3, 4]));
    // and fitTables, at the full width, is that box of the cells as printed
    const wide: TableSpec = {
      head: ['Player', 'PR'],
      rows: [
        ['Kévin Unger', '7.79'],
        ['Maxence Job', '13.87'],
      ],
    };
    expect(fitTables([wide], FULL_WIDTH)[0]).toBe(cliTable3(wide, null));
  });
});
