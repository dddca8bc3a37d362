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
import { legalPlays } from '../../core/moves.js';
import { CorruptFileError, shown } from '../../errors.js';
import { FormatId, type Game, type Match, type SourceLocation } from '../../model/types.js';
import { readDate } from '../dates.js';
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
  const warn = (line: number, message: string): void => {
    warnings.push({ line, message });
  };
  const h = mat.headers;
  const N = mat.matchLength;
  const date = readDate(h.get('EventDate'), file);
  if (date.problem !== null) warnings.push({ message: date.problem });
  const crawfordHeader = h.get('Crawford');
  const crawfordRule = N > 0 && (crawfordHeader === undefined || !/^off$/i.test(crawfordHeader.trim()));
  const jacoby = N === 0 && /^on$/i.test(h.get('Jacoby')?.trim() ?? '');
  const cubeUse = h.get('CubeLimit')?.trim() !== '1';

  const first = mat.games[0];
  if (!first) {
    throw new CorruptFileError(
      { file, line: mat.matchLine, column: 1 },
      'no game after the match line (expected " Game 1")',
    );
  }
  const nameOf = (raw: string, seat: Side): string => {
    const n = normalizeName(raw);
    if (n !== '') return n;
    warn(
      first.scoreLine,
      `no name in the ${seat === 0 ? 'left' : 'right'} column; called "Player ${seat + 1}"`,
    );
    return `Player ${seat + 1}`;
  };
  const players: [string, string] = [nameOf(first.names[0], 0), nameOf(first.names[1], 1)];

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
    if (gi > 0) {
      const a = normalizeName(mg.names[0]);
      const b = normalizeName(mg.names[1]);
      if (a !== normalizeName(first.names[0]) || b !== normalizeName(first.names[1])) {
        warn(
          mg.scoreLine,
          `the players' names change in game ${mg.number} ("${shown(a, 30)}", "${shown(b, 30)}"); the first game's are kept`,
        );
      }
    }
    if (expected && (expected[0] !== score[0] || expected[1] !== score[1])) {
      warn(
        mg.scoreLine,
        `game ${mg.number} starts at ${score[0]}-${score[1]}, but the results before give ${expected[0]}-${expected[1]}`,
      );
    }
    const crawfordGame = crawfordRule && !postCrawford && (score[0] === N - 1) !== (score[1] === N - 1);
    if (crawfordGame) postCrawford = true;
    const game = readGame(mg, gi, {
      file,
      matchLength: N,
      score,
      crawfordGame,
      next: mat.games[gi + 1],
      warn,
    });
    games.push(game);
    expected = [score[0], score[1]];
    if (game.winner !== null) expected[game.winner] += game.points;
    else expected = null;
  }

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
      rules: { crawford: crawfordRule, jacoby, cube: cubeUse },
      analyser: null,
      games,
    },
    warnings,
  };
}

interface GameOptions {
  readonly file: string;
  readonly matchLength: number;
  readonly score: readonly [number, number];
  readonly crawfordGame: boolean;
  /** The next game, whose score tells the result of a game that has no end. */
  readonly next: MatGame | undefined;
  readonly warn: (line: number, message: string) => void;
}

/** Plays one game's actions on the board and builds its decisions. */
function readGame(mg: MatGame, gi: number, o: GameOptions): Game {
  const { file, matchLength, score, crawfordGame, warn } = o;
  let board: Board = initialBoard();
  const game = new GameBuilder(gi, matchLength, score, crawfordGame);
  /** The line of the open double (for the warning when it is never answered). */
  let doubleLine = 0;
  /** How the game ended on the board: the last checker borne off, or a pass. */
  let ended: { winner: Side; points: number; how: 'bear-off' | 'pass'; line: number } | null = null;
  let wins: Extract<MatEntry, { kind: 'wins' }> | null = null;
  /** A roll with no move written although several plays were legal (a resignation should follow). */
  let unplayed: { seat: Side; line: number; dice: string } | null = null;
  let lastRoller: Side | null = null;

  const loc = (e: MatEntry): SourceLocation => ({ file, format: MAT_FORMAT, line: e.line, column: e.column });
  const checker = (e: MatEntry, dice: readonly [number, number], played: Play): void => {
    game.checker({
      player: e.seat,
      dice,
      board,
      played,
      source: loc(e),
      candidates: [],
      playedIndex: null,
      legalCount: null,
      luck: null,
    });
  };
  const failAt =
    (e: MatEntry) =>
    (message: string): Error =>
      new CorruptFileError({ file, line: e.line, column: e.column }, message);
  /** Checks the cube value a double or beaver writes (`times`: 2 for a double, 4 for a beaver: the value of
   *  the double it answers, doubled again; `cubeValue` is still the value before the open double). */
  const checkValue = (e: MatEntry, value: number | null, word: string, times: number): void => {
    if (value !== null && value !== game.cubeValue * times) {
      warn(e.line, `"${word} => ${value}", but the cube goes to ${game.cubeValue * times}`);
    }
  };
  const noteUnplayed = (): void => {
    if (unplayed) {
      warn(
        unplayed.line,
        `roll ${unplayed.dice} has no move although several plays were legal, and the game goes on; read as not played`,
      );
      unplayed = null;
    }
  };
  /** The take that closes a chain of beavers is implicit: the next action of the game implies it. */
  const closeBeavers = (e: MatEntry): void => {
    const open = game.open;
    if (!open || open.beavers === 0) return;
    game.answer(other(open.lastBy), true, null, loc(e), undefined, failAt(e));
  };

  for (const e of mg.entries) {
    if (wins) {
      warn(e.line, `an action after "Wins" in game ${mg.number}; ignored`);
      continue;
    }
    if (e.kind === 'wins') {
      if (!ended) closeBeavers(e);
      wins = e;
      if (unplayed && unplayed.seat !== e.seat) unplayed = null; // resigned after rolling
      continue;
    }
    if (e.kind === 'losses') continue; // Backgammon Galaxy's extra line, in no reliable column
    if (ended) {
      if (!(e.kind === 'roll' && (e.move.kind === 'unknown' || e.move.kind === 'none'))) {
        warn(e.line, `an action after the end of game ${mg.number}; ignored`);
      }
      continue;
    }
    switch (e.kind) {
      case 'roll': {
        if (game.open) {
          if (game.open.beavers > 0) closeBeavers(e);
          else {
            warn(doubleLine, 'a double with no answer ("Takes" or "Drops"); read as taken');
            game.settleAsTaken(failAt(e));
          }
        }
        noteUnplayed();
        if (lastRoller === e.seat) {
          warn(e.line, `the ${e.seat === 0 ? 'left' : 'right'} column rolls twice in a row`);
        }
        lastRoller = e.seat;
        const [d1, d2] = e.dice;
        const diceText = `${d1}${d2}`;
        if (e.move.kind === 'hops') {
          let r: ReturnType<typeof resolvePlay>;
          try {
            r = resolvePlay(board, e.seat, d1, d2, e.move.hops);
          } catch (err) {
            throw new CorruptFileError(
              { file, line: e.line, column: e.column },
              `move ${diceText}: ${moveText(e.move.hops)} cannot be played: ${(err as Error).message}`,
              { cause: err },
            );
          }
          if (!r.legal)
            warn(e.line, `move ${diceText}: ${moveText(e.move.hops)} is not a legal play of ${diceText}`);
          checker(e, e.dice, r.played);
          board = r.after;
        } else {
          const legal = legalPlays(board, e.seat, d1, d2);
          if (legal.length === 0) {
            checker(e, e.dice, []);
          } else if (legal.length === 1) {
            const only = legal[0]!;
            warn(
              e.line,
              `no move written for ${diceText}${e.move.kind === 'cannot' ? ' ("Cannot Move")' : ''}; the only legal play ${moveText(only.play)} is played`,
            );
            checker(e, e.dice, only.play);
            board = only.result;
          } else {
            if (e.move.kind === 'cannot') {
              warn(e.line, `"Cannot Move" with ${diceText}, but ${legal.length} plays are legal`);
            }
            unplayed = { seat: e.seat, line: e.line, dice: diceText };
          }
        }
        if (checkersOff(board, e.seat) === 15) {
          ended = {
            winner: e.seat,
            points: bearOffPoints(board, e.seat, game.cubeValue),
            how: 'bear-off',
            line: e.line,
          };
        }
        break;
      }
      case 'double': {
        noteUnplayed();
        const open = game.open;
        if (open) {
          // a beaver written as a double (gnuBG's own records do so)
          if (e.seat !== open.lastBy) game.beaver(e.seat, loc(e), undefined, failAt(e));
          else warn(e.line, 'a second double before the answer to the first; ignored');
          break;
        }
        if (game.cubeOwner === other(e.seat))
          warn(e.line, 'a double by the player who does not own the cube');
        if (crawfordGame) warn(e.line, 'a double in the Crawford game');
        checkValue(e, e.value, 'Doubles', 2);
        game.checkGrowth(failAt(e));
        game.double(e.seat, null, loc(e));
        doubleLine = e.line;
        break;
      }
      case 'beaver': {
        if (!game.open || e.seat === game.open.lastBy) {
          warn(e.line, '"Beavers" with no double to answer; ignored');
          break;
        }
        checkValue(e, e.value, 'Beavers', 4);
        game.beaver(e.seat, loc(e), undefined, failAt(e));
        break;
      }
      case 'take':
      case 'drop': {
        const take = e.kind === 'take';
        if (!game.open || e.seat === game.open.lastBy) {
          warn(e.line, `"${take ? 'Takes' : 'Drops'}" with no double to answer; ignored`);
          break;
        }
        const closed = game.answer(e.seat, take, null, loc(e), undefined, failAt(e))!;
        if (!take) ended = { winner: closed.lastBy, points: game.cubeValue, how: 'pass', line: e.line };
        break;
      }
    }
  }

  // the result
  let winner: Side | null = null;
  let points = 0;
  let resigned = false;
  if (unplayed) {
    // no resignation by the roller's opponent followed
    const u: { seat: Side; line: number; dice: string } = unplayed;
    warn(u.line, `roll ${u.dice} has no move although several plays were legal; read as not played`);
  }
  if (wins) {
    const w = wins;
    const said = `"Wins ${w.points} point${w.points === 1 ? '' : 's'}"`;
    // the sites write the points the match counts (no more than the winner needed) and, on the match's last
    // game, sometimes the match length or the points needed instead
    const need = matchLength > 0 ? matchLength - score[w.seat] : Number.POSITIVE_INFINITY;
    const agrees = (full: number): boolean =>
      w.points === full ||
      w.points === Math.min(full, need) ||
      (w.match && matchLength > 0 && (w.points === matchLength || w.points === need));
    if (ended) {
      winner = ended.winner;
      points = ended.points;
      if (w.seat !== ended.winner) {
        warn(
          w.line,
          `${said} in the ${w.seat === 0 ? 'left' : 'right'} column, but the other player won the game`,
        );
      } else if (!agrees(ended.points)) {
        warn(
          w.line,
          `${said}, but the game ended ${ended.how === 'pass' ? 'by a pass' : 'by bearing off'} for ${ended.points}; ${ended.points} kept`,
        );
      }
    } else {
      // a resignation: a single, gammon or backgammon at the cube's value, the smallest that gives the points
      // written (gnuBG's reading)
      winner = w.seat;
      resigned = true;
      const k = w.points <= game.cubeValue ? 1 : w.points <= 2 * game.cubeValue ? 2 : 3;
      points = k * game.cubeValue;
      if (w.match && points < need && w.points >= need) {
        // more than any resignation of this game gives, "and the match": the whole match was resigned
        warn(
          w.line,
          `${said} and the match: more than a resignation at cube ${game.cubeValue} gives; read as the resignation of the match (${need} point${need === 1 ? '' : 's'})`,
        );
        points = need;
      } else if (!agrees(points)) {
        warn(
          w.line,
          `${said} by resignation is not 1, 2 or 3 times the cube (${game.cubeValue}); read as ${points}`,
        );
      }
    }
  } else if (ended) {
    winner = ended.winner;
    points = ended.points;
  } else {
    const fromNext = resultFromNext(score, o.next);
    if (fromNext) {
      winner = fromNext.winner;
      points = fromNext.points;
      resigned = true;
      warn(
        mg.line,
        `game ${mg.number} has no end; read as a resignation for ${points} point${points === 1 ? '' : 's'} (the next game's score)`,
      );
    } else if (o.next) {
      warn(mg.line, `game ${mg.number} has no end, and the next game's score does not tell its result`);
    } else {
      warn(mg.line, `game ${mg.number} has no end (unfinished)`);
    }
  }
  return game.finish(winner, points, resigned);
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
