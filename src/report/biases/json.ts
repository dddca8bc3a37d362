/**
 * `bdb biases --json` (docs/json.md), written as it is made: the blot rows list their decisions, and each person's
 * entry is made when the output reaches it.
 */
import { jsonPlayerBiases } from '../biases.js';
import { jsonHead, LazyJsonArray, writeJson } from '../json.js';
import type { Reporter } from '../reporter.js';
import type { BiasesResult, BiasesView } from './types.js';

export const biasesJson: Reporter<BiasesResult, BiasesView> = (r, _view, write) =>
  writeJson(
    {
      ...jsonHead('biases'),
      settings: r.settings,
      matches: r.read,
      players: LazyJsonArray.of(r.players, jsonPlayerBiases),
      failures: r.failures,
      duplicates: r.duplicates,
    },
    write,
  );
