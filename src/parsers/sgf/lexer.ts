/**
 * SGF (FF[4]) lexer: turns the bytes of a collection into game trees of nodes with their properties.
 * Only the main line of each tree is kept (the first variation at every branch), which is what
 * gnuBG writes. Property values keep their text with `\` escapes resolved; soft line breaks
 * (`\` before a newline) are removed, as the SGF specification says.
 *
 * It reads the bytes, not a decoded text: in UTF-8 and ISO-8859-1 every character SGF gives a meaning to
 * (brackets, backslash, parentheses, semicolon, letters, white space) is one byte that no other character
 * contains, so only the values are decoded, each on its own. Over the 73 reference SGFs (25.7 MB),
 * decoding each file whole and lexing its text took 211–241 ms of `bdb stats` (CPU profile), the bytes
 * 130–139 ms; and no file's text is held as one large string.
 * Lines are counted in bytes, which are the characters' lines; columns, as characters (UTF-16 code units,
 * as in an editor), are worked out from the bytes of the line.
 */
import { CorruptFileError, shown } from '../../errors.js';

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

/** The properties of every node that has none (never changed). */
const NO_PROPS: Map<string, string[]> = new Map();

const OPEN = 0x28; // (
const CLOSE = 0x29; // )
const SEMI = 0x3b; // ;
const LBRACK = 0x5b; // [
const RBRACK = 0x5d; // ]
const BACKSLASH = 0x5c;
const NL = 0x0a;
const CR = 0x0d;

/** How a value's bytes are read: UTF-8, or ISO-8859-1 (one byte, one character). */
export type SgfCharset = 'utf8' | 'latin1';

function isUpper(c: number): boolean {
  return c >= 0x41 && c <= 0x5a;
}
function isLower(c: number): boolean {
  return c >= 0x61 && c <= 0x7a;
}
function isSpace(c: number): boolean {
  return c === 0x20 || c === NL || c === CR || c === 0x09 || c === 0x0b || c === 0x0c;
}

/**
 * Parses an SGF collection given as text (as a test or a caller holding text has it): the text's UTF-8 bytes
 * go through {@link lexSgfBytes}.
 */
export function lexSgf(text: string, file: string): SgfTree[] {
  return lexSgfBytes(Buffer.from(text, 'utf8'), file, 'utf8');
}

/**
 * Parses an SGF collection from its bytes (without byte-order mark), each value decoded as `charset`.
 * Throws CorruptFileError (with line and column) on malformed input.
 */
export function lexSgfBytes(input: Uint8Array, file: string, charset: SgfCharset): SgfTree[] {
  const bytes = Buffer.from(input.buffer, input.byteOffset, input.byteLength);
  const n = bytes.length;
  let i = 0;
  let line = 1;
  let lineStart = 0;
  const trees: SgfTree[] = [];

  const text = (from: number, to: number): string => bytes.toString(charset, from, to);

  // The column of byte `at` (a character's first byte) on the line starting at `ls`: one per byte while the
  // bytes are ASCII, else the length of their decoded text. Kept from one call to the next on a line, so
  // that the nodes of a file written on one line cost one scan of it, not one each.
  let colLine = -1;
  let colAt = 0;
  let colValue = 1;
  const columnOf = (ls: number, at: number): number => {
    if (colLine !== ls || colAt > at) {
      colLine = ls;
      colAt = ls;
      colValue = 1;
    }
    let ascii = true;
    for (let k = colAt; k < at; k++) {
      if (bytes[k]! >= 0x80) {
        ascii = false;
        break;
      }
    }
    colValue += ascii ? at - colAt : text(colAt, at).length;
    colAt = at;
    return colValue;
  };

  const fail = (msg: string, at = i): never => {
    // recompute the line of `at` if it is behind the cursor's line start
    let l = 1;
    let ls = 0;
    for (let k = 0; k < at && k < n; k++) {
      if (bytes[k] === NL) {
        l++;
        ls = k + 1;
      }
    }
    throw new CorruptFileError({ file, line: l, column: columnOf(ls, Math.min(at, n)) }, msg);
  };

  /** The character at byte `at`, for a message (its first UTF-16 code unit, as a text lexer saw it). */
  const charAt = (at: number): string => text(at, Math.min(n, at + 4)).charAt(0);

  const skipSpace = (): void => {
    while (i < n) {
      const c = bytes[i]!;
      if (!isSpace(c)) break;
      if (c === NL) {
        line++;
        lineStart = i + 1;
      }
      i++;
    }
  };

  /** A property name for a message (a hostile one can be megabytes long). */
  const named = (id: string): string => (id.length > 20 ? `${id.slice(0, 20)}…` : id);

  // Next backslash / newline at or after the cursor (n when none), kept across values so that the searches
  // stay linear in the size of the input; recomputed when the cursor has passed them.
  let nextBackslash = -1;
  let nextNewline = -1;

  const readValue = (id: string): string => {
    // at '['
    const open = i;
    const unterminated = (): never =>
      fail(`unterminated value of property ${named(id)} (no "]" before the end of the file)`, open);
    i++;
    // fast path, the common case: no backslash before the closing bracket (native searches, one decoding)
    const close = bytes.indexOf(RBRACK, i);
    if (close >= 0) {
      if (nextBackslash < i) {
        const b = bytes.indexOf(BACKSLASH, i);
        nextBackslash = b < 0 ? n : b;
      }
      if (nextBackslash > close) {
        if (nextNewline < i) {
          const l = bytes.indexOf(NL, i);
          nextNewline = l < 0 ? n : l;
        }
        while (nextNewline < close) {
          line++;
          lineStart = nextNewline + 1;
          const l = bytes.indexOf(NL, lineStart);
          nextNewline = l < 0 ? n : l;
        }
        const value = text(i, close);
        i = close + 1;
        return value;
      }
    }
    // escapes: the value is decoded in pieces between them (a backslash is never inside a character's bytes)
    let out = '';
    let start = i;
    while (true) {
      if (i >= n) unterminated();
      const c = bytes[i]!;
      if (c === RBRACK) {
        out += text(start, i);
        i++;
        return out;
      }
      if (c === BACKSLASH) {
        out += text(start, i);
        i++;
        if (i >= n) unterminated();
        const e = bytes[i]!;
        if (e === NL || e === CR) {
          // soft line break: drop it (and a CRLF pair)
          if (e === CR && bytes[i + 1] === NL) i++;
          line++;
          lineStart = i + 1;
          i++;
          start = i;
        } else {
          // the escaped character, whole (its first byte here, its continuation bytes kept by `start`)
          start = i;
          i++;
        }
        continue;
      }
      if (c === NL) {
        line++;
        lineStart = i + 1;
      }
      i++;
    }
  };

  // Reads one node (at ';') with its properties; a node without any shares one empty map (a hostile file of
  // millions of ';' must not cost a map each).
  const readNode = (): SgfNode => {
    let props: Map<string, string[]> | null = null;
    const at = { line, column: columnOf(lineStart, i) };
    i++;
    while (true) {
      skipSpace();
      if (i >= n) break;
      const p = bytes[i]!;
      if (!isUpper(p)) {
        if (isLower(p)) {
          // FF[3] allowed lower-case letters inside identifiers; skip them
          i++;
          continue;
        }
        break;
      }
      const idStart = i;
      let id = '';
      let from = i;
      while (i < n) {
        const q = bytes[i]!;
        if (isLower(q)) {
          id += text(from, i);
          from = i + 1;
        } else if (!isUpper(q)) break;
        i++;
      }
      id += text(from, i);
      skipSpace();
      if (bytes[i] !== LBRACK) fail(`property ${named(id)} has no value`, idStart);
      props ??= new Map();
      let values = props.get(id);
      if (!values) {
        values = [];
        props.set(id, values);
      }
      while (bytes[i] === LBRACK) {
        values.push(readValue(id));
        skipSpace();
      }
    }
    return { props: props ?? NO_PROPS, line: at.line, column: at.column };
  };

  // Reads a game tree (at '(') with its nested trees, without recursion (the nesting depth of a hostile
  // file is bounded only by its size); returns the main line: the first variation at every branch.
  const readTree = (): SgfNode[] => {
    const nodes: SgfNode[] = [];
    // open trees, innermost last: where their nodes go (null = a later variation, discarded) and whether a
    // variation has been opened in them (no node may follow it)
    const open: { target: SgfNode[] | null; tookVariation: boolean }[] = [
      { target: nodes, tookVariation: false },
    ];
    i++;
    while (open.length > 0) {
      const top = open[open.length - 1]!;
      skipSpace();
      if (i >= n) fail('unterminated game tree (missing ")")');
      const c = bytes[i]!;
      if (c === SEMI) {
        if (top.tookVariation) fail('node after a variation');
        const node = readNode();
        // an empty node says nothing (only a tree's first node, its root, keeps its place)
        if (node.props !== NO_PROPS || top.target?.length === 0) top.target?.push(node);
      } else if (c === OPEN) {
        if (open.length >= 10_000) fail('game trees nested too deeply');
        i++;
        open.push({ target: top.tookVariation ? null : top.target, tookVariation: false });
        top.tookVariation = true;
      } else if (c === CLOSE) {
        i++;
        open.pop();
      } else {
        fail(`unexpected character "${shown(charAt(i))}"`);
      }
    }
    return nodes;
  };

  // True when the input from `from` on is only white space, NULs and DOS end-of-file marks (0x1a).
  const onlyPadding = (from: number): boolean => {
    for (let k = from; k < n; k++) {
      const c = bytes[k]!;
      if (!isSpace(c) && c !== 0 && c !== 0x1a) return false;
    }
    return true;
  };

  while (true) {
    skipSpace();
    if (i >= n) break;
    const c = bytes[i]!;
    if (c !== OPEN) {
      // NULs and a DOS end-of-file mark after the collection are padding; anything else is a tree cut short
      // by a stray ")" or a damaged file, whose rest would be lost without a word
      if (trees.length > 0 && onlyPadding(i)) break;
      fail(
        trees.length > 0
          ? `unexpected "${shown(charAt(i))}" after the end of a game tree`
          : 'expected "(" at the start of a game tree',
      );
    }
    const startLine = line;
    trees.push({ nodes: readTree(), line: startLine });
  }
  if (trees.length === 0) fail('no game tree found');
  return trees;
}
