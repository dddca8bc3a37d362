/** Seeded random numbers: the same seed gives the same sequence on every run and machine (no Math.random). */

/** A seeded uniform generator on [0, 1) (mulberry32: 32-bit state, period 2³²). */
export function seededUniform(seed: number): () => number {
  let s = seed >>> 0;
  return () => {
    s = (s + 0x6d2b79f5) >>> 0;
    let t = s;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}
