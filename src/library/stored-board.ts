/**
 * The board of an XGID this bdb stored (src/review/position.ts), read without the XGID reader's checks: what
 * schema 9 and 11 fill their columns from (./migrate-positions.ts) and what `bdb plan` reads its reference
 * positions' boards from (./read.ts `libraryPlanMatches`). A module of its own: the readers load nothing
 * else with it.
 */
import type { Board } from '../core/board.js';

/** Character codes before 'A' and 'a' (an XGID's position: 'A' + n − 1 = n bottom checkers, 'a' … top). */
const UPPER = 64;
const LOWER = 96;

/**
 * The board of an XGID this bdb wrote (src/review/position.ts: side 0 the bottom side, on roll), read from its
 * 26 position characters without the reader's checks (src/core/xgid-parse.ts `parseXgid`, which makes the
 * whole step 4 times slower): index 0 the top side's bar, 1–24 the bottom side's points, 25 its bar. Null
 * when a character is not '-', A–P or a–p.
 */
export function storedBoard(xgid: string): Board | null {
  const bottom = new Array<number>(25).fill(0);
  const top = new Array<number>(25).fill(0);
  for (let k = 0; k < 26; k++) {
    const c = xgid.charCodeAt(5 + k);
    if (c === 45) continue;
    if (c > UPPER && c <= UPPER + 16) bottom[k === 0 ? 24 : k - 1] = c - UPPER;
    else if (c > LOWER && c <= LOWER + 16) top[k === 25 ? 24 : 24 - k] = c - LOWER;
    else return null;
  }
  return [bottom, top];
}
