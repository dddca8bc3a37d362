/**
 * Reference positions: a short list of positions whose study recovers the most MWC (spec/metrics.md §8;
 * distance: spec/classifier.md §6, src/metrics/like-distance.ts).
 *
 * Candidates: scored, themed errors (members of study-plan families), grouped by position within a group;
 *   excess(p) = Σ over its errors of max(ℓ − d, 0)                (MWC; an error repeated in one position
 *                                                                 adds up in one candidate)
 *   group     = family (plan, nature, theme); for cube decisions also the score (away, opponent's away)
 * Neighbours: candidates of the same group at distance ≤ ρ = 12 checker-pips.
 * Gain:
 *   G(p) = c(p) × Σ_{q ∈ neighbourhood(p) incl. p, q not covered} excess(q)
 *   c(p) = 1 × (½ if tight) × (½ if unstable)
 *   tight    = the second-best option costs less than half the Error threshold (equity)
 *   unstable = another analysis gives a different verdict (bdb's files carry one analysis: the caller
 *              says; false by default)
 * Selection: greedy by marginal gain with lazy evaluation (gains only fall as coverage grows, so a stale
 * gain is an upper bound; the top is re-evaluated until it stays on top). A chosen position covers its
 * neighbours, and every candidate within ρ of it with the same nature and (cube) the same score is
 * discarded, even outside its group. Already-treated candidates are never proposed and count as chosen.
 * Ties at equal gain: larger excess, then the candidate key. Size 20 by default, at most 50; the
 * selection stops when no gain is left.
 * Speed: the four segment totals of each vector (like-distance.ts) index a grid of cells of width ρ; two
 * positions within ρ lie in adjacent cells, so only the 3⁴ neighbouring cells are compared.
 */
import type { Board, Side } from '../core/board.js';
import {
  type LikeVector,
  likeVector,
  likeVectorDistance,
  SEGMENT_TOTAL_MAX,
  segmentTotals,
} from './like-distance.js';

/** Neighbourhood radius ρ (checker-pips). */
export const REFERENCE_RHO = 12;
/** Default and largest list sizes. */
export const REFERENCE_DEFAULT_SIZE = 20;
export const REFERENCE_MAX_SIZE = 50;

/** One scored, themed error offered to the selection. */
export interface ReferenceInput<R> {
  /** Identity of the position (same key = same position). */
  readonly positionKey: string;
  /** Family key (plan, nature, theme), plus the score for a cube decision. */
  readonly group: string;
  readonly nature: 'checker' | 'cube';
  /** Score cell for a cube decision ('' for a checker play). */
  readonly scoreKey: string;
  readonly board: Board;
  readonly onRoll: Side;
  /** ℓ and d (MWC). */
  readonly loss: number;
  readonly difficulty: number;
  readonly tight: boolean;
  readonly unstable?: boolean;
  /** Already studied: never proposed, counts as chosen. */
  readonly treated?: boolean;
  readonly ref: R;
}

/** A candidate: one position of one group. */
export interface ReferenceCandidate<R> {
  readonly key: string;
  readonly group: string;
  readonly nature: 'checker' | 'cube';
  readonly scoreKey: string;
  readonly vector: LikeVector;
  readonly excess: number;
  readonly tight: boolean;
  readonly unstable: boolean;
  readonly treated: boolean;
  /** The error made in this position with the largest ℓ − d (the first read among equals). */
  readonly ref: R;
  /** How many errors were made in this position. */
  readonly errors: number;
}

/** A selected position. */
export interface ReferencePosition<R> {
  readonly candidate: ReferenceCandidate<R>;
  /** Marginal gain when chosen (MWC). */
  readonly gain: number;
  /** Neighbours it covered (same group, within ρ, not yet covered). */
  readonly covered: number;
}

/**
 * Groups errors into candidates (one per group and position), as they are read. Each candidate keeps its
 * worst error and a count, not every error: what is held grows with the distinct positions, not with the
 * errors read. A fold, so that a reader going through the errors once for something else (the study plan's
 * families) makes the candidates in the same pass.
 */
export class CandidateFold<R> {
  private readonly out: { -readonly [K in keyof ReferenceCandidate<R>]: ReferenceCandidate<R>[K] }[] = [];
  /** Index in `out` by candidate key. */
  private readonly at = new Map<string, number>();
  /** ℓ − d of each candidate's `ref`. */
  private readonly worst: number[] = [];

  add(e: ReferenceInput<R>): void {
    if (!Number.isFinite(e.loss) || !Number.isFinite(e.difficulty)) return;
    const key = `${e.group}\u0000${e.positionKey}`;
    const over = e.loss - e.difficulty;
    const x = Math.max(over, 0);
    const i = this.at.get(key);
    if (i === undefined) {
      this.at.set(key, this.out.length);
      this.worst.push(over);
      this.out.push({
        key,
        group: e.group,
        nature: e.nature,
        scoreKey: e.scoreKey,
        vector: likeVector(e.board, e.onRoll),
        excess: x,
        tight: e.tight,
        unstable: e.unstable === true,
        treated: e.treated === true,
        ref: e.ref,
        errors: 1,
      });
      return;
    }
    const c = this.out[i]!;
    c.excess += x;
    c.tight ||= e.tight;
    c.unstable ||= e.unstable === true;
    c.treated ||= e.treated === true;
    c.errors++;
    if (over > this.worst[i]!) {
      c.ref = e.ref;
      this.worst[i] = over;
    }
  }

  /** The candidates, in the order their positions were first read. */
  candidates(): ReferenceCandidate<R>[] {
    return this.out;
  }
}

/** The candidates of `errors` ({@link CandidateFold}). */
export function referenceCandidates<R>(errors: Iterable<ReferenceInput<R>>): ReferenceCandidate<R>[] {
  const fold = new CandidateFold<R>();
  for (const e of errors) fold.add(e);
  return fold.candidates();
}

/** c(p): 1, halved when tight, halved again when unstable. */
export function gainFactor(c: { tight: boolean; unstable: boolean }): number {
  return (c.tight ? 0.5 : 1) * (c.unstable ? 0.5 : 1);
}

/**
 * For each candidate, the others within ρ with the same nature and score ("near", the discard relation),
 * and among them those of the same group (its neighbours). Grid on the four segment totals, cells of
 * width ρ (ρ ≥ 1).
 */
export function nearCandidates<R>(
  cands: readonly ReferenceCandidate<R>[],
  rho: number = REFERENCE_RHO,
): { near: number[][]; neighbours: number[][] } {
  const width = Math.max(1, Math.floor(rho));
  // numeric cell keys: class (nature and score), then the four cell coordinates shifted by 1 so that the
  // adjacent cells −1 … +1 of every coordinate stay in 0 … dim − 1
  const dim = Math.floor(SEGMENT_TOTAL_MAX / width) + 3;
  const classes = new Map<string, number>();
  const grid = new Map<number, number[]>();
  const cells: number[][] = [];
  // each candidate's four segment totals: the sum of their differences is at most the distance
  // (like-distance.ts), a bound checked in four steps before the distance's fifty-two
  const totals = new Int32Array(4 * cands.length);
  const cellKey = (cls: number, a: number, b: number, x: number, y: number): number =>
    (((cls * dim + a) * dim + b) * dim + x) * dim + y;
  for (let i = 0; i < cands.length; i++) {
    const c = cands[i]!;
    const name = `${c.nature}|${c.scoreKey}`;
    let cls = classes.get(name);
    if (cls === undefined) {
      cls = classes.size;
      classes.set(name, cls);
    }
    const t = segmentTotals(c.vector);
    totals.set(t, 4 * i);
    const cell = [cls, ...t.map((x) => Math.floor(x / width) + 1)] as number[];
    cells.push(cell);
    const key = cellKey(cls, cell[1]!, cell[2]!, cell[3]!, cell[4]!);
    const list = grid.get(key);
    if (list) list.push(i);
    else grid.set(key, [i]);
  }
  const near: number[][] = cands.map(() => []);
  const neighbours: number[][] = cands.map(() => []);
  for (let i = 0; i < cands.length; i++) {
    const c = cands[i]!;
    const [cls, a, b, x, y] = cells[i] as [number, number, number, number, number];
    for (let da = -1; da <= 1; da++)
      for (let db = -1; db <= 1; db++)
        for (let dx = -1; dx <= 1; dx++)
          for (let dy = -1; dy <= 1; dy++) {
            const list = grid.get(cellKey(cls, a + da, b + db, x + dx, y + dy));
            if (!list) continue;
            // each pair once: the cell's candidates after i (a list holds them in index order), in order
            let k = 0;
            for (let hi = list.length; k < hi; ) {
              const mid = (k + hi) >> 1;
              if (list[mid]! <= i) k = mid + 1;
              else hi = mid;
            }
            for (; k < list.length; k++) {
              const j = list[k]!;
              const bound =
                Math.abs(totals[4 * i]! - totals[4 * j]!) +
                Math.abs(totals[4 * i + 1]! - totals[4 * j + 1]!) +
                Math.abs(totals[4 * i + 2]! - totals[4 * j + 2]!) +
                Math.abs(totals[4 * i + 3]! - totals[4 * j + 3]!);
              if (bound > rho) continue;
              const o = cands[j]!;
              if (likeVectorDistance(c.vector, o.vector) > rho) continue;
              near[i]!.push(j);
              near[j]!.push(i);
              if (o.group === c.group) {
                neighbours[i]!.push(j);
                neighbours[j]!.push(i);
              }
            }
          }
  }
  return { near, neighbours };
}

/** Options of the selection. */
export interface ReferenceOptions {
  /** Number of positions (default 20, at most 50). */
  readonly size?: number;
  /** Neighbourhood radius (default 12). */
  readonly rho?: number;
}

/** Greedy lazy selection of reference positions among candidates. */
export function selectReferencePositions<R>(
  cands: readonly ReferenceCandidate<R>[],
  opts: ReferenceOptions = {},
): ReferencePosition<R>[] {
  const size = Math.min(REFERENCE_MAX_SIZE, Math.max(0, Math.floor(opts.size ?? REFERENCE_DEFAULT_SIZE)));
  const rho = opts.rho ?? REFERENCE_RHO;
  const { near, neighbours } = nearCandidates(cands, rho);
  const covered = new Uint8Array(cands.length);
  const gone = new Uint8Array(cands.length);
  const choose = (i: number): number => {
    let n = 0;
    gone[i] = 1;
    covered[i] = 1;
    for (const j of neighbours[i]!) {
      if (!covered[j]) n++;
      covered[j] = 1;
    }
    for (const j of near[i]!) {
      gone[j] = 1;
      covered[j] = 1;
    }
    return n;
  };
  for (let i = 0; i < cands.length; i++) if (cands[i]!.treated && !gone[i]) choose(i);
  const gainOf = (i: number): number => {
    let s = covered[i] ? 0 : cands[i]!.excess;
    for (const j of neighbours[i]!) if (!covered[j]) s += cands[j]!.excess;
    return gainFactor(cands[i]!) * s;
  };
  // max-heap of (gain bound, index); ties: larger excess, then smaller key
  const heap: { g: number; i: number }[] = [];
  const before = (p: { g: number; i: number }, q: { g: number; i: number }): boolean => {
    if (p.g !== q.g) return p.g > q.g;
    const a = cands[p.i]!;
    const b = cands[q.i]!;
    if (a.excess !== b.excess) return a.excess > b.excess;
    return a.key < b.key;
  };
  const push = (x: { g: number; i: number }): void => {
    heap.push(x);
    let k = heap.length - 1;
    while (k > 0) {
      const parent = (k - 1) >> 1;
      if (!before(heap[k]!, heap[parent]!)) break;
      [heap[k], heap[parent]] = [heap[parent]!, heap[k]!];
      k = parent;
    }
  };
  const pop = (): { g: number; i: number } | undefined => {
    const top = heap[0];
    const last = heap.pop();
    if (heap.length > 0 && last) {
      heap[0] = last;
      let k = 0;
      for (;;) {
        const l = 2 * k + 1;
        const r = l + 1;
        let m = k;
        if (l < heap.length && before(heap[l]!, heap[m]!)) m = l;
        if (r < heap.length && before(heap[r]!, heap[m]!)) m = r;
        if (m === k) break;
        [heap[k], heap[m]] = [heap[m]!, heap[k]!];
        k = m;
      }
    }
    return top;
  };
  for (let i = 0; i < cands.length; i++) if (!gone[i]) push({ g: gainOf(i), i });
  const out: ReferencePosition<R>[] = [];
  while (out.length < size) {
    const top = pop();
    if (!top) break;
    if (gone[top.i]) continue;
    const g = gainOf(top.i);
    const next = heap[0];
    if (g !== top.g && next && before(next, { g, i: top.i })) {
      push({ g, i: top.i });
      continue;
    }
    if (!(g > 0)) break;
    const n = choose(top.i);
    out.push({ candidate: cands[top.i]!, gain: g, covered: n });
  }
  return out;
}
