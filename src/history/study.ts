/**
 * `bdb study`: for each study-plan family the player has studied, the rate of loss before and after the
 * study day (spec/metrics.md §9; the formula and its unit are src/metrics/before-after.ts).
 *
 * Study day of a family = the earliest day among the study marks (src/library/study-marks.ts) on the family
 * itself and on any of its member positions, and the answers of `bdb drill` (src/library/drill.ts) on its
 * member positions — a position (XGID or gnuBG Position ID, as bdb writes them for each decision) belongs
 * to a family when one of the player's errors in that position is a member of that family. A drill answer
 * is a study action on its position (its XGID) and kind of decision: it dates the family of the player's
 * error of that kind there (an answer's day is the UTC day it was given). Marks and answers date a family
 * alike: a mark and an answer on one position on one day give the same before/after.
 *
 * Decisions are classified exactly as `bdb plan` classifies them (src/report/plan.ts `planError`,
 * `decisionPlanToken`): the player's counted decisions (XG's rules); an error is one with e ≥ the Error
 * threshold of the thresholds in force; its family is (game plan of the decision maker, nature, theme), an
 * error without theme joining none. Per window (matches dated strictly before / strictly after the study
 * day, by the match's day as the library stores it; undated matches in neither):
 *   N  = the player's counted decisions of the family's game plan and nature in match-play matches
 *        (length > 0);
 *   Σℓ = the MWC losses (ℓ, fractions of a match) of the family's errors in those matches (an error without
 *        ℓ adds nothing), Σℓ² likewise.
 *
 * Memory: sums per day (of match) and per family, and per day and per (game plan, nature): never the
 * matches themselves.
 */

import { isoDay } from '../core/dates.js';
import type { DrilledPosition } from '../library/drill.js';
import type { StudyMark } from '../library/study-marks.js';
import { canonicalName } from '../metrics/match-report.js';

export type { DrilledPosition } from '../library/drill.js';
export type { StudyMark } from '../library/study-marks.js';

import type { Met } from '../met/index.js';
import { decisionType } from '../metrics/accumulator.js';
import { type AnalysisAudit, AuditCollector } from '../metrics/analysis-mix.js';
import { type BeforeAfter, beforeAfter, type WindowSums, windowRate } from '../metrics/before-after.js';
import { isCounted } from '../metrics/counting.js';
import { decisionError } from '../metrics/decision-error.js';
import { type ErrorThresholds, reachesThreshold, thresholdEquity } from '../metrics/difficulty.js';
import type { StoredStudyMatch } from '../metrics/plan-columns.js';
import { type FamilyKey, familyText, parseFamilyText, type StudyPlanInput } from '../metrics/study-plan.js';
import type { Match } from '../model/types.js';
import { decisionPosition } from '../review/position.js';
import { decisionPlanToken, type PlanRef, planError, storedPlanInput } from './plan-errors.js';

/** The sums of one window, with its counts. */
export interface StudyWindow extends WindowSums {
  /** Match-play matches of the player in the window. */
  readonly matches: number;
  /** The family's errors in the window (match play). */
  readonly errors: number;
  /** r, MWC points per 100 decisions; null when N = 0. */
  readonly rate: number | null;
}

/** The before/after of one studied family. */
export interface StudiedFamily extends FamilyKey {
  /** `plan/nature/theme`. */
  readonly family: string;
  /** The study day (ISO): the first study action (mark or drill answer) on the family or a member position. */
  readonly studied: string;
  /** The marks that date the family (on itself or on a member position). */
  readonly marks: readonly StudyMark[];
  /** The drilled member positions (by their first answer), and their answers in all. */
  readonly drilled: readonly DrilledPosition[];
  readonly drillAnswers: number;
  /** The player's errors of the family in all their matches (dated or not, money included). */
  readonly members: number;
  readonly before: StudyWindow;
  readonly after: StudyWindow;
  readonly figures: BeforeAfter;
}

/** What `bdb study` reports. */
export interface StudyReport {
  readonly player: string;
  /** The player's matches read, and those without a readable date (in no window). */
  readonly matches: number;
  readonly undated: number;
  /** Studied families, by study day, then family. */
  readonly families: readonly StudiedFamily[];
  /**
   * Marks that date no family: positions where the player made no error of a family (or not in the library),
   * and families this bdb no longer names.
   */
  readonly unmatched: readonly StudyMark[];
  /** Which analysers and depths the player's matches read mix, and those below BMAB's norm (as `bdb stats`). */
  readonly audit: AnalysisAudit;
  /** Drilled positions that date no family: no error of the player of that kind there. */
  readonly undrilled: readonly DrilledPosition[];
}

/** String order (code units), as ISO days and family texts sort. */
function order(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

/** Per-day sums of a family's errors. */
interface ErrorDay {
  errors: number;
  loss: number;
  lossSquares: number;
}

interface FamilyEntry {
  readonly key: FamilyKey;
  members: number;
  readonly byDay: Map<string, ErrorDay>;
  /** Position marks matched by a member. */
  readonly marks: Set<StudyMark>;
  /** Drilled positions matched by a member of the same kind. */
  readonly drilled: Set<DrilledPosition>;
}

/** Collects one person's decisions over matches, then reports the before/after of the studied families. */
export class StudyCollector {
  private readonly met: Met;
  private readonly threshold: number;
  private readonly aliases: ReadonlyMap<string, string>;
  private readonly person: string;
  private readonly marks: readonly StudyMark[];
  /** Position marks by XGID and by Position ID. */
  private readonly byXgid = new Map<string, StudyMark[]>();
  private readonly byPositionId = new Map<string, StudyMark[]>();
  private readonly drilled: readonly DrilledPosition[];
  /** Drilled positions by XGID. */
  private readonly drilledByXgid = new Map<string, DrilledPosition[]>();
  private readonly families = new Map<string, FamilyEntry>();
  /** Counted match-play decisions per `plan/nature`, per day. */
  private readonly decisions = new Map<string, Map<string, number>>();
  /** Match-play matches per day. */
  private readonly matchDays = new Map<string, number>();
  private matches = 0;
  private undated = 0;
  private readonly audit = new AuditCollector();

  constructor(
    met: Met,
    thresholds: ErrorThresholds,
    opts: { aliases: ReadonlyMap<string, string>; person: string },
    marks: readonly StudyMark[],
    drilled: readonly DrilledPosition[] = [],
  ) {
    this.met = met;
    this.threshold = thresholdEquity(thresholds.errorMpt);
    this.aliases = opts.aliases;
    this.person = opts.person;
    this.marks = marks;
    for (const m of marks) {
      const index = m.kind === 'xgid' ? this.byXgid : m.kind === 'position_id' ? this.byPositionId : null;
      if (!index) continue;
      const list = index.get(m.target) ?? [];
      list.push(m);
      index.set(m.target, list);
    }
    this.drilled = drilled;
    for (const p of drilled) this.drilledByXgid.set(p.xgid, [...(this.drilledByXgid.get(p.xgid) ?? []), p]);
  }

  /** Adds the person's seats of a match (nothing when they did not play it). */
  add(match: Match): void {
    const mine = this.mine(match);
    if (mine.length === 0) return;
    const { day, inWindow } = this.addMatch(match, mine, isoDay(match.date));
    for (const game of match.games) {
      game.decisions.forEach((d, i) => {
        // the decisions PR counts (analysed, not forced, with an error), as the library stores them
        if (!mine.includes(d.player) || !isCounted(d) || decisionError(d) === null) return;
        const found = planError(this.met, match, game, i, this.threshold);
        const plan = found ? found.input.plan : decisionPlanToken(d, decisionPosition(game, i));
        if (inWindow) this.addDecisions(`${plan}/${d.kind}`, day, 1);
        if (found) this.addError(found.input, decisionType(d), day, inWindow);
      });
    }
  }

  /**
   * Adds the person's seats of a match as the library's columns hold them (src/library/read.ts
   * `libraryStudyMatches`, read with the person's spellings): the same figures {@link add} takes from the
   * parsed match, the errors classified as `bdb plan` reads them.
   */
  addStored(m: StoredStudyMatch): void {
    const mine = this.mine(m);
    if (mine.length === 0) return;
    const { day, inWindow } = this.addMatch(m, mine, m.day);
    if (inWindow) for (const x of m.decisions) this.addDecisions(`${x.plan}/${x.nature}`, day, x.count);
    for (const x of m.errors) {
      if (!mine.includes(x.seat) || !reachesThreshold(x.error, this.threshold)) continue;
      this.addError(storedPlanInput(m.file, x.error, x), x.kind, day, inWindow);
    }
  }

  /** The seats of a match the person played. */
  private mine(match: Pick<Match, 'players'>): (0 | 1)[] {
    return ([0, 1] as const).filter((k) => canonicalName(match.players[k], this.aliases) === this.person);
  }

  /** Counts a match of the person's (`seats`, played on `day`); whether its decisions count by day. */
  private addMatch(
    match: Pick<Match, 'analyser' | 'matchLength'>,
    seats: readonly (0 | 1)[],
    day: string | null,
  ): { day: string; inWindow: boolean } {
    this.matches++;
    for (const _ of seats) this.audit.add(match);
    if (day === null) this.undated++;
    const inWindow = day !== null && match.matchLength > 0;
    if (inWindow) this.matchDays.set(day, (this.matchDays.get(day) ?? 0) + 1);
    return { day: day ?? '', inWindow };
  }

  /** `n` more counted decisions of `plan/nature` on `day`. */
  private addDecisions(key: string, day: string, n: number): void {
    let days = this.decisions.get(key);
    if (!days) {
      days = new Map();
      this.decisions.set(key, days);
    }
    days.set(day, (days.get(day) ?? 0) + n);
  }

  /**
   * An error of the person's reaching the Error threshold, as the study plan classifies it, of decision type
   * `kind` (`checker`, `double`, `take`): a member of its family (when it has a theme), with the marks and
   * drilled positions on it; its MWC lost on `day` when in the window.
   */
  private addError(input: StudyPlanInput<PlanRef>, kind: string, day: string, inWindow: boolean): void {
    const { plan, nature, theme } = input;
    if (theme === null) return;
    const family = this.family({ plan, nature, theme });
    family.members++;
    const { xgid, positionId } = input.ref;
    for (const m of (xgid !== null ? this.byXgid.get(xgid) : undefined) ?? []) family.marks.add(m);
    for (const m of (positionId !== null ? this.byPositionId.get(positionId) : undefined) ?? [])
      family.marks.add(m);
    for (const p of (xgid !== null ? this.drilledByXgid.get(xgid) : undefined) ?? [])
      if (p.kind === kind) family.drilled.add(p);
    const loss = input.loss;
    if (!inWindow || loss === null || !Number.isFinite(loss)) return;
    const sums = family.byDay.get(day) ?? { errors: 0, loss: 0, lossSquares: 0 };
    sums.errors++;
    sums.loss += loss;
    sums.lossSquares += loss * loss;
    family.byDay.set(day, sums);
  }

  private family(key: FamilyKey): FamilyEntry {
    const text = familyText(key);
    let f = this.families.get(text);
    if (!f) {
      f = { key, members: 0, byDay: new Map(), marks: new Set(), drilled: new Set() };
      this.families.set(text, f);
    }
    return f;
  }

  /** The report: every family with a study day. */
  report(): StudyReport {
    // family marks date their family even when the player has no error of it
    for (const m of this.marks) {
      if (m.kind !== 'family') continue;
      const key = parseFamilyText(m.target);
      if (key) this.family(key).marks.add(m);
    }
    const matched = new Set<StudyMark>();
    const drilledMatched = new Set<DrilledPosition>();
    const families: StudiedFamily[] = [];
    for (const [text, f] of this.families) {
      if (f.marks.size === 0 && f.drilled.size === 0) continue;
      const marks = [...f.marks].sort((x, y) => order(x.day, y.day) || order(x.markedAt, y.markedAt));
      for (const m of marks) matched.add(m);
      const drilled = [...f.drilled].sort(
        (x, y) => order(x.firstDay, y.firstDay) || order(x.kind, y.kind) || order(x.xgid, y.xgid),
      );
      for (const p of drilled) drilledMatched.add(p);
      // the first study action: a mark or a drill answer, whichever came first
      const studied = [marks[0]?.day, drilled[0]?.firstDay]
        .filter((d): d is string => d !== undefined)
        .sort(order)[0]!;
      const before = this.window(f, (d) => d < studied);
      const after = this.window(f, (d) => d > studied);
      families.push({
        family: text,
        ...f.key,
        studied,
        marks,
        drilled,
        drillAnswers: drilled.reduce((n, p) => n + p.answers, 0),
        members: f.members,
        before,
        after,
        figures: beforeAfter(before, after),
      });
    }
    families.sort((x, y) => order(x.studied, y.studied) || order(x.family, y.family));
    return {
      player: this.person,
      matches: this.matches,
      undated: this.undated,
      families,
      unmatched: this.marks.filter((m) => !matched.has(m)),
      audit: this.audit.result(),
      undrilled: this.drilled.filter((p) => !drilledMatched.has(p)),
    };
  }

  /** The sums of the matches whose day passes `inside`. */
  private window(f: FamilyEntry, inside: (day: string) => boolean): StudyWindow {
    let matches = 0;
    for (const [day, n] of this.matchDays) if (inside(day)) matches += n;
    let decisions = 0;
    for (const [day, n] of this.decisions.get(`${f.key.plan}/${f.key.nature}`) ?? [])
      if (inside(day)) decisions += n;
    let errors = 0;
    let loss = 0;
    let lossSquares = 0;
    // days in order, so the sums do not depend on the order matches were read in
    for (const day of [...f.byDay.keys()].sort()) {
      if (!inside(day)) continue;
      const s = f.byDay.get(day)!;
      errors += s.errors;
      loss += s.loss;
      lossSquares += s.lossSquares;
    }
    const sums = { decisions, loss, lossSquares };
    return { matches, errors, ...sums, rate: windowRate(sums) };
  }
}
