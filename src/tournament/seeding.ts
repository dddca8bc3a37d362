/**
 * Seeding of a knock-out: the bracket size (the next power of two), the players in seed order (by
 * rating, by the order given, or a seeded shuffle) and the standard bracket order, in which seeds 1 and
 * 2 can meet only in the final, 1 to 4 only in the semi-finals, and so on: for 16,
 * 1v16, 8v9, 5v12, 4v13, 3v14, 6v11, 7v10, 2v15 (each seed t of the order for S/2 becomes the pair
 * t, S + 1 − t: t on top at an even slot, below at an odd one, so that 2 ends at the bottom).
 * Seeds above the number of players are byes, so the byes go to the top seeds.
 */

import type { Player } from './event.js';
import { TournamentError } from './event.js';
import type { SeedingMethod } from './format-config.js';
import { seededRandom } from './swiss.js';

/** The bracket size for n players: the smallest power of two ≥ n (at least 2). */
export function bracketSize(n: number): number {
  let s = 2;
  while (s < n) s *= 2;
  return s;
}

/** The seeds (1-based) in bracket order, slot 0 first: [1, 4, 3, 2] for 4, [1, 8, 5, 4, 3, 6, 7, 2] for 8. */
export function bracketOrder(size: number): number[] {
  if (size < 2 || (size & (size - 1)) !== 0)
    throw new TournamentError(`a bracket of ${size} is not a power of two`);
  let order = [1, 2];
  while (order.length < size) {
    const s = order.length * 2;
    // the pair of the parent slot at an even index keeps the parent seed on top, at an odd index below
    order = order.flatMap((t, i) => (i % 2 === 0 ? [t, s + 1 - t] : [s + 1 - t, t]));
  }
  return order;
}

/**
 * The players' names in seed order (seed 1 first): by rating, highest first (unrated last, ties in the
 * order given); in the order given ('draw'); or shuffled (Fisher–Yates) by a generator seeded with `seed`.
 */
export function seedOrder(players: readonly Player[], method: SeedingMethod, seed?: number): string[] {
  const names = players.map((p) => p.name);
  if (method === 'draw') return names;
  if (method === 'rating') {
    return players
      .map((p, i) => ({ name: p.name, rating: p.rating ?? Number.NEGATIVE_INFINITY, i }))
      .sort((a, b) => b.rating - a.rating || a.i - b.i)
      .map((p) => p.name);
  }
  if (seed === undefined) throw new TournamentError('a random seeding needs the seed of its draw');
  const random = seededRandom(seed ^ 0x2545f491);
  const out = [...names];
  for (let i = out.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    [out[i], out[j]] = [out[j]!, out[i]!];
  }
  return out;
}
