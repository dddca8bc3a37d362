/**
 * What the npm package holds beside the code: the example matches are the reference files, byte for byte.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { REF_DIR } from '../helpers/fixtures.js';

const ROOT = new URL('../../', import.meta.url);

describe('examples/matches', () => {
  it('holds byte-identical copies of two reference matches', () => {
    for (const [copy, original] of [
      ['examples/matches/test.xg', `${REF_DIR}xg/test.xg`],
      ['examples/matches/g0001.sgf', `${REF_DIR}gnubg/g0001.sgf`],
    ] as const)
      expect(readFileSync(new URL(copy, ROOT)).equals(readFileSync(original)), copy).toBe(true);
  });
});
