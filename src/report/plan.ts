/**
 * The study plan and the reference positions of each person (spec/metrics.md §7, §8): collection over
 * matches, the JSON view and the tables. Figures come from src/metrics/study-plan.ts and
 * src/metrics/reference-positions.ts; nothing is printed here.
 */
import { type AggregateOptions, personSeats } from '../analyse.js';
import { boardKey } from '../core/board.js';
import { type PlanRef, planError } from '../history/plan-errors.js';
import { isCounted } from '../metrics/counting.js';
import { type ErrorThresholds, optionCosts, thresholdEquity } from '../metrics/difficulty.js';
import { scoreCell } from '../metrics/doubles-bias.js';
import type { mwcLoss } from '../metrics/mwc-loss.js';
import {
  REFERENCE_DEFAULT_SIZE,
  type ReferenceCandidate,
  type ReferenceInput,
  type ReferencePosition,
  referenceCandidates,
  selectReferencePositions,
} from '../metrics/reference-positions.js';
import {
  familyText,
  STUDY_PLAN_MIN_SCORED,
  type StudyFamily,
  type StudyPlan,
  type StudyPlanInput,
  studyPlan,
} from '../metrics/study-plan.js';
import { emptyThemeCoverage, share, type ThemeCoverage } from '../metrics/theme-coverage.js';
import type { Decision, Match } from '../model/types.js';
import { renderTextBoard, type TextBoardOptions } from './board-text.js';
import { type BoardView, boardView } from './board-view.js';
import { fitTable } from './cli-table.js';
import { fixed, signed, withoutAnalysis } from './format.js';
import { type JsonDecisionRef, jsonDecisionRef } from './json.js';
import { FULL_WIDTH, wrapSummary, wrapText } from './width.js';

export {
  decisionPlanToken,
  errorTheme,
  type PlanError,
  type PlanRef,
  planError,
} from '../history/plan-errors.js';

/** The match equity table type, as the metrics take it (the report layer does not import the MET). */
type Met = Parameters<typeof mwcLoss>[0];

/** The plan of one person. */
export interface PlayerPlan {
  readonly player: string;
  readonly matches: number;
  /** Decisions counted in PR (analysed); 0 for a person known only from transcripts. */
  readonly analysed: number;
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
}

interface Pending {
  matches: number;
  analysed: number;
  coverage: ThemeCoverage;
  inputs: StudyPlanInput<PlanRef>[];
  reference: ReferenceInput<PlanRef>[];
}

/** True when the second-cheapest option costs less than half the Error threshold (equity). */
export function isTight(d: Decision, errorThreshold: number): boolean {
  const costs = optionCosts(d);
  if (!costs || costs.length < 2) return false;
  const sorted = [...costs].sort((a, b) => a - b);
  return sorted[1]! < errorThreshold / 2;
}

/** Options of the collector beyond the persons: what has already been studied (library marks). */
export interface PlanStudyOptions {
  /** True for a position already studied (spec §8): never proposed, counts as chosen. */
  readonly treated?: (ref: PlanRef) => boolean;
}

/** Collects each person's errors over matches (aliases and the player filter as `stats`). */
export class PlanCollector {
  private readonly byName = new Map<string, Pending>();
  private readonly opts: AggregateOptions;
  private readonly met: Met;
  private readonly threshold: number;
  private readonly treated: ((ref: PlanRef) => boolean) | null;
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
  }

  /** Adds both seats of a match. */
  add(match: Match): void {
    const seats = personSeats(match, this.byName, this.opts, () => ({
      matches: 0,
      analysed: 0,
      coverage: emptyThemeCoverage(),
      inputs: [],
      reference: [],
    }));
    for (const game of match.games) {
      game.decisions.forEach((d, i) => {
        const p = seats[d.player];
        if (!p || !isCounted(d)) return;
        p.analysed++;
        const found = planError(this.met, match, game, i, this.threshold, p.coverage);
        if (!found) return;
        const { input, pos } = found;
        p.inputs.push(input);
        const { plan, nature, theme, loss, difficulty, ref } = input;
        if (theme === null || loss === null || difficulty === null || !pos) return;
        const cell = scoreCell(d);
        const scoreKey = d.kind === 'cube' ? `${cell.away}/${cell.opponentAway}` : '';
        const role = d.kind === 'checker' ? `checker ${d.dice.join('')}` : `cube ${d.action}`;
        p.reference.push({
          positionKey: `${role}|${ref.xgid ?? `${boardKey(pos.board)}|${pos.onRoll}`}`,
          group: `${plan}|${nature}|${theme}${scoreKey ? `|${scoreKey}` : ''}`,
          nature,
          scoreKey,
          board: pos.board,
          onRoll: pos.onRoll,
          loss,
          difficulty,
          tight: isTight(d, this.threshold),
          ...(this.treated?.(ref) ? { treated: true } : {}),
          ref,
        });
      });
    }
  }

  /** The plans, by name; `size` reference positions each (default 20, at most 50). */
  results(size: number = REFERENCE_DEFAULT_SIZE): PlayerPlan[] {
    return [...this.byName.entries()]
      .sort(([a], [b]) => a.localeCompare(b))
      .map(([player, p]) => {
        const cands = referenceCandidates(p.reference);
        return {
          player,
          matches: p.matches,
          analysed: p.analysed,
          plan: studyPlan(p.inputs, this.threshold),
          candidates: cands.length,
          reference: selectReferencePositions(cands, { size }),
          studied: this.treated
            ? cands.filter((c) => c.treated).sort((a, b) => b.excess - a.excess || (a.key < b.key ? -1 : 1))
            : null,
          coverage: p.coverage,
        };
      });
  }
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

/** A family as JSON: MWC figures in fractions of a match (`…Mwc`), e in EMG. */
function jsonFamily(f: StudyFamily<PlanRef>): unknown {
  return {
    family: familyText(f),
    plan: f.plan,
    nature: f.nature,
    theme: f.theme,
    members: f.members,
    scored: f.scored,
    unscored: f.unscored,
    recoverableMwc: f.recoverable,
    low: f.low,
    high: f.high,
    included: f.included,
    positions: f.positions.map((m) => ({
      ...jsonPlanRef(m.ref),
      errorEmg: m.error,
      lossMwc: m.loss,
      difficultyMwc: m.difficulty,
      excessMwc: m.excess,
    })),
  };
}

/** The JSON entry of one person's plan. */
export function jsonPlayerPlan(p: PlayerPlan): unknown {
  return {
    player: p.player,
    matches: p.matches,
    errors: p.plan.errors,
    unthemed: p.plan.unthemed,
    themeCoverage: jsonCoverage(p.coverage),
    families: p.plan.families.map(jsonFamily),
    tentative: p.plan.tentative.map(jsonFamily),
    referencePositions: {
      candidates: p.candidates,
      selected: p.reference.map((r) => ({
        group: r.candidate.group,
        gainMwc: r.gain,
        excessMwc: r.candidate.excess,
        covered: r.covered,
        tight: r.candidate.tight,
        unstable: r.candidate.unstable,
        errors: r.candidate.refs.length,
        ...jsonPlanRef(r.candidate.refs[0]!),
      })),
      ...(p.studied
        ? {
            studied: p.studied.map((c) => ({
              group: c.group,
              excessMwc: c.excess,
              errors: c.refs.length,
              ...jsonPlanRef(c.refs[0]!),
            })),
          }
        : {}),
    },
  };
}

/** Theme coverage with its shares (fractions; null without errors). */
export function jsonCoverage(c: ThemeCoverage): unknown {
  return {
    checkerErrors: c.checkerErrors,
    blunderDb: c.blunderDb,
    blunderDbFour: c.blunderDbFour,
    named: c.named,
    fallback: c.fallback,
    cubeErrors: c.cubeErrors,
    cubeNamed: c.cubeNamed,
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

/** Percentage points of MWC with sign. */
function pp(x: number | null, digits = 2): string {
  return x === null ? 'n/a' : signed(100 * x, digits);
}

/** The columns of a family table (terminal and HTML). */
export const FAMILY_TABLE_HEAD = ['#', 'Family', 'Members', 'Scored', 'R (pp MWC)', '95 %'] as const;

/** The cells of family number `n` of a table (terminal and HTML). */
export function familyCells(f: StudyFamily<PlanRef>, n: number): string[] {
  return [
    String(n),
    familyText(f),
    String(f.members),
    String(f.scored),
    pp(f.recoverable),
    f.low === null ? 'n/a' : `${pp(f.low)} … ${pp(f.high)}`,
  ];
}

function familyTable(families: readonly StudyFamily<PlanRef>[], width: number): string {
  const rows = families.map((f, i) => familyCells(f, i + 1));
  return fitTable({ head: [...FAMILY_TABLE_HEAD], rows }, width);
}

/** How many tentative families the table shows (they are ranked by R; JSON has them all). */
export const TENTATIVE_SHOWN = 10;

/** How many positions of each family of the plan are printed. */
export const TOP_POSITIONS = 3;

function topPositions(families: readonly StudyFamily<PlanRef>[], width: number): string[] {
  const lines: string[] = [];
  families.forEach((f, i) => {
    lines.push(`  ${i + 1}. ${familyText(f)}`);
    for (const m of f.positions.slice(0, TOP_POSITIONS)) {
      lines.push(
        ...wrapSummary(
          `game ${m.ref.game} move ${m.ref.move} · played ${m.ref.played} · best ${m.ref.best} · ` +
            `beyond difficulty ${pp(m.excess, 3)} · ${m.ref.xgid ?? 'no XGID'} · ${m.ref.file}`,
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
 * roll at the bottom (the doubler for a take or pass), the play made and the best one.
 */
export function planRefBoard(person: string, ref: PlanRef): BoardView | null {
  const ans = answers(ref);
  return boardView({
    xgid: ref.xgid,
    names: ans ? ['opponent', person] : [person, 'opponent'],
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
}

/** The reference positions one by one, each with its text board; the text within `width` columns. */
function referenceBoards(p: PlayerPlan, text: TextBoardOptions, width: number): string[] {
  const lines = wrapText('Reference positions, drawn (X = the player on roll):', width);
  p.reference.forEach((r, i) => {
    const ref = r.candidate.refs[0]!;
    lines.push(
      ...wrapText(`${i + 1}. ${groupText(r.candidate.group)}, gain ${fixed(100 * r.gain, 3)} pp MWC`, width, {
        hang: '   ',
      }),
      ...wrapText(`   played ${ref.played}, best ${ref.best}`, width),
      ...wrapText(`   game ${ref.game}, move ${ref.move} of ${ref.file}`, width),
    );
    const v = planRefBoard(p.player, ref);
    lines.push(
      ...(v ? renderTextBoard(v, { ...text, indent: '   ' }) : ['   (no board: the position is unknown)']),
    );
  });
  return lines;
}

/** The tables of one person (and the reference positions drawn, with `boards`), within `opts.width` columns. */
export function renderPlayerPlan(p: PlayerPlan, opts: PlanTextOptions = {}): string {
  const width = opts.width ?? FULL_WIDTH;
  const lines = [
    ...wrapText(
      `${p.player} — ${p.matches} match${p.matches === 1 ? '' : 'es'} · ${p.plan.errors} error${
        p.plan.errors === 1 ? '' : 's'
      }, ${p.plan.unthemed} without theme`,
      width,
    ),
    ...wrapText(coverageLine(p.coverage), width),
  ];
  lines.push(`Study plan: ${p.plan.families.length} famil${p.plan.families.length === 1 ? 'y' : 'ies'}`);
  if (p.plan.families.length > 0) {
    lines.push(familyTable(p.plan.families, width));
    lines.push(
      ...wrapText(
        `Top positions (the most MWC lost beyond difficulty first, ${TOP_POSITIONS} per family):`,
        width,
      ),
    );
    lines.push(...topPositions(p.plan.families, width));
  }
  const tentative = p.plan.tentative;
  lines.push(
    ...wrapText(
      `Tentative families: ${tentative.length}${
        tentative.length > TENTATIVE_SHOWN
          ? ` (the ${TENTATIVE_SHOWN} with the largest R; all in --json)`
          : ''
      }`,
      width,
    ),
  );
  if (tentative.length > 0) lines.push(familyTable(tentative.slice(0, TENTATIVE_SHOWN), width));
  lines.push(`Reference positions: ${p.reference.length} of ${p.candidates} candidate positions`);
  if (p.reference.length > 0) {
    const rows = p.reference.map((r, i) => {
      const ref = r.candidate.refs[0]!;
      return [
        String(i + 1),
        groupText(r.candidate.group),
        fixed(100 * r.gain, 3),
        ref.played,
        ref.best,
        ref.xgid ?? 'n/a',
        ref.positionId ?? 'n/a',
        `${ref.game}/${ref.move}`,
        ref.file,
      ];
    });
    const head = ['#', 'Family', 'Gain (pp)', 'Played', 'Best', 'XGID', 'gnuBG ID', 'Game/move', 'File'];
    // XGIDs and paths do not wrap: a narrow terminal gets a paragraph per position
    lines.push(fitTable({ head, rows }, width, { narrow: 'records' }));
    if (opts.boards) lines.push(...referenceBoards(p, opts.boards, width));
  }
  if (p.studied && p.studied.length > 0) {
    lines.push(
      ...wrapText(
        `Already studied (marked with bdb study mark; never proposed): ${p.studied.length} position${p.studied.length === 1 ? '' : 's'}`,
        width,
      ),
    );
    const rows = p.studied.map((c) => {
      const ref = c.refs[0]!;
      return [
        groupText(c.group),
        fixed(100 * c.excess, 3),
        ref.played,
        ref.best,
        ref.xgid ?? ref.positionId ?? 'n/a',
        `${ref.game}/${ref.move}`,
        ref.file,
      ];
    });
    const head = ['Family', 'Excess (pp)', 'Played', 'Best', 'XGID', 'Game/move', 'File'];
    lines.push(fitTable({ head, rows }, width, { narrow: 'records' }));
  }
  return lines.join('\n');
}

/** The legend printed once under the tables, within `width` columns. */
export function planLegend(errorMpt: number, preset: string, width: number = FULL_WIDTH): string {
  return wrapText(
    `An error loses at least ${errorMpt / 1000} EMG (${preset} thresholds). A family is a game plan, a kind of ` +
      'decision (checker or cube) and a theme, written plan/nature/theme as bdb study mark takes it. R: what ' +
      "the family's errors lost beyond their difficulty, in percentage points of MWC (what study could win " +
      `back), with its 95 % interval. A family enters the plan with at least ${STUDY_PLAN_MIN_SCORED} errors whose ` +
      'loss and difficulty are known (scored) and an interval above 0; the others are tentative. Reference ' +
      'positions: the few positions that stand for the most loss among similar ones (same family, a few ' +
      'checkers apart; a cube decision at the same score); their gain counts half when the second-best choice ' +
      'was close. Terms explained in docs/glossary.md.',
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
