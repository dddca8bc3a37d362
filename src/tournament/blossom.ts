/**
 * Maximum-weight matching on a general (non-bipartite) graph: Edmonds' blossom algorithm in its
 * primal-dual form, O(n³) (Galil's formulation). Vertices are 0..n-1; edges are `[u, v, weight]`.
 *
 * With integer weights every dual variable stays an integer (all duals start at the same value and
 * the slack of an edge between two outer vertices is always even), so the result is exact while the
 * weights are safe integers of moderate size (|w| below 2^50 leaves ample headroom).
 *
 * Terminology used below: an "endpoint" index p identifies one end of edge p >> 1; endpoint 2k is
 * edge k's first vertex, 2k + 1 its second, and p ^ 1 is the opposite end. Labels: 1 = outer (S),
 * 2 = inner (T), 0 = free; a "top-level blossom" is either a single vertex (id < n) or a contracted
 * odd cycle (id n..2n-1).
 */

export type Edge = readonly [number, number, number];

export interface MatchingOptions {
  /** Only consider matchings of maximum cardinality, and among those the heaviest. */
  readonly maxCardinality?: boolean;
}

/**
 * Returns `mate`, where `mate[v]` is the vertex matched to v, or -1. Self-loops are ignored; with
 * parallel edges the heavier one may be used.
 */
export function maxWeightMatching(
  n: number,
  edges: readonly Edge[],
  options: MatchingOptions = {},
): number[] {
  return maxWeightMatchingWithDuals(n, edges, options).mate;
}

/**
 * A matching with the final dual solution, which certifies its optimality: with `dual` (vertex duals
 * at 0..n-1, blossom duals at n..2n-1, all in the algorithm's doubled scale) the slack
 * `dual[u] + dual[v] − 2w + Σ 2·dual[b]` (over the blossoms b containing both u and v, found by
 * walking `parent` up from each vertex) is ≥ 0 for every edge and 0 for every matched edge. So a
 * matching computed on a subgraph is also optimal on a larger graph whose extra edges all have
 * non-negative slack (for perfect matchings; with `maxCardinality` vertex duals may be negative).
 */
export interface MatchingWithDuals {
  readonly mate: number[];
  readonly dual: Float64Array;
  readonly parent: Int32Array;
}

export function maxWeightMatchingWithDuals(
  n: number,
  edges: readonly Edge[],
  options: MatchingOptions = {},
): MatchingWithDuals {
  const maxCard = options.maxCardinality ?? false;
  const list = edges.filter((e) => e[0] !== e[1]);
  for (const [u, v, w] of list) {
    if (!Number.isInteger(u) || !Number.isInteger(v) || u < 0 || v < 0 || u >= n || v >= n) {
      throw new RangeError(`edge (${u}, ${v}) has a vertex outside 0..${n - 1}`);
    }
    if (!Number.isFinite(w)) throw new RangeError(`edge (${u}, ${v}) has a non-finite weight`);
  }
  const m = list.length;
  if (n === 0 || m === 0) {
    return {
      mate: new Array<number>(n).fill(-1),
      dual: new Float64Array(2 * n),
      parent: new Int32Array(2 * n).fill(-1),
    };
  }

  const endpoint = new Int32Array(2 * m);
  const weight = new Float64Array(m);
  let maxWeight = 0;
  const neighbours: number[][] = Array.from({ length: n }, () => []);
  list.forEach(([u, v, w], k) => {
    endpoint[2 * k] = u;
    endpoint[2 * k + 1] = v;
    weight[k] = w;
    if (w > maxWeight) maxWeight = w;
    neighbours[u]!.push(2 * k + 1);
    neighbours[v]!.push(2 * k);
  });

  const ep = (p: number): number => endpoint[p]!;
  const mate = new Int32Array(n).fill(-1); // remote endpoint of the matched edge
  const label = new Int32Array(2 * n);
  const labelEnd = new Int32Array(2 * n).fill(-1);
  const inBlossom = Int32Array.from({ length: n }, (_, i) => i);
  const parent = new Int32Array(2 * n).fill(-1);
  const children: (number[] | null)[] = new Array(2 * n).fill(null);
  const base = new Int32Array(2 * n).fill(-1);
  for (let i = 0; i < n; i++) base[i] = i;
  const endps: (number[] | null)[] = new Array(2 * n).fill(null);
  const bestEdge = new Int32Array(2 * n).fill(-1);
  const blossomBestEdges: (number[] | null)[] = new Array(2 * n).fill(null);
  const free: number[] = [];
  for (let b = 2 * n - 1; b >= n; b--) free.push(b);
  const dual = new Float64Array(2 * n);
  for (let i = 0; i < n; i++) dual[i] = maxWeight;
  const allowed = new Uint8Array(m);
  const bestTo = new Int32Array(2 * n).fill(-1);
  let queue: number[] = [];

  const slack = (k: number): number => dual[ep(2 * k)]! + dual[ep(2 * k + 1)]! - 2 * weight[k]!;
  const at = <T>(arr: readonly T[], j: number): T => arr[((j % arr.length) + arr.length) % arr.length]!;

  const leaves = (b: number, out: number[] = []): number[] => {
    if (b < n) out.push(b);
    else for (const c of children[b]!) leaves(c, out);
    return out;
  };

  const assignLabel = (w: number, t: number, p: number): void => {
    const b = inBlossom[w]!;
    label[w] = t;
    label[b] = t;
    labelEnd[w] = p;
    labelEnd[b] = p;
    bestEdge[w] = -1;
    bestEdge[b] = -1;
    if (t === 1) {
      queue.push(...leaves(b));
    } else {
      const mb = mate[base[b]!]!;
      assignLabel(ep(mb), 1, mb ^ 1);
    }
  };

  /** Walks up from v and w alternately; returns the base of a new blossom, or -1 (augmenting path). */
  const scanBlossom = (vStart: number, wStart: number): number => {
    const path: number[] = [];
    let found = -1;
    let v = vStart;
    let w = wStart;
    while (v !== -1 || w !== -1) {
      let b = inBlossom[v]!;
      if (label[b]! & 4) {
        found = base[b]!;
        break;
      }
      path.push(b);
      label[b] = 5;
      if (labelEnd[b] === -1) {
        v = -1;
      } else {
        v = ep(labelEnd[b]!);
        b = inBlossom[v]!;
        v = ep(labelEnd[b]!);
      }
      if (w !== -1) [v, w] = [w, v];
    }
    for (const b of path) label[b] = 1;
    return found;
  };

  const addBlossom = (baseVertex: number, k: number): void => {
    let v = ep(2 * k);
    let w = ep(2 * k + 1);
    const bb = inBlossom[baseVertex]!;
    let bv = inBlossom[v]!;
    let bw = inBlossom[w]!;
    const b = free.pop()!;
    base[b] = baseVertex;
    parent[b] = -1;
    parent[bb] = b;
    const path: number[] = [];
    const ends: number[] = [];
    while (bv !== bb) {
      parent[bv] = b;
      path.push(bv);
      ends.push(labelEnd[bv]!);
      v = ep(labelEnd[bv]!);
      bv = inBlossom[v]!;
    }
    path.push(bb);
    path.reverse();
    ends.reverse();
    ends.push(2 * k);
    while (bw !== bb) {
      parent[bw] = b;
      path.push(bw);
      ends.push(labelEnd[bw]! ^ 1);
      w = ep(labelEnd[bw]!);
      bw = inBlossom[w]!;
    }
    children[b] = path;
    endps[b] = ends;
    label[b] = 1;
    labelEnd[b] = labelEnd[bb]!;
    dual[b] = 0;
    for (const x of leaves(b)) {
      if (label[inBlossom[x]!] === 2) queue.push(x);
      inBlossom[x] = b;
    }
    // Least-slack edges from the new blossom to each neighbouring outer blossom.
    // bestTo is a scratch array shared by all calls (all -1 between calls); touched lists its used slots.
    const touched: number[] = [];
    const consider = (e: number): void => {
      let j = endpoint[2 * e + 1]!;
      if (inBlossom[j] === b) j = endpoint[2 * e]!;
      const bj = inBlossom[j]!;
      if (bj !== b && label[bj] === 1) {
        const cur = bestTo[bj]!;
        if (cur === -1) {
          bestTo[bj] = e;
          touched.push(bj);
        } else if (slack(e) < slack(cur)) bestTo[bj] = e;
      }
    };
    for (const sub of path) {
      const own = blossomBestEdges[sub];
      if (own) for (const e of own) consider(e);
      else {
        for (const x of leaves(sub)) for (const p of neighbours[x]!) consider(p >> 1);
      }
      blossomBestEdges[sub] = null;
      bestEdge[sub] = -1;
    }
    touched.sort((x, y) => x - y);
    const best: number[] = [];
    for (const bj of touched) {
      best.push(bestTo[bj]!);
      bestTo[bj] = -1;
    }
    blossomBestEdges[b] = best;
    bestEdge[b] = -1;
    for (const e of best) if (bestEdge[b] === -1 || slack(e) < slack(bestEdge[b]!)) bestEdge[b] = e;
  };

  const expandBlossom = (b: number, endStage: boolean): void => {
    const kids = children[b]!;
    const ends = endps[b]!;
    for (const s of kids) {
      parent[s] = -1;
      if (s < n) inBlossom[s] = s;
      else if (endStage && dual[s] === 0) expandBlossom(s, endStage);
      else for (const x of leaves(s)) inBlossom[x] = s;
    }
    if (!endStage && label[b] === 2) {
      // Relabel the even-length path from the entry child to the base.
      const entry = inBlossom[ep(labelEnd[b]! ^ 1)]!;
      let j = kids.indexOf(entry);
      let step: number;
      let trick: number;
      if (j & 1) {
        j -= kids.length;
        step = 1;
        trick = 0;
      } else {
        step = -1;
        trick = 1;
      }
      let p = labelEnd[b]!;
      while (j !== 0) {
        label[ep(p ^ 1)] = 0;
        label[ep(at(ends, j - trick) ^ trick ^ 1)] = 0;
        assignLabel(ep(p ^ 1), 2, p);
        allowed[at(ends, j - trick) >> 1] = 1;
        j += step;
        p = at(ends, j - trick) ^ trick;
        allowed[p >> 1] = 1;
        j += step;
      }
      const bv0 = at(kids, j);
      label[ep(p ^ 1)] = 2;
      label[bv0] = 2;
      labelEnd[ep(p ^ 1)] = p;
      labelEnd[bv0] = p;
      bestEdge[bv0] = -1;
      j += step;
      while (at(kids, j) !== entry) {
        const bv = at(kids, j);
        if (label[bv] === 1) {
          j += step;
          continue;
        }
        let labelled = -1;
        for (const x of leaves(bv)) {
          if (label[x] !== 0) {
            labelled = x;
            break;
          }
        }
        if (labelled !== -1) {
          label[labelled] = 0;
          label[ep(mate[base[bv]!]!)] = 0;
          assignLabel(labelled, 2, labelEnd[labelled]!);
        }
        j += step;
      }
    }
    label[b] = -1;
    labelEnd[b] = -1;
    children[b] = null;
    endps[b] = null;
    base[b] = -1;
    blossomBestEdges[b] = null;
    bestEdge[b] = -1;
    free.push(b);
  };

  /** Swaps matched/unmatched edges along the path inside blossom b from vertex v to its base. */
  const augmentBlossom = (b: number, v: number): void => {
    let t = v;
    while (parent[t] !== b) t = parent[t]!;
    if (t >= n) augmentBlossom(t, v);
    const kids = children[b]!;
    const ends = endps[b]!;
    const i = kids.indexOf(t);
    let j = i;
    let step: number;
    let trick: number;
    if (i & 1) {
      j -= kids.length;
      step = 1;
      trick = 0;
    } else {
      step = -1;
      trick = 1;
    }
    while (j !== 0) {
      j += step;
      t = at(kids, j);
      const p = at(ends, j - trick) ^ trick;
      if (t >= n) augmentBlossom(t, ep(p));
      j += step;
      t = at(kids, j);
      if (t >= n) augmentBlossom(t, ep(p ^ 1));
      mate[ep(p)] = p ^ 1;
      mate[ep(p ^ 1)] = p;
    }
    children[b] = kids.slice(i).concat(kids.slice(0, i));
    endps[b] = ends.slice(i).concat(ends.slice(0, i));
    base[b] = base[children[b]![0]!]!;
  };

  const augmentMatching = (k: number): void => {
    const starts: [number, number][] = [
      [ep(2 * k), 2 * k + 1],
      [ep(2 * k + 1), 2 * k],
    ];
    for (const [s0, p0] of starts) {
      let s = s0;
      let p = p0;
      for (;;) {
        const bs = inBlossom[s]!;
        if (bs >= n) augmentBlossom(bs, s);
        mate[s] = p;
        if (labelEnd[bs] === -1) break;
        const t = ep(labelEnd[bs]!);
        const bt = inBlossom[t]!;
        s = ep(labelEnd[bt]!);
        const j = ep(labelEnd[bt]! ^ 1);
        if (bt >= n) augmentBlossom(bt, j);
        mate[j] = labelEnd[bt]!;
        p = labelEnd[bt]! ^ 1;
      }
    }
  };

  for (let stage = 0; stage < n; stage++) {
    label.fill(0);
    bestEdge.fill(-1);
    for (let b = n; b < 2 * n; b++) blossomBestEdges[b] = null;
    allowed.fill(0);
    queue = [];
    for (let v = 0; v < n; v++) {
      if (mate[v] === -1 && label[inBlossom[v]!] === 0) assignLabel(v, 1, -1);
    }
    let augmented = false;
    for (;;) {
      while (queue.length > 0 && !augmented) {
        const v = queue.pop()!;
        for (const p of neighbours[v]!) {
          const k = p >> 1;
          const w = ep(p);
          if (inBlossom[v] === inBlossom[w]) continue;
          let kslack = 0;
          if (!allowed[k]) {
            kslack = slack(k);
            if (kslack <= 0) allowed[k] = 1;
          }
          if (allowed[k]) {
            if (label[inBlossom[w]!] === 0) {
              assignLabel(w, 2, p ^ 1);
            } else if (label[inBlossom[w]!] === 1) {
              const b = scanBlossom(v, w);
              if (b >= 0) addBlossom(b, k);
              else {
                augmentMatching(k);
                augmented = true;
                break;
              }
            } else if (label[w] === 0) {
              label[w] = 2;
              labelEnd[w] = p ^ 1;
            }
          } else if (label[inBlossom[w]!] === 1) {
            const b = inBlossom[v]!;
            if (bestEdge[b] === -1 || kslack < slack(bestEdge[b]!)) bestEdge[b] = k;
          } else if (label[w] === 0) {
            if (bestEdge[w] === -1 || kslack < slack(bestEdge[w]!)) bestEdge[w] = k;
          }
        }
      }
      if (augmented) break;

      // No tight edge left: change the duals.
      let deltaType = -1;
      let delta = 0;
      let deltaEdge = -1;
      let deltaBlossom = -1;
      if (!maxCard) {
        deltaType = 1;
        delta = Math.min(...Array.from(dual.subarray(0, n)));
      }
      for (let v = 0; v < n; v++) {
        if (label[inBlossom[v]!] === 0 && bestEdge[v] !== -1) {
          const d = slack(bestEdge[v]!);
          if (deltaType === -1 || d < delta) {
            delta = d;
            deltaType = 2;
            deltaEdge = bestEdge[v]!;
          }
        }
      }
      for (let b = 0; b < 2 * n; b++) {
        if (parent[b] === -1 && label[b] === 1 && bestEdge[b] !== -1) {
          const d = slack(bestEdge[b]!) / 2;
          if (deltaType === -1 || d < delta) {
            delta = d;
            deltaType = 3;
            deltaEdge = bestEdge[b]!;
          }
        }
      }
      for (let b = n; b < 2 * n; b++) {
        if (base[b]! >= 0 && parent[b] === -1 && label[b] === 2 && (deltaType === -1 || dual[b]! < delta)) {
          delta = dual[b]!;
          deltaType = 4;
          deltaBlossom = b;
        }
      }
      if (deltaType === -1) {
        // Maximum cardinality reached: finish with a final dual update.
        deltaType = 1;
        delta = Math.max(0, Math.min(...Array.from(dual.subarray(0, n))));
      }
      for (let v = 0; v < n; v++) {
        const l = label[inBlossom[v]!];
        if (l === 1) dual[v] = dual[v]! - delta;
        else if (l === 2) dual[v] = dual[v]! + delta;
      }
      for (let b = n; b < 2 * n; b++) {
        if (base[b]! >= 0 && parent[b] === -1) {
          if (label[b] === 1) dual[b] = dual[b]! + delta;
          else if (label[b] === 2) dual[b] = dual[b]! - delta;
        }
      }
      if (deltaType === 1) break;
      if (deltaType === 2) {
        allowed[deltaEdge] = 1;
        let i = ep(2 * deltaEdge);
        if (label[inBlossom[i]!] === 0) i = ep(2 * deltaEdge + 1);
        queue.push(i);
      } else if (deltaType === 3) {
        allowed[deltaEdge] = 1;
        queue.push(ep(2 * deltaEdge));
      } else {
        expandBlossom(deltaBlossom, false);
      }
    }
    if (!augmented) break;
    for (let b = n; b < 2 * n; b++) {
      if (parent[b] === -1 && base[b]! >= 0 && label[b] === 1 && dual[b] === 0) expandBlossom(b, true);
    }
  }

  return { mate: Array.from(mate, (p) => (p >= 0 ? ep(p) : -1)), dual, parent };
}

/** Total weight of a matching returned by {@link maxWeightMatching} (for graphs without parallel edges). */
export function matchingWeight(mate: readonly number[], edges: readonly Edge[]): number {
  let total = 0;
  for (const [u, v, w] of edges) if (u !== v && mate[u] === v) total += w;
  return total;
}
