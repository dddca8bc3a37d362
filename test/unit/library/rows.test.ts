import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { matchRows } from '../../../src/library/rows.js';
import { decodeTally, encodeTally } from '../../../src/library/tally-codec.js';
import { defaultMet } from '../../../src/metrics/match-report.js';
import { matchTallies } from '../../../src/metrics/player-stats.js';
import { parseMatchFiles } from '../../../src/parsers/index.js';

describe('stored tallies', () => {
  it('a match gives one row per decision and the tallies the metrics layer makes', () => {
    const file = new URL('../../reference-matches/xg/test.xg', import.meta.url);
    const met = defaultMet();
    const { match, warnings } = parseMatchFiles([{ file: 'test.xg', bytes: readFileSync(file) }], met);
    const rows = matchRows(met, match, warnings, 7, ['test.xg'], 'fp');
    const decisions = match.games.reduce((n, g) => n + g.decisions.length, 0);
    expect(rows.decisions).toHaveLength(decisions);
    expect(rows.games).toHaveLength(match.games.length);
    expect(rows.tallies).toEqual(matchTallies(met, match));
    expect(decodeTally(String(rows.players[0][3]))).toEqual(rows.tallies[0]);
    expect(decodeTally(String(rows.players[1][3]))).toEqual(rows.tallies[1]);
    // infinite luck (gnuBG's LU[-inf]) and money contexts survive too
    const t = structuredClone(rows.tallies[0]);
    const g = t.states.gnubg;
    g.match!.sides[0].luckEmg = [-Infinity];
    g.money = structuredClone(g.match);
    g.matchLength = null;
    expect(decodeTally(encodeTally(t))).toEqual(t);
    // counted decisions per seat equal the tally's (XG: 162 and 140 decisions on test.xg, expected/test.xg.json)
    const counted = [0, 0];
    for (const d of rows.decisions) if (d[17] === true) counted[Number(d[4])]!++;
    expect(counted).toEqual([162, 140]);
  });

  it('a sink gets the same rows, in one array filled anew for each decision', () => {
    // the reference is the same function without a sink (a new array per row)
    const file = new URL('../../reference-matches/xg/test.xg', import.meta.url);
    const met = defaultMet();
    const { match, warnings } = parseMatchFiles([{ file: 'test.xg', bytes: readFileSync(file) }], met);
    const kept = matchRows(met, match, warnings, 7, ['test.xg'], 'fp').decisions;
    const sunk: unknown[][] = [];
    const arrays = new Set<unknown>();
    const r = matchRows(met, match, warnings, 7, ['test.xg'], 'fp', (row) => {
      arrays.add(row);
      sunk.push([...row]);
    });
    expect(r.decisions).toEqual([]);
    expect(arrays.size).toBe(1);
    expect(sunk).toEqual(kept);
  });
});
