/**
 * Library rows → what the file route builds: per-match reports carrying the very tallies `bdb stats` makes
 * (stored at import by the metrics layer), and the matches themselves, parsed again from the stored source
 * bytes, for the commands that look at boards (`biases`, `plan`). Figures are then derived by the same
 * functions as on the file route (`playerStats`, the aggregators, the collectors): one source of truth.
 *
 * Order: matches come sorted by file path (JavaScript string order), which is the order in which `bdb stats
 * FOLDER` walks a folder, so a library and a folder give the same lists.
 */
import { type MatchReport, parseMatchFiles } from '../analyse.js';
import type { Met } from '../met/index.js';
import type { THRESHOLD_PRESETS } from '../metrics/difficulty.js';
import { type PlayerTally, playerStats } from '../metrics/player-stats.js';
import type { Match } from '../model/types.js';
import type { ParseWarning } from '../parsers/types.js';
import { type MatchFilter, passesFilter } from './filter.js';
import type { UnitFile } from './import.js';
import { type Library, LibraryError } from './open.js';
import type { ErrorsByPreset } from './rows.js';
import { readSource, sourcesDir } from './sources.js';
import { rows } from './sql.js';
import { decodeTally } from './tally-codec.js';

/** A stored match as listed: its id, file and what the filters look at. */
interface MatchHead {
  readonly id: number;
  readonly file: string;
  /** The match day (ISO), null when its date could not be read. */
  readonly day: string | null;
  readonly players: readonly [string, string];
}

const byFile = (a: MatchHead, b: MatchHead): number =>
  a.file < b.file ? -1 : a.file > b.file ? 1 : a.id - b.id;

/**
 * The matches passing the filter, in file order; with `players`, only those where a seat is one of these
 * names (as stored).
 */
async function heads(lib: Library, filter: MatchFilter, players?: ReadonlySet<string>): Promise<MatchHead[]> {
  const list: MatchHead[] = [];
  for (const [id, file, day, event, length, p0, p1] of await rows(
    lib.connection,
    'SELECT match_id, file, CAST(day AS VARCHAR), event, match_length, player0, player1 FROM matches',
  )) {
    const fields = {
      day: day === null ? null : String(day),
      event: event === null ? null : String(event),
      matchLength: Number(length),
    };
    const seats: [string, string] = [String(p0), String(p1)];
    if (passesFilter(filter, fields) && (!players || players.has(seats[0]) || players.has(seats[1])))
      list.push({ id: Number(id), file: String(file), day: fields.day, players: seats });
  }
  return list.sort(byFile);
}

const CHUNK = 1000;

function chunks<T>(list: readonly T[], size: number): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < list.length; i += size) out.push(list.slice(i, i + size));
  return out;
}

const MATCH_COLUMNS =
  'match_id, file, format, player0, player1, match_length, games, date, event, analyser, checker_depth, cube_depth, winner, score0, score1, warnings';

/** The stored tallies of matches `ids`, by match id and seat, counting errors under `preset`. */
async function talliesOf(
  lib: Library,
  ids: string,
  preset: keyof typeof THRESHOLD_PRESETS,
): Promise<Map<number, [PlayerTally, PlayerTally]>> {
  const tallies = new Map<number, [PlayerTally | null, PlayerTally | null]>();
  for (const [id, seat, tally, errors] of await rows(
    lib.connection,
    // the stored tally counts errors at the import's thresholds (XG's); other presets are stored apart
    `SELECT match_id, seat, tally, ${preset === 'xg' ? 'NULL' : 'errors_by_preset'} FROM match_players WHERE match_id IN (${ids})`,
  )) {
    const t = decodeTally(String(tally));
    if (preset !== 'xg')
      [t.errors, t.avoidableErrors] = (JSON.parse(String(errors)) as ErrorsByPreset)[preset];
    const pair = tallies.get(Number(id)) ?? [null, null];
    pair[Number(seat) as 0 | 1] = t;
    tallies.set(Number(id), pair);
  }
  for (const [id, [t0, t1]] of tallies) if (!t0 || !t1) throw new Error(`library: match ${id} lacks a seat`);
  return tallies as Map<number, [PlayerTally, PlayerTally]>;
}

/**
 * The two seats' tallies of each stored match, in file order: all the per-person aggregate needs (what
 * `bdb stats --library --no-matches` reads; no match data is fetched).
 */
export async function* libraryTallies(
  lib: Library,
  filter: MatchFilter,
  preset: keyof typeof THRESHOLD_PRESETS,
  /** Only the matches where one of the seats is one of these names (as stored). */
  players?: ReadonlySet<string>,
): AsyncGenerator<{ readonly tallies: readonly [PlayerTally, PlayerTally]; readonly day: string | null }> {
  for (const part of chunks(await heads(lib, filter, players), CHUNK)) {
    const tallies = await talliesOf(lib, part.map((h) => h.id).join(','), preset);
    for (const h of part) yield { tallies: tallies.get(h.id)!, day: h.day };
  }
}

/** How many stored matches with a seat `wanted` accepts have no readable date (they fall in no window). */
export async function libraryUndated(lib: Library, wanted: (name: string) => boolean): Promise<number> {
  return (await heads(lib, {})).filter(
    (h) => h.day === null && (wanted(h.players[0]) || wanted(h.players[1])),
  ).length;
}

/** The names of the seats of the matches passing the filter, one pair per match (file order). */
export async function librarySeats(
  lib: Library,
  filter: MatchFilter,
): Promise<(readonly [string, string])[]> {
  return (await heads(lib, filter)).map((h) => h.players);
}

/**
 * The reports of the stored matches, in file order, with the tallies made at import; `preset` chooses
 * which thresholds' error and avoidable-error counts the tallies carry (spec/metrics.md §4).
 */
export async function* libraryReports(
  lib: Library,
  filter: MatchFilter,
  preset: keyof typeof THRESHOLD_PRESETS,
): AsyncGenerator<MatchReport> {
  const con = lib.connection;
  for (const part of chunks(await heads(lib, filter), CHUNK)) {
    const ids = part.map((h) => h.id).join(',');
    const tallies = await talliesOf(lib, ids, preset);
    const byId = new Map<number, unknown[]>();
    for (const r of await rows(con, `SELECT ${MATCH_COLUMNS} FROM matches WHERE match_id IN (${ids})`))
      byId.set(Number(r[0]), r);
    for (const h of part) {
      const r = byId.get(h.id)!;
      const pair = tallies.get(h.id);
      if (!pair) throw new Error(`library: match ${h.id} has no tallies`);
      const [t0, t1] = pair;
      const [
        ,
        file,
        format,
        p0,
        p1,
        length,
        games,
        date,
        event,
        program,
        checkerDepth,
        cubeDepth,
        winner,
        s0,
        s1,
        w,
      ] = r;
      let stats: MatchReport['stats'] | null = null;
      yield {
        file: String(file),
        format: String(format),
        matchLength: Number(length),
        players: [String(p0), String(p1)],
        games: Number(games),
        finalScore: [Number(s0), Number(s1)],
        winner: winner === null ? null : String(winner),
        date: date === null ? null : String(date),
        event: event === null ? null : String(event),
        analyser:
          program === null
            ? null
            : {
                program: String(program),
                checkerDepth: checkerDepth === null ? null : String(checkerDepth),
                cubeDepth: cubeDepth === null ? null : String(cubeDepth),
              },
        // derived on demand: the per-person table alone needs only the tallies
        get stats(): MatchReport['stats'] {
          stats ??= [playerStats(t0), playerStats(t1)];
          return stats;
        },
        warnings: JSON.parse(String(w)) as ParseWarning[],
        tallies: [t0, t1],
      };
    }
  }
}

/**
 * The stored matches, parsed again from their stored bytes by the reader `bdb stats` uses, in
 * file order. A stored file that cannot be parsed any more (a newer bdb's reader refuses it) is reported
 * through `onError` and skipped.
 */
export async function* libraryMatches(
  lib: Library,
  filter: MatchFilter,
  met: Met,
  onError: (file: string, e: unknown) => void,
  /** Only the matches where one of the seats is one of these names (as stored). */
  players?: ReadonlySet<string>,
): AsyncGenerator<{ match: Match; warnings: readonly ParseWarning[] }> {
  const con = lib.connection;
  for (const part of chunks(await heads(lib, filter, players), 50)) {
    const ids = part.map((h) => h.id).join(',');
    const bytes = new Map<string, Uint8Array>();
    const unitFiles = new Map<number, string[]>();
    for (const [id, files] of await rows(
      con,
      `SELECT match_id, source_files FROM matches WHERE match_id IN (${ids})`,
    ))
      unitFiles.set(Number(id), JSON.parse(String(files)) as string[]);
    for (const [path, sha, pack, offset, length, codec] of await rows(
      con,
      `SELECT f.path, f.sha256, s.pack, s."offset", s.length, s.codec FROM files f LEFT JOIN sources s ON s.sha256 = f.sha256 WHERE f.status = 'imported' AND f.match_id IN (${ids})`,
    )) {
      const at =
        pack === null
          ? null
          : {
              sha256: String(sha),
              pack: String(pack),
              offset: Number(offset),
              length: Number(length),
              codec: String(codec) as 'br',
            };
      const b = readSource(lib.path, String(sha), at);
      if (b) bytes.set(String(path), b);
    }
    for (const h of part) {
      const files = (unitFiles.get(h.id) ?? []).map((file) => ({ file, bytes: bytes.get(file) }));
      try {
        if (files.length === 0 || files.some((f) => f.bytes === undefined))
          throw new LibraryError(h.file, `its stored bytes are missing from ${sourcesDir(lib.path)}`);
        yield parseMatchFiles(files as UnitFile[], met);
      } catch (e) {
        onError(h.file, e);
      }
    }
  }
}

/** What the library recorded about files it could not import, and files holding a match held elsewhere. */
export async function libraryFileNotes(lib: Library): Promise<{
  errors: { file: string; message: string }[];
  duplicates: { file: string; sameAs: string }[];
}> {
  const con = lib.connection;
  const errors = (
    await rows(con, "SELECT path, error FROM files WHERE status = 'failed' AND path = unit")
  ).map(([file, message]) => ({ file: String(file), message: String(message) }));
  const duplicates = (
    await rows(con, "SELECT path, same_as FROM files WHERE status = 'duplicate' AND path = unit")
  ).map(([file, sameAs]) => ({ file: String(file), sameAs: String(sameAs) }));
  const order = (a: { file: string }, b: { file: string }): number =>
    a.file < b.file ? -1 : a.file > b.file ? 1 : 0;
  return { errors: errors.sort(order), duplicates: duplicates.sort(order) };
}
