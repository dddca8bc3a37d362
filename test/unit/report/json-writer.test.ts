import { describe, expect, it } from 'vitest';
import { type JsonReport, JsonReportWriter, jsonHead, renderJson } from '../../../src/report/json.js';

const settings = {
  thresholds: { preset: 'xg', errorMpt: 20, blunderMpt: 80 },
  difficultyTauEmg: 0.025,
  met: { name: 'Kazaross XG2 25 point MET', file: null },
  interval: { method: 'closed' as const, resamples: null, seed: null },
};

function written(report: JsonReport): string {
  let s = '';
  const w = new JsonReportWriter((chunk) => {
    s += chunk;
  }, report.settings);
  for (const m of report.matches) w.match(m);
  w.end(report);
  return s;
}

describe('JsonReportWriter', () => {
  const match = {
    file: 'a.sgf',
    format: 'sgf',
    matchLength: 7,
    players: ['A', 'B'] as const,
    games: 3,
    winner: null,
    finalScore: [7, 2] as const,
    date: null,
    event: 'E "quoted"\n',
    analyser: { program: 'GNU Backgammon', checkerDepth: null, cubeDepth: null },
    warnings: [{ line: 3, message: 'x' }],
    stats: [] as unknown as JsonReport['matches'][number]['stats'],
  };
  it('writes the bytes renderJson writes, with no match, one, or several', () => {
    for (const matches of [[], [match], [match, { ...match, file: 'b.sgf', warnings: [] }]]) {
      const report: JsonReport = {
        ...jsonHead('stats'),
        settings,
        matches,
        players: [],
        failures: [{ file: 'c', message: 'bad' }],
        duplicates: [{ file: 'd.mat', sameAs: 'a.sgf' }],
      };
      expect(written(report)).toBe(renderJson(report));
    }
  });
});
