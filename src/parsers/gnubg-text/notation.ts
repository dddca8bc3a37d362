/**
 * gnuBG move notation → hops (spec/formats.md §3.1): the text gnuBG prints for a play, in the mover's own
 * numbering, e.g. `24/16* 6/2*(2)`, `bar/22 8/5(3)`, `6/off 5/off`, chained `24/20/16` (a hit is marked on
 * the landing point where it happens).
 *
 * - A token is `FROM/TO[/TO…]` with an optional `*` after any landing point (a hit) and an optional `(n)`
 *   repeat count for the whole token; FROM is `bar` or a point, TO a point or `off`.
 * - `25` is accepted for the bar and `0` for off (the .mat dialects), case does not matter (`Bar/24`, `6/Off`).
 * - Hit marks are informational: hits follow from the position (a hop landing on a single opposing checker).
 * - Hops are applied in an order the position allows (a hop whose checker arrives with an earlier hop, or a
 *   bear-off that needs the last outside checker home, waits for it), so the listed order does not matter.
 */
import type { Board, Hop, Play, Side } from '../../core/board.js';
import { applyPlay } from '../../core/moves.js';
import { shown } from '../../errors.js';
import { scanChain, scannedChain } from '../hop-chain.js';

/** A play text that cannot be read or cannot be played on the given position. */
export class MoveNotationError extends Error {}

/** The most hops a play can have (a double moves four checkers' steps). */
const MAX_HOPS = 4;

/** `bar`/25 → 25, a point 1..24 → itself; anything else → -1. */
function fromPoint(s: string): number {
  if (s.toLowerCase() === 'bar') return 25;
  if (!/^\d{1,2}$/.test(s)) return -1;
  const p = Number(s);
  return p >= 1 && p <= 25 ? p : -1;
}

/** `off`/0 → 0, a point 1..24 → itself; anything else → -1. */
function toPoint(s: string): number {
  if (s.toLowerCase() === 'off') return 0;
  if (!/^\d{1,2}$/.test(s)) return -1;
  const p = Number(s);
  return p >= 0 && p <= 24 ? p : -1;
}

/** The points of the chain {@link plainTokenHops} is reading. */
const chainPoints = new Int8Array(8);

/**
 * Reads a well-formed token the way {@link generalTokenHops} does, in one pass over its characters
 * (src/parsers/hop-chain.ts): a starting point (`bar` in any case, or 1..25) then points (`off` in any case,
 * or 0..24), each moving forward and followed by at most one hit mark `*`, the starting point by none, and
 * an optional repeat `(1)` … `(4)`. Null for any other token, which generalTokenHops reads or says what is
 * wrong with.
 */
export function plainTokenHops(token: string): Hop[] | null {
  const n = scanChain(token, chainPoints, 1, false);
  if (n === 0 || chainPoints[0]! < 1) return null;
  for (let k = 1; k < n; k++) if (chainPoints[k]! > 24 || chainPoints[k]! >= chainPoints[k - 1]!) return null;
  const chain: Hop[] = [];
  for (let k = 1; k < n; k++) chain.push({ from: chainPoints[k - 1]!, to: chainPoints[k]! });
  const hops: Hop[] = [];
  for (let r = 0; r < scannedChain.repeat; r++) hops.push(...chain);
  return hops;
}

/** Reads one token (`24/20/16(2)`) into its hops, in chain order, repeats expanded. */
function tokenHops(token: string): Hop[] {
  return plainTokenHops(token) ?? generalTokenHops(token);
}

/**
 * {@link tokenHops} for any token: its hops, or the error that says what is wrong with it. Exported for the
 * tests, which check that {@link plainTokenHops} reads the same hops.
 */
export function generalTokenHops(token: string): Hop[] {
  let body = token;
  let repeat = 1;
  const rep = /\((\d+)\)$/.exec(body);
  if (rep) {
    repeat = Number(rep[1]);
    body = body.slice(0, rep.index);
    if (!(repeat >= 1 && repeat <= MAX_HOPS)) {
      throw new MoveNotationError(`bad repeat count in "${shown(token)}"`);
    }
  }
  const parts = body.split('/');
  if (parts.length < 2) throw new MoveNotationError(`"${shown(token)}" is not a move (expected FROM/TO)`);
  const first = parts[0]!;
  if (first.endsWith('*'))
    throw new MoveNotationError(`"${shown(token)}": a hit mark after the starting point`);
  let from = fromPoint(first);
  if (from < 0) throw new MoveNotationError(`"${shown(token)}": bad starting point "${shown(first, 20)}"`);
  const chain: Hop[] = [];
  for (let k = 1; k < parts.length; k++) {
    let p = parts[k]!;
    if (p.endsWith('*')) p = p.slice(0, -1);
    const to = toPoint(p);
    if (to < 0) throw new MoveNotationError(`"${shown(token)}": bad point "${shown(parts[k]!, 20)}"`);
    if (to >= from)
      throw new MoveNotationError(`"${shown(token)}": a checker must move forward (${from} to ${to})`);
    chain.push({ from, to });
    from = to;
  }
  const hops: Hop[] = [];
  for (let r = 0; r < repeat; r++) hops.push(...chain);
  return hops;
}

/**
 * Reads a play written in gnuBG notation and resolves it against the position.
 *
 * @param text - the play, e.g. `24/16* 6/2*(2)`; empty (or `Cannot move`) = no move
 * @param board - the position before the play
 * @param side - the player making the play; points are in this player's numbering
 * @returns the hops, in an order that can be applied to `board` with `applyPlay`
 * @throws MoveNotationError when the text is not a play, has more than four hops, or cannot be played on
 *   `board` (no checker to move, a blocked point, bearing off with checkers outside)
 */
export function parseMoveNotation(text: string, board: Board, side: Side): Play {
  const t = text.trim();
  if (t === '' || /^cannot move$/i.test(t)) return [];
  const pending: Hop[] = [];
  for (const token of t.split(/\s+/)) {
    pending.push(...tokenHops(token));
    if (pending.length > MAX_HOPS) {
      throw new MoveNotationError(`"${shown(t)}" has more than ${MAX_HOPS} checker moves`);
    }
  }
  const hops = splitBearOffs(pending, board, side);
  if (hops.length > MAX_HOPS)
    throw new MoveNotationError(`"${shown(t)}" has more than ${MAX_HOPS} checker moves`);
  // the listed order first, in one go: where it can be played, it is the order playableOrder finds first
  try {
    applyPlay(board, side, hops);
    return hops;
  } catch {
    // another order, or none
  }
  const order = playableOrder(board, side, [], hops);
  if (order) return order;
  // say which hop fails first in the listed order
  let why = '';
  let at = '';
  for (let k = 1; k <= hops.length && why === ''; k++) {
    try {
      applyPlay(board, side, hops.slice(0, k));
    } catch (e) {
      const h = hops[k - 1]!;
      at = `${h.from === 25 ? 'bar' : h.from}/${h.to === 0 ? 'off' : h.to}`;
      why = (e as Error).message.replace(/^hop \d+ \([^)]*\): /, '');
    }
  }
  throw new MoveNotationError(
    `"${shown(t)}" cannot be played: ${at}: ${why || 'no order of its moves can be played'}`,
  );
}

/** The hops in an order `applyPlay` accepts after `done` (listed order preferred), or null. At most 4! tries. */
function playableOrder(board: Board, side: Side, done: Hop[], rest: Hop[]): Hop[] | null {
  if (rest.length === 0) return done;
  for (let k = 0; k < rest.length; k++) {
    const next = [...done, rest[k]!];
    try {
      applyPlay(board, side, next);
    } catch {
      continue;
    }
    const found = playableOrder(board, side, next, [...rest.slice(0, k), ...rest.slice(k + 1)]);
    if (found) return found;
  }
  return null;
}

/**
 * gnuBG writes a checker's whole way as one hop when it hits nothing on the way (`24/16` for 44, `10/off`
 * for 55, `8/off(2)` for 44). A bear-off from outside the home board is split into a move home and a
 * bear-off, so that the other checkers can come home in between. The resulting position does not depend on
 * the home point used: the highest one without opposing checkers is taken (gnuBG would have shown a hit).
 */
function splitBearOffs(hops: readonly Hop[], board: Board, side: Side): Hop[] {
  const opponent = board[side === 0 ? 1 : 0];
  let home = 6;
  while (home > 1 && opponent[24 - home]! > 0) home--;
  const out: Hop[] = [];
  for (const h of hops) {
    if (h.to === 0 && h.from > 6) out.push({ from: h.from, to: home }, { from: home, to: 0 });
    else out.push(h);
  }
  return out;
}
