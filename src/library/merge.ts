/**
 * Merging libraries: `bdb merge LIB... --into LIB`. Rows are copied by SQL (no file is parsed again), match
 * ids renumbered. A match found in both (same fingerprint) is kept once, as a single import of all the
 * files would keep it: the better reading (`readingRank`: XG, SGF, gnuBG text, transcript), then the file
 * first in path order, holds it; the other file is recorded as its duplicate. A file path already in the target is left as the target has it. Stored aliases are
 * added where the target has none for that spelling. The whole merge of one source is one transaction.
 *
 * Because every figure derives from per-match tallies and per-decision rows that are exact sums, the merged
 * library gives the figures of one import of the union (test/unit/library/merge.test.ts).
 */
import { BdbError } from '../errors.js';
import { readingRank } from '../model/types.js';
import { sqlString } from './export.js';
import { isOutOfMemory } from './memory.js';
import { firstLine, type Library, LibraryError, openFailure, schemaVersion } from './open.js';
import { BUMP_GENERATION, SCHEMA_VERSION } from './schema.js';
import { compressSource, hasLegacySource, readCompressed, readSource, SourcePackWriter } from './sources.js';
import { rollback, rows, TableAppender } from './sql.js';

/** What a merge did, per source. */
export interface MergeOutcome {
  readonly source: string;
  readonly matches: number;
  readonly duplicates: number;
  readonly files: number;
}

interface Held {
  id: number;
  file: string;
  rank: number;
}

/** Whether reading `a` holds a match rather than `b`: the better reading, then the first path. */
const before = (a: Held, b: Held): boolean => a.rank < b.rank || (a.rank === b.rank && a.file < b.file);

/** The tables a merge reads from a source, whose columns must be those of the target's schema. */
const COPIED_TABLES = [
  'matches',
  'match_players',
  'games',
  'decisions',
  'files',
  'sources',
  'aliases',
  'study_marks',
  'searches',
  'drill_cards',
  'drill_answers',
] as const;

/**
 * Merges the library at `sourcePath` into `into` (opened for writing). A source that cannot be merged is a
 * {@link LibraryError} naming it, never the target: one DuckDB cannot open (not a DuckDB file, cut short,
 * overwritten), a DuckDB file without bdb tables, a library of another schema (a source is only read, so
 * an older one is not upgraded here: the line says how), one whose tables are not its schema's, and one
 * whose rows cannot be read part way through (DuckDB opens a file cut short and fails on the first block
 * past its end, in any statement). When a statement fails, the transaction is rolled back and each table
 * the merge reads is read once more, whole and alone: when one fails (or DuckDB's message names the
 * source), the source is what is wrong; when all read, the failure was the target's and is thrown as it
 * came (a full disk, a damaged target).
 */
export async function mergeLibrary(into: Library, sourcePath: string): Promise<MergeOutcome> {
  if (into.readOnly) throw new BdbError('LIBRARY', `${into.path}: opened read-only, cannot merge into it`);
  const con = into.connection;
  // the source's name in the statements: not the target's own (a target named src.duckdb is catalog src)
  const src = (await currentCatalog(con)).toLowerCase() === 'src' ? 'src_library' : 'src';
  try {
    await con.run(`ATTACH ${sqlString(sourcePath)} AS ${src} (READ_ONLY)`);
  } catch (e) {
    // DuckDB's memory is the target's: run again with more (src/library/memory.ts)
    if (isOutOfMemory(e)) throw e;
    throw openFailure(sourcePath, (e as Error).message);
  }
  try {
    return await mergeAttached(into, src, sourcePath);
  } catch (e) {
    if (e instanceof BdbError || isOutOfMemory(e)) throw e;
    const unreadable = await unreadableTable(con, src);
    const message = firstLine((e as Error).message);
    if (unreadable || message.includes(`"${sourcePath}"`))
      throw new LibraryError(
        sourcePath,
        `damaged library (cut short or overwritten): ${unreadable?.message ?? message}`,
      );
    throw e;
  } finally {
    await con.run(`DETACH ${src}`);
  }
}

/** Merges the source attached as `src`: its checks, then one transaction. */
async function mergeAttached(into: Library, src: string, sourcePath: string): Promise<MergeOutcome> {
  const con = into.connection;
  const v = await schemaVersion(con, sourcePath, src);
  if (v === null) throw new LibraryError(sourcePath, 'an empty DuckDB file, not a bdb library');
  if (v < SCHEMA_VERSION) {
    throw new LibraryError(
      sourcePath,
      `library schema ${v}, older than this bdb's ${SCHEMA_VERSION}; merge only reads its sources: upgrade it first with bdb import FILE --library ${sourcePath} (FILE one of its matches), then merge again`,
    );
  }
  await checkColumns(con, src, sourcePath);
  await con.run('BEGIN TRANSACTION');
  const pack = new SourcePackWriter(into.path);
  try {
    const outcome = await copyRows(into, src, sourcePath, pack);
    await con.run(BUMP_GENERATION);
    await con.run('COMMIT');
    return outcome;
  } catch (e) {
    // DuckDB ended the transaction itself after a failed COMMIT: rollback() says nothing then
    await rollback(con);
    // the bytes written for rows that were not committed
    pack.discard();
    throw e;
  }
}

/**
 * Throws when a table the merge reads from the attached source has other columns (names, types, order)
 * than the target's: a library of the same schema whose tables were changed by hand, whose rows would
 * fail to go in (or go into the wrong columns).
 */
async function checkColumns(con: Library['connection'], src: string, sourcePath: string): Promise<void> {
  const columns = async (catalog: string): Promise<Map<string, string>> => {
    const out = new Map<string, string>();
    for (const [table, list] of await rows(
      con,
      `SELECT table_name, string_agg(column_name || ' ' || data_type, ', ' ORDER BY ordinal_position)
         FROM information_schema.columns WHERE table_catalog = $1 AND table_schema = 'main' GROUP BY table_name`,
      [catalog],
    ))
      out.set(String(table), String(list));
    return out;
  };
  const target = await columns(await currentCatalog(con));
  const source = await columns(src);
  for (const table of COPIED_TABLES) {
    if (source.get(table) !== target.get(table))
      throw new LibraryError(
        sourcePath,
        `damaged bdb library: its table ${table} does not have the columns of library schema ${SCHEMA_VERSION}`,
      );
  }
}

async function currentCatalog(con: Library['connection']): Promise<string> {
  return String((await rows(con, 'SELECT current_database()'))[0]![0]);
}

/**
 * What DuckDB cannot read of the attached source, as the merge reads it, with DuckDB's reason; null when
 * all of it reads. Every column of every row of each table the merge reads, and each row of meta looked up
 * by its key, as the schema check looks one up: that goes through the key's index, whose blocks a full
 * read does not meet (nothing else the merge reads from a source goes through an index).
 */
async function unreadableTable(con: Library['connection'], src: string): Promise<{ message: string } | null> {
  const failure = (e: unknown): { message: string } | null => {
    const message = (e as Error).message;
    // a table it does not have: told by the checks before, when they ran
    return /^Catalog Error/.test(message) ? null : { message: firstLine(message) };
  };
  for (const table of ['meta', ...COPIED_TABLES]) {
    try {
      await con.run(`SELECT count(*), bit_xor(hash(t)) FROM ${src}.main.${table} t`);
    } catch (e) {
      const f = failure(e);
      if (f) return f;
    }
  }
  try {
    for (const [key] of await rows(con, `SELECT key FROM ${src}.main.meta`))
      await con.run(`SELECT value FROM ${src}.main.meta WHERE key = $1`, [String(key)]);
  } catch (e) {
    return failure(e);
  }
  return null;
}

async function copyRows(
  into: Library,
  src: string,
  sourcePath0: string,
  pack: SourcePackWriter,
): Promise<MergeOutcome> {
  const con = into.connection;
  const targetFiles = new Set((await rows(con, 'SELECT path FROM main.files')).map((r) => String(r[0])));
  const held = new Map<string, Held>();
  for (const [id, file, fp, format] of await rows(
    con,
    'SELECT match_id, file, fingerprint, format FROM main.matches',
  ))
    if (fp !== null)
      held.set(String(fp), { id: Number(id), file: String(file), rank: readingRank(String(format)) });
  let nextId = Number((await rows(con, 'SELECT coalesce(max(match_id), 0) + 1 FROM main.matches'))[0]![0]);

  // src match id → target match id (copied: new id; duplicate: the target's id) and its primary file
  const copied: [number, number][] = [];
  const resolved = new Map<number, Held>();
  let duplicates = 0;
  const srcMatches = await rows(
    con,
    `SELECT match_id, file, fingerprint, format FROM ${src}.matches ORDER BY file`,
  );
  for (const [sid, sfile, sfp, sformat] of srcMatches) {
    const id = Number(sid);
    const file = String(sfile);
    if (targetFiles.has(file)) continue;
    const fp = sfp === null ? null : String(sfp);
    const other = fp === null ? undefined : held.get(fp);
    const rank = readingRank(String(sformat));
    if (other && !before({ id, file, rank }, other)) {
      resolved.set(id, other);
      duplicates++;
      continue;
    }
    const mine: Held = { id: nextId++, file, rank };
    copied.push([id, mine.id]);
    resolved.set(id, mine);
    if (fp !== null) held.set(fp, mine);
    if (other) {
      // the source's file comes first: it holds the match, the target's becomes its duplicate
      duplicates++;
      for (const sql of [
        'DELETE FROM main.decisions WHERE match_id = $1',
        'DELETE FROM main.games WHERE match_id = $1',
        'DELETE FROM main.match_players WHERE match_id = $1',
        'DELETE FROM main.matches WHERE match_id = $1',
      ])
        await con.run(sql, [other.id]);
      await con.run(
        "UPDATE main.files SET status = 'duplicate', match_id = $1, same_as = $2 WHERE match_id = $3",
        [mine.id, mine.file, other.id],
      );
    }
  }

  await con.run('CREATE OR REPLACE TEMP TABLE merge_ids (old INTEGER, new INTEGER, primary_file VARCHAR)');
  const map = await TableAppender.create(con, 'merge_ids');
  for (const [sid, h] of resolved) map.append([sid, h.id, h.file]);
  map.close();
  await con.run('CREATE OR REPLACE TEMP TABLE merge_copied (old INTEGER)');
  const cap = await TableAppender.create(con, 'merge_copied');
  for (const [sid] of copied) cap.append([sid]);
  cap.close();

  const remap = (table: string, columns: string): string =>
    `INSERT INTO main.${table} SELECT ${columns.replace('match_id', 'i.new')} FROM ${src}.${table} t JOIN merge_ids i ON t.match_id = i.old WHERE t.match_id IN (SELECT old FROM merge_copied)`;
  const cols = async (table: string): Promise<string> =>
    (
      await rows(
        con,
        `SELECT column_name FROM information_schema.columns WHERE table_catalog = $1 AND table_name = $2 ORDER BY ordinal_position`,
        [src, table],
      )
    )
      .map((r) => (String(r[0]) === 'match_id' ? 'match_id' : `t.${String(r[0])}`))
      .join(', ');
  for (const table of ['matches', 'match_players', 'games', 'decisions'])
    await con.run(remap(table, await cols(table)));

  // files: imported and duplicate rows follow their match; failed rows are copied as they are
  const before0 = Number((await rows(con, 'SELECT count(*) FROM main.files'))[0]![0]);
  await con.run(`
    INSERT INTO main.files
    SELECT f.path, f.unit, f.sha256, f.size, f.format, f.imported_at,
      CASE WHEN f.status = 'failed' THEN 'failed'
           WHEN f.match_id IN (SELECT old FROM merge_copied) AND f.status = 'imported' THEN 'imported'
           ELSE 'duplicate' END,
      f.error, i.new,
      CASE WHEN f.status = 'failed' THEN NULL
           WHEN f.match_id IN (SELECT old FROM merge_copied) AND f.status = 'imported' THEN NULL
           ELSE i.primary_file END
    FROM ${src}.files f LEFT JOIN merge_ids i ON f.match_id = i.old
    WHERE f.path NOT IN (SELECT path FROM main.files)`);
  const files = Number((await rows(con, 'SELECT count(*) FROM main.files'))[0]![0]) - before0;
  // the bytes of the files now held, copied into a pack of the target before the commit (as an import
  // writes them): as stored when the source keeps them packed, compressed again from schema 1's layout
  try {
    const add = await TableAppender.create(con, 'sources');
    const copiedBytes = new Set<string>();
    for (const [sha, spack, offset, length, codec] of await rows(
      con,
      `SELECT DISTINCT f.sha256, s.pack, s."offset", s.length, s.codec FROM main.files f
         LEFT JOIN ${src}.sources s ON s.sha256 = f.sha256
       WHERE f.status = 'imported'
         AND f.sha256 NOT IN (SELECT sha256 FROM main.sources)`,
    )) {
      const hash = String(sha);
      if (copiedBytes.has(hash) || hasLegacySource(into.path, hash)) continue;
      copiedBytes.add(hash);
      let compressed: Uint8Array | null = null;
      if (spack !== null) {
        compressed = readCompressed(sourcePath0, {
          sha256: hash,
          pack: String(spack),
          offset: Number(offset),
          length: Number(length),
          codec: String(codec) as 'br',
        });
      } else {
        const bytes = readSource(sourcePath0, hash, null);
        compressed = bytes ? compressSource(bytes) : null;
      }
      if (!compressed) continue;
      const at = pack.add(hash, compressed);
      add.append([at.sha256, at.pack, at.offset, at.length, at.codec]);
    }
    add.close();
    pack.sync();
  } finally {
    pack.close();
  }
  await con.run(
    `INSERT INTO main.aliases SELECT * FROM ${src}.aliases WHERE alias NOT IN (SELECT alias FROM main.aliases)`,
  );
  // study actions: those the target has not recorded (same target, same day)
  await con.run(`
    INSERT INTO main.study_marks
    SELECT s.* FROM ${src}.study_marks s
    WHERE NOT EXISTS (SELECT 1 FROM main.study_marks m WHERE m.target = s.target AND m.day = s.day)`);
  // saved searches (schema 9): those of a name the target has none of
  await con.run(
    `INSERT INTO main.searches SELECT * FROM ${src}.searches WHERE name NOT IN (SELECT name FROM main.searches)`,
  );
  // the drill (schema 10): the cards the target has none of (same position and kind), the answers it lacks
  await con.run(`
    INSERT INTO main.drill_cards SELECT * FROM ${src}.drill_cards s
    WHERE NOT EXISTS (SELECT 1 FROM main.drill_cards m WHERE m.xgid = s.xgid AND m.kind = s.kind)`);
  await con.run(`
    INSERT INTO main.drill_answers SELECT * FROM ${src}.drill_answers s
    WHERE NOT EXISTS (SELECT 1 FROM main.drill_answers m
      WHERE m.xgid = s.xgid AND m.kind = s.kind AND m.answered_at = s.answered_at)`);
  return { source: sourcePath0, matches: copied.length, duplicates, files };
}
