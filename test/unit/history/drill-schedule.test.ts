/**
 * bdb drill's scheduling (src/history/drill-schedule.ts) is ts-fsrs 5.4.2 with its default parameters.
 * The expected intervals are ts-fsrs's own: packages/fsrs/__tests__/FSRS-6.test.ts ('ivl_history', the
 * open-spaced-repetition/ts-fsrs repository) rates a new card Good ×6, Again ×2, Good ×5, each answer at the
 * previous due date, from 2022-12-29 12:30, with w = the FSRS-6 default weights (ts-fsrs's default_w), and
 * expects the scheduled days [0, 2, 11, 46, 163, 498, 0, 0, 2, 4, 7, 12, 21].
 */
import { describe, expect, it } from 'vitest';
import {
  answerCard,
  cardFromJson,
  cardJson,
  type DrillGrade,
  drillRating,
  newDrillCard,
  ratingName,
} from '../../../src/history/drill-schedule.js';

describe('drill scheduling (FSRS by ts-fsrs)', () => {
  it("right ×6, wrong ×2, right ×5 give ts-fsrs's documented intervals for its default parameters", () => {
    let now = new Date(2022, 11, 29, 12, 30, 0, 0);
    let card = newDrillCard(now);
    const answers: DrillGrade[] = [
      ...Array<DrillGrade>(6).fill('right'),
      'wrong',
      'wrong',
      ...Array<DrillGrade>(5).fill('right'),
    ];
    const days: number[] = [];
    for (const a of answers) {
      // stored and read back between answers, as bdb drill does
      card = answerCard(cardFromJson(cardJson(card)), a, now);
      days.push(card.scheduled_days);
      now = card.due;
    }
    expect(days).toEqual([0, 2, 11, 46, 163, 498, 0, 0, 2, 4, 7, 12, 21]);
  });

  it('answers map to Again / Hard / Good (ts-fsrs Rating 1, 2, 3)', () => {
    expect((['wrong', 'slow', 'right'] as const).map(drillRating)).toEqual([1, 2, 3]);
    expect([1, 2, 3].map((r) => ratingName(r as 1 | 2 | 3))).toEqual(['again', 'hard', 'good']);
  });

  it('a card survives its JSON: dates are dates again', () => {
    const card = answerCard(
      newDrillCard(new Date('2024-01-01T00:00:00Z')),
      'right',
      new Date('2024-01-01T00:00:00Z'),
    );
    const back = cardFromJson(cardJson(card));
    expect(back).toEqual(card);
    expect(back.due).toBeInstanceOf(Date);
  });
});
