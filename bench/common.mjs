/**
 * Helpers shared by the benchmarks (bench/cli.mjs, bench/bench.mjs, bench/library.mjs): paths, GNU time
 * around a whole process, medians and load averages, plain-text tables, gnuBG batches, and the cached
 * corpora of distinct matches replicated from the shared reference matches.
 */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';

export const repoRoot = fileURLToPath(new URL('..', import.meta.url));
export const shared = path.resolve(repoRoot, '../shared');
export const BIN = path.join(repoRoot, 'bin/bdb.js');
export const MB = 1e6;

/** The folders of gnuBG-analysed SGF matches read by default. */
export const defaultSgfFolders = ['gnubg-generated', 'gnubg-real', 'sgf'].map((d) =>
  path.join(shared, 'reference-matches', d),
);
export const defaultXgFolders = [path.join(shared, 'reference-matches/xg')];

/** Files under the folders (or the files themselves) whose name ends with `ext`, recursively, sorted, once each. */
export function collectFiles(folders, warn, ext = '.sgf') {
  const found = new Set();
  const walk = (p) => {
    let st;
    try {
      st = fs.statSync(p);
    } catch (e) {
      warn(`cannot read ${p}: ${e.code ?? e.message}`);
      return;
    }
    if (st.isDirectory()) {
      for (const name of fs.readdirSync(p)) walk(path.join(p, name));
    } else if (st.isFile() && p.toLowerCase().endsWith(ext)) found.add(p);
  };
  for (const f of folders) walk(f);
  return [...found].sort();
}

// ---------------------------------------------------------------------------------------------------
// Figures and text

export function fmt(n, digits) {
  return n === null || n === undefined || !Number.isFinite(n) ? '—' : n.toFixed(digits);
}

export const median = (xs) => {
  const s = [...xs].sort((a, b) => a - b);
  const m = s.length >> 1;
  return s.length % 2 ? s[m] : (s[m - 1] + s[m]) / 2;
};

/** The load averages (1, 5, 15 minutes) as one string. */
export const load = () =>
  os
    .loadavg()
    .map((x) => x.toFixed(2))
    .join(' ');

/** Median wall and CPU seconds and the highest peak RSS of runs of one command. */
export function summary(runs) {
  return {
    wallS: median(runs.map((x) => x.wall)),
    cpuS: median(runs.map((x) => x.cpu)),
    rssMb: Math.max(...runs.map((x) => x.rssMb)),
  };
}

/** An aligned text table: the first column to the left, the others to the right. */
export function table(header, rows) {
  const all = [header, ...rows];
  const widths = header.map((_, c) => Math.max(...all.map((r) => String(r[c]).length)));
  const line = (r) =>
    r
      .map((v, c) => (c === 0 ? String(v).padEnd(widths[c]) : String(v).padStart(widths[c])))
      .join('  ')
      .trimEnd();
  return [line(header), widths.map((w) => '-'.repeat(w)).join('  '), ...rows.map(line)].join('\n');
}

// ---------------------------------------------------------------------------------------------------
// GNU time

let timeFiles = 0;

/**
 * Runs `command ...args` as a whole process under GNU time (`/usr/bin/time -f '%e %U %S %M'`, written to
 * a file of its own so that the command's stderr stays apart). stdin from the file `stdin` (or none),
 * stdout to the file `stdout` (default /dev/null), stderr captured. With `timeoutS`, `timeout -s KILL`
 * stops the command. Returns wall, user, sys and CPU (user + sys) seconds, peak RSS (KB and MB), the exit
 * status (`code`), the signal that ended it (or null) and its stderr.
 */
export function timedRun(command, args, { stdin = null, stdout = '/dev/null', timeoutS = null } = {}) {
  const timeFile = path.join(os.tmpdir(), `bdb-bench-time-${process.pid}-${timeFiles++}.txt`);
  const argv = timeoutS ? ['timeout', '-s', 'KILL', String(timeoutS), command, ...args] : [command, ...args];
  const fds = [stdin === null ? 'ignore' : fs.openSync(stdin, 'r'), fs.openSync(stdout, 'w'), 'pipe'];
  let r;
  try {
    r = spawnSync('/usr/bin/time', ['-o', timeFile, '-f', '%e %U %S %M', ...argv], {
      stdio: fds,
      encoding: 'utf8',
      maxBuffer: 64 * 1024 * 1024,
    });
  } finally {
    for (const fd of fds) if (typeof fd === 'number') fs.closeSync(fd);
  }
  let lines = [];
  try {
    lines = fs.readFileSync(timeFile, 'utf8').trim().split('\n');
    fs.rmSync(timeFile, { force: true });
  } catch {
    // no timing: reported below
  }
  const [wall, user, sys, rssKb] = (lines.at(-1) ?? '').split(' ').map(Number);
  if (r.error || !Number.isFinite(wall)) {
    throw new Error(
      `no timing for ${argv.join(' ')}: ${r.error?.message ?? ''}${r.stderr ?? ''}${lines.join('\n')}`.trim(),
    );
  }
  const killed = lines.find((l) => l.startsWith('Command terminated by signal'));
  return {
    wall,
    user,
    sys,
    cpu: user + sys,
    rssKb,
    rssMb: rssKb / 1024,
    code: r.status,
    signal: killed ? Number(killed.split(' ').at(-1)) : null,
    stderr: r.stderr,
  };
}

/** Runs `node bin/bdb.js ...bdbArgs` under GNU time (see timedRun); stdout to `out` (default /dev/null). */
export function timedBdb(bdbArgs, out = '/dev/null') {
  return timedRun(process.execPath, [BIN, ...bdbArgs], { stdout: out });
}

/** How a run ended, when it did not exit 0: `exit status N`, `killed by signal N`, or null. */
export function exitProblem(r, timeoutS = null) {
  if (r.signal !== null) return `killed by signal ${r.signal}`;
  if (timeoutS && r.code === 137) return `timed out after ${timeoutS} s`;
  return r.code === 0 ? null : `exit status ${r.code}`;
}

// ---------------------------------------------------------------------------------------------------
// gnuBG

const GNUBG_TIMEOUT_S = 30 * 60;

/** The gnubg binary: $GNUBG, else /usr/games/gnubg, else gnubg on PATH; null when there is none. */
export function findGnubg() {
  const isExe = (p) => {
    try {
      fs.accessSync(p, fs.constants.X_OK);
      return fs.statSync(p).isFile();
    } catch {
      return false;
    }
  };
  if (process.env.GNUBG) return isExe(process.env.GNUBG) ? process.env.GNUBG : null;
  if (isExe('/usr/games/gnubg')) return '/usr/games/gnubg';
  for (const dir of (process.env.PATH ?? '').split(path.delimiter)) {
    if (dir && isExe(path.join(dir, 'gnubg'))) return path.join(dir, 'gnubg');
  }
  return null;
}

/** A path as one gnuBG command argument: double quotes, with `\` and `"` escaped by a backslash. */
function gnubgQuote(p) {
  return `"${p.replace(/[\\"]/g, (c) => `\\${c}`)}"`;
}

/** gnuBG's commands to load each file and print its match statistics. */
export function gnubgBatchCommands(files) {
  if (files.some((f) => /[\r\n]/.test(f))) throw new Error('a path holds a newline: gnuBG cannot load it');
  return files.flatMap((f) => [`load match ${gnubgQuote(f)}`, 'show statistics match']);
}

/**
 * Runs `gnubg -t -q < commands` under GNU time (see timedRun), the commands between `set display off`
 * and `quit`, `y`; stdout to a file in `tmp`. Returns the timing, `seconds` (wall clock measured
 * around the process by this script, to the millisecond), `problem` (null when it exited 0), stdout and
 * stderr.
 */
export function runGnubg(bin, tmp, name, commands) {
  const cmdFile = path.join(tmp, `${name}.cmd`);
  const outFile = path.join(tmp, `${name}.out`);
  fs.writeFileSync(cmdFile, `${['set display off', ...commands, 'quit', 'y'].join('\n')}\n`);
  const t0 = performance.now();
  const r = timedRun(bin, ['-t', '-q'], { stdin: cmdFile, stdout: outFile, timeoutS: GNUBG_TIMEOUT_S });
  const seconds = (performance.now() - t0) / 1000;
  return {
    ...r,
    seconds,
    problem: exitProblem(r, GNUBG_TIMEOUT_S),
    stdout: fs.readFileSync(outFile, 'utf8'),
  };
}

export function gnubgVersion(bin) {
  const r = spawnSync(bin, ['--version'], { encoding: 'utf8', timeout: 60_000 });
  return (r.stdout ?? '').split('\n')[0].trim() || null;
}

/**
 * Checks a gnuBG batch run over `expected` ({ file, players }, in the order loaded). A failed `load match`
 * leaves the previous match loaded (or gnuBG's empty default one), so `show statistics match` still prints
 * a table: this counts the tables, and also looks for the file's error line on stderr and for bdb's player
 * names in the table's `Player` line.
 */
export function checkGnubgRun(run, expected) {
  const files = expected.map((f) => f.file);
  const playerLines = run.stdout.split('\n').filter((l) => l.startsWith('Player '));
  const errLines = run.stderr.split('\n').filter((l) => l.trim() !== '');
  const erroredFiles = new Set(files.filter((f) => errLines.some((l) => l.startsWith(`${f}:`))));
  let namesMismatched = 0;
  if (playerLines.length === files.length) {
    expected.forEach((f, i) => {
      const line = playerLines[i].replace(/\s+/g, ' ');
      const seen = f.players.every((p) => line.includes(p.replace(/\s+/g, ' ').slice(0, 20)));
      if (!seen) namesMismatched++;
    });
  }
  const succeeded =
    playerLines.length === files.length
      ? files.length - erroredFiles.size
      : Math.min(playerLines.length, files.length - erroredFiles.size);
  return {
    ok:
      !run.problem && playerLines.length === files.length && erroredFiles.size === 0 && namesMismatched === 0,
    problem: run.problem,
    playerTables: playerLines.length,
    succeeded,
    failedFiles: [...erroredFiles],
    namesMismatched,
    firstErrorLines: errLines.slice(0, 10),
  };
}

// ---------------------------------------------------------------------------------------------------
// Corpora of distinct matches, cached in os.tmpdir()

/**
 * A corpus of N SGF matches made from the shared reference SGFs, copy k of each source rewritten by
 * `rewrite(text, k, copy)`, in folders of 1,000, cached under NAME-N (complete once `.complete` is there).
 */
export function sgfCorpus(name, size, rewrite) {
  const dir = path.join(os.tmpdir(), `${name}-${size}`);
  const done = path.join(dir, '.complete');
  if (fs.existsSync(done)) return dir;
  fs.rmSync(dir, { recursive: true, force: true });
  fs.mkdirSync(dir, { recursive: true });
  const sources = defaultSgfFolders.flatMap((d) =>
    fs
      .readdirSync(d)
      .filter((f) => f.endsWith('.sgf'))
      .sort()
      .map((f) => fs.readFileSync(path.join(d, f), 'latin1')),
  );
  for (let k = 0; k < size; k++) {
    const text = rewrite(sources[k % sources.length], k, Math.floor(k / sources.length));
    const sub = path.join(dir, String(Math.floor(k / 1000)).padStart(2, '0'));
    if (k % 1000 === 0) fs.mkdirSync(sub, { recursive: true });
    fs.writeFileSync(path.join(sub, `m${String(k).padStart(5, '0')}.sgf`), text, 'latin1');
  }
  fs.writeFileSync(done, '');
  return dir;
}

/** An SGF property with its value, e.g. PROPERTY('PW') matches `PW[Name]`. */
export const PROPERTY = (id) => new RegExp(`${id}\\[(?:\\\\.|[^\\]\\\\])*\\]`, 'g');

/** N distinct analysed matches: the reference SGFs with the first player renamed `Opponent COPY`. */
export function corpus(size) {
  return sgfCorpus('bdb-bench-library-v2', size, (text, _k, copy) =>
    text.replace(PROPERTY('PW'), `PW[Opponent ${copy}]`),
  );
}
