/**
 * The study plan and the reference positions of each person (spec/metrics.md §7, §8): collection over
 * matches, the JSON view and the tables. Figures come from src/metrics/study-plan.ts and
 * src/metrics/reference-positions.ts; nothing is printed here.
 */

import { type Board, boardKey, type Side } from '../core/board.js';
import { compareNames } from '../core/name-order.js';
import { FULL_WIDTH, wrapSummary, wrapText } from '../core/text-width.js';
import { type PlanRef, planError, storedPlanInput } from '../history/plan-errors.js';
import { type AnalysisAudit, AuditCollector } from '../metrics/analysis-mix.js';
import { isCounted } from '../metrics/counting.js';
import { decisionError } from '../metrics/decision-error.js';
import {
  decisionDifficultyPoints,
  type ErrorThresholds,
  isTightCost,
  reachesThreshold,
  secondCheapestCost,
  thresholdEquity,
} from '../metrics/difficulty.js';
import { type ScoreCell, scoreCell, scoreCellOfAways } from '../metrics/doubles-bias.js';
import { type AggregateOptions, personSeats } from '../metrics/match-report.js';
import { type mwcLoss, pointsLoss } from '../metrics/mwc-loss.js';
import type { StoredPlanMatch } from '../metrics/plan-columns.js';
import {
  CandidateFold,
  REFERENCE_DEFAULT_SIZE,
  type ReferenceCandidate,
  type ReferencePosition,
  selectReferencePositions,
} from '../metrics/reference-positions.js';
import {
  familyText,
  type IndexedRows,
  STUDY_PLAN_MIN_SCORED,
  type StudyFamily,
  type StudyPlan,
  type StudyPlanInput,
  studyPlan,
} from '../metrics/study-plan.js';
import {
  addCheckerCoverageBits,
  addCubeCoverage,
  emptyThemeCoverage,
  share,
  type ThemeCoverage,
} from '../metrics/theme-coverage.js';
import type { Decision, Match } from '../model/types.js';
import { auditLines, jsonAudit } from './analysis-mix.js';
import { renderTextBoard, type TextBoardOptions } from './board-text.js';
import { type BoardView, boardView } from './board-view.js';
import { fitTable } from './cli-table.js';
import { fixed, matchesAnalysedText, signed, withoutAnalysis } from './format.js';
import { type JsonDecisionRef, jsonDecisionRef, LazyJsonArray } from './json.js';
import { type IndexedRowStore, memoryRows, type RowStores } from './row-store.js';

export {
  decisionPlanToken,
  errorTheme,
  type PlanError,
  type PlanRef,
  planError,
} from '../history/plan-errors.js';

/** The match equity table type, as the metrics take it (the report layer does not import the MET). */
type Met = Parameters<typeof mwcLoss>[0];

/**
 * The plan of one person's money sessions: ℓ, d, R and the gains in points (equity lost × cube value,
 * src/metrics/mwc-loss.ts `pointsLoss`), as money play has no MWC; apart from the match-play plan, whose
 * figures are MWC.
 */
export interface MoneyPlan {
  /** Money sessions played. */
  readonly matches: number;
  readonly plan: StudyPlan<PlanRef>;
  readonly candidates: number;
  readonly reference: readonly ReferencePosition<PlanRef>[];
  readonly studied: readonly ReferenceCandidate<PlanRef>[] | null;
}

/** The plan of one person. */
export interface PlayerPlan {
  readonly player: string;
  readonly matches: number;
  /** Of those, the matches with a decision of the person counted in PR (analysed). */
  readonly analysedMatches: number;
  /** Decisions counted in PR (analysed); 0 for a person known only from transcripts. */
  readonly analysed: number;
  /** The plan of the match-play matches (ℓ, d and R in MWC). */
  readonly plan: StudyPlan<PlanRef>;
  /** Candidates offered to the selection of reference positions. */
  readonly candidates: number;
  readonly reference: readonly ReferencePosition<PlanRef>[];
  /**
   * The candidates already studied (library marks; spec §8: never proposed, counted as chosen), by excess
   * descending; null without position marks (files, or a library without any), and then absent from the JSON.
   */
  readonly studied: readonly ReferenceCandidate<PlanRef>[] | null;
  /** What share of the errors a theme names (blunderDB's four vs bdb's themes). */
  readonly coverage: ThemeCoverage;
  /** The plan of the money sessions (points), null without any. */
  readonly money: MoneyPlan | null;
  /** Which analysers and depths the person's matches mix, and those below BMAB's norm (as `bdb stats`). */
  readonly audit: AnalysisAudit;
}

/**
 * What an error offers to the reference positions besides its family, ℓ, d and reference (spec/metrics.md
 * §8): its role (`checker 31`, `cube take`), score cell, position and whether it is tight or studied. Kept
 * with the error's own row ({@link PlanInput}), not in a store of its own: the two rows repeated the same
 * reference, and a plan over one player's 1,000 bench matches wrote and read 36,090 reference rows of 625
 * characters on average beside the 37,790 errors of 417.
 */
interface ReferenceOffer {
  readonly role: string;
  /** `away/opponent away` for a cube decision, '' for a checker play. */
  readonly scoreKey: string;
  readonly board: Board;
  readonly onRoll: Side;
  readonly tight: boolean;
  readonly treated?: true;
}

/** An error of the plan, with what it offers to the reference positions when it has a theme, ℓ, d and a position. */
type PlanInput = StudyPlanInput<PlanRef> & { readonly offer?: ReferenceOffer };

/** The errors of one kind of play, match play (MWC) or money (points). */
interface Part {
  matches: number;
  inputs: IndexedRowStore<PlanInput>;
}

interface Pending {
  matches: number;
  analysedMatches: number;
  analysed: number;
  coverage: ThemeCoverage;
  play: Part;
  money: Part;
  audit: AuditCollector;
}

/** True when the second-cheapest option costs less than half the Error threshold (equity). */
export function isTight(d: Decision, errorThreshold: number): boolean {
  return isTightCost(secondCheapestCost(d), errorThreshold);
}

/**
 * Options of the collector beyond the persons: what has already been studied (library marks), and where the
 * errors wait until the plans are made (default: memory; the CLI keeps them in a temporary file).
 */
export interface PlanStudyOptions {
  /** True for a position already studied (spec §8): never proposed, counts as chosen. */
  readonly treated?: (ref: PlanRef) => boolean;
  readonly rows?: RowStores;
}

/** Collects each person's errors over matches (aliases and the player filter as `stats`). */
export class PlanCollector {
  private readonly byName = new Map<string, Pending>();
  private readonly opts: AggregateOptions;
  private readonly met: Met;
  private readonly threshold: number;
  private readonly treated: ((ref: PlanRef) => boolean) | null;
  private readonly rows: RowStores;
  constructor(
    met: Met,
    thresholds: ErrorThresholds,
    opts: AggregateOptions = {},
    study: PlanStudyOptions = {},
  ) {
    this.met = met;
    this.threshold = thresholdEquity(thresholds.errorMpt);
    this.opts = opts;
    this.treated = study.treated ?? null;
    this.rows = study.rows ?? memoryRows;
  }

  private part(): Part {
    return { matches: 0, inputs: this.rows({ indexed: true }) };
  }

  /**
   * The persons of a match's seats (null: not followed), each made when first seen, with the match counted
   * in their money or match-play part and its analysis in their audit.
   */
  private seatsOf(
    match: Pick<Match, 'players' | 'matchLength' | 'analyser'>,
  ): [Pending | null, Pending | null] {
    const seats = personSeats(match, this.byName, this.opts, () => ({
      matches: 0,
      analysedMatches: 0,
      analysed: 0,
      coverage: emptyThemeCoverage(),
      play: this.part(),
      money: this.part(),
      audit: new AuditCollector(),
    }));
    for (const p of seats) p?.audit.add(match);
    for (const p of new Set(seats)) if (p) (match.matchLength <= 0 ? p.money : p.play).matches++;
    return seats;
  }

  /** Adds both seats of a match: a money session to the money plan (points), a match to the other (MWC). */
  add(match: Match): void {
    const money = match.matchLength <= 0;
    const seats = this.seatsOf(match);
    const analysedIn = new Set<Pending>();
    for (const game of match.games) {
      game.decisions.forEach((d, i) => {
        const p = seats[d.player];
        // counted in PR: analysed, not forced, with an error (the decisions the library stores as counted)
        if (!p || !isCounted(d) || decisionError(d) === null) return;
        p.analysed++;
        analysedIn.add(p);
        const found = planError(this.met, match, game, i, this.threshold, p.coverage);
        if (!found) return;
        const { pos } = found;
        // money play has no MWC: ℓ and d in points
        const input = money
          ? {
              ...found.input,
              loss: pointsLoss(d, found.input.error),
              difficulty: decisionDifficultyPoints(d),
            }
          : found.input;
        const part = money ? p.money : p.play;
        part.inputs.push(
          this.withOffer(input, pos, {
            role: d.kind === 'checker' ? `checker ${d.dice.join('')}` : `cube ${d.action}`,
            cell: d.kind === 'cube' ? scoreCell(d) : null,
            tight: () => isTight(d, this.threshold),
          }),
        );
      });
    }
    for (const p of analysedIn) p.analysedMatches++;
  }

  /**
   * Adds both seats of a match the library read from its columns (src/library/read.ts `libraryPlanMatches`,
   * its errors at this collector's Error threshold): the inputs, coverage and reference candidates
   * {@link PlanCollector.add} makes of the parsed match, from what the import stored of each error by the
   * same functions (the family, ℓ and d, the theme coverage bits, the second-cheapest option's cost) and
   * the position of its stored XGID.
   */
  addStored(m: StoredPlanMatch): void {
    const money = m.matchLength <= 0;
    const seats = this.seatsOf(m);
    const analysedIn = new Set<Pending>();
    for (const seat of [0, 1] as const) {
      const p = seats[seat];
      if (!p || m.counted[seat] === 0) continue;
      p.analysed += m.counted[seat];
      analysedIn.add(p);
    }
    for (const x of m.errors) {
      const p = seats[x.seat];
      if (!p || !reachesThreshold(x.error, this.threshold)) continue;
      // the stored row's classification as the tournament review reads it, with the opponent the file names
      const stored = storedPlanInput(m.file, x.error, x);
      const { nature } = stored;
      if (nature === 'checker') addCheckerCoverageBits(p.coverage, x.coverage ?? 0);
      else addCubeCoverage(p.coverage, x.theme !== null);
      const ref: PlanRef = { ...stored.ref, opponent: x.opponent };
      // money play has no MWC: ℓ and d in points
      const points = { matchLength: m.matchLength, cubeValue: x.cube };
      const input = money
        ? { ...stored, loss: pointsLoss(points, x.error), difficulty: x.difficultyPoints, ref }
        : { ...stored, ref };
      const part = money ? p.money : p.play;
      part.inputs.push(
        this.withOffer(input, x.position, {
          role: nature === 'checker' ? `checker ${x.dice}` : `cube ${x.action}`,
          cell: nature === 'cube' ? scoreCellOfAways(x.away, x.opponentAway) : null,
          tight: () => isTightCost(x.secondCost, this.threshold),
        }),
      );
    }
    for (const p of analysedIn) p.analysedMatches++;
  }

  /**
   * The error with what it offers to the reference positions (spec/metrics.md §8) when it has a theme, ℓ,
   * d and a position (keyed by its role, `checker 31` or `cube take`, and XGID; grouped by family and, for
   * a cube decision, by its score cell: {@link offeringTo}); `tight` is asked only then.
   */
  private withOffer(
    input: StudyPlanInput<PlanRef>,
    pos: { readonly board: Board; readonly onRoll: Side } | null,
    at: { readonly role: string; readonly cell: ScoreCell | null; readonly tight: () => boolean },
  ): PlanInput {
    if (input.theme === null || input.loss === null || input.difficulty === null || !pos) return input;
    const offer: ReferenceOffer = {
      role: at.role,
      scoreKey: at.cell ? `${at.cell.away}/${at.cell.opponentAway}` : '',
      board: pos.board,
      onRoll: pos.onRoll,
      tight: at.tight(),
      ...(this.treated?.(input.ref) ? { treated: true as const } : {}),
    };
    return { ...input, offer };
  }

  /** The persons seen, by name. */
  persons(): string[] {
    return [...this.byName.keys()].sort(compareNames);
  }

  /** A person's decisions counted and theme coverage, without making the plan. */
  summary(person: string): { readonly analysed: number; readonly coverage: ThemeCoverage } {
    return this.pending(person);
  }

  private pending(person: string): Pending {
    const p = this.byName.get(person);
    if (!p) throw new Error(`plan: no person ${person}`);
    return p;
  }

  /**
   * The plan of one person; `size` reference positions (default 20, at most 50). Made when asked: an
   * output can make the plans one person at a time and let each go once written.
   */
  result(person: string, size: number = REFERENCE_DEFAULT_SIZE): PlayerPlan {
    const p = this.pending(person);
    return {
      player: person,
      matches: p.matches,
      analysedMatches: p.analysedMatches,
      analysed: p.analysed,
      ...this.plan(p.play, size),
      coverage: p.coverage,
      money: p.money.matches > 0 ? { matches: p.money.matches, ...this.plan(p.money, size) } : null,
      audit: p.audit.result(),
    };
  }

  /** The plans, by name; `size` reference positions each (default 20, at most 50). */
  results(size: number = REFERENCE_DEFAULT_SIZE): PlayerPlan[] {
    return this.persons().map((n) => this.result(n, size));
  }

  /** The plan and the reference positions of one kind of play. */
  private plan(x: Part, size: number): Pick<PlayerPlan, 'plan' | 'candidates' | 'reference' | 'studied'> {
    // one pass over the errors makes the families and the reference candidates
    const fold = new CandidateFold<PlanRef>();
    const plan = studyPlan(offeringTo(x.inputs, fold), this.threshold);
    const cands = fold.candidates();
    return {
      plan,
      candidates: cands.length,
      reference: selectReferencePositions(cands, { size }),
      studied: this.treated
        ? cands.filter((c) => c.treated).sort((a, b) => b.excess - a.excess || (a.key < b.key ? -1 : 1))
        : null,
    };
  }
}

/**
 * The errors as the study plan reads them (in order, and by their place), each offered to the reference
 * positions' `fold` as it is first read in order ({@link ReferenceOffer}: keyed by its role and XGID,
 * grouped by family and, for a cube decision, by its score cell). The fold is let go when that first reading
 * begins: the plan's families keep these rows to read their members by place, and through the closures
 * they share they kept the fold, every candidate with its board and place, for every person until the run
 * ended (`bdb plan` on one player's library of 10,000 matches: 623 MB).
 */
function offeringTo(
  inputs: IndexedRowStore<PlanInput>,
  fold: CandidateFold<PlanRef>,
): IndexedRows<PlanInput> {
  let unread: CandidateFold<PlanRef> | null = fold;
  return {
    get length() {
      return inputs.length;
    },
    at: (index) => inputs.at(index),
    *[Symbol.iterator]() {
      const into = unread;
      unread = null;
      for (const x of inputs) {
        const o = x.offer;
        if (into !== null && o !== undefined)
          into.add({
            positionKey: `${o.role}|${x.ref.xgid ?? `${boardKey(o.board)}|${o.onRoll}`}`,
            group: `${x.plan}|${x.nature}|${x.theme}${o.scoreKey ? `|${o.scoreKey}` : ''}`,
            nature: x.nature,
            scoreKey: o.scoreKey,
            board: o.board,
            onRoll: o.onRoll,
            loss: x.loss!,
            difficulty: x.difficulty!,
            tight: o.tight,
            ...(o.treated ? { treated: true } : {}),
            ref: x.ref,
          });
        yield x;
      }
    },
  };
}

/**
 * The text of a reference group: its family `plan/nature/theme`, then for a cube decision the score cell
 * (`away/opponent away`).
 */
export function groupText(group: string): string {
  const [plan, nature, theme, score] = group.split('|');
  return `${plan}/${nature}/${theme}${score ? ` · ${score} away` : ''}`;
}

/** A plan reference (where the decision is, and the play or cube action made and the best) as JSON. */
function jsonPlanRef(r: PlanRef): JsonDecisionRef & { played: string; best: string } {
  return { ...jsonDecisionRef(r), played: r.played, best: r.best };
}

/**
 * The unit ending of a plan's amounts in JSON (docs/json.md): `Mwc`, fractions of a match (match play), or
 * `Points`, equity lost × cube value (the money sessions).
 */
type JsonAmountUnit = 'Mwc' | 'Points';

/** A family as JSON: ℓ, d, ℓ − d and R with their unit in the name (`…Mwc` or `…Points`), e in EMG. */
function jsonFamily(f: StudyFamily<PlanRef>, u: JsonAmountUnit): unknown {
  return {
    family: familyText(f),
    plan: f.plan,
    nature: f.nature,
    theme: f.theme,
    members: f.members,
    scored: f.scored,
    unscored: f.unscored,
    [`recoverable${u}`]: f.recoverable,
    low: f.low,
    high: f.high,
    included: f.included,
    // one flat object a position: written by JSON.stringify, not walked (src/report/json.ts LazyJsonArray)
    positions: LazyJsonArray.of(
      f.positions,
      (m) => ({
        ...jsonPlanRef(m.ref),
        errorEmg: m.error,
        [`loss${u}`]: m.loss,
        [`difficulty${u}`]: m.difficulty,
        [`excess${u}`]: m.excess,
      }),
      true,
    ),
  };
}

/**
 * The reference positions of a plan part, as the JSON gives them (gains and excesses in `u`); `candidates`
 * null when the person has no analysed decision.
 */
function jsonReference(
  x: Pick<PlayerPlan, 'candidates' | 'reference' | 'studied'>,
  u: JsonAmountUnit,
  analysed: boolean,
): unknown {
  return {
    candidates: analysed ? x.candidates : null,
    selected: x.reference.map((r) => ({
      group: r.candidate.group,
      [`gain${u}`]: r.gain,
      [`excess${u}`]: r.candidate.excess,
      covered: r.covered,
      tight: r.candidate.tight,
      unstable: r.candidate.unstable,
      errors: r.candidate.errors,
      ...jsonPlanRef(r.candidate.ref),
    })),
    ...(x.studied
      ? {
          studied: x.studied.map((c) => ({
            group: c.group,
            [`excess${u}`]: c.excess,
            errors: c.errors,
            ...jsonPlanRef(c.ref),
          })),
        }
      : {}),
  };
}

/**
 * The JSON entry of one person: `errors` and `unthemed` over every match; the families and reference
 * positions of match play (MWC figures as fractions of a match, `…Mwc`, full precision); `money`, the same
 * for the money sessions in points (`…Points`; null without any). A person without any analysed decision (a
 * transcript) has null counts, never 0.
 */
export function jsonPlayerPlan(p: PlayerPlan): unknown {
  const m = p.money;
  const analysed = p.analysed > 0;
  const count = (x: number): number | null => (analysed ? x : null);
  return {
    player: p.player,
    matches: p.matches,
    analysedMatches: p.analysedMatches,
    ...jsonAudit(p.audit),
    errors: count(p.plan.errors + (m?.plan.errors ?? 0)),
    unthemed: count(p.plan.unthemed + (m?.plan.unthemed ?? 0)),
    themeCoverage: jsonCoverage(p.coverage, analysed),
    families: p.plan.families.map((f) => jsonFamily(f, 'Mwc')),
    tentative: p.plan.tentative.map((f) => jsonFamily(f, 'Mwc')),
    referencePositions: jsonReference(p, 'Mwc', analysed),
    money:
      m === null
        ? null
        : {
            matches: m.matches,
            errors: count(m.plan.errors),
            unthemed: count(m.plan.unthemed),
            families: m.plan.families.map((f) => jsonFamily(f, 'Points')),
            tentative: m.plan.tentative.map((f) => jsonFamily(f, 'Points')),
            referencePositions: jsonReference(m, 'Points', analysed),
          },
  };
}

/**
 * Theme coverage with its shares (fractions; null without errors); `analysed` false: no analysed decision,
 * so the counts are null, not 0.
 */
export function jsonCoverage(c: ThemeCoverage, analysed = true): unknown {
  const count = (x: number): number | null => (analysed ? x : null);
  return {
    checkerErrors: count(c.checkerErrors),
    blunderDb: count(c.blunderDb),
    blunderDbFour: count(c.blunderDbFour),
    named: count(c.named),
    fallback: count(c.fallback),
    cubeErrors: count(c.cubeErrors),
    cubeNamed: count(c.cubeNamed),
    shares: {
      blunderDb: share(c.blunderDb, c.checkerErrors),
      blunderDbFour: share(c.blunderDbFour, c.checkerErrors),
      named: share(c.named, c.checkerErrors),
      withFallback: share(c.named + c.fallback, c.checkerErrors),
      cube: share(c.cubeNamed, c.cubeErrors),
    },
  };
}

function percent(n: number, d: number): string {
  const x = share(n, d);
  return x === null ? 'n/a' : `${fixed(100 * x, 1)} %`;
}

/**
 * One line: what share of the checker errors has a theme, and of the cube errors a direction (too bold or
 * too cautious). The comparison with blunderDB's classifier is in the JSON (`themeCoverage`) and
 * docs/glossary.md, not in the player's terminal.
 */
export function coverageLine(c: ThemeCoverage): string {
  if (c.checkerErrors + c.cubeErrors === 0) return 'Themes: no error to name.';
  return (
    `Themes: ${percent(c.named, c.checkerErrors)} of ${c.checkerErrors} checker error${c.checkerErrors === 1 ? '' : 's'} ` +
    `have one (and ${percent(c.fallback, c.checkerErrors)} only the general "distribution"); ` +
    `${percent(c.cubeNamed, c.cubeErrors)} of ${c.cubeErrors} cube error${c.cubeErrors === 1 ? '' : 's'} ` +
    'are told too bold or too cautious'
  );
}

/** How a plan's figures read: percentage points of MWC (match play) or points (money). */
export interface PlanUnit {
  /** The heading of R. */
  readonly r: string;
  /** An amount (fraction of a match, or points) with sign. */
  readonly signed: (x: number | null, digits?: number) => string;
  /** The heading of a gain or an excess, and the amount without sign. */
  readonly gain: string;
  readonly excess: string;
  readonly plain: (x: number) => string;
  /** After an amount in running text ('' or ' points'). */
  readonly suffix: string;
  /** The unit's short name after a gain ('pp' or 'points'). */
  readonly name: string;
}

/** Match play: percentage points of MWC. */
export const MWC_UNIT: PlanUnit = {
  r: 'R (pp MWC)',
  signed: (x, digits = 2) => (x === null ? 'n/a' : signed(100 * x, digits)),
  gain: 'Gain (pp)',
  excess: 'Excess (pp)',
  plain: (x) => fixed(100 * x, 3),
  suffix: '',
  name: 'pp',
};

/** Money sessions: points (equity lost × cube value). */
export const POINTS_UNIT: PlanUnit = {
  r: 'R (points)',
  signed: (x) => (x === null ? 'n/a' : signed(x, 3)),
  gain: 'Gain (points)',
  excess: 'Excess (points)',
  plain: (x) => fixed(x, 3),
  suffix: ' points',
  name: 'points',
};

/** The columns of a family table (terminal and HTML). */
export function familyTableHead(unit: PlanUnit = MWC_UNIT): string[] {
  return ['#', 'Family', 'Members', 'Scored', unit.r, '95 %'];
}

/** The cells of family number `n` of a table (terminal and HTML). */
export function familyCells(f: StudyFamily<PlanRef>, n: number, unit: PlanUnit = MWC_UNIT): string[] {
  return [
    String(n),
    familyText(f),
    String(f.members),
    String(f.scored),
    unit.signed(f.recoverable),
    f.low === null ? 'n/a' : `${unit.signed(f.low)} … ${unit.signed(f.high)}`,
  ];
}

function familyTable(
  families: readonly StudyFamily<PlanRef>[],
  unit: PlanUnit,
  width: number,
  ascii = false,
): string {
  const rows = families.map((f, i) => familyCells(f, i + 1, unit));
  return fitTable({ head: familyTableHead(unit), rows }, width, { ascii });
}

/** How many tentative families the table shows (they are ranked by R; JSON has them all). */
export const TENTATIVE_SHOWN = 10;

/** How many positions of each family of the plan are printed. */
export const TOP_POSITIONS = 3;

function topPositions(
  families: readonly StudyFamily<PlanRef>[],
  unit: PlanUnit,
  width: number,
  perFamily: number = TOP_POSITIONS,
): string[] {
  const lines: string[] = [];
  families.forEach((f, i) => {
    lines.push(`  ${i + 1}. ${familyText(f)}`);
    for (const m of f.positions.slice(0, perFamily)) {
      lines.push(
        ...wrapSummary(
          `game ${m.ref.game} move ${m.ref.move} · played ${m.ref.played} · best ${m.ref.best} · ` +
            `beyond difficulty ${unit.signed(m.excess, 3)}${unit.suffix} · ${m.ref.xgid ?? 'no XGID'} · ${m.ref.file}`,
          width,
          { indent: '     ', hang: '       ' },
        ),
      );
    }
  });
  return lines;
}

/** True for a take or pass (the position has the doubler on roll, the person answers). */
function answers(ref: PlanRef): boolean {
  return ref.kind === 'cube' && /^(Take|Pass|Beaver)$/.test(ref.played);
}

/**
 * The board of a decision of `person` listed by the plan (null when its position is unknown): the side on
 * roll at the bottom (the doubler for a take or pass), both sides named, the play made and the best one.
 */
export function planRefBoard(person: string, ref: PlanRef): BoardView | null {
  const ans = answers(ref);
  const opponent = ref.opponent ?? 'opponent';
  return boardView({
    xgid: ref.xgid,
    names: ans ? [opponent, person] : [person, opponent],
    answer: ans,
    played: ref.played === 'n/a' ? null : { text: ref.played },
    best: ref.best === 'n/a' ? null : { text: ref.best },
  });
}

/** What the terminal plan draws, and within how many columns. */
export interface PlanTextOptions {
  /** A text board under each reference position (`--boards`), or none. */
  readonly boards?: TextBoardOptions | null;
  /** The columns the text fits (default {@link FULL_WIDTH}: no limit). */
  readonly width?: number;
  /**
   * Every family and position (`--full`); by default a short plan: the {@link SHORT_FAMILIES} surest families
   * with their costliest position each, {@link SHORT_TENTATIVE} tentative families and {@link SHORT_REFERENCE}
   * reference positions.
   */
  readonly full?: boolean;
  /** Every reference position even in a short plan (the user asked for a number of them: `--positions`). */
  readonly allReference?: boolean;
}

/** The families of the plan a short plan shows (the surest first), each with its costliest position. */
export const SHORT_FAMILIES = 10;
/** The tentative families a short plan shows (the largest R first). */
export const SHORT_TENTATIVE = 3;
/** The reference positions a short plan shows (the largest gain first). */
export const SHORT_REFERENCE = 5;

/** " (the N surest here; all with --full, or --json)" when a short plan leaves some out, else nothing. */
function shortNote(shown: number, all: number, what: string): string {
  return shown < all ? ` (the ${shown} ${what} here; all with --full, or --json)` : '';
}

/** The reference positions of a plan part one by one, each with its text board; the text within `width` columns. */
function referenceBoards(
  person: string,
  x: Pick<PlayerPlan, 'reference'>,
  unit: PlanUnit,
  text: TextBoardOptions,
  width: number,
): string[] {
  const lines = wrapText('Reference positions, drawn (X = the player on roll):', width);
  x.reference.forEach((r, i) => {
    const ref = r.candidate.ref;
    lines.push(
      ...wrapText(
        `${i + 1}. ${groupText(r.candidate.group)}, gain ${unit.plain(r.gain)} ${unit.name}`,
        width,
        {
          hang: '   ',
        },
      ),
      ...wrapText(`   played ${ref.played}, best ${ref.best}`, width),
      ...wrapText(`   game ${ref.game}, move ${ref.move} of ${ref.file}`, width),
    );
    const v = planRefBoard(person, ref);
    lines.push(
      ...(v ? renderTextBoard(v, { ...text, indent: '   ' }) : ['   (no board: the position is unknown)']),
    );
  });
  return lines;
}

/**
 * The plan, the tentative families and the reference positions of one kind of play (boards with `opts`),
 * within `opts.width` columns.
 */
function partLines(
  person: string,
  x: Pick<PlayerPlan, 'plan' | 'candidates' | 'reference' | 'studied'>,
  unit: PlanUnit,
  opts: PlanTextOptions,
): string[] {
  const width = opts.width ?? FULL_WIDTH;
  const full = opts.full === true;
  const lines: string[] = [];
  const { plan } = x;
  const families = full ? plan.families : plan.families.slice(0, SHORT_FAMILIES);
  lines.push(
    ...wrapText(
      `Study plan: ${plan.families.length} famil${plan.families.length === 1 ? 'y' : 'ies'}${
        plan.families.length > 1 ? ', surest gain first (ranked by the low bound of R)' : ''
      }${shortNote(families.length, plan.families.length, 'surest')}`,
      width,
    ),
  );
  if (families.length > 0) {
    const perFamily = full ? TOP_POSITIONS : 1;
    lines.push(familyTable(families, unit, width, opts.boards?.ascii));
    lines.push(
      ...wrapText(
        `Top positions (the most lost beyond difficulty first, ${perFamily === 1 ? 'the first' : perFamily} per family):`,
        width,
      ),
    );
    lines.push(...topPositions(families, unit, width, perFamily));
  }
  const tentative = plan.tentative;
  const tentativeShown = Math.min(tentative.length, full ? TENTATIVE_SHOWN : SHORT_TENTATIVE);
  lines.push(
    ...wrapText(
      `Tentative families: ${tentative.length}${
        tentativeShown < tentative.length
          ? full
            ? ` (the ${TENTATIVE_SHOWN} with the largest R; all in --json)`
            : shortNote(tentativeShown, tentative.length, 'with the largest R')
          : ''
      }`,
      width,
    ),
  );
  if (tentativeShown > 0)
    lines.push(familyTable(tentative.slice(0, tentativeShown), unit, width, opts.boards?.ascii));
  const reference = full || opts.allReference ? x.reference : x.reference.slice(0, SHORT_REFERENCE);
  lines.push(
    ...wrapText(
      `Reference positions: ${x.reference.length} of ${x.candidates} candidate positions${shortNote(
        reference.length,
        x.reference.length,
        'with the largest gain',
      )}`,
      width,
    ),
  );
  if (reference.length > 0) {
    const rows = reference.map((r, i) => {
      const ref = r.candidate.ref;
      return [
        String(i + 1),
        groupText(r.candidate.group),
        unit.plain(r.gain),
        ref.played,
        ref.best,
        ref.xgid ?? 'n/a',
        ref.positionId ?? 'n/a',
        `${ref.game}/${ref.move}`,
        ref.file,
      ];
    });
    const head = ['#', 'Family', unit.gain, 'Played', 'Best', 'XGID', 'gnuBG ID', 'Game/move', 'File'];
    // XGIDs and paths do not wrap: a narrow terminal gets a paragraph per position
    lines.push(fitTable({ head, rows }, width, { narrow: 'records', ascii: opts.boards?.ascii }));
    if (opts.boards) lines.push(...referenceBoards(person, { reference }, unit, opts.boards, width));
  }
  if (x.studied && x.studied.length > 0) {
    lines.push(
      ...wrapText(
        `Already studied (marked with bdb study mark; never proposed): ${x.studied.length} position${x.studied.length === 1 ? '' : 's'}`,
        width,
      ),
    );
    const rows = x.studied.map((c) => {
      const ref = c.ref;
      return [
        groupText(c.group),
        unit.plain(c.excess),
        ref.played,
        ref.best,
        ref.xgid ?? ref.positionId ?? 'n/a',
        `${ref.game}/${ref.move}`,
        ref.file,
      ];
    });
    const head = ['Family', unit.excess, 'Played', 'Best', 'XGID', 'Game/move', 'File'];
    lines.push(fitTable({ head, rows }, width, { narrow: 'records', ascii: opts.boards?.ascii }));
  }
  return lines;
}

/** The sentence that opens the money sessions' part of a plan. */
export function moneyPlanHeading(m: MoneyPlan): string {
  return `Money sessions (${m.matches}): the losses, R and the gains in points (equity lost × cube value), as money play has no MWC`;
}

/**
 * The tables of one person: the match-play plan (MWC), then the money sessions' plan (points); the reference
 * positions drawn with `boards`; within `opts.width` columns.
 */
export function renderPlayerPlan(p: PlayerPlan, opts: PlanTextOptions = {}): string {
  const width = opts.width ?? FULL_WIDTH;
  const m = p.money;
  const errors = p.plan.errors + (m?.plan.errors ?? 0);
  const unthemed = p.plan.unthemed + (m?.plan.unthemed ?? 0);
  const lines = [
    ...wrapText(
      `${p.player} — ${matchesAnalysedText(p.matches, p.analysedMatches)} · ${errors} error${
        errors === 1 ? '' : 's'
      }, ${unthemed} without theme`,
      width,
    ),
    ...auditLines(p.audit, width),
    ...wrapText(coverageLine(p.coverage), width),
  ];
  if (m === null || m.matches < p.matches) lines.push(...partLines(p.player, p, MWC_UNIT, opts));
  if (m !== null) {
    lines.push(...wrapText(moneyPlanHeading(m), width));
    lines.push(...partLines(p.player, m, POINTS_UNIT, opts));
  }
  return lines.join('\n');
}

/** The legend printed once under the tables, within `width` columns. */
export function planLegend(errorMpt: number, preset: string, width: number = FULL_WIDTH): string {
  return wrapText(
    `An error loses at least ${errorMpt / 1000} EMG (${preset} thresholds). A family is a game plan, a kind of ` +
      'decision (checker or cube) and a theme, written plan/nature/theme as bdb study mark takes it. R: what ' +
      "the family's errors lost beyond their difficulty, in percentage points of MWC (in points in money " +
      'sessions: equity lost × cube value), what study could win back, with its 95 % interval. A family ' +
      `enters the plan with at least ${STUDY_PLAN_MIN_SCORED} errors whose loss and difficulty are known ` +
      "(scored) and an interval above 0, and is ranked by the interval's low bound (the gain it is sure of), " +
      'then by R; the others are tentative, ranked by R. Reference positions: the few positions that stand ' +
      'for the most loss among similar ones (same family, a few checkers apart; a cube decision at the same ' +
      'score); their gain counts half when the second-best choice was close. Terms explained in docs/glossary.md.',
    width,
  ).join('\n');
}

/** All persons' tables, within `opts.width` columns. */
export function renderPlans(players: readonly PlayerPlan[], opts: PlanTextOptions = {}): string {
  return withoutAnalysis(
    players,
    (p) => p.analysed > 0,
    (p) => renderPlayerPlan(p, opts),
    opts.width,
  );
}
