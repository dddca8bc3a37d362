/** gnuBG SGF (GM[6]) match files with analysis. */

import { HEAD_BYTES, SGF_INFO } from '../../model/format-info.js';
import { byteCharset, decodeText } from '../text-decode.js';
import type { MatchFormat } from '../types.js';
import { lexSgf, lexSgfBytes } from './lexer.js';
import { CANDIDATES, sgfToModel } from './to-model.js';

const latin1 = new TextDecoder('latin1');

/** Reads the `CA[...]` charset declared in the first kilobytes, if any. */
function declaredCharset(bytes: Uint8Array): string | undefined {
  const head = latin1.decode(bytes.subarray(0, Math.min(bytes.length, HEAD_BYTES)));
  const m = /CA\[([^\]]*)\]/.exec(head);
  return m?.[1]?.trim() || undefined;
}

export const sgfFormat: MatchFormat = {
  ...SGF_INFO,
  sniff(head) {
    const s = latin1.decode(head.subarray(0, Math.min(head.length, 2048)));
    // any SGF game type: a GM[] other than 6 is then refused by the reader with its line ("GM[1] is not
    // backgammon"), which says more than "not a format bdb reads"
    return /^(\uFEFF|\u00EF\u00BB\u00BF)?\s*\(\s*;/.test(s) && /GM\[\d+\]/.test(s);
  },
  parse(bytes, ctx) {
    const declared = declaredCharset(bytes);
    const read = byteCharset(bytes, declared);
    const trees =
      read === null
        ? lexSgf(decodeText(bytes, declared), ctx.file, CANDIDATES)
        : lexSgfBytes(read.body, ctx.file, read.charset, CANDIDATES, ctx.owned === true);
    return sgfToModel(trees, { file: ctx.file, met: ctx.met });
  },
};
