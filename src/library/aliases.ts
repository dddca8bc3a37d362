/**
 * Stored aliases: spellings of a person's name counted as that person by every reading command run on the
 * library (`bdb alias add NAME OTHER`), merged with the `--alias` options of the command line.
 */
import type { Library } from './open.js';
import { BUMP_GENERATION } from './schema.js';
import { rollback, rows } from './sql.js';

const UPSERT = 'INSERT OR REPLACE INTO aliases VALUES ($1, $2)';
const DELETE = 'DELETE FROM aliases WHERE alias = $1';
const LIST = 'SELECT alias, name FROM aliases ORDER BY name, alias';

/** Counts `other` as the person `name` from now on. */
export async function addAlias(lib: Library, name: string, other: string): Promise<void> {
  await inTransaction(lib, async () => {
    await lib.connection.run(UPSERT, [other, name]);
  });
}

/** Runs a change of the aliases with the generation bump that marks the per-person totals stale. */
async function inTransaction(lib: Library, change: () => Promise<void>): Promise<void> {
  const con = lib.connection;
  await con.run('BEGIN TRANSACTION');
  try {
    await change();
    await con.run(BUMP_GENERATION);
    await con.run('COMMIT');
  } catch (e) {
    await rollback(con);
    throw e;
  }
}

/** Forgets the alias `other`; false when there was none. */
export async function removeAlias(lib: Library, other: string): Promise<boolean> {
  const had = (await rows(lib.connection, 'SELECT 1 FROM aliases WHERE alias = $1', [other])).length > 0;
  if (had)
    await inTransaction(lib, async () => {
      await lib.connection.run(DELETE, [other]);
    });
  return had;
}

/** The spellings of the players of the stored matches. */
export async function storedSpellings(lib: Library): Promise<Set<string>> {
  const found = await rows(lib.connection, 'SELECT player0 FROM matches UNION SELECT player1 FROM matches');
  return new Set(found.map(([n]) => String(n)));
}

/** The stored aliases: alias → canonical name. */
export async function storedAliases(lib: Library): Promise<Map<string, string>> {
  return new Map((await rows(lib.connection, LIST)).map(([a, n]) => [String(a), String(n)]));
}
