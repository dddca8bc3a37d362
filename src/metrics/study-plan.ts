/**
 * Study plan: families of recurring errors, the surest gain first: ranked by the MWC they are sure to
 * recover, the low bound of R's 95 % interval (spec/metrics.md §7; spec/classifier.md §5).
 *
 * Members: the player's counted decisions with e ≥ the Error threshold of the active threshold setting
 * (inclusive, src/metrics/difficulty.ts `reachesThreshold`). Family = (game plan of the decision maker,
 * decision nature 'checker' | 'cube', theme): a checker theme, or for a cube error its cell of the cube
 * matrix (only the four error cells). An error without theme joins no family (counted as unthemed).
 * A member is scored when it has both ℓ and d (MWC, fractions of a match); others are "unscored".
 *
 *   R = Σ_i (ℓ_i − d_i)                     over the scored members, signed, no clipping
 *   R ± 1.96 × √( Σ_i (ℓ_i − d_i)² )         (members as a Poisson count, independent excesses)
 *
 * Inclusion: ≥ 5 scored members and low bound > 0 (strict); the others are "tentative", listed apart.
 * Order of the plan: low desc, then R desc, members desc, plan, nature, theme. Tentative: R desc (a family
 * without scored member last), then the same tie-breaks. Inside a family, members by excess ℓ − d
 * descending (unscored last, in input order). R and its bounds are null without a scored member.
 *
 * A family is written `plan/nature/theme` (e.g. `holding/checker/blots`, `blitz/cube/offer_missed`): the
 * form `bdb plan` prints and `bdb study mark` takes (no token contains a '/').
 */

import { CHECKER_THEMES } from '../classify/checker-themes.js';
import { GAME_PLANS } from '../classify/game-plan.js';
import { compareNames } from '../core/name-order.js';
import { reachesThreshold } from './difficulty.js';
import { Z95 } from './interval.js';

/** Fewest scored members for a family to enter the plan. */
export const STUDY_PLAN_MIN_SCORED = 5;

/** The two decision natures. */
export type DecisionNature = 'checker' | 'cube';

/** What names a family: game plan, nature, theme. */
export interface FamilyKey {
  readonly plan: string;
  readonly nature: DecisionNature;
  readonly theme: string;
}

/** The cube themes: the four error cells of the cube matrix (src/classify/cube-direction.ts). */
export const CUBE_THEMES: readonly string[] = [
  'offer_missed',
  'offer_premature',
  'answer_wrong_pass',
  'answer_wrong_take',
];

/** The text form of a family, `plan/nature/theme`, as `bdb plan` prints it. */
export function familyText(f: FamilyKey): string {
  return `${f.plan}/${f.nature}/${f.theme}`;
}

/**
 * Reads the text form of a family (any case): three tokens `plan/nature/theme`, the plan one of the game plans
 * or `unknown` (no board), the nature `checker` or `cube`, the theme a checker theme other than the
 * `distribution` fallback, or a cube error cell. Null when it is not one.
 */
export function parseFamilyText(text: string): FamilyKey | null {
  const parts = text.trim().toLowerCase().split('/');
  if (parts.length !== 3) return null;
  const [plan, nature, theme] = parts as [string, string, string];
  if (plan !== 'unknown' && !(GAME_PLANS as readonly string[]).includes(plan)) return null;
  if (nature === 'checker') {
    if (theme === 'distribution' || !(CHECKER_THEMES as readonly string[]).includes(theme)) return null;
    return { plan, nature, theme };
  }
  if (nature === 'cube' && CUBE_THEMES.includes(theme)) return { plan, nature, theme };
  return null;
}

/** One counted decision offered to the study plan. */
export interface StudyPlanInput<R> {
  /** Game-plan token of the decision maker's position ('unknown' when the board is missing). */
  readonly plan: string;
  readonly nature: DecisionNature;
  /** Theme token; null (or 'none') = no rule names the error. */
  readonly theme: string | null;
  /** e, equity. */
  readonly error: number;
  /** ℓ (MWC), null when unknown (money play …). */
  readonly loss: number | null;
  /** d (MWC), null when unknown. */
  readonly difficulty: number | null;
  readonly ref: R;
}

/** A member of a family. */
export interface StudyMember<R> {
  readonly ref: R;
  readonly error: number;
  readonly loss: number | null;
  readonly difficulty: number | null;
  /** ℓ − d, null when unscored. */
  readonly excess: number | null;
}

/** A family with its recoverable MWC. */
export interface StudyFamily<R> {
  readonly plan: string;
  readonly nature: DecisionNature;
  readonly theme: string;
  readonly members: number;
  readonly scored: number;
  readonly unscored: number;
  /** R = Σ(ℓ − d), null without scored member. */
  readonly recoverable: number | null;
  readonly low: number | null;
  readonly high: number | null;
  /** True when in the plan (≥ 5 scored and low > 0). */
  readonly included: boolean;
  /** Members by excess descending (unscored last, then in input order), made as they are read. */
  readonly positions: FamilyMembers<R>;
}

/** The study plan of one player. */
export interface StudyPlan<R> {
  readonly families: readonly StudyFamily<R>[];
  readonly tentative: readonly StudyFamily<R>[];
  /** Errors (e ≥ threshold) seen, themed or not. */
  readonly errors: number;
  /** Errors without theme (in no family). */
  readonly unthemed: number;
}

function compareKeys<R>(a: StudyFamily<R>, b: StudyFamily<R>): number {
  return (
    b.members - a.members ||
    compareNames(a.plan, b.plan) ||
    compareNames(a.nature, b.nature) ||
    compareNames(a.theme, b.theme)
  );
}

/** −∞ for a missing figure, so it sorts last in a descending order. */
function orMinus(x: number | null): number {
  return x ?? Number.NEGATIVE_INFINITY;
}

function desc(a: number | null, b: number | null): number {
  const x = orMinus(a);
  const y = orMinus(b);
  return x === y ? 0 : y > x ? 1 : -1;
}

/**
 * Rows read in order, or one by one by their place: an array, or the rows a CLI run keeps in a temporary
 * file (src/cli/spill.ts).
 */
export interface IndexedRows<T> extends Iterable<T> {
  readonly length: number;
  /** The row at `index` (0 first; a negative index counts from the end, as `Array.prototype.at`). */
  at(index: number): T | undefined;
}

/** ℓ − d of an input, null when unscored (ℓ or d unknown). */
function excessOf(x: StudyPlanInput<unknown>): number | null {
  return x.loss !== null && x.difficulty !== null && Number.isFinite(x.loss - x.difficulty)
    ? x.loss - x.difficulty
    : null;
}

/** The member an input makes. */
function memberOf<R>(x: StudyPlanInput<R>): StudyMember<R> {
  return { ref: x.ref, error: x.error, loss: x.loss, difficulty: x.difficulty, excess: excessOf(x) };
}

/**
 * The members of a family in their order (excess descending), made from the inputs as they are read: the
 * plan holds only the places of its members among the inputs, 4 bytes each, so a plan over errors kept in a
 * temporary file does not hold them all.
 */
export class FamilyMembers<R> implements Iterable<StudyMember<R>> {
  private readonly inputs: IndexedRows<StudyPlanInput<R>>;
  /** The places of the members among the inputs, in the family's order. */
  private readonly order: Int32Array;

  constructor(inputs: IndexedRows<StudyPlanInput<R>>, order: Int32Array) {
    this.inputs = inputs;
    this.order = order;
  }

  get length(): number {
    return this.order.length;
  }

  /** The member at `index` (a negative index counts from the end), undefined past the end. */
  at(index: number): StudyMember<R> | undefined {
    const k = index < 0 ? index + this.order.length : index;
    if (k < 0 || k >= this.order.length) return undefined;
    return memberOf(this.inputs.at(this.order[k]!)!);
  }

  *[Symbol.iterator](): Iterator<StudyMember<R>> {
    for (let k = 0; k < this.order.length; k++) yield this.at(k)!;
  }

  /** The members from `start` to before `end`, as `Array.prototype.slice` reads them. */
  slice(start = 0, end: number = this.order.length): StudyMember<R>[] {
    const n = this.order.length;
    const from = start < 0 ? Math.max(n + start, 0) : Math.min(start, n);
    const to = end < 0 ? Math.max(n + end, 0) : Math.min(end, n);
    const out: StudyMember<R>[] = [];
    for (let k = from; k < to; k++) out.push(this.at(k)!);
    return out;
  }

  /** Each member mapped by `f`, in order. */
  map<U>(f: (m: StudyMember<R>, index: number) => U): U[] {
    const out: U[] = [];
    for (let k = 0; k < this.order.length; k++) out.push(f(this.at(k)!, k));
    return out;
  }
}

function isIndexed<T>(rows: Iterable<T>): rows is IndexedRows<T> {
  const r = rows as Partial<IndexedRows<T>>;
  return typeof r.at === 'function' && typeof r.length === 'number';
}

/**
 * Builds the study plan from one player's counted decisions; `errorThreshold` in equity (0.020 for XG's
 * 20 mpt). Decisions below the threshold are ignored. The inputs are read once in order; the families'
 * members are read again by their place when listed (inputs that cannot be read by place are copied first).
 */
export function studyPlan<R>(
  inputs: Iterable<StudyPlanInput<R>>,
  errorThreshold: number,
  minScored: number = STUDY_PLAN_MIN_SCORED,
): StudyPlan<R> {
  const rows = isIndexed(inputs) ? inputs : [...inputs];
  let errors = 0;
  let unthemed = 0;
  /** Per family: its members' places among the inputs and their excesses (−∞ unscored), and R's sums. */
  const groups = new Map<
    string,
    {
      plan: string;
      nature: DecisionNature;
      theme: string;
      at: number[];
      keys: number[];
      scored: number;
      r: number;
      ss: number;
    }
  >();
  let index = -1;
  for (const x of rows) {
    index++;
    if (!Number.isFinite(x.error) || !reachesThreshold(x.error, errorThreshold)) continue;
    errors++;
    if (x.theme === null || x.theme === 'none' || x.theme === '') {
      unthemed++;
      continue;
    }
    const key = `${x.plan}\u0000${x.nature}\u0000${x.theme}`;
    let g = groups.get(key);
    if (!g) {
      g = { plan: x.plan, nature: x.nature, theme: x.theme, at: [], keys: [], scored: 0, r: 0, ss: 0 };
      groups.set(key, g);
    }
    const excess = excessOf(x);
    g.at.push(index);
    g.keys.push(orMinus(excess));
    if (excess === null) continue;
    g.scored++;
    g.r += excess;
    g.ss += excess * excess;
  }
  const all: StudyFamily<R>[] = [];
  for (const g of groups.values()) {
    const { scored, r, keys } = g;
    const half = Z95 * Math.sqrt(g.ss);
    const recoverable = scored > 0 ? r : null;
    const low = scored > 0 ? r - half : null;
    const high = scored > 0 ? r + half : null;
    // excess descending (unscored last), then input order
    const local = Int32Array.from(g.at, (_, k) => k).sort((a, b) => desc(keys[a]!, keys[b]!) || a - b);
    const order = Int32Array.from(local, (k) => g.at[k]!);
    all.push({
      plan: g.plan,
      nature: g.nature,
      theme: g.theme,
      members: g.at.length,
      scored,
      unscored: g.at.length - scored,
      recoverable,
      low,
      high,
      included: scored >= minScored && low !== null && low > 0,
      positions: new FamilyMembers(rows, order),
    });
  }
  const families = all
    .filter((f) => f.included)
    .sort((a, b) => desc(a.low, b.low) || desc(a.recoverable, b.recoverable) || compareKeys(a, b));
  const tentative = all
    .filter((f) => !f.included)
    .sort((a, b) => desc(a.recoverable, b.recoverable) || compareKeys(a, b));
  return { families, tentative, errors, unthemed };
}
