/**
 * Position blocks → the decision model: one game per block (its score and Crawford state come from the
 * block's XGID; winner unknown), one decision per game.
 *
 * - Seats: the bottom player of the XGID (X, upper case) is seat 0, the top player (O) seat 1; the names
 *   line gives X's name then O's.
 * - Checker position: dice, board, cube and score from the XGID; candidates in XG's order with their printed
 *   equities; each candidate's notation ('13/7(2)', '24/21*\/18', 'bar/22', '6/off') is resolved to the
 *   legal play reaching the same position (one hop per die, as the other readers give). The played move is
 *   not in a position text: `played` is empty and `playedIndex` null (unscored). Each candidate's `probs`
 *   come from its two chances lines, the mover's ("Player:") then the opponent's ("Opponent:"), each
 *   `win% (G:gammon% B:backgammon%)` in percent (XG's gammons include backgammons, as in its .xg Eval).
 * - Cube position: ND / DT / DP as printed (doubler's view) and the analyser's best action as `action` — for
 *   the player on roll (the doubler: 'double' or 'no-double'), or, with a double offered in the XGID (dice
 *   'D'), for the responder ('take' or 'pass').
 * - Every decision carries `fromPosition: true` (see types.ts: the model field this reader needs).
 */
import { type Board, boardKey, type Hop, type Side } from '../../core/board.js';
import { applyPlay, type LegalPlay, legalPlays } from '../../core/moves.js';
import { shown } from '../../errors.js';
import type {
  AnalyserInfo,
  Candidate,
  Game,
  Match,
  Probabilities,
  SourceLocation,
} from '../../model/types.js';
import { GameBuilder } from '../game-builder.js';
import type { ParseWarning } from '../types.js';
import { depthName, parseMoveNotation } from './notation.js';
import type { RawPosition } from './read.js';
import type {
  XgChances,
  XgTextCheckerDecision,
  XgTextCubeDecision,
  XgTextDecision,
  XgTextPosition,
  XgTextResult,
} from './types.js';

/** A candidate's probabilities from its Player / Opponent chances (percent); undefined unless both are read. */
function probabilitiesOf(player: XgChances | null, opponent: XgChances | null): Probabilities | undefined {
  if (!player || !opponent) return undefined;
  const p = [
    player.winPct,
    player.gammonPct,
    player.backgammonPct,
    opponent.gammonPct,
    opponent.backgammonPct,
  ];
  if (!p.every((x) => x >= 0 && x <= 100)) return undefined;
  return {
    win: player.winPct / 100,
    winGammon: player.gammonPct / 100,
    winBackgammon: player.backgammonPct / 100,
    loseGammon: opponent.gammonPct / 100,
    loseBackgammon: opponent.backgammonPct / 100,
  };
}

/** Resolves a candidate's hops to the legal play reaching the same position; null when no legal play does. */
function resolvePlay(
  board: Board,
  side: Side,
  hops: readonly Hop[],
  legal: readonly LegalPlay[],
): LegalPlay | null {
  let key: string;
  try {
    key = boardKey(applyPlay(board, side, hops));
  } catch {
    return null;
  }
  return legal.find((l) => l.key === key) ?? null;
}

/** The game of one position block, at the block's score and cube (its XGID's). */
function gameOf(raw: RawPosition, gameIndex: number): GameBuilder {
  const p = raw.xgid;
  const game = new GameBuilder(gameIndex, p.matchLength, p.score, p.crawford);
  game.cubeValue = p.cubeValue;
  game.cubeOwner = p.cubeOwner;
  return game;
}

function checkerDecision(
  raw: RawPosition,
  game: GameBuilder,
  source: SourceLocation,
  warnings: ParseWarning[],
): XgTextCheckerDecision {
  const p = raw.xgid;
  const [d1, d2] = p.dice!;
  const side = p.onRoll;
  const legal = legalPlays(p.board, side, d1, d2);
  const candidates: Candidate[] = [];
  for (const c of raw.candidates) {
    const hops = parseMoveNotation(c.move);
    if (!hops) {
      warnings.push({
        line: c.line,
        message: `unreadable move "${shown(c.move)}"; candidate ${c.rank} skipped`,
      });
      continue;
    }
    const lp = resolvePlay(p.board, side, hops, legal);
    if (!lp) {
      warnings.push({
        line: c.line,
        message: `candidate ${c.rank} "${shown(c.move)}" is not a legal play of ${d1}${d2} in this position; kept as written`,
      });
    }
    const depth = c.depth ? depthName(c.depth) : '';
    const play = lp ? lp.play : hops;
    const probs = probabilitiesOf(c.player, c.opponent);
    candidates.push({ play, equity: c.equity, depth: depth || undefined, probs });
  }
  // fromPosition is set: the decision is an XgTextCheckerDecision
  return game.checker({
    player: side,
    dice: [d1, d2],
    board: p.board,
    played: [],
    source,
    candidates,
    playedIndex: null,
    legalCount: legal.length,
    luck: null,
    fromPosition: true,
  }) as XgTextCheckerDecision;
}

function cubeDecision(
  raw: RawPosition,
  game: GameBuilder,
  source: SourceLocation,
  warnings: ParseWarning[],
): XgTextCubeDecision {
  const p = raw.xgid;
  const cube = raw.cube!;
  const doubled = p.doubled;
  if (doubled) {
    warnings.push({
      line: raw.line,
      message:
        "a double offered (XGID dice 'D'): the decision is the responder's, with the equities read as the doubler's (no such sample was checked)",
    });
  }
  const player: Side = doubled ? (p.onRoll === 0 ? 1 : 0) : p.onRoll;
  const action = doubled ? cube.best.responder : cube.best.doubler === 'double' ? 'double' : 'no-double';
  // fromPosition is set: the decision is an XgTextCubeDecision
  return game.cube(player, action, { nd: cube.nd, dt: cube.dt, dp: cube.dp }, source, undefined, {
    fromPosition: true,
  }) as XgTextCubeDecision;
}

/** Warns when a block after the first names other players or is from another match length. */
function checkAgainstFirst(
  raw: RawPosition,
  players: readonly [string, string],
  matchLength: number,
  warnings: ParseWarning[],
): void {
  if (raw.names && (raw.names[0] !== players[0] || raw.names[1] !== players[1])) {
    warnings.push({
      line: raw.line,
      message: `this position names other players (${shown(raw.names[0])}, ${shown(raw.names[1])}); the first position's names are used`,
    });
  }
  if (raw.xgid.matchLength !== matchLength) {
    warnings.push({
      line: raw.line,
      message: `this position is from a ${raw.xgid.matchLength === 0 ? 'money game' : `${raw.xgid.matchLength}-point match`}, the first from ${matchLength === 0 ? 'a money game' : `a ${matchLength}-point match`}; its decision keeps its own`,
    });
  }
}

/**
 * Builds the match from the blocks of one file.
 *
 * @param raws - the blocks, in file order (at least one)
 * @param file - the file name for source locations
 * @param warnings - collects the non-fatal problems (appended to)
 */
export function positionsToModel(
  raws: readonly RawPosition[],
  file: string,
  warnings: ParseWarning[],
): XgTextResult {
  const positions: XgTextPosition[] = [];
  const games: Game[] = [];
  const first = raws[0]!;
  if (!first.names)
    warnings.push({ line: first.line, message: 'no "X:… O:…" names line; players named X and O' });
  const players: [string, string] = first.names ? [first.names[0], first.names[1]] : ['X', 'O'];
  const matchLength = first.xgid.matchLength;
  let version: string | null = null;
  let checkerDepth: string | null = null;
  let cubeDepth: string | null = null;

  for (let b = 0; b < raws.length; b++) {
    const raw = raws[b]!;
    if (b > 0) checkAgainstFirst(raw, players, matchLength, warnings);
    version ??= raw.version;
    const source: SourceLocation = { file, format: 'xg-text', line: raw.decisionLine, column: 1 };
    const game = gameOf(raw, b);
    let decision: XgTextDecision;
    if (raw.cube) {
      decision = cubeDecision(raw, game, source, warnings);
      if (cubeDepth === null && raw.cube.depth) cubeDepth = depthName(raw.cube.depth);
    } else {
      decision = checkerDecision(raw, game, source, warnings);
      const d0 = raw.candidates[0];
      if (checkerDepth === null && d0?.depth) checkerDepth = depthName(d0.depth);
    }
    positions.push({
      line: raw.line,
      xgidText: raw.xgidText,
      xgid: raw.xgid,
      names: raw.names,
      kind: raw.cube ? 'cube' : 'checker',
      candidates: raw.candidates,
      cube: raw.cube,
      version: raw.version,
      met: raw.met,
      decision,
    });
    games.push(game.finish(null, 0, false));
  }

  const analyser: AnalyserInfo = {
    program: version ? `eXtreme Gammon ${version}` : 'eXtreme Gammon',
    checkerDepth,
    cubeDepth,
  };
  const match: Match = {
    file,
    format: 'xg-text',
    players,
    matchLength,
    date: null,
    event: null,
    round: null,
    place: null,
    rules: { crawford: matchLength > 0, jacoby: first.xgid.jacoby, cube: true },
    analyser,
    games,
  };
  return { match, warnings, positions };
}
