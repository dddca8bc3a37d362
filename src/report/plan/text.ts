/** `bdb plan` as tables: each person's plan, the themes over everyone (several players), the legend. */
import { wrapText } from '../../core/text-width.js';
import { coverageLine, planLegend, renderPlans } from '../plan.js';
import type { Reporter } from '../reporter.js';
import type { PlanResult, PlanView } from './types.js';

export const planText: Reporter<PlanResult, PlanView> = (r, view, write) => {
  if (r.persons.length === 0) return;
  const players = r.persons.map((n) => r.plan(n));
  const { read } = r;
  write(`Study plan over ${read} match${read === 1 ? '' : 'es'}\n\n${renderPlans(players, view)}\n\n`);
  if (players.filter((p) => p.analysed > 0).length > 1)
    write(`${wrapText(`All players: ${coverageLine(r.coverage)}`, view.width).join('\n')}\n`);
  write(`${planLegend(r.errorMpt, r.preset, view.width)}\n`);
};
