import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { defaultMet, parseMatchFiles } from '../../../src/analyse.js';
import { fromJson, matchRows, toJson } from '../../../src/library/rows.js';
import { matchTallies } from '../../../src/metrics/player-stats.js';

describe('stored tallies', () => {
  it('JSON keeps every double bit for bit, and ±Infinity (gnuBG LU[-inf])', () => {
    const v = { a: 0.1 + 0.2, b: -Infinity, c: [Infinity, 1e-300, -0.5], d: null, e: 'x' };
    expect(fromJson(toJson(v))).toEqual(v);
  });

  it('a match gives one row per decision and the tallies the metrics layer makes', () => {
    const file = new URL('../../reference-matches/xg/test.xg', import.meta.url);
    const met = defaultMet();
    const { match, warnings } = parseMatchFiles([{ file: 'test.xg', bytes: readFileSync(file) }], met);
    const rows = matchRows(met, match, warnings, 7, ['test.xg'], 'fp');
    const decisions = match.games.reduce((n, g) => n + g.decisions.length, 0);
    expect(rows.decisions).toHaveLength(decisions);
    expect(rows.games).toHaveLength(match.games.length);
    expect(rows.tallies).toEqual(matchTallies(met, match));
    expect(fromJson(String(rows.players[0][3]))).toEqual(rows.tallies[0]);
    // counted decisions per seat equal the tally's (XG: 162 and 140 decisions on test.xg, expected/test.xg.json)
    const counted = [0, 0];
    for (const d of rows.decisions) if (d[17] === true) counted[Number(d[4])]!++;
    expect(counted).toEqual([162, 140]);
  });
});
