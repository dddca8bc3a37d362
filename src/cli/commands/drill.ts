/**
 * `bdb drill [SEARCH]`: a quiz from the player's own mistakes (`bdb find`'s default search) or a saved
 * search, scheduled by spaced repetition (FSRS, src/history/drill-schedule.ts). The cards due come first
 * (earliest due first), then new ones (the costliest mistakes first), at most `--limit`. Each is shown with
 * its text board, score, cube and roll; the answer is read from standard input, one line (so a session can
 * be piped), checked against the stored analysis (src/history/drill-answer.ts), stored with the card's next
 * date (src/library/drill.ts). `q` or the end of the input ends the session with a summary line. The
 * library is held only while the session reads its cards (for reading) and while it stores an answer (for
 * writing), never while it waits for one: another bdb may import or drill between the answers.
 *
 *   bdb drill --player Me            drill my mistakes
 *   bdb drill blunders --limit 5     drill five of a saved search
 *   bdb drill --stats [--json]       drill PR by month beside the game PR
 *   bdb drill --stats --by year      the same by quarter or year (bdb progress's periods)
 */
import { createInterface } from 'node:readline';
import type { Command } from 'commander';
import { UsageError } from '../../errors.js';
import { checkAnswer, drillQuestion } from '../../history/drill-answer.js';
import {
  answerCard,
  cardFromJson,
  cardJson,
  type DrillGrade,
  drillRating,
  newDrillCard,
  ratingName,
  SLOW_SECONDS,
} from '../../history/drill-schedule.js';
import { followedPerson, storedNames } from '../../history/names.js';
import { ProgressCollector, parseBy } from '../../history/progress.js';
import {
  cardKey,
  drillCard,
  drillCards,
  drillPeriods,
  recordAnswer,
  type StoredCard,
} from '../../library/drill.js';
import type { Library } from '../../library/open.js';
import type { Grouping } from '../../library/period-totals.js';
import { libraryMatchesById, libraryPersonTallies, librarySeats } from '../../library/read.js';
import { defaultMet } from '../../metrics/match-report.js';
import type { FoundDecision } from '../../model/found-decision.js';
import type { Decision, Match } from '../../model/types.js';
import { ankiDeck } from '../../report/drill/anki.js';
import {
  type DrillStats,
  drillStatsJson,
  drillStatsText,
  questionLines,
  summaryLine,
  verdictLine,
} from '../../report/drill/text.js';
import { pickReporter, type Reporters, reporterName } from '../../report/reporter.js';
import { EXIT, type ExitCode } from '../exit.js';
import { describeFailure, oneLine } from '../failure.js';
import {
  commandLineFilters,
  type FindOptions,
  holdsMatches,
  resolveSets,
  savedSets,
  searchSets,
} from '../find-search.js';
import { libraryOption, withLibrary } from '../library-input.js';
import { librarySettings } from '../match-source.js';
import { namedPlayers, type PersonOptions, personOptions } from '../options.js';
import { outputWidth, writeErr, writeOut } from '../output.js';
import { outputRefused, pageRules, writeOutputText } from '../output-file.js';

interface DrillOptions extends PersonOptions {
  library?: string;
  limit?: string;
  stats?: boolean;
  anki?: string;
  force?: boolean;
  by?: string;
}

/** Cards asked in a session without `--limit`. */
const DEFAULT_LIMIT = 20;

/** `--limit N`: at most N cards (a whole number, 1 or more). */
function limitOption(value: string | undefined): number {
  if (value === undefined) return DEFAULT_LIMIT;
  if (!/^\d+$/.test(value) || Number(value) < 1 || Number(value) > 100_000)
    throw new UsageError(`--limit expects a whole number of cards (1 or more), got ${JSON.stringify(value)}`);
  return Number(value);
}

/** A card of the session: the decision found and its stored state (none: new). */
interface SessionCard {
  readonly found: FoundDecision;
  readonly stored: StoredCard | undefined;
}

/**
 * The session's cards: the decisions of the search that have a position and an analysis, one per card key;
 * the due ones first (earliest first), then the new ones (the search's order: MWC lost first).
 */
function sessionCards(
  found: readonly FoundDecision[],
  cards: ReadonlyMap<string, StoredCard>,
  now: Date,
  limit: number,
): SessionCard[] {
  const seen = new Set<string>();
  const due: SessionCard[] = [];
  const fresh: SessionCard[] = [];
  for (const d of found) {
    if (d.xgid === null || d.best === null) continue;
    const key = cardKey({ xgid: d.xgid, kind: d.kind });
    if (seen.has(key)) continue;
    seen.add(key);
    const stored = cards.get(key);
    if (stored === undefined) fresh.push({ found: d, stored });
    else if (new Date(stored.due) <= now) due.push({ found: d, stored });
  }
  due.sort((a, b) => (a.stored!.due < b.stored!.due ? -1 : a.stored!.due > b.stored!.due ? 1 : 0));
  return [...due, ...fresh].slice(0, limit);
}

/** The decisions of the cards, from their matches parsed again (stored bytes): by `matchId game decision`. */
async function cardDecisions(lib: Library, cards: readonly SessionCard[]): Promise<Map<string, Decision>> {
  const ids = new Set(cards.map((c) => c.found.matchId));
  const out = new Map<string, Decision>();
  const onError = (file: string, e: unknown): void => writeErr(`bdb: ${oneLine(describeFailure(file, e))}\n`);
  for await (const { id, match } of libraryMatchesById(lib, ids, defaultMet(), onError))
    for (const c of cards.filter((k) => k.found.matchId === id)) {
      const d = decisionOf(match, c.found);
      if (d !== null) out.set(where(c.found), d);
    }
  return out;
}

/** The key of a found decision's place. */
function where(f: FoundDecision): string {
  return `${f.matchId} ${f.game} ${f.decision}`;
}

/** The decision a found row names (its game and place, both from 1). */
function decisionOf(match: Match, f: FoundDecision): Decision | null {
  return match.games[f.game - 1]?.decisions[f.decision - 1] ?? null;
}

/** Reads standard input line by line; null at its end. */
class Lines {
  private readonly it: AsyncIterator<string>;
  private readonly rl = createInterface({ input: process.stdin, terminal: false });
  constructor() {
    this.it = this.rl[Symbol.asyncIterator]();
  }
  async next(): Promise<string | null> {
    const r = await this.it.next();
    return r.done ? null : r.value;
  }
  close(): void {
    this.rl.close();
    process.stdin.pause();
  }
}

/** Asks one card until a readable answer comes; null when the user stops (`q`, end of input). */
async function ask(
  input: Lines,
  d: Decision,
): Promise<{ text: string; check: Exclude<ReturnType<typeof checkAnswer>, { problem: string }> } | null> {
  for (;;) {
    writeOut(`${drillQuestion(d)} `);
    const line = await input.next();
    // a piped answer is not echoed by a terminal: written after its question, the transcript reads as typed
    if (!process.stdin.isTTY) writeOut(`${line ?? ''}\n`);
    if (line === null || /^\s*(q|quit)\s*$/i.test(line)) return null;
    const check = checkAnswer(d, line);
    if ('problem' in check) {
      writeOut(`${oneLine(check.problem)}\n`);
      continue;
    }
    return { text: line.trim(), check };
  }
}

/**
 * Stores one answer: the library opened for writing for this answer alone (open, write, close), the card's
 * state read again there, so another bdb (an import, another drill) may use the library between answers.
 * Returns the exit code: not `EXIT.ok` when the library could not be opened or written (its one line said).
 */
async function storeAnswer(
  library: string | undefined,
  c: SessionCard,
  check: Exclude<ReturnType<typeof checkAnswer>, { problem: string }>,
  grade: DrillGrade,
  now: Date,
): Promise<ExitCode> {
  const key = { xgid: c.found.xgid!, kind: c.found.kind };
  return withLibrary(library, { readOnly: false }, async (lib) => {
    const stored = await drillCard(lib, key);
    const before = stored === undefined ? newDrillCard(now) : cardFromJson(stored.state);
    const next = answerCard(before, grade, now);
    await recordAnswer(
      lib,
      {
        ...key,
        answeredAt: now,
        answer: check.answer,
        right: check.right,
        equityLost: check.equityLost,
        rating: ratingName(drillRating(grade)),
      },
      { state: cardJson(next), due: next.due },
    );
    return EXIT.ok;
  });
}

/**
 * The session: asks each card, stores each answer as it comes (the library is not held while the user
 * thinks); returns the counts, and the exit code of an answer that could not be stored (the session stops
 * there).
 */
async function quiz(
  cards: readonly SessionCard[],
  decisions: ReadonlyMap<string, Decision>,
  opts: DrillOptions,
): Promise<{ answered: number; right: number; code: ExitCode }> {
  const input = new Lines();
  let answered = 0;
  let right = 0;
  const boards = { width: outputWidth(), ascii: opts.ascii === true };
  try {
    for (const [i, c] of cards.entries()) {
      const d = decisions.get(where(c.found));
      if (d === undefined) continue;
      writeOut(`\n${questionLines(c.found, i + 1, cards.length, boards).join('\n')}\n`);
      const asked = Date.now();
      const got = await ask(input, d);
      if (got === null) break;
      const now = new Date();
      const grade: DrillGrade = !got.check.right
        ? 'wrong'
        : (now.getTime() - asked) / 1000 > SLOW_SECONDS
          ? 'slow'
          : 'right';
      const code = await storeAnswer(opts.library, c, got.check, grade, now);
      if (code !== EXIT.ok) return { answered, right, code };
      writeOut(`${verdictLine(got.check)}\n`);
      answered++;
      if (got.check.right) right++;
    }
  } finally {
    input.close();
  }
  return { answered, right, code: EXIT.ok };
}

/** The earliest due date of the stored cards (ISO), or null. */
async function nextDue(lib: Library): Promise<string | null> {
  let first: string | null = null;
  for (const c of (await drillCards(lib)).values()) if (first === null || c.due < first) first = c.due;
  return first;
}

/** What a session asks: its cards and their decisions. */
interface SessionPlan {
  readonly cards: readonly SessionCard[];
  readonly decisions: ReadonlyMap<string, Decision>;
}

/**
 * `bdb drill [SEARCH]`: the session. What it asks is read with the library open for reading, then closed;
 * each answer opens it for writing just long enough to store it; the summary reads it again. No lock is
 * held while the session waits on standard input.
 */
async function runSession(search: string | undefined, opts: DrillOptions): Promise<ExitCode> {
  const limit = limitOption(opts.limit);
  let plan: SessionPlan | null = null;
  const read = await withLibrary(opts.library, { readOnly: true }, async (lib) => {
    const found = await searched(lib, search, opts);
    if (typeof found === 'number') return found;
    const cards = sessionCards(found.decisions, await drillCards(lib), new Date(), limit);
    if (cards.length === 0) {
      const due = await nextDue(lib);
      writeOut(
        found.total === 0
          ? `no decision to drill: ${search === undefined ? 'no mistake found' : `saved search '${search}' finds none`}\n`
          : `${summaryLine(0, 0, due)}\n`,
      );
      return EXIT.ok;
    }
    plan = { cards, decisions: await cardDecisions(lib, cards) };
    return EXIT.ok;
  });
  // TypeScript does not follow the assignment inside the callback
  const asked = plan as SessionPlan | null;
  if (asked === null) return read;
  const { answered, right, code } = await quiz(asked.cards, asked.decisions, opts);
  if (code !== EXIT.ok) return code;
  return withLibrary(opts.library, { readOnly: true }, async (lib) => {
    writeOut(`${summaryLine(answered, right, await nextDue(lib))}\n`);
    return EXIT.ok;
  });
}

/**
 * `--by month|quarter|year` of `--stats` (default month): `bdb progress`'s calendar periods, so the game PR
 * beside is progress's; its number of matches has no meaning for answers.
 */
function byOption(value: string | undefined): Grouping {
  const by = parseBy(value);
  if (by === null || typeof by !== 'string')
    throw new UsageError(`--by expects month, quarter or year, got ${JSON.stringify(value)}`);
  return by;
}

/** The person whose game PR `--stats` shows (the one named, else the one in most matches), by `by`. */
async function statsPerson(
  lib: Library,
  opts: DrillOptions,
  by: Grouping,
): Promise<{ person: string | null; pr: Map<string, number> } | ExitCode> {
  const s = await librarySettings(lib, opts);
  const seats = await librarySeats(lib, {});
  const { person, problem } = followedPerson(namedPlayers(opts, s.aliases), seats, s.aliases);
  const pr = new Map<string, number>();
  if (problem !== null) {
    writeErr(`bdb: ${oneLine(problem)}\n`);
    return EXIT.someFailed;
  }
  if (person === null) return { person, pr };
  // the game PR by period as bdb progress adds it up (src/history/progress.ts)
  const c = new ProgressCollector({ aliases: s.aliases, player: person, by });
  for (const pair of seats) c.see(pair);
  for await (const m of libraryPersonTallies(lib, {}, s.preset, storedNames(seats, person, s.aliases)))
    c.add({ date: m.day, tallies: m.tallies });
  for (const p of c.report(person, by).periods) if (p.pr !== null) pr.set(p.label, p.pr);
  return { person, pr };
}

const STATS: Reporters<DrillStats, { width: number; ascii: boolean }> = {
  text: drillStatsText,
  json: drillStatsJson,
};

/** `bdb drill --stats`: the answers by month (or `--by` quarter, year), the drill PR beside the game PR. */
async function runStats(opts: DrillOptions): Promise<ExitCode> {
  const by = byOption(opts.by);
  return withLibrary(opts.library, { readOnly: true }, async (lib) => {
    const followed = await statsPerson(lib, opts, by);
    if (typeof followed === 'number') return followed;
    const { person, pr } = followed;
    const periods = (await drillPeriods(lib, by)).map((p) => ({
      period: p.period,
      answered: p.answered,
      right: p.right,
      known: p.known,
      // the drill PR: 500 × the mean equity lost per answer whose loss is known (docs/glossary.md)
      drillPr: p.known === 0 ? null : (500 * p.equityLost) / p.known,
      gamePr: pr.get(p.period) ?? null,
    }));
    const view = { width: outputWidth(), ascii: opts.ascii === true };
    pickReporter(STATS, reporterName(opts))({ player: person, by, periods }, view, writeOut);
    return EXIT.ok;
  });
}

/** The decisions of the search (the mistakes, or the saved search), or an exit code after its one line. */
async function searched(
  lib: Library,
  search: string | undefined,
  opts: DrillOptions,
): Promise<{ decisions: readonly FoundDecision[]; total: number } | ExitCode> {
  if (!(await holdsMatches(lib))) return EXIT.someFailed;
  const base = search === undefined ? [] : await savedSets(lib, search);
  if (base === null) return EXIT.someFailed;
  const resolved = await resolveSets(
    lib,
    opts as FindOptions,
    searchSets(base, commandLineFilters(opts as FindOptions)),
  );
  if (typeof resolved === 'number') return resolved;
  const { findDecisions } = await import('../../library/find.js');
  return findDecisions(lib, resolved, null);
}

/** `bdb drill --anki FILE`: every card of the search (at most `--limit` when given) as an Anki deck. */
async function runAnki(search: string | undefined, file: string, opts: DrillOptions): Promise<ExitCode> {
  const limit = opts.limit === undefined ? Number.POSITIVE_INFINITY : limitOption(opts.limit);
  const rules = pageRules(opts.force, [], opts.library);
  if (outputRefused(file, rules)) return EXIT.someFailed;
  return withLibrary(opts.library, { readOnly: true }, async (lib) => {
    const found = await searched(lib, search, opts);
    if (typeof found === 'number') return found;
    const cards = sessionCards(found.decisions, new Map(), new Date(), limit).map((c) => c.found);
    const failed = writeOutputText(file, rules, ankiDeck(cards));
    if (failed !== null) {
      writeErr(`bdb: ${oneLine(failed)}\n`);
      return EXIT.someFailed;
    }
    writeErr(`bdb: wrote ${file} (${cards.length} card${cards.length === 1 ? '' : 's'})\n`);
    return EXIT.ok;
  });
}

/** Runs the command; returns the exit code. */
export async function runDrill(search: string | undefined, opts: DrillOptions): Promise<ExitCode> {
  if (opts.stats) return runStats(opts);
  if (opts.by !== undefined) throw new UsageError('--by goes with --stats (the answers by period)');
  if (opts.anki !== undefined) return runAnki(search, opts.anki, opts);
  return runSession(search, opts);
}

/** Adds the `drill` command to the program. */
export function registerDrill(program: Command): void {
  const cmd = program
    .command('drill')
    .description(
      'a quiz from your mistakes (or a saved search of bdb find), one answer a line on standard input, ' +
        'scheduled by spaced repetition (FSRS); --stats: the drill PR by month (--by quarter, year) beside the game PR',
    )
    .argument('[search]', 'a saved search of bdb find (default: your mistakes)');
  libraryOption(personOptions(cmd, ' (unused)', 'with --stats: print JSON instead of the table'))
    .option('--limit <n>', `at most N cards this session (default ${DEFAULT_LIMIT})`)
    .option('--stats', 'the answers by month: answered, right, drill PR, game PR')
    .option('--by <period>', 'with --stats: month (default), quarter or year, as bdb progress')
    .option('--anki <file>', 'write the cards as a CSV deck Anki imports (SVG boards), ask nothing')
    .option('--force', 'replace an existing file (--anki)')
    .action(async (search: string | undefined, opts: DrillOptions, command: Command) => {
      const playerFromConfig = command.getOptionValueSource('player') === 'config';
      process.exitCode = await runDrill(search, { ...opts, playerFromConfig });
    });
}
