/**
 * Tournament tables for people (./cli-table.ts's boxes) and their JSON (src/report/json.ts): standings and
 * the next round's pairings. The inputs are plain data (the shapes `computeStandings` and `pairNextRound`
 * return), so the report layer does not depend on the tournament code.
 */

import { FULL_WIDTH, wrapText } from '../core/text-width.js';
import { fitTable } from './cli-table.js';
import { type JsonDuplicate, type JsonHead, jsonHead } from './json.js';

/** Where an event with a format stands (src/tournament/format.ts's status, as plain data). */
export interface FormatView {
  readonly type: string;
  /** The format in words ("double elimination, seeded by rating, with a reset final"). */
  readonly description: string;
  readonly finished: boolean;
  readonly brackets: readonly {
    readonly name: string;
    readonly players: readonly string[];
    readonly winner: string | null;
  }[];
  /** Final places once finished, else null (round robin: the standings rank them). */
  readonly places: readonly { readonly place: number; readonly player: string }[] | null;
  readonly bracketPlaces: readonly {
    readonly name: string;
    readonly places: readonly { readonly place: number; readonly player: string }[];
  }[];
  /** Swiss with lives: each player's losses. */
  readonly losses?: Readonly<Record<string, number>>;
}

export interface StandingsView {
  readonly name?: string;
  /** An event with a format: its brackets, places and what it is. */
  readonly format?: FormatView;
  readonly system: 'swiss' | 'mcmahon';
  readonly rounds: number;
  /** Rounds complete from the first (every game with its result). */
  readonly roundsComplete: number;
  /** The rounds still missing results: their games, the results in, the games without one. */
  readonly incomplete: readonly IncompleteRound[];
  /** The rounds the event plans; null when unknown (standings from match files without an event file). */
  readonly plannedRounds: number | null;
  readonly tiebreaks: readonly string[];
  /** What becomes of players still equal after the tiebreaks: `share`, `playoff` or `playoff-first`. */
  readonly ties: string;
  /** The places two or more players share after every tiebreak, and whether each is played off. */
  readonly tied: readonly TiedPlaceView[];
  readonly rules: string;
  readonly rows: readonly {
    readonly rank: number;
    readonly player: string;
    readonly start?: number;
    readonly points: number;
    /** One cell per tiebreak, in the event's order: the value that orders, and the value as printed. */
    readonly tiebreaks: readonly { readonly value: number; readonly text: string }[];
    readonly withdrawnAfterRound?: number;
  }[];
}

/** A place shared after every tiebreak, its players, and whether the event's rule plays it off. */
export interface TiedPlaceView {
  readonly rank: number;
  readonly players: readonly string[];
  readonly playoff: boolean;
}

/**
 * The shared places under the standings: "Shared places: 3 Ann, Bob" and "Play-off for place 1: Cid, Dan"
 * (none when no two players are equal after the tiebreaks).
 */
function tiedLines(tied: readonly TiedPlaceView[]): string[] {
  const shared = tied.filter((t) => !t.playoff);
  const played = tied.filter((t) => t.playoff);
  return [
    ...(shared.length > 0
      ? [`Shared places: ${shared.map((t) => `${t.rank} ${t.players.join(', ')}`).join('; ')}`]
      : []),
    ...played.map((t) => `Play-off for place ${t.rank}: ${t.players.join(', ')}`),
  ];
}

/** A round still missing results (the opponent is null when the round's boards were not recorded). */
export interface IncompleteRound {
  readonly round: number;
  readonly games: number;
  readonly results: number;
  readonly missing: readonly { readonly player: string; readonly opponent: string | null }[];
}

const TIEBREAK_TITLES: Readonly<Record<string, string>> = {
  kts: 'KTS',
  buchholz: 'Buchholz',
  'buchholz-cut1': 'Buchholz Cut-1',
  'buchholz-median': 'Median Buchholz',
  sos: 'SOS',
  sosos: 'SOSOS',
  'sonneborn-berger': 'Sonneborn-Berger',
  omw: 'OMW%',
  'head-to-head': 'Head-to-head',
};

function num(v: number): string {
  return Number.isInteger(v) ? String(v) : String(Math.round(v * 100) / 100);
}

function title(s: StandingsView): string {
  const system = s.format ? s.format.description : s.system === 'mcmahon' ? 'McMahon' : 'Swiss';
  const of =
    s.plannedRounds !== null
      ? ` of ${s.plannedRounds}`
      : s.format
        ? ' (rounds until one player is left)'
        : ' (how many rounds the event has is unknown: --event EVENT.json gives it)';
  const partial = s.incomplete.map((r) => `round ${r.round}: ${r.results} of ${r.games} results in`);
  const when = s.roundsComplete === 0 ? 'no round complete' : `after round ${s.roundsComplete}`;
  return `${s.name ?? 'Tournament'} — ${system}, ${when}${of}${partial.length > 0 ? ` (${partial.join('; ')})` : ''}`;
}

/** The games still without a result, one line: "Missing results: round 3: Anna–Bob, Carl–Dora". */
function missingLine(incomplete: readonly IncompleteRound[]): string | null {
  if (incomplete.length === 0) return null;
  const rounds = incomplete.map((r) => {
    const paired = r.missing.filter((m) => m.opponent !== null).map((m) => `${m.player}–${m.opponent}`);
    const alone = r.missing.filter((m) => m.opponent === null).map((m) => m.player);
    return `round ${r.round}: ${[...paired, ...(alone.length > 0 ? [`no result for ${alone.join(', ')}`] : [])].join(', ')}`;
  });
  return `Missing results (the points count the results in): ${rounds.join('; ')}`;
}

/** The standings' pieces, for the table and the page: the title, the table, the lines under it, the rules. */
export interface StandingsParts {
  readonly title: string;
  readonly head: readonly string[];
  readonly rows: readonly (readonly string[])[];
  /** The missing results and the format's state, one line each. */
  readonly notes: readonly string[];
  /** "Rules: …". */
  readonly rules: string;
}

/** The title, the table's header and rows, the lines under it and the rules of the standings. */
export function standingsParts(s: StandingsView): StandingsParts {
  const mcmahon = s.system === 'mcmahon';
  const head = [
    '#',
    'Player',
    ...(mcmahon ? ['Start'] : []),
    mcmahon ? 'MMS' : 'Points',
    ...s.tiebreaks.map((t) => TIEBREAK_TITLES[t] ?? t),
  ];
  const rows = s.rows.map((r) => {
    const who =
      r.withdrawnAfterRound !== undefined
        ? `${r.player} (withdrew after round ${r.withdrawnAfterRound})`
        : r.player;
    return [
      String(r.rank),
      who,
      ...(mcmahon ? [num(r.start ?? 0)] : []),
      num(r.points),
      ...r.tiebreaks.map((c) => c.text),
    ];
  });
  const missing = missingLine(s.incomplete);
  return {
    title: title(s),
    head,
    rows,
    notes: [
      ...(missing === null ? [] : [missing]),
      ...tiedLines(s.tied),
      ...(s.format ? formatLines(s.format) : []),
    ],
    rules: `Rules: ${s.rules}`,
  };
}

/**
 * The standings table, with a title line above and the rules in force below, within `width` columns (the
 * table in plain ASCII with `ascii`).
 */
export function renderStandings(s: StandingsView, width: number = FULL_WIDTH, ascii = false): string {
  const p = standingsParts(s);
  return [
    ...wrapText(p.title, width),
    fitTable({ head: [...p.head], rows: p.rows.map((r) => [...r]) }, width, { ascii }),
    ...p.notes.flatMap((l) => wrapText(l, width)),
    ...wrapText(p.rules, width),
  ].join('\n');
}

/** "1 Ann, 2 Bob, 3 Cid, 3 Dan". */
function placesText(places: readonly { place: number; player: string }[]): string {
  return places.map((p) => `${p.place} ${p.player}`).join(', ');
}

/** The format's state under the standings: who is still in where, or the final places. */
function formatLines(f: FormatView): string[] {
  const lines: string[] = [];
  if (!f.finished) {
    // one bracket (Swiss with lives, a qualifier's Swiss rounds): the names alone
    const still = f.brackets
      .filter((b) => b.players.length > 0)
      .map((b) => (f.brackets.length === 1 ? b.players.join(', ') : `${b.name}: ${b.players.join(', ')}`));
    lines.push(`Still in: ${still.length > 0 ? still.join('; ') : 'n/a'}`);
    const won = f.brackets.filter((b) => b.winner !== null).map((b) => `${b.name}: ${b.winner}`);
    if (won.length > 0) lines.push(`Bracket winners: ${won.join('; ')}`);
  } else if (f.places !== null) lines.push(`Finished. Places: ${placesText(f.places)}`);
  else lines.push('Finished: the standings above are the places');
  for (const b of f.bracketPlaces) lines.push(`${b.name}: ${placesText(b.places)}`);
  if (f.losses) {
    lines.push(
      `Losses: ${Object.entries(f.losses)
        .map(([p, n]) => `${p} ${n}`)
        .join(', ')}`,
    );
  }
  return lines;
}

/** What standings read from match files add to the JSON: the matches counted and those not finished. */
export interface StandingsFromMatches {
  readonly matches: readonly {
    readonly file: string;
    readonly round: number;
    readonly winner: string;
    readonly loser: string;
    readonly roundFrom: string;
    /** The winner's and the loser's PR in the match (XG's rules); null without analysis. */
    readonly winnerPr: number | null;
    readonly loserPr: number | null;
  }[];
  readonly unfinished: readonly { readonly file: string; readonly players: readonly [string, string] }[];
}

/** The standings as `bdb tournament standings --json` prints them (docs/schema/tournament-standings.schema.json). */
export interface JsonStandings extends JsonHead {
  readonly name: string | null;
  readonly system: 'swiss' | 'mcmahon';
  readonly rounds: number;
  readonly roundsComplete: number;
  readonly incompleteRounds: readonly IncompleteRound[];
  /** Null when unknown (match files without an event file). */
  readonly plannedRounds: number | null;
  readonly tiebreaks: readonly string[];
  readonly ties: string;
  readonly tiedPlaces: readonly TiedPlaceView[];
  readonly rules: string;
  readonly standings: readonly {
    readonly rank: number;
    readonly player: string;
    readonly start?: number;
    readonly points: number;
    /** Tiebreak name → the value that orders. */
    readonly tiebreakValues: Readonly<Record<string, number>>;
    readonly withdrawnAfterRound?: number;
  }[];
  readonly matches?: StandingsFromMatches['matches'];
  readonly unfinished?: StandingsFromMatches['unfinished'];
  /** An event with a format: its state (absent for Swiss and McMahon events). */
  readonly format?: FormatView;
  /** Match files holding a match already read from another file (counted once); none for an event file. */
  readonly duplicates: readonly JsonDuplicate[];
}

/** The standings as JSON; from match files, with the matches counted, those unfinished and the duplicates. */
export function jsonStandings(
  s: StandingsView,
  fromMatches: StandingsFromMatches | null = null,
  duplicates: readonly JsonDuplicate[] = [],
): JsonStandings {
  return {
    ...jsonHead('tournament-standings'),
    name: s.name ?? null,
    system: s.system,
    rounds: s.rounds,
    roundsComplete: s.roundsComplete,
    incompleteRounds: s.incomplete.map((r) => ({
      round: r.round,
      games: r.games,
      results: r.results,
      missing: r.missing.map((m) => ({ player: m.player, opponent: m.opponent })),
    })),
    plannedRounds: s.plannedRounds,
    tiebreaks: s.tiebreaks,
    ties: s.ties,
    tiedPlaces: s.tied,
    rules: s.rules,
    standings: s.rows.map((r) => ({
      rank: r.rank,
      player: r.player,
      ...(r.start !== undefined ? { start: r.start } : {}),
      points: r.points,
      tiebreakValues: Object.fromEntries(s.tiebreaks.map((t, i) => [t, r.tiebreaks[i]?.value ?? 0])),
      ...(r.withdrawnAfterRound !== undefined ? { withdrawnAfterRound: r.withdrawnAfterRound } : {}),
    })),
    ...(fromMatches ? { matches: fromMatches.matches, unfinished: fromMatches.unfinished } : {}),
    ...(s.format ? { format: s.format } : {}),
    duplicates,
  };
}

export interface PairingView {
  readonly name?: string;
  readonly system: 'swiss' | 'mcmahon';
  readonly round: number;
  /** Null when the format does not know it in advance (Swiss with lives). */
  readonly plannedRounds: number | null;
  readonly seed: number;
  readonly seedDerived: boolean;
  readonly pairs: readonly {
    readonly board: number;
    readonly player: string;
    readonly opponent: string;
    /** A knock-out's bracket of the board. */
    readonly bracket?: string | null;
  }[];
  readonly bye: string | null;
  /** An event with a format: every bye of the round (a knock-out may have several), with its bracket. */
  readonly byes?: readonly { readonly player: string; readonly bracket: string | null }[];
  /** An event with a format: the format in words. */
  readonly format?: string;
  readonly rematches: number;
  readonly scores: Readonly<Record<string, number>>;
  /** The event file the pairing was recorded in; null when not recorded (`--dry-run`). */
  readonly recorded: string | null;
}

/**
 * The pairings table of the next round, the bye, and the seed used, within `width` columns (the table in
 * plain ASCII with `ascii`).
 */
export function renderPairing(p: PairingView, width: number = FULL_WIDTH, ascii = false): string {
  const system = p.format ?? (p.system === 'mcmahon' ? 'McMahon' : 'Swiss');
  const scoreTitle = p.system === 'mcmahon' ? 'MMS' : 'Points';
  const brackets = p.pairs.some((x) => typeof x.bracket === 'string');
  const rows = p.pairs.map((x) => [
    String(x.board),
    ...(brackets ? [x.bracket ?? ''] : []),
    x.player,
    num(p.scores[x.player] ?? 0),
    x.opponent,
    num(p.scores[x.opponent] ?? 0),
  ]);
  const of = p.plannedRounds === null ? '' : ` of ${p.plannedRounds}`;
  const lines = [...wrapText(`${p.name ?? 'Tournament'} — ${system}, round ${p.round}${of}`, width)];
  const head = ['Board', ...(brackets ? ['Bracket'] : []), 'Player', scoreTitle, 'Opponent', scoreTitle];
  lines.push(
    rows.length === 0 && p.format !== undefined
      ? 'No game this round.'
      : fitTable({ head, rows }, width, { ascii }),
  );
  const byes = p.byes ?? (p.bye === null ? [] : [{ player: p.bye, bracket: null }]);
  const byeText = byes.map((b) => `${b.player}${b.bracket ? ` (${b.bracket})` : ''}`).join(', ');
  lines.push(
    ...wrapText(
      byes.length === 0
        ? 'Bye: none'
        : byes.length === 1
          ? `Bye: ${byeText} (a win)`
          : `Byes: ${byeText} (each a win)`,
      width,
    ),
  );
  if (p.rematches > 0) {
    lines.push(
      ...wrapText(`Rematches: ${p.rematches} (unavoidable: every other pairing repeats more games)`, width),
    );
  }
  lines.push(
    ...wrapText(
      p.seedDerived
        ? `Seed: ${p.seed} (derived from the event name and round, so reruns agree; --seed N to choose another)`
        : `Seed: ${p.seed} (from --seed)`,
      width,
    ),
  );
  lines.push(
    ...wrapText(
      p.recorded === null
        ? 'Not recorded (--dry-run).'
        : `Recorded in ${p.recorded}: the boards${byes.length === 0 ? '' : byes.length === 1 ? ' and the bye' : ' and the byes'}; enter results with bdb tournament result.`,
      width,
    ),
  );
  return lines.join('\n');
}

/** The pairings as `bdb tournament pair --json` prints them (docs/schema/tournament-pair.schema.json). */
export interface JsonPairing extends JsonHead {
  readonly name: string | null;
  readonly system: 'swiss' | 'mcmahon';
  readonly round: number;
  readonly plannedRounds: number | null;
  readonly seed: number;
  readonly seedDerived: boolean;
  readonly pairs: readonly {
    readonly board: number;
    readonly player: string;
    readonly opponent: string;
    readonly playerScore: number;
    readonly opponentScore: number;
    readonly bracket?: string | null;
  }[];
  readonly bye: string | null;
  /** An event with a format: its format in words, and every bye of the round with its bracket. */
  readonly format?: string;
  readonly byes?: readonly { readonly player: string; readonly bracket: string | null }[];
  readonly rematches: number;
  /** The event file the pairing was recorded in; null when not (`--dry-run`). */
  readonly recorded: string | null;
}

/** The pairings of the next round as JSON: each pair with both players' scores. */
export function jsonPairing(p: PairingView): JsonPairing {
  // own entries only: a player missing from the scores (never, in practice) counts 0
  const score = (player: string): number => (Object.hasOwn(p.scores, player) ? p.scores[player]! : 0);
  return {
    ...jsonHead('tournament-pair'),
    name: p.name ?? null,
    system: p.system,
    round: p.round,
    plannedRounds: p.plannedRounds,
    seed: p.seed,
    seedDerived: p.seedDerived,
    pairs: p.pairs.map(({ board, player, opponent, bracket }) => ({
      board,
      player,
      opponent,
      playerScore: score(player),
      opponentScore: score(opponent),
      ...(p.format !== undefined ? { bracket: bracket ?? null } : {}),
    })),
    bye: p.bye,
    ...(p.format !== undefined ? { format: p.format, byes: p.byes ?? [] } : {}),
    rematches: p.rematches,
    recorded: p.recorded,
  };
}
