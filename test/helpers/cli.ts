/** Runs the built `bdb` command as a user runs it (NO_COLOR=1), returning its exit code and output. */
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';

/** The command's entry point (bin/bdb.js over dist/, built by `npm test`'s pretest). */
export const BIN = fileURLToPath(new URL('../../bin/bdb.js', import.meta.url));

/** What a run gave. */
export interface BdbRun {
  code: number | null;
  stdout: string;
  stderr: string;
}

/** Spawns `bdb ...args`. */
export function bdb(...args: string[]): BdbRun {
  return bdbIn({}, ...args);
}

/** Spawns `bdb ...args` with more environment variables (and a working folder: `cwd`). */
export function bdbIn(opts: { env?: Record<string, string>; cwd?: string }, ...args: string[]): BdbRun {
  const r = spawnSync(process.execPath, [BIN, ...args], {
    encoding: 'utf8',
    env: { ...process.env, NO_COLOR: '1', ...opts.env },
    timeout: 120_000,
    maxBuffer: 256 * 1024 * 1024,
    ...(opts.cwd !== undefined ? { cwd: opts.cwd } : {}),
  });
  return { code: r.status, stdout: r.stdout, stderr: r.stderr };
}
