/**
 * The format of an event beyond Swiss and McMahon, as its event file's `format` field gives it
 * (issue 41): single elimination, consolation and last chance, double elimination, Swiss with lives,
 * round robin, and a Swiss qualifier into a seeded knock-out. An event file without `format` is a
 * Swiss or McMahon event as before. Only types and their defaults here (no engine).
 */

/** How a knock-out's players get their seeds: by rating (highest first), in the order given (a draw made
 * beforehand), or shuffled from the event's stored seed. */
export type SeedingMethod = 'rating' | 'draw' | 'random';

export const SEEDING_METHODS: readonly SeedingMethod[] = ['rating', 'draw', 'random'];

interface Seeded {
  readonly seeding: SeedingMethod;
  /** The seed of a random draw (required with `seeding: "random"`, stored so that replays agree). */
  readonly seed?: number;
}

export interface SingleFormat extends Seeded {
  readonly type: 'single';
}

/**
 * A bracket fed by the losers of another one: the losers of `from`'s rounds `first`..`last` drop into it
 * (as they are decided, a feed-in bracket: spec in src/tournament/bracket.ts).
 */
export interface FeedBracket {
  readonly name: string;
  readonly from: string;
  readonly first: number;
  readonly last: number;
}

export interface ConsolationFormat extends Seeded {
  readonly type: 'consolation';
  /** The secondary brackets, each fed by the main draw ("main") or an earlier secondary bracket. */
  readonly brackets: readonly FeedBracket[];
}

/**
 * The default consolation event: losers of the main draw's round 1 into the consolation, losers of the
 * consolation's round 1 into the last chance.
 */
export const DEFAULT_CONSOLATION: readonly FeedBracket[] = [
  { name: 'consolation', from: 'main', first: 1, last: 1 },
  { name: 'last-chance', from: 'consolation', first: 1, last: 1 },
];

/**
 * Monte Carlo style (a second consolation, as the World Championship's side events run it, chosen
 * here as a configuration of the same mechanism): the consolation takes the main draw's round-1 losers,
 * the last chance the consolation's round-1 losers, and a second consolation the main draw's round-2
 * losers.
 */
export const MONTE_CARLO: readonly FeedBracket[] = [
  ...DEFAULT_CONSOLATION,
  { name: 'second-consolation', from: 'main', first: 2, last: 2 },
];

export interface DoubleFormat extends Seeded {
  readonly type: 'double';
  /** When the losers' bracket winner wins the grand final, a second final is played (the "reset"). */
  readonly reset: boolean;
}

export interface LivesFormat {
  readonly type: 'lives';
  /** A player with this many losses is out (Munich: 2, Trier: 3). */
  readonly lives: number;
}

export interface RoundRobinFormat {
  readonly type: 'round-robin';
}

export interface QualifierFormat {
  readonly type: 'qualifier';
  /** Swiss rounds of the qualifier. */
  readonly swissRounds: number;
  /** The top players of the qualifier's standings who go on to the knock-out (seeded 1 v K). */
  readonly top: number;
}

export type EventFormat =
  | SingleFormat
  | ConsolationFormat
  | DoubleFormat
  | LivesFormat
  | RoundRobinFormat
  | QualifierFormat;

export type FormatType = EventFormat['type'];

export const FORMAT_TYPES: readonly FormatType[] = [
  'single',
  'consolation',
  'double',
  'lives',
  'round-robin',
  'qualifier',
];

/** The format's bracket games need a winner (no draw, no double forfeit). */
export function isKnockout(format: EventFormat | undefined): boolean {
  return format !== undefined && ['single', 'consolation', 'double'].includes(format.type);
}
