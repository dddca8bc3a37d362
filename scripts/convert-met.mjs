#!/usr/bin/env node
// Converts gnuBG's Kazaross-XG2 match equity table (met/Kazaross-XG2.xml, DTD met.dtd) into
// data/kazaross-xg2.json, the file that src/met/load.ts reads at run time.
//
// Usage: node scripts/convert-met.mjs [path/to/Kazaross-XG2.xml]
//        (default input: ../shared/data/met/Kazaross-XG2.xml, relative to the repository root)
//
// XML reader semantics follow spec/formats.md §4.1: the j-th <row> (0-based) and the i-th <me> of it
// fill table[j][i]; a post-Crawford table with player="both" serves both players. The numbers are
// written exactly as they appear in the XML (parsed as IEEE doubles, no rounding, no float32 cast).

import { createHash } from 'node:crypto';
import { readFileSync, writeFileSync } from 'node:fs';
import { basename, dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { XMLParser } from 'fast-xml-parser';

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

/** A decimal number as written in a MET file: digits, optional fraction, optional exponent. */
const NUMBER_RE = /^[+-]?(?:\d+\.?\d*|\.\d+)(?:[eE][+-]?\d+)?$/;

/**
 * @param {unknown} text
 * @param {string} where
 * @returns {number}
 */
function parseProbability(text, where) {
  if (typeof text !== 'string' || !NUMBER_RE.test(text.trim())) {
    fail(`${where}: not a number: ${JSON.stringify(text)}`);
  }
  const value = Number(String(text).trim());
  if (!Number.isFinite(value) || value < 0 || value > 1) {
    fail(`${where}: value ${value} outside [0, 1]`);
  }
  return value;
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

/**
 * @param {unknown} node
 * @param {string} where
 * @returns {unknown[]}
 */
function rowsOf(node, where) {
  if (node === null || typeof node !== 'object' || !Array.isArray(/** @type {any} */ (node).row)) {
    fail(`${where}: no <row> elements`);
  }
  return /** @type {any} */ (node).row;
}

/**
 * @param {unknown} row
 * @param {string} where
 * @returns {number[]}
 */
function valuesOf(row, where) {
  const me = row !== null && typeof row === 'object' ? /** @type {any} */ (row).me : undefined;
  if (!Array.isArray(me)) fail(`${where}: no <me> values`);
  return me.map((/** @type {unknown} */ v, /** @type {number} */ i) =>
    parseProbability(v, `${where} <me> ${i}`),
  );
}

/** @type {Buffer} */
let xmlBytes;
try {
  xmlBytes = readFileSync(inputPath);
} catch (err) {
  fail(`cannot read: ${err instanceof Error ? err.message : String(err)}`);
}
const sha256 = createHash('sha256').update(xmlBytes).digest('hex');

const parser = new XMLParser({
  ignoreAttributes: false,
  attributeNamePrefix: '@_',
  parseTagValue: false,
  parseAttributeValue: false,
  trimValues: true,
  commentPropName: '#comment',
  isArray: (name) => ['row', 'me', 'post-crawford-table', 'pre-crawford-table', '#comment'].includes(name),
});
const doc = parser.parse(xmlBytes.toString('utf8'));
const met = doc.met;
if (met === undefined || met === null || typeof met !== 'object') fail('no <met> root element');

const info = met.info;
if (info === undefined || typeof info.name !== 'string') fail('missing <info><name>');
const length = Number(info.length);
if (!Number.isInteger(length)) fail(`<info><length> is not an integer: ${JSON.stringify(info.length)}`);
if (length !== SIZE) fail(`<info><length> is ${length}, expected ${SIZE}`);

// Pre-Crawford table: exactly one, explicit, 25 rows of 25 values.
const preTables = met['pre-crawford-table'];
if (!Array.isArray(preTables) || preTables.length !== 1) fail('expected exactly one <pre-crawford-table>');
const preTable = preTables[0];
if (preTable['@_type'] !== 'explicit') fail(`pre-Crawford table type is ${preTable['@_type']}, not explicit`);
const preRows = rowsOf(preTable, 'pre-Crawford table');
if (preRows.length !== SIZE) fail(`pre-Crawford table has ${preRows.length} rows, expected ${SIZE}`);
const preCrawford = preRows.map((row, j) => {
  const values = valuesOf(row, `pre-Crawford row ${j}`);
  if (values.length !== SIZE) fail(`pre-Crawford row ${j} has ${values.length} values, expected ${SIZE}`);
  return values;
});

// Post-Crawford table: the explicit one that serves both players, one row of 25 values.
const postTables = met['post-crawford-table'];
if (!Array.isArray(postTables)) fail('no <post-crawford-table>');
const postBoth = postTables.filter((t) => (t['@_player'] ?? 'both') === 'both');
if (postBoth.length !== 1)
  fail(`expected one post-Crawford table with player="both", found ${postBoth.length}`);
const postTable = postBoth[0];
if (postTable['@_type'] !== 'explicit')
  fail(`post-Crawford table type is ${postTable['@_type']}, not explicit`);
const postRows = rowsOf(postTable, 'post-Crawford table');
if (postRows.length !== 1) fail(`post-Crawford table has ${postRows.length} rows, expected 1`);
const postCrawford = valuesOf(postRows[0], 'post-Crawford row 0');
if (postCrawford.length !== SIZE) {
  fail(`post-Crawford table has ${postCrawford.length} values, expected ${SIZE}`);
}

// Sanity checks of the explicit table (spec/metrics.md §12): diagonal 0.5, antisymmetry.
for (let i = 0; i < SIZE; i++) {
  for (let j = 0; j < SIZE; j++) {
    const a = preCrawford[i]?.[j] ?? Number.NaN;
    const b = preCrawford[j]?.[i] ?? Number.NaN;
    if (i === j && a !== 0.5) fail(`pre-Crawford [${i}][${i}] is ${a}, expected 0.5`);
    if (!(Math.abs(a + b - 1) <= 1e-5))
      fail(`pre-Crawford [${i}][${j}] + [${j}][${i}] = ${a + b}, expected 1`);
  }
}

const out = {
  info: {
    name: String(info.name).trim(),
    description: String(info.description ?? '').trim(),
    length,
  },
  source: {
    file: basename(inputPath),
    origin: ORIGIN,
    sha256,
    notice: noticeText(doc['#comment']),
  },
  preCrawford,
  postCrawford,
};

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
    `  "postCrawford": ${row(o.postCrawford)}`,
    '}',
    '',
  ].join('\n');
}

const text = format(out);
// Round-trip check: what we write parses back to exactly what we read.
if (JSON.stringify(JSON.parse(text)) !== JSON.stringify(out)) fail('internal error: JSON round trip differs');
writeFileSync(outputPath, text);
console.log(`wrote ${outputPath} (sha256 of source ${sha256})`);
