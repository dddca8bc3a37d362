/**
 * Standings of an event file: points (the event's points, default win 1 / loss 0, for Swiss; McMahon
 * score for McMahon), then
 * the event's tiebreaks in its order, then the name; and the next round's pairing, Swiss or McMahon.
 */

import {
  DEFAULT_POINTS,
  DOUBLE_FORFEIT,
  describePoints,
  type ResultTable,
  resultTable,
  type Scoring,
  TournamentError,
} from './event.js';
import type { EventFile, TiebreakName, TieRule } from './file.js';
import {
  describeFormat,
  type FormatPairing,
  type FormatStatus,
  type FormatView,
  formatPlannedRounds,
  formatStatus,
  pairFormatRound,
  type Ranking,
} from './format.js';
import { mcmahonInitialScores, mcmahonRules, pairMcMahonRound } from './mcmahon.js';
import {
  completeRounds,
  describeMissing,
  lastRound,
  type RoundProgress,
  roundsProgress,
} from './progress.js';
import { pairSwissRound, type SwissPairing, swissRounds } from './swiss.js';
import {
  buchholz,
  buchholzCut1,
  buchholzMedian,
  describeFideRule,
  type FideEdition,
  formatKts,
  headToHead,
  kts,
  opponentsMatchWinPercent,
  scores,
  sonnebornBerger,
  sos,
  sosos,
  type TiebreakRules,
} from './tiebreaks.js';

export interface TiebreakCell {
  /** The value the order uses (KTS: XX × 10⁶ + YYY × 10³ + ZZZ; OMW: a share 0..1). */
  readonly value: number;
  /** The value as printed (KTS: the 7- or 8-digit code; OMW: a percentage). */
  readonly text: string;
}

export interface StandingsRow {
  /** Shared by players equal on points and every tiebreak. */
  readonly rank: number;
  readonly player: string;
  /** McMahon only: the initial McMahon score MMS₀. */
  readonly start?: number;
  readonly points: number;
  readonly tiebreaks: readonly TiebreakCell[];
  /** The round after which the player withdrew, if he did. */
  readonly withdrawnAfterRound?: number;
}

/** A place two or more players share after every tiebreak; `playoff` when the event's rule plays it off. */
export interface TiedPlace {
  readonly rank: number;
  readonly players: readonly string[];
  readonly playoff: boolean;
}

/** The shared places of ranked rows (rows of one rank are consecutive), and which the rule plays off. */
export function tiedPlaces(rows: readonly { rank: number; player: string }[], rule: TieRule): TiedPlace[] {
  const out: TiedPlace[] = [];
  for (let i = 0; i < rows.length; ) {
    let j = i + 1;
    while (j < rows.length && rows[j]!.rank === rows[i]!.rank) j++;
    const rank = rows[i]!.rank;
    if (j - i > 1)
      out.push({
        rank,
        players: rows.slice(i, j).map((r) => r.player),
        playoff: rule === 'playoff' || (rule === 'playoff-first' && rank === 1),
      });
    i = j;
  }
  return out;
}

export interface Standings {
  readonly name?: string;
  readonly system: 'swiss' | 'mcmahon';
  /** Rounds with results so far. */
  readonly rounds: number;
  /** Rounds complete from the first (every game with its result). */
  readonly roundsComplete: number;
  /** The rounds still missing results, with those games. */
  readonly incomplete: readonly RoundProgress[];
  /** Planned rounds (the event's `rounds`, else ⌈log₂ N⌉; a format's own, null when not known in advance). */
  readonly plannedRounds: number | null;
  /** An event with a format: its brackets, whether it is finished, its places. */
  readonly format?: FormatView;
  readonly tiebreaks: readonly TiebreakName[];
  /** What becomes of players still equal after the tiebreaks (the event's `ties`, default `share`). */
  readonly ties: TieRule;
  /** The places two or more players share after every tiebreak, best first, each with its players. */
  readonly tied: readonly TiedPlace[];
  /** The rules in force, one line ({@link describeEventRules}). */
  readonly rules: string;
  readonly rows: readonly StandingsRow[];
}

/**
 * The rounds an event plans: a Swiss or McMahon event's (its `rounds`, else ⌈log₂ N⌉), a format's own;
 * null when a format plans none (Swiss with lives).
 */
function plannedRoundsOf(event: EventFile): number | null {
  return event.format === undefined ? swissRounds(event) : formatPlannedRounds(event, eventRanking(event));
}

/**
 * The tiebreak rules of an event: its options over the system's defaults (McMahon: Go points, MMS₀). FIDE
 * C.07 2026's cap (16.4.2) takes the rounds the event plans, and is refused when it plans none.
 */
export function eventRules(event: EventFile): TiebreakRules {
  const o = event.tiebreakOptions;
  const overrides: { -readonly [K in keyof TiebreakRules]: TiebreakRules[K] } = {};
  if (o.unplayed !== undefined) {
    const edition: FideEdition = o.unplayed === 'fide-2026' ? 2026 : 2024;
    const plannedRounds = edition === 2026 ? plannedRoundsOf(event) : null;
    if (edition === 2026 && plannedRounds === null) {
      throw new TournamentError(
        'FIDE C.07 2026 caps the dummy at a draw × the rounds of the tournament (16.4.2), and this format plans no number of rounds: use "fide-2024"',
      );
    }
    overrides.fide = { edition, rounds: plannedRounds ?? 0 };
  }
  if (o.bye !== undefined) overrides.bye = o.bye;
  if (o.absent !== undefined) overrides.absent = o.absent;
  if (o.opponentUnplayed !== undefined) overrides.opponentUnplayed = o.opponentUnplayed;
  if (o.absentPoints !== undefined) overrides.absentPoints = o.absentPoints;
  if (event.points !== undefined) overrides.points = event.points;
  return event.system.type === 'mcmahon' ? mcmahonRules(event, overrides) : overrides;
}

/** One line stating the score and unplayed-round rules in force. */
export function describeEventRules(event: EventFile): string {
  const rules = eventRules(event);
  const name = (r: TiebreakRules['bye']): string =>
    typeof r === 'function' ? "the player's own start MMS" : (r ?? 'ignore');
  const pts = rules.points ?? DEFAULT_POINTS;
  const parts = [`points ${describePoints(pts)} / bye ${pts.win} / absent ${rules.absentPoints ?? 0}`];
  if (rules.initial) parts.push('plus the start MMS of the rating group');
  if (rules.fide) parts.push(describeFideRule(rules.fide));
  else
    parts.push(
      `own bye: ${name(rules.bye)}`,
      `own absence or withdrawal: ${name(rules.absent)}`,
      `opponents' unplayed rounds: ${rules.opponentUnplayed ?? 'actual'}`,
    );
  if (event.tiebreaks.includes('kts')) {
    const absent = event.tiebreakOptions.absentPoints ?? 0;
    const kp = event.points ?? DEFAULT_POINTS;
    parts.push(
      `KTS on points ${describePoints(kp)} (absent ${absent}) with n = rounds so far, a bye a 0-point opponent`,
    );
  }
  if (event.results.some((r) => r.result === DOUBLE_FORFEIT)) {
    // FIDE C.04.1 F.2: a pairing not played may be paired again; the tiebreaks take it as an absence
    parts.push('a double forfeit: a loss for both, a round without an opponent (they may meet again)');
  }
  if (event.tiebreaks.includes('omw')) parts.push('OMW% floored at 33 %, byes ignored');
  if (event.tiebreaks.includes('head-to-head')) {
    parts.push('head-to-head among players equal on points and on the tiebreaks before it');
  }
  return parts.join('; ');
}

function number(v: number): string {
  return Number.isInteger(v) ? String(v) : String(Math.round(v * 100) / 100);
}

function cells(map: ReadonlyMap<string, number>): Map<string, TiebreakCell> {
  return new Map([...map].map(([k, v]) => [k, { value: v, text: number(v) }]));
}

/** Points and absent rounds as a Swiss event's standings and pairings count them (McMahon aside). */
function swissScoreRules(event: EventFile): { absentPoints?: number; points?: Scoring } {
  const absentPoints = event.tiebreakOptions.absentPoints;
  return {
    ...(absentPoints === undefined ? {} : { absentPoints }),
    ...(event.points === undefined ? {} : { points: event.points }),
  };
}

/** The KTS tiebreak on the event's points (absent rounds worth its `absentPoints`, default 0). */
function ktsCells(table: ResultTable, event: EventFile): Map<string, TiebreakCell> {
  const out = new Map<string, TiebreakCell>();
  for (const [name, v] of kts(table, swissScoreRules(event))) {
    out.set(name, { value: v.value, text: formatKts(v) });
  }
  return out;
}

function tiebreakCells(
  name: TiebreakName,
  table: ResultTable,
  rules: TiebreakRules,
  points: ReadonlyMap<string, number>,
  event: EventFile,
  previous: readonly ReadonlyMap<string, TiebreakCell>[],
): Map<string, TiebreakCell> {
  switch (name) {
    case 'kts':
      return ktsCells(table, event);
    case 'buchholz':
      return cells(buchholz(table, rules));
    case 'buchholz-cut1':
      return cells(buchholzCut1(table, rules));
    case 'buchholz-median':
      return cells(buchholzMedian(table, rules));
    case 'sos':
      return cells(sos(table, rules));
    case 'sosos':
      return cells(sosos(table, rules));
    case 'sonneborn-berger':
      return cells(sonnebornBerger(table, rules));
    case 'omw': {
      const out = new Map<string, TiebreakCell>();
      for (const [k, v] of opponentsMatchWinPercent(table)) {
        out.set(k, { value: v, text: `${(v * 100).toFixed(2)} %` });
      }
      return out;
    }
    case 'head-to-head': {
      // Only among the players still tied when it applies: equal on points and on every tiebreak
      // before it in the event's order (games against anyone else do not count).
      const out = new Map<string, TiebreakCell>();
      const tied = new Map<string, string[]>();
      for (const p of table.players) {
        const key = JSON.stringify([points.get(p) ?? 0, ...previous.map((c) => c.get(p)?.value ?? 0)]);
        const group = tied.get(key);
        if (group) group.push(p);
        else tied.set(key, [p]);
      }
      for (const group of tied.values())
        for (const [k, v] of headToHead(table, group)) out.set(k, { value: v, text: number(v) });
      return out;
    }
  }
}

/** Standings of an event file (see the module comment for the order); `withFormat` false leaves the format's state out. */
export function computeStandings(event: EventFile, withFormat = true): Standings {
  const table = resultTable(event);
  const plannedRounds = plannedRoundsOf(event);
  const rules = eventRules(event);
  const points = scores(table, rules);
  const start = event.system.type === 'mcmahon' ? mcmahonInitialScores(event) : undefined;
  const columns: Map<string, TiebreakCell>[] = [];
  for (const t of event.tiebreaks) columns.push(tiebreakCells(t, table, rules, points, event, columns));
  const withdrawn = new Map(event.players.map((p) => [p.name, p.withdrawnAfterRound]));
  const rows = table.players.map((player) => ({
    player,
    points: points.get(player) ?? 0,
    tiebreaks: columns.map((c) => c.get(player) ?? { value: 0, text: '0' }),
  }));
  const compareScores = (a: (typeof rows)[number], b: (typeof rows)[number]): number => {
    if (a.points !== b.points) return b.points - a.points;
    for (let i = 0; i < a.tiebreaks.length; i++) {
      const d = b.tiebreaks[i]!.value - a.tiebreaks[i]!.value;
      if (d !== 0) return d;
    }
    return 0;
  };
  rows.sort((a, b) => compareScores(a, b) || (a.player < b.player ? -1 : a.player > b.player ? 1 : 0));
  let rank = 0;
  const ranked: StandingsRow[] = rows.map((row, i) => {
    if (i === 0 || compareScores(rows[i - 1]!, row) !== 0) rank = i + 1;
    const w = withdrawn.get(row.player);
    return {
      rank,
      player: row.player,
      ...(start ? { start: start.get(row.player) ?? 0 } : {}),
      points: row.points,
      tiebreaks: row.tiebreaks,
      ...(w !== undefined ? { withdrawnAfterRound: w } : {}),
    };
  });
  const progress = roundsProgress(event, table);
  return {
    ...(event.name !== undefined ? { name: event.name } : {}),
    system: event.system.type,
    rounds: table.rounds,
    roundsComplete: completeRounds(progress),
    incomplete: progress.filter((r) => r.missing.length > 0),
    plannedRounds,
    tiebreaks: event.tiebreaks,
    ties: event.ties ?? 'share',
    tied: tiedPlaces(ranked, event.ties ?? 'share'),
    rules: describeEventRules(event),
    rows: ranked,
    ...(withFormat && event.format !== undefined ? { format: formatView(event) } : {}),
  };
}

/** The default pairing seed: FNV-1a (32 bits) of the event's name and the round, so reruns agree. */
export function defaultSeed(name: string | undefined, round: number): number {
  let h = 0x811c9dc5;
  for (const ch of new TextEncoder().encode(`${name ?? ''}\u0000round ${round}`)) {
    h ^= ch;
    h = Math.imul(h, 0x01000193) >>> 0;
  }
  return h;
}

export interface NextRound {
  readonly pairing: SwissPairing;
  /** The score each player was paired on (match points, or McMahon score). */
  readonly scores: ReadonlyMap<string, number>;
  readonly seed: number;
  readonly seedDerived: boolean;
  readonly plannedRounds: number;
}

/**
 * The results table and the round to pair next (after the last with a result or a recorded board);
 * refused while a round lacks results, naming the games, unless `force`.
 */
function roundToPair(event: EventFile, force: boolean): { table: ResultTable; round: number } {
  const table = resultTable(event);
  const progress = roundsProgress(event, table);
  if (!force && progress.some((r) => r.missing.length > 0)) {
    throw new TournamentError(
      `results missing: ${describeMissing(progress)}; enter them (bdb tournament result) or pair anyway with --force`,
    );
  }
  return { table, round: lastRound(event, table) + 1 };
}

/**
 * Pairs the round after the last one with results or recorded pairings (Swiss or McMahon, per the
 * event's system). Refuses while a round lacks results, naming the games, unless `force` (the games
 * without a result then count as not played).
 */
export function pairNextRound(event: EventFile, seed?: number, force = false): NextRound {
  const { table, round } = roundToPair(event, force);
  const planned = swissRounds(event);
  // after the last planned round the event is over: its standings are final (spec/tournament.md)
  if (round > planned) {
    const why =
      event.rounds === undefined
        ? ` (the default for ${event.players.length} players: the event file gives no "rounds")`
        : '';
    throw new TournamentError(
      `all ${planned} planned rounds${why} have results: no round left to pair; the standings are final ` +
        `(set "rounds" in the event file to play more)`,
    );
  }
  const s = seed ?? defaultSeed(event.name, round);
  const mcmahon = event.system.type === 'mcmahon';
  const swiss = swissScoreRules(event);
  const pairing = mcmahon
    ? pairMcMahonRound(event, { seed: s, round, rules: eventRules(event) })
    : pairSwissRound(event, { seed: s, round, ...swiss });
  // the score groups' scores: McMahon scores, or the event's points with its absentPoints
  // (the points the standings show)
  const paired = scores(table, mcmahon ? eventRules(event) : swiss);
  return {
    pairing,
    scores: paired,
    seed: s,
    seedDerived: seed === undefined,
    plannedRounds: planned,
  };
}

/** The standings order of an event's players (its points and tiebreaks): how a qualifier seeds its knock-out. */
export function eventRanking(file: EventFile): Ranking {
  return (event) => computeStandings({ ...file, ...event }, false).rows.map((r) => r.player);
}

export interface NextFormatRound {
  readonly pairing: FormatPairing;
  /** The points each player has before the round (the standings' points). */
  readonly scores: ReadonlyMap<string, number>;
  readonly seed: number;
  readonly seedDerived: boolean;
  /** The rounds the format plans (null: not known in advance, Swiss with lives). */
  readonly plannedRounds: number | null;
}

/**
 * Pairs the next round of an event with a format (src/tournament/format.ts), refusing while a round
 * lacks results unless `force` (a knock-out round waiting for a result is refused even then).
 */
export function pairNextFormatRound(event: EventFile, seed?: number, force = false): NextFormatRound {
  const { table, round } = roundToPair(event, force);
  const s = seed ?? defaultSeed(event.name, round);
  const ranking = eventRanking(event);
  const pairing = pairFormatRound(event, { seed: s, ...swissScoreRules(event) }, ranking);
  return {
    pairing,
    scores: scores(table, swissScoreRules(event)),
    seed: s,
    seedDerived: seed === undefined,
    plannedRounds: formatPlannedRounds(event, ranking),
  };
}

/** Where an event with a format stands: brackets, finished or not, places. */
export function eventFormatStatus(event: EventFile): FormatStatus {
  return formatStatus(event, eventRanking(event), event.points);
}

/** The format's state as the standings show it (plain data). */
export function formatView(event: EventFile): FormatView {
  const s = eventFormatStatus(event);
  return {
    type: s.type,
    description: describeFormat(event.format!),
    finished: s.finished,
    brackets: s.brackets,
    places: s.places,
    bracketPlaces: s.bracketPlaces,
    ...(s.losses ? { losses: Object.fromEntries(s.losses) } : {}),
  };
}
