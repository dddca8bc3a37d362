/**
 * The counts a `bdb study` family's windows must equal, by the test's own SQL over the library's
 * `decisions` view (not bdb study's code): Llabba's decision rows (both spellings of the name), match play,
 * counted, of the family's game plan and nature, in matches dated strictly before / after `day`. Columns:
 * nb, na (N before, after), eb, ea (the family's errors: is_error with its theme), lb, la (their Σ mwc_loss).
 */
export function familyCountsSql(
  f: { readonly plan: string; readonly nature: string; readonly theme: string },
  day: string,
): string {
  const kinds = f.nature === 'checker' ? "('checker')" : "('double', 'take')";
  const error = `d.is_error AND d.theme = '${f.theme}'`;
  return `SELECT
      CAST(count(*) FILTER (WHERE m.day < DATE '${day}') AS INTEGER) AS nb,
      CAST(count(*) FILTER (WHERE m.day > DATE '${day}') AS INTEGER) AS na,
      CAST(count(*) FILTER (WHERE m.day < DATE '${day}' AND ${error}) AS INTEGER) AS eb,
      CAST(count(*) FILTER (WHERE m.day > DATE '${day}' AND ${error}) AS INTEGER) AS ea,
      coalesce(sum(d.mwc_loss) FILTER (WHERE m.day < DATE '${day}' AND ${error}), 0) AS lb,
      coalesce(sum(d.mwc_loss) FILTER (WHERE m.day > DATE '${day}' AND ${error}), 0) AS la
    FROM decisions d JOIN matches m USING (match_id)
    WHERE d.player IN ('Llabba', 'llabba') AND d.counted AND d.match_length > 0
      AND d.game_plan = '${f.plan}' AND d.kind IN ${kinds}`;
}

/** A window of a family in `bdb study --json` (docs/schema/study.schema.json). */
export interface StudyWindowJson {
  matches: number;
  decisions: number;
  errors: number;
  lossMwc: number;
  lossSquaresMwc: number;
  rateMwcPctPer100: number | null;
}

/** A studied family in `bdb study --json`, as both study tests read it. */
export interface StudiedFamilyJson {
  family: string;
  plan: string;
  nature: 'checker' | 'cube';
  theme: string;
  members: number;
  studiedOn: string;
  marks: { target: string; targetKind: string; day: string }[];
  before: StudyWindowJson;
  after: StudyWindowJson;
  deltaMwcPctPer100: number | null;
  low: number | null;
  high: number | null;
  verdict: string;
}
