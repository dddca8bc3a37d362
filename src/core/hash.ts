/**
 * A hash of bytes or text, through node:crypto loaded on first use: reading one match needs none (nothing
 * to compare it with), and loading node:crypto costs about 7 ms of a 0.2 s run (bench/README.md, startup).
 */
import type { Hash } from 'node:crypto';

/** A new hash object of `algorithm` (node:crypto's `createHash`). */
export function newHash(algorithm: 'sha1' | 'sha256'): Hash {
  return process.getBuiltinModule('node:crypto').createHash(algorithm);
}
