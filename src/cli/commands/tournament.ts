/**
 * `bdb tournament new FILE`, `bdb tournament result EVENT …` (write the event file, atomically),
 * `bdb tournament standings INPUTS...` and `bdb tournament pair EVENT`: Swiss and McMahon events. Standings
 * come from an event file (plus `--results`) or from match files (src/cli/tournament-matches.ts); `pair`
 * gives the next round's pairings, the bye and the seed. Tables, or JSON (src/report/tournament.ts).
 * `bdb tournament review EVENT`: one player's tournament against their habitual level (spec/metrics.md §11;
 * src/history/tournament-review.ts), as tables, JSON or an HTML page (src/report/tournament-review.ts).
 */
import { existsSync } from 'node:fs';
import { basename } from 'node:path';
import type { Command } from 'commander';
import { escapeControls } from '../../core/text-controls.js';
import { UsageError } from '../../errors.js';
import { followedPerson, storedNames, unknownEventMessage } from '../../history/names.js';
import {
  HabitualCollector,
  habitualWindow,
  type ReviewMatch,
  reviewMatch,
  sameEvent,
  tournamentDay,
  tournamentReview,
} from '../../history/tournament-review.js';
import type { Library } from '../../library/open.js';
import { libraryEventNames, libraryFileNotes, librarySeats, libraryUndated } from '../../library/read.js';
import type { Met } from '../../met/index.js';
import { thresholdEquity } from '../../metrics/difficulty.js';
import { canonicalName } from '../../metrics/match-report.js';
import { type StudyPlan, studyPlan } from '../../metrics/study-plan.js';
import { type JsonDuplicate, renderJson } from '../../report/json.js';
import { PlanCollector, type PlanRef } from '../../report/plan.js';
import { pickReporter, type Reporters, rendered, reporterName, streamName } from '../../report/reporter.js';
import { pairingJson, standingsJson, tournamentReviewJson } from '../../report/tournament/json.js';
import { pairingText, standingsText, tournamentReviewText } from '../../report/tournament/text.js';
import type { PairingView, StandingsResult, TournamentReviewResult } from '../../report/tournament/types.js';
import type { StandingsFromMatches } from '../../report/tournament.js';
import { jsonBracket, renderBracket } from '../../report/tournament-bracket.js';
import { renderBracketHtml, renderStandingsHtml } from '../../report/tournament-html.js';
import { renderTournamentReviewHtml, tournamentPlanSummary } from '../../report/tournament-review.js';
import type { TableView } from '../../report/view.js';
import {
  describeResult,
  enterResult,
  type NewPlayer,
  newEvent,
  pairingLogged,
  recordFormatPairing,
  recordPairing,
  resultLogged,
  withLog,
} from '../../tournament/edit.js';
import {
  DEFAULT_POINTS,
  describePoints,
  resultTable,
  type Scoring,
  TournamentError,
  type TournamentSystem,
} from '../../tournament/event.js';
import {
  type EventFile,
  eventFileText,
  FIDE_UNPLAYED_RULES,
  type FideUnplayedName,
  TIE_RULES,
  TIEBREAK_NAMES,
  type TiebreakName,
  type TieRule,
} from '../../tournament/file.js';
import { bracketDrawing, describeFormat } from '../../tournament/format.js';
import { mcmahonInitialScores } from '../../tournament/mcmahon.js';
import { roundsProgress } from '../../tournament/progress.js';
import {
  computeStandings,
  defaultSeed,
  eventRanking,
  eventRules,
  pairNextFormatRound,
  pairNextRound,
} from '../../tournament/standings.js';
import { EXIT, type ExitCode } from '../exit.js';
import { oneLine } from '../failure.js';
import { cliLibraryPath, libraryOption } from '../library-input.js';
import { librarySettings, withReadLibrary } from '../match-source.js';
import {
  namedPlayers,
  type PersonOptions,
  type PersonSettings,
  personOptions,
  personSettings,
} from '../options.js';
import { outputWidth, writeErr, writeOut } from '../output.js';
import { type OutputRules, outputRefused, pageRules, writeOutputText } from '../output-file.js';
import {
  type AddPlayerOptions,
  type LogOptions,
  runAddPlayer,
  runLog,
  runUndo,
  runWithdraw,
  type WithdrawOptions,
} from '../tournament-day.js';
import { changeTime, complain, runOnEvent } from '../tournament-event.js';
import { type FormatOptions, formatOption, formatPairs } from '../tournament-formats.js';
import { libraryHabitual, libraryTournament } from '../tournament-library.js';

export interface TournamentOptions {
  results?: string;
  json?: boolean;
  seed?: string;
  event?: string;
  /** `pair`: pair even though results are missing. */
  force?: boolean;
  /** `pair`: print the pairing without recording it in the event file. */
  dryRun?: boolean;
  /** `--ascii`: the tables drawn in plain ASCII. */
  ascii?: boolean;
  /** `standings`, `bracket`: also write a standalone HTML page (an existing file only with `force`). */
  html?: string;
}

/** Parses `--seed N` (a whole number 0 … 2³² − 1); anything else is a usage error. */
export function seedOption(value: string | undefined): number | undefined {
  if (value === undefined) return undefined;
  if (!/^\d+$/.test(value) || Number(value) > 0xffffffff) {
    throw new UsageError(`--seed expects a whole number from 0 to 4294967295, got ${JSON.stringify(value)}`);
  }
  return Number(value);
}

/** The outputs of `tournament standings`, `pair` and `review` (its page, `--html`, is written besides). */
const STANDINGS: Reporters<StandingsResult, TableView> = { text: standingsText, json: standingsJson };
const PAIRING: Reporters<PairingView, TableView> = { text: pairingText, json: pairingJson };
const TOURNAMENT_REVIEW: Reporters<TournamentReviewResult, TableView> = {
  text: tournamentReviewText,
  json: tournamentReviewJson,
};

/** The tables' layout. */
function tableView(opts: { ascii?: boolean }): TableView {
  return { width: outputWidth(), ascii: opts.ascii === true };
}

/**
 * The standings as printed: a table, or JSON (with, from match files, the matches and the duplicates);
 * `plannedRounds` replaces the event's when given (null: unknown, for match files without an event file).
 */
function standingsOutput(
  event: EventFile,
  opts: TournamentOptions,
  fromMatches: StandingsFromMatches | null = null,
  duplicates: readonly JsonDuplicate[] = [],
  plannedRounds?: number | null,
): { text: string; page: string | null } {
  const computed = computeStandings(event);
  // match files have no schedule to miss results against: their rounds are those found
  const found =
    fromMatches === null ? computed : { ...computed, roundsComplete: computed.rounds, incomplete: [] };
  const s = plannedRounds === undefined ? found : { ...found, plannedRounds };
  return {
    text: rendered(
      pickReporter(STANDINGS, reporterName(opts)),
      { standings: s, fromMatches, duplicates },
      tableView(opts),
    ),
    page: opts.html === undefined ? null : renderStandingsHtml(s),
  };
}

/**
 * `bdb tournament standings INPUTS`: points, then the event's tiebreaks in order, then the name. INPUTS is
 * one event file, or match files and folders (`--event` optional; `--results` is then a usage error).
 */
export async function runStandings(inputs: readonly string[], opts: TournamentOptions): Promise<ExitCode> {
  // the match files' readers are loaded only here (the library's review and pairings read none)
  const { isEventFileInput, runStandingsFromMatches } = await import('../tournament-matches.js');
  if (isEventFileInput(inputs, opts))
    return runOnEvent(inputs[0]!, opts, (event) => standingsOutput(event, opts));
  if (opts.results !== undefined)
    throw new UsageError('--results applies to an event file, not to match files');
  return runStandingsFromMatches(inputs, opts, (event, fromMatches, duplicates, planned) =>
    standingsOutput(event, opts, fromMatches, duplicates, planned),
  );
}

/**
 * `bdb tournament pair EVENT`: the next round's pairings, the bye and the seed, recorded in the event file
 * (the boards, and the bye as a win) unless `--dry-run`. Refused while results are missing, unless `--force`.
 */
export function runPair(file: string, opts: TournamentOptions): ExitCode {
  const seed = seedOption(opts.seed);
  return runOnEvent(file, opts, (event, own) => {
    if (event.format !== undefined) return pairFormat(file, opts, event, own, seed);
    const next = pairNextRound(event, seed, opts.force === true);
    const p = next.pairing;
    const record = opts.dryRun !== true;
    const view = {
      ...(event.name !== undefined ? { name: event.name } : {}),
      system: event.system.type,
      round: p.round,
      plannedRounds: next.plannedRounds,
      seed: next.seed,
      seedDerived: next.seedDerived,
      pairs: p.pairs.map(([player, opponent], i) => ({ board: i + 1, player, opponent })),
      bye: p.bye,
      rematches: p.rematches,
      scores: Object.fromEntries(next.scores),
      recorded: record ? file : null,
    };
    const text = rendered(pickReporter(PAIRING, reporterName(opts)), view, tableView(opts));
    const byes = p.bye === null ? [] : [p.bye];
    return record
      ? { text, write: pairingLogged(recordPairing(own, p), p.round, p.pairs.length, byes, changeTime()) }
      : { text };
  });
}

/** `pair` on an event with a format: its next round (boards with their brackets, every bye), recorded unless --dry-run. */
function pairFormat(
  file: string,
  opts: TournamentOptions,
  event: EventFile,
  own: EventFile,
  seed: number | undefined,
): { text: string; write?: EventFile } {
  const next = pairNextFormatRound(event, seed, opts.force === true);
  const record = opts.dryRun !== true;
  const view = {
    ...(event.name !== undefined ? { name: event.name } : {}),
    system: event.system.type,
    format: describeFormat(event.format!),
    round: next.pairing.round,
    plannedRounds: next.plannedRounds,
    seed: next.seed,
    seedDerived: next.seedDerived,
    ...formatPairs(next.pairing),
    rematches: next.pairing.rematches,
    scores: Object.fromEntries(next.scores),
    recorded: record ? file : null,
  };
  const text = rendered(pickReporter(PAIRING, reporterName(opts)), view, tableView(opts));
  if (!record) return { text };
  const p = next.pairing;
  const byes = p.byes.map((b) => b.player);
  return {
    text,
    write: pairingLogged(recordFormatPairing(own, p), p.round, p.boards.length, byes, changeTime()),
  };
}

/**
 * `bdb tournament bracket EVENT`: a knock-out's brackets as text, round by round; one line when the
 * event has none (Swiss, McMahon, lives, round robin) or not yet (a qualifier's Swiss rounds).
 */
export function runBracket(file: string, opts: TournamentOptions): ExitCode {
  return runOnEvent(file, opts, (event) => {
    const drawing = event.format === undefined ? null : bracketDrawing(event, eventRanking(event));
    if (drawing === null) {
      throw new TournamentError(
        event.format?.type === 'qualifier'
          ? "the knock-out is seeded once the qualifier's Swiss rounds are complete: bdb tournament standings shows them"
          : 'the event has no bracket (no knock-out format): bdb tournament standings shows it',
      );
    }
    const view = {
      ...(event.name !== undefined ? { name: event.name } : {}),
      format: describeFormat(event.format!),
      seeds: Object.fromEntries(drawing.seeds),
      brackets: drawing.brackets,
    };
    const page = opts.html === undefined ? null : renderBracketHtml(view);
    if (opts.json) return { text: renderJson(jsonBracket(view)).trimEnd(), page };
    // each line with the names' control characters shown as escapes
    const text = renderBracket(view, outputWidth()).split('\n').map(escapeControls).join('\n');
    return { text, page };
  });
}

/** Parses `--scoring W/L` or `W/D/L` (points of a win, a draw, a loss). */
export function scoringOption(value: string | undefined): Scoring | undefined {
  if (value === undefined) return undefined;
  const m = /^(\d+(?:\.\d+)?)\/(\d+(?:\.\d+)?)(?:\/(\d+(?:\.\d+)?))?$/.exec(value.trim());
  if (m) {
    const win = Number(m[1]);
    const loss = Number(m[3] ?? m[2]);
    const draw = m[3] === undefined ? (win + loss) / 2 : Number(m[2]);
    if (win > loss && draw >= loss && draw <= win) return { win, draw, loss };
  }
  throw new UsageError(
    `--scoring expects WIN/LOSS or WIN/DRAW/LOSS with a win worth more than a loss (1/0, 3/1/0), got ${JSON.stringify(value)}`,
  );
}

export interface NewEventOptions extends FormatOptions {
  name?: string;
  players?: string[];
  system?: string;
  groups?: string;
  bar?: string;
  floor?: string;
  rounds?: string;
  scoring?: string;
  tiebreaks?: string;
  ties?: string;
  unplayed?: string;
  force?: boolean;
}

const RATING = /^-?\d+(?:\.\d+)?$/;

/** Parses `--bar R` or `--floor R` (a rating); anything else is a usage error. */
function ratingOption(option: string, value: string | undefined): number | undefined {
  if (value === undefined) return undefined;
  if (!RATING.test(value.trim()))
    throw new UsageError(`${option} expects a rating (a number), got ${JSON.stringify(value)}`);
  return Number(value);
}

/**
 * The event's system from `--system swiss|mcmahon` and McMahon's `--groups T1,T2,…` (rating thresholds,
 * ascending), `--bar R` and `--floor R` (spec/tournament.md); each mistake is a one-line usage error.
 */
export function systemOptions(opts: NewEventOptions): TournamentSystem {
  const type = (opts.system ?? 'swiss').trim().toLowerCase();
  if (type !== 'swiss' && type !== 'mcmahon')
    throw new UsageError(`--system expects swiss or mcmahon, got ${JSON.stringify(opts.system)}`);
  if (type === 'swiss') {
    if (opts.groups !== undefined || opts.bar !== undefined || opts.floor !== undefined)
      throw new UsageError('--groups, --bar and --floor go with --system mcmahon');
    return { type };
  }
  if (opts.groups === undefined)
    throw new UsageError(
      '--system mcmahon needs --groups: the rating thresholds of the groups, ascending (1500,1800)',
    );
  const groups = opts.groups.split(',').map((t) => {
    if (!RATING.test(t.trim())) throw new UsageError(`--groups expects numbers, got ${JSON.stringify(t)}`);
    return Number(t);
  });
  if (groups.some((g, i) => i > 0 && g <= groups[i - 1]!))
    throw new UsageError(`--groups: the rating thresholds must be ascending, got ${opts.groups}`);
  const bar = ratingOption('--bar', opts.bar);
  const floor = ratingOption('--floor', opts.floor);
  if (bar !== undefined && floor !== undefined && floor > bar)
    throw new UsageError(`--floor (${floor}) is above --bar (${bar})`);
  return {
    type,
    groups,
    ...(bar !== undefined ? { bar } : {}),
    ...(floor !== undefined ? { floor } : {}),
  };
}

/** The players of `--players`: names, comma-separated or one per word, each with `=RATING` or not. */
export function playersOption(values: readonly string[]): NewPlayer[] {
  return values
    .flatMap((p) => p.split(','))
    .map((entry) => {
      const at = entry.lastIndexOf('=');
      if (at === -1) return { name: entry };
      const rating = entry.slice(at + 1).trim();
      if (!RATING.test(rating))
        throw new UsageError(`--players: ${JSON.stringify(entry)}: the rating after "=" must be a number`);
      return { name: entry.slice(0, at), rating: Number(rating) };
    });
}

/** The system in words: "Swiss", "McMahon (group thresholds 1500, 1800; bar 1800)". */
function describeSystem(system: TournamentSystem): string {
  if (system.type === 'swiss') return 'Swiss';
  const parts = [`group thresholds ${system.groups.join(', ')}`];
  if (system.bar !== undefined) parts.push(`bar ${system.bar}`);
  if (system.floor !== undefined) parts.push(`floor ${system.floor}`);
  return `McMahon (${parts.join('; ')})`;
}

/**
 * `bdb tournament new FILE --name … --players …`: writes a new Swiss event file, or a McMahon one with
 * `--system mcmahon --groups …` (never over an existing file, unless --force).
 */
export function runNew(file: string, opts: NewEventOptions): ExitCode {
  const system = systemOptions(opts);
  const players = playersOption(opts.players ?? []);
  if (system.type === 'mcmahon' && players.every((p) => p.rating === undefined))
    throw new UsageError('--system mcmahon: no player has a rating (give them as NAME=RATING: Ann=1850)');
  // without --name the event is named after its file (open.json: "open")
  const name = (opts.name ?? basename(file).replace(/\.[^.]*$/, '')).trim();
  if (name === '') throw new UsageError('give the event a --name');
  let rounds: number | undefined;
  if (opts.rounds !== undefined) {
    if (!/^\d+$/.test(opts.rounds) || Number(opts.rounds) < 1)
      throw new UsageError(`--rounds expects a whole number ≥ 1, got ${JSON.stringify(opts.rounds)}`);
    rounds = Number(opts.rounds);
  }
  if (rounds !== undefined && opts.format !== undefined)
    throw new UsageError('--rounds does not go with --format: a format plans its own rounds');
  const format = formatOption(
    opts,
    players.filter((p) => p.name.trim() !== '').length,
    players.some((p) => p.rating !== undefined),
    defaultSeed(name, 0),
  );
  if (format !== undefined && system.type !== 'swiss')
    throw new UsageError('--format plays on Swiss points: leave out --system mcmahon');
  const points = scoringOption(opts.scoring);
  // McMahon's tiebreaks are SOS then SOSOS (spec/tournament.md)
  // `none`: no arithmetic tiebreak, players equal on points share the place or play it off (--ties)
  const given = opts.tiebreaks?.trim() === 'none' ? '' : opts.tiebreaks;
  const tiebreaks = (given ?? (system.type === 'mcmahon' ? 'sos,sosos' : 'kts'))
    .split(',')
    .map((t) => t.trim())
    .filter((t) => t !== '');
  if (opts.ties !== undefined && !(TIE_RULES as readonly string[]).includes(opts.ties))
    throw new UsageError(`--ties: "${opts.ties}" is not one of ${TIE_RULES.join(', ')}`);
  for (const t of tiebreaks) {
    if (!(TIEBREAK_NAMES as readonly string[]).includes(t))
      throw new UsageError(`--tiebreaks: "${t}" is not one of ${TIEBREAK_NAMES.join(', ')}`);
  }
  if (opts.unplayed !== undefined && !(FIDE_UNPLAYED_RULES as readonly string[]).includes(opts.unplayed))
    throw new UsageError(`--unplayed: "${opts.unplayed}" is not one of ${FIDE_UNPLAYED_RULES.join(', ')}`);
  // never over a library, nor over an existing file without --force: said before the event is made
  const rules: OutputRules = { force: opts.force === true, libraries: [cliLibraryPath(undefined)] };
  if (outputRefused(file, rules)) return EXIT.someFailed;
  let event: EventFile;
  try {
    event = newEvent({
      name,
      players,
      system,
      ...(format !== undefined ? { format } : {}),
      ...(rounds !== undefined ? { rounds } : {}),
      ...(points !== undefined ? { points } : {}),
      tiebreaks: tiebreaks as TiebreakName[],
      ...(opts.ties !== undefined ? { ties: opts.ties as TieRule } : {}),
      ...(opts.unplayed !== undefined ? { unplayed: opts.unplayed as FideUnplayedName } : {}),
    });
    // the rules the standings will apply, checked now (FIDE 2026's cap needs the planned rounds)
    eventRules(event);
  } catch (e) {
    if (e instanceof TournamentError) throw new UsageError(e.message);
    throw e;
  }
  const count = `${event.players.length} players`;
  event = withLog(event, { at: changeTime(), what: 'new', said: `"${event.name}" created with ${count}` });
  const failed = writeOutputText(file, rules, eventFileText(event));
  if (failed !== null) {
    complain(oneLine(failed));
    return EXIT.someFailed;
  }
  const planned = computeStandings(event).plannedRounds;
  let start = '';
  if (event.system.type === 'mcmahon') {
    const mms = mcmahonInitialScores(event);
    const unrated = event.players.filter((p) => p.rating === undefined).map((p) => p.name);
    start =
      `; start scores: ${event.players.map((p) => `${p.name} ${mms.get(p.name)}`).join(', ')}` +
      (unrated.length > 0 ? ` (unrated: ${unrated.join(', ')})` : '');
  }
  // one line: the names' control characters (the event's, the players', the file's) shown as escapes
  const summary =
    `${file}: "${event.name}", ${event.format ? describeFormat(event.format) : describeSystem(event.system)}, ${event.players.length} players, ` +
    `${planned === null ? 'rounds until one player is left' : `${planned} round${planned === 1 ? '' : 's'}`}` +
    `${rounds === undefined && !event.format ? ' (⌈log₂ N⌉)' : ''}, points ${describePoints(event.points ?? DEFAULT_POINTS)}` +
    `${start}; next: bdb tournament pair ${file}`;
  writeOut(`${escapeControls(summary)}\n`);
  return EXIT.ok;
}

export interface ResultOptions {
  winner?: string;
  score?: string;
  draw?: boolean;
  forfeit?: boolean;
  doubleForfeit?: boolean;
  /** The player who did not come: a forfeit win for his opponent. */
  noShow?: string;
  /** commander's name for `--no-show NAME` (a `--no-` option): the name given, else `true`. */
  show?: string | boolean;
  replace?: boolean;
}

/**
 * `bdb tournament result FILE ROUND PLAYER OPPONENT --winner NAME|--score A-B|--draw|--double-forfeit|
 * --no-show NAME [--forfeit]`: `--no-show B` is `--winner A --forfeit` (B did not come).
 */
export function runResult(
  file: string,
  round: string,
  player: string,
  opponent: string,
  opts: ResultOptions,
): ExitCode {
  if (!/^\d+$/.test(round) || Number(round) < 1)
    throw new UsageError(`ROUND expects a round number ≥ 1, got ${JSON.stringify(round)}`);
  if (opts.noShow !== undefined) {
    if (opts.noShow !== player && opts.noShow !== opponent)
      throw new UsageError(
        `--no-show names one of the two players (${player}, ${opponent}), got ${JSON.stringify(opts.noShow)}`,
      );
    if (opts.winner !== undefined || opts.forfeit)
      throw new UsageError('--no-show is the forfeit: give neither --winner nor --forfeit with it');
  }
  const given = [
    opts.winner !== undefined || opts.noShow !== undefined,
    opts.score !== undefined,
    opts.draw === true,
    opts.doubleForfeit === true,
  ].filter(Boolean);
  if (given.length !== 1)
    throw new UsageError(
      'give one of --winner NAME, --no-show NAME, --score A-B, --draw or --double-forfeit',
    );
  const noShowWinner = opts.noShow === undefined ? null : opts.noShow === player ? opponent : player;
  let winner: string | null = opts.winner ?? noShowWinner;
  let score: [number, number] | undefined;
  if (opts.score !== undefined) {
    const m = /^(\d+)\s*[-:]\s*(\d+)$/.exec(opts.score.trim());
    if (!m)
      throw new UsageError(
        `--score expects PLAYER's points then OPPONENT's (7-3), got ${JSON.stringify(opts.score)}`,
      );
    score = [Number(m[1]), Number(m[2])];
    if (score[0] === score[1])
      throw new UsageError(`--score ${opts.score}: a match has a winner (--draw for a draw)`);
    winner = score[0] > score[1] ? player : opponent;
  }
  if (opts.forfeit && opts.winner === undefined)
    throw new UsageError('--forfeit goes with --winner NAME (the player who came)');
  return runOnEvent(file, {}, (_event, own) => {
    const entered = enterResult(own, {
      round: Number(round),
      player,
      opponent,
      winner,
      ...(opts.forfeit || opts.noShow !== undefined ? { forfeit: true } : {}),
      ...(opts.doubleForfeit ? { doubleForfeit: true } : {}),
      ...(score !== undefined ? { score } : {}),
      ...(opts.replace ? { replace: true } : {}),
    });
    const outcome = entered.outcome;
    const said = describeResult(entered.event.results.at(-1)!);
    const progress = roundsProgress(entered.event, resultTable(entered.event)).find(
      (x) => x.round === Number(round),
    );
    const count = progress ? `; round ${round}: ${progress.results} of ${progress.games} results in` : '';
    // one line: the players' control characters shown as escapes (src/core/text-controls.ts)
    const text = escapeControls(
      outcome === 'same'
        ? `round ${round}: ${player}–${opponent} already recorded; ${file} unchanged`
        : `round ${round}: ${said}${outcome === 'replaced' ? ' (replaces the result entered before)' : ''}${count}`,
    );
    if (outcome === 'same') return { text };
    const write = resultLogged(entered, player, changeTime());
    return { text, write };
  });
}

/** The values commander gives for `tournament review`. */
export interface ReviewOptions extends PersonOptions {
  /** `--library` alone is `true`: the default library. */
  library?: string | boolean;
  matches?: string;
  html?: string;
  /** `--force`: the page replaces an existing file. */
  force?: boolean;
}

/** The rules of the review's page: not the library, not a file of the folder read (../output-file.ts). */
function reviewPageRules(opts: ReviewOptions): OutputRules {
  return pageRules(
    opts.force,
    opts.matches === undefined ? [] : [opts.matches],
    typeof opts.library === 'string' ? opts.library : undefined,
  );
}

/** The tournament as read: its matches (file order), the person's study plan, the failures. */
interface TournamentRead {
  readonly reviews: ReviewMatch[];
  /** The study plan of a person over the tournament's matches (null when they have no error there). */
  readonly plan: (person: string) => StudyPlan<PlanRef> | null;
  readonly errors: { file: string; message: string }[];
  /** Files holding one of the tournament's matches, read from another file (counted once). */
  readonly duplicates: JsonDuplicate[];
  failed: boolean;
}

/** The duplicates (of a folder, or of a library) that are other readings of the tournament's matches. */
function tournamentDuplicates(
  all: readonly JsonDuplicate[],
  reviews: readonly ReviewMatch[],
): JsonDuplicate[] {
  const files = new Set(reviews.map((r) => r.file));
  return all.filter((d) => files.has(d.sameAs));
}

/**
 * `bdb tournament review EVENT`: the library's matches of the event EVENT (any case, spaces around ignored),
 * or with `--matches FOLDER` the match files of the folder (those of the event EVENT when it is given), against
 * the player's habitual level read from the library (`--library [PATH]`, else the default library; with
 * `--matches` and no library there, the habitual level is unknown).
 */
export async function runReview(event: string | undefined, opts: ReviewOptions): Promise<ExitCode> {
  if ((opts.player?.length ?? 0) > 1)
    throw new UsageError('tournament review follows one person: give --player once');
  const wanted = event?.trim();
  if (wanted === '') throw new UsageError('EVENT is empty');
  if (opts.matches === undefined && wanted === undefined)
    throw new UsageError('give EVENT (an event of the library), or --matches FOLDER');
  const met = personSettings(opts).met; // bad --alias / --thresholds / --met: usage errors before anything is read
  if (opts.html !== undefined && outputRefused(opts.html, reviewPageRules(opts))) return EXIT.someFailed;
  const option = typeof opts.library === 'string' ? opts.library : undefined;
  const folder = opts.matches;
  if (folder !== undefined) {
    const path = cliLibraryPath(option);
    if (opts.library === undefined && !existsSync(path)) {
      const s = personSettings(opts);
      const read = await readTournamentFiles(folder, wanted, met, s, opts.progress !== false);
      if (read === null) return EXIT.someFailed;
      return finishFiles(null, s, read, opts, {
        event: wanted ?? commonEvent(read.reviews),
        source: 'files',
        missing: `no library (${path} does not exist)`,
      });
    }
    return withReadLibrary({ library: option }, async (lib) => {
      const s = await librarySettings(lib, opts);
      const read = await readTournamentFiles(folder, wanted, met, s, opts.progress !== false);
      if (read === null) return EXIT.someFailed;
      return finishFiles(lib, s, read, opts, {
        event: wanted ?? commonEvent(read.reviews),
        source: 'files',
      });
    });
  }
  return withReadLibrary({ library: option }, async (lib) => {
    const s = await librarySettings(lib, opts);
    // the person first (from the seats alone), then only their decisions are read
    const seats = await librarySeats(lib, { event: wanted! }, (e) => sameEvent(e, wanted!));
    if (seats.length === 0) {
      writeErr(`bdb: ${unknownEventMessage(wanted!, await libraryEventNames(lib))}\n`);
      return EXIT.someFailed;
    }
    const person = pickPerson(seats, s, opts);
    if (person === null) return EXIT.someFailed;
    const threshold = thresholdEquity(s.thresholds.errorMpt);
    const { reviews, planInputs } = await libraryTournament(
      lib,
      wanted!,
      s.preset,
      storedNames(seats, person, s.aliases),
      threshold,
    );
    const plan = studyPlan(planInputs, threshold);
    const duplicates = tournamentDuplicates((await libraryFileNotes(lib)).duplicates, reviews);
    const read: TournamentRead = { reviews, plan: () => plan, errors: [], duplicates, failed: false };
    return finishReview(lib, s, read, opts, person, {
      event: commonEvent(reviews) ?? wanted!,
      source: 'library',
    });
  });
}

/** The event name the matches share (as the first spells it), or null. */
function commonEvent(reviews: readonly ReviewMatch[]): string | null {
  const first = reviews[0]?.event?.trim();
  if (!first) return null;
  return reviews.every((r) => sameEvent(r.event, first)) ? first : null;
}

/** Reads the tournament's match files (as `bdb stats` reads them); null after printing why nothing was read. */
async function readTournamentFiles(
  folder: string,
  wanted: string | undefined,
  met: Met,
  s: PersonSettings,
  progress: boolean,
): Promise<TournamentRead | null> {
  const { readMatches } = await import('../match-input.js');
  const plan = new PlanCollector(met, s.thresholds, { aliases: s.aliases });
  const reviews: ReviewMatch[] = [];
  const events = new Set<string>();
  const result = readMatches(
    [folder],
    (match) => {
      if (match.event !== null && match.event.trim() !== '') events.add(match.event.trim());
      if (wanted !== undefined && !sameEvent(match.event, wanted)) return;
      reviews.push(reviewMatch(met, match, s.thresholds));
      plan.add(match);
    },
    { met, progress },
  );
  if (reviews.length === 0) {
    // readMatches has said why when nothing could be read
    if (wanted !== undefined && result.read > 0)
      writeErr(`bdb: ${unknownEventMessage(wanted, [...events])}\n`);
    else if (result.read > 0) writeErr(`bdb: ${folder}: no match\n`);
    return null;
  }
  return {
    reviews,
    plan: (person) => plan.results(1).find((p) => p.player === person)?.plan ?? null,
    errors: [...result.errors],
    duplicates: tournamentDuplicates(result.duplicates, reviews),
    failed: result.exitCode !== EXIT.ok,
  };
}

/**
 * The reference person: the one named (`--player`), else the one in most of the tournament's matches; null
 * after printing the closest names when the one named plays in none.
 */
function pickPerson(
  seats: readonly (readonly [string, string])[],
  s: PersonSettings,
  opts: ReviewOptions,
): string | null {
  const { person, problem, notes } = followedPerson(namedPlayers(opts, s.aliases), seats, s.aliases);
  for (const n of notes) writeErr(`bdb: ${n}\n`);
  if (problem !== null) writeErr(`bdb: ${problem}\n`);
  return person;
}

/** What the review says of its source. */
interface ReviewAbout {
  readonly event: string | null;
  readonly source: 'library' | 'files';
  readonly missing?: string;
}

/** The review of a folder's matches: the person from their seats, then {@link finishReview}. */
function finishFiles(
  lib: Library | null,
  s: PersonSettings,
  read: TournamentRead,
  opts: ReviewOptions,
  about: ReviewAbout,
): Promise<ExitCode> {
  const person = pickPerson(
    read.reviews.map((r) => r.players),
    s,
    opts,
  );
  return person === null ? Promise.resolve(EXIT.someFailed) : finishReview(lib, s, read, opts, person, about);
}

/** Reads the habitual level of `person` and prints the review. */
async function finishReview(
  lib: Library | null,
  s: PersonSettings,
  read: TournamentRead,
  opts: ReviewOptions,
  person: string,
  about: ReviewAbout,
): Promise<ExitCode> {
  const { aliases } = s;
  const date = tournamentDay(read.reviews);
  let habitual: HabitualCollector | null = null;
  let missing = about.missing;
  if (date === null) missing = 'the tournament has no dated match';
  else if (lib !== null) {
    const window = habitualWindow(date);
    const exclude = new Set(read.reviews.flatMap((r) => (r.fingerprint === null ? [] : [r.fingerprint])));
    habitual = new HabitualCollector({ person, aliases, window, exclude });
    await libraryHabitual(lib, window, s.preset, habitual, person, aliases);
  }
  const undated =
    lib === null ? undefined : await libraryUndated(lib, (n) => canonicalName(n, aliases) === person);
  const review = tournamentReview({
    ...(undated !== undefined ? { habitualUndated: undated } : {}),
    event: about.event,
    source: about.source,
    person,
    aliases,
    tournament: read.reviews,
    habitual,
    ...(missing !== undefined ? { habitualMissing: missing } : {}),
  });
  const plan = tournamentPlanSummary(read.plan(person));
  if (opts.html) {
    const failed = writeOutputText(
      opts.html,
      reviewPageRules(opts),
      renderTournamentReviewHtml(review, plan),
    );
    if (failed !== null) {
      writeErr(`bdb: ${oneLine(failed)}\n`);
      return EXIT.someFailed;
    }
  }
  const result = { review, plan, settings: s.settings, failures: read.errors, duplicates: read.duplicates };
  pickReporter(TOURNAMENT_REVIEW, streamName(opts))(result, tableView(opts), writeOut);
  return read.failed ? EXIT.someFailed : EXIT.ok;
}

/**
 * Adds the `tournament` command and its `standings`, `new`, `pair`, `result`, `add-player`, `withdraw`,
 * `undo`, `log` and `review` subcommands.
 */
export function registerTournament(program: Command): void {
  const tournament = program
    .command('tournament')
    .description('Swiss, McMahon, knock-out, lives and round-robin events: create, pair, results, standings');
  tournament
    .command('standings')
    .description("standings: points, then the event's tiebreaks in its order, then the name")
    .argument('<inputs...>', 'event file (JSON), or match files and folders (then --event is optional)')
    .option('--results <file>', "results CSV (round,player,opponent,result) added to the event's")
    .option('--event <file>', 'with match files: the event file giving players, rounds and tiebreaks')
    .option('--json', 'print JSON (schemaVersion 2) instead of a table')
    .option('--html <file>', 'also write a standalone HTML page (phone, screen, A4 print)')
    .option('--force', 'replace an existing page (--html)')
    .action(async (inputs: string[], opts: TournamentOptions) => {
      process.exitCode = await runStandings(inputs, opts);
    });
  tournament
    .command('new')
    .description('create an event file, Swiss or McMahon: its name, players, rounds and points')
    .argument('<file>', 'the event file to write (JSON); an existing one is kept unless --force')
    .option('--name <name>', "the event's name (default: the file's name without its extension)")
    .requiredOption(
      '--players <names...>',
      'the players, comma-separated or one per word (repeatable); NAME=RATING gives a rating',
    )
    .option('--system <system>', 'swiss (default) or mcmahon (start scores from rating groups)')
    .option('--groups <ratings>', 'mcmahon: the rating thresholds of the groups, ascending (1500,1800)')
    .option('--bar <rating>', 'mcmahon: players rated at or above it start in its group')
    .option('--floor <rating>', 'mcmahon: players rated below it (or unrated) start in its group')
    .option('--rounds <n>', 'rounds planned (default ⌈log₂ N⌉ for N players)')
    .option('--scoring <w/l>', 'points WIN/LOSS or WIN/DRAW/LOSS (default 1/0; KTS rules: 3/1/0)')
    .option(
      '--tiebreaks <list>',
      `tiebreaks in order (default kts; mcmahon: sos,sosos): ${TIEBREAK_NAMES.join(', ')}; none: no arithmetic tiebreak`,
    )
    .option(
      '--ties <rule>',
      'players still equal after the tiebreaks: share (default) the place, playoff every shared place, playoff-first the first only',
    )
    .option(
      '--unplayed <rule>',
      "unplayed rounds (byes, forfeits, absences) in Buchholz, SOS and Sonneborn-Berger by FIDE C.07 art. 16: fide-2024 or fide-2026 (default: the event file's bye/absent rules, docs/glossary.md)",
    )
    .option(
      '--format <format>',
      'instead of Swiss rounds: single, consolation, double, lives, round-robin or qualifier',
    )
    .option('--seeding <how>', 'knock-outs: rating (default when rated), draw (the order given) or random')
    .option('--draw-seed <n>', 'with --seeding random: the seed of the draw (default: from the event name)')
    .option(
      '--brackets <spec>',
      'consolation: default, monte-carlo, or NAME=FROM:FIRST[-LAST],… (consolation=main:1,last-chance=consolation:1)',
    )
    .option('--no-reset', 'double: no second final when the losers-bracket winner wins the first')
    .option('--lives <n>', 'lives: a player is out on his Nth loss (default 2)')
    .option('--swiss-rounds <n>', 'qualifier: the Swiss rounds before the knock-out')
    .option('--top <k>', 'qualifier: the top K of the Swiss standings play the knock-out, seeded 1 v K')
    .option('--force', 'replace an existing file')
    .action((file: string, opts: NewEventOptions) => {
      process.exitCode = runNew(file, opts);
    });
  tournament
    .command('pair')
    .description('pair the next round (Swiss, or McMahon on McMahon scores) and record it')
    .argument('<event>', 'event file (JSON); the boards and the bye are recorded in it')
    .option('--results <file>', "results CSV (round,player,opponent,result) added to the event's")
    .option(
      '--seed <n>',
      'seed of the random choices inside score groups (default: from the event name and round)',
    )
    .option('--force', 'pair although results are missing (those games count as not played)')
    .option('--dry-run', 'print the pairing without recording it in the event file')
    .option('--json', 'print JSON (schemaVersion 2) instead of a table')
    .action((file: string, opts: TournamentOptions) => {
      process.exitCode = runPair(file, opts);
    });
  tournament
    .command('bracket')
    .description("a knock-out's brackets round by round: seeds, byes, winners, games to play")
    .argument('<event>', 'event file (JSON) of a knock-out format (bdb tournament new --format)')
    .option('--results <file>', "results CSV (round,player,opponent,result) added to the event's")
    .option('--json', 'print JSON (schemaVersion 2) instead of text')
    .option('--html <file>', 'also write a standalone HTML page (phone, screen, A4 print)')
    .option('--force', 'replace an existing page (--html)')
    .action((file: string, opts: TournamentOptions) => {
      process.exitCode = runBracket(file, opts);
    });
  tournament
    .command('result')
    .description("enter one game's result (or forfeit) in the event file")
    .argument('<file>', 'event file (JSON)')
    .argument('<n>', 'the round')
    .argument('<a>', 'one player of the game')
    .argument('<b>', 'the other')
    .option('--winner <name>', 'who won')
    .option('--score <a-b>', "the match score, A's points first (7-3): the higher wins")
    .option('--draw', 'a draw (not in backgammon: for other games)')
    .option('--forfeit', 'with --winner: the other player did not come (a win and a loss)')
    .option('--no-show <name>', 'the player who did not come: a forfeit win for the other')
    .option('--double-forfeit', 'neither player came: a loss for both, and no game between them')
    .option('--replace', 'replace a different result entered before for this game')
    .action((file: string, round: string, player: string, opponent: string, opts: ResultOptions) => {
      const noShow = typeof opts.show === 'string' ? { noShow: opts.show } : {};
      process.exitCode = runResult(file, round, player, opponent, { ...opts, ...noShow });
    });
  tournament
    .command('add-player')
    .description('a late entry: Swiss and McMahon pair him from the next round (knock-outs: before round 1)')
    .argument('<event>', 'event file (JSON)')
    .argument('<name>', "the player's name")
    .option('--rating <r>', "the player's rating (McMahon's groups, a knock-out's seeding)")
    .action((file: string, name: string, opts: AddPlayerOptions) => {
      process.exitCode = runAddPlayer(file, name, opts);
    });
  tournament
    .command('withdraw')
    .description('a player leaves: not paired after a round (knock-outs: his game lost by forfeit)')
    .argument('<event>', 'event file (JSON)')
    .argument('<name>', "the player's name")
    .option('--after-round <n>', 'Swiss rounds: the last round he is in (default: the last round paired)')
    .action((file: string, name: string, opts: WithdrawOptions) => {
      process.exitCode = runWithdraw(file, name, opts);
    });
  tournament
    .command('undo')
    .description('take back the last result entered, or the last round paired while it has no result')
    .argument('<event>', 'event file (JSON) with a log (written by these commands)')
    .action((file: string) => {
      process.exitCode = runUndo(file);
    });
  tournament
    .command('log')
    .description("every change the director's commands made to the event file, oldest first")
    .argument('<event>', 'event file (JSON)')
    .option('--json', 'print JSON (schemaVersion 2) instead of lines')
    .action((file: string, opts: LogOptions) => {
      process.exitCode = runLog(file, opts);
    });
  libraryOption(
    personOptions(
      tournament
        .command('review')
        .description(
          "one player's tournament against their habitual level: PR, L7, rounds, rank, pressure, plan",
        )
        .argument(
          '[event]',
          "the event's name in the library (any case); with --matches, only the folder's matches of that event",
        ),
      ' (what an error is, for the study plan)',
      'print JSON (schemaVersion 2) instead of tables',
    ),
    'the library holding the habitual level (and the event)',
  )
    .option(
      '--matches <folder>',
      "the tournament's match files (read, not imported) instead of a library event",
    )
    .option('--html <file>', 'also write a standalone HTML page')
    .option('--force', 'replace an existing page (--html)')
    .action(async (event: string | undefined, opts: ReviewOptions) => {
      process.exitCode = await runReview(event, opts);
    });
}
