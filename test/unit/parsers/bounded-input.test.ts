/**
 * Inputs bounded in what they cost: player and event names as every reader keeps them (normalizeName: NFC,
 * control characters turned to spaces, at most 128 characters; a 1 MB name made every table column 1 MB
 * wide, 76 MB of output, and escapes or U+2028 in a name went raw into tables and messages), and match
 * files of more than 5,000 games refused where the limit is passed.
 */
import { describe, expect, test } from 'vitest';
import { defaultMet, PlayerAggregator, reportMatch } from '../../../src/metrics/match-report.js';
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

// a file of tens of thousands of games held every decision in memory (a 14.5 MB .mat of 28,000 games: 850 MB)
describe('a match file of more than 5,000 games', () => {
  const met = defaultMet();
  test('.mat: refused at the line of game 5,001', () => {
    let text = '; [Site "test"]\n\n 0 point match\n';
    for (let g = 1; g <= 5001; g++)
      text += `\n Game ${g}\n Alice : 0                     Bob : 0\n  1) 31: 8/5 6/5\n      Wins 1 point\n`;
    const line = text.split('\n').indexOf(' Game 5001') + 1;
    expect(() => parseBytes(new TextEncoder().encode(text), { file: 'many.mat', met })).toThrow(
      new RegExp(`^many\\.mat:${line}:1: more than 5000 games`),
    );
  });

  test('.sgf: refused at the line of tree 5,001', () => {
    const text = Array.from({ length: 5001 }, () => '(;FF[4]GM[6]MI[length:0]\n;W[31hefe])\n').join('');
    expect(() => parseBytes(new TextEncoder().encode(text), { file: 'many.sgf', met })).toThrow(
      /^many\.sgf:10001:1: more than 5000 games/,
    );
  });
});
