/** eXtreme Gammon match (.xg) and position (.xgp) files. */
import { XG_INFO } from '../../model/format-info.js';
import type { MatchFormat } from '../types.js';
import { sniffXg } from './archive.js';
import { readXgFile } from './file.js';
import { xgToModel } from './to-model.js';

export const xgFormat: MatchFormat = {
  ...XG_INFO,
  sniff: sniffXg,
  parse(bytes, ctx) {
    const xg = readXgFile(bytes, ctx.file);
    // a position file has no footers and its only game is still in progress
    const format = xg.records.some((r) => r.type === 'footerMatch' || r.type === 'footerGame') ? 'xg' : 'xgp';
    return xgToModel(xg, { file: ctx.file, format });
  },
};
