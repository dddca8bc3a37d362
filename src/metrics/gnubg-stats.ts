/**
 * GNU Backgammon's own match statistics ("show statistics match"), recomputed from the analysis
 * (spec/formats.md §2.6–2.8; gnuBG analysis.c updateStatcontext / AddStatcontext / getMWCFromError,
 * formatgs.c). Per game a stat context is built from the decisions, contexts are added over the games.
 *
 * Chequer play: every roll is a move (total moves); a move with more than one analysed candidate is
 *   unforced, its error = E(best) − E(played) (0 when the played move is not among the candidates).
 * Cube: an analysed no-double is a cube decision; it is close when optimal − min(DT, 1) < 0.16; a missed
 *   double when ND < optimal (above the cash point when DT > 1). Every analysed double, take and pass is a
 *   close-or-actual decision; wrong double when min(DT, DP) < optimal (above too good when ND > 1), wrong
 *   take when DT > DP, wrong pass when DP > DT (doubler's view).
 * Units: each error twice, in EMG and in MWC (eq2mwc(e) − eq2mwc(0) = e·(W − L)/2 at the decision's score
 *   and cube, the cube before the double for take and pass); at money play "points" = cube × EMG.
 * Rates: error per decision ×1000 (mEMG): chequer ÷ unforced moves, cube ÷ close-or-actual cube decisions,
 *   overall ÷ both; Snowie error rate: overall ÷ total moves of both players. Empty denominator → null.
 * Luck: Σ LU (EMG) and its MWC, luck-adjusted result = actual result − own luck + opponent's luck (MWC).
 * Beavers (money play): gnuBG's statistics replay (analysis.c updateStatisticsMove) makes each beaver or
 *   raccoon the player on roll, so the take that closes a chain of beavers leaves the cube with the taker,
 *   where the game (and gnuBG's analysis) gives it to the beaverer. Until the next cube action the player
 *   the statistics do not see as owner has no cube: optimal = ND (eval.c FindBestCubeDecision), so a no-double
 *   is never a missed double (still close when ND − min(DT, 1) < 0.16) and a double is wrong when
 *   min(DT, DP) < ND.
 */
import type { Met } from '../met/index.js';
import { getME, mwcAtScore } from '../met/index.js';
import type { Annotation, CubeAnalysis, Decision, Game, Match } from '../model/types.js';
import { decisionMwcFactor, decisionPointsFactor } from './mwc-loss.js';

/** gnuBG's default skill thresholds (EMG): doubtful, bad, very bad. */
export const GNUBG_SKILL = { doubtful: 0.03, bad: 0.06, veryBad: 0.12 } as const;
/** gnuBG's default luck thresholds (EMG): lucky, very lucky. */
export const GNUBG_LUCK = { lucky: 0.3, veryLucky: 0.6 } as const;
/** gnuBG's close cube decision threshold. */
export const GNUBG_CLOSE_CUBE = 0.16;

/** An error total in both units. */
export interface ErrorPair {
  count: number;
  emg: number;
  /** MWC (fraction) at match play, points at money play. */
  cost: number;
}

/** One player's side of gnuBG's stat context. */
export interface GnubgSide {
  totalMoves: number;
  unforcedMoves: number;
  /** Moves by skill mark: none (unmarked), doubtful, bad, very bad. */
  marks: { none: number; doubtful: number; bad: number; veryBad: number };
  /** Chequer-play error total over the unforced moves. */
  checker: { emg: number; cost: number };
  totalCube: number;
  closeCube: number;
  doubles: number;
  takes: number;
  passes: number;
  missedDoubleBelowCP: ErrorPair;
  missedDoubleAboveCP: ErrorPair;
  wrongDoubleBelowDP: ErrorPair;
  wrongDoubleAboveTG: ErrorPair;
  wrongTake: ErrorPair;
  wrongPass: ErrorPair;
  /** Rolls by luck mark. */
  luckMarks: { veryUnlucky: number; unlucky: number; none: number; lucky: number; veryLucky: number };
  luckEmg: number;
  /** Luck in MWC (fraction) at match play, points at money play. */
  luckCost: number;
  /** Rolls whose luck is known. */
  luckRolls: number;
  /** Actual result: MWC gained (fraction) at match play, points at money play. */
  actualResult: number;
  luckAdjustedResult: number;
}

/** gnuBG's stat context for both players, over one game or several. */
export interface GnubgStatContext {
  matchPlay: boolean;
  games: number;
  sides: [GnubgSide, GnubgSide];
}

function pair(): ErrorPair {
  return { count: 0, emg: 0, cost: 0 };
}

function emptySide(): GnubgSide {
  return {
    totalMoves: 0,
    unforcedMoves: 0,
    marks: { none: 0, doubtful: 0, bad: 0, veryBad: 0 },
    checker: { emg: 0, cost: 0 },
    totalCube: 0,
    closeCube: 0,
    doubles: 0,
    takes: 0,
    passes: 0,
    missedDoubleBelowCP: pair(),
    missedDoubleAboveCP: pair(),
    wrongDoubleBelowDP: pair(),
    wrongDoubleAboveTG: pair(),
    wrongTake: pair(),
    wrongPass: pair(),
    luckMarks: { veryUnlucky: 0, unlucky: 0, none: 0, lucky: 0, veryLucky: 0 },
    luckEmg: 0,
    luckCost: 0,
    luckRolls: 0,
    actualResult: 0,
    luckAdjustedResult: 0,
  };
}

/** An empty context. */
export function emptyGnubgContext(matchPlay: boolean): GnubgStatContext {
  return { matchPlay, games: 0, sides: [emptySide(), emptySide()] };
}

/** gnuBG's optimal cube equity (FindBestCubeDecision): max(ND, min(DT, DP)). */
function optimal(a: CubeAnalysis): number {
  return a.dt >= a.nd && a.dp >= a.nd ? Math.min(a.dt, a.dp) : a.nd;
}

function addError(p: ErrorPair, emg: number, cost: number): void {
  p.count++;
  p.emg += emg;
  p.cost += cost;
}

/** Converts an EMG amount at this decision into gnuBG's second unit: MWC at match play, cube × EMG at money. */
function costOf(met: Met, d: Decision, emg: number): number {
  const v = decisionPointsFactor(d);
  if (v !== null) return v * emg;
  const f = decisionMwcFactor(met, d);
  return f === null ? 0 : emg * f;
}

type SkillMark = NonNullable<Annotation['skill']> | 'none';
type LuckMark = NonNullable<Annotation['luck']> | 'none';

/** gnuBG's skill mark of a move losing `skill` (≤ 0) EMG. */
function skillOf(skill: number): SkillMark {
  if (skill < -GNUBG_SKILL.veryBad) return 'very-bad';
  if (skill < -GNUBG_SKILL.bad) return 'bad';
  if (skill < -GNUBG_SKILL.doubtful) return 'doubtful';
  return 'none';
}

/** gnuBG's luck mark of a roll worth `luck` EMG. */
function luckOf(luck: number): LuckMark {
  if (luck > GNUBG_LUCK.veryLucky) return 'very-lucky';
  if (luck > GNUBG_LUCK.lucky) return 'lucky';
  if (luck < -GNUBG_LUCK.veryLucky) return 'very-unlucky';
  if (luck < -GNUBG_LUCK.lucky) return 'unlucky';
  return 'none';
}

function addSkillMark(side: GnubgSide, mark: SkillMark): void {
  if (mark === 'very-bad') side.marks.veryBad++;
  else if (mark === 'bad') side.marks.bad++;
  else if (mark === 'doubtful') side.marks.doubtful++;
  else side.marks.none++;
}

function addLuckMark(side: GnubgSide, mark: LuckMark): void {
  if (mark === 'very-lucky') side.luckMarks.veryLucky++;
  else if (mark === 'lucky') side.luckMarks.lucky++;
  else if (mark === 'very-unlucky') side.luckMarks.veryUnlucky++;
  else if (mark === 'unlucky') side.luckMarks.unlucky++;
  else side.luckMarks.none++;
}

/** gnuBG's statistics of one game. */
export function gnubgGameContext(met: Met, match: Match, game: Game): GnubgStatContext {
  const matchPlay = match.matchLength > 0;
  const sc = emptyGnubgContext(matchPlay);
  sc.games = 1;
  const luckCost: [number, number] = [0, 0];
  // the analyser's own marks when the source prints all of them (rounded equities can flip a threshold)
  const printed = match.marksComplete === true;
  // the cube's owner as gnuBG's statistics see it, when it differs from the game's (beavers, see the header)
  let statsOwner: -1 | 0 | 1 | null = null;
  for (const d of game.decisions) {
    if (d.fromPosition) continue; // an analysed position: nothing was played
    const side = sc.sides[d.player];
    if (d.kind === 'checker') {
      if (d.luck !== null) {
        const c = costOf(met, d, d.luck);
        side.luckEmg += d.luck;
        side.luckCost += c;
        side.luckRolls++;
        luckCost[d.player] += c;
        addLuckMark(side, printed ? (d.annotation?.luck ?? 'none') : luckOf(d.luck));
      }
      side.totalMoves++;
      const analysed = d.candidates.length > 0 || d.played.length === 0;
      if (!analysed) {
        side.marks.none++;
        continue;
      }
      let skill = 0;
      if (d.playedIndex !== null) skill = d.candidates[d.playedIndex]!.equity - d.candidates[0]!.equity;
      addSkillMark(side, printed ? (d.annotation?.skill ?? 'none') : skillOf(skill));
      if (d.candidates.length > 1) {
        side.unforcedMoves++;
        side.checker.emg -= skill;
        side.checker.cost -= costOf(met, d, skill);
      }
      continue;
    }
    const a = d.analysis;
    // gnuBG does not count a beaver (DoubleType != DT_NORMAL); it counts the take or pass that answers it
    const owner = statsOwner ?? d.cubeOwner;
    if (d.action === 'take' && !d.beaver) statsOwner = d.afterBeaver ? d.player : null;
    if (!a || !match.rules.cube || d.beaver) continue;
    // at money play the cube is available to the player on roll when centred or theirs (eval.c GetDPEq)
    const available = match.matchLength > 0 || owner === -1 || owner === d.player;
    const opt = available ? optimal(a) : a.nd;
    side.totalCube++;
    switch (d.action) {
      case 'no-double': {
        if (opt - Math.min(a.dt, 1) < GNUBG_CLOSE_CUBE) side.closeCube++;
        if (a.nd < opt) {
          const e = opt - a.nd;
          addError(a.dt > 1 ? side.missedDoubleAboveCP : side.missedDoubleBelowCP, e, costOf(met, d, e));
        }
        break;
      }
      case 'double': {
        side.doubles++;
        side.closeCube++;
        const e = opt - Math.min(a.dt, a.dp);
        if (e > 0)
          addError(a.nd > 1 ? side.wrongDoubleAboveTG : side.wrongDoubleBelowDP, e, costOf(met, d, e));
        break;
      }
      case 'take': {
        side.takes++;
        side.closeCube++;
        if (a.dt > a.dp) addError(side.wrongTake, a.dt - a.dp, costOf(met, d, a.dt - a.dp));
        break;
      }
      case 'pass': {
        side.passes++;
        side.closeCube++;
        if (a.dp > a.dt) addError(side.wrongPass, a.dp - a.dt, costOf(met, d, a.dp - a.dt));
        break;
      }
    }
  }
  // actual and luck-adjusted result
  if (game.winner !== null) {
    const w = game.winner;
    let gain: number;
    if (matchPlay) {
      const [s0, s1] = game.score;
      gain =
        getME(met, s0, s1, match.matchLength, w, game.points, w) -
        mwcAtScore(met, s0, s1, match.matchLength, w, game.crawfordGame);
    } else {
      gain = game.points;
    }
    sc.sides[w].actualResult = gain;
    sc.sides[w === 0 ? 1 : 0].actualResult = -gain;
  }
  for (const p of [0, 1] as const) {
    sc.sides[p].luckAdjustedResult = sc.sides[p].actualResult - luckCost[p] + luckCost[p === 0 ? 1 : 0];
  }
  return sc;
}

function addPair(into: ErrorPair, from: ErrorPair): void {
  into.count += from.count;
  into.emg += from.emg;
  into.cost += from.cost;
}

/** Adds context `b` into `a` (gnuBG AddStatcontext). */
export function addGnubgContext(a: GnubgStatContext, b: GnubgStatContext): void {
  a.games += b.games;
  for (const p of [0, 1] as const) {
    const x = a.sides[p];
    const y = b.sides[p];
    x.totalMoves += y.totalMoves;
    x.unforcedMoves += y.unforcedMoves;
    x.marks.none += y.marks.none;
    x.marks.doubtful += y.marks.doubtful;
    x.marks.bad += y.marks.bad;
    x.marks.veryBad += y.marks.veryBad;
    x.checker.emg += y.checker.emg;
    x.checker.cost += y.checker.cost;
    x.totalCube += y.totalCube;
    x.closeCube += y.closeCube;
    x.doubles += y.doubles;
    x.takes += y.takes;
    x.passes += y.passes;
    addPair(x.missedDoubleBelowCP, y.missedDoubleBelowCP);
    addPair(x.missedDoubleAboveCP, y.missedDoubleAboveCP);
    addPair(x.wrongDoubleBelowDP, y.wrongDoubleBelowDP);
    addPair(x.wrongDoubleAboveTG, y.wrongDoubleAboveTG);
    addPair(x.wrongTake, y.wrongTake);
    addPair(x.wrongPass, y.wrongPass);
    x.luckMarks.veryUnlucky += y.luckMarks.veryUnlucky;
    x.luckMarks.unlucky += y.luckMarks.unlucky;
    x.luckMarks.none += y.luckMarks.none;
    x.luckMarks.lucky += y.luckMarks.lucky;
    x.luckMarks.veryLucky += y.luckMarks.veryLucky;
    x.luckEmg += y.luckEmg;
    x.luckCost += y.luckCost;
    x.luckRolls += y.luckRolls;
    x.actualResult += y.actualResult;
    x.luckAdjustedResult += y.luckAdjustedResult;
  }
}

/** gnuBG's statistics of a whole match: the game contexts added. */
export function gnubgMatchContext(met: Met, match: Match): GnubgStatContext {
  return sumGnubgContexts(match, gnubgGameContexts(met, match));
}

/** gnuBG's statistics of each game of a match, in game order. */
export function gnubgGameContexts(met: Met, match: Match): GnubgStatContext[] {
  return match.games.map((g) => gnubgGameContext(met, match, g));
}

/** The game contexts of a match added, in their order: gnuBG's statistics of the whole match. */
export function sumGnubgContexts(match: Match, games: readonly GnubgStatContext[]): GnubgStatContext {
  const sc = emptyGnubgContext(match.matchLength > 0);
  for (const g of games) addGnubgContext(sc, g);
  return sc;
}

/**
 * gnuBG's overall error of one side: the chequer-play and cube error totals (EMG) and the decisions they
 * are shared over (unforced moves and close or actual cube decisions), as its "Overall statistics" print
 * them: the error rate is 1000 × emg / decisions (mEMG).
 */
export function overallError(s: GnubgSide): { emg: number; decisions: number } {
  return { emg: s.checker.emg + cubeErrorTotal(s).emg, decisions: s.unforcedMoves + s.closeCube };
}

/** The cube error total of one side, both units. */
export function cubeErrorTotal(s: GnubgSide): { emg: number; cost: number } {
  const parts = [
    s.missedDoubleBelowCP,
    s.missedDoubleAboveCP,
    s.wrongDoubleBelowDP,
    s.wrongDoubleAboveTG,
    s.wrongTake,
    s.wrongPass,
  ];
  return { emg: parts.reduce((t, p) => t + p.emg, 0), cost: parts.reduce((t, p) => t + p.cost, 0) };
}

/** gnuBG's rating labels for an error per decision (EMG), analysis.c GetRating. */
export function gnubgRating(errorPerDecision: number | null): string | null {
  if (errorPerDecision === null) return null;
  const r = errorPerDecision;
  if (r < 0.002) return 'Supernatural';
  if (r < 0.005) return 'World class';
  if (r < 0.008) return 'Expert';
  if (r < 0.012) return 'Advanced';
  if (r < 0.018) return 'Intermediate';
  if (r < 0.026) return 'Casual player';
  if (r < 0.035) return 'Beginner';
  return 'Awful!';
}

/** gnuBG's luck rating for a luck per move (EMG), analysis.c getLuckRating. */
export function gnubgLuckRating(luckPerMove: number | null): string | null {
  if (luckPerMove === null) return null;
  const r = luckPerMove * 10;
  if (r > GNUBG_LUCK.veryLucky) return 'Go to Las Vegas';
  if (r > GNUBG_LUCK.lucky) return 'Good dice, man!';
  if (r < -GNUBG_LUCK.veryLucky) return 'Go to bed';
  if (r < -GNUBG_LUCK.lucky) return 'Bad dice, man!';
  return 'None';
}
