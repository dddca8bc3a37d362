/**
 * One game's decisions and cube, as every reader builds them: one shape for every decision (checker and
 * cube, every field written), and one cube rule for the formats that record cube actions one by one (SGF,
 * gnuBG text export, .mat; spec/formats.md §2.4, §3.3). The XG readers store the cube whole with every
 * record: they set `cubeValue` and `cubeOwner` before each decision.
 *
 * - A double is recorded and stays open until it is answered; the cube keeps its value meanwhile.
 * - A beaver is the answer "take, and redouble at once"; a raccoon is the doubler answering a beaver the same
 *   way, and so on. Each is recorded as a take marked `beaver`; the first carries the exchange's analysis
 *   (the double's, the only one the files keep), the later ones none. The cube doubles and goes to the first
 *   doubler's opponent, whatever the chain's length: gnuBG's rule (play.c ApplyMoveRecord: the doubler stays
 *   on roll and a double while doubled sets fCubeOwner = !fMove).
 * - The answer that closes the exchange is a take or a pass, marked `afterBeaver` when beavers came before
 *   it. A take doubles the cube and gives it to the first doubler's opponent; a pass ends the game at the
 *   cube's value, won by whoever doubled last.
 * - The cube never passes 4,096 (gnuBG's MAX_CUBE): a file going above it is corrupt.
 *
 * How gnuBG's own statistics see the cube after a beaver differs from the game: that belongs to the metric
 * (metrics/gnubg-stats.ts), not here.
 */
import type { Board, Play, Side } from '../core/board.js';
import { type LegalPlay, legalPlays } from '../core/moves.js';
import type {
  Annotation,
  Candidate,
  CheckerDecision,
  CubeAction,
  CubeAnalysis,
  CubeDecision,
  Decision,
  Game,
  SourceLocation,
} from '../model/types.js';

/** The largest cube gnuBG plays with (backgammon.h MAX_CUBE = 1 << 12). */
export const MAX_CUBE = 4096;

/**
 * The most games a match file may hold. Real files hold at most a few hundred (a long money session); a
 * file of tens of thousands (a damaged or generated one) would hold every decision in memory (a 14.5 MB
 * .mat of 28,000 games took 850 MB), so it is refused at the first game past the limit.
 */
export const MAX_GAMES = 5000;

/** The message for a file with more than {@link MAX_GAMES} games. */
export const TOO_MANY_GAMES = `more than ${MAX_GAMES} games: not a match file bdb reads (real ones hold at most a few hundred)`;

/** Makes the error a reader throws at the place it is reading. */
export type Fail = (message: string) => Error;

/** A double not answered yet. */
export interface OpenDouble {
  /** The player who doubled first. */
  readonly doubler: Side;
  /** The player who doubled last: the doubler, or the author of the last beaver or raccoon. */
  lastBy: Side;
  /** Beavers and raccoons so far. */
  beavers: number;
  /** The double's analysis, from the doubler's view. */
  readonly analysis: CubeAnalysis | null;
}

/** What a reader read of one roll and its play; the builder adds the game, the index and the cube. */
export interface CheckerPlay {
  readonly player: Side;
  readonly dice: readonly [number, number];
  /** The position before the play. */
  readonly board: Board;
  readonly played: Play;
  readonly source: SourceLocation;
  readonly annotation?: Annotation | undefined;
  /** Analysed candidates, best first; empty when the play was not analysed. */
  readonly candidates: readonly Candidate[];
  readonly playedIndex: number | null;
  /** The number of legal plays, when the reader gives it ({@link legalCountIfNeeded}). */
  readonly legalCount: number | null;
  readonly luck: number | null;
  /** XG's own "not a decision" flag, when the format has it. */
  readonly notADecision?: boolean | undefined;
  /** The analyser's own stored error of the play, when the format stores one. */
  readonly storedError?: number | undefined;
  /** An analysed position rather than a play seen to be made (XG position text). */
  readonly fromPosition?: boolean | undefined;
}

/** The marks of a cube decision besides its action and analysis; every one undefined when absent. */
export interface CubeMarks {
  /** A take given as a beaver. */
  readonly beaver?: boolean | undefined;
  /** The answer closing an exchange that had beavers. */
  readonly afterBeaver?: boolean | undefined;
  /** The analyser's own stored error of the action (XG's ErrCube, ErrTake). */
  readonly storedError?: number | undefined;
  /** An analysed position rather than an action seen to be made (XG position text). */
  readonly fromPosition?: boolean | undefined;
}

const BEAVER: CubeMarks = { beaver: true };
const AFTER_BEAVER: CubeMarks = { afterBeaver: true };

/**
 * The number of legal plays when XG's forced-play rule needs it (spec/metrics.md §2.2: at most one
 * candidate, or all candidates with the same equity to the millipoint), else null: listing the legal plays is
 * costly. `legal` is the list when the reader has made it already.
 */
export function legalCountIfNeeded(
  candidates: readonly Candidate[],
  board: Board,
  player: Side,
  dice: readonly [number, number],
  legal: readonly LegalPlay[] | null,
): number | null {
  if (candidates.length > 1) {
    const e0 = Math.round(candidates[0]!.equity * 1000);
    if (!candidates.every((c) => Math.round(c.equity * 1000) === e0)) return null;
  }
  return (legal ?? legalPlays(board, player, dice[0], dice[1])).length;
}

const other = (s: Side): Side => (s === 0 ? 1 : 0);

/** Builds the decisions of one game and moves its cube. */
export class GameBuilder {
  readonly decisions: Decision[] = [];
  cubeValue = 1;
  cubeOwner: -1 | 0 | 1 = -1;
  open: OpenDouble | null = null;

  readonly gameIndex: number;
  readonly matchLength: number;
  readonly score: readonly [number, number];
  readonly crawfordGame: boolean;

  constructor(
    gameIndex: number,
    matchLength: number,
    score: readonly [number, number],
    crawfordGame: boolean,
  ) {
    this.gameIndex = gameIndex;
    this.matchLength = matchLength;
    this.score = score;
    this.crawfordGame = crawfordGame;
  }

  /**
   * Records a checker decision at the cube as it stands. Every decision is one object literal of one shape,
   * every field written (undefined when absent), with no spread: V8 makes spread objects slow dictionaries,
   * and decisions of several shapes make every metric's reading of them slower.
   */
  checker(p: CheckerPlay): CheckerDecision {
    const d: CheckerDecision = {
      player: p.player,
      gameIndex: this.gameIndex,
      index: this.decisions.length,
      matchLength: this.matchLength,
      score: this.score,
      crawfordGame: this.crawfordGame,
      cubeValue: this.cubeValue,
      cubeOwner: this.cubeOwner,
      source: p.source,
      annotation: p.annotation,
      fromPosition: p.fromPosition,
      kind: 'checker',
      dice: p.dice,
      board: p.board,
      played: p.played,
      legalCount: p.legalCount,
      candidates: p.candidates,
      playedIndex: p.playedIndex,
      luck: p.luck,
      notADecision: p.notADecision,
      storedError: p.storedError,
    };
    this.decisions.push(d);
    return d;
  }

  /** Records a cube decision at the cube as it stands, of the one shape {@link checker} describes. */
  cube(
    player: Side,
    action: CubeAction,
    analysis: CubeAnalysis | null,
    source: SourceLocation,
    annotation?: Annotation,
    marks?: CubeMarks,
  ): CubeDecision {
    const d: CubeDecision = {
      player,
      gameIndex: this.gameIndex,
      index: this.decisions.length,
      matchLength: this.matchLength,
      score: this.score,
      crawfordGame: this.crawfordGame,
      cubeValue: this.cubeValue,
      cubeOwner: this.cubeOwner,
      source,
      annotation,
      fromPosition: marks?.fromPosition,
      kind: 'cube',
      action,
      analysis,
      beaver: marks?.beaver,
      afterBeaver: marks?.afterBeaver,
      storedError: marks?.storedError,
    };
    this.decisions.push(d);
    return d;
  }

  /** The game, with its result: `points` won by `winner` (null and 0 when unfinished). */
  finish(winner: Side | null, points: number, resigned: boolean): Game {
    return {
      index: this.gameIndex,
      score: this.score,
      crawfordGame: this.crawfordGame,
      winner,
      points,
      resigned,
      decisions: this.decisions,
    };
  }

  /** A double: recorded (with `recorded`, the analysis as the decision shows it, by default the double's),
   *  and open until answered. */
  double(
    player: Side,
    analysis: CubeAnalysis | null,
    source: SourceLocation,
    annotation?: Annotation,
    recorded: CubeAnalysis | null = analysis,
  ): void {
    this.cube(player, 'double', recorded, source, annotation);
    this.open = { doubler: player, lastBy: player, beavers: 0, analysis };
  }

  /**
   * A beaver or raccoon by `player`, answering the double `open` (by default the open one; a reader whose file
   * starts at the answer gives its own). `analysis` defaults to the double's on the first beaver, none after.
   */
  beaver(
    player: Side,
    source: SourceLocation,
    annotation: Annotation | undefined,
    fail: Fail,
    open: OpenDouble | null = this.open,
    analysis: CubeAnalysis | null = open && open.beavers === 0 ? open.analysis : null,
  ): void {
    if (!open) throw new Error('GameBuilder.beaver without a double to answer');
    this.open = open;
    this.cube(player, 'take', analysis, source, annotation, BEAVER);
    this.grow(fail);
    this.cubeOwner = other(open.doubler);
    open.beavers++;
    open.lastBy = player;
  }

  /**
   * The take or pass that closes the exchange, with `analysis` (the reader's: usually the double's). With no
   * open double (a file starting at the answer) the doubler is taken to be the answerer's opponent. Returns
   * the exchange it closed, or null.
   */
  answer(
    player: Side,
    take: boolean,
    analysis: CubeAnalysis | null,
    source: SourceLocation,
    annotation: Annotation | undefined,
    fail: Fail,
  ): OpenDouble | null {
    const open = this.open;
    const afterBeaver = open !== null && open.beavers > 0;
    this.cube(
      player,
      take ? 'take' : 'pass',
      analysis,
      source,
      annotation,
      afterBeaver ? AFTER_BEAVER : undefined,
    );
    if (take) {
      this.grow(fail);
      this.cubeOwner = other(open?.doubler ?? other(player));
    }
    this.open = null;
    return open;
  }

  /** Closes an exchange the file leaves unanswered, as taken, without recording a decision. */
  settleAsTaken(fail: Fail): void {
    const open = this.open;
    if (!open) return;
    this.grow(fail);
    this.cubeOwner = other(open.doubler);
    this.open = null;
  }

  /** Throws when doubling the cube would pass MAX_CUBE. */
  checkGrowth(fail: Fail): void {
    if (this.cubeValue * 2 > MAX_CUBE) {
      throw fail(`the cube would go to ${this.cubeValue * 2}, above ${MAX_CUBE} (the largest cube)`);
    }
  }

  private grow(fail: Fail): void {
    this.checkGrowth(fail);
    this.cubeValue *= 2;
  }
}
