/** Runs the built `bdb` command as a user runs it (NO_COLOR=1), returning its exit code and output. */
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';

/** The command's entry point (bin/bdb.js over dist/, built by `npm test`'s pretest). */
export const BIN = fileURLToPath(new URL('../../bin/bdb.js', import.meta.url));

/** Spawns `bdb ...args`. */
export function bdb(...args: string[]): { code: number | null; stdout: string; stderr: string } {
  const r = spawnSync(process.execPath, [BIN, ...args], {
    encoding: 'utf8',
    env: { ...process.env, NO_COLOR: '1' },
    timeout: 120_000,
    maxBuffer: 256 * 1024 * 1024,
  });
  return { code: r.status, stdout: r.stdout, stderr: r.stderr };
}
