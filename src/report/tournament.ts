/**
 * Tournament tables for people (cli-table3, plain style) and their JSON (src/report/json.ts): standings and
 * the next round's pairings. The inputs are plain data (the shapes `computeStandings` and `pairNextRound`
 * return), so the report layer does not depend on the tournament code.
 */

import { FULL_WIDTH, wrapText } from '../text-width.js';
import { fitTable } from './cli-table.js';
import { type JsonDuplicate, type JsonHead, jsonHead } from './json.js';

export interface StandingsView {
  readonly name?: string;
  readonly system: 'swiss' | 'mcmahon';
  readonly rounds: number;
  /** The rounds the event plans; null when unknown (standings from match files without an event file). */
  readonly plannedRounds: number | null;
  readonly tiebreaks: readonly string[];
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

function title(s: { name?: string; system: string; rounds: number; plannedRounds: number | null }): string {
  const system = s.system === 'mcmahon' ? 'McMahon' : 'Swiss';
  const of =
    s.plannedRounds === null
      ? ' (how many rounds the event has is unknown: --event EVENT.json gives it)'
      : ` of ${s.plannedRounds}`;
  return `${s.name ?? 'Tournament'} — ${system}, after round ${s.rounds}${of}`;
}

/** The standings table, with a title line above and the rules in force below, within `width` columns. */
export function renderStandings(s: StandingsView, width: number = FULL_WIDTH): string {
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
  return [
    ...wrapText(title(s), width),
    fitTable({ head, rows }, width),
    ...wrapText(`Rules: ${s.rules}`, width),
  ].join('\n');
}

/** What standings read from match files add to the JSON: the matches counted and those not finished. */
export interface StandingsFromMatches {
  readonly matches: readonly {
    readonly file: string;
    readonly round: number;
    readonly winner: string;
    readonly loser: string;
    readonly roundFrom: string;
  }[];
  readonly unfinished: readonly { readonly file: string; readonly players: readonly [string, string] }[];
}

/** The standings as `bdb tournament standings --json` prints them (docs/schema/tournament-standings.schema.json). */
export interface JsonStandings extends JsonHead {
  readonly name: string | null;
  readonly system: 'swiss' | 'mcmahon';
  readonly rounds: number;
  /** Null when unknown (match files without an event file). */
  readonly plannedRounds: number | null;
  readonly tiebreaks: readonly string[];
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
    plannedRounds: s.plannedRounds,
    tiebreaks: s.tiebreaks,
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
    duplicates,
  };
}

export interface PairingView {
  readonly name?: string;
  readonly system: 'swiss' | 'mcmahon';
  readonly round: number;
  readonly plannedRounds: number;
  readonly seed: number;
  readonly seedDerived: boolean;
  readonly pairs: readonly { readonly board: number; readonly player: string; readonly opponent: string }[];
  readonly bye: string | null;
  readonly rematches: number;
  readonly scores: Readonly<Record<string, number>>;
}

/** The pairings table of the next round, the bye, and the seed used, within `width` columns. */
export function renderPairing(p: PairingView, width: number = FULL_WIDTH): string {
  const system = p.system === 'mcmahon' ? 'McMahon' : 'Swiss';
  const scoreTitle = p.system === 'mcmahon' ? 'MMS' : 'Points';
  const rows = p.pairs.map((x) => [
    String(x.board),
    x.player,
    num(p.scores[x.player] ?? 0),
    x.opponent,
    num(p.scores[x.opponent] ?? 0),
  ]);
  const lines = [
    ...wrapText(`${p.name ?? 'Tournament'} — ${system}, round ${p.round} of ${p.plannedRounds}`, width),
  ];
  lines.push(fitTable({ head: ['Board', 'Player', scoreTitle, 'Opponent', scoreTitle], rows }, width));
  lines.push(...wrapText(`Bye: ${p.bye ?? 'none'}`, width));
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
  return lines.join('\n');
}

/** The pairings as `bdb tournament pair --json` prints them (docs/schema/tournament-pair.schema.json). */
export interface JsonPairing extends JsonHead {
  readonly name: string | null;
  readonly system: 'swiss' | 'mcmahon';
  readonly round: number;
  readonly plannedRounds: number;
  readonly seed: number;
  readonly seedDerived: boolean;
  readonly pairs: readonly {
    readonly board: number;
    readonly player: string;
    readonly opponent: string;
    readonly playerScore: number;
    readonly opponentScore: number;
  }[];
  readonly bye: string | null;
  readonly rematches: number;
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
    pairs: p.pairs.map(({ board, player, opponent }) => ({
      board,
      player,
      opponent,
      playerScore: score(player),
      opponentScore: score(opponent),
    })),
    bye: p.bye,
    rematches: p.rematches,
  };
}
