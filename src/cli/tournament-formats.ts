/**
 * The command line of the formats beyond Swiss and McMahon (issue 41): `bdb tournament new --format …`
 * and its options, read into an event's `format` (src/tournament/format-config.ts); `tournament pair`'s
 * view of a format round. Each mistake is a one-line usage error.
 */
import { UsageError } from '../errors.js';
import type { FormatPairing } from '../tournament/format.js';
import {
  DEFAULT_CONSOLATION,
  type EventFormat,
  type FeedBracket,
  FORMAT_TYPES,
  type FormatType,
  MONTE_CARLO,
  SEEDING_METHODS,
  type SeedingMethod,
} from '../tournament/format-config.js';

export interface FormatOptions {
  format?: string;
  seeding?: string;
  drawSeed?: string;
  brackets?: string;
  reset?: boolean;
  lives?: string;
  swissRounds?: string;
  top?: string;
}

/** The options each format takes (the others are refused with it). */
const TAKES: Readonly<Record<FormatType, readonly (keyof FormatOptions)[]>> = {
  single: ['seeding', 'drawSeed'],
  consolation: ['seeding', 'drawSeed', 'brackets'],
  double: ['seeding', 'drawSeed', 'reset'],
  lives: ['lives'],
  'round-robin': [],
  qualifier: ['swissRounds', 'top'],
};

const FLAG: Readonly<Record<keyof FormatOptions, string>> = {
  format: '--format',
  seeding: '--seeding',
  drawSeed: '--draw-seed',
  brackets: '--brackets',
  reset: '--no-reset',
  lives: '--lives',
  swissRounds: '--swiss-rounds',
  top: '--top',
};

function wholeNumber(flag: string, value: string, min: number): number {
  if (!/^\d+$/.test(value.trim()) || Number(value) < min)
    throw new UsageError(`${flag} expects a whole number ≥ ${min}, got ${JSON.stringify(value)}`);
  return Number(value);
}

/** `--brackets default|monte-carlo|NAME=FROM:FIRST[-LAST],…` (FROM: main or an earlier bracket). */
export function bracketsOption(value: string | undefined): FeedBracket[] {
  if (value === undefined || value.trim() === 'default') return [...DEFAULT_CONSOLATION];
  if (value.trim() === 'monte-carlo') return [...MONTE_CARLO];
  const known = ['main'];
  return value.split(',').map((part) => {
    const m = /^\s*([\w-]+)\s*=\s*([\w-]+)\s*:\s*(\d+)(?:\s*-\s*(\d+))?\s*$/.exec(part);
    if (!m)
      throw new UsageError(
        `--brackets expects default, monte-carlo or NAME=FROM:FIRST[-LAST],… (consolation=main:1,last-chance=consolation:1), got ${JSON.stringify(part)}`,
      );
    const [, name, from, a, b] = m;
    if (known.includes(name!))
      throw new UsageError(`--brackets: "${name}" is named twice (or is the main draw)`);
    if (!known.includes(from!))
      throw new UsageError(
        `--brackets: "${name}" takes losers from "${from}", which is not main or a bracket before it`,
      );
    const first = Number(a);
    const last = b === undefined ? first : Number(b);
    if (first < 1 || last < first)
      throw new UsageError(`--brackets: "${part.trim()}": rounds FIRST-LAST from 1, ascending`);
    known.push(name!);
    return { name: name!, from: from!, first, last };
  });
}

/**
 * The event's format from `--format` and its options, or undefined without `--format` (a Swiss or McMahon
 * event). `players` and `rated` check what the format needs; `defaultSeed` is the random draw's seed
 * when `--draw-seed` is not given.
 */
export function formatOption(
  opts: FormatOptions,
  players: number,
  rated: boolean,
  defaultSeed: number,
): EventFormat | undefined {
  const given = (Object.keys(FLAG) as (keyof FormatOptions)[]).filter(
    (k) => k !== 'format' && (k === 'reset' ? opts.reset === false : opts[k] !== undefined),
  );
  if (opts.format === undefined) {
    if (given.length > 0) throw new UsageError(`${FLAG[given[0]!]} goes with --format`);
    return undefined;
  }
  const type = opts.format.trim().toLowerCase() as FormatType;
  if (!FORMAT_TYPES.includes(type))
    throw new UsageError(
      `--format expects one of ${FORMAT_TYPES.join(', ')}, got ${JSON.stringify(opts.format)}`,
    );
  for (const k of given) {
    if (!TAKES[type].includes(k)) throw new UsageError(`${FLAG[k]} does not go with --format ${type}`);
  }
  const seeded = (): { seeding: SeedingMethod; seed?: number } => {
    const seeding = (opts.seeding?.trim().toLowerCase() ?? (rated ? 'rating' : 'draw')) as SeedingMethod;
    if (!SEEDING_METHODS.includes(seeding))
      throw new UsageError(
        `--seeding expects one of ${SEEDING_METHODS.join(', ')}, got ${JSON.stringify(opts.seeding)}`,
      );
    if (seeding === 'rating' && !rated)
      throw new UsageError('--seeding rating: no player has a rating (NAME=RATING)');
    if (opts.drawSeed !== undefined && seeding !== 'random')
      throw new UsageError('--draw-seed goes with --seeding random');
    if (seeding !== 'random') return { seeding };
    const seed = opts.drawSeed === undefined ? defaultSeed : wholeNumber('--draw-seed', opts.drawSeed, 0);
    if (seed > 0xffffffff) throw new UsageError('--draw-seed expects a whole number from 0 to 4294967295');
    return { seeding, seed };
  };
  switch (type) {
    case 'single':
      return { type, ...seeded() };
    case 'consolation':
      return { type, ...seeded(), brackets: bracketsOption(opts.brackets) };
    case 'double':
      return { type, ...seeded(), reset: opts.reset !== false };
    case 'lives':
      return { type, lives: opts.lives === undefined ? 2 : wholeNumber('--lives', opts.lives, 1) };
    case 'round-robin':
      return { type };
    case 'qualifier': {
      if (opts.swissRounds === undefined || opts.top === undefined)
        throw new UsageError(
          '--format qualifier needs --swiss-rounds R and --top K (the knock-out takes the top K)',
        );
      const top = wholeNumber('--top', opts.top, 2);
      if (top > players) throw new UsageError(`--top ${top}: the event has ${players} players`);
      return { type, swissRounds: wholeNumber('--swiss-rounds', opts.swissRounds, 1), top };
    }
  }
}

/** What `tournament pair` shows of a format round: boards with their brackets, every bye. */
export function formatPairs(p: FormatPairing): {
  pairs: { board: number; player: string; opponent: string; bracket: string | null }[];
  bye: string | null;
  byes: { player: string; bracket: string | null }[];
} {
  return {
    pairs: p.boards.map((b, i) => ({
      board: i + 1,
      player: b.player,
      opponent: b.opponent,
      bracket: b.bracket,
    })),
    bye: p.byes.length === 1 ? p.byes[0]!.player : null,
    byes: p.byes.map((b) => ({ player: b.player, bracket: b.bracket })),
  };
}
