/**
 * Player and event names as every reader keeps them (src/parsers/text-decode.ts normalizeName): NFC, control
 * characters turned to spaces, at most 128 characters. A 1 MB name made every table column 1 MB wide
 * (76 MB of output) and terminal escapes or U+2028 in a name went raw into tables and messages.
 */
import { describe, expect, test } from 'vitest';
import { defaultMet, PlayerAggregator, reportMatch } from '../../../src/analyse.js';
import { parseBytes } from '../../../src/parsers/index.js';
import { normalizeName } from '../../../src/parsers/text-decode.js';
import { renderPlayersTable } from '../../../src/report/table.js';

describe('normalizeName', () => {
  test('NFC, trimmed, controls to spaces', () => {
    expect(normalizeName('  Ke\u0301vin Unger ')).toBe('Kévin Unger');
    expect(normalizeName('B\u001b[31mred\u2028x\u0085y\u0000')).toBe('B [31mred x y');
  });

  test('a name longer than 128 characters is cut, ending in "…"', () => {
    expect(normalizeName('A'.repeat(128))).toBe('A'.repeat(128));
    const cut = normalizeName('A'.repeat(1_000_000));
    expect(cut).toHaveLength(128);
    expect(cut.endsWith('A…')).toBe(true);
  });

  test('a 1 MB name in an SGF: the per-person table stays narrow', () => {
    const met = defaultMet();
    const sgf = `(;FF[4]GM[6]MI[length:3]PW[${'A'.repeat(1_000_000)}]PB[Bob]\n;W[31hefe])`;
    const { match } = parseBytes(new TextEncoder().encode(sgf), { file: 'big.sgf', met });
    const agg = new PlayerAggregator();
    agg.add(reportMatch(match, met));
    const lines = renderPlayersTable(agg.results()).split('\n');
    expect(Math.max(...lines.map((l) => l.length))).toBeLessThan(400);
  });
});
