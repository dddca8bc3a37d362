/**
 * Changes a director makes to an event, as pure functions from one event to the next (the CLI reads
 * and writes the file): a new Swiss or McMahon event, the pairing of a round recorded (its boards, and its bye
 * as a win: spec/tournament.md "A bye is a win"), one game's result entered or corrected (a double
 * forfeit included: {@link DOUBLE_FORFEIT}), a late entry ({@link addPlayer}), a withdrawal
 * ({@link withdrawPlayer}), and the last result or pairing taken back ({@link undoLast}) from the event's
 * log, where each change is appended ({@link withLog}, {@link resultLogged}, {@link pairingLogged}).
 */

import {
  BYE,
  boardOpponent,
  DOUBLE_FORFEIT,
  type MatchResult,
  type McMahonSystem,
  type Player,
  type RoundPairing,
  type RoundResult,
  resultTable,
  type Scoring,
  TournamentError,
  type TournamentSystem,
} from './event.js';
import {
  type EventFile,
  FIDE_NOT_MCMAHON,
  type FideUnplayedName,
  type LogEntry,
  type TiebreakName,
  type TieRule,
} from './file.js';
import { type FormatPairing, formatPlannedRounds, needsWinner } from './format.js';
import type { EventFormat } from './format-config.js';
import { lastRound } from './progress.js';
import { eventRanking } from './standings.js';
import type { SwissPairing } from './swiss.js';
import { swissRounds } from './swiss.js';

/** A player of a new event: his name, and his rating (McMahon's rating groups need it). */
export interface NewPlayer {
  readonly name: string;
  readonly rating?: number;
}

export interface NewEvent {
  readonly name: string;
  readonly players: readonly NewPlayer[];
  /** Swiss (default) or McMahon, with its rating groups, bar and floor. */
  readonly system?: TournamentSystem;
  readonly rounds?: number;
  readonly points?: Scoring;
  readonly tiebreaks?: readonly TiebreakName[];
  /** Players still equal after the tiebreaks: share the place (default) or play it off. */
  readonly ties?: TieRule;
  /** A format beyond Swiss rounds (knock-outs, lives, round robin, qualifier): format-config.ts. */
  readonly format?: EventFormat;
  /** FIDE C.07 art. 16 for unplayed rounds (`tiebreakOptions.unplayed`); Swiss points only. */
  readonly unplayed?: FideUnplayedName;
}

/** The McMahon system checked: thresholds ascending, the floor not above the bar. */
function checkMcMahon(system: McMahonSystem): void {
  const g = system.groups;
  if (g.length === 0) throw new TournamentError('a McMahon event needs the rating thresholds of its groups');
  for (const x of [...g, system.bar ?? 0, system.floor ?? 0]) {
    if (!Number.isFinite(x)) throw new TournamentError(`a rating must be a number, got ${x}`);
  }
  if (g.some((x, i) => i > 0 && x <= g[i - 1]!)) {
    throw new TournamentError(`the rating thresholds must be ascending, got ${g.join(',')}`);
  }
  if (system.bar !== undefined && system.floor !== undefined && system.floor > system.bar) {
    throw new TournamentError(`the floor (${system.floor}) is above the bar (${system.bar})`);
  }
}

/**
 * A Swiss or McMahon event without results; its players' names are checked (none twice, none named
 * "bye"), and a McMahon event's groups and ratings (at least one player rated: the groups come from
 * ratings, spec/tournament.md).
 */
export function newEvent(spec: NewEvent): EventFile {
  const seen = new Set<string>();
  const players: Player[] = [];
  for (const raw of spec.players) {
    const name = raw.name.trim();
    if (name === '') continue;
    if (name.toLowerCase() === BYE) throw new TournamentError(`"${BYE}" cannot be a player's name`);
    if (seen.has(name)) throw new TournamentError(`player "${name}" is listed twice`);
    if (raw.rating !== undefined && !Number.isFinite(raw.rating)) {
      throw new TournamentError(`the rating of "${name}" must be a number`);
    }
    seen.add(name);
    players.push(raw.rating === undefined ? { name } : { name, rating: raw.rating });
  }
  if (players.length < 2) throw new TournamentError('an event needs at least two players');
  const system = spec.system ?? { type: 'swiss' };
  if (system.type === 'mcmahon') {
    checkMcMahon(system);
    if (players.every((p) => p.rating === undefined)) {
      throw new TournamentError('a McMahon event needs ratings: no player has one');
    }
  }
  if (spec.format !== undefined && spec.rounds !== undefined)
    throw new TournamentError('a format plans its own rounds: give no number of rounds');
  if (spec.unplayed !== undefined && system.type === 'mcmahon') throw new TournamentError(FIDE_NOT_MCMAHON);
  if (spec.format?.type === 'qualifier' && spec.format.top > players.length)
    throw new TournamentError(
      `the knock-out takes the top ${spec.format.top}, but the event has ${players.length} players`,
    );
  return {
    name: spec.name,
    system,
    ...(spec.format !== undefined ? { format: spec.format } : {}),
    ...(spec.rounds !== undefined ? { rounds: spec.rounds } : {}),
    ...(spec.points !== undefined ? { points: spec.points } : {}),
    players,
    tiebreaks: spec.tiebreaks ?? [],
    tiebreakOptions: spec.unplayed !== undefined ? { unplayed: spec.unplayed } : {},
    ...(spec.ties !== undefined ? { ties: spec.ties } : {}),
    results: [],
  };
}

/** The event with the round's boards recorded, and its bye as a win (so the next round avoids it). */
export function recordPairing(event: EventFile, pairing: SwissPairing): EventFile {
  const boards: RoundPairing[] = pairing.pairs.map(([player, opponent]) => ({
    round: pairing.round,
    player,
    opponent,
  }));
  const bye: RoundResult[] =
    pairing.bye === null ? [] : [{ round: pairing.round, player: pairing.bye, opponent: BYE, result: 'win' }];
  return {
    ...event,
    pairings: [...(event.pairings ?? []), ...boards],
    results: [...event.results, ...bye],
  };
}

/** The event with a format round's boards recorded, and its byes as wins (a knock-out may have several). */
export function recordFormatPairing(event: EventFile, pairing: FormatPairing): EventFile {
  const boards: RoundPairing[] = pairing.boards.map((b) => ({
    round: pairing.round,
    player: b.player,
    opponent: b.opponent,
  }));
  const byes: RoundResult[] = pairing.byes.map((b) => ({
    round: pairing.round,
    player: b.player,
    opponent: BYE,
    result: 'win',
  }));
  return {
    ...event,
    pairings: [...(event.pairings ?? []), ...boards],
    results: [...event.results, ...byes],
  };
}

/** One game's result as the director gives it. */
export interface GameResult {
  readonly round: number;
  readonly player: string;
  readonly opponent: string;
  /** The winner's name, or null for a draw (or a double forfeit). */
  readonly winner: string | null;
  readonly forfeit?: boolean;
  /** Neither player came: both lose (`winner` null, no score). */
  readonly doubleForfeit?: boolean;
  /** The match score, `player`'s points first ("7-3"). */
  readonly score?: readonly [number, number];
  /** Replace a different result already entered for the game. */
  readonly replace?: boolean;
}

export type EnterOutcome = 'added' | 'same' | 'replaced';

/** A result entered: the event after it, and the results of the game it replaced (with their places). */
export interface Entered {
  readonly event: EventFile;
  readonly outcome: EnterOutcome;
  readonly replaced: readonly { readonly index: number; readonly result: RoundResult }[];
}

function unknownPlayer(name: string, event: EventFile): TournamentError {
  const lower = name.toLowerCase();
  const close = event.players.find((p) => p.name.toLowerCase() === lower);
  const hint = close
    ? ` (did you mean "${close.name}"?)`
    : ` (the players: ${event.players.map((p) => p.name).join(', ')})`;
  return new TournamentError(`no player "${name}" in the event${hint}`);
}

/**
 * The event with one game's result: the two players must be paired in that round when the round's
 * boards are recorded; otherwise the round is the current one or the next. The same result entered
 * again changes nothing ('same'); a different one is refused unless `replace`.
 */
export function enterResult(event: EventFile, g: GameResult): Entered {
  for (const name of [g.player, g.opponent]) {
    if (!event.players.some((p) => p.name === name)) throw unknownPlayer(name, event);
  }
  if (g.player === g.opponent) throw new TournamentError(`"${g.player}" cannot play himself`);
  if (g.winner !== null && g.winner !== g.player && g.winner !== g.opponent) {
    throw new TournamentError(`the winner "${g.winner}" is neither "${g.player}" nor "${g.opponent}"`);
  }
  if (g.forfeit && g.winner === null)
    throw new TournamentError('a forfeit needs a winner (the player who came)');
  if (g.doubleForfeit && (g.winner !== null || g.forfeit || g.score !== undefined))
    throw new TournamentError('a double forfeit has no winner and no score: neither player came');
  const table = resultTable(event);
  const last = lastRound(event, table);
  const planned =
    event.format === undefined
      ? swissRounds(event)
      : (formatPlannedRounds(event, eventRanking(event)) ?? last + 1);
  if (g.winner === null && needsWinner(event, g.round))
    throw new TournamentError(
      `round ${g.round} is a knock-out round: a game needs a winner (no draw, no double forfeit; --forfeit when one did not come)`,
    );
  if (!Number.isInteger(g.round) || g.round < 1 || g.round > planned) {
    throw new TournamentError(`round ${g.round}: the event has rounds 1 to ${planned}`);
  }
  const boards = (event.pairings ?? []).filter((p) => p.round === g.round);
  const entryOf = (name: string) => table.history.get(name)?.[g.round - 1];
  if (boards.length > 0) {
    const board = (name: string) => boards.find((b) => b.player === name || b.opponent === name);
    const mine = board(g.player);
    const paired = mine && (mine.player === g.opponent || mine.opponent === g.opponent);
    if (!paired) {
      const say = (name: string): string => {
        const b = board(name);
        if (b) return `"${name}" plays "${b.player === name ? b.opponent : b.player}"`;
        return entryOf(name)?.kind === 'bye' ? `"${name}" has the bye` : `"${name}" is not paired`;
      };
      throw new TournamentError(
        `"${g.player}" and "${g.opponent}" are not paired in round ${g.round}: ${say(g.player)}, ${say(g.opponent)}`,
      );
    }
  } else if (g.round > last + 1 || (event.pairings ?? []).length > 0) {
    // an event paired by `pair` has its boards for every round it plays; by hand, the next round may start
    throw new TournamentError(
      `round ${g.round} is not paired yet (the event has pairings or results up to round ${last})`,
    );
  } else {
    for (const name of [g.player, g.opponent]) {
      const player = event.players.find((p) => p.name === name)!;
      if (player.withdrawnAfterRound !== undefined && player.withdrawnAfterRound < g.round) {
        throw new TournamentError(`"${name}" withdrew after round ${player.withdrawnAfterRound}`);
      }
      const e = entryOf(name);
      if (e?.kind === 'bye') throw new TournamentError(`"${name}" has the bye in round ${g.round}`);
      const against = boardOpponent(e);
      if (against !== null && against !== (name === g.player ? g.opponent : g.player)) {
        throw new TournamentError(`"${name}" already has a result in round ${g.round}, against "${against}"`);
      }
    }
  }
  const winner = g.winner;
  const loser = winner === g.player ? g.opponent : g.player;
  const score =
    g.score === undefined
      ? undefined
      : winner === g.opponent
        ? `${g.score[1]}-${g.score[0]}`
        : `${g.score[0]}-${g.score[1]}`;
  const result: RoundResult = g.doubleForfeit
    ? { round: g.round, player: g.player, opponent: g.opponent, result: DOUBLE_FORFEIT }
    : {
        round: g.round,
        player: winner ?? g.player,
        opponent: winner === null ? g.opponent : loser,
        result: (winner === null ? 'draw' : 'win') as MatchResult,
        ...(g.forfeit ? { forfeit: true } : {}),
        ...(score !== undefined ? { score } : {}),
      };
  const sameGame = (r: RoundResult): boolean =>
    r.round === g.round &&
    ((r.player === g.player && r.opponent === g.opponent) ||
      (r.player === g.opponent && r.opponent === g.player));
  const old = event.results.filter(sameGame);
  if (old.length > 0) {
    const now = entryOf(result.player);
    const same =
      (result.result === DOUBLE_FORFEIT
        ? now?.kind === 'double-forfeit'
        : now?.kind === 'played' && now.result === result.result) &&
      old.every(
        (r) =>
          (r.forfeit ?? false) === (result.forfeit ?? false) &&
          (r.score === undefined || score === undefined || describeScore(r) === score),
      );
    if (same) return { event, outcome: 'same', replaced: [] };
    if (!g.replace) {
      const was = old[0]!;
      throw new TournamentError(
        `round ${g.round}: "${g.player}"–"${g.opponent}" already has a result (${describeResult(was)}); give --replace to change it`,
      );
    }
  }
  const results = [...event.results.filter((r) => !sameGame(r)), result];
  const replaced = event.results.flatMap((r, index) => (sameGame(r) ? [{ index, result: r }] : []));
  return { event: { ...event, results }, outcome: old.length > 0 ? 'replaced' : 'added', replaced };
}

function describeScore(r: RoundResult): string | undefined {
  if (r.score === undefined) return undefined;
  if (r.result === 'loss') return r.score.split('-').reverse().join('-');
  return r.score;
}

/** A result in words: "Anna won 7-3", "Bob won by forfeit", "Anna and Bob drew", "… both lost by forfeit". */
export function describeResult(r: RoundResult): string {
  if (r.result === 'draw') return `${r.player} and ${r.opponent} drew`;
  if (r.result === DOUBLE_FORFEIT) return `${r.player} and ${r.opponent} both lost by forfeit`;
  const winner = r.result === 'win' ? r.player : r.opponent;
  const how = r.forfeit ? ' by forfeit' : r.score !== undefined ? ` ${describeScore(r)}` : '';
  return `${winner} won${how}`;
}

/** The event with `entry` at the end of its log (an older file without a log gets one). */
export function withLog(event: EventFile, entry: LogEntry): EventFile {
  return { ...event, log: [...(event.log ?? []), entry] };
}

/** The event with its pairing of `round` in the log: the boards and the byes. */
export function pairingLogged(
  event: EventFile,
  round: number,
  boards: number,
  byes: readonly string[],
  at: string,
): EventFile {
  const bye = byes.length === 0 ? '' : `, the bye${byes.length > 1 ? 's' : ''} to ${byes.join(', ')}`;
  return withLog(event, {
    at,
    what: 'pair',
    round,
    said: `round ${round} paired: ${boards} board${boards === 1 ? '' : 's'}${bye}`,
  });
}

/**
 * The event after a result entered ({@link enterResult}, not 'same'), with the change in its log: the result
 * entered and those it replaced, with their places (so that {@link undoLast} puts them back); `player` is
 * the player named first on the command line.
 */
export function resultLogged(entered: Entered, player: string, at: string): EventFile {
  const result = entered.event.results.at(-1)!;
  const again = entered.outcome === 'replaced' ? ' (replaces the result entered before)' : '';
  return withLog(entered.event, {
    at,
    what: 'result',
    round: result.round,
    player,
    said: `round ${result.round}: ${describeResult(result)}${again}`,
    entered: result,
    ...(entered.replaced.length > 0 ? { replaced: entered.replaced } : {}),
  });
}

/** A late entry: the event with the player added, and the first round he plays. */
export interface LateEntry {
  readonly event: EventFile;
  readonly firstRound: number;
  /** The rounds the event plans, fixed in the file when they came from the number of players (⌈log₂ N⌉). */
  readonly fixedRounds: number | null;
}

/**
 * A player added to an event. Before its first round is paired, any event takes him. After, only Swiss and
 * McMahon rounds (no format): he is paired from the next round on, the rounds before are his absences,
 * scored as the event scores an absent round (`tiebreakOptions.absentPoints`: Swiss 0 by default, McMahon
 * ½, the EGF practice spec/tournament.md gives); an event that planned ⌈log₂ N⌉ rounds keeps the number
 * it had (`rounds` is written), so that a late entry does not lengthen it. A knock-out, a round robin,
 * lives and a qualifier refuse: their draw or table is made from the field of round 1.
 */
export function addPlayer(event: EventFile, raw: NewPlayer): LateEntry {
  const name = raw.name.trim();
  if (name === '') throw new TournamentError("the player's name is empty");
  if (name.toLowerCase() === BYE) throw new TournamentError(`"${BYE}" cannot be a player's name`);
  if (event.players.some((p) => p.name === name))
    throw new TournamentError(`player "${name}" is in the event already`);
  if (raw.rating !== undefined && !Number.isFinite(raw.rating))
    throw new TournamentError(`the rating of "${name}" must be a number`);
  const last = lastRound(event, resultTable(event));
  const player: Player = {
    name,
    ...(raw.rating !== undefined ? { rating: raw.rating } : {}),
    ...(last > 0 ? { enteredRound: last + 1 } : {}),
  };
  if (last === 0)
    return { event: { ...event, players: [...event.players, player] }, firstRound: 1, fixedRounds: null };
  if (event.format !== undefined)
    throw new TournamentError(
      `a late entry is refused: the ${event.format.type} format's round 1 is paired (its draw is made from the players of round 1)`,
    );
  const planned = swissRounds(event);
  if (last >= planned)
    throw new TournamentError(`a late entry is refused: all ${planned} planned rounds are paired`);
  const fixed = event.rounds === undefined ? planned : null;
  return {
    event: { ...event, ...(fixed !== null ? { rounds: fixed } : {}), players: [...event.players, player] },
    firstRound: last + 1,
    fixedRounds: fixed,
  };
}

/** A withdrawal: the event with the player out after a round, or his pending knock-out game lost by forfeit. */
export interface Withdrawal {
  readonly event: EventFile;
  /** Swiss rounds: the round after which he is no longer paired. */
  readonly afterRound: number | null;
  /** A knock-out or a round robin: the game he loses by forfeit. */
  readonly forfeit: RoundResult | null;
}

/** Whether the event's next round is played by Swiss rules (Swiss, McMahon, lives, a qualifier's Swiss rounds). */
function swissPhase(event: EventFile, last: number): boolean {
  const f = event.format;
  return f === undefined || f.type === 'lives' || (f.type === 'qualifier' && last < f.swissRounds);
}

/**
 * A player leaves the event. In Swiss rounds (Swiss, McMahon, lives, a qualifier's Swiss rounds) he is not
 * paired after `afterRound` (default: the last round paired or with a result); a round he has a game, a
 * bye or a board in after it is refused. A knock-out or a round robin has no withdrawal: the player loses
 * his next game by forfeit (format.ts), so his game paired and without a result is entered as a forfeit
 * win for his opponent; without one, the command says to enter the forfeit once the game is paired.
 */
export function withdrawPlayer(event: EventFile, name: string, afterRound?: number): Withdrawal {
  const player = event.players.find((p) => p.name === name);
  if (!player) throw unknownPlayer(name, event);
  if (player.withdrawnAfterRound !== undefined)
    throw new TournamentError(`"${name}" withdrew after round ${player.withdrawnAfterRound} already`);
  const table = resultTable(event);
  const last = lastRound(event, table);
  if (!swissPhase(event, last)) {
    if (afterRound !== undefined)
      throw new TournamentError(
        '--after-round is for Swiss rounds: in a knock-out or a round robin the player loses his next game by forfeit',
      );
    const board = (event.pairings ?? []).find(
      (b) =>
        b.round === last &&
        (b.player === name || b.opponent === name) &&
        boardOpponent(table.history.get(name)?.[last - 1]) === null,
    );
    if (board === undefined)
      throw new TournamentError(
        `"${name}" has no game paired and without a result: in a ${event.format!.type} event a player who leaves loses his next game by forfeit; enter it once it is paired (bdb tournament result … --no-show "${name}")`,
      );
    const opponent = board.player === name ? board.opponent : board.player;
    const entered = enterResult(event, {
      round: last,
      player: name,
      opponent,
      winner: opponent,
      forfeit: true,
    });
    return { event: entered.event, afterRound: null, forfeit: entered.event.results.at(-1)! };
  }
  const after = afterRound ?? last;
  if (!Number.isInteger(after) || after < 0)
    throw new TournamentError(`--after-round expects a round number ≥ 0, got ${after}`);
  for (let round = after + 1; round <= last; round++) {
    const entry = table.history.get(name)?.[round - 1];
    const board = (event.pairings ?? []).find(
      (b) => b.round === round && (b.player === name || b.opponent === name),
    );
    if ((entry !== undefined && entry.kind !== 'absent') || board !== undefined)
      throw new TournamentError(`"${name}" is in round ${round}: withdraw him after round ${round} or later`);
  }
  if (player.enteredRound !== undefined && after < player.enteredRound - 1)
    throw new TournamentError(
      `"${name}" entered at round ${player.enteredRound}: withdraw him after round ${player.enteredRound - 1} or later`,
    );
  const players = event.players.map((p) => (p.name === name ? { ...p, withdrawnAfterRound: after } : p));
  return { event: { ...event, players }, afterRound: after, forfeit: null };
}

/** Whether two results say the same (their fields, in any order). */
function sameResult(a: RoundResult, b: RoundResult): boolean {
  return (
    a.round === b.round &&
    a.player === b.player &&
    a.opponent === b.opponent &&
    a.result === b.result &&
    (a.forfeit ?? false) === (b.forfeit ?? false) &&
    a.score === b.score
  );
}

/** The change an undo takes back: the last result or pairing in the log not taken back already. */
function lastUndoable(log: readonly LogEntry[]): number {
  const undone = new Set(log.flatMap((e) => (e.undoes === undefined ? [] : [e.undoes])));
  for (let i = log.length - 1; i >= 0; i--) {
    const e = log[i]!;
    const result = e.what === 'result' || (e.what === 'withdraw' && e.entered !== undefined);
    if ((result || e.what === 'pair') && !undone.has(i)) return i;
  }
  return -1;
}

/**
 * The event with the last change to its results taken back, from its log: the last result entered (or
 * corrected: the result it replaced comes back, at its place), or the last round paired when none of its
 * games has a result yet (its boards and byes removed). The log keeps both entries (the change and the
 * undo); an event without such a change in its log, or whose results no longer hold what the log says,
 * is refused.
 */
export function undoLast(event: EventFile): { event: EventFile; undoes: number; said: string } {
  const log = event.log ?? [];
  const i = lastUndoable(log);
  if (i === -1)
    throw new TournamentError('nothing to undo: the log has no result or pairing left to take back');
  const e = log[i]!;
  const round = e.round!;
  if (e.what !== 'pair') {
    const at = event.results.findLastIndex((r) => sameResult(r, e.entered!));
    if (at === -1)
      throw new TournamentError(`the log's last result (${e.said}) is not in the results: undo refused`);
    const results = event.results.filter((_, k) => k !== at);
    for (const { index, result } of [...(e.replaced ?? [])].sort((a, b) => a.index - b.index))
      results.splice(Math.min(index, results.length), 0, result);
    return { event: { ...event, results }, undoes: i, said: e.said };
  }
  const later = log.slice(i + 1).find((x) => x.what === 'add-player' || x.what === 'withdraw');
  if (later !== undefined)
    throw new TournamentError(
      `${later.player ?? 'a player'} ${later.what === 'withdraw' ? 'withdrew' : 'entered'} after round ${round} was paired: its pairing stays (undo refused)`,
    );
  const table = resultTable(event);
  if (lastRound(event, table) > round)
    throw new TournamentError(
      `round ${round} is not the last round: undo refused (the log and the file disagree)`,
    );
  const played = [...table.history.values()].some((h) => boardOpponent(h[round - 1]) !== null);
  if (played) throw new TournamentError(`round ${round} has results: undo them first`);
  const pairings = (event.pairings ?? []).filter((p) => p.round !== round);
  const results = event.results.filter((r) => !(r.round === round && r.opponent === BYE));
  const { pairings: _, ...rest } = event;
  return {
    event: { ...rest, ...(pairings.length > 0 ? { pairings } : {}), results },
    undoes: i,
    said: `the pairing of round ${round}`,
  };
}
