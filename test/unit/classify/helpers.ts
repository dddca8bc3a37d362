/** Test helpers for the classifiers: positions from XGIDs, plays from notation, decisions from both. */
import { expect } from 'vitest';
import type { Board, Hop, Play, Side } from '../../../src/core/board.js';
import { isLegalPlay, legalPlays } from '../../../src/core/moves.js';
import { parseXgid } from '../../../src/core/xgid-parse.js';
import type { CheckerDecision } from '../../../src/model/types.js';

/** Board and side on roll of an XGID. */
export function pos(xgid: string): { board: Board; side: Side; dice: [number, number] | undefined } {
  const p = parseXgid(xgid);
  return { board: p.board, side: p.onRoll, dice: p.dice };
}

/** A play from notation in the mover's own numbering: '13/7 8/7', 'bar/20', '6/off', '6/5(2)'; '*' ignored. */
export function play(s: string): Play {
  const hops: Hop[] = [];
  for (const part of s.trim().split(/\s+/)) {
    if (part === '') continue;
    const m = /^([^(]+)(?:\((\d)\))?$/.exec(part.replace(/\*/g, ''));
    if (!m) throw new Error(`bad play part ${part}`);
    const pts = m[1]!.split('/').map((x) => (x === 'bar' ? 25 : x === 'off' ? 0 : Number(x)));
    const times = Number(m[2] ?? 1);
    for (let t = 0; t < times; t++) {
      for (let i = 0; i + 1 < pts.length; i++) hops.push({ from: pts[i]!, to: pts[i + 1]! });
    }
  }
  return hops;
}

/**
 * A checker decision from an XGID (board, side on roll, dice) and candidate plays, best first. Candidate i
 * gets equity −0.1·i (so candidate 1 costs 100 mp). Every play must be legal for the XGID's dice.
 */
export function decision(
  xgid: string,
  plays: readonly string[],
  playedIndex: number | null,
  equities?: readonly number[],
): CheckerDecision {
  const { board, side, dice } = pos(xgid);
  if (!dice) throw new Error('XGID without dice');
  const candidates = plays.map((s, i) => {
    const p = play(s);
    expect(isLegalPlay(board, side, dice[0], dice[1], p), `${s} legal`).toBe(true);
    return { play: p, equity: equities?.[i] ?? -0.1 * i };
  });
  return {
    kind: 'checker',
    player: side,
    gameIndex: 0,
    index: 0,
    matchLength: 0,
    score: [0, 0],
    crawfordGame: false,
    cubeValue: 1,
    cubeOwner: -1,
    source: { file: 'test', format: 'xg' },
    dice,
    board,
    played: playedIndex === null ? [] : (candidates[playedIndex]?.play ?? []),
    legalCount: legalPlays(board, side, dice[0], dice[1]).length,
    candidates,
    playedIndex,
    luck: null,
  };
}
