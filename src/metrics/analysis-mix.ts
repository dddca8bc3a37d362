/**
 * Which analysers and depths a player's figures mix (`analysis` and `belowBmab` in `bdb stats --json`;
 * docs/glossary.md, "Analysis mix" and "BMAB norm"). A per-person figure, not a per-run one: each person's PR
 * is an average over that person's matches, so it is that person's matches whose analyses it mixes; and as
 * an accumulator it is stored with the tally and merges like every other figure, so files, the library's
 * per-match tallies and its stored totals give the same.
 *
 *   analysis  = for each (analyser, checker-play depth, cube depth) as the match's reader recorded them
 *               (src/model/types.ts, AnalyserInfo): the number of the player's matches so analysed
 *   belowBmab = the player's analysed matches whose analysis does not meet BMAB's norm (XG at "World Class"
 *               or higher, src/model/depth.ts)
 *
 * A match nobody analysed (a transcript) is in neither. The list is put in one order by `finish` (analyser,
 * then depths, by name), so the merge order does not show.
 *
 * The commands that read parsed matches without a tally (`biases`, `plan`, `study`) keep the same two
 * states per person ({@link AuditCollector}) and add each seat with the accumulators' own steps: one
 * formula for every command.
 */
import { meetsBmab } from '../model/depth.js';
import type { AnalyserInfo, Match } from '../model/types.js';
import type { Figure } from './accumulator.js';

/** One analysis of the mix: its analyser, depths ('' when unknown, as the library stores strings) and matches. */
export interface MixEntry {
  program: string;
  checkerDepth: string;
  cubeDepth: string;
  matches: number;
}

/** The matches of a player by analysis. */
export interface AnalysisMixState {
  entries: MixEntry[];
}

/** One analysis of the mix as `bdb stats` shows it. */
export interface AnalysisShare {
  readonly analyser: string;
  readonly checkerDepth: string | null;
  readonly cubeDepth: string | null;
  readonly matches: number;
}

/** `entries` with `matches` more of `e`'s analysis (changed in place). */
function count(entries: MixEntry[], e: Omit<MixEntry, 'matches'>, matches: number): void {
  const same = entries.find(
    (x) => x.program === e.program && x.checkerDepth === e.checkerDepth && x.cubeDepth === e.cubeDepth,
  );
  if (same) same.matches += matches;
  else entries.push({ ...e, matches });
}

/** The mix entry key of a match's analyser. */
function entryOf(a: AnalyserInfo): Omit<MixEntry, 'matches'> {
  return { program: a.program, checkerDepth: a.checkerDepth ?? '', cubeDepth: a.cubeDepth ?? '' };
}

/** The mix after one more match analysed by `a` (none: a transcript, not counted). */
function addMix(s: AnalysisMixState, a: AnalyserInfo | null): AnalysisMixState {
  if (a !== null) count(s.entries, entryOf(a), 1);
  return s;
}

/** Sorts by analyser, then checker depth, then cube depth (names, code-unit order). */
function byName(a: MixEntry, b: MixEntry): number {
  const k = (e: MixEntry): string[] => [e.program, e.checkerDepth, e.cubeDepth];
  const [x, y] = [k(a), k(b)];
  for (let i = 0; i < 3; i++) if (x[i] !== y[i]) return x[i]! < y[i]! ? -1 : 1;
  return 0;
}

export const analysisMix: Figure<'analysis', AnalysisMixState, AnalysisShare[]> = {
  id: 'analysis',
  inStatsJson: true,
  empty: () => ({ entries: [] }),
  add: (s, seat) => addMix(s, seat.match.analyser),
  merge(into, from) {
    for (const e of from.entries) count(into.entries, e, e.matches);
    return into;
  },
  finish: (s) =>
    [...s.entries].sort(byName).map((e) => ({
      analyser: e.program,
      checkerDepth: e.checkerDepth === '' ? null : e.checkerDepth,
      cubeDepth: e.cubeDepth === '' ? null : e.cubeDepth,
      matches: e.matches,
    })),
  sample: () => ({ entries: [{ program: '', checkerDepth: '', cubeDepth: '', matches: 0 }] }),
};

/** The player's analysed matches below BMAB's norm, and all their analysed matches. */
export interface BelowBmabState {
  matches: number;
  analysed: number;
}

/** The BMAB count after one more match analysed by `a` (none: a transcript, not counted). */
function addBmab(s: BelowBmabState, a: AnalyserInfo | null): BelowBmabState {
  if (a === null) return s;
  s.analysed++;
  if (!meetsBmab(a)) s.matches++;
  return s;
}

export const belowBmab: Figure<'belowBmab', BelowBmabState, number | null> = {
  id: 'belowBmab',
  inStatsJson: true,
  empty: () => ({ matches: 0, analysed: 0 }),
  add: (s, seat) => addBmab(s, seat.match.analyser),
  merge(into, from) {
    into.matches += from.matches;
    into.analysed += from.analysed;
    return into;
  },
  // no analysed match: n/a, never 0
  finish: (s) => (s.analysed === 0 ? null : s.matches),
};

/** Both states of a person's analysis audit. */
interface AuditState {
  analysis: AnalysisMixState;
  belowBmab: BelowBmabState;
}

/**
 * The audit of a set of matches as `bdb stats --json` gives it: `analysis` (null for a library total stored
 * before the figure existed) and `belowBmab` (null without an analysed match).
 */
export interface AnalysisAudit {
  readonly analysis: readonly AnalysisShare[] | null;
  readonly belowBmab: number | null;
}

/**
 * A person's audit collected by a command that reads matches without a tally: the accumulators' own
 * `empty`, `add` (seat by seat, as a tally adds each seat) and `finish`.
 */
export class AuditCollector {
  private readonly s: AuditState = { analysis: analysisMix.empty(), belowBmab: belowBmab.empty() };

  /** One more seat of `match`. */
  add(match: Pick<Match, 'analyser'>): void {
    this.s.analysis = addMix(this.s.analysis, match.analyser);
    this.s.belowBmab = addBmab(this.s.belowBmab, match.analyser);
  }

  /** The audit's figures. */
  result(): AnalysisAudit {
    return { analysis: analysisMix.finish(this.s.analysis), belowBmab: belowBmab.finish(this.s.belowBmab) };
  }
}

/** The audit of a tally's figures (`PlayerStats.figures`); none (null): no match, an empty list and n/a. */
export function auditOf(figures: AnalysisAudit | null): AnalysisAudit {
  return figures === null
    ? { analysis: [], belowBmab: null }
    : { analysis: figures.analysis, belowBmab: figures.belowBmab };
}
