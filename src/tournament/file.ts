/**
 * Event files: a JSON description of a Swiss or McMahon event (players, system, tiebreaks, results)
 * and a CSV of results (`round,player,opponent,result`, header required). Every problem is reported
 * as one line naming the file and where in it: the JSON path (`event.json: results[3].opponent:
 * unknown player "Bob"`) or the CSV line (`results.csv:4: …`). A result is `win`, `loss` or `draw` seen from
 * `player`, or `double-forfeit` (neither came: both lose).
 */

import { BdbError, CorruptFileError } from '../errors.js';
import {
  BYE,
  DOUBLE_FORFEIT,
  type McMahonSystem,
  type Player,
  type ResultTable,
  type RoundOutcome,
  type RoundPairing,
  type RoundResult,
  resultTable,
  type Scoring,
  TournamentError,
  type TournamentEvent,
  type TournamentSystem,
} from './event.js';
import {
  DEFAULT_CONSOLATION,
  type EventFormat,
  type FeedBracket,
  FORMAT_TYPES,
  SEEDING_METHODS,
  type SeedingMethod,
} from './format-config.js';
import type { OpponentUnplayedRule } from './tiebreaks.js';

/** The tiebreaks an event file may ask for, by name. */
export const TIEBREAK_NAMES = [
  'kts',
  'buchholz',
  'buchholz-cut1',
  'buchholz-median',
  'sos',
  'sosos',
  'sonneborn-berger',
  'omw',
  'head-to-head',
] as const;

export type TiebreakName = (typeof TIEBREAK_NAMES)[number];

/**
 * What becomes of players still equal after the event's tiebreaks (all of them equal on points when it has
 * none, the "no arithmetic tiebreak" practice): `share` the place; `playoff` every shared place is played
 * off; `playoff-first` only the first place is, the others shared. FIDE's play-off and tie-break
 * regulations (Handbook C.07, 2024, articles 2.1 and 3.1.1) leave exactly this choice to the event's rules.
 */
export const TIE_RULES = ['share', 'playoff', 'playoff-first'] as const;

export type TieRule = (typeof TIE_RULES)[number];

/** Unplayed-round rules an event file can name (the functional rule is McMahon's default only). */
export type FileUnplayedRule = 'ignore' | 'zero' | 'own-score';

/** FIDE C.07 art. 16 as a whole, in its 2024 or 2026 wording (`tiebreakOptions.unplayed`). */
export const FIDE_UNPLAYED_RULES = ['fide-2024', 'fide-2026'] as const;

export type FideUnplayedName = (typeof FIDE_UNPLAYED_RULES)[number];

/** Why a McMahon event refuses `unplayed` (the event file and `bdb tournament new` say the same). */
export const FIDE_NOT_MCMAHON =
  'FIDE C.07 art. 16 is for Swiss points: a McMahon event counts unplayed rounds by EGF practice (the own start MMS)';

export interface EventTiebreakOptions {
  readonly bye?: FileUnplayedRule;
  readonly absent?: FileUnplayedRule;
  readonly opponentUnplayed?: OpponentUnplayedRule;
  /** FIDE C.07 art. 16 for every unplayed round, in place of `bye`, `absent` and `opponentUnplayed`. */
  readonly unplayed?: FideUnplayedName;
  /** Points for an absent round (default 0; McMahon: ½). A half-point bye is `1` with Swiss points. */
  readonly absentPoints?: number;
}

/** The changes the director's commands make, as the event file's log names them. */
export const LOG_ACTIONS = ['new', 'add-player', 'withdraw', 'pair', 'result', 'undo'] as const;

export type LogAction = (typeof LOG_ACTIONS)[number];

/** One change to an event, as `bdb tournament` made it (the event file's `log`, oldest first). */
export interface LogEntry {
  /** When: an ISO 8601 time (UTC). */
  readonly at: string;
  readonly what: LogAction;
  /** The change in words, as the command printed it. */
  readonly said: string;
  /** pair, result: the round; withdraw: the round after which the player left; add-player: his first. */
  readonly round?: number;
  /** add-player, withdraw, result: the player named. */
  readonly player?: string;
  /** result: the result entered (as `results` holds it). */
  readonly entered?: RoundResult;
  /** result: the results of the game it replaced, each with its index in `results` then. */
  readonly replaced?: readonly { readonly index: number; readonly result: RoundResult }[];
  /** undo: the index in the log of the change taken back. */
  readonly undoes?: number;
}

/** A parsed, validated event file. */
export interface EventFile extends TournamentEvent {
  readonly name?: string;
  readonly tiebreaks: readonly TiebreakName[];
  readonly tiebreakOptions: EventTiebreakOptions;
  /** Players still equal after the tiebreaks: their place shared (the default) or played off. */
  readonly ties?: TieRule;
  /** Every change the director's commands made (none in older files). */
  readonly log?: readonly LogEntry[];
}

/** An event file is invalid: the message names the file and the JSON path. */
export class EventFileError extends BdbError {
  readonly file: string;
  readonly path: string;
  readonly detail: string;
  constructor(file: string, path: string, detail: string) {
    super('EVENT_FILE', path ? `${file}: ${path}: ${detail}` : `${file}: ${detail}`);
    this.file = file;
    this.path = path;
    this.detail = detail;
  }
}

const RESULTS: readonly RoundOutcome[] = ['win', 'loss', 'draw', DOUBLE_FORFEIT];
const UNPLAYED: readonly FileUnplayedRule[] = ['ignore', 'zero', 'own-score'];
const OPPONENT_UNPLAYED: readonly OpponentUnplayedRule[] = ['actual', 'as-draw'];

type Json = unknown;

function isObject(v: Json): v is Record<string, Json> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

function describe(v: Json): string {
  if (v === null) return 'null';
  if (Array.isArray(v)) return 'an array';
  if (typeof v === 'string') return JSON.stringify(v);
  if (typeof v === 'object') return 'an object';
  return String(v);
}

class Checker {
  readonly file: string;
  constructor(file: string) {
    this.file = file;
  }

  fail(path: string, detail: string): never {
    throw new EventFileError(this.file, path, detail);
  }

  object(v: Json, path: string): Record<string, Json> {
    if (!isObject(v)) this.fail(path, `expected an object, got ${describe(v)}`);
    return v;
  }

  array(v: Json, path: string): Json[] {
    if (!Array.isArray(v)) this.fail(path, `expected an array, got ${describe(v)}`);
    return v;
  }

  string(v: Json, path: string): string {
    if (typeof v !== 'string' || v.trim() === '')
      this.fail(path, `expected a non-empty string, got ${describe(v)}`);
    return v;
  }

  number(v: Json, path: string): number {
    if (typeof v !== 'number' || !Number.isFinite(v))
      this.fail(path, `expected a number, got ${describe(v)}`);
    return v;
  }

  positiveInteger(v: Json, path: string): number {
    if (typeof v !== 'number' || !Number.isInteger(v) || v < 1) {
      this.fail(path, `expected a whole number ≥ 1, got ${describe(v)}`);
    }
    return v;
  }

  oneOf<T extends string>(v: Json, allowed: readonly T[], path: string): T {
    if (typeof v !== 'string' || !(allowed as readonly string[]).includes(v)) {
      this.fail(path, `expected one of ${allowed.join(', ')}, got ${describe(v)}`);
    }
    return v as T;
  }

  /** Rejects keys the format does not define (a typo would otherwise be silently ignored). */
  keys(o: Record<string, Json>, allowed: readonly string[], path: string): void {
    for (const k of Object.keys(o)) {
      if (!allowed.includes(k)) {
        this.fail(path ? `${path}.${k}` : k, `unknown field (expected ${allowed.join(', ')})`);
      }
    }
  }
}

function parseSystem(c: Checker, v: Json): TournamentSystem {
  const o = c.object(v, 'system');
  const type = c.oneOf(o.type, ['swiss', 'mcmahon'] as const, 'system.type');
  if (type === 'swiss') {
    c.keys(o, ['type'], 'system');
    return { type };
  }
  c.keys(o, ['type', 'groups', 'bar', 'floor'], 'system');
  const groups = c.array(o.groups, 'system.groups').map((g, i) => c.number(g, `system.groups[${i}]`));
  for (let i = 1; i < groups.length; i++) {
    if (groups[i]! <= groups[i - 1]!) c.fail(`system.groups[${i}]`, 'rating thresholds must be ascending');
  }
  const system: { -readonly [K in keyof McMahonSystem]: McMahonSystem[K] } = { type, groups };
  if (o.bar !== undefined) system.bar = c.number(o.bar, 'system.bar');
  if (o.floor !== undefined) system.floor = c.number(o.floor, 'system.floor');
  if (system.bar !== undefined && system.floor !== undefined && system.floor > system.bar) {
    c.fail('system.floor', `the floor (${system.floor}) is above the bar (${system.bar})`);
  }
  return system;
}

/** A whole number in 0 … 2³² − 1 (a stored seed). */
function seedField(c: Checker, v: Json, path: string): number {
  if (typeof v !== 'number' || !Number.isInteger(v) || v < 0 || v > 0xffffffff) {
    c.fail(path, `expected a whole number from 0 to 4294967295, got ${describe(v)}`);
  }
  return v;
}

function parseFeeds(c: Checker, v: Json): FeedBracket[] {
  const known = ['main'];
  return c.array(v, 'format.brackets').map((b, i) => {
    const path = `format.brackets[${i}]`;
    const o = c.object(b, path);
    c.keys(o, ['name', 'from', 'first', 'last'], path);
    const name = c.string(o.name, `${path}.name`);
    if (known.includes(name))
      c.fail(`${path}.name`, `bracket "${name}" is named twice (or is the main draw's)`);
    const from = c.oneOf(o.from, [...known], `${path}.from`);
    const first = c.positiveInteger(o.first, `${path}.first`);
    const last = c.positiveInteger(o.last ?? first, `${path}.last`);
    if (last < first) c.fail(`${path}.last`, `the last round (${last}) is before the first (${first})`);
    known.push(name);
    return { name, from, first, last };
  });
}

/** The event's format (format-config.ts), checked against the number of players. */
function parseFormat(c: Checker, v: Json, players: number): EventFormat {
  const o = c.object(v, 'format');
  const type = c.oneOf(o.type, FORMAT_TYPES, 'format.type');
  const seeded = (extra: readonly string[]): { seeding: SeedingMethod; seed?: number } => {
    c.keys(o, ['type', 'seeding', 'seed', ...extra], 'format');
    const seeding = c.oneOf(o.seeding, SEEDING_METHODS, 'format.seeding');
    if (seeding === 'random' && o.seed === undefined)
      c.fail('format.seed', 'a random seeding needs the seed of its draw');
    return o.seed === undefined ? { seeding } : { seeding, seed: seedField(c, o.seed, 'format.seed') };
  };
  switch (type) {
    case 'single':
      return { type, ...seeded([]) };
    case 'consolation': {
      const s = seeded(['brackets']);
      const brackets = o.brackets === undefined ? [...DEFAULT_CONSOLATION] : parseFeeds(c, o.brackets);
      return { type, ...s, brackets };
    }
    case 'double': {
      const s = seeded(['reset']);
      if (typeof o.reset !== 'boolean')
        c.fail('format.reset', `expected true or false, got ${describe(o.reset)}`);
      return { type, ...s, reset: o.reset };
    }
    case 'lives':
      c.keys(o, ['type', 'lives'], 'format');
      return { type, lives: c.positiveInteger(o.lives, 'format.lives') };
    case 'round-robin':
      c.keys(o, ['type'], 'format');
      return { type };
    case 'qualifier': {
      c.keys(o, ['type', 'swissRounds', 'top'], 'format');
      const swissRounds = c.positiveInteger(o.swissRounds, 'format.swissRounds');
      const top = c.positiveInteger(o.top, 'format.top');
      if (top < 2 || top > players) {
        c.fail('format.top', `the knock-out takes 2 to ${players} players (the event's), got ${top}`);
      }
      return { type, swissRounds, top };
    }
  }
}

function parsePlayers(c: Checker, v: Json): Player[] {
  const seen = new Set<string>();
  return c.array(v, 'players').map((p, i) => {
    const path = `players[${i}]`;
    const o = c.object(p, path);
    c.keys(o, ['name', 'rating', 'withdrawnAfterRound', 'enteredRound'], path);
    const name = c.string(o.name, `${path}.name`);
    if (name === BYE) c.fail(`${path}.name`, `"${BYE}" cannot be a player's name`);
    if (seen.has(name)) c.fail(`${path}.name`, `player "${name}" is listed twice`);
    seen.add(name);
    const player: { -readonly [K in keyof Player]: Player[K] } = { name };
    if (o.rating !== undefined) player.rating = c.number(o.rating, `${path}.rating`);
    if (o.withdrawnAfterRound !== undefined) {
      // 0: withdrew before the first round
      const w = o.withdrawnAfterRound;
      if (typeof w !== 'number' || !Number.isInteger(w) || w < 0) {
        c.fail(`${path}.withdrawnAfterRound`, `expected a whole number ≥ 0, got ${describe(w)}`);
      }
      player.withdrawnAfterRound = w;
    }
    if (o.enteredRound !== undefined)
      player.enteredRound = c.positiveInteger(o.enteredRound, `${path}.enteredRound`);
    return player;
  });
}

function parseTiebreakOptions(c: Checker, v: Json): EventTiebreakOptions {
  if (v === undefined) return {};
  const o = c.object(v, 'tiebreakOptions');
  c.keys(o, ['bye', 'absent', 'opponentUnplayed', 'unplayed', 'absentPoints'], 'tiebreakOptions');
  const out: { -readonly [K in keyof EventTiebreakOptions]: EventTiebreakOptions[K] } = {};
  if (o.bye !== undefined) out.bye = c.oneOf(o.bye, UNPLAYED, 'tiebreakOptions.bye');
  if (o.absent !== undefined) out.absent = c.oneOf(o.absent, UNPLAYED, 'tiebreakOptions.absent');
  if (o.opponentUnplayed !== undefined) {
    out.opponentUnplayed = c.oneOf(o.opponentUnplayed, OPPONENT_UNPLAYED, 'tiebreakOptions.opponentUnplayed');
  }
  if (o.unplayed !== undefined) {
    out.unplayed = c.oneOf(o.unplayed, FIDE_UNPLAYED_RULES, 'tiebreakOptions.unplayed');
    const replaced = (['bye', 'absent', 'opponentUnplayed'] as const).filter((k) => o[k] !== undefined);
    if (replaced.length > 0) {
      c.fail(
        'tiebreakOptions.unplayed',
        `"${out.unplayed}" (FIDE C.07 art. 16) replaces ${replaced.map((k) => `"${k}"`).join(', ')}: give one or the other`,
      );
    }
  }
  if (o.absentPoints !== undefined)
    out.absentPoints = c.number(o.absentPoints, 'tiebreakOptions.absentPoints');
  return out;
}

function parsePoints(c: Checker, v: Json): Scoring {
  const o = c.object(v, 'points');
  c.keys(o, ['win', 'draw', 'loss'], 'points');
  const win = c.number(o.win, 'points.win');
  const loss = c.number(o.loss, 'points.loss');
  // a scheme without draws (backgammon) may leave the draw out: half a win then, for other games
  const draw = o.draw === undefined ? (win + loss) / 2 : c.number(o.draw, 'points.draw');
  if (!(win > loss && draw >= loss && draw <= win)) {
    c.fail('points', `a win must be worth more than a loss, and a draw between (got ${win}/${draw}/${loss})`);
  }
  return { win, draw, loss };
}

function parsePairings(c: Checker, v: Json, players: ReadonlySet<string>): RoundPairing[] {
  return c.array(v, 'pairings').map((p, i) => {
    const path = `pairings[${i}]`;
    const o = c.object(p, path);
    c.keys(o, ['round', 'player', 'opponent'], path);
    const round = c.positiveInteger(o.round, `${path}.round`);
    const player = c.string(o.player, `${path}.player`);
    const opponent = c.string(o.opponent, `${path}.opponent`);
    for (const [k, name] of [
      ['player', player],
      ['opponent', opponent],
    ] as const) {
      if (!players.has(name)) c.fail(`${path}.${k}`, `unknown player ${JSON.stringify(name)}`);
    }
    if (player === opponent) c.fail(`${path}.opponent`, `"${player}" is paired with himself`);
    return { round, player, opponent };
  });
}

/** Checks one result's fields (names against the players); `at(field)` names where it is. */
function checkResult(
  fields: { round: Json; player: Json; opponent: Json; result: Json },
  players: ReadonlySet<string>,
  at: (field: string) => string,
  fail: (where: string, detail: string) => never,
): RoundResult {
  const { round, player, opponent, result } = fields;
  if (typeof round !== 'number' || !Number.isInteger(round) || round < 1) {
    fail(at('round'), `expected a round number ≥ 1, got ${describe(round)}`);
  }
  if (typeof player !== 'string' || player === '')
    fail(at('player'), `expected a player's name, got ${describe(player)}`);
  if (!players.has(player)) fail(at('player'), `unknown player ${JSON.stringify(player)}`);
  if (typeof opponent !== 'string' || opponent === '') {
    fail(at('opponent'), `expected a player's name or "${BYE}", got ${describe(opponent)}`);
  }
  if (opponent !== BYE && !players.has(opponent))
    fail(at('opponent'), `unknown player ${JSON.stringify(opponent)}`);
  if (opponent === player) fail(at('opponent'), `"${player}" is paired with himself`);
  if (typeof result !== 'string' || !(RESULTS as readonly string[]).includes(result)) {
    fail(at('result'), `expected one of ${RESULTS.join(', ')}, got ${describe(result)}`);
  }
  if (opponent === BYE && result !== 'win') fail(at('result'), 'a bye is a win');
  return { round, player, opponent, result: result as RoundOutcome };
}

/** The fields of an event file, in the order {@link eventFileText} writes them. */
const EVENT_KEYS = [
  'name',
  'system',
  'format',
  'rounds',
  'points',
  'players',
  'tiebreaks',
  'tiebreakOptions',
  'ties',
  'pairings',
  'results',
  'log',
] as const;

/**
 * The event as an event file's text: the fields in a fixed order, each player, pairing and result on
 * one line (so a diff of two versions shows what a command added). {@link parseEventJson} reads it back
 * to the same event.
 */
export function eventFileText(event: EventFile): string {
  const lines: string[] = [];
  const field = (key: string, value: unknown): void => {
    if (Array.isArray(value) && value.some((v) => typeof v === 'object')) {
      if (value.length === 0) lines.push(`  ${JSON.stringify(key)}: []`);
      else {
        const items = value.map((v) => `    ${JSON.stringify(v, null, 1).replace(/\n\s*/g, ' ')}`);
        lines.push(`  ${JSON.stringify(key)}: [\n${items.join(',\n')}\n  ]`);
      }
    } else lines.push(`  ${JSON.stringify(key)}: ${JSON.stringify(value, null, 1).replace(/\n\s*/g, ' ')}`);
  };
  const record: Record<string, unknown> = { ...event };
  if (event.tiebreaks.length === 0) delete record.tiebreaks;
  if (Object.keys(event.tiebreakOptions).length === 0) delete record.tiebreakOptions;
  for (const key of EVENT_KEYS) if (record[key] !== undefined) field(key, record[key]);
  return `{\n${lines.join(',\n')}\n}\n`;
}

/** Parses and validates an event file's JSON text. `file` names it in errors. */
export function parseEventJson(text: string, file: string): EventFile {
  const c = new Checker(file);
  let root: Json;
  try {
    root = JSON.parse(text);
  } catch (e) {
    throw new EventFileError(file, '', `not valid JSON (${(e as Error).message})`);
  }
  const o = c.object(root, '');
  c.keys(o, EVENT_KEYS, '');
  const name = o.name === undefined ? undefined : c.string(o.name, 'name');
  const system = parseSystem(c, o.system);
  const players = parsePlayers(c, o.players);
  if (players.length === 0) c.fail('players', 'the event has no players');
  const rounds = o.rounds === undefined ? undefined : c.positiveInteger(o.rounds, 'rounds');
  const format = o.format === undefined ? undefined : parseFormat(c, o.format, players.length);
  if (format !== undefined) {
    if (system.type !== 'swiss')
      c.fail('format', 'a format is played on Swiss points: the system must be "swiss"');
    if (rounds !== undefined)
      c.fail('rounds', `the ${format.type} format plans its own rounds: leave "rounds" out`);
  }
  const tiebreaks = c
    .array(o.tiebreaks ?? [], 'tiebreaks')
    .map((t, i) => c.oneOf(t, TIEBREAK_NAMES, `tiebreaks[${i}]`));
  const dup = tiebreaks.find((t, i) => tiebreaks.indexOf(t) !== i);
  if (dup) c.fail(`tiebreaks[${tiebreaks.lastIndexOf(dup)}]`, `"${dup}" is listed twice`);
  const tiebreakOptions = parseTiebreakOptions(c, o.tiebreakOptions);
  if (tiebreakOptions.unplayed !== undefined && system.type === 'mcmahon') {
    c.fail('tiebreakOptions.unplayed', FIDE_NOT_MCMAHON);
  }
  const ties = o.ties === undefined ? undefined : c.oneOf(o.ties, TIE_RULES, 'ties');
  const known = new Set(players.map((p) => p.name));
  const points = o.points === undefined ? undefined : parsePoints(c, o.points);
  const pairings = o.pairings === undefined ? undefined : parsePairings(c, o.pairings, known);
  const results = c
    .array(o.results ?? [], 'results')
    .map((r, i) => parseResult(c, r, `results[${i}]`, known));
  const log = o.log === undefined ? undefined : parseLog(c, o.log, known);
  const event: EventFile = {
    ...(name !== undefined ? { name } : {}),
    system,
    ...(format !== undefined ? { format } : {}),
    players,
    ...(rounds !== undefined ? { rounds } : {}),
    ...(points !== undefined ? { points } : {}),
    tiebreaks,
    tiebreakOptions,
    ...(ties !== undefined ? { ties } : {}),
    ...(pairings !== undefined ? { pairings } : {}),
    results,
    ...(log !== undefined ? { log } : {}),
  };
  checkConsistent(event, file);
  return event;
}

/** One result of the event file (or of its log) at `path`. */
function parseResult(c: Checker, r: Json, path: string, known: ReadonlySet<string>): RoundResult {
  const ro = c.object(r, path);
  c.keys(ro, ['round', 'player', 'opponent', 'result', 'forfeit', 'score'], path);
  const result = checkResult(
    { round: ro.round, player: ro.player, opponent: ro.opponent, result: ro.result },
    known,
    (f) => `${path}.${f}`,
    (where, detail) => c.fail(where, detail),
  );
  if (ro.forfeit !== undefined && typeof ro.forfeit !== 'boolean') {
    c.fail(`${path}.forfeit`, `expected true or false, got ${describe(ro.forfeit)}`);
  }
  const score = ro.score === undefined ? undefined : c.string(ro.score, `${path}.score`);
  if (result.result === DOUBLE_FORFEIT) {
    // neither came: no game, so no score, and the forfeit is in the result already
    if (ro.forfeit !== undefined) c.fail(`${path}.forfeit`, 'a double forfeit needs no "forfeit" field');
    if (score !== undefined) c.fail(`${path}.score`, 'a double forfeit has no score');
  }
  return {
    ...result,
    ...(ro.forfeit === true ? { forfeit: true } : {}),
    ...(score !== undefined ? { score } : {}),
  };
}

/** The event file's log: each entry's time, action and words, and what an undo needs of a result. */
function parseLog(c: Checker, v: Json, known: ReadonlySet<string>): LogEntry[] {
  return c.array(v, 'log').map((e, i) => {
    const path = `log[${i}]`;
    const o = c.object(e, path);
    c.keys(o, ['at', 'what', 'said', 'round', 'player', 'entered', 'replaced', 'undoes'], path);
    const at = c.string(o.at, `${path}.at`);
    if (Number.isNaN(Date.parse(at))) c.fail(`${path}.at`, `expected an ISO 8601 time, got ${describe(at)}`);
    const entry: { -readonly [K in keyof LogEntry]: LogEntry[K] } = {
      at,
      what: c.oneOf(o.what, LOG_ACTIONS, `${path}.what`),
      said: c.string(o.said, `${path}.said`),
    };
    if (o.round !== undefined) {
      const r = o.round;
      if (typeof r !== 'number' || !Number.isInteger(r) || r < 0)
        c.fail(`${path}.round`, `expected a whole number ≥ 0, got ${describe(r)}`);
      entry.round = r;
    }
    if (o.player !== undefined) entry.player = c.string(o.player, `${path}.player`);
    if (o.entered !== undefined) entry.entered = parseResult(c, o.entered, `${path}.entered`, known);
    if (o.replaced !== undefined) {
      entry.replaced = c.array(o.replaced, `${path}.replaced`).map((x, k) => {
        const at = `${path}.replaced[${k}]`;
        const xo = c.object(x, at);
        c.keys(xo, ['index', 'result'], at);
        const index = xo.index;
        if (typeof index !== 'number' || !Number.isInteger(index) || index < 0)
          c.fail(`${at}.index`, `expected a whole number ≥ 0, got ${describe(index)}`);
        return { index, result: parseResult(c, xo.result, `${at}.result`, known) };
      });
    }
    if (o.undoes !== undefined) {
      const u = o.undoes;
      if (typeof u !== 'number' || !Number.isInteger(u) || u < 0 || u >= i)
        c.fail(
          `${path}.undoes`,
          `expected the index of an earlier entry (0 to ${i - 1}), got ${describe(u)}`,
        );
      entry.undoes = u;
    }
    if (entry.what === 'result' && entry.entered === undefined)
      c.fail(`${path}.entered`, 'a result in the log names the result entered');
    if ((entry.what === 'pair' || entry.what === 'result') && entry.round === undefined)
      c.fail(`${path}.round`, `a ${entry.what} in the log names its round`);
    if (entry.what === 'undo' && entry.undoes === undefined)
      c.fail(`${path}.undoes`, 'an undo in the log names the change it took back');
    return entry;
  });
}

/** Splits one CSV line (RFC 4180 quotes, no line breaks inside fields). */
function splitCsvLine(line: string, file: string, lineNo: number): string[] {
  const out: string[] = [];
  let i = 0;
  for (;;) {
    let field = '';
    if (line[i] === '"') {
      i++;
      for (;;) {
        if (i >= line.length) throw new CorruptFileError({ file, line: lineNo }, 'unterminated quoted field');
        if (line[i] === '"') {
          if (line[i + 1] === '"') {
            field += '"';
            i += 2;
            continue;
          }
          i++;
          break;
        }
        field += line[i];
        i++;
      }
      if (i < line.length && line[i] !== ',') {
        throw new CorruptFileError(
          { file, line: lineNo, column: i + 1 },
          'expected "," after a quoted field',
        );
      }
    } else {
      const end = line.indexOf(',', i);
      field = line.slice(i, end === -1 ? line.length : end);
      i = end === -1 ? line.length : end;
    }
    out.push(field.trim());
    if (i >= line.length) return out;
    i++; // the comma
  }
}

const CSV_COLUMNS = ['round', 'player', 'opponent', 'result'] as const;

/**
 * Parses a results CSV (`round,player,opponent,result`, header required, columns in any order).
 * `players` are the event's player names; an unknown name is an error on its line.
 */
export function parseResultsCsv(text: string, file: string, players: readonly string[]): RoundResult[] {
  const known = new Set(players);
  const lines = text.replace(/^\uFEFF/, '').split(/\r?\n/);
  let header: string[] | null = null;
  let index: Record<(typeof CSV_COLUMNS)[number], number> | null = null;
  const results: RoundResult[] = [];
  lines.forEach((raw, k) => {
    const lineNo = k + 1;
    if (raw.trim() === '' || raw.trimStart().startsWith('#')) return;
    const fields = splitCsvLine(raw, file, lineNo);
    if (!header || !index) {
      header = fields.map((f) => f.toLowerCase());
      const idx = {} as Record<(typeof CSV_COLUMNS)[number], number>;
      for (const col of CSV_COLUMNS) {
        const j = header.indexOf(col);
        if (j === -1) {
          throw new CorruptFileError(
            { file, line: lineNo },
            `header must name the columns ${CSV_COLUMNS.join(',')} (missing "${col}")`,
          );
        }
        idx[col] = j;
      }
      index = idx;
      return;
    }
    if (fields.length !== header.length) {
      throw new CorruptFileError(
        { file, line: lineNo },
        `expected ${header.length} fields as in the header, got ${fields.length}`,
      );
    }
    const round = fields[index.round]!;
    results.push(
      checkResult(
        {
          round: /^\d+$/.test(round) ? Number(round) : round,
          player: fields[index.player]!,
          opponent: fields[index.opponent]!.toLowerCase() === BYE ? BYE : fields[index.opponent]!,
          result: fields[index.result]!.toLowerCase(),
        },
        known,
        (f) => f,
        (where, detail) => {
          throw new CorruptFileError({ file, line: lineNo }, `${where}: ${detail}`);
        },
      ),
    );
  });
  if (!header)
    throw new CorruptFileError(
      { file, line: 1 },
      'empty file (a header round,player,opponent,result is required)',
    );
  return results;
}

/** Checks that the event's results agree (one result per player and round); errors name `file`. */
export function checkConsistent(event: TournamentEvent, file: string): ResultTable {
  try {
    return resultTable(event);
  } catch (e) {
    if (e instanceof TournamentError) throw new EventFileError(file, 'results', e.message);
    throw e;
  }
}

/** The event with the CSV's results added after its own; the combination is checked (errors name the CSV). */
export function withResults(event: EventFile, results: readonly RoundResult[], file: string): EventFile {
  const out: EventFile = { ...event, results: [...event.results, ...results] };
  checkConsistent(out, file);
  return out;
}
