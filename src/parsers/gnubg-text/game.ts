/**
 * One file of gnuBG's analysed text export (`export match text`, spec/formats.md §3.1) → games of the
 * decision model.
 *
 * Layout of a file (English UI): the score line `The score (after N games) is: A 0, B 0 (match to 5
 * points)[, Crawford game|, post-Crawford play]`, an optional "Match Information:" block, then one block
 * per move record: `Move number K:  NAME to play 61` (checker play, with the mover's pre-roll cube analysis
 * when analysed), `NAME on roll, cube decision?` (a double), `NAME doubles to 2` (the answer: accepts,
 * rejects, or doubles again = beaver). Each block draws the board with its gnuBG Position ID, then
 * `* NAME moves …`, the cube analysis, `Rolled 61 (+0.035):` with the luck and the candidates (`*` in
 * column 0 marks the played one). The game ends with `NAME wins N points` and gnuBG's statistics.
 *
 * What is read and how it maps to the model, compared with the SGF reader (src/parsers/sgf/to-model.ts):
 * - Candidate equities (`Eq.:`) are cubeful EMG as stored in the SGF `A[]`, rounded to the printed digits.
 *   gnuBG prints only its top candidates (5 by default) plus the played move with its rank when it is
 *   further down; the model keeps the printed ones, best first.
 * - Cube equities at match play are printed as EMG already (gnuBG converts with its MET); DP is +1. Tables of
 *   take/pass decisions are printed from the taker's side and are negated here (doubler's view). A take or
 *   pass uses the analysis of the double it answers, like the SGF reader.
 * - Beavers: `* NAME doubles` in a `doubles to` block is a take given as a beaver; the answer to it is
 *   flagged `afterBeaver` (gnuBG prints "Cannot analyse beaver nor raccoons!" for both).
 * - `MWC:` output (gnuBG's `set output mwc on`): values are converted back to EMG with the given MET, at
 *   the lower precision printed (a warning says so).
 * - The board is tracked from the starting position with the played moves; every Position ID printed must
 *   match it (else CorruptFileError at that line).
 */

import type { Board, Play, Side } from '../../core/board.js';
import { boardKey, checkersOff, initialBoard } from '../../core/board.js';
import { applyPlay, isSurelyLegal, type LegalPlay, legalPlays } from '../../core/moves.js';
import { boardFromPositionId } from '../../core/position-id.js';
import { CorruptFileError, shown } from '../../errors.js';
import type { CubeInfo, Met } from '../../met/index.js';
import { eq2mwc, mwc2eq } from '../../met/index.js';
import type {
  AnalyserInfo,
  Annotation,
  Candidate,
  CubeAnalysis,
  Decision,
  Game,
  Probabilities,
  SourceLocation,
} from '../../model/types.js';
import { GameBuilder, legalCountIfNeeded, MAX_CUBE } from '../game-builder.js';
import { isSaneValue } from '../sane.js';
import { decodeText, normalizeName } from '../text-decode.js';
import type { ParseWarning } from '../types.js';
import {
  asMissedDouble,
  type CubeVerdict,
  isMissedDoubleTie,
  parseCubeVerdict,
  refineCube,
  withActionAlert,
} from './cube-verdict.js';
import { MoveNotationError, parseMoveNotation } from './notation.js';
import { GNUBG_TEXT_FORMAT_ID, type GnubgTextFile } from './types.js';

/** Warnings kept per file; the rest are counted in one closing warning. */
const MAX_WARNINGS = 200;
/** gnuBG's lines are short; longer ones are not matched against patterns (no quadratic regex work). */
const MAX_LINE = 1000;

const SCORE_PREFIX = 'The score (after ';
const NUMBER = '([+-]?\\s*\\d+(?:\\.\\d+)?)';

const RE_SCORE = /^The score \(after (\d+) games?\) is: (.*)$/;
const RE_MOVE_HEADER = /^Move number (\d+):\s?(.*)$/;
const RE_ROLLED = new RegExp(`^Rolled ([1-6])([1-6])(?: \\(${NUMBER}(%?)\\))?:\\s*$`);
const RE_CANDIDATE = new RegExp(
  `^([* ])\\s+(\\d+\\.|\\?\\?)\\s+(.*?)\\s+(Eq\\.|MWC):\\s*${NUMBER}(%?)(?:\\s+\\(.*\\))?\\s*$`,
);
/** The probabilities under a candidate: `  0.503 0.137 0.007 - 0.497 0.135 0.006` (win, win-g, win-bg − lose,
 *  lose-g, lose-bg), or in percent with gnuBG's "set output winpc on"; rollouts add text after them. */
const PROB = '(\\d+(?:\\.\\d+)?)(%?)';
const RE_PROBS = new RegExp(
  `^\\s+${PROB}\\s+${PROB}\\s+${PROB}\\s+-\\s+${PROB}\\s+${PROB}\\s+${PROB}(?:\\s.*)?$`,
);
const RE_CUBE_LINE = new RegExp(`^([123])\\.\\s+(.*?)\\s+${NUMBER}(%?)(?:\\s+\\(.*\\))?\\s*$`);
const RE_CUBE_HEADER = /^(?:(\d+)-ply|(Rollout)|n\/a)\b.*cubeless (equity|MWC)/;

/**
 * The deeper of two evaluation depths (`N-ply`, or `rollout`, deepest). gnuBG's move filters evaluate the
 * leading candidates of a move at the analysis' depth and the others at fewer plies, so a match's checker
 * depth is the deepest any candidate shows, not the first one met (a move whose candidates all stopped at
 * 2-ply under a 4-ply analysis made 18 of Llabba's 69 4-ply matches read as 2-ply).
 */
export function deeperDepth(a: string | null, b: string): string {
  const rank = (d: string): number => (d === 'rollout' ? Number.POSITIVE_INFINITY : Number.parseInt(d, 10));
  return a === null || rank(b) > rank(a) ? b : a;
}
const RE_POSITION_ID = /^\s*GNU Backgammon\s+Position ID:\s*(\S+)\s*$/;
const RE_SKILL_TAG = /^\s*\[(very bad|bad|doubtful)\]\s*$/;
/** `… by GNU Backgammon 1.07.001-mingw 32-Bit 20221114 (Text Export version 1.128)`: the version as in
 *  the SGF's AP[] (build date and export version left out). */
const RE_VERSION = /\bby (GNU Backgammon [0-9].*?)(?: \d{8})?(?: \(Text Export version [^)]*\))?\s*$/;

type Skill = NonNullable<Annotation['skill']>;
type Luck = NonNullable<Annotation['luck']>;

const SKILLS: Record<string, Skill> = { 'very bad': 'very-bad', bad: 'bad', doubtful: 'doubtful' };
const LUCKS: Record<string, Luck> = {
  'very unlucky': 'very-unlucky',
  unlucky: 'unlucky',
  lucky: 'lucky',
  'very lucky': 'very-lucky',
};

/** A number as printed (`+0.123`, `- 0.5`, `52.34`), spaces removed. */
function num(s: string): number {
  return Number(s.replace(/\s+/g, ''));
}

/** The six printed figures of a {@link RE_PROBS} match as fractions (percent when any is printed with %);
 *  undefined when one is above 1. */
function probabilitiesOf(p: RegExpExecArray): Probabilities | undefined {
  const pct = p[2] === '%' || p[4] === '%' || p[6] === '%' || p[8] === '%' || p[10] === '%' || p[12] === '%';
  const f = pct ? 100 : 1;
  const win = Number(p[1]) / f;
  const winGammon = Number(p[3]) / f;
  const winBackgammon = Number(p[5]) / f;
  const loseGammon = Number(p[9]) / f;
  const loseBackgammon = Number(p[11]) / f;
  if (!(win <= 1 && winGammon <= 1 && winBackgammon <= 1 && loseGammon <= 1 && loseBackgammon <= 1))
    return undefined;
  return { win, winGammon, winBackgammon, loseGammon, loseBackgammon };
}

/** What the score line says. */
interface ScoreLine {
  readonly gamesBefore: number;
  readonly players: [string, string];
  readonly score: [number, number];
  readonly matchLength: number;
  readonly crawfordGame: boolean;
  readonly postCrawford: boolean;
}

/** Splits `A 3, B 4` into names and scores; every split at ", " that leaves `NAME N` on both sides. */
function scoreSplits(body: string): { players: [string, string]; score: [number, number] }[] {
  const out: { players: [string, string]; score: [number, number] }[] = [];
  for (let k = body.indexOf(', '); k >= 0; k = body.indexOf(', ', k + 1)) {
    const a = /^(.+) (\d+)$/.exec(body.slice(0, k));
    const b = /^(.+) (\d+)$/.exec(body.slice(k + 2));
    if (a && b) {
      out.push({
        players: [normalizeName(a[1]!), normalizeName(b[1]!)],
        score: [Number(a[2]), Number(b[2])],
      });
    }
  }
  return out;
}

/**
 * Reads gnuBG's score line `The score (after N games) is: A 1, B 0[ (match to 5 points)][, Crawford game |
 * , post-Crawford play]`. `splits` holds every reading of the names (several only when a name itself
 * holds ", N"). Returns why it is not one otherwise. Linear in the line (at most MAX_LINE characters).
 */
export function readScoreLine(t: string):
  | {
      gamesBefore: number;
      splits: { players: [string, string]; score: [number, number] }[];
      matchLength: number;
      crawfordGame: boolean;
      postCrawford: boolean;
    }
  | string {
  if (t.length > MAX_LINE) return `score line of ${t.length} characters is not gnuBG's`;
  const m = RE_SCORE.exec(t);
  if (!m) return `unreadable score line "${shown(t)}"`;
  let body = m[2]!.trimEnd();
  let crawfordGame = false;
  let postCrawford = false;
  if (body.endsWith(', Crawford game')) {
    crawfordGame = true;
    body = body.slice(0, -', Crawford game'.length);
  } else if (body.endsWith(', post-Crawford play')) {
    postCrawford = true;
    body = body.slice(0, -', post-Crawford play'.length);
  }
  let matchLength = 0;
  const ml = / \(match to (\d+) points?\)$/.exec(body);
  if (ml) {
    matchLength = Number(ml[1]);
    body = body.slice(0, ml.index);
  }
  if (matchLength > 64) return `match length ${matchLength} is above 64`;
  const splits = scoreSplits(body);
  if (splits.length === 0) return `unreadable players and score in "${shown(t)}"`;
  return { gamesBefore: Number(m[1]), splits, matchLength, crawfordGame, postCrawford };
}

/** A parsed candidate line. */
interface CandidateLine {
  readonly line: number;
  readonly star: boolean;
  readonly notation: string;
  readonly depth: string | undefined;
  readonly value: number;
  /** The value is an MWC (fraction), not an equity. */
  readonly mwc: boolean;
  /** The probabilities printed on the next line, when read. */
  probs: Probabilities | undefined;
}

/** A parsed "Cube analysis" block, as printed. */
interface CubeBlock {
  readonly line: number;
  readonly depth: string | null;
  /** ND / DT / DP as printed (null when a line is missing). */
  readonly values: { nd?: number; dt?: number; dp?: number };
  readonly mwc: boolean;
  /** gnuBG's "Proper cube action" line, when read. */
  readonly verdict: CubeVerdict | null;
}

/** gnuBG's printed cube figures of a game, by seat. */
interface PrintedCubeStats {
  /** Missed doubles below and above the cash point. */
  readonly below: readonly [number, number];
  readonly above: readonly [number, number];
  /** Close or actual cube decisions, doubles, takes, passes. */
  readonly close: readonly [number, number];
  readonly doubles: readonly [number, number];
  readonly takes: readonly [number, number];
  readonly passes: readonly [number, number];
}

/** gnuBG's close cube decision threshold (isCloseCubedecision: the best minus min(DT, 1) below it). */
const CLOSE_CUBE = 0.16;

/** The action line `* NAME …` of a block. */
interface ActionLine {
  readonly line: number;
  readonly seat: Side;
  readonly verb: 'moves' | 'cannot move' | 'doubles' | 'accepts' | 'rejects';
  readonly notation: string;
}

/** Everything one `Move number` block holds. */
interface Block {
  readonly line: number;
  readonly moveNumber: number;
  readonly kind: 'move' | 'double' | 'answer' | 'resign';
  readonly seat: Side;
  readonly dice: [number, number] | null;
  /** `doubles to N`. */
  readonly cubeTo: number | null;
  positionId: { id: string; line: number } | null;
  action: ActionLine | null;
  cube: CubeBlock | null;
  cubeSkill: Skill | undefined;
  moveSkill: Skill | undefined;
  luckMark: Luck | undefined;
  beaverNote: boolean;
  /** The cube alerts printed in the block, with the sign of their difference ("missed double -" …). */
  cubeAlerts: Set<string>;
  rolled: { line: number; dice: [number, number]; luck: number | null; mwc: boolean } | null;
  candidates: CandidateLine[];
  comment: string | undefined;
}

/** A game being read. */
interface GameState {
  /** Its score line. */
  readonly h: ScoreLine;
  board: Board;
  /** The game's decisions and cube. */
  readonly game: GameBuilder;
  lastWasPass: boolean;
  /** The player whose double was passed, when the game ended that way. */
  lastDoubler: Side | null;
  lastMoveNumber: number;
  /** The result, from `NAME wins N points`. */
  winner: Side | null;
  points: number;
  /** gnuBG's statistics of the game, when printed as expected. */
  printed: PrintedCubeStats | null;
  /** True once the statistics are read. */
  complete: boolean;
}

/** Reads one text-export file. */
class TextFileReader {
  private readonly lines: string[];
  private pos = 0;
  private readonly warnings: ParseWarning[] = [];
  private dropped = 0;
  private mwcWarned = false;
  private players: [string, string] | null = null;
  private header: ScoreLine | null = null;
  private date: string | null = null;
  private event: string | null = null;
  private round: string | null = null;
  private place: string | null = null;
  private program: string | null = null;
  private checkerDepth: string | null = null;
  private cubeDepth: string | null = null;
  private hasMatchStatistics = false;
  /** The current game's no-double decisions whose missed double only its statistics settle. */
  private ties: { index: number; seat: Side; above: boolean }[] = [];
  /** Line of the last "NAME wins N points". */
  private resultLine = 0;
  private readonly games: Game[] = [];

  private readonly file: string;
  private readonly met: Met;

  constructor(text: string, file: string, met: Met) {
    this.lines = text.split(/\r\n|\n|\r/);
    this.file = file;
    this.met = met;
  }

  private corrupt(line: number, detail: string): CorruptFileError {
    return new CorruptFileError({ file: this.file, line }, detail);
  }

  private warn(line: number, message: string): void {
    if (this.warnings.length < MAX_WARNINGS) this.warnings.push({ line, message });
    else this.dropped++;
  }

  private loc(line: number): SourceLocation {
    return { file: this.file, format: GNUBG_TEXT_FORMAT_ID, line };
  }

  read(): GnubgTextFile {
    while (this.pos < this.lines.length && this.lines[this.pos]!.trim() === '') this.pos++;
    const first = this.lines[this.pos];
    if (first === undefined || !first.startsWith(SCORE_PREFIX)) {
      throw this.corrupt(
        Math.min(this.pos + 1, this.lines.length),
        first === undefined
          ? 'empty file: expected a gnuBG text export ("The score (after N games) is: …")'
          : `not a gnuBG text export: expected "The score (after N games) is: …", found "${shown(first)}"`,
      );
    }
    while (this.pos < this.lines.length) {
      const t = this.lines[this.pos]!;
      if (t.startsWith(SCORE_PREFIX)) {
        this.readGame();
        continue;
      }
      if (t.trim() !== '') this.warn(this.pos + 1, `unrecognised line ignored: "${shown(t)}"`);
      this.pos++;
    }
    if (this.dropped > 0) this.warnings.push({ message: `${this.dropped} more warnings not shown` });
    const h = this.header!;
    const analyser: AnalyserInfo | null =
      this.program || this.checkerDepth || this.cubeDepth
        ? { program: this.program ?? 'unknown', checkerDepth: this.checkerDepth, cubeDepth: this.cubeDepth }
        : null;
    return {
      file: this.file,
      players: h.players,
      matchLength: h.matchLength,
      gameNumber: h.gamesBefore,
      score: h.score,
      crawfordGame: h.crawfordGame,
      postCrawford: h.postCrawford,
      date: this.date,
      event: this.event,
      round: this.round,
      place: this.place,
      analyser,
      games: this.games,
      hasMatchStatistics: this.hasMatchStatistics,
      warnings: this.warnings,
    };
  }

  // -------------------------------------------------------------------------------------------------------
  // Score line and match information
  // -------------------------------------------------------------------------------------------------------

  private parseScoreLine(lineNo: number, t: string): ScoreLine {
    const r = readScoreLine(t);
    if (typeof r === 'string') throw this.corrupt(lineNo, r);
    let pick = r.splits[0]!;
    if (r.splits.length > 1) {
      // names holding ", N": the board's "O: NAME" label says where player 0's name ends
      const o = this.lines.slice(lineNo, lineNo + 60).find((l) => /^ \+[-0-9+]+\s+O: /.test(l));
      const oName = o ? normalizeName(o.slice(o.indexOf('O: ') + 3)) : null;
      pick = r.splits.find((s) => oName?.startsWith(s.players[0])) ?? pick;
    }
    const score = pick.score;
    if (r.matchLength > 0 && (score[0] >= r.matchLength || score[1] >= r.matchLength)) {
      throw this.corrupt(
        lineNo,
        `score ${score[0]}-${score[1]} is not below the match length ${r.matchLength}`,
      );
    }
    return {
      gamesBefore: r.gamesBefore,
      players: pick.players,
      score,
      matchLength: r.matchLength,
      crawfordGame: r.crawfordGame,
      postCrawford: r.postCrawford,
    };
  }

  private readMatchInfo(): void {
    // "Match Information:" then "Key: value" lines up to a blank line
    this.pos++;
    while (this.pos < this.lines.length) {
      const t = this.lines[this.pos]!;
      if (t.trim() === '' || t.startsWith('Move number ') || t.startsWith(SCORE_PREFIX)) return;
      const k = t.indexOf(': ');
      if (k > 0) {
        const key = t.slice(0, k);
        const value = t.slice(k + 2).trim();
        if (key === 'Date') this.date ??= value;
        else if (key === 'Event') this.event ??= value;
        else if (key === 'Round') this.round ??= value;
        else if (key === 'Place') this.place ??= value;
      }
      this.pos++;
    }
  }

  // -------------------------------------------------------------------------------------------------------
  // A game
  // -------------------------------------------------------------------------------------------------------

  /** The seat of a player named at the start of `s` followed by `after` (longest name first). */
  private seatAt(s: string, after: string): { seat: Side; rest: string } | null {
    const p = this.players!;
    const order: Side[] = p[0].length >= p[1].length ? [0, 1] : [1, 0];
    for (const seat of order) {
      const name = p[seat];
      if (s.startsWith(name + after)) return { seat, rest: s.slice(name.length + after.length) };
    }
    return null;
  }

  /** `NAME wins N point(s)`: the winner and points, or null. */
  private winsLine(t: string): { seat: Side; points: number } | null {
    // asked of every line of a move block: a line ending with a visible ASCII character other than the 't'
    // or 's' of "point(s)" ends so once normalised too (the name's normalisation trims only spaces and
    // controls), and cannot be one
    const last = t.charCodeAt(t.length - 1);
    if (last > 0x20 && last < 0x7f && last !== 0x74 && last !== 0x73) return null;
    if (!t.includes(' wins ')) return null;
    const w = this.seatAt(normalizeName(t), ' wins ');
    if (!w) return null;
    const m = /^(\d+) points?$/.exec(w.rest);
    return m ? { seat: w.seat, points: Number(m[1]) } : null;
  }

  /** True when line `t` starts something other than the body of a move block. */
  private isBoundary(t: string): boolean {
    return (
      t.startsWith('Move number ') ||
      t.startsWith(SCORE_PREFIX) ||
      t.startsWith('Game statistics for game ') ||
      t === 'Annotation:' ||
      this.winsLine(t) !== null
    );
  }

  /** A game: its score line, then its move blocks, annotations, result and statistics up to the next one. */
  private readGame(): void {
    const h = this.readGameHeader();
    const st: GameState = {
      h,
      board: initialBoard(),
      game: new GameBuilder(h.gamesBefore, h.matchLength, h.score, h.crawfordGame),
      lastWasPass: false,
      lastDoubler: null,
      lastMoveNumber: 0,
      winner: null,
      points: 0,
      printed: null,
      complete: false,
    };
    this.ties = [];
    while (this.pos < this.lines.length && !this.lines[this.pos]!.startsWith(SCORE_PREFIX))
      this.readGameLine(st);
    this.finishGame(st);
  }

  /** A game's score line, which must name the players and match length of the file's first game. */
  private readGameHeader(): ScoreLine {
    const lineNo = this.pos + 1;
    const h = this.parseScoreLine(lineNo, this.lines[this.pos]!);
    if (!this.header) {
      this.header = h;
      this.players = h.players;
    } else {
      if (h.players[0] !== this.header.players[0] || h.players[1] !== this.header.players[1]) {
        throw this.corrupt(
          lineNo,
          `players "${shown(h.players[0], 30)}", "${shown(h.players[1], 30)}" differ from the file's first game`,
        );
      }
      if (h.matchLength !== this.header.matchLength) {
        throw this.corrupt(lineNo, `match length ${h.matchLength} differs from the file's first game`);
      }
    }
    this.pos++;
    return h;
  }

  /** What starts at the line of a game: match information, a move block, an annotation, the result, the
   *  statistics, or a line that is none of them (skipped with a warning). */
  private readGameLine(st: GameState): void {
    const t = this.lines[this.pos]!;
    if (t === 'Match Information:') this.readMatchInfo();
    else if (t.startsWith('Move number ')) this.onMoveBlock(st);
    else if (t === 'Annotation:') this.onAnnotation(st.game.decisions);
    else if (t.startsWith('Game statistics for game ')) {
      st.printed = this.readStatistics();
      st.complete = true;
    } else {
      const w = this.winsLine(t);
      if (w) this.onResult(st, w);
      else {
        if (t.trim() !== '') this.warn(this.pos + 1, `unrecognised line ignored: "${shown(t)}"`);
        this.pos++;
      }
    }
  }

  private onMoveBlock(st: GameState): void {
    const block = this.readBlock();
    const last = st.lastMoveNumber;
    if (block.moveNumber !== last + 1) {
      this.warn(
        block.line,
        `move number ${block.moveNumber} follows ${last}: ${block.moveNumber > last + 1 ? 'moves are missing' : 'out of order'}`,
      );
    }
    st.lastMoveNumber = block.moveNumber;
    if (st.winner !== null) throw this.corrupt(block.line, 'a move after the end of the game');
    this.applyBlock(block, st);
  }

  /** An annotation after the blocks: the comment of the game's last decision. */
  private onAnnotation(decisions: Decision[]): void {
    const c = this.readAnnotation();
    const last = decisions[decisions.length - 1];
    if (last && c) {
      decisions[decisions.length - 1] = { ...last, annotation: { ...last.annotation, comment: c } };
    }
  }

  /** `NAME wins N points`: the game's one result. */
  private onResult(st: GameState, w: { seat: Side; points: number }): void {
    if (st.winner !== null) throw this.corrupt(this.pos + 1, 'the game has two results');
    st.winner = w.seat;
    st.points = w.points;
    this.resultLine = this.pos + 1;
    if (w.points < 1 || w.points > 3 * MAX_CUBE) {
      throw this.corrupt(this.pos + 1, `result of ${w.points} points is not possible`);
    }
    this.pos++;
  }

  /** The game's end: its ties settled by its statistics, its result checked against the cube and board. */
  private finishGame(st: GameState): void {
    const { winner, points } = st;
    if (!st.complete) {
      this.warn(
        Math.min(this.pos, this.lines.length),
        `game ${st.h.gamesBefore + 1} ends without gnuBG's "Game statistics" (file truncated?)`,
      );
    }
    this.settleTies(st.game.decisions, st.printed);
    // a game that ends with the winner still holding checkers (not a pass) was resigned
    const resigned = winner !== null && !st.lastWasPass && checkersOff(st.board, winner) < 15;
    const cubeValue = st.game.cubeValue;
    if (winner !== null && (points % cubeValue !== 0 || points > 3 * cubeValue)) {
      this.warn(
        this.resultLine,
        `a result of ${points} points is not possible with the cube at ${cubeValue}`,
      );
    } else if (winner !== null && st.lastWasPass && (points !== cubeValue || winner !== st.lastDoubler)) {
      this.warn(this.resultLine, 'the result does not follow from the pass that ended the game');
    }
    this.games.push(st.game.finish(winner, points, resigned));
  }

  private readAnnotation(): string | undefined {
    this.pos++;
    const out: string[] = [];
    while (this.pos < this.lines.length) {
      const t = this.lines[this.pos]!;
      if (
        t.startsWith('Move number ') ||
        t.startsWith(SCORE_PREFIX) ||
        t.startsWith('Game statistics for game ')
      )
        break;
      if (this.winsLine(t)) break;
      out.push(t);
      this.pos++;
    }
    while (out.length > 0 && out[out.length - 1]!.trim() === '') out.pop();
    const s = out.join('\n').trim();
    return s === '' ? undefined : s;
  }

  /**
   * Reads gnuBG's statistics up to the next game: the game's missed doubles by player (null when not
   * printed as expected); notes the match statistics and the program version.
   */
  private readStatistics(): PrintedCubeStats | null {
    this.pos++;
    let columns: [number, number] | null = null;
    const rows: Partial<Record<keyof PrintedCubeStats, [number, number]>> = {};
    let inGame = true;
    while (this.pos < this.lines.length) {
      const t = this.lines[this.pos]!;
      if (t.startsWith(SCORE_PREFIX)) break;
      if (t === 'Match statistics' || t === 'Session statistics') {
        this.hasMatchStatistics = true;
        inGame = false;
      }
      const v = t.length <= MAX_LINE ? RE_VERSION.exec(t) : null;
      if (v) this.program ??= v[1]!;
      if (inGame && t.length <= MAX_LINE) {
        if (columns === null && t.startsWith('Player ')) columns = this.statColumns(t);
        const key = columns ? statRow(t) : null;
        if (key && columns) {
          const n0 = /^\s*(\d+)/.exec(t.slice(columns[0], columns[1]));
          const n1 = /^\s*(\d+)/.exec(t.slice(columns[1]));
          if (n0 && n1) rows[key] = [Number(n0[1]), Number(n1[1])];
        }
      }
      this.pos++;
    }
    const { below, above, close, doubles, takes, passes } = rows;
    return below && above && close && doubles && takes && passes
      ? { below, above, close, doubles, takes, passes }
      : null;
  }

  /**
   * Where the players' columns start in the rows of gnuBG's statistics, from its "Player" line (names in
   * seat order), or null. gnuBG pads the columns to 24 bytes of UTF-8, so a name such as 李雷 moves the next
   * column in characters, not in bytes; the rows below hold only ASCII, where bytes are characters.
   */
  private statColumns(t: string): [number, number] | null {
    const [p0, p1] = this.players ?? ['', ''];
    const a = t.indexOf(p0, 'Player'.length);
    const b = a < 0 ? -1 : t.indexOf(p1, a + p0.length);
    if (a <= 0 || b < 0) return null;
    const at = utf8Length(t.slice(0, a));
    const bt = utf8Length(t.slice(0, b));
    return bt === at + 24 ? [at, bt] : null;
  }

  /**
   * Settles the no-double decisions whose distance to gnuBG's close-cube threshold the printed values
   * cannot tell: the best option (ND) minus min(DT, 1) printed as exactly 0.160 may be 0.1595 (close) or
   * 0.1605 (not close). gnuBG's per-game count of close or actual decisions, less its doubles, takes and
   * passes, is its count of close no-double decisions; those beyond the clear ones are the undecided ones it
   * counted, taken in game order (ND moved by 1e-7, which changes no error: ND is the best option there).
   */
  private settleClose(decisions: Decision[], printed: PrintedCubeStats): void {
    if (this.mwcWarned) return; // values converted from MWC: the printed gap is not in equity
    for (const seat of [0, 1] as const) {
      const undecided: number[] = [];
      let clear = 0;
      decisions.forEach((d, i) => {
        if (d.kind !== 'cube' || d.action !== 'no-double' || d.player !== seat || !d.analysis || d.beaver)
          return;
        const a = d.analysis;
        const best = Math.max(a.nd, Math.min(a.dt, a.dp));
        const gap = best - Math.min(a.dt, 1);
        if (best === a.nd && Math.round(gap * 1000) === CLOSE_CUBE * 1000) undecided.push(i);
        else if (gap < CLOSE_CUBE) clear++;
      });
      if (undecided.length === 0) continue;
      const need =
        printed.close[seat] - printed.doubles[seat] - printed.takes[seat] - printed.passes[seat] - clear;
      if (need < 0 || need > undecided.length) continue;
      undecided.forEach((i, k) => {
        const d = decisions[i]!;
        if (d.kind !== 'cube' || !d.analysis) return;
        const edge = Math.min(d.analysis.dt, 1) + CLOSE_CUBE;
        decisions[i] = { ...d, analysis: { ...d.analysis, nd: k < need ? edge - 1e-7 : edge + 1e-7 } };
      });
    }
  }

  /**
   * Settles the game's missed-double ties ({@link isMissedDoubleTie}) by gnuBG's own count: for each player
   * and class (below / above the cash point), the missed doubles gnuBG printed beyond those the values
   * show are the ties it counted, taken in game order (each costs less than 0.0005, so which ones does not
   * change a printed figure). Without the statistics, or when they cannot be met, the ties stay ties.
   */
  private settleTies(decisions: Decision[], printed: PrintedCubeStats | null): void {
    if (printed === null) return;
    this.settleClose(decisions, printed);
    if (this.ties.length === 0) return;
    for (const seat of [0, 1] as const) {
      for (const above of [false, true]) {
        const ties = this.ties.filter((x) => x.seat === seat && x.above === above);
        if (ties.length === 0) continue;
        const shown = decisions.filter(
          (d) =>
            d.kind === 'cube' &&
            d.action === 'no-double' &&
            d.player === seat &&
            d.analysis !== null &&
            d.analysis.dt > 1 === above &&
            d.analysis.nd < Math.min(d.analysis.dt, d.analysis.dp),
        ).length;
        const need = printed[above ? 'above' : 'below'][seat] - shown;
        if (need < 0 || need > ties.length) continue;
        for (const { index } of ties.slice(0, need)) {
          const d = decisions[index]!;
          if (d.kind === 'cube' && d.analysis)
            decisions[index] = { ...d, analysis: asMissedDouble(d.analysis) };
        }
      }
    }
  }

  // -------------------------------------------------------------------------------------------------------
  // A move block
  // -------------------------------------------------------------------------------------------------------

  private readBlock(): Block {
    const lineNo = this.pos + 1;
    const t = this.lines[this.pos]!;
    if (t.length > MAX_LINE)
      throw this.corrupt(lineNo, `move header of ${t.length} characters is not gnuBG's`);
    const m = RE_MOVE_HEADER.exec(t);
    if (!m) throw this.corrupt(lineNo, `unreadable move header "${shown(t)}"`);
    const rest = normalizeName(m[2]!);
    const header = this.parseHeader(rest);
    if (!header) {
      throw this.corrupt(
        lineNo,
        `unreadable move header "${shown(t)}" (expected "NAME to play DD", "NAME on roll, cube decision?" or "NAME doubles to N")`,
      );
    }
    const { kind, who, dice, cubeTo } = header;
    const block: Block = {
      line: lineNo,
      moveNumber: Number(m[1]),
      kind,
      seat: who.seat,
      dice,
      cubeTo,
      positionId: null,
      action: null,
      cube: null,
      cubeSkill: undefined,
      moveSkill: undefined,
      luckMark: undefined,
      beaverNote: false,
      cubeAlerts: new Set(),
      rolled: null,
      candidates: [],
      comment: undefined,
    };
    this.pos++;
    const alert = { pending: false };
    while (this.pos < this.lines.length) {
      const line = this.pos + 1;
      const b = this.lines[this.pos]!;
      if (this.isBoundary(b)) break;
      this.pos++;
      if (b.trim() !== '') this.readBlockLine(block, line, b, alert);
    }
    if (this.lines[this.pos] === 'Annotation:') block.comment = this.readAnnotation();
    return block;
  }

  /** The kind, player and dice / cube of a move header (after "Move number K: "); null when unreadable. */
  private parseHeader(rest: string): {
    kind: Block['kind'];
    who: { seat: Side; rest: string };
    dice: [number, number] | null;
    cubeTo: number | null;
  } | null {
    const play = this.seatAt(rest, ' to play ');
    const d = play ? /^([1-6])([1-6])$/.exec(play.rest) : null;
    if (play && d) return { kind: 'move', who: play, dice: [Number(d[1]), Number(d[2])], cubeTo: null };
    const answer = this.seatAt(rest, ' doubles to ');
    const n = answer ? /^(\d+)$/.exec(answer.rest) : null;
    if (answer && n) return { kind: 'answer', who: answer, dice: null, cubeTo: Number(n[1]) };
    const double = this.seatAt(rest, ' on roll, cube decision?');
    if (double && double.rest === '') return { kind: 'double', who: double, dice: null, cubeTo: null };
    const resign = this.seatAt(rest, ' resigns ');
    if (resign && /^\d+ points?$/.test(resign.rest))
      return { kind: 'resign', who: resign, dice: null, cubeTo: null };
    return null;
  }

  /** Reads one non-blank line of a move block into `block`. */
  private readBlockLine(block: Block, line: number, b: string, alert: { pending: boolean }): void {
    if (b.length > MAX_LINE) {
      this.warn(line, `line of ${b.length} characters ignored`);
      return;
    }
    const pid = RE_POSITION_ID.exec(b);
    if (pid) {
      block.positionId ??= { id: pid[1]!, line };
      return;
    }
    if (/^\s+Match ID\s*:/.test(b) || /^[ ^v][+|]/.test(b) || b.startsWith('Pip counts:')) return;
    if (/^\* \S/.test(b)) {
      if (block.action) throw this.corrupt(line, 'a second action line in one move block');
      block.action = this.parseAction(line, b);
      return;
    }
    if (b === 'Cube analysis') {
      block.cube = this.readCubeBlock(line);
      return;
    }
    if (b.startsWith('Alert: ')) {
      this.readAlert(block, line, b, alert);
      return;
    }
    const tag = RE_SKILL_TAG.exec(b);
    if (tag) {
      if (alert.pending) block.cubeSkill = SKILLS[tag[1]!];
      alert.pending = false;
      return;
    }
    if (b.startsWith('Cannot analyse beaver nor raccoons')) {
      block.beaverNote = true;
      return;
    }
    const rolled = RE_ROLLED.exec(b);
    if (rolled) {
      const luck = rolled[3] === undefined ? null : num(rolled[3]);
      block.rolled = {
        line,
        dice: [Number(rolled[1]), Number(rolled[2])],
        luck: luck !== null && isSaneValue(luck) ? luck : null,
        mwc: rolled[4] === '%',
      };
      return;
    }
    const cand = RE_CANDIDATE.exec(b);
    if (cand) {
      block.candidates.push(this.parseCandidate(line, cand));
      return;
    }
    // `*    Cannot move`, or the played move printed without a list of candidates (not analysed)
    if (/^\*\s{2,}\S/.test(b)) return;
    // the probabilities of the candidate on the line above
    const last = block.candidates[block.candidates.length - 1];
    if (last !== undefined && last.line === line - 1 && last.probs === undefined) {
      const p = RE_PROBS.exec(b);
      if (p) {
        last.probs = probabilitiesOf(p);
        return;
      }
    }
    // evaluation parameters, rollout details, "Proper cube action" outside a table
    if (/^\s/.test(b) || b.startsWith('Proper cube action:')) return;
    this.warn(line, `unrecognised line ignored: "${shown(b)}"`);
  }

  /** An `Alert:` line: the move's skill, the roll's luck, or a cube alert (its skill tag may follow). */
  private readAlert(block: Block, line: number, b: string, alert: { pending: boolean }): void {
    alert.pending = false;
    const move = /^Alert: (very bad|bad|doubtful) move/.exec(b);
    if (move) {
      block.moveSkill = SKILLS[move[1]!];
      return;
    }
    const roll = /^Alert: (very unlucky|unlucky|lucky|very lucky) roll/.exec(b);
    if (roll) {
      block.luckMark = LUCKS[roll[1]!];
      return;
    }
    const marked = /^Alert: (?:double|take) decision marked (very bad|bad|doubtful)/.exec(b);
    if (marked) {
      block.cubeSkill = SKILLS[marked[1]!];
      return;
    }
    const cube = /^Alert: (missed double|wrong take|wrong pass|wrong double)\b(?: \(([+-]))?/.exec(b);
    if (cube) {
      // the sign of the printed difference: "missed double (+0.000)" is printed where ND ≥ DT, DP
      block.cubeAlerts.add(cube[2] ? `${cube[1]} ${cube[2]}` : cube[1]!);
      // the skill tag, when any, follows on the same line or the next
      alert.pending = true;
      const tag = /\[(very bad|bad|doubtful)\]\s*$/.exec(b);
      if (tag) block.cubeSkill = SKILLS[tag[1]!];
      return;
    }
    this.warn(line, `unrecognised alert ignored: "${shown(b)}"`);
  }

  private parseAction(line: number, b: string): ActionLine {
    const s = normalizeName(b.slice(2));
    const who = this.seatAt(s, ' ');
    if (!who) throw this.corrupt(line, `action by an unknown player: "${shown(b)}"`);
    const r = who.rest;
    if (r.startsWith('moves ')) return { line, seat: who.seat, verb: 'moves', notation: r.slice(6).trim() };
    if (r === 'cannot move' || r === 'doubles' || r === 'accepts' || r === 'rejects') {
      return { line, seat: who.seat, verb: r, notation: '' };
    }
    throw this.corrupt(line, `unreadable action "${shown(b)}"`);
  }

  private parseCandidate(line: number, x: RegExpExecArray): CandidateLine {
    const middle = x[3]!;
    // "%-14s   %-28s": the evaluation, three or more spaces, the move
    let evalText = '';
    let notation = middle;
    const gap = /\s{3,}/.exec(middle);
    if (gap) {
      evalText = middle.slice(0, gap.index);
      notation = middle.slice(gap.index + gap[0].length);
    } else {
      const toks = middle.split(/\s+/);
      const k = toks.findIndex((tk) => tk.includes('/'));
      if (k > 0) {
        evalText = toks.slice(0, k).join(' ');
        notation = toks.slice(k).join(' ');
      }
    }
    const ply = /(\d+)-ply/.exec(evalText);
    const depth = ply ? `${Number(ply[1])}-ply` : /rollout/i.test(evalText) ? 'rollout' : undefined;
    let value = num(x[5]!);
    const mwc = x[4] === 'MWC';
    if (mwc && x[6] === '%') value /= 100;
    return { line, star: x[1] === '*', notation: notation.trim(), depth, value, mwc, probs: undefined };
  }

  private readCubeBlock(line: number): CubeBlock {
    let depth: string | null = null;
    let mwc = false;
    const values: { nd?: number; dt?: number; dp?: number } = {};
    let verdict: CubeVerdict | null = null;
    // up to the "Proper cube action" line (or the end of what looks like a cube table)
    while (this.pos < this.lines.length) {
      const b = this.lines[this.pos]!;
      if (this.isBoundary(b) || b.startsWith('Rolled ') || b.startsWith('Alert: ') || b === 'Cube analysis')
        break;
      this.pos++;
      if (b.length > MAX_LINE) {
        this.warn(this.pos, `line of ${b.length} characters ignored`);
        continue;
      }
      const head = RE_CUBE_HEADER.exec(b);
      if (head) {
        depth = head[1] !== undefined ? `${Number(head[1])}-ply` : head[2] ? 'rollout' : null;
        if (head[3] === 'MWC') mwc = true;
        continue;
      }
      const x = RE_CUBE_LINE.exec(b);
      if (x) {
        const label = x[2]!.toLowerCase();
        let value = num(x[3]!);
        if (x[4] === '%') {
          mwc = true;
          value /= 100;
        }
        const key = label.includes('take')
          ? 'dt'
          : label.includes('pass')
            ? 'dp'
            : label.startsWith('no ')
              ? 'nd'
              : null;
        if (key === null || !isSaneValue(value)) {
          this.warn(this.pos, `unrecognised cube equity line "${shown(b)}"`);
        } else values[key] = value;
        continue;
      }
      if (b.startsWith('Proper cube action:')) {
        verdict = parseCubeVerdict(b);
        break;
      }
    }
    if (depth !== null) this.cubeDepth ??= depth;
    return { line, depth, values, mwc, verdict };
  }

  // -------------------------------------------------------------------------------------------------------
  // Building decisions
  // -------------------------------------------------------------------------------------------------------

  private noteMwc(line: number): void {
    if (this.mwcWarned) return;
    this.mwcWarned = true;
    this.warn(
      line,
      'equities are printed as MWC (gnuBG "set output mwc on"): converted back to EMG with the match equity table, at the printed precision',
    );
  }

  private cubeInfo(h: ScoreLine, player: Side, cubeValue: number): CubeInfo {
    return {
      score0: h.score[0],
      score1: h.score[1],
      matchLength: h.matchLength,
      player,
      cubeValue,
      crawfordGame: h.crawfordGame,
    };
  }

  /** The cube analysis of a block in the doubler's view, or null (with a warning when unreadable). */
  private cubeAnalysis(
    block: Block,
    h: ScoreLine,
    doubler: Side,
    cubeValue: number,
    takerView: boolean,
  ): CubeAnalysis | null {
    const c = block.cube;
    if (!c) return null;
    const { nd, dt, dp } = c.values;
    if (nd === undefined || dt === undefined || dp === undefined) {
      this.warn(c.line, 'incomplete cube analysis (No double / Double, take / Double, pass): ignored');
      return null;
    }
    const sign = takerView ? -1 : 1;
    if (c.mwc && h.matchLength > 0) {
      this.noteMwc(c.line);
      const ci = this.cubeInfo(h, doubler, cubeValue);
      const a = {
        nd: sign * mwc2eq(this.met, ci, nd),
        dt: sign * mwc2eq(this.met, ci, dt),
        dp: sign * mwc2eq(this.met, ci, dp),
      };
      if (!isSaneValue(a.nd) || !isSaneValue(a.dt) || !isSaneValue(a.dp)) {
        this.warn(c.line, 'cube analysis in MWC cannot be converted to equity at this score; ignored');
        return null;
      }
      return a;
    }
    const a = { nd: sign * nd, dt: sign * dt, dp: sign * dp };
    // ties the printed rounding hides, settled by gnuBG's verdict; printed in the taker's view, the
    // verdict reads the negated values (g0004_003.txt: "Double, pass" where the doubler's says "Too good")
    return c.verdict && !takerView ? refineCube(a, c.verdict) : a;
  }

  /**
   * The cube analysis of a move block's no-double decision; a missed double the text cannot settle
   * ({@link isMissedDoubleTie}) is noted for the game's statistics to settle.
   */
  private noDoubleAnalysis(
    block: Block,
    h: ScoreLine,
    seat: Side,
    cubeValue: number,
    index: number,
  ): CubeAnalysis | null {
    const a = this.cubeAnalysis(block, h, seat, cubeValue, false);
    const verdict = block.cube?.verdict;
    if (
      a &&
      verdict &&
      !(block.cube?.mwc && h.matchLength > 0) &&
      isMissedDoubleTie(a, verdict, block.cubeAlerts.has('missed double -'))
    )
      this.ties.push({ index, seat, above: a.dt > 1 });
    return a;
  }

  private checkPosition(block: Block, board: Board, onRoll: Side): void {
    const p = block.positionId;
    if (!p) return;
    let decoded: Board;
    try {
      decoded = boardFromPositionId(p.id).board;
    } catch (e) {
      throw this.corrupt(p.line, `bad Position ID: ${(e as Error).message}`);
    }
    const other: Side = onRoll === 0 ? 1 : 0;
    // decoded = [player not on roll, player on roll]
    if (boardKey(decoded) !== boardKey([board[other], board[onRoll]])) {
      throw this.corrupt(
        p.line,
        `Position ID ${p.id} does not match the position reached by the moves before it (a move is missing or wrong)`,
      );
    }
  }

  /** One move block: a resignation (skipped), a roll and its play, a double, or the answer to one. */
  private applyBlock(block: Block, st: GameState): void {
    const action = block.action;
    if (block.kind === 'resign') {
      this.warn(block.line, 'resignation records are not analysed by bdb; skipped');
      return;
    }
    if (!action) {
      if (this.pos >= this.lines.length) {
        this.warn(block.line, 'the file ends inside this move block (truncated): block ignored');
        return;
      }
      throw this.corrupt(block.line, 'move block without its action line ("* NAME …")');
    }
    if (action.verb === 'moves' || action.verb === 'cannot move') {
      this.onPlay(block, action, st);
      return;
    }
    const { seat } = block;
    const game = st.game;
    // gnuBG keeps the doubler on roll while a double (and any beaver) is answered
    this.checkPosition(block, st.board, block.kind === 'answer' ? (game.open?.doubler ?? seat) : seat);
    if (action.verb === 'doubles' && block.kind === 'double') this.onDouble(block, action, st);
    else if (block.kind !== 'answer')
      throw this.corrupt(action.line, `"${shown(action.verb)}" outside a "doubles to" block`);
    else this.onAnswer(block, action, st);
  }

  /** A roll and its play, after the mover's no-double decision when the block has its cube analysis. */
  private onPlay(block: Block, action: ActionLine, st: GameState): void {
    const { seat } = block;
    const game = st.game;
    if (block.kind !== 'move') throw this.corrupt(action.line, 'a checker move in a cube decision block');
    if (action.seat !== seat) throw this.corrupt(action.line, 'the move is made by the player not on roll');
    this.checkPosition(block, st.board, seat);
    const dice = block.dice!;
    if (block.rolled && (block.rolled.dice[0] !== dice[0] || block.rolled.dice[1] !== dice[1])) {
      this.warn(block.rolled.line, `"Rolled" dice differ from the header's ${dice[0]}${dice[1]}`);
    }
    st.lastWasPass = false;
    if (block.cube) {
      const analysis = this.noDoubleAnalysis(block, st.h, seat, game.cubeValue, game.decisions.length);
      game.cube(seat, 'no-double', analysis, this.loc(block.cube.line), annotation(block.cubeSkill));
    }
    this.pushChecker(block, action, st, annotation(block.moveSkill, block.luckMark, block.comment));
  }

  /** A double by the player on roll. */
  private onDouble(block: Block, action: ActionLine, st: GameState): void {
    const { seat } = block;
    const game = st.game;
    if (action.seat !== seat) throw this.corrupt(action.line, 'the double is made by the player not on roll');
    if (game.open) this.warn(action.line, 'a double while another double is unanswered');
    if (game.cubeOwner === (seat === 0 ? 1 : 0)) {
      this.warn(action.line, 'a double by the player who does not own the cube');
    }
    const analysis = block.beaverNote ? null : this.cubeAnalysis(block, st.h, seat, game.cubeValue, false);
    game.double(
      seat,
      analysis,
      this.loc(action.line),
      annotation(block.cubeSkill, undefined, block.comment),
      actionAlert(analysis, block, 'wrong double'),
    );
    st.lastWasPass = false;
  }

  /**
   * The answer in a `NAME doubles to N` block, NAME the player who doubled last (the doubler, or after a
   * beaver the beaverer): a take, a pass, or a beaver (the responder takes and redoubles at once, keeping
   * the cube). A take or pass carries the double's analysis, or its own when the file starts there.
   */
  private onAnswer(block: Block, action: ActionLine, st: GameState): void {
    const { seat } = block;
    const game = st.game;
    if (action.seat === seat) throw this.corrupt(action.line, 'a player answers his own double');
    if (block.cubeTo !== null && block.cubeTo !== game.cubeValue * 2) {
      this.warn(block.line, `"doubles to ${block.cubeTo}" but the cube is at ${game.cubeValue}`);
    }
    const responder = action.seat;
    const lastDoubler = game.open?.lastBy ?? seat;
    if (seat !== lastDoubler) this.warn(block.line, 'the player named in "doubles to" did not double last');
    const ann = annotation(block.cubeSkill, undefined, block.comment);
    const doubler = game.open?.doubler ?? seat;
    const fail = (message: string) => this.corrupt(action.line, message);
    if (action.verb === 'doubles') {
      const open = game.open ?? { doubler, lastBy: seat, beavers: 0, analysis: null };
      const analysis =
        open.beavers === 0
          ? (open.analysis ?? this.answerAnalysis(block, st.h, doubler, game.cubeValue))
          : null;
      game.beaver(responder, this.loc(action.line), ann, fail, open, analysis);
      st.lastWasPass = false;
      return;
    }
    const afterBeaver = (game.open?.beavers ?? 0) > 0;
    const own = afterBeaver ? null : this.answerAnalysis(block, st.h, doubler, game.cubeValue);
    const pendingAnalysis = game.open?.analysis ?? null;
    const analysis = pendingAnalysis ?? own;
    if (pendingAnalysis && own && !sameAnalysis(pendingAnalysis, own)) {
      this.warn(block.cube?.line ?? block.line, "the answer's cube analysis differs from the double's");
    }
    const take = action.verb === 'accepts';
    const alerted = actionAlert(analysis, block, take ? 'wrong take' : 'wrong pass');
    game.answer(responder, take, alerted, this.loc(action.line), ann, fail);
    st.lastWasPass = !take;
    if (!take) st.lastDoubler = lastDoubler;
  }

  /** The analysis printed with an answer (taker's view), turned to the doubler's. */
  private answerAnalysis(block: Block, h: ScoreLine, doubler: Side, cubeValue: number): CubeAnalysis | null {
    if (block.beaverNote) return null;
    return this.cubeAnalysis(block, h, doubler, cubeValue, true);
  }

  /** The checker decision of a block: the play, its candidates and the luck of the roll. */
  private pushChecker(block: Block, action: ActionLine, st: GameState, marks: Annotation | undefined): void {
    const side = block.seat;
    const dice = block.dice!;
    const board = st.board;
    const played = this.playOf(action, board, side);
    const after = applyPlay(board, side, played);
    const playedKey = boardKey(after);
    const legal = this.checkLegal(action, board, side, played, dice, playedKey);
    const ci = this.cubeInfo(st.h, side, st.game.cubeValue);
    const candidates = this.candidatesOf(block, board, side, ci, st.h);
    const playedIndex = this.playedIndexOf(block, candidates, board, side, playedKey);
    st.game.checker({
      player: side,
      dice: [dice[0], dice[1]],
      board,
      played,
      source: this.loc(action.line),
      annotation: marks,
      candidates: candidates.list,
      playedIndex,
      legalCount: legalCountIfNeeded(candidates.list, board, side, dice, legal),
      luck: this.luckOf(block, ci, st.h),
    });
    st.board = after;
  }

  /** The play of the action line; a move that cannot be read on the board is an error. */
  private playOf(action: ActionLine, board: Board, side: Side): Play {
    try {
      return action.verb === 'cannot move' ? [] : parseMoveNotation(action.notation, board, side);
    } catch (e) {
      if (e instanceof MoveNotationError) throw this.corrupt(action.line, `move ${e.message}`);
      throw e;
    }
  }

  /**
   * Warns when the play is not legal. Full legal-move generation is costly: it runs only when the quick test
   * cannot vouch for the play; the list made is returned for the forced-play rule ({@link legalCountIfNeeded}).
   */
  private checkLegal(
    action: ActionLine,
    board: Board,
    side: Side,
    played: Play,
    dice: readonly [number, number],
    playedKey: string,
  ): LegalPlay[] | null {
    const [d1, d2] = dice;
    if (isSurelyLegal(board, side, played, d1, d2)) return null;
    const legal = legalPlays(board, side, d1, d2);
    if (!legal.some((l) => l.key === playedKey) && !(legal.length === 0 && played.length === 0)) {
      this.warn(
        action.line,
        `move "${shown(action.notation || 'cannot move')}" is not a legal play of ${d1}${d2}`,
      );
    }
    return legal;
  }

  /**
   * The printed candidates that can be read (the others skipped with a warning), their equities in EMG, and
   * the index of the one marked `*`.
   */
  private candidatesOf(
    block: Block,
    board: Board,
    side: Side,
    ci: CubeInfo,
    h: ScoreLine,
  ): { list: Candidate[]; star: number | null } {
    const list: Candidate[] = [];
    let star: number | null = null;
    for (const c of block.candidates) {
      let play: Play;
      try {
        play = parseMoveNotation(c.notation, board, side);
      } catch (e) {
        if (!(e instanceof MoveNotationError)) throw e;
        this.warn(c.line, `candidate ${e.message}; ignored`);
        continue;
      }
      let equity = c.value;
      if (c.mwc && h.matchLength > 0) {
        this.noteMwc(c.line);
        equity = mwc2eq(this.met, ci, c.value);
      }
      if (!isSaneValue(equity)) {
        this.warn(c.line, 'candidate equity is not a number an analyser writes; ignored');
        continue;
      }
      if (c.depth) this.checkerDepth = deeperDepth(this.checkerDepth, c.depth);
      if (c.star) star = list.length;
      list.push({ play, equity, depth: c.depth, probs: c.probs });
    }
    return { list, star };
  }

  /** The played candidate: the one marked `*` when it reaches the played position, else the first that does. */
  private playedIndexOf(
    block: Block,
    candidates: { list: Candidate[]; star: number | null },
    board: Board,
    side: Side,
    playedKey: string,
  ): number | null {
    const { list, star } = candidates;
    if (star !== null && boardKey(applyPlay(board, side, list[star]!.play)) === playedKey) return star;
    if (list.length > 0 && star !== null) {
      this.warn(block.rolled?.line ?? block.line, 'the candidate marked "*" is not the move played');
    }
    const k = list.findIndex((c) => boardKey(applyPlay(board, side, c.play)) === playedKey);
    return k < 0 ? null : k;
  }

  /** The luck printed with the roll, in EMG (converted back when printed as MWC); null when absent. */
  private luckOf(block: Block, ci: CubeInfo, h: ScoreLine): number | null {
    const rolled = block.rolled;
    const luck = rolled?.luck ?? null;
    if (luck === null || !rolled!.mwc || h.matchLength <= 0) return luck;
    this.noteMwc(rolled!.line);
    const emg = mwc2eq(this.met, ci, eq2mwc(this.met, ci, 0) + luck / 100);
    return isSaneValue(emg) ? emg : null;
  }
}

/** Two readings of one cube analysis agree to the printed precision (1 mpt covers both roundings). */
function sameAnalysis(a: CubeAnalysis, b: CubeAnalysis): boolean {
  return (
    Math.abs(a.nd - b.nd) <= 0.0011 && Math.abs(a.dt - b.dt) <= 0.0011 && Math.abs(a.dp - b.dp) <= 0.0011
  );
}

/** The marks of a decision, without empty keys; undefined when there is none. */
function annotation(skill?: Skill, luck?: Luck, comment?: string): Annotation | undefined {
  if (!skill && !luck && !comment) return undefined;
  const a: { skill?: Skill; luck?: Luck; comment?: string } = {};
  if (skill) a.skill = skill;
  if (luck) a.luck = luck;
  if (comment) a.comment = comment;
  return a;
}

/**
 * Reads one file of gnuBG's text export: its game(s) and the match header above them.
 *
 * @param bytes - the file's content (UTF-8, or Windows-1252 when not valid UTF-8)
 * @param file - the name used in errors and source locations
 * @param met - the match equity table (used only for files printed with MWC output)
 * @throws CorruptFileError (with the line) when the file is not a readable gnuBG text export, a move cannot be
 *   played, or a Position ID contradicts the moves
 */
export function parseGnubgTextGame(bytes: Uint8Array, file: string, met: Met): GnubgTextFile {
  return new TextFileReader(decodeText(bytes), file, met).read();
}

/** The cube row of gnuBG's statistics a line is, or null. */
function statRow(t: string): keyof PrintedCubeStats | null {
  if (t.startsWith('Missed doubles below CP ')) return 'below';
  if (t.startsWith('Missed doubles above CP ')) return 'above';
  if (t.startsWith('Close or actual cube decisions ')) return 'close';
  if (t.startsWith('Doubles ')) return 'doubles';
  if (t.startsWith('Takes ')) return 'takes';
  if (t.startsWith('Passes ')) return 'passes';
  return null;
}

/** The analysis of an action with the tie its own alert settles ({@link withActionAlert}). */
function actionAlert(
  a: CubeAnalysis | null,
  block: Block,
  alert: 'wrong double' | 'wrong take' | 'wrong pass',
): CubeAnalysis | null {
  if (!a || !(block.cubeAlerts.has(`${alert} -`) || block.cubeAlerts.has(`${alert} +`))) return a;
  return { ...a, ...withActionAlert(a, alert) };
}

/** The length of a text in bytes of UTF-8. */
function utf8Length(s: string): number {
  return new TextEncoder().encode(s).length;
}
