/**
 * Match equity table (MET) type and the lookups every MWC conversion uses
 * (spec/metrics.md §1.3 and §12, spec/formats.md §4.2 and §4.5).
 *
 * Conventions: scores are points already won (`score0`, `score1`), the match is to `matchLength`
 * points; an "away" score is `matchLength − score` (points still needed), and table indices are
 * 0-based away scores (`n = away − 1`). All table values are float32 and every lookup returns the
 * float32 value widened to a JS number, like gnuBG (C `float`) and blunderDB (Go `float32`).
 *
 * @module
 */

/** Size of gnuBG's MET (`MAXSCORE`): away scores 1…64, indices 0…63. */
export const MET_SIZE = 64;

/**
 * A complete match equity table, always {@link MET_SIZE} × {@link MET_SIZE} (a native table is
 * extended beyond its own length, see `loadKazarossXG2`).
 */
export interface Met {
  /** Human-readable name of the table (e.g. the XML `<info><name>`). */
  readonly name: string;
  /**
   * Pre-Crawford table, 64 rows × 64: `pre[i][j]` = MWC of a player needing i+1 points against an
   * opponent needing j+1, cube centred, game about to start. Row 0 (the player is 1-away) is the
   * Crawford game. Antisymmetric: `pre[i][j] + pre[j][i] = 1`.
   */
  readonly pre: Float32Array[];
  /**
   * Post-Crawford table, 64 entries: `post[i]` = MWC of the trailer needing i+1 points when the
   * leader needs 1, in a post-Crawford game (`post[0] = 0.5`, DMP).
   */
  readonly post: Float32Array;
}

/** Cube and score context of a decision, as gnuBG's `cubeinfo` needs it for MWC ↔ equity conversions. */
export interface CubeInfo {
  /** Points already won by player 0. */
  readonly score0: number;
  /** Points already won by player 1. */
  readonly score1: number;
  /** Match length; ≤ 0 (or the money sentinel, anything > {@link MET_SIZE}) means money play. */
  readonly matchLength: number;
  /** The player whose equity / MWC is converted (gnuBG `fMove`). */
  readonly player: 0 | 1;
  /** Current cube value (1, 2, 4, …). */
  readonly cubeValue: number;
  /** True when the current game is the Crawford game (gnuBG `fCrawford`). */
  readonly crawfordGame: boolean;
}

const f = Math.fround;
const LAST = MET_SIZE - 1;

function requireInteger(name: string, value: number): void {
  if (!Number.isInteger(value)) throw new RangeError(`${name} must be an integer, got ${value}`);
}

function preCell(met: Met, i: number, j: number): number {
  const v = met.pre[i]?.[j];
  if (v === undefined) throw new RangeError(`MET '${met.name}' has no pre-Crawford cell [${i}][${j}]`);
  return v;
}

function postCell(met: Met, i: number): number {
  const v = met.post[i];
  if (v === undefined) throw new RangeError(`MET '${met.name}' has no post-Crawford cell [${i}]`);
  return v;
}

/**
 * Pre-Crawford MWC of a player needing `away` points against an opponent needing `oppAway`, with
 * gnuBG's `GET_MET` boundaries: 1 if `away ≤ 0` (already won, tested first), 0 if `oppAway ≤ 0`.
 * Away scores above {@link MET_SIZE} clamp to 64.
 *
 * @param met - the table.
 * @param away - points the player still needs (1-based).
 * @param oppAway - points the opponent still needs (1-based).
 * @returns the MWC (float32 value).
 */
export function mwcPre(met: Met, away: number, oppAway: number): number {
  requireInteger('away', away);
  requireInteger('oppAway', oppAway);
  if (away <= 0) return 1;
  if (oppAway <= 0) return 0;
  return preCell(met, Math.min(away, MET_SIZE) - 1, Math.min(oppAway, MET_SIZE) - 1);
}

/**
 * Post-Crawford MWC of the trailer needing `trailerAway` points against a leader needing 1
 * (`post[trailerAway − 1]`); 1 if `trailerAway ≤ 0`. Away scores above {@link MET_SIZE} clamp to 64.
 *
 * @param met - the table.
 * @param trailerAway - points the trailer still needs (1-based).
 * @returns the trailer's MWC (float32 value); the leader's is `1 − ` it.
 */
export function mwcPost(met: Met, trailerAway: number): number {
  requireInteger('trailerAway', trailerAway);
  if (trailerAway <= 0) return 1;
  return postCell(met, Math.min(trailerAway, MET_SIZE) - 1);
}

/**
 * MWC of `player` (0|1) if `winner` (0|1) wins `points` points from the current score — gnuBG's
 * `getME` (matchequity.c) and blunderDB's `GnuBGGetME`, spec/metrics.md §1.3, spec/formats.md §4.2.
 *
 * With n0, n1 the 0-based away scores *after* the result (clamped to 63): n0 < 0 → player 0 has won
 * the match (1/0); n1 < 0 → player 1 has won; otherwise, if `crawfordGame` is true or either player is
 * **currently** 1-away, the post-Crawford table (`MWC₀ = 1 − POST[n1]` if n0 = 0, else `POST[n0]`);
 * otherwise `MWC₀ = PRE[n0][n1]`; and `MWC₁ = 1 − MWC₀` (the subtraction in float32).
 *
 * Why "currently 1-away" is the right test whatever the Crawford flag:
 * - In the Crawford game itself the leader is 1-away at the current score. Whatever the result, the
 *   next game (if any) is post-Crawford, so the resulting score is valued with the POST table.
 * - In a post-Crawford game someone is 1-away too: POST again.
 * - In an ordinary pre-Crawford game that makes someone 1-away, the next game is the Crawford game,
 *   whose value is the PRE table's row/column 0: nobody is 1-away at the current score, so PRE is used.
 * Hence the flag only matters for an inconsistent state (Crawford flag set while nobody is 1-away),
 * and blunderDB's conversions pass `false` (the default here); gnuBG passes its `fCrawford`.
 *
 * @param met - the table.
 * @param score0 - points already won by player 0.
 * @param score1 - points already won by player 1.
 * @param matchLength - match length (must be ≥ 1 for a meaningful answer; see {@link mwcFactor}).
 * @param player - whose MWC is returned.
 * @param points - points won by `winner` (cube value × 1, 2 or 3).
 * @param winner - who wins them.
 * @param crawfordGame - gnuBG's `fCrawford`: the current game is the Crawford game (default false).
 * @returns the MWC of `player`, a float32 value (exactly 0 or 1 when the result ends the match).
 * @throws RangeError if a score, length or point count is not an integer.
 */
export function getME(
  met: Met,
  score0: number,
  score1: number,
  matchLength: number,
  player: 0 | 1,
  points: number,
  winner: 0 | 1,
  crawfordGame = false,
): number {
  requireInteger('score0', score0);
  requireInteger('score1', score1);
  requireInteger('matchLength', matchLength);
  requireInteger('points', points);
  const n0 = Math.min(matchLength - (score0 + (winner === 0 ? points : 0)) - 1, LAST);
  const n1 = Math.min(matchLength - (score1 + (winner === 1 ? points : 0)) - 1, LAST);
  // The next game is post-Crawford when this one is the Crawford game or someone is already 1-away.
  return mwcOfAway(
    met,
    n0,
    n1,
    player,
    crawfordGame || matchLength - score0 === 1 || matchLength - score1 === 1,
  );
}

/**
 * MWC of `player` when the players need n0 + 1 and n1 + 1 points (0-based away scores, clamped): 1/0 once
 * a side has won (n < 0); with `post` the post-Crawford table (the 1-away player is the leader, whose MWC
 * is 1 − POST[trailer]); otherwise PRE.
 */
function mwcOfAway(met: Met, n0: number, n1: number, player: 0 | 1, post: boolean): number {
  if (n0 < 0) return player === 0 ? 1 : 0;
  if (n1 < 0) return player === 0 ? 0 : 1;
  let mwc0: number;
  if (post) {
    if (n0 === 0) {
      const trailer = postCell(met, n1);
      return player === 0 ? f(1 - trailer) : trailer;
    }
    mwc0 = postCell(met, n0);
  } else {
    mwc0 = preCell(met, n0, n1);
  }
  return player === 0 ? mwc0 : f(1 - mwc0);
}

/**
 * The decision maker's MWC if he wins / loses `cubeValue` points from the current score
 * (spec/metrics.md §1.3, blunderDB's `ConvertEMGLossToMWCLoss`; Crawford flag false):
 * `win = getME(…, cubeValue, player)`, `lose = getME(…, cubeValue, 1 − player)`.
 *
 * @param met - the table.
 * @param score0 - points already won by player 0.
 * @param score1 - points already won by player 1.
 * @param matchLength - match length.
 * @param player - the decision maker.
 * @param cubeValue - cube value (points at stake).
 * @returns `{ win, lose }` (W and Λ), float32 values.
 */
export function winLoseMwc(
  met: Met,
  score0: number,
  score1: number,
  matchLength: number,
  player: 0 | 1,
  cubeValue: number,
): { win: number; lose: number } {
  const other: 0 | 1 = player === 0 ? 1 : 0;
  return {
    win: getME(met, score0, score1, matchLength, player, cubeValue, player),
    lose: getME(met, score0, score1, matchLength, player, cubeValue, other),
  };
}

/** Below this |W − Λ| the cube is dead/degenerate and no MWC factor exists (spec/metrics.md §1.3). */
export const DEGENERATE_MWC_SPREAD = 1e-7;

/**
 * The EMG → MWC factor used by ℓ (spec/metrics.md §1.3): `float64(float32(W) − float32(Λ)) / 2`, so
 * that `ℓ = e × factor` for an error e in normalised equity.
 *
 * @param met - the table.
 * @param score0 - points already won by player 0.
 * @param score1 - points already won by player 1.
 * @param matchLength - match length.
 * @param player - the decision maker (the factor is the same from either side).
 * @param cubeValue - cube value (for a take/pass: the cube *before* the double).
 * @returns the factor, or null for money (matchLength ≤ 0 or > 64, e.g. the 99999 sentinel), a score
 *   outside [0, matchLength), non-integer inputs, or |W − Λ| < 1e-7.
 */
export function mwcFactor(
  met: Met,
  score0: number,
  score1: number,
  matchLength: number,
  player: 0 | 1,
  cubeValue: number,
): number | null {
  if (!Number.isInteger(matchLength) || matchLength <= 0 || matchLength > MET_SIZE) return null;
  if (!Number.isInteger(score0) || score0 < 0 || score0 >= matchLength) return null;
  if (!Number.isInteger(score1) || score1 < 0 || score1 >= matchLength) return null;
  if (!Number.isInteger(cubeValue) || cubeValue < 1) return null;
  const { win, lose } = winLoseMwc(met, score0, score1, matchLength, player, cubeValue);
  const spread = f(f(win) - f(lose));
  if (Math.abs(spread) < DEGENERATE_MWC_SPREAD) return null;
  return spread / 2;
}

/**
 * MWC of `player` at the start of a game at this score — gnuBG's `getMEAtScore` (spec/formats.md
 * §4.2): if the match is over, 1/0; if this is not the Crawford game and someone is 1-away, the
 * post-Crawford table (the leader's MWC is `1 − POST[trailer's n]`); otherwise PRE (which, in the
 * Crawford game, is row/column 0).
 *
 * @param met - the table.
 * @param score0 - points already won by player 0.
 * @param score1 - points already won by player 1.
 * @param matchLength - match length.
 * @param player - whose MWC is returned.
 * @param crawfordGame - the game about to start is the Crawford game.
 * @returns the MWC (float32 value).
 * @throws RangeError if a score or the length is not an integer.
 */
export function mwcAtScore(
  met: Met,
  score0: number,
  score1: number,
  matchLength: number,
  player: 0 | 1,
  crawfordGame: boolean,
): number {
  requireInteger('score0', score0);
  requireInteger('score1', score1);
  requireInteger('matchLength', matchLength);
  const n0 = Math.min(matchLength - score0 - 1, LAST);
  const n1 = Math.min(matchLength - score1 - 1, LAST);
  return mwcOfAway(met, n0, n1, player, !crawfordGame && (n0 === 0 || n1 === 0));
}

function isMoney(matchLength: number): boolean {
  return !(matchLength > 0 && matchLength <= MET_SIZE);
}

function cubeWinLose(met: Met, ci: CubeInfo): { win: number; lose: number } {
  const other: 0 | 1 = ci.player === 0 ? 1 : 0;
  // the arguments written out, not spread from an array: this runs for every cube decision read
  const { score0, score1, matchLength, player, cubeValue, crawfordGame } = ci;
  return {
    win: getME(met, score0, score1, matchLength, player, cubeValue, player, crawfordGame),
    lose: getME(met, score0, score1, matchLength, player, cubeValue, other, crawfordGame),
  };
}

/**
 * The equity of "double, pass" as gnuBG compares it with the other cube equities (eval.c FindCubeDecision:
 * GetDPEq's MWC of winning the cube's points, through {@link mwc2eq} in float32): 1 up to float rounding,
 * which decides a stored tie (ND or DT stored equal to the cash). Money play: exactly 1.
 */
export function doublePassEquity(met: Met, ci: CubeInfo): number {
  if (isMoney(ci.matchLength)) return 1;
  return mwc2eq(met, ci, cubeWinLose(met, ci).win);
}

/**
 * gnuBG's `eq2mwc` (eval.c, spec/formats.md §4.5): normalised equity → MWC for `ci.player`,
 * `½·(e·(W − Λ) + (W + Λ))` with W, Λ from {@link getME} at the cube value and gnuBG's Crawford flag
 * (`ci.crawfordGame`). Evaluated in float32 like gnuBG (the equity is rounded to float32 first).
 * Money play (matchLength ≤ 0 or > 64): the equity is returned unchanged.
 *
 * @param met - the table.
 * @param ci - score, cube and Crawford context.
 * @param equity - normalised equity (±1 = the cube value).
 * @returns the MWC.
 */
export function eq2mwc(met: Met, ci: CubeInfo, equity: number): number {
  if (isMoney(ci.matchLength)) return equity;
  const { win, lose } = cubeWinLose(met, ci);
  return f(0.5 * f(f(f(equity) * f(win - lose)) + f(win + lose)));
}

/**
 * gnuBG's `mwc2eq` (eval.c, spec/formats.md §4.5): MWC → normalised equity for `ci.player`,
 * `(2m − (W + Λ)) / (W − Λ)`, the inverse of {@link eq2mwc}, in float32 like gnuBG.
 * Money play (matchLength ≤ 0 or > 64): the value is returned unchanged. When W = Λ (dead cube) the
 * result is not finite, as in gnuBG.
 *
 * @param met - the table.
 * @param ci - score, cube and Crawford context.
 * @param mwc - match-winning chances of `ci.player`.
 * @returns the normalised equity.
 */
export function mwc2eq(met: Met, ci: CubeInfo, mwc: number): number {
  if (isMoney(ci.matchLength)) return mwc;
  const { win, lose } = cubeWinLose(met, ci);
  return f(f(f(2 * f(mwc)) - f(win + lose)) / f(win - lose));
}
