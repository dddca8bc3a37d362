/**
 * `bdb drill`'s check of an answer against the stored analysis of the decision it asks about.
 *
 * A checker play is read as XG and gnuBG print plays (gnuBG's reader, src/parsers/gnubg-text/notation.ts:
 * `8/5 6/5`, `bar/22*`, `6/off`, `13/7(2)`, chained `24/20/16`) and played on the position; two plays are
 * the same when they give the same position, so the order of the moves does not matter (`8/5 6/5` is
 * `6/5 8/5`, and `24/18` is `24/21/18` when nothing is hit on the way). A play that cannot be made with the
 * roll is no answer (the caller says why and asks again). The play's equity is the analysed candidate's
 * giving that position; a legal play no candidate gives has none ("not among the analysed plays").
 *
 * A cube answer is `double` / `no double` for the player on roll, `take` / `pass` for the one doubled; its
 * equity loss is the cube error of that action (src/metrics/decision-error.ts, from the stored ND/DT/DP).
 *
 * An answer is right when it loses nothing at the millipoint against the best (the precision the analysers
 * print): the best play, a play of equal equity, or the proper cube action.
 */
import { boardKey } from '../core/board.js';
import { applyPlay, isLegalPlay } from '../core/moves.js';
import { cubeError, toMpt } from '../metrics/decision-error.js';
import type { CheckerDecision, CubeAction, CubeDecision, Decision } from '../model/types.js';
import { MoveNotationError, parseMoveNotation } from '../parsers/gnubg-text/notation.js';
import { playedAndBest, playText } from '../review/decision-refs.js';

/** A checked answer. */
export interface CheckedAnswer {
  readonly right: boolean;
  /** The answer as XG and gnuBG print it ('13/10 6/5', 'Double'). */
  readonly answer: string;
  /** The best play or cube action, as printed. */
  readonly best: string;
  /** The equity the answer gives away against the best (≥ 0); null when it is not among the analysed plays. */
  readonly equityLost: number | null;
}

/** An answer that is not one (unreadable, or not legal here): why, in one line. */
export interface NotAnAnswer {
  readonly problem: string;
}

/** The question a decision asks. */
export function drillQuestion(d: Decision): string {
  if (d.kind === 'checker') return `your play with ${d.dice[0]}${d.dice[1]}?`;
  return isAnswer(d) ? 'take or pass?' : 'double or no double?';
}

/** True for a take or pass (the player answers a double). */
function isAnswer(d: CubeDecision): boolean {
  return d.action === 'take' || d.action === 'pass';
}

/** Checks an answer to decision `d` (analysed: a checker play with candidates, a cube decision with ND/DT/DP). */
export function checkAnswer(d: Decision, text: string): CheckedAnswer | NotAnAnswer {
  return d.kind === 'checker' ? checkPlay(d, text) : checkCube(d, text);
}

/** The position a play gives, as a key. */
function resultKey(d: CheckerDecision, play: CheckerDecision['played']): string {
  return boardKey(applyPlay(d.board, d.player, play));
}

function checkPlay(d: CheckerDecision, text: string): CheckedAnswer | NotAnAnswer {
  const [d1, d2] = d.dice;
  let play: CheckerDecision['played'];
  try {
    play = parseMoveNotation(text, d.board, d.player);
  } catch (e) {
    if (e instanceof MoveNotationError) return { problem: `not a play here: ${e.message}` };
    throw e;
  }
  if (!isLegalPlay(d.board, d.player, d1, d2, play))
    return { problem: `${text.trim() || 'no move'} is not a legal play with ${d1}${d2}` };
  const key = resultKey(d, play);
  const best = d.candidates[0]!;
  const same = d.candidates.find((c) => resultKey(d, c.play) === key);
  const lost = same === undefined ? null : Math.max(0, best.equity - same.equity);
  return {
    right: lost !== null && toMpt(lost) === 0,
    answer: playText(d, play),
    best: playText(d, best.play),
    equityLost: lost,
  };
}

/** The cube action a typed answer names, or null. */
function cubeActionOf(text: string, answer: boolean): CubeAction | null {
  const t = text.trim().toLowerCase().replace(/\s+/g, ' ');
  if (answer) {
    if (/^(t|take|beaver)$/.test(t)) return 'take';
    if (/^(p|pass|drop)$/.test(t)) return 'pass';
    return null;
  }
  if (/^(d|dbl|double|r|redouble)$/.test(t)) return 'double';
  if (/^(nd|n|no|no double|no-double|no redouble)$/.test(t)) return 'no-double';
  return null;
}

function checkCube(d: CubeDecision, text: string): CheckedAnswer | NotAnAnswer {
  const action = cubeActionOf(text, isAnswer(d));
  if (action === null)
    return {
      problem: isAnswer(d)
        ? `answer take or pass (t, p), not ${JSON.stringify(text.trim())}`
        : `answer double or no double (d, nd), not ${JSON.stringify(text.trim())}`,
    };
  // the answer judged as the decision it would have been, from the stored equities (no stored error)
  const as: CubeDecision = { ...d, action, storedError: undefined };
  const lost = cubeError(as);
  return {
    right: lost !== null && toMpt(lost) === 0,
    answer: playedAndBest(as).played,
    best: playedAndBest(d).best,
    equityLost: lost,
  };
}
