/** Seeded PRNG (mulberry32): deterministic, no Math.random. Returns numbers in [0, 1). */
export { seededUniform as prng } from '../../src/core/random.js';
