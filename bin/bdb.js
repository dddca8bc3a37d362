#!/usr/bin/env node
// The `bdb` command. It runs the command's bundle that `npm run build` writes (dist/bundle/cli.cjs,
// scripts/bundle-cli.mjs) through V8's code cache: the functions a command compiled in an earlier run are
// read back from a cache file instead of being parsed and compiled again, which is most of what a short
// run costs (`bdb stats` on one match: bench/README.md, startup section). In a checkout not yet built, it
// says so in one line instead of Node's "Cannot find module" stack trace.
//
// The cache: one file per build and command, in $BDB_COMPILE_CACHE (a folder; `off` for none), else
// $XDG_CACHE_HOME/bdb/compile-cache, else ~/.cache/bdb/compile-cache (%LOCALAPPDATA% on Windows): the
// user's own folder, never a shared one (a cache is code this process runs). It is written once, after
// the first run of a command by this build on this Node (V8 checks its version and flags and refuses a
// cache of another), to a temporary name then renamed; a folder that cannot be written means no cache,
// never an error. Files of other builds older than a week are removed when a new one is written.
//
// This file is CommonJS (bin/package.json says so): node then starts it without its ES module loader,
// about 6 ms of a short run (10 pairs in turn, `bdb stats` on one match).
const {
  mkdirSync,
  readdirSync,
  readFileSync,
  renameSync,
  statSync,
  unlinkSync,
  writeFileSync,
} = require('node:fs');
const { createRequire } = require('node:module');
const { homedir } = require('node:os');
const { dirname, isAbsolute, join } = require('node:path');
const { setFlagsFromString } = require('node:v8');
const { Script } = require('node:vm');

/**
 * How far V8 lets its heap grow past what a full collection leaves alive: +50 % instead of its default for a
 * large machine (up to 4 × when collections are cheap). A run over a folder keeps little alive between
 * matches (the per-person tallies, the names of the files read: 15-25 MB) and drops each match's few MB
 * once counted, so collections stay cheap and a tight heap costs almost no time while the default let the
 * heap reach 4 × that. Measured on 1,000 distinct matches (`bdb stats DIR --json`, 5 runs in turn, pair
 * by pair): peak RSS 147 MB against 200 MB, CPU time × 1.02 (within the runs' spread); on the 1,845 matches
 * of ../shared/corpora/galaxy-mat and ../shared/reference-matches, 162 MB against 206 MB for CPU time × 1.06,
 * the price of collecting more often (+100 %: 175 MB, × 0.98). V8 reads this flag each time it sets its
 * next limit, so setting it here, before any work, takes effect. It is set before the script is compiled:
 * V8 keys a code cache by the flags in force, so the cache written after a run must meet the same flags
 * when it is read.
 */
setFlagsFromString('--heap-growing-percent=50');
/**
 * How much a function runs before V8 considers optimising it (TurboFan): 1,000,000 bytes of bytecode
 * instead of the 67,584 of Node 20's V8 (`node --v8-options`). A short run (one match) otherwise spends
 * much of its time compiling optimised code for functions that are hot for a few milliseconds and never
 * run again; a long run still optimises what it runs for long, a moment later. Measured on `bdb stats` of one .xg match (8 pairs in turn at load 3): CPU × 0.72, wall
 * × 0.84; on the 73 reference SGFs and the 1,777 galaxy .mat transcripts, CPU × 1.0 and × 0.92 (5 pairs
 * each, load 2–5). Set before the script is compiled, as the line above.
 */
setFlagsFromString('--interrupt-budget=1000000');

/**
 * Worker threads (`--jobs`, the import's workers) start their young generation at 16 MB instead of 1 MB: a
 * worker parsing matches otherwise scavenges twice as often while its young generation grows, and promotes
 * the objects of the match in hand to its old generation, which then needs marking. V8 reads this when an
 * isolate is made: the main thread's is made already, so only the workers take it. On the 73 reference
 * SGFs (`bdb stats --jobs 3`, --trace-gc) a worker's scavenges went from 17–19 to 8–9.
 */
setFlagsFromString('--min-semi-space-size=16');

/**
 * V8 keeps the bytecode of every function compiled in this run, instead of dropping that of functions not
 * run for a while. The code cache below is written at the end of the first run of a command, from what is
 * compiled then: when V8 had dropped the script's top level by that time (it ran once, at the start), the
 * cache lacked it, so every later run compiled the whole 1.4 MB script again before starting (25-35 ms),
 * and as V8 accepted that cache it was never written anew. A run reading a folder with a worker thread
 * (\`bdb stats DIR\`, from 100 files) dropped it every time: \`bdb stats test.xg\` after one such run took
 * 25 ms more in \`runInThisContext\` (24.5-36.6 ms against 0.1-0.2). The bytecode kept is a few MB at most: a
 * run keeps using most of what it compiled.
 */
setFlagsFromString('--no-flush-bytecode');

const file = join(__dirname, '..', 'dist', 'bundle', 'cli.cjs');
let source;
try {
  source = readFileSync(file, 'utf8');
} catch {
  process.stderr.write('bdb: not built yet (dist/ is missing): run npm run build, then bdb again\n');
  process.exit(1);
}

/** The cache folder, or null when the user turned it off or no folder of the user's is known. */
function cacheFolder() {
  const env = process.env;
  const given = env.BDB_COMPILE_CACHE;
  if (given === 'off') return null;
  if (given) return given;
  if (env.XDG_CACHE_HOME && isAbsolute(env.XDG_CACHE_HOME))
    return join(env.XDG_CACHE_HOME, 'bdb', 'compile-cache');
  if (process.platform === 'win32' && env.LOCALAPPDATA) return join(env.LOCALAPPDATA, 'bdb', 'compile-cache');
  const home = homedir();
  return home ? join(home, '.cache', 'bdb', 'compile-cache') : null;
}

// the build's hash (the script's first line) and the command named (each compiles its own functions); the
// hash copied, not sliced: a slice of the text would keep the whole text alive
const build = /^\/\/ bdb-cli ([0-9a-f]{16})\n/.exec(source)?.[1]?.split('').join('');
const word = process.argv[2] ?? '';
const command = /^[a-z][a-z-]{0,31}$/.test(word) ? word : 'other';
const folder = build === undefined ? null : cacheFolder();
const cacheFile = folder && join(folder, `${build}-${process.version}-${process.arch}-${command}.bin`);

let cached;
if (cacheFile) {
  try {
    cached = readFileSync(cacheFile);
  } catch {
    cached = undefined;
  }
}
const script = new Script(`(function (exports, require, module, __filename, __dirname) {${source}\n})`, {
  filename: file,
  cachedData: cached,
});
// V8 keeps the script's text (the wrapped copy) for the functions it compiles later: this one can go
source = undefined;
const loaded = { exports: {} };
script.runInThisContext()(loaded.exports, createRequire(file), loaded, file, dirname(file));
/** Writes the cache of this run's compiled functions when there was none, or V8 refused it. */
function saveCache() {
  if (!cacheFile || (cached !== undefined && !script.cachedDataRejected)) return;
  try {
    const data = script.createCachedData();
    mkdirSync(folder, { recursive: true, mode: 0o700 });
    const temp = `${cacheFile}.${process.pid}.tmp`;
    writeFileSync(temp, data, { mode: 0o600 });
    renameSync(temp, cacheFile);
    const weekAgo = Date.now() - 7 * 24 * 3600 * 1000;
    for (const name of readdirSync(folder)) {
      if (name.startsWith(`${build}-`)) continue;
      const path = join(folder, name);
      if (statSync(path).mtimeMs < weekAgo) unlinkSync(path);
    }
  } catch {
    // no cache this time: the next run compiles again
  }
}

loaded.exports.main(process.argv).then(saveCache);
