/** Runs the built `bdb` command as a user runs it (NO_COLOR=1), returning its exit code and output. */
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';

/** The command's entry point (bin/bdb.js over dist/, built by `npm test`'s pretest). */
export const BIN = fileURLToPath(new URL('../../bin/bdb.js', import.meta.url));

/** What a run gave: the exit code and both outputs. */
export interface BdbRun {
  code: number | null;
  stdout: string;
  stderr: string;
}

/**
 * How to run: extra environment variables (`undefined` removes one), the bytes on standard input and the
 * working folder.
 */
export interface BdbRunOptions {
  env?: Record<string, string | undefined>;
  input?: string | Uint8Array;
  /** An open file descriptor to give as standard input (in place of `input`). */
  stdin?: number;
  cwd?: string;
}

/** Spawns `bdb ...args`. */
export function bdb(...args: string[]): BdbRun {
  return bdbWith({}, ...args);
}

/**
 * Spawns `bdb ...args` with `opts`. `BDB_COLUMNS` is removed from the environment unless `opts.env` sets
 * it, so the output is the piped one (full lines) whatever the shell running the tests exports.
 */
export function bdbWith(opts: BdbRunOptions, ...args: string[]): BdbRun {
  const env: Record<string, string | undefined> = { ...process.env, NO_COLOR: '1', BDB_COLUMNS: undefined };
  for (const [k, v] of Object.entries(opts.env ?? {})) env[k] = v;
  for (const k of Object.keys(env)) if (env[k] === undefined) delete env[k];
  const r = spawnSync(process.execPath, [BIN, ...args], {
    encoding: 'utf8',
    env: env as NodeJS.ProcessEnv,
    timeout: 120_000,
    maxBuffer: 256 * 1024 * 1024,
    ...(opts.input !== undefined ? { input: opts.input } : {}),
    ...(opts.stdin !== undefined ? { stdio: [opts.stdin, 'pipe', 'pipe'] as const } : {}),
    ...(opts.cwd !== undefined ? { cwd: opts.cwd } : {}),
  });
  return { code: r.status, stdout: r.stdout, stderr: r.stderr };
}
