#!/usr/bin/env node
/**
 * The CLI benchmark (npm run bench; see bench/README.md). Every figure is one whole process timed by GNU
 * time (wall, user + sys CPU, peak RSS); each comparison runs its two commands in turn, A B A B …
 *
 *   sgf      bdb stats --jobs 0 on the reference SGF files against gnuBG 1.07 loading them and printing
 *            their statistics in one process
 *   xg       bdb stats --jobs 0 on .xg files against the read + inflate floor (../shared/tools)
 *   startup  bdb --version, and bdb stats on one .xg file, against `node -e 0`
 *   scale    stats --json (its default threads, then --jobs 0), biases --json, plan --json and stats (tables)
 *            on 1,000 and 10,000 distinct matches
 *   jobs     bdb stats --jobs 2 against --jobs 0 on the reference SGFs, then the scaling curve: --jobs 0, 1, …
 *            up to the machine's cores, each against --jobs 0
 *
 * Then the targets of issue 40 ("Speed by design") that the sections run give, each against its goal.
 *
 *   node bench/cli.mjs [--rounds 5] [--only sgf|xg|startup|scale|jobs] [--sizes 1000,10000]
 *                      [--scale-rounds 1] [--xg-files 200] [--jobs-size N] [--json]
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import {
  checkGnubgRun,
  collectFiles,
  corpus,
  defaultSgfFolders,
  defaultXgFolders,
  exitProblem,
  findGnubg,
  fmt,
  gnubgBatchCommands,
  gnubgVersion,
  load,
  MB,
  median,
  repoRoot,
  runGnubg,
  shared,
  summary,
  table,
  timedBdb,
  timedRun,
} from './common.mjs';

const SECTIONS = ['sgf', 'xg', 'startup', 'scale', 'jobs'];
const FLOOR = path.join(shared, 'tools/xg-read-inflate-floor.mjs');
const RENAME = path.join(shared, 'tools/xg-rename-player.mjs');
const STARTUP_XG = path.join(repoRoot, 'test/reference-matches/xg/test.xg');

const usage = `usage: node bench/cli.mjs [options]

  --rounds N        rounds of each comparison, the two commands in turn (default 5)
  --only SECTION    one section: ${SECTIONS.join(', ')}
  --sizes N,M       corpus sizes of the scale section (default 1000,10000)
  --scale-rounds N  runs of each command in the scale section (default 1)
  --xg-files N      distinct .xg matches of the xg section when ../shared has fewer (default 200)
  --jobs-size N     the jobs section's curve on N distinct matches too (default: the reference SGFs only)
  --json            one JSON object with every figure instead of tables
  GNUBG=PATH        gnubg binary (default /usr/games/gnubg, then gnubg on PATH)`;

function usageError(message) {
  console.error(`bench: ${message}\n${usage}`);
  process.exit(2);
}

function wholeNumber(name, v) {
  const n = Number(v);
  if (!Number.isInteger(n) || n < 1) usageError(`${name} needs a whole number ≥ 1, got ${v}`);
  return n;
}

function parseArgs(argv) {
  const o = {
    rounds: 5,
    only: null,
    sizes: [1000, 10_000],
    scaleRounds: 1,
    xgFiles: 200,
    jobsSize: 0,
    json: false,
  };
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i];
    const value = () => (i + 1 < argv.length ? argv[++i] : usageError(`${a} needs a value`));
    if (a === '--json') o.json = true;
    else if (a === '--rounds') o.rounds = wholeNumber(a, value());
    else if (a === '--scale-rounds') o.scaleRounds = wholeNumber(a, value());
    else if (a === '--xg-files') o.xgFiles = wholeNumber(a, value());
    else if (a === '--jobs-size') o.jobsSize = wholeNumber(a, value());
    else if (a === '--sizes')
      o.sizes = value()
        .split(',')
        .map((s) => wholeNumber(a, s));
    else if (a === '--only') {
      o.only = value();
      if (!SECTIONS.includes(o.only)) usageError(`--only takes one of ${SECTIONS.join(', ')}, got ${o.only}`);
    } else if (a === '-h' || a === '--help') {
      console.log(usage);
      process.exit(0);
    } else usageError(`unknown argument ${a}`);
  }
  return o;
}

// ---------------------------------------------------------------------------------------------------
// Runs

/**
 * `node bin/bdb.js ...args` under GNU time, stdout to `out`. Exit 0 and 1 ("some inputs failed") are
 * results; anything else aborts the benchmark.
 */
function bdb(args, out = '/dev/null') {
  const r = timedBdb(args, out);
  if (r.signal !== null || (r.code !== 0 && r.code !== 1)) {
    const shown = args.length > 8 ? [...args.slice(0, 3), `… (${args.length} arguments)`] : args;
    throw new Error(
      `bdb failed (${exitProblem(r)}): node bin/bdb.js ${shown.join(' ')}\n${r.stderr.trim().split('\n').slice(-20).join('\n')}`,
    );
  }
  return r;
}

const node = (args) => timedRun(process.execPath, args);

/** A side of compare(): `node bin/bdb.js ...args`, which must exit 0; `shown` is its args as printed. */
function bdbSide(label, args, shown, out = '/dev/null') {
  return {
    label,
    command: `node bin/bdb.js ${shown}`,
    run: () => {
      const r = bdb(args, out);
      if (r.code !== 0) throw new Error(`node bin/bdb.js ${shown} exited 1: ${r.stderr.trim()}`);
      return r;
    },
  };
}

/**
 * `bdb stats FILE... --json --jobs 0` as a side of compare(), and the document of a first run: one thread,
 * as the peer reads (the CPU ratios compare the reading, not how many threads share it).
 */
function bdbStats(files, out) {
  const args = ['stats', ...files, '--json', '--no-progress', '--jobs', '0'];
  const side = bdbSide(
    'bdb stats --json',
    args,
    `stats <${files.length} files> --json --no-progress --jobs 0`,
    out,
  );
  side.run();
  return { side, report: JSON.parse(fs.readFileSync(out, 'utf8')) };
}

/**
 * A against B: one untimed warm-up run of each (for the page cache), then ROUNDS rounds of A then B.
 * Each side: median wall and CPU seconds, highest peak RSS; the ratio A/B computed round by round, then
 * the median of those ratios.
 */
function compare(rounds, a, b) {
  a.run();
  b.run();
  const ra = [];
  const rb = [];
  for (let r = 0; r < rounds; r++) {
    ra.push(a.run());
    rb.push(b.run());
  }
  const ratio = (key) => {
    const xs = ra.map((x, k) => x[key] / rb[k][key]).filter(Number.isFinite);
    return xs.length ? median(xs) : null;
  };
  const side = (s, runs) => ({
    label: s.label,
    command: s.command,
    ...summary(runs),
    runs: runs.map(({ wall, cpu, rssMb }) => ({ wall, cpu, rssMb })),
  });
  return { rounds, a: side(a, ra), b: side(b, rb), ratioWall: ratio('wall'), ratioCpu: ratio('cpu') };
}

/** compare() between two readings of the load averages, with matches/s of each side when `matches` is given. */
function measured(rounds, a, b, matches = null) {
  const before = load();
  const cmp = compare(rounds, a, b);
  if (matches) for (const s of [cmp.a, cmp.b]) s.matchesPerS = matches / s.wallS;
  return { ...cmp, load: { before, after: load() } };
}

// ---------------------------------------------------------------------------------------------------
// Sections

/** bdb stats on the reference SGF files against one gnuBG process loading them all. */
function sectionSgf(o, tmp, progress) {
  const bin = findGnubg();
  if (!bin) return { skipped: 'gnuBG not installed: section skipped' };
  const files = collectFiles(defaultSgfFolders, (m) => console.error(`bench: ${m}`));
  if (files.length === 0) throw new Error(`no .sgf file under ${defaultSgfFolders.join(', ')}`);
  const bytes = files.reduce((s, f) => s + fs.statSync(f).size, 0);
  progress(`sgf: ${files.length} files, ${o.rounds} rounds of bdb then gnuBG…`);

  // What bdb reads: every file once, none failed or set aside (else gnuBG and bdb would not do the same work).
  const { side, report } = bdbStats(files, path.join(tmp, 'sgf.json'));
  const byFile = new Map(report.matches.map((m) => [path.resolve(m.file), m.players]));
  const missing = files.filter((f) => !byFile.has(f));
  if (missing.length > 0) {
    throw new Error(
      `bdb did not count ${missing.length} of the ${files.length} SGF files (set aside), e.g. ${missing[0]}`,
    );
  }
  const expected = files.map((file) => ({ file, players: byFile.get(file) }));
  const commands = gnubgBatchCommands(files);
  const runGnubgChecked = () => {
    const r = runGnubg(bin, tmp, 'sgf', commands);
    const c = checkGnubgRun(r, expected);
    if (!c.ok) {
      throw new Error(
        `gnuBG check failed: ${c.succeeded} of ${files.length} files succeeded, ${c.playerTables} "Player" tables` +
          `${c.problem ? `, ${c.problem}` : ''}${c.namesMismatched ? `, ${c.namesMismatched} tables without bdb's players` : ''}` +
          `\n${c.firstErrorLines.join('\n')}`,
      );
    }
    return r;
  };
  const gnubg = {
    label: 'gnuBG load + show statistics',
    command: `${bin} -t -q < commands (set display off; load match "FILE" + show statistics match × ${files.length}; quit; y)`,
    run: runGnubgChecked,
  };
  const cmp = measured(o.rounds, side, gnubg, files.length);
  return { files: files.length, mb: bytes / MB, gnubg: gnubgVersion(bin), ...cmp };
}

/**
 * The .xg files of the xg section: the shared folder's when it holds at least N, else N distinct matches
 * replicated from them (player 1 renamed, archive rebuilt by xg-rename-player.mjs), in one flat folder
 * cached in os.tmpdir() (the floor script reads one folder, not recursively).
 */
async function xgCorpus(n) {
  const sources = collectFiles(defaultXgFolders, (m) => console.error(`bench: ${m}`), '.xg');
  if (sources.length === 0) throw new Error(`no .xg file under ${defaultXgFolders.join(', ')}`);
  if (sources.length >= n) return { dir: defaultXgFolders[0], files: sources, replicatedFrom: null };
  const dir = path.join(os.tmpdir(), `bdb-bench-xg-v1-${n}`);
  const list = () => collectFiles([dir], () => {}, '.xg');
  if (!fs.existsSync(path.join(dir, '.complete'))) {
    const { renameXg } = await import(RENAME);
    fs.rmSync(dir, { recursive: true, force: true });
    fs.mkdirSync(dir, { recursive: true });
    const buffers = sources.map((f) => fs.readFileSync(f));
    for (let k = 0; k < n; k++) {
      const copy = Math.floor(k / sources.length);
      const name = `x${String(k).padStart(5, '0')}-${path.basename(sources[k % sources.length])}`;
      fs.writeFileSync(path.join(dir, name), renameXg(buffers[k % sources.length], ` ${copy}`));
    }
    fs.writeFileSync(path.join(dir, '.complete'), '');
  }
  return { dir, files: list(), replicatedFrom: sources.length };
}

/** bdb stats on .xg files against reading and inflating them and nothing more. */
async function sectionXg(o, tmp, progress) {
  if (!fs.existsSync(FLOOR)) return { skipped: `${FLOOR} not found: section skipped` };
  const { dir, files, replicatedFrom } = await xgCorpus(o.xgFiles);
  const bytes = files.reduce((s, f) => s + fs.statSync(f).size, 0);
  progress(`xg: ${files.length} files in ${dir}, ${o.rounds} rounds of bdb then the floor…`);

  const { side, report } = bdbStats(files, path.join(tmp, 'xg.json'));
  if (report.matches.length !== files.length) {
    throw new Error(
      `bdb counted ${report.matches.length} of ${files.length} .xg files (${report.duplicates.length} set aside)`,
    );
  }
  const runFloor = () => {
    const r = node([FLOOR, dir]);
    const read = Number(r.stderr.split(' ')[0]);
    if (r.code !== 0 || read !== files.length) {
      throw new Error(
        `the floor script failed (${exitProblem(r) ?? `read ${read} files`}): ${r.stderr.trim()}`,
      );
    }
    return r;
  };
  const floor = {
    label: 'read + inflate floor',
    command: `node ${path.relative(repoRoot, FLOOR)} ${dir}`,
    run: runFloor,
  };
  const cmp = measured(o.rounds, side, floor, files.length);
  return { dir, files: files.length, replicatedFrom, mb: bytes / MB, ...cmp };
}

/**
 * bdb's start-up: --version, and stats on one small .xg file, each against an empty node process. The
 * compiled code bin/bdb.js caches is written by a command's first run (the warm-up run here). A third pair
 * times stats on the .xg file with the cache a first run on 300 distinct matches wrote (a worker thread
 * beside, from 100 files), in a cache folder of its own, as when a user's first `bdb stats` reads a folder:
 * that cache lacks the .xg reader, compiled again each run, and until bin/bdb.js kept V8 from dropping
 * bytecode it lacked the script's top level too.
 */
function sectionStartup(o, tmp, progress) {
  const baseline = { label: 'node -e 0', command: 'node -e 0', run: () => node(['-e', '0']) };
  const xg = path.relative(repoRoot, STARTUP_XG);
  const stats = (label) => bdbSide(label, ['stats', STARTUP_XG], `stats ${xg}`);
  progress(`startup: ${o.rounds} rounds of each pair…`);
  const comparisons = [
    measured(o.rounds, bdbSide('bdb --version', ['--version'], '--version'), baseline),
    measured(o.rounds, stats('bdb stats test.xg'), baseline),
  ];
  const userCache = process.env.BDB_COMPILE_CACHE;
  process.env.BDB_COMPILE_CACHE = path.join(tmp, 'compile-cache');
  try {
    progress('startup: the compiled code cached by a first run on 300 matches…');
    bdb(['stats', corpus(300), '--json', '--no-progress']);
    comparisons.push(measured(o.rounds, stats('bdb stats test.xg, cache of a folder run'), baseline));
  } finally {
    if (userCache === undefined) delete process.env.BDB_COMPILE_CACHE;
    else process.env.BDB_COMPILE_CACHE = userCache;
  }
  return { comparisons };
}

const SCALE_COMMANDS = [
  ['stats', '--json'],
  ['stats', '--json', '--jobs', '0'],
  ['biases', '--json'],
  ['plan', '--json'],
  ['stats'],
];

/**
 * The tail of a `--json` document, from its `"failures"` key: its failures and duplicates (the last two
 * keys), read without parsing the whole document. Null when they are not in the last megabyte.
 */
function failuresAndDuplicates(file) {
  const size = fs.statSync(file).size;
  const length = Math.min(size, 2 ** 20);
  const fd = fs.openSync(file, 'r');
  const buf = Buffer.alloc(length);
  fs.readSync(fd, buf, 0, length, size - length);
  fs.closeSync(fd);
  const tail = buf.toString('utf8');
  const at = tail.lastIndexOf('"failures"');
  try {
    const { failures, duplicates } = JSON.parse(`{${tail.slice(at)}`);
    return { failures: failures.length, duplicates: duplicates.length };
  } catch {
    return null;
  }
}

/** Each command on N distinct matches: wall, CPU, peak RSS, output size, matches/s. */
function sectionScale(o, tmp, progress) {
  const loadBefore = load();
  const rows = [];
  for (const size of o.sizes) {
    progress(`scale: corpus of ${size} matches (built once, then cached in ${os.tmpdir()})…`);
    const dir = corpus(size);
    for (const cmd of SCALE_COMMANDS) {
      const args = [...cmd, dir, '--no-progress'];
      const out = path.join(tmp, 'scale.out');
      progress(`scale: ${size} matches, bdb ${cmd.join(' ')} × ${o.scaleRounds}…`);
      const runs = [];
      for (let r = 0; r < o.scaleRounds; r++) runs.push(bdb(args, out));
      const outMb = fs.statSync(out).size / MB;
      const counted = cmd[0] === 'stats' && cmd[1] === '--json' ? failuresAndDuplicates(out) : null;
      if (counted && counted.failures + counted.duplicates > 0) {
        throw new Error(
          `bdb stats --json on ${dir}: ${counted.failures} failures, ${counted.duplicates} set aside: the corpus should hold ${size} distinct matches`,
        );
      }
      const s = summary(runs);
      rows.push({
        size,
        command: `bdb ${cmd.join(' ')}`,
        exitCodes: runs.map((r) => r.code),
        ...s,
        outMb,
        matchesPerS: size / s.wallS,
        runs: runs.map(({ wall, cpu, rssMb }) => ({ wall, cpu, rssMb })),
      });
    }
  }
  return { scaleRounds: o.scaleRounds, rows, load: { before: loadBefore, after: load() } };
}

/**
 * Worker threads on the reference SGFs: `bdb stats --json --jobs N` against `--jobs 0` (the main thread
 * alone), the two in turn, for N = 2 first (the goal: 2 beats 0 in wall time), then every other N from 1
 * to the machine's cores: the scaling curve. With `--jobs-size N`, the same curve on N distinct matches (the
 * scale section's corpus), where workers run by default (src/cli/read-pool.ts).
 */
function sectionJobs(o, tmp, progress) {
  const files = collectFiles(defaultSgfFolders, (m) => console.error(`bench: ${m}`));
  if (files.length === 0) throw new Error(`no .sgf file under ${defaultSgfFolders.join(', ')}`);
  const curveOn = (inputs, shownInputs, matches) => {
    const side = (jobs) =>
      bdbSide(
        `bdb stats --jobs ${jobs}`,
        ['stats', ...inputs, '--json', '--no-progress', '--jobs', String(jobs)],
        `stats ${shownInputs} --json --no-progress --jobs ${jobs}`,
        path.join(tmp, `jobs-${jobs}.json`),
      );
    const counts = [2, ...Array.from({ length: os.cpus().length }, (_, k) => k + 1).filter((n) => n !== 2)];
    const curve = [];
    for (const n of counts) {
      progress(`jobs: ${shownInputs}, ${o.rounds} rounds of --jobs ${n} then --jobs 0…`);
      curve.push({ jobs: n, ...measured(o.rounds, side(n), side(0), matches) });
    }
    return curve;
  };
  const out = { files: files.length, curve: curveOn(files, `<${files.length} files>`, files.length) };
  if (o.jobsSize > 0) {
    progress(`jobs: corpus of ${o.jobsSize} matches (built once, then cached in ${os.tmpdir()})…`);
    const dir = corpus(o.jobsSize);
    out.corpus = { matches: o.jobsSize, curve: curveOn([dir], dir, o.jobsSize) };
  }
  return out;
}

// ---------------------------------------------------------------------------------------------------
// Targets (issue 40)

/** Each target of issue 40 the sections that ran measure: what, the goal, the figure, met or not. */
function targets(s) {
  const out = [];
  const add = (what, goal, figure, met) => out.push({ what, goal, figure, met });
  if (s.sgf && !s.sgf.skipped)
    add('SGF: CPU against gnuBG load + show statistics', '≤ 0.50×', s.sgf.ratioCpu, s.sgf.ratioCpu <= 0.5);
  if (s.xg && !s.xg.skipped)
    add('.xg: CPU against the read + inflate floor', '≤ 1.50×', s.xg.ratioCpu, s.xg.ratioCpu <= 1.5);
  if (s.startup) {
    const one = s.startup.comparisons[1];
    add('stats on one match: wall against bare node', '≤ 2.00×', one.ratioWall, one.ratioWall <= 2);
  }
  if (s.scale) {
    const peak = Math.max(...s.scale.rows.map((r) => r.rssMb));
    const sizes = s.scale.rows.map((r) => r.size);
    add(
      `peak RSS of every command, ${Math.min(...sizes)}–${Math.max(...sizes)} matches (MB)`,
      '≤ 150',
      peak,
      peak <= 150,
    );
  }
  if (s.jobs) {
    const two = s.jobs.curve.find((c) => c.jobs === 2);
    add('--jobs 2 against --jobs 0: wall', '< 1.00×', two.ratioWall, two.ratioWall < 1);
  }
  return out;
}

// ---------------------------------------------------------------------------------------------------
// Text

const loadLine = (l) =>
  `load average ${l.before} before, ${l.after} after (1, 5, 15 min; ${os.cpus().length} cores)`;

function comparisonTable(c, withRate) {
  const head = ['', 'median wall s', 'median CPU s', 'peak RSS MB'];
  const row = (s) => [s.label, fmt(s.wallS, 2), fmt(s.cpuS, 2), fmt(s.rssMb, 0)];
  const rate = (s) => (withRate ? [s ? fmt(s.matchesPerS, 1) : ''] : []);
  return [
    table(withRate ? [...head, 'matches/s'] : head, [
      [...row(c.a), ...rate(c.a)],
      [...row(c.b), ...rate(c.b)],
      [`ratio A/B (median of ${c.rounds} pairs)`, fmt(c.ratioWall, 2), fmt(c.ratioCpu, 2), '', ...rate(null)],
    ]),
    `A: ${c.a.command}`,
    `B: ${c.b.command}`,
    loadLine(c.load),
  ].join('\n');
}

function printText(result) {
  const log = console.log;
  const s = result.sections;
  log(`bdb CLI benchmark, ${result.date}, node ${result.node}, ${result.cores} × ${result.cpuModel}`);
  log('times from GNU time around each process; ratios A/B: below 1, A is faster or smaller');
  if (s.sgf) {
    log('');
    if (s.sgf.skipped) log(`sgf: ${s.sgf.skipped}`);
    else {
      log(`sgf: bdb vs ${s.sgf.gnubg ?? 'gnuBG'}, ${s.sgf.files} SGF files (${fmt(s.sgf.mb, 1)} MB)`);
      log(comparisonTable(s.sgf, true));
    }
  }
  if (s.xg) {
    log('');
    if (s.xg.skipped) log(`xg: ${s.xg.skipped}`);
    else {
      const from = s.xg.replicatedFrom ? `, ${s.xg.replicatedFrom} matches replicated, player 1 renamed` : '';
      log(`xg: bdb vs the read + inflate floor, ${s.xg.files} .xg files (${fmt(s.xg.mb, 1)} MB${from})`);
      log(comparisonTable(s.xg, true));
    }
  }
  if (s.startup) {
    log('');
    log('startup: bdb against an empty node process');
    log(s.startup.comparisons.map((c) => comparisonTable(c, false)).join('\n\n'));
  }
  if (s.scale) {
    log('');
    log(`scale: distinct matches replicated from the reference SGFs, ${s.scale.scaleRounds} run(s) each`);
    log(
      table(
        ['command', 'matches', 'wall s', 'CPU s', 'peak RSS MB', 'output MB', 'matches/s'],
        s.scale.rows.map((r) => [
          r.command,
          r.size,
          fmt(r.wallS, 2),
          fmt(r.cpuS, 2),
          fmt(r.rssMb, 0),
          fmt(r.outMb, 1),
          fmt(r.matchesPerS, 0),
        ]),
      ),
    );
    for (const r of s.scale.rows.filter((x) => x.exitCodes.includes(1))) {
      log(`${r.command} on ${r.size} matches exited 1: some inputs failed`);
    }
    log(loadLine(s.scale.load));
  }
  if (s.jobs) {
    const curveTable = (curve) =>
      table(
        ['--jobs N', 'wall s', 'CPU s', 'peak RSS MB', 'wall N/0', 'CPU N/0', 'load before'],
        [...curve]
          .sort((a, b) => a.jobs - b.jobs)
          .map((c) => [
            c.jobs,
            fmt(c.a.wallS, 2),
            fmt(c.a.cpuS, 2),
            fmt(c.a.rssMb, 0),
            fmt(c.ratioWall, 2),
            fmt(c.ratioCpu, 2),
            c.load.before,
          ]),
      );
    log('');
    log(`jobs: bdb stats --json on ${s.jobs.files} SGF files, --jobs N against --jobs 0 (the scaling curve)`);
    log(curveTable(s.jobs.curve));
    if (s.jobs.corpus) {
      log('');
      log(`jobs: the same on ${s.jobs.corpus.matches} distinct matches (the scale section's corpus)`);
      log(curveTable(s.jobs.corpus.curve));
    }
  }
  const t = targets(s);
  if (t.length > 0) {
    log('');
    log('targets of issue 40 (bench/README.md), from the sections above');
    log(
      table(
        ['target', 'goal', 'measured', ''],
        t.map((x) => [x.what, x.goal, fmt(x.figure, 2), x.met ? 'met' : 'NOT MET']),
      ),
    );
  }
}

// ---------------------------------------------------------------------------------------------------

async function main() {
  const o = parseArgs(process.argv.slice(2));
  if (!fs.existsSync(path.join(repoRoot, 'dist/index.js'))) {
    console.error('bench: dist/index.js not found: run `npm run build` first');
    process.exit(1);
  }
  const progress = o.json ? () => {} : (m) => console.error(m);
  const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'bdb-bench-cli-'));
  const result = {
    date: new Date().toISOString(),
    node: process.version,
    cores: os.cpus().length,
    cpuModel: os.cpus()[0]?.model?.trim() ?? 'unknown CPU',
    rounds: o.rounds,
    sections: {},
  };
  const run = {
    sgf: sectionSgf,
    xg: sectionXg,
    startup: sectionStartup,
    scale: sectionScale,
    jobs: sectionJobs,
  };
  try {
    for (const name of SECTIONS) {
      if (o.only === null || o.only === name) result.sections[name] = await run[name](o, tmp, progress);
    }
  } catch (e) {
    console.error(`bench: ${e instanceof Error ? e.message : String(e)}`);
    process.exitCode = 1;
    return;
  } finally {
    fs.rmSync(tmp, { recursive: true, force: true });
  }
  result.targets = targets(result.sections);
  if (o.json) console.log(JSON.stringify(result, null, 2));
  else printText(result);
}

await main();
