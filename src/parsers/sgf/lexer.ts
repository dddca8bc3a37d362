/**
 * SGF (FF[4]) lexer: turns the text of a collection into game trees of nodes with their properties.
 * Only the main line of each tree is kept (the first variation at every branch), which is what
 * gnuBG writes. Property values keep their text with `\` escapes resolved; soft line breaks
 * (`\` before a newline) are removed, as the SGF specification says.
 */
import { CorruptFileError } from '../../errors.js';

/** One SGF node: its properties (each with one or more values) and where it starts. */
export interface SgfNode {
  readonly props: Map<string, string[]>;
  readonly line: number;
  readonly column: number;
}

/** One game tree: its main line of nodes, root first. */
export interface SgfTree {
  readonly nodes: SgfNode[];
  readonly line: number;
}

const OPEN = 0x28; // (
const CLOSE = 0x29; // )
const SEMI = 0x3b; // ;
const LBRACK = 0x5b; // [
const RBRACK = 0x5d; // ]
const BACKSLASH = 0x5c;
const NL = 0x0a;
const CR = 0x0d;

function isUpper(c: number): boolean {
  return c >= 0x41 && c <= 0x5a;
}
function isLower(c: number): boolean {
  return c >= 0x61 && c <= 0x7a;
}
function isSpace(c: number): boolean {
  return c === 0x20 || c === NL || c === CR || c === 0x09 || c === 0x0b || c === 0x0c;
}

/** Parses an SGF collection. Throws CorruptFileError (with line and column) on malformed input. */
export function lexSgf(text: string, file: string): SgfTree[] {
  const n = text.length;
  let i = 0;
  let line = 1;
  let lineStart = 0;
  const trees: SgfTree[] = [];

  const fail = (msg: string, at = i): never => {
    // recompute the line of `at` if it is behind the cursor's line start
    let l = 1;
    let ls = 0;
    for (let k = 0; k < at && k < n; k++) {
      if (text.charCodeAt(k) === NL) {
        l++;
        ls = k + 1;
      }
    }
    throw new CorruptFileError({ file, line: l, column: at - ls + 1 }, msg);
  };

  const skipSpace = (): void => {
    while (i < n) {
      const c = text.charCodeAt(i);
      if (!isSpace(c)) break;
      if (c === NL) {
        line++;
        lineStart = i + 1;
      }
      i++;
    }
  };

  const readValue = (): string => {
    // at '['
    i++;
    let out = '';
    let start = i;
    while (true) {
      if (i >= n) fail('unterminated property value (missing "]")');
      const c = text.charCodeAt(i);
      if (c === RBRACK) {
        out += text.slice(start, i);
        i++;
        return out;
      }
      if (c === BACKSLASH) {
        out += text.slice(start, i);
        i++;
        if (i >= n) fail('unterminated property value (missing "]")');
        const e = text.charCodeAt(i);
        if (e === NL || e === CR) {
          // soft line break: drop it (and a CRLF pair)
          if (e === CR && text.charCodeAt(i + 1) === NL) i++;
          line++;
          lineStart = i + 1;
          i++;
        } else {
          out += text[i];
          i++;
        }
        start = i;
        continue;
      }
      if (c === NL) {
        line++;
        lineStart = i + 1;
      }
      i++;
    }
  };

  // Reads a sequence of nodes and nested trees; returns the main-line nodes appended to `nodes`.
  const readTree = (nodes: SgfNode[], depth: number): void => {
    if (depth > 10_000) fail('game trees nested too deeply');
    // at '('
    i++;
    let tookVariation = false;
    while (true) {
      skipSpace();
      if (i >= n) fail('unterminated game tree (missing ")")');
      const c = text.charCodeAt(i);
      if (c === SEMI) {
        if (tookVariation) fail('node after a variation');
        const node: SgfNode = { props: new Map(), line, column: i - lineStart + 1 };
        i++;
        while (true) {
          skipSpace();
          if (i >= n) break;
          const p = text.charCodeAt(i);
          if (!isUpper(p)) {
            if (isLower(p)) {
              // FF[3] allowed lower-case letters inside identifiers; skip them
              i++;
              continue;
            }
            break;
          }
          let id = '';
          while (i < n) {
            const q = text.charCodeAt(i);
            if (isUpper(q)) id += text[i];
            else if (!isLower(q)) break;
            i++;
          }
          skipSpace();
          if (text.charCodeAt(i) !== LBRACK) fail(`property ${id} has no value`);
          const values: string[] = [];
          while (text.charCodeAt(i) === LBRACK) {
            values.push(readValue());
            skipSpace();
          }
          const prev = node.props.get(id);
          if (prev) prev.push(...values);
          else node.props.set(id, values);
        }
        nodes.push(node);
      } else if (c === OPEN) {
        if (tookVariation) {
          // a later variation: parse and discard
          readTree([], depth + 1);
        } else {
          readTree(nodes, depth + 1);
          tookVariation = true;
        }
      } else if (c === CLOSE) {
        i++;
        return;
      } else {
        fail(`unexpected character ${JSON.stringify(text[i])}`);
      }
    }
  };

  while (true) {
    skipSpace();
    if (i >= n) break;
    const c = text.charCodeAt(i);
    if (c !== OPEN) {
      if (trees.length > 0) break; // trailing garbage after the collection is ignored, as SGF readers do
      fail('expected "(" at the start of a game tree');
    }
    const startLine = line;
    const nodes: SgfNode[] = [];
    readTree(nodes, 0);
    trees.push({ nodes, line: startLine });
  }
  if (trees.length === 0) fail('no game tree found');
  return trees;
}
