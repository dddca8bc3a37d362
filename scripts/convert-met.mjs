#!/usr/bin/env node
// Converts gnuBG's Kazaross-XG2 match equity table (met/Kazaross-XG2.xml, DTD met.dtd) into
// data/kazaross-xg2.json, the file that src/met/load.ts reads at run time: the explicit numbers, and the
// 64 × 64 table bdb extends them to.
//
// Usage: node scripts/convert-met.mjs [path/to/Kazaross-XG2.xml]
//        (default input: ../shared/data/met/Kazaross-XG2.xml, relative to the repository root)
//
// The XML is read by src/met/xml.ts (spec/formats.md §4.1), built first (npm run met:convert builds): the
// numbers are written exactly as they appear in the XML (IEEE doubles, no rounding, no float32 cast).

import { createHash } from 'node:crypto';
import { readFileSync, writeFileSync } from 'node:fs';
import { basename, dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { extendExplicitMet } from '../dist/met/load.js';
import { parseMetXml } from '../dist/met/xml.js';

const SIZE = 25;
const ORIGIN = 'GNU Backgammon 1.08.003 met/Kazaross-XG2.xml';

const repoRoot = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const inputPath = resolve(process.argv[2] ?? resolve(repoRoot, '../shared/data/met/Kazaross-XG2.xml'));
const outputPath = resolve(repoRoot, 'data/kazaross-xg2.json');

/**
 * Reports a problem with the input and exits with status 1 (nothing is written).
 * @param {string} message
 * @returns {never}
 */
function fail(message) {
  console.error(`convert-met: ${inputPath}: ${message}`);
  process.exit(1);
}

/**
 * The licence notice: the first XML comment, with its common indentation and the blank lines at
 * either end removed (its wording is kept verbatim).
 * @param {unknown} comments
 * @returns {string}
 */
function noticeText(comments) {
  const first = Array.isArray(comments) ? comments[0] : undefined;
  if (typeof first !== 'string' || !/copyright/i.test(first)) {
    fail('no copyright notice comment found');
  }
  const lines = String(first).replace(/\r\n?/g, '\n').split('\n');
  while (lines.length > 0 && lines[0]?.trim() === '') lines.shift();
  while (lines.length > 0 && lines[lines.length - 1]?.trim() === '') lines.pop();
  const indents = lines.filter((l) => l.trim() !== '').map((l) => l.length - l.trimStart().length);
  const cut = Math.min(...indents);
  return lines.map((l) => (l.trim() === '' ? '' : l.slice(cut).trimEnd())).join('\n');
}

/** @type {Buffer} */
let xmlBytes;
try {
  xmlBytes = readFileSync(inputPath);
} catch (err) {
  fail(`cannot read: ${err instanceof Error ? err.message : String(err)}`);
}
const sha256 = createHash('sha256').update(xmlBytes).digest('hex');

// the reader `bdb --met FILE` uses (src/met/xml.ts): the same checks on the bundled table as on a user's
/** @type {import('../dist/met/xml.js').MetXml} */
let met;
try {
  met = parseMetXml(xmlBytes.toString('utf8'), inputPath);
} catch (err) {
  fail(err instanceof Error ? err.message : String(err));
}
const { preCrawford, postCrawford, length } = met;
if (length !== SIZE) fail(`<info><length> is ${length}, expected ${SIZE}`);
const info = { name: met.name, description: met.description };

const out = {
  info: {
    name: info.name,
    description: info.description,
    length,
  },
  source: {
    file: basename(inputPath),
    origin: ORIGIN,
    sha256,
    notice: noticeText([met.notice]),
  },
  preCrawford,
  postCrawford,
};
// the whole 64 × 64 table as bdb makes it from these numbers (src/met/load.ts, extendExplicitMet: Zadeh's
// tables in float32 with the explicit part laid over them), so that runs need not compute it
const full = extendExplicitMet(info.name, preCrawford, postCrawford);
out.extended = { pre: full.pre.map((r) => Array.from(r)), post: Array.from(full.post) };

/**
 * JSON with each table row on one line (still plain JSON; numbers via JSON.stringify).
 * @param {typeof out} o
 * @returns {string}
 */
function format(o) {
  const row = (/** @type {number[]} */ r) => `[${r.map((v) => JSON.stringify(v)).join(', ')}]`;
  return [
    '{',
    `  "info": ${JSON.stringify(o.info, null, 2).replace(/\n/g, '\n  ')},`,
    `  "source": ${JSON.stringify(o.source, null, 2).replace(/\n/g, '\n  ')},`,
    '  "preCrawford": [',
    o.preCrawford.map((r) => `    ${row(r)}`).join(',\n'),
    '  ],',
    `  "postCrawford": ${row(o.postCrawford)},`,
    '  "extended": {',
    '    "pre": [',
    o.extended.pre.map((r) => `      ${row(r)}`).join(',\n'),
    '    ],',
    `    "post": ${row(o.extended.post)}`,
    '  }',
    '}',
    '',
  ].join('\n');
}

const text = format(out);
// Round-trip check: what we write parses back to exactly what we read.
if (JSON.stringify(JSON.parse(text)) !== JSON.stringify(out)) fail('internal error: JSON round trip differs');
writeFileSync(outputPath, text);
console.log(`wrote ${outputPath} (sha256 of source ${sha256})`);
