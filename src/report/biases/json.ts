/** `bdb biases --json` (docs/json.md), written as it is made: the blot rows list their decisions. */
import { jsonPlayerBiases } from '../biases.js';
import { jsonHead, writeJson } from '../json.js';
import type { Reporter } from '../reporter.js';
import type { BiasesResult, BiasesView } from './types.js';

export const biasesJson: Reporter<BiasesResult, BiasesView> = (r, _view, write) =>
  writeJson(
    {
      ...jsonHead('biases'),
      settings: r.settings,
      matches: r.read,
      players: r.players.map(jsonPlayerBiases),
      failures: r.failures,
      duplicates: r.duplicates,
    },
    write,
  );
