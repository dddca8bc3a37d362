/** `bdb stats --json`: the report of docs/json.md, written as the matches come. */

import type { MatchReport } from '../../metrics/match-report.js';
import { JsonReportWriter, jsonMatch, jsonPlayerStats } from '../json.js';
import type { StatsReporter, StatsSettings, StatsSummary } from './types.js';

/** The JSON reporter; nothing is written before the first match or the summary. */
export function statsJsonReporter(write: (text: string) => void, settings: StatsSettings): StatsReporter {
  let json: JsonReportWriter | null = null;
  const writer = (): JsonReportWriter => {
    json ??= new JsonReportWriter(write, settings.json);
    return json;
  };
  return {
    match: (report: MatchReport) => writer().match(jsonMatch(report)),
    end: ({ players, failures, duplicates }: StatsSummary) =>
      writer().end({
        players: players.map(jsonPlayerStats),
        failures: [...failures],
        duplicates: [...duplicates],
      }),
  };
}
