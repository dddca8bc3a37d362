/**
 * Runs the built `bdb` command, returning its exit code and output (NO_COLOR=1): as a user runs it, in a
 * process of its own ({@link bdb}, for the end-to-end tests), or in the test's process ({@link call}, for
 * the rest: the same output, test/cli/in-process.test.ts, in a tenth of the time).
 */
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

/** The command's `run` (src/cli/main.ts), from the same built bundle as {@link BIN} runs. */
type Run = (argv: readonly string[], streams: unknown) => Promise<number>;
let runner: Promise<Run> | null = null;
/** True while an in-process run is under way: runs share this process's environment, one at a time. */
let busy = false;

/**
 * Runs `bdb ...args` in this process rather than starting one: the built bundle's `run` (what bin/bdb.js
 * calls), with its standard output and error caught, the environment and folder of `opts` set for the run
 * and put back after. What it prints and returns is what the process prints and exits with (NO_COLOR=1,
 * no BDB_COLUMNS unless `opts.env` sets it, standard output and error not terminals), for about a
 * hundredth of the time: no Node start, no module loading after the first run. The few things only a
 * process shows (standard input, signals, a terminal, a full disk, memory) keep {@link bdb}.
 */
export async function call(...args: string[]): Promise<BdbRun> {
  return callWith({}, ...args);
}

/** {@link call} with `opts` (not `input` nor `stdin`: standard input is the process's; use {@link bdbWith}). */
export async function callWith(
  opts: Omit<BdbRunOptions, 'input' | 'stdin'>,
  ...args: string[]
): Promise<BdbRun> {
  if (busy) throw new Error('one in-process bdb run at a time (they share the environment)');
  if ('input' in opts || 'stdin' in opts) throw new Error('standard input is the process’s: use bdbWith');
  busy = true;
  const out: Buffer[] = [];
  let err = '';
  const streams = {
    out: (bytes: Uint8Array) => out.push(Buffer.from(bytes)),
    err: (text: string) => {
      err += text;
    },
    outTerminal: () => false,
    errTerminal: () => false,
    outColumns: () => 0,
    errColumns: () => 0,
  };
  const env: Record<string, string | undefined> = { NO_COLOR: '1', BDB_COLUMNS: undefined, ...opts.env };
  const saved = new Map(Object.keys(env).map((k) => [k, process.env[k]]));
  const folder = process.cwd();
  try {
    runner ??= import(new URL('../../dist/bundle/main.js', import.meta.url).href).then((m) => m.run as Run);
    const run = await runner;
    setEnv(env);
    if (opts.cwd !== undefined) process.chdir(opts.cwd);
    const code = await run([process.execPath, BIN, ...args], streams);
    return { code, stdout: Buffer.concat(out).toString('utf8'), stderr: err };
  } finally {
    process.chdir(folder);
    setEnv(Object.fromEntries(saved));
    busy = false;
  }
}

/** Sets (or, for `undefined`, removes) each variable of `vars` in this process's environment. */
function setEnv(vars: Record<string, string | undefined>): void {
  for (const [k, v] of Object.entries(vars)) {
    if (v === undefined) delete process.env[k];
    else process.env[k] = v;
  }
}
