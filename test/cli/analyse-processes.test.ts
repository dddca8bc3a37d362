/**
 * `bdb analyse` and the processes it starts (issue 37, item 6), with fake gnuBG programs: shell scripts that
 * record how they were called and the processes they started, and that never finish an analysis. gnuBG
 * itself is not needed here (test/cli/analyse.test.ts runs it).
 *
 * - `--timeout` holds when gnuBG is a wrapper script whose child keeps running, even a child that ignores
 *   SIGTERM, and when the version check hangs the same way; nothing the script started is left running.
 * - kill -9 of bdb leaves no process of gnuBG's process group running.
 * - `GNUBG=/path/to/gnubg` names the program (README, "Install"); `--gnubg` beats it, and it beats the
 *   config file; a relative path is read from where bdb was started.
 *
 * Whether a process is still running is read from /proc (Linux, where the tests run): a process killed
 * after its parent died may stay a zombie until a container's first process reaps it, and a zombie runs
 * nothing.
 */
import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import {
  chmodSync,
  cpSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BIN } from '../helpers/cli.js';
import { REF_DIR } from '../helpers/fixtures.js';

/** Two short real Backgammon Galaxy transcripts (test/reference-matches/README.md, galaxy/). */
const MATCHES = ['match1548034.txt', 'match926877.txt'];

let tmp: string;
let inputs: string;
/** Every process id a fake gnuBG recorded: those still running are killed after the tests. */
const started: number[] = [];

beforeAll(() => {
  tmp = mkdtempSync(join(tmpdir(), 'bdb-analyse-processes-'));
  inputs = join(tmp, 'in');
  mkdirSync(inputs);
  for (const f of MATCHES) cpSync(join(REF_DIR, 'galaxy', f), join(inputs, f));
});

afterAll(() => {
  // a test that failed before reading what its fake recorded
  for (const d of readdirSync(tmp)) recorded(join(tmp, d));
  for (const pid of started)
    try {
      if (running(pid)) process.kill(pid, 'SIGKILL');
    } catch {
      // gone meanwhile
    }
  rmSync(tmp, { recursive: true, force: true });
});

/** The fields of /proc/PID/stat after the command name: [state, ppid, pgrp, …], or null when gone. */
function stat(pid: number): string[] | null {
  try {
    const text = readFileSync(`/proc/${pid}/stat`, 'utf8');
    return text.slice(text.lastIndexOf(')') + 2).split(' ');
  } catch {
    return null;
  }
}

/** True while `pid` runs (a zombie does not). */
function running(pid: number): boolean {
  const s = stat(pid);
  return s !== null && s[0] !== 'Z';
}

/** The process group of `pid`. */
function groupOf(pid: number): number {
  return Number(stat(pid)?.[2]);
}

/** The running processes of process group `pgid`. */
function inGroup(pgid: number): number[] {
  return readdirSync('/proc')
    .filter((d) => /^\d+$/.test(d))
    .map(Number)
    .filter((pid) => {
      const s = stat(pid);
      return s !== null && s[0] !== 'Z' && Number(s[2]) === pgid;
    });
}

/**
 * A fake gnuBG in `dir`: a shell script answering `--version` with `version` (or running `body` for it too
 * when `version` is null) and running `body` for an analysis. Each call is appended to `calls.log` (its
 * arguments); `$LOG` in `body` is `pids.log`.
 */
function fake(dir: string, body: string, version: string | null = 'GNU Backgammon 9.99 (fake)'): string {
  mkdirSync(dir, { recursive: true });
  const program = join(dir, 'gnubg');
  const lines = ['#!/bin/sh', `LOG='${join(dir, 'pids.log')}'`, `echo "$*" >> '${join(dir, 'calls.log')}'`];
  if (version !== null) lines.push(`if [ "$1" = --version ]; then echo '${version}'; exit 0; fi`);
  writeFileSync(program, `${[...lines, body].join('\n')}\n`);
  chmodSync(program, 0o755);
  return program;
}

/** The process ids a fake recorded ("$$ $!" a line). */
function recorded(dir: string): number[] {
  const file = join(dir, 'pids.log');
  if (!existsSync(file)) return [];
  const pids = readFileSync(file, 'utf8').split(/\s+/).filter(Boolean).map(Number);
  started.push(...pids.filter((p) => !started.includes(p)));
  return pids;
}

/** The calls a fake recorded (its arguments, one call a line). */
function calls(dir: string): string[] {
  const file = join(dir, 'calls.log');
  return existsSync(file) ? readFileSync(file, 'utf8').trim().split('\n') : [];
}

/** Runs bdb analyse; killed after 60 s, so that a run that does not stop fails the test instead of hanging. */
function analyse(args: string[], env: Record<string, string | undefined> = {}, cwd?: string) {
  const fullEnv: Record<string, string | undefined> = { ...process.env, ...env };
  for (const k of Object.keys(fullEnv)) if (fullEnv[k] === undefined) delete fullEnv[k];
  const t0 = Date.now();
  const r = spawnSync(process.execPath, [BIN, 'analyse', '--no-progress', ...args], {
    encoding: 'utf8',
    timeout: 60_000,
    killSignal: 'SIGKILL',
    env: fullEnv as NodeJS.ProcessEnv,
    cwd,
  });
  return {
    code: r.status,
    signal: r.signal,
    stdout: r.stdout,
    stderr: r.stderr,
    seconds: (Date.now() - t0) / 1000,
  };
}

async function until(check: () => boolean, ms: number): Promise<boolean> {
  for (const end = Date.now() + ms; Date.now() < end; await new Promise((r) => setTimeout(r, 50)))
    if (check()) return true;
  return check();
}

/** The one line per match a timeout gives (src/engine/analyse.ts). */
function timeoutLines(seconds: number): string[] {
  return MATCHES.map(
    (f) => `bdb: ${join(inputs, f)}: gnuBG took longer than ${seconds} s and was stopped (--timeout)`,
  );
}

/**
 * `bdb analyse` of both matches with `program` as gnuBG, `--timeout 1` on two jobs (outputs in out-NAME):
 * it ends within seconds, exit 1, with one line a match saying gnuBG was stopped.
 */
function analyseTimingOut(name: string, program: string): ReturnType<typeof analyse> {
  const r = analyse([
    inputs,
    '--gnubg',
    program,
    '--plies',
    '0',
    '--timeout',
    '1',
    '--jobs',
    '2',
    '--out',
    join(tmp, `out-${name}`),
  ]);
  expect(r.signal).toBeNull();
  expect(r.seconds).toBeLessThan(15);
  expect(r.code).toBe(1);
  expect(r.stderr.trim().split('\n').sort()).toEqual(timeoutLines(1).sort());
  return r;
}

describe('bdb analyse --timeout holds, and leaves nothing running', () => {
  it('gnuBG a wrapper script whose child ignores SIGTERM and keeps running: one line a match within seconds', () => {
    const dir = join(tmp, 'stubborn');
    const program = fake(dir, `(trap '' TERM INT HUP; exec sleep 1000) &\necho "$$ $!" >> "$LOG"\nwait`);
    const r = analyseTimingOut('stubborn', program);
    expect(r.stdout).toMatch(/: 0 analysed, 0 done before, 0 left alone .*, 2 failed/);
    const pids = recorded(dir);
    // the script and its child, for each match
    expect(pids).toHaveLength(4);
    expect(pids.filter(running)).toEqual([]);
  });

  it('the version check hangs the same way: bounded by --timeout too', () => {
    const dir = join(tmp, 'hangs');
    const program = fake(dir, 'sleep 1000 &\necho "$$ $!" >> "$LOG"\nwait', null);
    analyseTimingOut('hangs', program);
    expect(calls(dir)[0]).toBe('--version');
    const pids = recorded(dir);
    // the version check and the two analyses
    expect(pids).toHaveLength(6);
    expect(pids.filter(running)).toEqual([]);
  });

  it('SIGTERM to bdb: it stops within seconds, and nothing the wrapper started runs on', async () => {
    const dir = join(tmp, 'terminated');
    const program = fake(dir, `(trap '' TERM INT HUP; exec sleep 1000) &\necho "$$ $!" >> "$LOG"\nwait`);
    const child: ChildProcess = spawn(
      process.execPath,
      [
        BIN,
        'analyse',
        '--no-progress',
        inputs,
        '--gnubg',
        program,
        '--plies',
        '0',
        '--jobs',
        '2',
        '--out',
        join(tmp, 'out-terminated'),
      ],
      { stdio: ['ignore', 'ignore', 'pipe'] },
    );
    let stderr = '';
    child.stderr!.on('data', (b: Buffer) => {
      stderr += b.toString('utf8');
    });
    const exited = new Promise<number | null>((r) => child.on('exit', (code) => r(code)));
    expect(await until(() => recorded(dir).length === 4, 20_000)).toBe(true);
    const t0 = Date.now();
    child.kill('SIGTERM');
    const killer = setTimeout(() => child.kill('SIGKILL'), 30_000);
    const code = await exited;
    clearTimeout(killer);
    expect(Date.now() - t0).toBeLessThan(10_000);
    expect(code).toBe(1);
    expect(stderr).toBe('bdb: stopped: 0 analysed, 2 not started or stopped (run again to finish)\n');
    expect(recorded(dir).filter(running)).toEqual([]);
  });

  it('kill -9 of bdb: no process of gnuBG’s process group is left running', async () => {
    const dir = join(tmp, 'orphans');
    const program = fake(dir, 'sleep 1000 &\necho "$$ $!" >> "$LOG"\nwait');
    const child: ChildProcess = spawn(
      process.execPath,
      [
        BIN,
        'analyse',
        '--no-progress',
        inputs,
        '--gnubg',
        program,
        '--plies',
        '0',
        '--jobs',
        '2',
        '--out',
        join(tmp, 'out-orphans'),
      ],
      { stdio: 'ignore' },
    );
    const exited = new Promise((r) => child.on('exit', r));
    expect(await until(() => recorded(dir).length === 4, 20_000)).toBe(true);
    const pids = recorded(dir);
    const groups = [...new Set(pids.map(groupOf))];
    // gnuBG runs in a process group of its own (not bdb's, not the tests')
    expect(groups).not.toContain(groupOf(process.pid));
    expect(groups).not.toContain(groupOf(child.pid!));
    child.kill('SIGKILL');
    await exited;
    const t0 = Date.now();
    // the same time for every process of the groups (the watchdog shell and its reader die with the rest,
    // but one may still be exiting when the recorded ones are gone)
    await until(() => pids.every((p) => !running(p)) && groups.flatMap(inGroup).length === 0, 5_000);
    expect(pids.filter(running)).toEqual([]);
    expect(groups.flatMap(inGroup)).toEqual([]);
    console.log(`analyse, kill -9: gnuBG's process groups gone ${Date.now() - t0} ms after bdb`);
  });
});

describe('GNUBG names the gnuBG program', () => {
  /** A fake that records its calls and analyses nothing (the run fails, naming the match). */
  const quiet = (name: string) => fake(join(tmp, name), 'exit 0', `GNU Backgammon 9.99 (${name})`);
  const one = () => join(inputs, MATCHES[0]!);

  it('GNUBG=/path/to/gnubg: bdb analyse runs that program', () => {
    const program = quiet('env');
    const r = analyse([one(), '--plies', '0', '--out', join(tmp, 'out-env')], { GNUBG: program });
    expect(r.stdout).toMatch(/^Analysed with GNU Backgammon 9\.99 \(env\) at 0-ply/);
    const made = calls(join(tmp, 'env'));
    expect(made[0]).toBe('--version');
    expect(made[1]).toMatch(/^-t -q -r -s .*prefs -c commands\.txt$/);
    expect(made).toHaveLength(2);
  });

  it('--gnubg beats GNUBG, and GNUBG beats the config file', () => {
    const option = quiet('option');
    const fromEnv = quiet('from-env');
    const r = analyse([one(), '--plies', '0', '--gnubg', option, '--out', join(tmp, 'out-option')], {
      GNUBG: fromEnv,
    });
    expect(r.stdout).toMatch(/^Analysed with GNU Backgammon 9\.99 \(option\)/);
    expect(calls(join(tmp, 'from-env'))).toEqual([]);
    expect(calls(join(tmp, 'option'))).toHaveLength(2);

    const home = join(tmp, 'xdg');
    mkdirSync(join(home, 'bdb'), { recursive: true });
    writeFileSync(join(home, 'bdb', 'config.json'), JSON.stringify({ gnubg: join(tmp, 'not-a-program') }));
    const viaEnv = analyse([one(), '--plies', '0', '--out', join(tmp, 'out-over-config')], {
      GNUBG: fromEnv,
      XDG_CONFIG_HOME: home,
    });
    expect(viaEnv.stdout).toMatch(/^Analysed with GNU Backgammon 9\.99 \(from-env\)/);
    expect(calls(join(tmp, 'from-env'))).toHaveLength(2);
  });

  it('GNUBG naming no program: one line naming it and where it came from', () => {
    const r = analyse([one(), '--plies', '0', '--out', join(tmp, 'out-nothing')], {
      GNUBG: join(tmp, 'nothing-here'),
    });
    expect(r.code).toBe(1);
    expect(r.stderr).toMatch(
      /^bdb: .*nothing-here \(from GNUBG\): not a program that can be run; install GNU Backgammon/,
    );
    expect(r.stderr.trim().split('\n')).toHaveLength(1);
  });

  it('a relative path (--gnubg or GNUBG) is read from where bdb was started', () => {
    quiet('relative');
    for (const [args, env] of [
      [['--gnubg', 'relative/gnubg'], {}],
      [[], { GNUBG: './relative/gnubg' }],
    ] as const) {
      const r = analyse([one(), '--plies', '0', ...args, '--out', join(tmp, 'out-relative')], env, tmp);
      expect(r.stdout).toMatch(/^Analysed with GNU Backgammon 9\.99 \(relative\) at 0-ply/);
      expect(r.stderr).toMatch(new RegExp(`^bdb: ${one()}: gnuBG: `));
      expect(r.stderr.trim().split('\n')).toHaveLength(1);
    }
    expect(calls(join(tmp, 'relative'))).toHaveLength(4);
  });

  it('--help says GNUBG names the program, after --gnubg', () => {
    const r = spawnSync(process.execPath, [BIN, 'analyse', '--help'], { encoding: 'utf8' });
    expect(r.stdout.replace(/\s+/g, ' ')).toMatch(
      /--gnubg <path>.*\(default: \$GNUBG, then bdb config gnubg/,
    );
  });
});
