/**
 * A tournament review's reads of the library: its stored rows, handed to the pure history functions
 * (src/history/tournament-review.ts runs no query).
 */
import { storedNames } from '../history/names.js';
import type { PlanRef } from '../history/plan-errors.js';
import {
  addHabitualRows,
  type HabitualCollector,
  type HabitualWindow,
  habitualFilter,
  type ReviewMatch,
  sameEvent,
  tournamentFromRows,
  tournamentRowsDetailFrom,
} from '../history/tournament-review.js';
import type { Library } from '../library/open.js';
import { libraryDecisionRows, librarySeats } from '../library/read.js';
import type { THRESHOLD_PRESETS } from '../metrics/difficulty.js';
import type { StudyPlanInput } from '../metrics/study-plan.js';

/**
 * The library's tournament EVENT (its matches whose stored event is EVENT, `sameEvent`), in file order, read
 * from the stored rows alone: every match for the review, and the errors of `names` (the person's stored
 * names) offered to the study plan under the error threshold `threshold` (equity).
 */
export function libraryTournament(
  lib: Library,
  event: string,
  preset: keyof typeof THRESHOLD_PRESETS,
  names: ReadonlySet<string>,
  threshold: number,
): Promise<{ reviews: ReviewMatch[]; planInputs: StudyPlanInput<PlanRef>[] }> {
  const stored = libraryDecisionRows(lib, { event }, preset, {
    players: names,
    keepEvent: (e) => sameEvent(e, event),
    detailFrom: tournamentRowsDetailFrom(threshold),
  });
  return tournamentFromRows(stored, threshold);
}

/**
 * The person's habitual level from the library's stored rows (no match is parsed, no decision row read):
 * their matches of the window (the collector's length and identity rules), in file order.
 */
export async function libraryHabitual(
  lib: Library,
  window: HabitualWindow,
  preset: keyof typeof THRESHOLD_PRESETS,
  collector: HabitualCollector,
  person: string,
  aliases: ReadonlyMap<string, string>,
): Promise<void> {
  const filter = habitualFilter(window);
  const names = storedNames(await librarySeats(lib, filter), person, aliases);
  if (names.size === 0) return;
  const how = { players: names, onlyTheirs: true, decisions: false } as const;
  await addHabitualRows(libraryDecisionRows(lib, filter, preset, how), collector);
}
