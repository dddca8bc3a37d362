/**
 * The player's study actions, stored in the library (`study_marks`, schema step 3): `bdb study mark ARG`
 * records that the player studied a position (an XGID or a gnuBG Position ID) or a study-plan family
 * (`plan/nature/theme`) on a UTC day. They feed the before/after of spec/metrics.md §9 (the study day of a
 * family) and keep studied positions out of the reference positions (§8). Marks do not change matches, so
 * they leave `meta.generation` (the per-person totals) alone.
 *
 * Targets are stored in one spelling: an XGID with its `XGID=` prefix and ten fields (a nine-field XGID gets
 * XG's max cube `10`), a Position ID as given, a family in lower case.
 */
import { boardFromPositionId } from '../core/position-id.js';
import { parseXgid } from '../core/xgid-parse.js';
import { familyText, parseFamilyText } from '../metrics/study-plan.js';
import type { Library } from './open.js';
import { rows } from './sql.js';

/** What a mark names. */
export type StudyMarkKind = 'xgid' | 'position_id' | 'family';

/** A study target in its stored spelling. */
export interface StudyTarget {
  readonly target: string;
  readonly kind: StudyMarkKind;
}

/** A stored study action. */
export interface StudyMark extends StudyTarget {
  /** The day studied (ISO YYYY-MM-DD, UTC). */
  readonly day: string;
  /** When the mark was recorded (ISO, UTC). */
  readonly markedAt: string;
}

/**
 * Reads a study target: an XGID (`XGID=…`, or its ten `:`-separated fields), a family `plan/nature/theme`
 * as `bdb plan` prints it, or a Position ID (14 base64 characters). Null when it is none of them (or a
 * malformed XGID / Position ID).
 */
export function parseStudyTarget(arg: string): StudyTarget | null {
  const s = arg.trim();
  if (s.startsWith('XGID=') || s.includes(':')) {
    try {
      parseXgid(s);
    } catch {
      return null;
    }
    const body = s.startsWith('XGID=') ? s.slice(5) : s;
    return { target: `XGID=${body}${body.split(':').length === 9 ? ':10' : ''}`, kind: 'xgid' };
  }
  const family = parseFamilyText(s);
  if (family) return { target: familyText(family), kind: 'family' };
  if (/^[A-Za-z0-9+/]{14}$/.test(s)) {
    try {
      boardFromPositionId(s);
    } catch {
      return null;
    }
    return { target: s, kind: 'position_id' };
  }
  return null;
}

const INSERT = 'INSERT INTO study_marks VALUES ($1, $2, CAST($3 AS DATE), CAST($4 AS TIMESTAMP))';
const SAME = 'SELECT 1 FROM study_marks WHERE target = $1 AND day = CAST($2 AS DATE)';
const COUNT = 'SELECT count(*) FROM study_marks WHERE target = $1';
const DELETE = 'DELETE FROM study_marks WHERE target = $1';
const LIST =
  "SELECT target, kind, CAST(day AS VARCHAR), strftime(marked_at, '%Y-%m-%dT%H:%M:%SZ') FROM study_marks ORDER BY day, marked_at, target";

/** DuckDB's TIMESTAMP text of a moment (UTC, milliseconds). */
function timestampText(at: Date): string {
  return at.toISOString().replace('T', ' ').replace('Z', '');
}

/**
 * Records a study action on `day` (ISO); false when the same target is already marked on that day (nothing
 * written). Several days may be recorded for one target: the first is its study day.
 */
export async function addStudyMark(
  lib: Library,
  t: StudyTarget,
  day: string,
  at: Date = new Date(),
): Promise<boolean> {
  if ((await rows(lib.connection, SAME, [t.target, day])).length > 0) return false;
  await lib.connection.run(INSERT, [t.target, t.kind, day, timestampText(at)]);
  return true;
}

/** Forgets every study action on the target; how many there were. */
export async function removeStudyMarks(lib: Library, t: StudyTarget): Promise<number> {
  const n = Number((await rows(lib.connection, COUNT, [t.target]))[0]?.[0] ?? 0);
  if (n > 0) await lib.connection.run(DELETE, [t.target]);
  return n;
}

/** The stored study actions, by day, then when recorded. */
export async function studyMarks(lib: Library): Promise<StudyMark[]> {
  return (await rows(lib.connection, LIST)).map(([target, kind, day, at]) => ({
    target: String(target),
    kind: String(kind) as StudyMarkKind,
    day: String(day),
    markedAt: String(at),
  }));
}

/**
 * Whether the library holds the target: a decision in that position (XGID or Position ID as bdb writes
 * them for each decision), or for a family a counted decision with that game plan, nature and theme.
 */
export async function targetInLibrary(lib: Library, t: StudyTarget): Promise<boolean> {
  if (t.kind === 'xgid')
    return (
      (await rows(lib.connection, 'SELECT 1 FROM decisions WHERE xgid = $1 LIMIT 1', [t.target])).length > 0
    );
  if (t.kind === 'position_id')
    return (
      (await rows(lib.connection, 'SELECT 1 FROM decisions WHERE position_id = $1 LIMIT 1', [t.target]))
        .length > 0
    );
  const f = parseFamilyText(t.target);
  if (!f) return false;
  return (
    (
      await rows(
        lib.connection,
        `SELECT 1 FROM decisions WHERE counted AND coalesce(game_plan, 'unknown') = $1 AND kind ${
          f.nature === 'checker' ? "= 'checker'" : "IN ('double', 'take')"
        } AND theme = $2 LIMIT 1`,
        [f.plan, f.theme],
      )
    ).length > 0
  );
}
