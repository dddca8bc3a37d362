/**
 * Playing a transcript's written move on the board. Transcripts write the same play in several ways: hop by
 * hop (`24/23 23/22 22/21 21/20`), consolidated (`24/20`, `13/4`, `6/Off` for 42, `20/11*`), with repeats
 * (`6/4(2)`), in any hop order. A play is read as the position it reaches:
 *
 * 1. the hops as written (sorted from the highest point down, so that a chain or a bear-off after bringing a
 *    checker home applies), a consolidated hop moving in one jump — right whenever no blot was hit on the
 *    way;
 * 2. otherwise each consolidated hop split into die-sized steps (every way the dice allow), which finds a
 *    hit on an intermediate point;
 *
 * and the first of them that reaches the position of a legal play (legalPlays) is the play. When none does,
 * the hops as written are kept and the caller warns that the play is not legal; when the hops cannot even
 * be applied (no checker there, a blocked point), the caller reports a corrupt file.
 */
import { type Board, boardKey, type Hop, type Play, type Side } from '../../core/board.js';
import { applyPlay, isSurelyLegal, legalPlays, legalPlayTo } from '../../core/moves.js';
import type { WrittenHop } from './lexer.js';

/** The outcome of playing a written move. */
export interface Resolved {
  /** The play in die-sized hops when one was found (else the hops as written). */
  readonly played: Play;
  readonly after: Board;
  /** False when the position reached is not that of any legal play. */
  readonly legal: boolean;
}

/** Hops sorted by their starting point, highest (the bar) first; stable for equal starts. */
function sortedHops(hops: readonly WrittenHop[]): Hop[] {
  return hops.map((h) => ({ from: h.from, to: h.to })).sort((a, b) => b.from - a.from);
}

/** True when every hop moves exactly one of the dice (the form gnuBG and the model use). */
function dieSized(hops: readonly Hop[], d1: number, d2: number): boolean {
  return hops.every((h) => h.from - h.to === d1 || h.from - h.to === d2);
}

/**
 * Every way of splitting the written hops into die-sized steps with the dice of the roll (each hop a run of
 * one checker; a bear-off may end with a larger die). At most a few dozen for any roll.
 */
function splits(hops: readonly Hop[], d1: number, d2: number): Hop[][] {
  const out: Hop[][] = [];
  const left = d1 === d2 ? [d1, d1, d1, d1] : [d1, d2];
  const used = left.map(() => false);
  const acc: Hop[] = [];
  const walk = (h: number, pos: number): void => {
    if (out.length >= 256) return;
    if (h === hops.length) {
      out.push(acc.slice().sort((a, b) => b.from - a.from));
      return;
    }
    const target = hops[h]!.to;
    const tried = new Set<number>();
    for (let k = 0; k < left.length; k++) {
      const d = left[k]!;
      if (used[k] || tried.has(d)) continue;
      tried.add(d);
      const next = pos - d;
      const done = target === 0 ? next <= 0 : next === target;
      if (!done && (next <= target || next <= 0)) continue;
      used[k] = true;
      acc.push({ from: pos, to: done ? target : next });
      if (done) walk(h + 1, hops[h + 1]?.from ?? 0);
      else walk(h, next);
      acc.pop();
      used[k] = false;
    }
  };
  if (hops.length > 0) walk(0, hops[0]!.from);
  return out;
}

/** Number of the opponent's checkers on the bar after a play (fewer = fewer hits). */
function hitsOf(after: Board, side: Side): number {
  return after[side === 0 ? 1 : 0][24]!;
}

/**
 * Plays the written hops of `side` with dice d1, d2 on `board`. Throws the Error of `applyPlay` when no
 * reading of the hops can be applied.
 */
export function resolvePlay(
  board: Board,
  side: Side,
  d1: number,
  d2: number,
  written: readonly WrittenHop[],
): Resolved {
  const hops = sortedHops(written);
  let literal: Board | null = null;
  let literalError: unknown = null;
  try {
    literal = applyPlay(board, side, hops);
  } catch (e) {
    literalError = e;
  }
  if (literal && isSurelyLegal(board, side, hops, d1, d2))
    return { played: hops, after: literal, legal: true };
  if (literal) {
    // the legal play reaching the position the hops reach, if any, without making every legal play
    const m = legalPlayTo(board, side, d1, d2, literal);
    if (m) return { played: dieSized(hops, d1, d2) ? hops : m, after: literal, legal: true };
  }
  // the literal reading is not legal: the positions of the legal plays, for the readings below
  const legalKeys = new Set<string>();
  for (const lp of legalPlays(board, side, d1, d2)) legalKeys.add(lp.key);
  // split the consolidated hops; among the legal readings keep the one hitting least (a transcript marks the
  // hits it means at the hop's end, which the literal reading already covers)
  let best: Resolved | null = null;
  let firstApplied: Resolved | null = null;
  for (const play of splits(hops, d1, d2)) {
    let after: Board;
    try {
      after = applyPlay(board, side, play);
    } catch {
      continue;
    }
    if (legalKeys.has(boardKey(after))) {
      if (!best || hitsOf(after, side) < hitsOf(best.after, side))
        best = { played: play, after, legal: true };
    } else if (!firstApplied) {
      firstApplied = { played: play, after, legal: false };
    }
  }
  if (best) return best;
  if (literal) return { played: hops, after: literal, legal: false };
  if (firstApplied) return firstApplied;
  throw literalError;
}
