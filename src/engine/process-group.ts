/**
 * One run of an outside program (gnuBG) that leaves nothing behind: the program runs in a process group of
 * its own, and stopping it stops the whole group, whatever the program started.
 *
 * Why a group: the program named may be a wrapper script whose child does the work. Killing the script
 * alone leaves the child running, holding the output pipes open, and a run waiting for them to close waits
 * for ever (a `--timeout` that did not hold). So the program is started by a small shell, `/bin/sh`, made
 * the leader of a new session and process group (`detached`), and stopping sends SIGTERM to the group, then
 * SIGKILL after {@link GRACE_MS} to what is left of it.
 *
 * Why the shell: a process killed with SIGKILL runs no handler, and its children keep running. The shell
 * is a watchdog for that case: it holds the read end of a pipe whose other end only bdb holds, and when
 * that pipe reaches its end — bdb is gone, however it died — it kills its whole group (`kill -KILL 0`).
 * Measured: 12-63 ms after `kill -9` of bdb, nothing of the group runs
 * (test/cli/analyse-processes.test.ts). The program's own standard input is /dev/null, as before.
 *
 * The shell also waits for the program and exits with its status; a program killed by signal N shows as
 * exit status 128 + N, which is given back here as that signal (the program's own exit codes above 128 are
 * taken for signals: gnuBG exits 0 even when a command failed).
 *
 * When the program ends, what it started in its group and left running is stopped too; the run waits for
 * the output pipes to close at most {@link GRACE_MS} + {@link CLOSE_WAIT_MS} after the program ended (a
 * process that left the group can hold them open). When bdb itself exits (an exception, an exit call), the
 * groups still running are killed at once.
 *
 * On Windows (no process groups, no /bin/sh) the program is started directly and killed alone.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { constants } from 'node:os';

/** The time a stopped group has to end after SIGTERM, before SIGKILL. */
export const GRACE_MS = 1000;

/** After SIGKILL, how much longer a run waits for the output pipes to close. */
const CLOSE_WAIT_MS = 500;

/** What one run gave. */
export interface GroupRun {
  /** The program's exit code, null when a signal stopped it. */
  readonly code: number | null;
  readonly signal: NodeJS.Signals | null;
  readonly stdout: string;
  readonly stderr: string;
  /** Stopped after the time allowed. */
  readonly timedOut: boolean;
}

/** How to run. */
export interface GroupOptions {
  readonly cwd?: string;
  readonly env?: NodeJS.ProcessEnv;
  /** Stopped after this long (ms). */
  readonly timeoutMs: number;
  /** Stopped when this aborts. */
  readonly signal?: AbortSignal;
  /** Bytes kept from each output stream (the rest is read and dropped). */
  readonly maxOutput: number;
}

/**
 * The watchdog shell (`sh -c WATCHDOG bdb-gnubg PROGRAM ARGS...`): keeps bdb's pipe as fd 3 and gives the
 * program /dev/null; a background reader kills the group when the pipe ends; the shell waits for the
 * program, stops the reader and waits for it (so that its group is empty when it exits and no zombie is
 * left where the first process reaps none, as in some containers) and exits with the program's status. A
 * background list of a shell without job control reads /dev/null, hence the pipe moved to fd 3 first.
 */
const WATCHDOG = [
  'exec 3<&0 </dev/null',
  '"$@" 3<&- &',
  'program=$!',
  '{ while read -r _ <&3; do :; done; kill -KILL 0; } &',
  'reader=$!',
  'exec 3<&-',
  'wait "$program"',
  'status=$?',
  'kill -KILL "$reader" 2>/dev/null',
  'wait "$reader"',
  'exit "$status"',
].join('\n');

/** The process groups started here and not known to be over: killed when bdb exits. */
const live = new Set<number>();
let exitHooked = false;

function hookExit(): void {
  if (exitHooked) return;
  exitHooked = true;
  process.on('exit', () => {
    for (const pgid of live) signalGroup(pgid, 'SIGKILL');
  });
}

/** Sends `sig` to process group `pgid`; false when no process of it is left. */
function signalGroup(pgid: number, sig: NodeJS.Signals | 0): boolean {
  // never 0 or 1 (the caller's own group, every process): a group made here has its leader's pid, above 1
  if (!(pgid > 1)) return false;
  try {
    process.kill(-pgid, sig);
    return true;
  } catch (e) {
    return (e as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** The signal whose number is `code` − 128, for an exit status the watchdog shell passed on. */
function signalOfStatus(code: number): NodeJS.Signals | null {
  if (code <= 128) return null;
  const n = code - 128;
  const name = Object.entries(constants.signals).find(([, v]) => v === n)?.[0];
  return (name as NodeJS.Signals | undefined) ?? null;
}

/**
 * Runs `program args` in a process group of its own; the promise rejects only when the shell (or, on
 * Windows, the program) cannot be started at all, with the spawn error.
 */
export function runInGroup(program: string, args: readonly string[], opts: GroupOptions): Promise<GroupRun> {
  const windows = process.platform === 'win32';
  return new Promise((resolve, reject) => {
    let child: ChildProcess;
    try {
      child = windows
        ? spawn(program, args, { cwd: opts.cwd, env: opts.env, stdio: ['ignore', 'pipe', 'pipe'] })
        : spawn('/bin/sh', ['-c', WATCHDOG, 'bdb-gnubg', program, ...args], {
            cwd: opts.cwd,
            env: opts.env,
            detached: true,
            stdio: ['pipe', 'pipe', 'pipe'],
          });
    } catch (e) {
      reject(e);
      return;
    }
    const pgid = windows ? 0 : (child.pid ?? 0);
    if (pgid > 1) {
      live.add(pgid);
      hookExit();
    }
    const out: Buffer[] = [];
    const err: Buffer[] = [];
    let outBytes = 0;
    let errBytes = 0;
    child.stdout?.on('data', (b: Buffer) => {
      if (outBytes < opts.maxOutput) out.push(b);
      outBytes += b.length;
    });
    child.stderr?.on('data', (b: Buffer) => {
      if (errBytes < opts.maxOutput) err.push(b);
      errBytes += b.length;
    });
    // the watchdog's pipe: never written nor ended by bdb (its end is the signal), its errors not thrown
    child.stdin?.on('error', () => {});

    let timedOut = false;
    let stopping = false;
    let exit: { code: number | null; signal: NodeJS.Signals | null } | null = null;
    let settled = false;
    let killTimer: NodeJS.Timeout | undefined;
    let closeTimer: NodeJS.Timeout | undefined;

    // the group: SIGTERM now, SIGKILL to what is left after the grace (kept for bdb's exit until then)
    const stop = (): void => {
      if (stopping) return;
      stopping = true;
      if (windows) {
        child.kill('SIGKILL');
        return;
      }
      if (!signalGroup(pgid, 'SIGTERM')) {
        live.delete(pgid);
        return;
      }
      killTimer = setTimeout(() => {
        signalGroup(pgid, 'SIGKILL');
        live.delete(pgid);
      }, GRACE_MS);
      killTimer.unref();
    };
    const timer = setTimeout(() => {
      timedOut = true;
      stop();
    }, opts.timeoutMs);
    const abort = (): void => stop();
    opts.signal?.addEventListener('abort', abort, { once: true });
    if (opts.signal?.aborted) stop();

    const finish = (): void => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      clearTimeout(closeTimer);
      opts.signal?.removeEventListener('abort', abort);
      // a group not being stopped is over (its leader ended and the pipes closed): nothing to kill at exit
      if (!stopping) live.delete(pgid);
      const code = exit?.code ?? null;
      const translated = !windows && code !== null ? signalOfStatus(code) : null;
      resolve({
        code: translated ? null : code,
        signal: translated ?? exit?.signal ?? null,
        stdout: Buffer.concat(out).toString('utf8'),
        stderr: Buffer.concat(err).toString('utf8'),
        timedOut,
      });
    };

    child.on('error', (e) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      clearTimeout(killTimer);
      opts.signal?.removeEventListener('abort', abort);
      live.delete(pgid);
      reject(e);
    });
    child.on('exit', (code, signal) => {
      exit = { code, signal };
      // what the program left running in its group (a wrapper's child) is stopped; the pipes are waited for
      // a bounded time, since a process that left the group may hold them
      if (!windows && signalGroup(pgid, 0)) stop();
      closeTimer = setTimeout(
        () => {
          child.stdout?.destroy();
          child.stderr?.destroy();
          finish();
        },
        stopping ? GRACE_MS + CLOSE_WAIT_MS : CLOSE_WAIT_MS,
      );
    });
    child.on('close', finish);
  });
}
