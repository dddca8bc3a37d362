/**
 * When a drilled decision comes back: spaced repetition by FSRS (the Free Spaced Repetition Scheduler of the
 * open-spaced-repetition project, FSRS-6), through its own TypeScript implementation, the npm package
 * `ts-fsrs` (5.4.2, MIT) with its default parameters (the 21 weights of FSRS-6, retention 0.9, learning
 * steps 1 and 10 minutes, relearning 10 minutes, no fuzz: the same answers give the same dates).
 *
 * An answer becomes an FSRS rating: wrong → Again, right but slow → Hard, right → Good (Easy is not used: a
 * quiz cannot tell it). A card's state is kept as JSON (its dates as ISO text) and read back here; this
 * module computes nothing itself, it passes ts-fsrs's card and due date through unchanged.
 */
import { type Card, createEmptyCard, type FSRS, fsrs, type Grade, Rating, TypeConvert } from 'ts-fsrs';

/** How an answer went. */
export type DrillGrade = 'right' | 'slow' | 'wrong';

/** An answer given after this many seconds is right but slow (rated Hard). */
export const SLOW_SECONDS = 30;

/** The FSRS rating of an answer. */
export function drillRating(grade: DrillGrade): Grade {
  if (grade === 'wrong') return Rating.Again;
  return grade === 'slow' ? Rating.Hard : Rating.Good;
}

/** The rating's name as stored (`again`, `hard`, `good`). */
export function ratingName(r: Grade): string {
  return r === Rating.Again ? 'again' : r === Rating.Hard ? 'hard' : r === Rating.Good ? 'good' : 'easy';
}

/** A drilled decision's scheduling state: ts-fsrs's card. */
export type DrillCard = Card;

/** A card never answered, due now. */
export function newDrillCard(now: Date): DrillCard {
  return createEmptyCard(now);
}

/** The card as stored (JSON; its dates as ISO text). */
export function cardJson(card: DrillCard): string {
  return JSON.stringify(card);
}

/** A stored card read back (its dates made dates again). */
export function cardFromJson(json: string): DrillCard {
  return TypeConvert.card(JSON.parse(json) as Card);
}

let scheduler: FSRS | null = null;

/** The card after an answer at `now`: its next state and due date, as ts-fsrs gives them. */
export function answerCard(card: DrillCard, grade: DrillGrade, now: Date): DrillCard {
  scheduler ??= fsrs();
  return scheduler.next(card, now, drillRating(grade)).card;
}
