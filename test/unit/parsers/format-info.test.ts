/**
 * The help lists the formats from src/model/format-info.ts without loading the parsers: the registry's
 * formats must be those, in that order.
 */
import { describe, expect, it } from 'vitest';
import { FORMAT_INFOS } from '../../../src/model/format-info.js';
import { formats } from '../../../src/parsers/index.js';

describe('format names for the help', () => {
  it('are the registry’s formats, in its order', () => {
    expect(formats.map(({ id, name, extensions }) => ({ id, name, extensions }))).toEqual(
      FORMAT_INFOS.map(({ id, name, extensions }) => ({ id, name, extensions })),
    );
  });
});
