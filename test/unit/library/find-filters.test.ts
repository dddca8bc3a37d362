/**
 * `bdb find`'s filters as typed (src/library/find-filters.ts): the pattern's syntax read into per-point
 * conditions and written back, the XGID pattern, ranges, dice, and each bad token refused with its reason.
 */
import { describe, expect, it } from 'vitest';
import { UsageError } from '../../../src/errors.js';
import {
  filtersText,
  parseDice,
  parsePattern,
  parseRange,
  parseScore,
  parseXgidPattern,
  patternText,
} from '../../../src/library/find-filters.js';

describe('the pattern', () => {
  it('points, bar and off; alone at least one, +N at least N, =N exactly N', () => {
    expect(parsePattern('me:6,8+2 opp:bar  me:off=0 OPP:5=1')).toEqual([
      { side: 'me', point: 6, op: 'atLeast', count: 1 },
      { side: 'me', point: 8, op: 'atLeast', count: 2 },
      { side: 'opp', point: 'bar', op: 'atLeast', count: 1 },
      { side: 'me', point: 'off', op: 'exactly', count: 0 },
      { side: 'opp', point: 5, op: 'exactly', count: 1 },
    ]);
    expect(patternText(parsePattern('me:6,8+2 opp:bar me:off=0 opp:5=1'))).toBe('me:6,8+2,off=0 opp:bar,5=1');
  });

  it('a bad token is a usage error naming it and why', () => {
    const why = (text: string): string => {
      try {
        parsePattern(text);
      } catch (e) {
        expect(e).toBeInstanceOf(UsageError);
        return (e as Error).message;
      }
      return 'accepted';
    };
    expect(why('me:6 6')).toBe('--pattern: "6": expected me:POINTS or opp:POINTS (e.g. me:6,8 opp:bar)');
    expect(why('them:6')).toBe('--pattern: "them:6": the side is me or opp, not them');
    expect(why('me:0')).toBe('--pattern: "me:0": point 0 is not 1–24 (or bar, off)');
    expect(why('me:6,,8')).toBe('--pattern: "me:6,,8": an empty point (two commas, or nothing after :)');
    expect(why('me:6+0')).toBe(
      '--pattern: "me:6+0": 6+0: at least 0 checkers holds everywhere; write =0 for an empty point',
    );
    expect(why('me:6=16')).toBe('--pattern: "me:6=16": 6=16: a side has 15 checkers');
    expect(why('me:six')).toMatch(/^--pattern: "me:six": "six" is not a point/);
    expect(why('   ')).toBe('--pattern is empty: give e.g. "me:6,8,13 opp:bar"');
  });
});

describe('the other filters', () => {
  it('--xgid: with or without XGID=, the position alone, ? kept; a bad character named', () => {
    const start = '-b----E-C---eE---c-e----B-';
    expect(parseXgidPattern(`XGID=${start}:0:0:1:52:0:0:0:7:10`)).toBe(start);
    expect(parseXgidPattern('-b????E-C---eE---c-e----B-')).toBe('-b????E-C---eE---c-e----B-');
    expect(() => parseXgidPattern('-b----E-C')).toThrow('the position field has 9 characters, expected 26');
    expect(() => parseXgidPattern('-b----E-C---eE---c-e----B*')).toThrow(
      `position character 25 "*" is not '-', A–P, a–p or ? (any)`,
    );
  });

  it('ranges, dice in either order, the score', () => {
    expect(parseRange('--pips-me', '60-90')).toEqual({ min: 60, max: 90 });
    expect(parseRange('--pips-me', '60-')).toEqual({ min: 60 });
    expect(parseRange('--pips-me', '-90')).toEqual({ max: 90 });
    expect(parseRange('--pips-me', '75')).toEqual({ min: 75, max: 75 });
    expect(() => parseRange('--pips-me', '90-60')).toThrow('--pips-me: 90 is more than 60');
    expect(() => parseRange('--pips-me', '-')).toThrow('--pips-me expects N, N-M, N- or -M');
    expect([parseDice('13'), parseDice('31'), parseDice('Doubles')]).toEqual(['31', '31', 'doubles']);
    expect(() => parseDice('71')).toThrow('--dice expects a roll such as 31');
    expect(parseScore('2-4')).toEqual([2, 4]);
    expect(() => parseScore('0-4')).toThrow('--score expects the away scores A-B');
  });

  it('the filters written back as options, quoted where a shell needs it', () => {
    expect(
      filtersText({
        players: ['Kévin Unger'],
        kind: 'checker',
        pattern: parsePattern('me:bar opp:5+2'),
        score: [2, 4],
        errorClass: { name: 'error', preset: 'gnubg', errorMpt: 40, blunderMpt: 80 },
        allDecisions: true,
      }),
    ).toBe(
      "--player 'Kévin Unger' --kind checker --pattern 'me:bar opp:5+2' --score 2-4 --class error --thresholds gnubg --all-decisions",
    );
  });
});
