/** `bdb biases` as tables: each person's signed biases, then the legend (nothing when nobody is followed). */
import { biasesLegend, renderBiases } from '../biases.js';
import type { Reporter } from '../reporter.js';
import type { BiasesResult, BiasesView } from './types.js';

export const biasesText: Reporter<BiasesResult, BiasesView> = ({ read, players }, view, write) => {
  if (players.length === 0) return;
  write(
    `Signed biases over ${read} match${read === 1 ? '' : 'es'}\n\n${renderBiases([...players], view)}\n\n`,
  );
  write(`${biasesLegend(view.width)}\n`);
};
