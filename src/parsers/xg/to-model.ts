/**
 * XG records → the decision model (spec/formats.md §1.4–1.12, metrics.md §13).
 *
 * - Seats: XG's player 1 (+1 in `Actif`/`ActifP`/`Winner`) is seat 0, player 2 (−1) seat 1.
 * - Positions are stored from the roller's view (26 signed bytes: 0 = opponent's bar, 1..24 points,
 *   25 = roller's bar); moves as 0-based (from, to) pairs, 24 = bar, to < 0 = off.
 * - A Cube record holds the roller's double / no double (`Double` 1 / 0; −2 = no cube decision this turn)
 *   and the opponent's answer (`Take` 1 take, 0 pass, 2 beaver); equB / equDouble / equDrop are ND / DT /
 *   DP in EMG from the roller's view. XG's own errors (ErrCube, ErrTake, ErrMove; −1000 = not analysed)
 *   are kept as the decisions' stored errors; a decision XG did not analyse leaves every count.
 * - The played candidate is the one whose resulting position equals the record's end position.
 * - `Irrelevant` (DataMoves) is XG's own "not a decision" flag for chequer plays.
 */
import type { Board, Hop, Play, Side } from '../../core/board.js';
import { boardKey, sharedHop, validateBoard } from '../../core/board.js';
import { type LegalPlay, legalPlays } from '../../core/moves.js';
import { CorruptFileError } from '../../errors.js';
import type {
  AnalyserInfo,
  Annotation,
  Candidate,
  CheckerDecision,
  CubeAnalysis,
  FormatId,
  Game,
  Match,
  Probabilities,
  SourceLocation,
} from '../../model/types.js';
import { bestCubeEquity } from '../../model/types.js';
import { GameBuilder } from '../game-builder.js';
import { LazyCandidate } from '../lazy-candidate.js';
import { isSaneValue } from '../sane.js';
import { normalizeName } from '../text-decode.js';
import type { ParseWarning } from '../types.js';
import type { XgFile } from './file.js';
import {
  XG_EVAL_SINGLES,
  XG_MOVE_BYTES,
  XG_POSITION_BYTES,
  type XgCube,
  type XgHeaderGame,
  type XgHeaderMatch,
  type XgMove,
  type XgMoveAnalysis,
  xgCandidateCount,
  xgCandidateLevel,
} from './records.js';

/** XG's "not analysed" sentinel. */
const NOT_ANALYSED = -1000;

/**
 * How far XG's stored error of a decision may be from the one its stored equities give (EMG). XG writes both,
 * and in the six reference files they agree to float precision: the played candidate's equity minus the
 * first's is ErrMove within 0.00006 on all 1,461 analysed played moves, and max(ND, min(D/T, D/P)) minus the
 * chosen action's equity is ErrCube within 0.00009 on all 805 analysed cube decisions (ErrTake exactly).
 * Equities that disagree by more are damaged (an absurd +50 within the ±100 of isSaneValue made a player
 * gain 46 EMG on one move): the decision is read as not analysed, with a warning, as a non-finite one is.
 */
const AGREES = 0.01;

/** Whether XG's stored error `stored` is the one the equities give, `fromEquities`. */
function agrees(stored: number, fromEquities: number): boolean {
  return Math.abs(stored - fromEquities) <= AGREES;
}

/** An equity or error as a warning shows it. */
function eq(x: number): string {
  return x.toFixed(3);
}

/** Seat of an XG player sign (+1 player 1 → seat 0, −1 player 2 → seat 1). */
function seatOf(sign: number): Side {
  return sign === -1 ? 1 : 0;
}

/** "1-ply" … "7-ply": XG's levels 0..6. */
const PLY_LEVELS = Array.from({ length: 7 }, (_, k) => `${k + 1}-ply`);

/** XG's analysis level names (PLAYERLEVEL): one string per known level (this runs for every candidate). */
export function xgLevelName(level: number): string | null {
  if (level < 0) return null;
  if (level <= 6) return PLY_LEVELS[level]!;
  if (level === 12) return '3-ply red';
  if (level === 100) return 'rollout';
  if (level === 998 || level === 999) return 'opening book';
  if (level === 1000) return 'XG Roller';
  if (level === 1001) return 'XG Roller+';
  if (level === 1002) return 'XG Roller++';
  return `level ${level}`;
}

/**
 * Board from the XG position (26 signed bytes, {@link XG_POSITION_BYTES}) at `at` in `bytes`, read
 * straight from them. `mirrored`: the bytes are player 1's view of player 2's roll (a Move record's
 * `PositionI` is stored from player 1's view whatever the roller: checked on all 1,474 analysed moves of
 * the six reference .xg files against `DataMoves.Pos`, which is the roller's view), so the roller's index
 * i is −(stored index 25 − i); otherwise they are the roller's view.
 */
function boardOf(bytes: Int8Array, at: number, roller: Side, mirrored = false): Board {
  const me = new Array<number>(25).fill(0);
  const opp = new Array<number>(25).fill(0);
  // the roller's index i is stored at at + i, or negated at at + 25 − i when mirrored
  const sign = mirrored ? -1 : 1;
  const base = mirrored ? at + 25 : at;
  const step = mirrored ? -1 : 1;
  for (let i = 1; i <= 24; i++) {
    const v = sign * (bytes[base + step * i] ?? 0);
    if (v > 0) me[i - 1] = v;
    else if (v < 0) opp[24 - i] = -v; // roller's point i is the opponent's point 25 − i
  }
  me[24] = Math.max(0, sign * (bytes[base + step * 25] ?? 0));
  opp[24] = Math.max(0, -sign * (bytes[base] ?? 0));
  return roller === 0 ? [me, opp] : [opp, me];
}

/** The `k`-th hop of the XG move list at `at` in `pairs` (0-based points, 24 the bar, −1 off), shared. */
function hopAt(pairs: ArrayLike<number>, at: number, k: number): Hop {
  const from = pairs[at + 2 * k]!;
  const to = pairs[at + 2 * k + 1]!;
  return sharedHop(from >= 24 ? 25 : from + 1, to < 0 ? 0 : to + 1);
}

/**
 * Whether the (from, to) pair at `i` in `pairs` is a hop: not past the end, not the list's end (from −1),
 * not a zeroed pair (a hop moves down).
 */
function isHopAt(pairs: ArrayLike<number>, i: number): boolean {
  return i + 1 < pairs.length && pairs[i]! >= 0 && pairs[i + 1]! < pairs[i]!;
}

/** Hops from XG's 4 (from, to) pairs at `at` in `pairs`; the list ends at the first pair not a hop. */
function hopsOf(pairs: ArrayLike<number>, at = 0): Hop[] {
  // the hops are shared, and the array made at its size (grown by push it takes room for 17)
  let n = 0;
  while (n < 4 && isHopAt(pairs, at + 2 * n)) n++;
  if (n === 0) return [];
  if (n === 1) return [hopAt(pairs, at, 0)];
  if (n === 2) return [hopAt(pairs, at, 0), hopAt(pairs, at, 1)];
  if (n === 3) return [hopAt(pairs, at, 0), hopAt(pairs, at, 1), hopAt(pairs, at, 2)];
  return [hopAt(pairs, at, 0), hopAt(pairs, at, 1), hopAt(pairs, at, 2), hopAt(pairs, at, 3)];
}

/** Whether the 26-byte positions at `aAt` in `a` and at `bAt` in `b` are equal. */
function samePosition(a: Int8Array, aAt: number, b: Int8Array, bAt: number): boolean {
  for (let i = 0; i < XG_POSITION_BYTES; i++) if (a[aAt + i] !== b[bAt + i]) return false;
  return true;
}

/** log2 of the largest cube: gnuBG's MAX_CUBE, 4096 (XG's own cube limit, `CubeLimit`, is 10 in known files). */
const MAX_CUBE_LOG2 = 12;

/**
 * Cube value and owner from an absolute XG cube field (0 centred; ±n: player 1/2 owns a 2ⁿ cube) and the
 * game's automatic doubles; a damaged field never makes the cube pass 4096 (2^2000 was Infinity, and every
 * figure in points with it).
 */
function cubeOf(field: number, autoDoubles: number): { value: number; owner: -1 | 0 | 1 } {
  const n = Math.min(Math.abs(field) + autoDoubles, MAX_CUBE_LOG2);
  return { value: 2 ** n, owner: field === 0 ? -1 : field > 0 ? 0 : 1 };
}

/**
 * The automatic doubles of a game (HeaderGame `NumberOfAutoDouble`, v26: the cube of the game really is 2ⁿ ×
 * the stored one). A count that would take the cube past 4096, or below none, is a damaged field: read as
 * none, with a warning at the field, as a damaged equity is read as not analysed; the game's decisions and
 * equities are still good, only their cube would be wrong.
 */
function autoDoublesOf(rec: XgHeaderGame, warn: (offset: number, message: string) => void): number {
  const n = rec.numberOfAutoDouble ?? 0;
  if (n >= 0 && n <= MAX_CUBE_LOG2) return n;
  warn(
    rec.offset + 64,
    `game header record ${rec.index}: ${n} automatic doubles cannot be (the cube would pass ${2 ** MAX_CUBE_LOG2}); read as none`,
  );
  return 0;
}

/** Drops the RTF groups that hold no text: font and colour tables, style sheets, `{\\* …}` destinations. */
function dropRtfTables(rtf: string): string {
  let out = '';
  let i = 0;
  while (i < rtf.length) {
    if (rtf[i] === '{' && /^\{\\(\*|fonttbl|colortbl|stylesheet|info)/.test(rtf.slice(i, i + 12))) {
      let depth = 0;
      for (; i < rtf.length; i++) {
        if (rtf[i] === '\\') i++;
        else if (rtf[i] === '{') depth++;
        else if (rtf[i] === '}' && --depth === 0) break;
      }
      i++;
      continue;
    }
    out += rtf[i];
    i++;
  }
  return out;
}

/** Plain text of an RTF comment (tables and control words dropped; enough for a note, not a renderer). */
export function rtfToText(rtf: string): string {
  return dropRtfTables(rtf)
    .replace(/\\'([0-9a-f]{2})/gi, (_, h: string) => String.fromCharCode(Number.parseInt(h, 16)))
    .replace(/\\par[d]?\b ?/g, '\n')
    .replace(/\\[a-z]+-?\d* ?/gi, '')
    .replace(/[{}\r]/g, '')
    .split('\n')
    .map((l) => l.trim())
    .filter((l) => l !== '')
    .join('\n');
}

/** Options of the mapping. */
export interface XgToModelOptions {
  readonly file: string;
  readonly format: FormatId;
}

/** Builds the match of an XG file. */
export function xgToModel(xg: XgFile, opts: XgToModelOptions): { match: Match; warnings: ParseWarning[] } {
  const head = xg.records[0];
  if (head?.type !== 'headerMatch') {
    throw new CorruptFileError(
      { file: opts.file, offset: 0, segment: 'temp.xg' },
      'the first record is not a match header',
    );
  }
  return new XgReader(xg, opts.file, head).read(opts.format);
}

/** The game being read: its decisions, and its automatic doubles (which every cube field is read with). */
interface GameBuild {
  readonly game: GameBuilder;
  readonly autoDoubles: number;
}

/** Maps the records of an XG file, in order, to games and their decisions. */
class XgReader {
  private readonly xg: XgFile;
  private readonly file: string;
  private readonly hm: XgHeaderMatch;
  private readonly matchLength: number;
  private readonly warnings: ParseWarning[];
  private readonly games: Game[] = [];
  private cur: GameBuild | null = null;
  // the analysis depth reported is the most frequent one (the first moves are often "opening book")
  private readonly checkerDepths = new Map<string, number>();
  private readonly cubeDepths = new Map<string, number>();
  private readonly warn = (offset: number, message: string): void => {
    this.warnings.push({ offset, message });
  };

  constructor(xg: XgFile, file: string, hm: XgHeaderMatch) {
    this.xg = xg;
    this.file = file;
    this.hm = hm;
    this.matchLength = hm.matchLength === 99999 || hm.matchLength <= 0 ? 0 : hm.matchLength;
    this.warnings = xg.warnings.map((w) => ({ offset: w.offset, message: w.message }));
  }

  read(format: FormatId): { match: Match; warnings: ParseWarning[] } {
    for (const rec of this.xg.records) this.onRecord(rec);
    if (this.cur) this.endGame(null, 0, false);
    const { hm, matchLength } = this;
    const analyser: AnalyserInfo = {
      program: 'eXtreme Gammon',
      checkerDepth: modal(this.checkerDepths),
      cubeDepth: modal(this.cubeDepths),
    };
    const match: Match = {
      file: this.file,
      format,
      players: [
        normalizeName(hm.player1 || hm.sPlayer1 || '') || 'Player 1',
        normalizeName(hm.player2 || hm.sPlayer2 || '') || 'Player 2',
      ],
      matchLength,
      date: hm.date ? hm.date.slice(0, 10) : null,
      event: hm.event || hm.sEvent || null,
      round: hm.round || hm.sRound || null,
      place: hm.location || hm.sLocation || null,
      rules: { crawford: hm.crawford, jacoby: hm.jacoby, cube: true },
      analyser,
      games: withoutUnknownLuck(this.games),
    };
    return { match, warnings: this.warnings };
  }

  private onRecord(rec: XgFile['records'][number]): void {
    const cur = this.cur;
    if (rec.type === 'headerGame') this.startGame(rec);
    else if (rec.type === 'cube') {
      if (cur) this.addCube(rec, cur);
    } else if (rec.type === 'move') {
      // `Played` false: a roll that was never played (the game ended before it, or an .xgp position);
      // XG stores it with zeroed moves and no analysis of the play — not a decision
      if (cur && rec.played) this.addMove(rec, cur);
    } else if (rec.type === 'footerGame' && cur) {
      const resigned = rec.termination >= 100 && rec.termination < 1000;
      const winner = rec.winner === 1 || rec.winner === -1 ? seatOf(rec.winner) : null;
      this.endGame(winner, Math.max(0, rec.pointsWon), resigned);
    }
  }

  private startGame(rec: XgHeaderGame): void {
    if (this.cur) {
      this.warn(rec.offset, `game ${this.games.length + 1} has no footer`);
      this.endGame(null, 0, false);
    }
    this.cur = {
      game: new GameBuilder(this.games.length, this.matchLength, [rec.score1, rec.score2], rec.crawfordApply),
      autoDoubles: autoDoublesOf(rec, this.warn),
    };
  }

  private endGame(winner: Side | null, points: number, resigned: boolean): void {
    if (!this.cur) return;
    this.games.push(this.cur.game.finish(winner, points, resigned));
    this.cur = null;
  }

  /** The text of XG's comment `i` (−1: none). */
  private comment(i: number): string | undefined {
    const c = i >= 0 ? this.xg.comments[i] : undefined;
    return c ? rtfToText(c) || undefined : undefined;
  }

  /**
   * A cube record: the roller's double or no double, and after a double the opponent's take, pass or beaver,
   * each with XG's stored error when its equities agree with it.
   */
  private addCube(rec: XgCube, cur: GameBuild): void {
    if (rec.double !== 0 && rec.double !== 1) return; // −2: no cube decision this turn; −1: not played (.xgp)
    const roller = seatOf(rec.actif);
    const dd = rec.doubleD;
    const analysed = cubeAnalysed(rec, this.warn);
    const analysis: CubeAnalysis | null = analysed ? { nd: dd.equB, dt: dd.equDouble, dp: dd.equDrop } : null;
    if (analysed) {
      const name = xgLevelName(dd.level);
      if (name) tally(this.cubeDepths, name);
    }
    const game = cur.game;
    atCube(game, cubeOf(rec.cubeB, cur.autoDoubles));
    const source = sourceAt(this.file, rec.offset);
    game.cube(
      roller,
      rec.double === 1 ? 'double' : 'no-double',
      analysis,
      source,
      commentOf(this.comment(rec.commentCube)),
      { storedError: analysed ? Math.max(0, rec.errCube) : undefined },
    );
    if (rec.double !== 1) return;
    if (rec.take !== 0 && rec.take !== 1 && rec.take !== 2) return;
    const takeAnalysed = analysed && answerAnalysed(rec, this.warn);
    game.cube(
      roller === 0 ? 1 : 0,
      rec.take === 0 ? 'pass' : 'take',
      takeAnalysed ? analysis : null,
      source,
      undefined,
      {
        storedError: takeAnalysed ? Math.max(0, -rec.errTake) : undefined,
        beaver: rec.take === 2 ? true : undefined,
      },
    );
  }

  /** A move record: the roll and its play, with XG's candidates when its stored error agrees with them. */
  private addMove(rec: XgMove, cur: GameBuild): void {
    const player = seatOf(rec.actifP);
    const dm = rec.dataMoves;
    const note = this.comment(rec.commentMove);
    let analysed = rec.errMove !== NOT_ANALYSED;
    if (analysed && !isSaneValue(rec.errMove)) {
      this.warn(
        rec.offset,
        `move record ${rec.index}: stored error out of range (${unreadable(rec.errMove)}); read as not analysed`,
      );
      analysed = false;
    }
    const board = moveBoard(rec, player, this.file);
    let analysis = analysed ? moveCandidates(rec, board, player, this.warn) : notAnalysed();
    if (analysed && !playedErrorAgrees(rec, analysis, this.warn)) {
      analysed = false;
      analysis = notAnalysed();
    }
    atCube(cur.game, cubeOf(rec.cubeA, cur.autoDoubles));
    const d = cur.game.checker({
      player,
      dice: [rec.dice[0], rec.dice[1]],
      board,
      played: hopsOf(rec.moves),
      source: sourceAt(this.file, rec.offset),
      annotation: commentOf(note),
      candidates: analysis.candidates,
      playedIndex: analysis.playedIndex,
      legalCount: null,
      luck:
        rec.analyzeL >= 0 && isSaneValue(rec.errLuck) && rec.errLuck !== NOT_ANALYSED ? rec.errLuck : null,
      notADecision: analysed ? dm.irrelevant === 1 : undefined,
      storedError: analysed ? Math.max(0, -rec.errMove) : undefined,
    });
    const depth = d.playedIndex === null ? undefined : d.candidates[d.playedIndex]?.depth;
    if (depth) tally(this.checkerDepths, depth);
  }
}

/** Counts one more `k`. */
function tally(m: Map<string, number>, k: string): void {
  m.set(k, (m.get(k) ?? 0) + 1);
}

/** The most frequent key (the first of equals); null when none. */
function modal(m: Map<string, number>): string | null {
  return [...m].reduce<[string | null, number]>(
    (best, [k, n]) => (n > best[1] ? [k, n] : best),
    [null, 0],
  )[0];
}

/**
 * The games with every luck left out when none was computed: XG writes a luck of 0 both for "neutral" and
 * "not computed", so a match whose rolls are all exactly 0 has no luck (spec/metrics.md §6).
 */
function withoutUnknownLuck(games: Game[]): Game[] {
  const rolls = games.flatMap((g) => g.decisions.filter((d): d is CheckerDecision => d.kind === 'checker'));
  const noLuck = rolls.length > 0 && rolls.every((d) => d.luck === null || d.luck === 0);
  if (!noLuck) return games;
  return games.map((g) => ({
    ...g,
    decisions: g.decisions.map((d) => (d.kind === 'checker' && d.luck !== null ? { ...d, luck: null } : d)),
  }));
}

/**
 * Whether a cube record's double or no double is analysed: XG analysed it, its stored equities and error are
 * in range, and the error is the one the equities give (gnuBG's and XG's cube error: the best action's
 * equity minus the one taken). Otherwise it is read as not analysed, with a warning when damaged.
 */
function cubeAnalysed(rec: XgCube, warn: (offset: number, message: string) => void): boolean {
  const dd = rec.doubleD;
  if (rec.errCube === NOT_ANALYSED || rec.analyzeC < 0) return false;
  if (
    !(
      isSaneValue(rec.errCube) &&
      isSaneValue(dd.equB) &&
      isSaneValue(dd.equDouble) &&
      isSaneValue(dd.equDrop)
    )
  ) {
    warn(
      rec.offset,
      `cube record ${rec.index}: stored equities or error out of range (${unreadable(rec.errCube, dd.equB, dd.equDouble, dd.equDrop)}); read as not analysed`,
    );
    return false;
  }
  const reply = Math.min(dd.equDouble, dd.equDrop);
  const best = bestCubeEquity({ nd: dd.equB, dt: dd.equDouble, dp: dd.equDrop });
  const error = best - (rec.double === 1 ? reply : dd.equB);
  if (agrees(rec.errCube, error)) return true;
  warn(
    rec.offset,
    `cube record ${rec.index}: equities ND ${eq(dd.equB)}, D/T ${eq(dd.equDouble)}, D/P ${eq(dd.equDrop)} disagree with XG's stored error ${eq(rec.errCube)}; read as not analysed`,
  );
  return false;
}

/**
 * Whether the answer to an analysed double is analysed: XG's stored take error is in range and, for a take
 * or pass, the one the equities give (the taker's error, ≤ 0, equities from the doubler's view: a take costs
 * D/T − D/P when above, a pass the reverse; a beaver's has no reference).
 */
function answerAnalysed(rec: XgCube, warn: (offset: number, message: string) => void): boolean {
  if (rec.errTake === NOT_ANALYSED || !isSaneValue(rec.errTake)) return false;
  const dd = rec.doubleD;
  const takeError = -Math.max(0, rec.take === 1 ? dd.equDouble - dd.equDrop : dd.equDrop - dd.equDouble);
  if (rec.take === 2 || agrees(rec.errTake, takeError)) return true;
  warn(
    rec.offset,
    `cube record ${rec.index}: equities D/T ${eq(dd.equDouble)}, D/P ${eq(dd.equDrop)} disagree with XG's stored take error ${eq(rec.errTake)}; the ${rec.take === 1 ? 'take' : 'pass'} read as not analysed`,
  );
  return false;
}

/** The position before a move record's play; an impossible position, or dice outside 1-6, is an error. */
function moveBoard(rec: XgMove, player: Side, file: string): Board {
  const where = { file, offset: rec.offset, segment: 'temp.xg' };
  const board = boardOf(rec.positionI, 0, player, rec.actifP === -1);
  try {
    validateBoard(board);
  } catch (e) {
    throw new CorruptFileError(
      where,
      `move record ${rec.index}: impossible position: ${(e as Error).message}`,
      {
        cause: e,
      },
    );
  }
  const [d1, d2] = rec.dice;
  if (!(d1 >= 1 && d1 <= 6 && d2 >= 1 && d2 <= 6)) {
    throw new CorruptFileError(where, `move record ${rec.index}: dice ${d1}-${d2} are not 1-6`);
  }
  return board;
}

/** The candidates of a move, and the index of the played one among them. */
interface MoveAnalysis {
  readonly candidates: Candidate[];
  readonly playedIndex: number | null;
}

/** What a move XG did not analyse (or whose analysis is damaged) has: a list of its own, empty. */
function notAnalysed(): MoveAnalysis {
  return { candidates: [], playedIndex: null };
}

/**
 * XG's candidates of a move record, best first: those whose equity is out of range left out (with a
 * warning); the played one is the one whose resulting position is the record's end position.
 */
function moveCandidates(
  rec: XgMove,
  board: Board,
  player: Side,
  warn: (offset: number, message: string) => void,
): MoveAnalysis {
  const dm = rec.dataMoves;
  let legal: LegalPlay[] | null = null;
  let playedIndex: number | null = null;
  // the decoder exposes the nMoves candidates in use, clamped to 0..32; candidate j's values are read
  // from the flat fields at j × their width
  const n = xgCandidateCount(dm);
  // made at its size (grown by push from empty, the lists of up to 32 candidates were copied three times)
  const candidates = new Array<Candidate>(n);
  // what the candidates read when asked, copied out of the record: they do not keep the inflated temp.xg
  // (a megabyte or more a match) alive
  const fields: CandidateFields = { moves: numbersOf(dm.moves), eval: numbersOf(dm.eval) };
  let kept = 0;
  for (let j = 0; j < n; j++) {
    const depth = xgLevelName(xgCandidateLevel(dm, j));
    let play: Play | null = null;
    if (!isHopAt(dm.moves, XG_MOVE_BYTES * j)) {
      // XG sometimes leaves a candidate's move list zeroed while its resulting position is stored: the play
      // is the legal one that reaches that position
      legal ??= legalPlays(board, player, rec.dice[0], rec.dice[1]);
      const key = boardKey(boardOf(dm.posPlayed, XG_POSITION_BYTES * j, player));
      play = [...(legal.find((l) => l.key === key)?.play ?? [])];
    }
    const equity = dm.eval[XG_EVAL_SINGLES * j + 6]!;
    if (!isSaneValue(equity)) {
      warn(
        rec.offset,
        `move record ${rec.index}: candidate ${j + 1}'s equity out of range (${unreadable(equity)}); left out`,
      );
      continue;
    }
    candidates[kept++] = new XgCandidate(equity, depth ?? undefined, fields, j, play);
    // the index among the candidates kept (one left out before it moves it up)
    if (playedIndex === null && samePosition(dm.posPlayed, XG_POSITION_BYTES * j, rec.positionEnd, 0)) {
      playedIndex = kept - 1;
    }
  }
  candidates.length = kept;
  return { candidates, playedIndex };
}

/**
 * A move record's candidate moves and evaluations, copied from {@link XgMoveAnalysis}'s views as arrays of
 * numbers: in V8's heap, where a typed array's copy would be allocated outside it, one more block for the C
 * library's allocator to hold after it is freed (`bdb plan` over 200 .xg matches peaked 10 MB higher).
 */
interface CandidateFields {
  readonly moves: readonly number[];
  readonly eval: readonly number[];
}

/** The values of `view`, as an array made at its size. */
function numbersOf(view: Int8Array | Float32Array): number[] {
  const out = new Array<number>(view.length);
  for (let i = 0; i < view.length; i++) out[i] = view[i]!;
  return out;
}

/**
 * A candidate of an XG move record ({@link LazyCandidate}): its equity and depth read with the record, its
 * play and probabilities from the record's candidate fields (copied out of the inflated `temp.xg`, shared by
 * the move's candidates) the first time they are asked for. Made for every candidate (a play array, an
 * object of five boxed numbers), `bdb stats --json --jobs 0` over 200 .xg matches took 1/0.93 of the CPU.
 */
class XgCandidate extends LazyCandidate {
  /** The move's candidate fields, until both play and probabilities are read. */
  #dm: CandidateFields | null;
  /** The candidate's index among them. */
  readonly #j: number;

  /** `play`: the play when it is known already (a zeroed move list's, found among the legal plays). */
  constructor(equity: number, depth: string | undefined, dm: CandidateFields, j: number, play: Play | null) {
    super(equity, depth, play, null);
    this.#dm = dm;
    this.#j = j;
  }

  protected readPlay(): Play {
    return hopsOf(this.#dm!.moves, XG_MOVE_BYTES * this.#j);
  }

  protected readProbs(): Probabilities | undefined {
    return xgProbabilities(this.#dm!.eval, XG_EVAL_SINGLES * this.#j);
  }

  /** Lets go of the move's fields. */
  protected release(): void {
    this.#dm = null;
  }
}

/** Whether XG's stored error of the move is the played candidate's equity minus the best's (a warning if not). */
function playedErrorAgrees(
  rec: XgMove,
  { candidates, playedIndex }: MoveAnalysis,
  warn: (offset: number, message: string) => void,
): boolean {
  if (playedIndex === null) return true;
  const error = candidates[playedIndex]!.equity - candidates[0]!.equity;
  if (agrees(rec.errMove, error)) return true;
  warn(
    rec.offset,
    `move record ${rec.index}: equities of the played and best candidates (${eq(candidates[playedIndex]!.equity)}, ${eq(candidates[0]!.equity)}) disagree with XG's stored error ${eq(rec.errMove)}; read as not analysed`,
  );
  return false;
}

/** The first stored value that is not {@link isSaneValue}, as a short text. */
function unreadable(...xs: number[]): string {
  const x = xs.find((v) => !isSaneValue(v) && v !== NOT_ANALYSED) ?? Number.NaN;
  return Number.isFinite(x) ? x.toPrecision(4) : String(x);
}

/** The annotation of a decision with XG's comment `text`, if any. */
function commentOf(text: string | undefined): Annotation | undefined {
  return text ? { comment: text } : undefined;
}

/** The source of a record of temp.xg at `offset`. */
function sourceAt(file: string, offset: number): SourceLocation {
  return { file, format: 'xg', offset, segment: 'temp.xg' };
}

/** Sets the builder's cube to a record's: XG stores the cube whole in every record. */
function atCube(game: GameBuilder, cube: ReturnType<typeof cubeOf>): void {
  game.cubeValue = cube.value;
  game.cubeOwner = cube.owner;
}

/**
 * A candidate's cubeless probabilities from XG's 7-float evaluation (`TResult`, formats.md §1.4):
 * [0] P(lose backgammon), [1] P(lose gammon, incl. bg), [2] P(lose), [3] P(win), [4] P(win gammon, incl.
 * bg), [5] P(win backgammon), [6] equity — gnuBG's order mirrored. Checked on xgdatatools' decoding of the
 * reference files (/work/shared/reference-matches/xg/*.records.jsonl, 10,428 candidates):
 * - [2] + [3] = 1 on every candidate (the win/lose pair), and [0] ≤ [1] ≤ [2], [5] ≤ [4] ≤ [3] on all but 4
 *   (4-ply candidates of match_with_comment.xg where [4] exceeds [3] by < 0.03; kept as stored);
 * - the cubeless equity ([3] − [2]) + ([4] − [1]) + ([5] − [0]) correlates +0.96 with the stored equity [6]
 *   (−0.96 with the sides swapped); e.g. test.xg's first move (51, best 24/23 13/8) stores
 *   [0.0058, 0.1329, 0.5001, 0.4999, 0.1389, 0.0065, 0.0066]: +0.0065 cubeless against +0.0066 stored; its
 *   worst candidate 8/7 8/3 ([6] −0.394) has [3] = 0.4126 < [2] = 0.5874, and the 43 reply 24/20 23/20
 *   ([6] +0.169) has [3] = 0.5374, [4] = 0.1128 > [1] = 0.0665.
 * Read at `at` in `ev` (a candidate's 7 singles inside DataMoves.Eval). Undefined when a value is not a fraction.
 */
function xgProbabilities(ev: ArrayLike<number>, at: number): Probabilities | undefined {
  const lbg = ev[at]!;
  const lg = ev[at + 1]!;
  const w = ev[at + 3]!;
  const wg = ev[at + 4]!;
  const wbg = ev[at + 5]!;
  if (
    !(
      w >= 0 &&
      w <= 1 &&
      wg >= 0 &&
      wg <= 1 &&
      wbg >= 0 &&
      wbg <= 1 &&
      lg >= 0 &&
      lg <= 1 &&
      lbg >= 0 &&
      lbg <= 1
    )
  ) {
    return undefined;
  }
  return { win: w, winGammon: wg, winBackgammon: wbg, loseGammon: lg, loseBackgammon: lbg };
}
