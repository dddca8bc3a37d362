/**
 * One ordering of analysis depths across analysers (docs/glossary.md, "Analysis depth"), for `--min-depth`
 * and the BMAB flag. gnuBG counts plies from 0 (its static evaluation is 0-ply), XG from 1 (its static
 * evaluation is 1-ply), so XG's n-ply sits at gnuBG's (n−1)-ply; the scale is gnuBG's plies, then XG's
 * rollout-backed levels, then full rollouts:
 *
 *   0-ply (= XG 1-ply) < 1-ply (= XG 2-ply) < XG 3-ply red < 2-ply = world-class (= XG 3-ply)
 *   < 3-ply (= XG 4-ply) < 4-ply < XG Roller < XG Roller+ < XG Roller++ < rollout
 *
 * A match's depth is that of its checker plays (the depth most of its decisions were analysed at), or of its
 * cube decisions when no checker play was analysed. A depth the scale does not know (none stored, "opening
 * book", a level number) is below every level.
 */
import type { AnalyserInfo } from './types.js';

/** The levels `--min-depth` takes, lowest first, and their rank on the scale. */
export const DEPTH_LEVELS: readonly (readonly [name: string, rank: number])[] = [
  ['0-ply', 0],
  ['1-ply', 1],
  ['world-class', 2],
  ['2-ply', 2],
  ['3-ply', 3],
  ['4-ply', 4],
  ['xg-roller', 5],
  ['xg-roller+', 6],
  ['xg-roller++', 7],
  ['rollout', 8],
];

/** The rank of an unknown depth: below every level. */
export const UNKNOWN_DEPTH = Number.NEGATIVE_INFINITY;

/** The rank of XG's "3-ply red" (a reduced 3-ply): above XG's 2-ply, below its 3-ply. */
const XG_REDUCED_THREE = 1.5;

/** True when the program is eXtreme Gammon (as the XG readers name it). */
export function isXg(program: string): boolean {
  return /^eXtreme Gammon/i.test(program);
}

/** The rank of one depth name as `program` wrote it. */
export function depthRank(program: string, depth: string | null): number {
  if (depth === null) return UNKNOWN_DEPTH;
  if (depth === 'rollout') return 8;
  const roller = /^XG Roller(\+{0,2})$/.exec(depth);
  if (roller) return 5 + roller[1]!.length;
  if (depth === '3-ply red') return isXg(program) ? XG_REDUCED_THREE : UNKNOWN_DEPTH;
  const ply = /^(\d+)-ply$/.exec(depth);
  if (!ply) return UNKNOWN_DEPTH;
  const n = Number(ply[1]);
  return isXg(program) ? n - 1 : n;
}

/** A match's rank: its checker plays' depth, else its cube decisions'; unknown without analysis. */
export function matchDepthRank(a: AnalyserInfo | null): number {
  if (a === null) return UNKNOWN_DEPTH;
  return depthRank(a.program, a.checkerDepth ?? a.cubeDepth);
}

/** The rank of a `--min-depth` level, or null for a name the scale lacks (any case). */
export function levelRank(name: string): number | null {
  const key = name.trim().toLowerCase();
  return DEPTH_LEVELS.find(([n]) => n === key)?.[1] ?? null;
}

/**
 * BMAB's norm (docs/glossary.md, "BMAB norm"): a match counts for a BMAB title when XG analysed it at
 * "World Class" or higher; on this scale XG's 3-ply (gnuBG's 2-ply).
 */
export const BMAB_LEVEL = 'world-class';

/** True when the match's analysis meets BMAB's norm: XG, at World Class or higher. */
export function meetsBmab(a: AnalyserInfo | null): boolean {
  return a !== null && isXg(a.program) && matchDepthRank(a) >= (levelRank(BMAB_LEVEL) ?? 0);
}
