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
 *
 * A caller may name one property whose values it reads from the bytes itself ({@link SgfRawValues}): gnuBG's
 * `A[]`, a quarter of a million values over the 73 reference SGFs, each read for its ASCII numbers and point
 * letters only, so that decoding each to a string (and collecting those strings) was wasted work.
 */
import { CorruptFileError, shown } from '../../errors.js';

/** One SGF node: its properties (each with one or more values) and where it starts. */
export interface SgfNode {
  readonly props: Map<string, string[]>;
  /**
   * The values of the property the caller named as raw, when the node has it and none of its values holds an
   * escape; null otherwise (and then that property's values, if any, are text in `props` like the others).
   */
  readonly raw: SgfRawValues | null;
  readonly line: number;
  readonly column: number;
}

/**
 * The values of one property left as bytes: value k is `bytes[spans[2k] .. spans[2k + 1])`, without escapes,
 * whose text is that range decoded as `charset` ({@link rawText}).
 */
export interface SgfRawValues {
  readonly bytes: Buffer;
  readonly charset: SgfCharset;
  readonly spans: number[];
}

/** The text of raw value `k`: what the lexer would have put in `props`. */
export function rawText(raw: SgfRawValues, k: number): string {
  return raw.bytes.toString(raw.charset, raw.spans[2 * k], raw.spans[2 * k + 1]);
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

/** The identifiers of one capital letter, by letter; of two, by 26 × first + second. */
const ONE_LETTER = Array.from({ length: 26 }, (_, k) => String.fromCharCode(0x41 + k));
const TWO_LETTERS = Array.from({ length: 26 * 26 }, (_, k) =>
  String.fromCharCode(0x41 + Math.floor(k / 26), 0x41 + (k % 26)),
);

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
export function lexSgf(text: string, file: string, rawId?: string): SgfTree[] {
  return new SgfLexer(Buffer.from(text, 'utf8'), file, 'utf8', rawId).collection();
}

/**
 * Parses an SGF collection from its bytes (without byte-order mark), each value decoded as `charset`; the
 * values of property `rawId`, if given, are left as bytes in {@link SgfNode.raw} when they have no escape.
 * Those are read after this returns (the SGF reader's candidates read theirs when asked, for as long as the
 * match is kept), so they are over a copy of `input` (the caller may reuse or change its bytes), unless
 * `owned` says the caller hands `input` over and nobody changes it.
 * Throws CorruptFileError (with line and column) on malformed input.
 */
export function lexSgfBytes(
  input: Uint8Array,
  file: string,
  charset: SgfCharset,
  rawId?: string,
  owned = false,
): SgfTree[] {
  const own = rawId === undefined || owned ? input : Buffer.from(input);
  return new SgfLexer(own, file, charset, rawId).collection();
}

/** Reads one collection: a cursor over its bytes, and the line it is on. */
class SgfLexer {
  private readonly bytes: Buffer;
  private readonly n: number;
  private readonly file: string;
  private readonly charset: SgfCharset;
  private readonly rawId: string | undefined;
  /** The cursor, its line and the byte where that line starts. */
  private i = 0;
  private line = 1;
  private lineStart = 0;
  // The column {@link columnOf} found last: at byte `colAt` of the line starting at `colLine`.
  private colLine = -1;
  private colAt = 0;
  private colValue = 1;
  // Next backslash / newline at or after the cursor (n when none), kept across values so that the searches
  // stay linear in the size of the input; recomputed when the cursor has passed them.
  private nextBackslash = -1;
  private nextNewline = -1;

  constructor(input: Uint8Array, file: string, charset: SgfCharset, rawId: string | undefined) {
    this.bytes = Buffer.from(input.buffer, input.byteOffset, input.byteLength);
    this.n = this.bytes.length;
    this.file = file;
    this.charset = charset;
    this.rawId = rawId;
  }

  /** The game trees of the collection, and nothing but padding after them. */
  collection(): SgfTree[] {
    const trees: SgfTree[] = [];
    while (true) {
      this.skipSpace();
      if (this.i >= this.n) break;
      if (this.bytes[this.i] !== OPEN) {
        // NULs and a DOS end-of-file mark after the collection are padding; anything else is a tree cut short
        // by a stray ")" or a damaged file, whose rest would be lost without a word
        if (trees.length > 0 && this.onlyPadding(this.i)) break;
        this.fail(
          trees.length > 0
            ? `unexpected "${shown(this.charAt(this.i))}" after the end of a game tree`
            : 'expected "(" at the start of a game tree',
        );
      }
      const startLine = this.line;
      trees.push({ nodes: this.readTree(), line: startLine });
    }
    if (trees.length === 0) this.fail('no game tree found');
    return trees;
  }

  private text(from: number, to: number): string {
    return this.bytes.toString(this.charset, from, to);
  }

  /**
   * The column of byte `at` (a character's first byte) on the line starting at `ls`: one per byte while the
   * bytes are ASCII, else the length of their decoded text. Kept from one call to the next on a line, so
   * that the nodes of a file written on one line cost one scan of it, not one each.
   */
  private columnOf(ls: number, at: number): number {
    if (this.colLine !== ls || this.colAt > at) {
      this.colLine = ls;
      this.colAt = ls;
      this.colValue = 1;
    }
    let ascii = true;
    for (let k = this.colAt; k < at; k++) {
      if (this.bytes[k]! >= 0x80) {
        ascii = false;
        break;
      }
    }
    this.colValue += ascii ? at - this.colAt : this.text(this.colAt, at).length;
    this.colAt = at;
    return this.colValue;
  }

  /** Throws the error `msg` at byte `at` (the cursor by default), with its line and column. */
  private fail(msg: string, at = this.i): never {
    // recompute the line of `at` if it is behind the cursor's line start
    let l = 1;
    let ls = 0;
    for (let k = 0; k < at && k < this.n; k++) {
      if (this.bytes[k] === NL) {
        l++;
        ls = k + 1;
      }
    }
    throw new CorruptFileError(
      { file: this.file, line: l, column: this.columnOf(ls, Math.min(at, this.n)) },
      msg,
    );
  }

  /** The character at byte `at`, for a message (its first UTF-16 code unit, as a text lexer saw it). */
  private charAt(at: number): string {
    return this.text(at, Math.min(this.n, at + 4)).charAt(0);
  }

  private skipSpace(): void {
    const { bytes, n } = this;
    while (this.i < n) {
      const c = bytes[this.i]!;
      if (!isSpace(c)) break;
      if (c === NL) {
        this.line++;
        this.lineStart = this.i + 1;
      }
      this.i++;
    }
  }

  /** A value (the cursor at its '['), with its escapes resolved. */
  private readValue(id: string): string {
    const open = this.i;
    this.i++;
    const close = this.plainEnd();
    return close < 0 ? this.escapedValue(id, open) : this.text(open + 1, close);
  }

  /**
   * The common case, the cursor just inside a value: no backslash before the closing bracket (native
   * searches). Its closing bracket, the cursor after it; -1, the cursor unmoved, otherwise.
   */
  private plainEnd(): number {
    const { bytes, n, i } = this;
    const close = bytes.indexOf(RBRACK, i);
    if (close < 0) return -1;
    if (this.nextBackslash < i) {
      const b = bytes.indexOf(BACKSLASH, i);
      this.nextBackslash = b < 0 ? n : b;
    }
    if (this.nextBackslash < close) return -1;
    if (this.nextNewline < i) {
      const l = bytes.indexOf(NL, i);
      this.nextNewline = l < 0 ? n : l;
    }
    while (this.nextNewline < close) {
      this.line++;
      this.lineStart = this.nextNewline + 1;
      const l = bytes.indexOf(NL, this.lineStart);
      this.nextNewline = l < 0 ? n : l;
    }
    this.i = close + 1;
    return close;
  }

  /** A value with escapes, decoded in pieces between them (a backslash is never inside a character's bytes). */
  private escapedValue(id: string, open: number): string {
    const { bytes, n } = this;
    const unterminated = (): never =>
      this.fail(`unterminated value of property ${named(id)} (no "]" before the end of the file)`, open);
    let out = '';
    let start = this.i;
    while (true) {
      if (this.i >= n) unterminated();
      const c = bytes[this.i]!;
      if (c === RBRACK) {
        out += this.text(start, this.i);
        this.i++;
        return out;
      }
      if (c === BACKSLASH) {
        out += this.text(start, this.i);
        this.i++;
        if (this.i >= n) unterminated();
        const e = bytes[this.i]!;
        if (e === NL || e === CR) {
          // soft line break: drop it (and a CRLF pair)
          if (e === CR && bytes[this.i + 1] === NL) this.i++;
          this.line++;
          this.lineStart = this.i + 1;
        }
        // else the escaped character, whole (its first byte here, its continuation bytes kept by `start`)
        start = e === NL || e === CR ? this.i + 1 : this.i;
        this.i++;
        continue;
      }
      if (c === NL) {
        this.line++;
        this.lineStart = this.i + 1;
      }
      this.i++;
    }
  }

  /**
   * Reads one node (at ';') with its properties; a node without any shares one empty map (a hostile file of
   * millions of ';' must not cost a map each).
   */
  private readNode(): SgfNode {
    let props: Map<string, string[]> | null = null;
    let raw: SgfRawValues | null = null;
    const line = this.line;
    const column = this.columnOf(this.lineStart, this.i);
    this.i++;
    while (true) {
      this.skipSpace();
      if (this.i >= this.n) break;
      const p = this.bytes[this.i]!;
      if (!isUpper(p)) {
        if (isLower(p)) {
          // FF[3] allowed lower-case letters inside identifiers; skip them
          this.i++;
          continue;
        }
        break;
      }
      const idStart = this.i;
      const id = this.readId();
      this.skipSpace();
      if (this.bytes[this.i] !== LBRACK) this.fail(`property ${named(id)} has no value`, idStart);
      if (id === this.rawId && !props?.has(id)) {
        raw ??= { bytes: this.bytes, charset: this.charset, spans: [] };
        if (this.readRaw(raw.spans)) continue;
        // a value with an escape: this node's values of the property become text, those before it included
        const values: string[] = [];
        for (let k = 0; 2 * k < raw.spans.length; k++) values.push(rawText(raw, k));
        raw = null;
        props ??= new Map();
        props.set(id, values);
      }
      props ??= new Map();
      let values = props.get(id);
      if (!values) {
        values = [];
        props.set(id, values);
      }
      while (this.bytes[this.i] === LBRACK) {
        values.push(this.readValue(id));
        this.skipSpace();
      }
    }
    return { props: props ?? NO_PROPS, raw, line, column };
  }

  /**
   * Reads the values of a raw property (the cursor at its first '[') into `spans` while they have no escape:
   * true when all are read, false (the cursor at the '[' of the first one with an escape) otherwise.
   */
  private readRaw(spans: number[]): boolean {
    while (this.bytes[this.i] === LBRACK) {
      const open = this.i;
      this.i++;
      const close = this.plainEnd();
      if (close < 0) {
        this.i = open;
        return false;
      }
      spans.push(open + 1, close);
      this.skipSpace();
    }
    return true;
  }

  /** A property name: its upper-case letters (FF[3]'s lower-case ones inside it dropped). */
  private readId(): string {
    const { bytes, n } = this;
    const at = this.i;
    // the common case, one or two capital letters (W, B, A, DA, LU …): one string each, made once
    if (at + 2 < n && isUpper(bytes[at]!)) {
      const second = bytes[at + 1]!;
      if (!isUpper(second) && !isLower(second)) {
        this.i = at + 1;
        return ONE_LETTER[bytes[at]! - 0x41]!;
      }
      if (isUpper(second) && !isUpper(bytes[at + 2]!) && !isLower(bytes[at + 2]!)) {
        this.i = at + 2;
        const k = (bytes[at]! - 0x41) * 26 + (second - 0x41);
        return TWO_LETTERS[k]!;
      }
    }
    let id = '';
    let from = this.i;
    while (this.i < this.n) {
      const q = this.bytes[this.i]!;
      if (isLower(q)) {
        id += this.text(from, this.i);
        from = this.i + 1;
      } else if (!isUpper(q)) break;
      this.i++;
    }
    return id + this.text(from, this.i);
  }

  /**
   * Reads a game tree (at '(') with its nested trees, without recursion (the nesting depth of a hostile file
   * is bounded only by its size); returns the main line: the first variation at every branch.
   */
  private readTree(): SgfNode[] {
    const nodes: SgfNode[] = [];
    // open trees, innermost last: where their nodes go (null = a later variation, discarded) and whether a
    // variation has been opened in them (no node may follow it)
    const open: { target: SgfNode[] | null; tookVariation: boolean }[] = [
      { target: nodes, tookVariation: false },
    ];
    this.i++;
    while (open.length > 0) {
      const top = open[open.length - 1]!;
      this.skipSpace();
      if (this.i >= this.n) this.fail('unterminated game tree (missing ")")');
      const c = this.bytes[this.i]!;
      if (c === SEMI) {
        if (top.tookVariation) this.fail('node after a variation');
        const node = this.readNode();
        // an empty node says nothing (only a tree's first node, its root, keeps its place)
        if (node.props !== NO_PROPS || node.raw !== null || top.target?.length === 0) top.target?.push(node);
      } else if (c === OPEN) {
        if (open.length >= 10_000) this.fail('game trees nested too deeply');
        this.i++;
        open.push({ target: top.tookVariation ? null : top.target, tookVariation: false });
        top.tookVariation = true;
      } else if (c === CLOSE) {
        this.i++;
        open.pop();
      } else {
        this.fail(`unexpected character "${shown(this.charAt(this.i))}"`);
      }
    }
    return nodes;
  }

  /** True when the input from `from` on is only white space, NULs and DOS end-of-file marks (0x1a). */
  private onlyPadding(from: number): boolean {
    for (let k = from; k < this.n; k++) {
      const c = this.bytes[k]!;
      if (!isSpace(c) && c !== 0 && c !== 0x1a) return false;
    }
    return true;
  }
}

/** A property name for a message (a hostile one can be megabytes long). */
function named(id: string): string {
  return id.length > 20 ? `${id.slice(0, 20)}…` : id;
}
