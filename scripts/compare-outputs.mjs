#!/usr/bin/env node
/**
 * Every output of bdb's reading commands on the repository's real matches, made by two builds and compared
 * byte for byte (issue 38: a change of the code's shape must leave each JSON, table and HTML output as it
 * was). Not a test of the figures, which test/reference-matches checks against XG and gnuBG: only whether
 * two builds agree.
 *
 *   node scripts/compare-outputs.mjs --base REV   this checkout's build against REV's (checked out and built
 *                                                 in a temporary worktree, its node_modules linked to ours)
 *   node scripts/compare-outputs.mjs --base-bin PATH   against another build's bin/bdb.js
 *   --keep DIR                                    keep both sets of outputs in DIR (base/, head/)
 *
 * Both builds run the same command lines in the same folder, on the same inputs and into a library at the
 * same path (made by each build's own `bdb import`), so that paths in the outputs agree. Exit 0 when every
 * output is the same, 1 when one differs (each named with its first differing line), 2 on a usage error.
 */
import { execFileSync, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const REF = path.join(ROOT, 'test/reference-matches');

function usage(message) {
  console.error(`compare-outputs: ${message}`);
  process.exit(2);
}

function args(argv) {
  const o = { base: undefined, baseBin: undefined, keep: undefined };
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i];
    if (a === '--base') o.base = argv[++i];
    else if (a === '--base-bin') o.baseBin = path.resolve(argv[++i] ?? '');
    else if (a === '--keep') o.keep = path.resolve(argv[++i] ?? '');
    else usage(`unknown argument ${a}`);
  }
  if ((o.base === undefined) === (o.baseBin === undefined)) usage('give --base REV or --base-bin PATH');
  return o;
}

/**
 * The runs: a name (the output file's) and bdb's arguments. `{WORK}` is the folder both builds run in,
 * `{LIB}` the library there. Inputs are the repository's real matches (test/reference-matches/README.md).
 */
const XG = path.join(REF, 'xg/test.xg');
const SGF = path.join(REF, 'gnubg/g0001.sgf');
const TEXT = path.join(REF, 'bglab');
const CASES = [
  ['import', ['import', REF, '--library', '{LIB}', '--no-progress']],
  ['stats-folder.txt', ['stats', REF]],
  ['stats-folder.json', ['stats', REF, '--json']],
  ['stats-folder-matches.txt', ['stats', REF, '--matches']],
  ['stats-xg.txt', ['stats', XG]],
  ['stats-xg.json', ['stats', XG, '--json']],
  ['stats-xg-ascii.txt', ['stats', XG, '--ascii']],
  ['stats-library.txt', ['stats', '--library', '{LIB}']],
  ['stats-library.json', ['stats', '--library', '{LIB}', '--json']],
  ['review-xg.txt', ['review', XG]],
  ['review-xg.json', ['review', XG, '--json']],
  ['review-xg-all-boards.txt', ['review', XG, '--all', '--boards']],
  ['review-xg.html', ['review', XG, '--html', '{WORK}/review.html'], '{WORK}/review.html'],
  ['review-sgf.txt', ['review', SGF]],
  ['biases-folder.txt', ['biases', REF]],
  ['biases-folder.json', ['biases', REF, '--json']],
  ['biases-library.json', ['biases', '--library', '{LIB}', '--json']],
  ['plan-folder.txt', ['plan', REF]],
  ['plan-folder.json', ['plan', REF, '--json']],
  ['plan-library.json', ['plan', '--library', '{LIB}', '--json']],
  ['progress-text.txt', ['progress', TEXT, '--player', 'Llabba']],
  ['progress-text.json', ['progress', TEXT, '--player', 'Llabba', '--json']],
  ['progress-library.json', ['progress', '--library', '{LIB}', '--player', 'Llabba', '--json']],
  ['report-xg.html', ['report', XG, '--html', '{WORK}/report.html'], '{WORK}/report.html'],
  ['study-library.txt', ['study', '--library', '{LIB}']],
  ['sql-library.csv', ['sql', 'SELECT count(*) AS n FROM decisions', '--library', '{LIB}', '--csv']],
  ['standings-examples.txt', ['tournament', 'standings', path.join(ROOT, 'examples/kts-example.json')]],
  [
    'standings-examples.json',
    ['tournament', 'standings', path.join(ROOT, 'examples/kts-example.json'), '--json'],
  ],
];

/** Runs every case with the build at `bin`, in `work`; writes each output (stdout, stderr, code) under `out`. */
function runAll(bin, work, out) {
  fs.rmSync(work, { recursive: true, force: true });
  fs.mkdirSync(work, { recursive: true });
  fs.mkdirSync(out, { recursive: true });
  const fill = (a) => a.replaceAll('{WORK}', work).replaceAll('{LIB}', path.join(work, 'lib.duckdb'));
  for (const [name, argv, file] of CASES) {
    const r = spawnSync(process.execPath, [bin, ...argv.map(fill)], {
      cwd: work,
      encoding: 'utf8',
      env: { ...process.env, NO_COLOR: '1', BDB_COLUMNS: '100', XDG_CONFIG_HOME: path.join(work, 'config') },
      maxBuffer: 512 * 1024 * 1024,
    });
    const page = file === undefined ? '' : `\n--- ${path.basename(fill(file))}\n${readOrNone(fill(file))}`;
    fs.writeFileSync(
      path.join(out, name),
      `exit ${r.status}\n--- stdout\n${r.stdout}\n--- stderr\n${r.stderr}${page}`,
    );
  }
}

function readOrNone(file) {
  try {
    return fs.readFileSync(file, 'utf8');
  } catch {
    return '(none)';
  }
}

/** The base build's bin/bdb.js: `--base-bin`, or REV checked out and built in a temporary worktree. */
function baseBin(o, tmp) {
  if (o.baseBin !== undefined) return o.baseBin;
  const tree = path.join(tmp, 'base-tree');
  execFileSync('git', ['-C', ROOT, 'worktree', 'add', '--detach', tree, o.base], { stdio: 'ignore' });
  fs.symlinkSync(path.join(ROOT, 'node_modules'), path.join(tree, 'node_modules'));
  execFileSync('npm', ['run', 'build', '--silent'], { cwd: tree, stdio: 'inherit' });
  return path.join(tree, 'bin/bdb.js');
}

const o = args(process.argv.slice(2));
const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'bdb-compare-outputs-'));
const keep = o.keep ?? path.join(tmp, 'outputs');
const work = path.join(tmp, 'work');
let differ = 0;
try {
  runAll(baseBin(o, tmp), work, path.join(keep, 'base'));
  runAll(path.join(ROOT, 'bin/bdb.js'), work, path.join(keep, 'head'));
  for (const [name] of CASES) {
    const a = fs.readFileSync(path.join(keep, 'base', name), 'utf8');
    const b = fs.readFileSync(path.join(keep, 'head', name), 'utf8');
    if (a === b) continue;
    differ++;
    const la = a.split('\n');
    const lb = b.split('\n');
    let i = 0;
    while (i < la.length && la[i] === lb[i]) i++;
    console.log(
      `${name}: differs at line ${i + 1}\n  base: ${la[i] ?? '(end)'}\n  head: ${lb[i] ?? '(end)'}`,
    );
  }
  console.log(
    `${CASES.length - differ} of ${CASES.length} outputs the same${o.keep ? ` (kept in ${o.keep})` : ''}`,
  );
} finally {
  if (o.base !== undefined && o.baseBin === undefined)
    spawnSync('git', ['-C', ROOT, 'worktree', 'remove', '--force', path.join(tmp, 'base-tree')]);
  if (o.keep === undefined) fs.rmSync(tmp, { recursive: true, force: true });
}
process.exit(differ === 0 ? 0 : 1);
