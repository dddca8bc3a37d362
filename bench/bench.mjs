#!/usr/bin/env node
/**
 * Throughput benchmark: bdb (the built library in dist/) against GNU Backgammon loading the same
 * SGF files and printing their match statistics. See bench/README.md.
 *
 *   node bench/bench.mjs [FOLDER...] [--passes N] [--json]
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import {
  checkGnubgRun,
  collectFiles,
  defaultSgfFolders as defaultFolders,
  defaultXgFolders,
  findGnubg,
  fmt,
  gnubgBatchCommands,
  gnubgVersion,
  MB,
  runGnubg,
  table,
} from './common.mjs';

const STARTUP_RUNS = 3;

const usage = `usage: node bench/bench.mjs [FOLDER...] [--passes N] [--json]

  FOLDER      folders (or files) to read, *.sgf recursively; default:
              ${defaultFolders.map((f) => path.relative(process.cwd(), f) || '.').join('\n              ')}
  --passes N  timed bdb passes (default 3; a warm-up pass, timed apart, comes first)
  --json      print the results as one JSON object
  GNUBG=PATH  gnubg binary (default /usr/games/gnubg, then gnubg on PATH)`;

function fail(message, code = 1) {
  console.error(`bench: ${message}`);
  process.exit(code);
}

function parseArgs(argv) {
  const opts = { folders: [], passes: 3, json: false };
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i];
    if (a === '--json') opts.json = true;
    else if (a === '--passes' || a.startsWith('--passes=')) {
      const v = a.includes('=') ? a.slice(a.indexOf('=') + 1) : argv[++i];
      const n = Number(v);
      if (!Number.isInteger(n) || n < 1) fail(`--passes needs a whole number ≥ 1, got ${v}`, 2);
      opts.passes = n;
    } else if (a === '-h' || a === '--help') {
      console.log(usage);
      process.exit(0);
    } else if (a.startsWith('-')) fail(`unknown option ${a}\n${usage}`, 2);
    else opts.folders.push(path.resolve(a));
  }
  if (opts.folders.length === 0) opts.folders = defaultFolders;
  return opts;
}

function mib(bytes) {
  return `${(bytes / 2 ** 20).toFixed(1)} MiB`;
}

/** Rates for a run over `files` files of `bytes` bytes in `seconds`. */
function rates(files, bytes, seconds) {
  const ok = seconds > 0;
  return {
    files,
    mb: bytes / MB,
    seconds,
    matchesPerSec: ok ? files / seconds : null,
    mbPerSec: ok ? bytes / MB / seconds : null,
  };
}

// ---------------------------------------------------------------------------------------------------
// bdb

async function loadBdb() {
  const dist = new URL('../dist/index.js', import.meta.url);
  if (!fs.existsSync(fileURLToPath(dist))) fail('dist/index.js not found: run `npm run build` first');
  return import(dist.href);
}

function decisionsOf(report) {
  let n = 0;
  for (const s of report.stats) n += (s.gnubg.totalMoves ?? 0) + (s.gnubg.totalCubeDecisions ?? 0);
  return n;
}

/**
 * The first pass: checks every file, and notes the names and decisions bdb finds. Timed apart from the others
 * (not counted among the passes): it runs bdb's code as V8 first meets it, interpreted, then compiled and
 * optimised as it goes, which a command run over a few files pays in full.
 */
function warmUp(bdb, met, files) {
  const agg = new bdb.PlayerAggregator();
  const ok = [];
  const failed = [];
  const t0 = performance.now();
  for (const file of files) {
    try {
      const bytes = fs.readFileSync(file);
      const report = bdb.analyseBytes(bytes, file, met);
      agg.add(report);
      ok.push({ file, bytes: bytes.length, players: report.players, decisions: decisionsOf(report) });
    } catch (e) {
      failed.push({ file, message: e instanceof Error ? e.message : String(e) });
    }
  }
  return { ok, failed, seconds: (performance.now() - t0) / 1000 };
}

function timedPass(bdb, met, files) {
  const agg = new bdb.PlayerAggregator();
  const tenth = Math.max(1, Math.ceil(files.length / 10));
  let bytes = 0;
  let decisions = 0;
  let peakRss = 0;
  let rssAt10Pct = 0;
  const t0 = performance.now();
  for (let i = 0; i < files.length; i++) {
    const buf = fs.readFileSync(files[i]);
    const report = bdb.analyseBytes(buf, files[i], met);
    agg.add(report);
    bytes += buf.length;
    decisions += decisionsOf(report);
    const rss = process.memoryUsage.rss();
    if (rss > peakRss) peakRss = rss;
    if (i + 1 === tenth) rssAt10Pct = rss;
  }
  const seconds = (performance.now() - t0) / 1000;
  return {
    ...rates(files.length, bytes, seconds),
    decisions,
    decisionsPerSec: seconds > 0 ? decisions / seconds : null,
    peakRss,
    rssAt10Pct,
    rssEnd: process.memoryUsage.rss(),
  };
}

// ---------------------------------------------------------------------------------------------------
// XG: full analysis next to only reading and inflating the container (the floor for any .xg reader)

async function benchXg(bdb, met, files, passes) {
  const { readXgArchive } = await import(new URL('../dist/parsers/xg/archive.js', import.meta.url).href);
  const buffers = files.map((f) => fs.readFileSync(f));
  const bytes = buffers.reduce((s, b) => s + b.length, 0);
  const time = (fn) => {
    let best = Number.POSITIVE_INFINITY;
    for (let i = 0; i < passes + 1; i++) {
      const t0 = performance.now();
      for (let k = 0; k < files.length; k++) fn(fs.readFileSync(files[k]), files[k]);
      const s = (performance.now() - t0) / 1000;
      if (i > 0 && s < best) best = s; // the first pass warms up
    }
    return rates(files.length, bytes, best);
  };
  const inflate = time((b, f) => readXgArchive(b, f));
  const analyse = time((b, f) => bdb.analyseBytes(b, f, met));
  return { files: files.length, bytes, inflate, analyse };
}

// ---------------------------------------------------------------------------------------------------
// gnuBG

function benchGnubg(bin, ok) {
  const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'bdb-bench-'));
  try {
    const files = ok.map((f) => f.file);
    const commands = gnubgBatchCommands(files);
    // Startup cost: start, set display off, quit. Best of a few (it is short and noisy).
    const startups = [];
    for (let i = 0; i < STARTUP_RUNS; i++) {
      const r = runGnubg(bin, tmp, 'startup', []);
      if (r.problem) throw new Error(`gnuBG startup run failed (${r.problem}): ${r.stderr.trim()}`);
      startups.push(r.seconds);
    }
    const startupSeconds = Math.min(...startups);

    const run = runGnubg(bin, tmp, 'batch', commands);
    const bytes = ok.reduce((s, f) => s + f.bytes, 0);
    const net = run.seconds - startupSeconds;
    return {
      binary: bin,
      version: gnubgVersion(bin),
      raw: rates(files.length, bytes, run.seconds),
      startupSeconds,
      startupRuns: startups,
      net: net > 0 ? rates(files.length, bytes, net) : null,
      check: checkGnubgRun(run, ok),
    };
  } finally {
    fs.rmSync(tmp, { recursive: true, force: true });
  }
}

// ---------------------------------------------------------------------------------------------------
// Output

function summaryRows(result) {
  const b = result.bdb.best;
  const rows = [
    [
      'bdb (best pass)',
      b.files,
      fmt(b.mb, 1),
      fmt(b.seconds, 3),
      fmt(b.matchesPerSec, 1),
      fmt(b.mbPerSec, 1),
      '1.00',
    ],
  ];
  const g = result.gnubg;
  if (g && !g.skipped && !g.error) {
    const ratio = (r) => (r?.matchesPerSec ? fmt(b.matchesPerSec / r.matchesPerSec, 2) : '—');
    rows.push([
      'gnuBG (raw)',
      g.raw.files,
      fmt(g.raw.mb, 1),
      fmt(g.raw.seconds, 3),
      fmt(g.raw.matchesPerSec, 1),
      fmt(g.raw.mbPerSec, 1),
      ratio(g.raw),
    ]);
    if (g.net) {
      rows.push([
        'gnuBG (net of startup)',
        g.net.files,
        fmt(g.net.mb, 1),
        fmt(g.net.seconds, 3),
        fmt(g.net.matchesPerSec, 1),
        fmt(g.net.mbPerSec, 1),
        ratio(g.net),
      ]);
    } else rows.push(['gnuBG (net of startup)', g.raw.files, fmt(g.raw.mb, 1), '—', '—', '—', '—']);
  }
  return rows;
}

function printText(result) {
  const log = console.log;
  const b = result.bdb;
  log('');
  log('bdb (read + analyseBytes + PlayerAggregator.add, one warm-up pass first)');
  log(
    `warm-up pass: ${fmt(b.warmUpSeconds, 3)} s, ${fmt(b.warmUpSeconds / b.best.seconds, 2)}× the best pass ` +
      '(V8 interpreting, compiling and optimising bdb as it first runs)',
  );
  log(
    table(
      ['pass', 'files', 'MB', 'seconds', 'matches/s', 'MB/s', 'decisions/s', 'peak RSS'],
      [
        ...b.passes.map((p, i) => [
          i + 1,
          p.files,
          fmt(p.mb, 1),
          fmt(p.seconds, 3),
          fmt(p.matchesPerSec, 1),
          fmt(p.mbPerSec, 1),
          fmt(p.decisionsPerSec, 0),
          mib(p.peakRss),
        ]),
        [
          'best',
          b.best.files,
          fmt(b.best.mb, 1),
          fmt(b.best.seconds, 3),
          fmt(b.best.matchesPerSec, 1),
          fmt(b.best.mbPerSec, 1),
          fmt(b.best.decisionsPerSec, 0),
          mib(b.best.peakRss),
        ],
      ],
    ),
  );
  log(
    `decisions analysed per pass: ${b.best.decisions} (gnuBG's total moves + total cube decisions, both players)`,
  );
  log(
    `RSS: start ${mib(b.rss.start)}, after warm-up ${mib(b.rss.afterWarmUp)}; ` +
      `pass 1 after 10 % of files ${mib(b.passes[0].rssAt10Pct)}, end ${mib(b.passes[0].rssEnd)}; ` +
      `last pass end ${mib(b.passes.at(-1).rssEnd)}; peak ${mib(b.rss.peak)}`,
  );

  if (result.xg) {
    const x = result.xg;
    log('');
    log(`XG .xg files (${x.files} files, ${fmt(x.bytes / MB, 2)} MB; best pass after a warm-up)`);
    log(
      table(
        ['work', 'seconds', 'matches/s', 'MB/s'],
        [
          [
            'read + inflate only',
            fmt(x.inflate.seconds, 3),
            fmt(x.inflate.matchesPerSec, 1),
            fmt(x.inflate.mbPerSec, 2),
          ],
          [
            'read + analyseBytes',
            fmt(x.analyse.seconds, 3),
            fmt(x.analyse.matchesPerSec, 1),
            fmt(x.analyse.mbPerSec, 2),
          ],
        ],
      ),
    );
  }

  const g = result.gnubg;
  log('');
  if (g.skipped) log(g.skipped);
  else if (g.error) log(`gnuBG: ${g.error}`);
  else {
    log(
      `gnuBG: ${g.version ?? g.binary} (${g.binary} -t -q < commands: load match + show statistics match per file)`,
    );
    log(
      `  startup + quit, best of ${g.startupRuns.length}: ${fmt(g.startupSeconds, 3)} s (${g.startupRuns.map((s) => fmt(s, 3)).join(', ')})`,
    );
    log(`  whole batch, one run: ${fmt(g.raw.seconds, 3)} s`);
    const c = g.check;
    if (c.ok) log(`  check: ${c.playerTables} statistics tables for ${g.raw.files} files, no errors: OK`);
    else {
      log(
        `  CHECK FAILED: ${c.succeeded} of ${g.raw.files} files succeeded (${c.playerTables} "Player" tables printed)`,
      );
      if (c.problem) log(`  gnuBG run: ${c.problem}`);
      if (c.namesMismatched) log(`  ${c.namesMismatched} tables do not show the players bdb found`);
      for (const l of c.firstErrorLines) log(`  stderr: ${l}`);
    }
  }

  if (result.bdb.failed.length) {
    log('');
    log(`bdb could not read ${result.bdb.failed.length} file(s); they were left out of both measurements:`);
    for (const f of result.bdb.failed.slice(0, 10)) log(`  ${f.file}: ${f.message}`);
  }

  log('');
  log(
    `Summary (${result.machine.cpus} × ${result.machine.cpuModel}, node ${result.machine.node}; MB = 10^6 bytes)`,
  );
  log(table(['tool', 'files', 'MB', 'seconds', 'matches/s', 'MB/s', 'bdb/tool'], summaryRows(result)));
  log('bdb/tool = bdb matches/s ÷ tool matches/s (above 1: bdb is faster)');
}

// ---------------------------------------------------------------------------------------------------

async function main() {
  const opts = parseArgs(process.argv.slice(2));
  const progress = opts.json ? () => {} : (m) => console.log(m);
  const warn = (m) => console.error(`bench: ${m}`);

  const files = collectFiles(opts.folders, warn);
  if (files.length === 0) {
    fail(`no .sgf file found in ${opts.folders.join(', ')} (pass folders holding gnuBG SGF matches)`);
  }
  const bdb = await loadBdb();
  const rssStart = process.memoryUsage.rss();
  const met = bdb.defaultMet();

  progress(
    `corpus: ${files.length} .sgf files under ${opts.folders.map((f) => path.relative(process.cwd(), f) || '.').join(', ')}`,
  );
  progress('bdb: warm-up pass (timed apart)…');
  const { ok, failed, seconds: warmUpSeconds } = warmUp(bdb, met, files);
  for (const f of failed) warn(`bdb cannot read ${f.file}: ${f.message}`);
  if (ok.length === 0) fail('bdb could read none of the files');
  const okFiles = ok.map((f) => f.file);
  const rssAfterWarmUp = process.memoryUsage.rss();

  const passes = [];
  for (let i = 0; i < opts.passes; i++) {
    const p = timedPass(bdb, met, okFiles);
    passes.push(p);
    progress(
      `bdb: pass ${i + 1}/${opts.passes}: ${fmt(p.seconds, 3)} s, ${fmt(p.matchesPerSec, 1)} matches/s`,
    );
  }
  const best = passes.reduce((a, p) => (p.seconds < a.seconds ? p : a));

  let gnubg;
  const bin = findGnubg();
  if (!bin) {
    gnubg = {
      skipped: process.env.GNUBG
        ? `gnubg not found at GNUBG=${process.env.GNUBG}: skipped`
        : 'gnubg not installed: skipped (apt-get install gnubg)',
    };
  } else {
    progress(`gnuBG: ${bin}, ${STARTUP_RUNS} startup runs then one batch run over ${okFiles.length} files…`);
    try {
      gnubg = benchGnubg(bin, ok);
    } catch (e) {
      gnubg = { binary: bin, error: e instanceof Error ? e.message : String(e) };
    }
  }

  const xgFiles = collectFiles(
    opts.folders === defaultFolders ? defaultXgFolders : opts.folders,
    warn,
    '.xg',
  );
  let xg = null;
  if (xgFiles.length > 0) {
    progress(`XG: ${xgFiles.length} .xg files, best of ${opts.passes} passes after a warm-up…`);
    xg = await benchXg(bdb, met, xgFiles, opts.passes);
  }

  const cpus = os.cpus();
  const result = {
    date: new Date().toISOString(),
    machine: {
      node: process.version,
      platform: `${os.platform()} ${os.release()} ${os.arch()}`,
      cpus: cpus.length,
      cpuModel: cpus[0]?.model?.trim() ?? 'unknown CPU',
      memoryBytes: os.totalmem(),
    },
    corpus: { folders: opts.folders, files: files.length, bytes: ok.reduce((s, f) => s + f.bytes, 0) },
    bdb: {
      warmUpSeconds,
      passes,
      best,
      rss: { start: rssStart, afterWarmUp: rssAfterWarmUp, peak: Math.max(...passes.map((p) => p.peakRss)) },
      failed,
    },
    xg,
    gnubg,
    ratio:
      gnubg && !gnubg.skipped && !gnubg.error
        ? {
            matchesPerSecRaw: gnubg.raw.matchesPerSec ? best.matchesPerSec / gnubg.raw.matchesPerSec : null,
            matchesPerSecNet: gnubg.net?.matchesPerSec ? best.matchesPerSec / gnubg.net.matchesPerSec : null,
          }
        : null,
  };

  if (opts.json) console.log(JSON.stringify(result, null, 2));
  else printText(result);
  if (gnubg && !gnubg.skipped && (gnubg.error || !gnubg.check.ok)) process.exitCode = 1;
}

await main();
