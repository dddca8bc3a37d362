#!/usr/bin/env node
/**
 * An import into a large library (issue 42, item 1: a 343-match gnuBG text folder into an 1,800-match
 * library ran out of DuckDB memory):
 *
 *  1. a library of N distinct analysed SGF matches (default 10,000; bench/common.mjs `corpus`, as
 *     bench/library.mjs part B makes it);
 *  2. into it, a gnuBG text collection: the 79 real Llabba matches analysed by gnuBG 4-ply
 *     (../shared/reference-matches/gnubg-text-bglab/) copied COPIES times (default 5, about 395 matches),
 *     Llabba renamed `Llabba K` in copy K so that each copy is another match;
 *  3. the same collection again (every unit unchanged).
 *
 * Each step: exit status, wall and CPU time, peak RSS, and what bdb wrote on stderr (a line saying the
 * import needed more memory, or an error). `--bdb PATH` runs another build's bin/bdb.js (e.g. main's).
 *
 *   node bench/import-large.mjs [--size 10000] [--copies 5] [--bdb PATH] [--json]
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { BIN, corpus, load, shared, timedRun } from './common.mjs';

function args(argv) {
  const o = { size: 10_000, copies: 5, bdb: BIN, json: false };
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i];
    if (a === '--size') o.size = Number(argv[++i]);
    else if (a === '--copies') o.copies = Number(argv[++i]);
    else if (a === '--bdb') o.bdb = path.resolve(argv[++i]);
    else if (a === '--json') o.json = true;
    else {
      console.error(`bench: unknown option ${a}`);
      process.exit(2);
    }
  }
  return o;
}

/** The gnuBG text collection: COPIES renamed copies of the Llabba matches, cached in os.tmpdir(). */
function textCollection(copies) {
  const from = path.join(shared, 'reference-matches/gnubg-text-bglab');
  const dir = path.join(os.tmpdir(), `bdb-bench-gnubg-text-${copies}`);
  const done = path.join(dir, '.complete');
  if (fs.existsSync(done)) return dir;
  fs.rmSync(dir, { recursive: true, force: true });
  for (let k = 1; k <= copies; k++) {
    const sub = path.join(dir, `copy${k}`);
    fs.mkdirSync(sub, { recursive: true });
    for (const f of fs.readdirSync(from).filter((x) => x.endsWith('.txt'))) {
      const text = fs.readFileSync(path.join(from, f), 'latin1').replaceAll('Llabba', `Llabba ${k}`);
      fs.writeFileSync(path.join(sub, f.replaceAll('Llabba', `Llabba ${k}`)), text, 'latin1');
    }
  }
  fs.writeFileSync(done, '');
  return dir;
}

const o = args(process.argv.slice(2));
const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'bdb-bench-import-large-'));
const lib = path.join(tmp, 'big.duckdb');
const step = (name, folder) => {
  const r = timedRun(process.execPath, [o.bdb, 'import', folder, '--library', lib, '--no-progress'], {
    stdout: path.join(tmp, `${name}.out`),
  });
  return {
    step: name,
    code: r.code,
    wallS: r.wall,
    cpuS: r.cpu,
    rssMb: Math.round(r.rssMb),
    stdout: fs.readFileSync(path.join(tmp, `${name}.out`), 'utf8').trim(),
    stderr: r.stderr.trim().split('\n').filter(Boolean).slice(0, 3),
  };
};
try {
  const loadBefore = load();
  const sgf = corpus(o.size);
  const text = textCollection(o.copies);
  const results = [
    step(`${o.size} SGF matches`, sgf),
    step('gnuBG text', text),
    step('gnuBG text again', text),
  ];
  const out = { bdb: o.bdb, size: o.size, copies: o.copies, loadBefore, loadAfter: load(), results };
  if (o.json) console.log(JSON.stringify(out, null, 2));
  else {
    console.log(`bdb ${o.bdb}; load ${loadBefore} → ${out.loadAfter}`);
    for (const r of results)
      console.log(
        `${r.step}: exit ${r.code}, ${r.wallS.toFixed(1)} s wall, ${r.cpuS.toFixed(1)} s CPU, peak ${r.rssMb} MB; ${r.stdout}${r.stderr.length ? ` | stderr: ${r.stderr.join(' / ')}` : ''}`,
      );
  }
} finally {
  fs.rmSync(tmp, { recursive: true, force: true });
}
