#!/usr/bin/env node
/**
 * The library's benchmark (npm run bench:library; see bench/README.md):
 *
 *  A. `bdb import` against `bdb stats --json --jobs 0` on the same folders (default: the 1,777 Galaxy transcripts
 *     and every reference match), the two commands in turn, ROUNDS rounds: medians of wall and CPU time,
 *     the ratio pair by pair, matches/s, peak RSS, the load average.
 *  B. A library of N distinct analysed matches (default 10,000), made by replicating the reference SGF
 *     matches, the first player of copy k of a match renamed `Opponent k` (so every copy is another match,
 *     as a club's library holds the same players in many matches): the import's
 *     time and peak RSS, the library's size per 1,000 matches, then `bdb stats --library` (per-person
 *     table) and `--json`, ROUNDS runs each: median wall, peak RSS.
 *
 *  C. One player's library of N matches (default 10,000): the same replicated matches with the second
 *     player renamed `Me`, dated one a day-slot over four years (DT[]), the last 50 named the event
 *     `Bench Open` (EV[]); then `bdb progress --player Me` and `bdb tournament review 'Bench Open'` (the
 *     habitual level: Me's ~2,600 matches of the year before), ROUNDS runs each: median wall, peak RSS.
 *
 *  D. `bdb find` on C's library (one player's 10,000 matches; `--library PATH` uses one made before instead of
 *     importing): `bdb find --player Me --pattern "me:bar"` and a plain `bdb find --limit 20`, ROUNDS runs
 *     each (median wall, CPU, peak RSS), against the floor of a process that opens the library and runs
 *     `bdb sql "select 1"`; then the query alone, in process (bench/find-query.mjs): each search's first
 *     query in a new process (DuckDB's buffers empty, as a `bdb find` runs it; median of ROUNDS processes),
 *     the target's figure, and the median of ROUNDS once warm.
 *
 *  E. Every command that reads the whole of C's library (or `--library PATH`), one run each: `stats`,
 *     `stats --json`, `biases`, `plan`, `scout Me`, `study --player Me`, `report --player Me --html`, `find
 *     --limit 20`: wall, CPU and peak RSS, each against issue 40's goal of 150 MB at most.
 *
 *   node bench/library.mjs [--rounds 5] [--size 10000] [--only a|b|c|d|e] [--library PATH] [--json] [FOLDER...]
 *
 * Times come from GNU time (/usr/bin/time) around each whole process.
 */
import { execFileSync, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import {
  BIN,
  corpus,
  load,
  median,
  PROPERTY,
  repoRoot as root,
  sgfCorpus,
  shared,
  summary,
  timedBdb as timed,
} from './common.mjs';

function args(argv) {
  const o = { rounds: 5, size: 10_000, only: null, json: false, folders: [], library: null };
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i];
    if (a === '--rounds') o.rounds = Number(argv[++i]);
    else if (a === '--size') o.size = Number(argv[++i]);
    else if (a === '--only') o.only = argv[++i];
    else if (a === '--json') o.json = true;
    else if (a === '--library') o.library = path.resolve(argv[++i]);
    else if (a.startsWith('-')) {
      console.error(`bench: unknown option ${a}`);
      process.exit(2);
    } else o.folders.push(path.resolve(a));
  }
  if (o.folders.length === 0)
    o.folders = [path.join(shared, 'corpora/galaxy-mat'), path.join(shared, 'reference-matches')];
  return o;
}

function benchImportVsStats(o, tmp) {
  const lib = path.join(tmp, 'a.duckdb');
  const imports = [];
  const stats = [];
  const loadBefore = load();
  let matches = 0;
  for (let r = 0; r < o.rounds; r++) {
    fs.rmSync(lib, { force: true });
    fs.rmSync(`${lib}.wal`, { force: true });
    const i = timed(['import', ...o.folders, '--library', lib, '--no-progress']);
    // one thread each (an import on 2 cores has no worker; stats would have one): the CPU of the same work
    const s = timed(['stats', ...o.folders, '--json', '--no-progress', '--jobs', '0']);
    imports.push(i);
    stats.push(s);
    if (r === 0) {
      const line = spawnSync(
        process.execPath,
        [BIN, 'sql', 'SELECT count(*) FROM matches', '--library', lib, '--csv'],
        {
          encoding: 'utf8',
        },
      ).stdout;
      matches = Number(line.trim().split('\n')[1]);
    }
  }
  const ratios = imports.map((x, k) => x.wall / stats[k].wall);
  const cpuRatios = imports.map((x, k) => x.cpu / stats[k].cpu);
  return {
    folders: o.folders.map((f) => path.relative(root, f)),
    rounds: o.rounds,
    matches,
    import: summary(imports),
    stats: summary(stats),
    ratioWall: median(ratios),
    ratioCpu: median(cpuRatios),
    importMatchesPerS: matches / median(imports.map((x) => x.wall)),
    libraryMb: fs.statSync(lib).size / 1e6,
    load: { before: loadBefore, after: load() },
  };
}

/** C's corpus: N matches of one player `Me`, dated over four years, the last 50 the event `Bench Open`. */
function playerCorpus(size) {
  const first = Date.UTC(2023, 0, 1);
  const days = 4 * 365;
  return sgfCorpus('bdb-bench-player-v1', size, (text, k, copy) => {
    const day = new Date(first + Math.floor((k * days) / size) * 86_400_000).toISOString().slice(0, 10);
    const props = `PB[Me]DT[${day}]${k >= size - 50 ? 'EV[Bench Open]' : ''}`;
    return text
      .replace(PROPERTY('DT'), '')
      .replace(PROPERTY('EV'), '')
      .replace(PROPERTY('PW'), `PW[Opponent ${copy}]`)
      .replace(PROPERTY('PB'), props);
  });
}

function benchPlayerLibrary(o, tmp) {
  const dir = playerCorpus(o.size);
  const lib = path.join(tmp, 'player.duckdb');
  const imp = timed(['import', dir, '--library', lib, '--no-progress']);
  if (imp.code !== 0) throw new Error(`bench: import of ${dir} failed: ${imp.stderr}`);
  const loadBefore = load();
  const progress = [];
  const review = [];
  for (let r = 0; r < o.rounds; r++) {
    progress.push(timed(['progress', '--library', lib, '--player', 'Me', '--json']));
    review.push(timed(['tournament', 'review', 'Bench Open', '--library', lib, '--player', 'Me', '--json']));
  }
  const out = path.join(tmp, 'review.json');
  timed(['tournament', 'review', 'Bench Open', '--library', lib, '--player', 'Me', '--json'], out);
  const r = JSON.parse(fs.readFileSync(out, 'utf8'));
  return {
    corpus: dir,
    import: { wallS: imp.wall, rssMb: imp.rssMb },
    tournamentMatches: r.tournamentMatches,
    habitualMatches: r.habitual.matches,
    progress: summary(progress),
    review: summary(review),
    rounds: o.rounds,
    load: { before: loadBefore, after: load() },
  };
}

/** E's commands: each reads every match or decision of one player's library. */
const READERS = [
  ['stats', ['stats']],
  ['stats --json', ['stats', '--json']],
  ['biases', ['biases']],
  ['plan', ['plan']],
  ['scout Me', ['scout', 'Me']],
  ['study --player Me', ['study', '--player', 'Me']],
  ['report --player Me', ['report', '--player', 'Me', '--force', '--html']],
  ['find --limit 20', ['find', '--limit', '20']],
];

/** E: every reading command on one player's library of N matches, one run each (wall, CPU, peak RSS). */
function benchReaders(o, tmp) {
  let lib = o.library;
  if (lib === null) {
    lib = path.join(tmp, 'player.duckdb');
    if (!fs.existsSync(lib)) {
      const imp = timed(['import', playerCorpus(o.size), '--library', lib, '--no-progress']);
      if (imp.code !== 0) throw new Error(`bench: import failed: ${imp.stderr}`);
    }
  }
  const loadBefore = load();
  const runs = READERS.map(([name, args]) => {
    const page = args.at(-1) === '--html' ? [path.join(tmp, 'report.html')] : [];
    const r = timed([...args, ...page, '--library', lib]);
    if (r.code !== 0) throw new Error(`bench: bdb ${name} failed: ${r.stderr}`);
    return { name, wallS: r.wall, cpuS: r.cpu, rssMb: r.rssMb };
  });
  return { library: lib, runs, load: { before: loadBefore, after: load() } };
}

/** D: `bdb find` on one player's library of N matches, against the floor of opening it. */
function benchFind(o, tmp) {
  let lib = o.library;
  let imp = null;
  if (lib === null) {
    const dir = playerCorpus(o.size);
    lib = path.join(tmp, 'find.duckdb');
    imp = timed(['import', dir, '--library', lib, '--no-progress']);
    if (imp.code !== 0) throw new Error(`bench: import of ${dir} failed: ${imp.stderr}`);
  }
  const loadBefore = load();
  const floor = [];
  const bar = [];
  const plain = [];
  for (let r = 0; r < o.rounds; r++) {
    floor.push(timed(['sql', 'select 1', '--library', lib]));
    bar.push(timed(['find', '--player', 'Me', '--pattern', 'me:bar', '--library', lib]));
    plain.push(timed(['find', '--limit', '20', '--library', lib]));
  }
  for (const run of [...bar, ...plain])
    if (run.code !== 0) throw new Error(`bench: bdb find failed: ${run.stderr}`);
  const query = (rounds, only = []) =>
    JSON.parse(
      execFileSync(
        process.execPath,
        [path.join(root, 'bench/find-query.mjs'), lib, String(rounds), ...only],
        {
          encoding: 'utf8',
        },
      ),
    );
  const inProcess = query(o.rounds);
  // each search's first query in a new process (what a `bdb find` command runs), ROUNDS processes each
  for (const name of Object.keys(inProcess)) {
    const firsts = [];
    for (let r = 0; r < o.rounds; r++) firsts.push(query(0, [name])[name].firstMs);
    inProcess[name].firstMs = median(firsts);
  }
  return {
    library: o.library,
    import: imp === null ? null : { wallS: imp.wall, rssMb: imp.rssMb },
    floor: summary(floor),
    playerBar: summary(bar),
    limit20: summary(plain),
    inProcess,
    rounds: o.rounds,
    load: { before: loadBefore, after: load() },
  };
}

function benchBigLibrary(o, tmp) {
  const dir = corpus(o.size);
  const lib = path.join(tmp, 'big.duckdb');
  const loadBefore = load();
  const imp = timed(['import', dir, '--library', lib, '--no-progress']);
  const size = fs.statSync(lib).size;
  const table = [];
  const json = [];
  for (let r = 0; r < o.rounds; r++) {
    table.push(timed(['stats', '--library', lib, '--no-matches']));
    json.push(timed(['stats', '--library', lib, '--json']));
  }
  const count = Number(
    spawnSync(process.execPath, [BIN, 'sql', 'SELECT count(*) FROM matches', '--library', lib, '--csv'], {
      encoding: 'utf8',
    })
      .stdout.trim()
      .split('\n')[1],
  );
  const decisions = Number(
    spawnSync(process.execPath, [BIN, 'sql', 'SELECT count(*) FROM decisions', '--library', lib, '--csv'], {
      encoding: 'utf8',
    })
      .stdout.trim()
      .split('\n')[1],
  );
  return {
    corpus: dir,
    corpusMb: Number(execFileSync('du', ['-sm', dir], { encoding: 'utf8' }).split('\t')[0]),
    matches: count,
    decisions,
    import: { wallS: imp.wall, cpuS: imp.cpu, rssMb: imp.rssMb, matchesPerS: count / imp.wall },
    libraryMb: size / 1e6,
    mbPer1000Matches: size / 1e6 / (count / 1000),
    sourcesMb: Number(execFileSync('du', ['-sm', `${lib}.sources`], { encoding: 'utf8' }).split('\t')[0]),
    statsTable: summary(table),
    statsJson: summary(json),
    rounds: o.rounds,
    load: { before: loadBefore, after: load() },
  };
}

const o = args(process.argv.slice(2));
const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'bdb-bench-lib-'));
try {
  const out = { node: process.version, cores: os.cpus().length };
  if (o.only === null || o.only === 'a') out.importVsStats = benchImportVsStats(o, tmp);
  if (o.only === null || o.only === 'b') out.bigLibrary = benchBigLibrary(o, tmp);
  if (o.only === null || o.only === 'c') out.playerLibrary = benchPlayerLibrary(o, tmp);
  if (o.only === null || o.only === 'd') out.find = benchFind(o, tmp);
  if (o.only === null || o.only === 'e') out.readers = benchReaders(o, tmp);
  if (o.json) console.log(JSON.stringify(out, null, 2));
  else {
    const a = out.importVsStats;
    if (a) {
      console.log(
        `A. import vs stats on ${a.folders.join(' + ')} (${a.matches} matches, ${a.rounds} rounds in turn)`,
      );
      console.log(
        `   import  wall ${a.import.wallS.toFixed(2)} s  cpu ${a.import.cpuS.toFixed(2)} s  peak RSS ${a.import.rssMb.toFixed(0)} MB  ${a.importMatchesPerS.toFixed(0)} matches/s`,
      );
      console.log(
        `   stats   wall ${a.stats.wallS.toFixed(2)} s  cpu ${a.stats.cpuS.toFixed(2)} s  peak RSS ${a.stats.rssMb.toFixed(0)} MB`,
      );
      console.log(
        `   import/stats  wall ×${a.ratioWall.toFixed(2)}  cpu ×${a.ratioCpu.toFixed(2)} (medians of the pairs); library ${a.libraryMb.toFixed(1)} MB; load ${a.load.before} → ${a.load.after}`,
      );
      console.log(
        `   target (issue 40): import CPU ≤ 1.30× stats --json: ×${a.ratioCpu.toFixed(2)} ${a.ratioCpu <= 1.3 ? 'met' : 'NOT MET'}`,
      );
    }
    const b = out.bigLibrary;
    if (b) {
      console.log(
        `B. library of ${b.matches} analysed matches (${b.decisions} decisions; corpus ${b.corpusMb} MB of SGF)`,
      );
      console.log(
        `   import  wall ${b.import.wallS.toFixed(1)} s  cpu ${b.import.cpuS.toFixed(1)} s  peak RSS ${b.import.rssMb.toFixed(0)} MB  ${b.import.matchesPerS.toFixed(0)} matches/s`,
      );
      console.log(
        `   library ${b.libraryMb.toFixed(1)} MB = ${b.mbPer1000Matches.toFixed(1)} MB per 1,000 analysed matches, and the files' bytes beside it ${b.sourcesMb} MB (Brotli packs)`,
      );
      console.log(
        `   stats --library (per-person table)  median wall ${b.statsTable.wallS.toFixed(2)} s  peak RSS ${b.statsTable.rssMb.toFixed(0)} MB`,
      );
      console.log(
        `   stats --library --json (every match) median wall ${b.statsJson.wallS.toFixed(2)} s  peak RSS ${b.statsJson.rssMb.toFixed(0)} MB  (${b.rounds} runs; load ${b.load.before} → ${b.load.after})`,
      );
      console.log(
        `   target (issue 40): import peak RSS < 200 MB at ${b.matches} matches: ${b.import.rssMb.toFixed(0)} MB ${b.import.rssMb < 200 ? 'met' : 'NOT MET'}`,
      );
    }
    const c = out.playerLibrary;
    if (c) {
      console.log(
        `C. one player's library of ${o.size} matches (import ${c.import.wallS.toFixed(1)} s); tournament of ${c.tournamentMatches} matches, habitual level over ${c.habitualMatches}`,
      );
      console.log(
        `   progress --player Me           median wall ${c.progress.wallS.toFixed(2)} s  cpu ${c.progress.cpuS.toFixed(2)} s  peak RSS ${c.progress.rssMb.toFixed(0)} MB`,
      );
      console.log(
        `   tournament review 'Bench Open'  median wall ${c.review.wallS.toFixed(2)} s  cpu ${c.review.cpuS.toFixed(2)} s  peak RSS ${c.review.rssMb.toFixed(0)} MB  (${c.rounds} runs; load ${c.load.before} → ${c.load.after})`,
      );
    }
    const d = out.find;
    if (d) {
      console.log(
        `D. bdb find on one player's library of ${o.size} matches (${d.import === null ? `library ${d.library}` : `import ${d.import.wallS.toFixed(1)} s`})`,
      );
      const line = (name, s) =>
        `   ${name.padEnd(38)} median wall ${s.wallS.toFixed(2)} s  cpu ${s.cpuS.toFixed(2)} s  peak RSS ${s.rssMb.toFixed(0)} MB`;
      console.log(line('sql "select 1" (the floor)', d.floor));
      console.log(line('find --player Me --pattern me:bar', d.playerBar));
      console.log(line('find --limit 20', d.limit20));
      const q = d.inProcess;
      console.log(
        `   the query in process, first in a new process (median of ${d.rounds} processes): me:bar ${q.playerBar.firstMs.toFixed(0)} ms (${q.playerBar.total} found), --limit 20 ${q.limit20.firstMs.toFixed(0)} ms (${q.limit20.total}); once warm (median of ${d.rounds} after it): ${q.playerBar.medianMs.toFixed(0)}, ${q.limit20.medianMs.toFixed(0)} ms; load ${d.load.before} → ${d.load.after}`,
      );
      const slowest = Math.max(q.playerBar.firstMs, q.limit20.firstMs);
      console.log(
        `   target (issue 39): the search under 200 ms, first in a new process: ${slowest.toFixed(0)} ms ${slowest < 200 ? 'met' : 'NOT MET'}; the whole command ${d.playerBar.wallS.toFixed(2)} s against the floor of opening the library ${d.floor.wallS.toFixed(2)} s`,
      );
    }
    const e = out.readers;
    if (e) {
      console.log(`E. the commands reading the whole library ${e.library}, one run each`);
      for (const r of e.runs)
        console.log(
          `   ${r.name.padEnd(20)} wall ${r.wallS.toFixed(2)} s  cpu ${r.cpuS.toFixed(2)} s  peak RSS ${r.rssMb.toFixed(0)} MB  target (issue 40) ≤ 150 MB: ${r.rssMb <= 150 ? 'met' : 'NOT MET'}`,
        );
      console.log(`   load ${e.load.before} → ${e.load.after}`);
    }
  }
} finally {
  fs.rmSync(tmp, { recursive: true, force: true });
}
