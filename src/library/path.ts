/**
 * Where the player's library is (a leaf module: commands name the library without loading DuckDB's
 * modules).
 */
import { homedir } from 'node:os';
import { join, resolve } from 'node:path';

/**
 * The library file to use: the option, else BDB_LIBRARY, else `configured` (the configuration's path),
 * else the XDG data folder: the most specific choice wins (command line, then this shell, then the user).
 */
export function libraryPath(
  option: string | undefined,
  env: NodeJS.ProcessEnv = process.env,
  configured?: string,
): string {
  if (option) return resolve(option);
  if (env.BDB_LIBRARY) return resolve(env.BDB_LIBRARY);
  if (configured) return resolve(configured);
  const data = env.XDG_DATA_HOME || join(homedir(), '.local', 'share');
  return resolve(data, 'bdb', 'library.duckdb');
}
