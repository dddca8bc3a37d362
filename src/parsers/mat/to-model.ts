/**
 * .mat transcripts → the decision model (spec/formats.md §3.3). A transcript has no analysis: every checker
 * decision has no candidates (playedIndex, luck and legalCount null) and every cube decision no analysis, so
 * each of bdb's figures is n/a; what it gives is the match itself — players, games, scores, dice, plays and
 * cube actions — with the board tracked roll by roll.
 *
 * Reading rules (gnuBG's import of .mat files, import.c, where it decides; checked against its SGF of the
 * same matches):
 * - Seat 0 is the left column, seat 1 the right one (the header's `Player 1` / `Player 2` are not used: XG's
 *   own export lists them in the opposite order to the columns).
 * - The score of each game is the one on its players' line; a game starting at or after the match length is
 *   ignored (a warning).
 * - The Crawford game is the first game where exactly one player needs one point, when the Crawford rule is
 *   on: `; [Crawford "Off"]` turns it off, its absence means on (gnuBG assumes the rule for every match).
 * - A roll with no move (empty, `Cannot Move`, XG's `???`): no legal play → an empty play; one legal play →
 *   that play (with a warning); several → no decision (the player resigned after rolling, as XG writes it).
 * - `Beavers => N` is a take given as a beaver; the take that closes a chain of beavers is not written
 *   (the next roll implies it) and is added, as gnuBG does.
 * - `Wins N point(s)` while the game is still on is a resignation: a single, gammon or backgammon at the cube's
 *   value, the smallest giving N points (gnuBG's reading). A game ended on the board (last checker off, a
 *   pass) counts what the board and cube give. The sites write the points the match counts — no more than the
 *   winner needed, on the last game sometimes the match length — which is not warned about; Backgammon
 *   Galaxy's "Wins N point and the match" with more than any resignation of the game gives is the
 *   resignation of the whole match (the winner gets what they needed; a warning).
 * - Backgammon Galaxy's `Losses N point` lines are skipped: their column is not reliable.
 */
import { type Board, checkersOff, initialBoard, type Play, type Side } from '../../core/board.js';
import { readDate } from '../../core/dates.js';
import { legalPlays } from '../../core/moves.js';
import { CorruptFileError, shown } from '../../errors.js';
import { FormatId, type Game, type Match, type SourceLocation } from '../../model/types.js';
import { GameBuilder } from '../game-builder.js';
import { normalizeName } from '../text-decode.js';
import type { ParseWarning } from '../types.js';
import type { MatEntry, MatFile, MatGame, WrittenHop } from './lexer.js';
import { resolvePlay } from './moves.js';

/** The format id of .mat transcripts. */
export const MAT_FORMAT = FormatId.Mat;

function other(s: Side): Side {
  return s === 0 ? 1 : 0;
}

/** A written move for a message: `13/8 24/23`. */
function moveText(hops: readonly WrittenHop[]): string {
  return hops.map((h) => `${h.from === 25 ? 'bar' : h.from}/${h.to === 0 ? 'off' : h.to}`).join(' ');
}

/** Points a game ended by bearing off is worth: the cube × 1, 2 (gammon) or 3 (backgammon). */
function bearOffPoints(board: Board, winner: Side, cube: number): number {
  const loser = other(winner);
  if (checkersOff(board, loser) > 0) return cube;
  const l = board[loser];
  // a backgammon: a checker on the bar or in the winner's home board (the loser's points 19..24)
  for (let i = 18; i < 25; i++) if (l[i]! > 0) return 3 * cube;
  return 2 * cube;
}

/** Options for the conversion. */
export interface MatToModelOptions {
  readonly file: string;
}

/** Builds the match from a lexed transcript. Throws CorruptFileError when a move cannot be played. */
export function matToModel(
  mat: MatFile,
  opts: MatToModelOptions,
): { match: Match; warnings: ParseWarning[] } {
  const { file } = opts;
  const warnings: ParseWarning[] = mat.notes.map((n) => ({ line: n.line, message: n.message }));
  const warn: Warn = (line, message) => {
    warnings.push({ line, message });
  };
  const h = mat.headers;
  const N = mat.matchLength;
  const date = readDate(h.get('EventDate'), file);
  if (date.problem !== null) warnings.push({ message: date.problem });
  const rules = rulesOf(h, N);
  const first = mat.games[0];
  if (!first) {
    throw new CorruptFileError(
      { file, line: mat.matchLine, column: 1 },
      'no game after the match line (expected " Game 1")',
    );
  }
  const players: [string, string] = [nameOf(first, 0, warn), nameOf(first, 1, warn)];
  const event = h.get('Event');
  const round = h.get('Round');
  const site = h.get('Site');
  return {
    match: {
      file,
      format: MAT_FORMAT,
      players,
      matchLength: N,
      date: date.day,
      event: event ? normalizeName(event) || null : null,
      round: round ? normalizeName(round) || null : null,
      place: site ? normalizeName(site) || null : null,
      rules,
      analyser: null,
      games: readGames(mat, file, rules.crawford, warn),
    },
    warnings,
  };
}

/** Reports a problem at a line of the transcript. */
type Warn = (line: number, message: string) => void;

/**
 * The rules from the header: the Crawford rule at match play unless `; [Crawford "Off"]` (gnuBG assumes it
 * for every match), Jacoby at money play when `"On"`, the cube unless `CubeLimit` is 1.
 */
function rulesOf(
  h: ReadonlyMap<string, string>,
  matchLength: number,
): { crawford: boolean; jacoby: boolean; cube: boolean } {
  const crawfordHeader = h.get('Crawford');
  return {
    crawford: matchLength > 0 && (crawfordHeader === undefined || !/^off$/i.test(crawfordHeader.trim())),
    jacoby: matchLength === 0 && /^on$/i.test(h.get('Jacoby')?.trim() ?? ''),
    cube: h.get('CubeLimit')?.trim() !== '1',
  };
}

/** The name of a column in the first game; "Player 1" or "Player 2" (with a warning) when there is none. */
function nameOf(first: MatGame, seat: Side, warn: Warn): string {
  const n = normalizeName(first.names[seat]);
  if (n !== '') return n;
  warn(
    first.scoreLine,
    `no name in the ${seat === 0 ? 'left' : 'right'} column; called "Player ${seat + 1}"`,
  );
  return `Player ${seat + 1}`;
}

/**
 * The games of the match, up to the first that starts at or after the match length; the Crawford game is
 * the first where exactly one player needs one point. Warns where the names or the score a game starts at
 * differ from what the games before give.
 */
function readGames(mat: MatFile, file: string, crawfordRule: boolean, warn: Warn): Game[] {
  const N = mat.matchLength;
  const firstNames = mat.games[0]!.names.map((n) => normalizeName(n));
  const games: Game[] = [];
  let postCrawford = false;
  /** Score expected at the start of the next game, from the results so far. */
  let expected: [number, number] | null = null;
  for (let gi = 0; gi < mat.games.length; gi++) {
    const mg = mat.games[gi]!;
    const score: readonly [number, number] = mg.score;
    if (N > 0 && (score[0] >= N || score[1] >= N)) {
      warn(
        mg.line,
        `game ${mg.number} starts at ${score[0]}-${score[1]}, after the end of the match; ignored`,
      );
      break;
    }
    if (gi > 0) checkNames(mg, firstNames, warn);
    if (expected && (expected[0] !== score[0] || expected[1] !== score[1])) {
      warn(
        mg.scoreLine,
        `game ${mg.number} starts at ${score[0]}-${score[1]}, but the results before give ${expected[0]}-${expected[1]}`,
      );
    }
    const crawfordGame = crawfordRule && !postCrawford && (score[0] === N - 1) !== (score[1] === N - 1);
    if (crawfordGame) postCrawford = true;
    const game = new GameReader(mg, gi, {
      file,
      matchLength: N,
      score,
      crawfordGame,
      next: mat.games[gi + 1],
      warn,
    }).read();
    games.push(game);
    expected = [score[0], score[1]];
    if (game.winner !== null) expected[game.winner] += game.points;
    else expected = null;
  }
  return games;
}

/** Warns when a game's players are not the first game's (whose names are kept). */
function checkNames(mg: MatGame, firstNames: readonly string[], warn: Warn): void {
  const a = normalizeName(mg.names[0]);
  const b = normalizeName(mg.names[1]);
  if (a !== firstNames[0] || b !== firstNames[1]) {
    warn(
      mg.scoreLine,
      `the players' names change in game ${mg.number} ("${shown(a, 30)}", "${shown(b, 30)}"); the first game's are kept`,
    );
  }
}

interface GameOptions {
  readonly file: string;
  readonly matchLength: number;
  readonly score: readonly [number, number];
  readonly crawfordGame: boolean;
  /** The next game, whose score tells the result of a game that has no end. */
  readonly next: MatGame | undefined;
  readonly warn: Warn;
}

/** How a game ended on the board: the last checker borne off, or a pass. */
interface BoardEnd {
  readonly winner: Side;
  readonly points: number;
  readonly how: 'bear-off' | 'pass';
  readonly line: number;
}

type WinsEntry = Extract<MatEntry, { kind: 'wins' }>;
type RollEntry = Extract<MatEntry, { kind: 'roll' }>;

/** Plays one game's actions on the board and builds its decisions. */
class GameReader {
  private readonly mg: MatGame;
  private readonly o: GameOptions;
  private readonly warn: Warn;
  private board: Board = initialBoard();
  private readonly game: GameBuilder;
  /** The line of the open double (for the warning when it is never answered). */
  private doubleLine = 0;
  private ended: BoardEnd | null = null;
  private wins: WinsEntry | null = null;
  /** A roll with no move written although several plays were legal (a resignation should follow). */
  private unplayed: { seat: Side; line: number; dice: string } | null = null;
  private lastRoller: Side | null = null;

  constructor(mg: MatGame, gi: number, o: GameOptions) {
    this.mg = mg;
    this.o = o;
    this.warn = o.warn;
    this.game = new GameBuilder(gi, o.matchLength, o.score, o.crawfordGame);
  }

  read(): Game {
    for (const e of this.mg.entries) this.onEntry(e);
    if (this.unplayed) {
      // no resignation by the roller's opponent followed
      const u = this.unplayed;
      this.warn(u.line, `roll ${u.dice} has no move although several plays were legal; read as not played`);
    }
    const ended = this.ended;
    const r: GameResult = this.wins
      ? this.resultOfWins(this.wins)
      : ended
        ? { winner: ended.winner, points: ended.points, resigned: false }
        : this.resultWithoutEnd();
    return this.game.finish(r.winner, r.points, r.resigned);
  }

  private loc(e: MatEntry): SourceLocation {
    return { file: this.o.file, format: MAT_FORMAT, line: e.line, column: e.column };
  }

  private failAt(e: MatEntry): (message: string) => Error {
    return (message) => new CorruptFileError({ file: this.o.file, line: e.line, column: e.column }, message);
  }

  /** One action: after "Wins" or the end of the game on the board, only ignored (with a warning). */
  private onEntry(e: MatEntry): void {
    if (this.wins) {
      this.warn(e.line, `an action after "Wins" in game ${this.mg.number}; ignored`);
      return;
    }
    if (e.kind === 'wins') {
      if (!this.ended) this.closeBeavers(e);
      this.wins = e;
      if (this.unplayed && this.unplayed.seat !== e.seat) this.unplayed = null; // resigned after rolling
      return;
    }
    if (e.kind === 'losses') return; // Backgammon Galaxy's extra line, in no reliable column
    if (this.ended) {
      if (!(e.kind === 'roll' && (e.move.kind === 'unknown' || e.move.kind === 'none'))) {
        this.warn(e.line, `an action after the end of game ${this.mg.number}; ignored`);
      }
      return;
    }
    if (e.kind === 'roll') this.onRoll(e);
    else if (e.kind === 'double') this.onDouble(e, e.value);
    else if (e.kind === 'beaver') this.onBeaver(e, e.value);
    else this.onAnswer(e, e.kind === 'take');
  }

  /** A roll: the open double taken (with any beavers), then the play, written or not. */
  private onRoll(e: RollEntry): void {
    const game = this.game;
    if (game.open) {
      if (game.open.beavers > 0) this.closeBeavers(e);
      else {
        this.warn(this.doubleLine, 'a double with no answer ("Takes" or "Drops"); read as taken');
        game.settleAsTaken(this.failAt(e));
      }
    }
    this.noteUnplayed();
    if (this.lastRoller === e.seat) {
      this.warn(e.line, `the ${e.seat === 0 ? 'left' : 'right'} column rolls twice in a row`);
    }
    this.lastRoller = e.seat;
    if (e.move.kind === 'hops') this.playWritten(e, e.move.hops);
    else this.playUnwritten(e);
    if (checkersOff(this.board, e.seat) === 15) {
      this.ended = {
        winner: e.seat,
        points: bearOffPoints(this.board, e.seat, game.cubeValue),
        how: 'bear-off',
        line: e.line,
      };
    }
  }

  /** A play as written; one that cannot be played is an error, one that is not legal a warning. */
  private playWritten(e: RollEntry, hops: readonly WrittenHop[]): void {
    const [d1, d2] = e.dice;
    let r: ReturnType<typeof resolvePlay>;
    try {
      r = resolvePlay(this.board, e.seat, d1, d2, hops);
    } catch (err) {
      throw new CorruptFileError(
        { file: this.o.file, line: e.line, column: e.column },
        `move ${d1}${d2}: ${moveText(hops)} cannot be played: ${(err as Error).message}`,
        { cause: err },
      );
    }
    if (!r.legal) this.warn(e.line, `move ${d1}${d2}: ${moveText(hops)} is not a legal play of ${d1}${d2}`);
    this.checker(e, r.played);
    this.board = r.after;
  }

  /**
   * A roll with no move written: no legal play gives an empty play, one legal play that play (with a
   * warning); with several the roll is not played (a resignation should follow).
   */
  private playUnwritten(e: RollEntry): void {
    const [d1, d2] = e.dice;
    const diceText = `${d1}${d2}`;
    const legal = legalPlays(this.board, e.seat, d1, d2);
    if (legal.length === 0) {
      this.checker(e, []);
    } else if (legal.length === 1) {
      const only = legal[0]!;
      this.warn(
        e.line,
        `no move written for ${diceText}${e.move.kind === 'cannot' ? ' ("Cannot Move")' : ''}; the only legal play ${moveText(only.play)} is played`,
      );
      this.checker(e, only.play);
      this.board = only.result;
    } else {
      if (e.move.kind === 'cannot') {
        this.warn(e.line, `"Cannot Move" with ${diceText}, but ${legal.length} plays are legal`);
      }
      this.unplayed = { seat: e.seat, line: e.line, dice: diceText };
    }
  }

  /** A checker decision with no analysis (a transcript has none). */
  private checker(e: RollEntry, played: Play): void {
    this.game.checker({
      player: e.seat,
      dice: e.dice,
      board: this.board,
      played,
      source: this.loc(e),
      candidates: [],
      playedIndex: null,
      legalCount: null,
      luck: null,
    });
  }

  /** A double; one while another is open is a beaver written as a double (gnuBG's own records do so). */
  private onDouble(e: MatEntry, value: number | null): void {
    this.noteUnplayed();
    const game = this.game;
    const open = game.open;
    if (open) {
      if (e.seat !== open.lastBy) game.beaver(e.seat, this.loc(e), undefined, this.failAt(e));
      else this.warn(e.line, 'a second double before the answer to the first; ignored');
      return;
    }
    if (game.cubeOwner === other(e.seat))
      this.warn(e.line, 'a double by the player who does not own the cube');
    if (this.o.crawfordGame) this.warn(e.line, 'a double in the Crawford game');
    this.checkValue(e, value, 'Doubles', 2);
    game.checkGrowth(this.failAt(e));
    game.double(e.seat, null, this.loc(e));
    this.doubleLine = e.line;
  }

  private onBeaver(e: MatEntry, value: number | null): void {
    const game = this.game;
    if (!game.open || e.seat === game.open.lastBy) {
      this.warn(e.line, '"Beavers" with no double to answer; ignored');
      return;
    }
    this.checkValue(e, value, 'Beavers', 4);
    game.beaver(e.seat, this.loc(e), undefined, this.failAt(e));
  }

  /** A take or a pass; a pass ends the game. */
  private onAnswer(e: MatEntry, take: boolean): void {
    const game = this.game;
    if (!game.open || e.seat === game.open.lastBy) {
      this.warn(e.line, `"${take ? 'Takes' : 'Drops'}" with no double to answer; ignored`);
      return;
    }
    const closed = game.answer(e.seat, take, null, this.loc(e), undefined, this.failAt(e))!;
    if (!take) this.ended = { winner: closed.lastBy, points: game.cubeValue, how: 'pass', line: e.line };
  }

  /** Checks the cube value a double or beaver writes (`times`: 2 for a double, 4 for a beaver: the value of
   *  the double it answers, doubled again; `cubeValue` is still the value before the open double). */
  private checkValue(e: MatEntry, value: number | null, word: string, times: number): void {
    const cube = this.game.cubeValue;
    if (value !== null && value !== cube * times) {
      this.warn(e.line, `"${word} => ${value}", but the cube goes to ${cube * times}`);
    }
  }

  private noteUnplayed(): void {
    const u = this.unplayed;
    if (!u) return;
    this.warn(
      u.line,
      `roll ${u.dice} has no move although several plays were legal, and the game goes on; read as not played`,
    );
    this.unplayed = null;
  }

  /** The take that closes a chain of beavers is implicit: the next action of the game implies it. */
  private closeBeavers(e: MatEntry): void {
    const open = this.game.open;
    if (!open || open.beavers === 0) return;
    this.game.answer(other(open.lastBy), true, null, this.loc(e), undefined, this.failAt(e));
  }

  /**
   * The result with a "Wins" line. The sites write the points the match counts (no more than the winner
   * needed) and, on the match's last game, sometimes the match length or the points needed instead.
   */
  private resultOfWins(w: WinsEntry): GameResult {
    const { matchLength, score } = this.o;
    const need = matchLength > 0 ? matchLength - score[w.seat] : Number.POSITIVE_INFINITY;
    const agrees = (full: number): boolean =>
      w.points === full ||
      w.points === Math.min(full, need) ||
      (w.match && matchLength > 0 && (w.points === matchLength || w.points === need));
    const said = `"Wins ${w.points} point${w.points === 1 ? '' : 's'}"`;
    const ended = this.ended;
    if (!ended) return this.resignation(w, need, agrees, said);
    if (w.seat !== ended.winner) {
      this.warn(
        w.line,
        `${said} in the ${w.seat === 0 ? 'left' : 'right'} column, but the other player won the game`,
      );
    } else if (!agrees(ended.points)) {
      this.warn(
        w.line,
        `${said}, but the game ended ${ended.how === 'pass' ? 'by a pass' : 'by bearing off'} for ${ended.points}; ${ended.points} kept`,
      );
    }
    return { winner: ended.winner, points: ended.points, resigned: false };
  }

  /**
   * "Wins" while the game is still on: a resignation, a single, gammon or backgammon at the cube's value, the
   * smallest that gives the points written (gnuBG's reading); more than any gives, "and the match", is the
   * resignation of the whole match.
   */
  private resignation(
    w: WinsEntry,
    need: number,
    agrees: (full: number) => boolean,
    said: string,
  ): GameResult {
    const cube = this.game.cubeValue;
    const k = w.points <= cube ? 1 : w.points <= 2 * cube ? 2 : 3;
    let points = k * cube;
    if (w.match && points < need && w.points >= need) {
      this.warn(
        w.line,
        `${said} and the match: more than a resignation at cube ${cube} gives; read as the resignation of the match (${need} point${need === 1 ? '' : 's'})`,
      );
      points = need;
    } else if (!agrees(points)) {
      this.warn(
        w.line,
        `${said} by resignation is not 1, 2 or 3 times the cube (${cube}); read as ${points}`,
      );
    }
    return { winner: w.seat, points, resigned: true };
  }

  /** A game with no end: a resignation when the next game's score tells its result, else unfinished. */
  private resultWithoutEnd(): GameResult {
    const mg = this.mg;
    const fromNext = resultFromNext(this.o.score, this.o.next);
    if (fromNext) {
      const points = fromNext.points;
      this.warn(
        mg.line,
        `game ${mg.number} has no end; read as a resignation for ${points} point${points === 1 ? '' : 's'} (the next game's score)`,
      );
      return { winner: fromNext.winner, points, resigned: true };
    }
    if (this.o.next) {
      this.warn(mg.line, `game ${mg.number} has no end, and the next game's score does not tell its result`);
    } else {
      this.warn(mg.line, `game ${mg.number} has no end (unfinished)`);
    }
    return { winner: null, points: 0, resigned: false };
  }
}

/** A game's result. */
interface GameResult {
  readonly winner: Side | null;
  readonly points: number;
  readonly resigned: boolean;
}

/** The result of a game read from the next game's score: one player gained, the other did not. */
function resultFromNext(
  score: readonly [number, number],
  next: MatGame | undefined,
): { winner: Side; points: number } | null {
  if (!next) return null;
  const d0 = next.score[0] - score[0];
  const d1 = next.score[1] - score[1];
  if (d0 > 0 && d1 === 0) return { winner: 0, points: d0 };
  if (d1 > 0 && d0 === 0) return { winner: 1, points: d1 };
  return null;
}
