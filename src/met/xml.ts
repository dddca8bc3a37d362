/**
 * gnuBG's match equity table files (met/*.xml, DTD met.dtd; spec/formats.md §4.1) read at run time
 * (`--met FILE`), with the checks `scripts/convert-met.mjs` applies to the bundled table:
 *
 * - `<info><name>` and `<info><length>` N (2 ≤ N ≤ 64);
 * - one explicit `<pre-crawford-table>`: N `<row>`s of N `<me>` values; the j-th row and the i-th value fill
 *   `table[j][i]`; every value a decimal number in [0, 1], the diagonal 0.5, `[i][j] + [j][i] = 1`;
 * - one explicit `<post-crawford-table>` serving both players (`player="both"`, the default): one row of N
 *   values.
 *
 * Tables gnuBG describes by a formula (`type="zadeh"` …) are refused with a clear message. The explicit part
 * is then extended to 64 × 64 with Zadeh's values, as the bundled table is (src/met/load.ts).
 *
 * @module
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { extendExplicitMet, MET_TOLERANCE, MetError } from './load.js';
import { MET_SIZE, type Met } from './table.js';

type FastXmlParser = typeof import('fast-xml-parser');

let xmlModule: FastXmlParser | null = null;

/**
 * fast-xml-parser, loaded when a MET file is first read: only `--met` needs it, and its ES modules (about 40
 * with their dependencies) were loaded by every command; its CommonJS build is one file.
 */
function xmlParser(): FastXmlParser {
  xmlModule ??= createRequire(import.meta.url)('fast-xml-parser') as FastXmlParser;
  return xmlModule;
}

/** The explicit part of a MET file. */
export interface MetXml {
  readonly name: string;
  readonly description: string;
  readonly length: number;
  readonly preCrawford: number[][];
  readonly postCrawford: number[];
  /** The file's first comment (its licence notice, in gnuBG's files), or ''. */
  readonly notice: string;
}

/** A decimal number as written in a MET file: digits, optional fraction, optional exponent. */
const NUMBER_RE = /^[+-]?(?:\d+\.?\d*|\.\d+)(?:[eE][+-]?\d+)?$/;

type Node = Record<string, unknown>;

function isNode(v: unknown): v is Node {
  return v !== null && typeof v === 'object' && !Array.isArray(v);
}

/**
 * Reads the explicit tables of a gnuBG MET file.
 *
 * @param text - the file's text.
 * @param where - the file name, for the messages.
 * @throws MetError naming the file and what is wrong (the element, the row and the value).
 */
export function parseMetXml(text: string, where: string): MetXml {
  const fail = (message: string): never => {
    throw new MetError(`${where}: ${message}`);
  };
  if (!/^\uFEFF?\s*</.test(text)) return fail('not an XML file');
  let doc: Node;
  try {
    doc = new (xmlParser().XMLParser)({
      ignoreAttributes: false,
      attributeNamePrefix: '@_',
      parseTagValue: false,
      parseAttributeValue: false,
      trimValues: true,
      commentPropName: '#comment',
      isArray: (name) =>
        ['row', 'me', 'post-crawford-table', 'pre-crawford-table', '#comment'].includes(name),
    }).parse(text) as Node;
  } catch (e) {
    return fail(`not an XML file (${(e as Error).message.split('\n')[0]})`);
  }
  const met = doc.met;
  if (!isNode(met)) return fail('no <met> root element: not a gnuBG match equity table');
  const info = met.info;
  if (!isNode(info) || typeof info.name !== 'string' || info.name.trim() === '')
    return fail('missing <info><name>');
  const length = Number(info.length);
  if (!Number.isInteger(length) || length < 2 || length > MET_SIZE)
    return fail(`<info><length> ${JSON.stringify(info.length)} is not a whole number from 2 to ${MET_SIZE}`);

  const probability = (v: unknown, at: string): number => {
    if (typeof v !== 'string' || !NUMBER_RE.test(v)) return fail(`${at}: not a number: ${JSON.stringify(v)}`);
    const x = Number(v);
    if (!Number.isFinite(x) || x < 0 || x > 1) return fail(`${at}: ${v} is not in [0, 1]`);
    return x;
  };
  const explicit = (t: unknown, what: string): Node => {
    if (!isNode(t)) return fail(`${what}: not an element`);
    const type = t['@_type'];
    if (type !== 'explicit')
      return fail(`${what} of type "${String(type)}": only explicit tables are read (a table of values)`);
    return t;
  };
  const rowsOf = (t: Node, what: string): unknown[] => {
    const rows = t.row;
    return Array.isArray(rows) ? rows : fail(`${what}: no <row> elements`);
  };
  const valuesOf = (row: unknown, what: string, n: number): number[] => {
    const me = isNode(row) ? row.me : undefined;
    if (!Array.isArray(me)) return fail(`${what}: no <me> values`);
    if (me.length !== n) return fail(`${what} has ${me.length} values, expected ${n}`);
    return me.map((v, i) => probability(v, `${what}, value ${i + 1}`));
  };

  const pres = met['pre-crawford-table'];
  if (!Array.isArray(pres) || pres.length !== 1) return fail('expected exactly one <pre-crawford-table>');
  const pre = explicit(pres[0], '<pre-crawford-table>');
  const preRows = rowsOf(pre, '<pre-crawford-table>');
  if (preRows.length !== length)
    return fail(`<pre-crawford-table> has ${preRows.length} rows, expected ${length}`);
  const preCrawford = preRows.map((r, j) => valuesOf(r, `pre-Crawford row ${j + 1}`, length));

  const posts = met['post-crawford-table'];
  if (!Array.isArray(posts)) return fail('no <post-crawford-table>');
  const both = posts.filter((t) => isNode(t) && (t['@_player'] ?? 'both') === 'both');
  if (both.length !== 1)
    return fail(`expected one <post-crawford-table> for both players, found ${both.length}`);
  const post = explicit(both[0], '<post-crawford-table>');
  const postRows = rowsOf(post, '<post-crawford-table>');
  if (postRows.length !== 1) return fail(`<post-crawford-table> has ${postRows.length} rows, expected 1`);
  const postCrawford = valuesOf(postRows[0], 'post-Crawford row', length);

  for (let i = 0; i < length; i++) {
    for (let j = 0; j <= i; j++) {
      const a = preCrawford[i]![j]!;
      const b = preCrawford[j]![i]!;
      if (i === j && Math.abs(a - 0.5) > MET_TOLERANCE)
        fail(`pre-Crawford [${i}][${i}] is ${a}, expected 0.5 (equal scores)`);
      if (Math.abs(a + b - 1) > MET_TOLERANCE)
        fail(`pre-Crawford [${i}][${j}] + [${j}][${i}] = ${a + b}, expected 1`);
    }
  }
  const comments = doc['#comment'];
  const notice = Array.isArray(comments) && typeof comments[0] === 'string' ? comments[0] : '';
  return {
    name: info.name.trim(),
    description: typeof info.description === 'string' ? info.description.trim() : '',
    length,
    preCrawford,
    postCrawford,
    notice,
  };
}

/**
 * A gnuBG MET file as a complete 64 × 64 table (its explicit part, Zadeh's values beyond), validated.
 *
 * @param path - the file.
 * @throws MetError naming the file and what is wrong (also when it cannot be read).
 */
export function loadMetFile(path: string): Met {
  let text: string;
  try {
    text = readFileSync(path, 'utf8');
  } catch (e) {
    const code = (e as NodeJS.ErrnoException).code;
    throw new MetError(
      `${path}: ${code === 'ENOENT' ? 'no such file' : code === 'EISDIR' ? 'is a folder' : `cannot read (${code ?? (e as Error).message})`}`,
    );
  }
  const x = parseMetXml(text, path);
  try {
    return extendExplicitMet(x.name, x.preCrawford, x.postCrawford);
  } catch (e) {
    throw new MetError(`${path}: ${(e as Error).message}`);
  }
}
