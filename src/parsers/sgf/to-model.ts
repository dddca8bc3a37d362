/**
 * gnuBG SGF game trees → the decision model (spec/formats.md §2).
 *
 * - `W[...]` / `B[...]` are moves of seat 0 / seat 1; values `double`, `take`, `drop` or dice + point letters.
 * - `A[i][cand]...` lists the checker-play candidates best first; each equity is cubeful EMG.
 * - `DA[...]` holds the cube analysis: two 7-vectors (no double, double/take) whose last value is MWC at match
 *   play (money equity at money play); converted to EMG here with gnuBG's mwc2eq, DP = +1.
 * - `LU[x]` is the luck of the roll in EMG; `-inf`, `inf`, `nan` mean "not computed" (null).
 * The `GS[]` statistics tags are never read: every figure is computed from the analysis.
 */
import type { Board, Hop, Play, Side } from '../../core/board.js';
import { boardKey, initialBoard, sharedHop, validateBoard } from '../../core/board.js';
import { readDate } from '../../core/dates.js';
import { applyPlay, isSurelyLegal, type LegalPlay, legalPlays } from '../../core/moves.js';
import { CorruptFileError, type ErrorLocation, shown } from '../../errors.js';
import type { Met } from '../../met/index.js';
import { doublePassEquity, mwc2eq } from '../../met/index.js';
import type {
  AnalyserInfo,
  Annotation,
  Candidate,
  CubeAnalysis,
  Game,
  Match,
  Probabilities,
  SourceLocation,
} from '../../model/types.js';
import { GameBuilder, legalCountIfNeeded, MAX_CUBE, MAX_GAMES, TOO_MANY_GAMES } from '../game-builder.js';
import { LazyCandidate } from '../lazy-candidate.js';
import { isSaneValue } from '../sane.js';
import { normalizeName } from '../text-decode.js';
import type { ParseWarning } from '../types.js';
import { rawText, type SgfCharset, type SgfNode, type SgfRawValues, type SgfTree } from './lexer.js';

const A = 0x61; // 'a'
const X = 0x78; // 'x'
const Y = 0x79; // 'y' (the bar)

/** Converts an SGF point letter to the mover's own point number: 1..24, 25 = bar, 0 = off. */
function letterToPoint(code: number, side: Side): number {
  if (code === 0x79) return 25; // y = bar
  if (code === 0x7a) return 0; // z = off
  if (code < A || code > X) return -1;
  return side === 0 ? code - A + 1 : X - code + 1;
}

/** The hop of the letters at bytes `k` and `k + 1`; null when malformed. */
function hopAt(letters: Uint8Array, k: number, side: Side): Hop | null {
  const from = letterToPoint(letters[k]!, side);
  const to = letterToPoint(letters[k + 1]!, side);
  return from < 1 || to < 0 || to >= from ? null : sharedHop(from, to);
}

/** True when bytes `letters[start..end)` are point letters (pairs from/to) that {@link parseHops} reads. */
function hopsReadable(letters: Uint8Array, side: Side, start: number, end: number): boolean {
  const n = end - start;
  if (n % 2 !== 0 || n > 8 || n < 0) return false;
  for (let k = start; k < end; k += 2) if (hopAt(letters, k, side) === null) return false;
  return true;
}

/**
 * Parses point letters (pairs from/to) in bytes `letters[start..end)` into hops; null when malformed
 * ({@link hopsReadable}). The array is made at its size (an empty array grown by push takes room for 17
 * elements: 13 % of all the memory the reading of an SGF allocated went to these arrays).
 */
function parseHops(letters: Uint8Array, side: Side, start: number, end: number): Hop[] | null {
  const n = end - start;
  if (n % 2 !== 0 || n > 8 || n < 0) return null;
  if (n === 0) return [];
  const a = hopAt(letters, start, side);
  if (a === null) return null;
  if (n === 2) return [a];
  const b = hopAt(letters, start + 2, side);
  if (b === null) return null;
  if (n === 4) return [a, b];
  const c = hopAt(letters, start + 4, side);
  if (c === null) return null;
  if (n === 6) return [a, b, c];
  const d = hopAt(letters, start + 6, side);
  return d === null ? null : [a, b, c, d];
}

/** The character codes of up to 8 point letters, for {@link parseHops} (a code above 0xff as 0xff, no letter). */
const LETTER_CODES = new Uint8Array(8);

/** Parses point letters given as text into hops; null when malformed. */
function textHops(letters: string, side: Side): Hop[] | null {
  const n = letters.length;
  if (n > 8) return null;
  for (let k = 0; k < n; k++) LETTER_CODES[k] = Math.min(letters.charCodeAt(k), 0xff);
  return parseHops(LETTER_CODES, side, 0, n);
}

function num(token: string | undefined): number {
  if (token === undefined) return Number.NaN;
  return Number(token);
}

/** Splits on runs of white space into at most `max` tokens (no regular expression). */
function tokens(value: string, max: number): string[] {
  const out: string[] = [];
  const n = value.length;
  let i = 0;
  while (i < n && out.length < max) {
    while (i < n && value.charCodeAt(i) <= 0x20) i++;
    if (i >= n) break;
    let j = i;
    while (j < n && value.charCodeAt(j) > 0x20) j++;
    out.push(value.slice(i, j));
    i = j;
  }
  return out;
}

/** "0-ply" … "9-ply", indexed by the digit. */
const DEPTH_BY_DIGIT = Array.from({ length: 10 }, (_, k) => `${k}-ply`);

/** "1C" → "1-ply" (one string per depth below 10). */
function depthName(plies: string): string | undefined {
  const k = Number.parseInt(plies, 10);
  if (!Number.isFinite(k)) return undefined;
  return k >= 0 && k <= 9 ? DEPTH_BY_DIGIT[k] : `${k}-ply`;
}

/** True when the bytes at `i` are ` E ver ` (the evaluation mark after a candidate's letters). */
function isEvalMark(b: Uint8Array, i: number): boolean {
  return (
    b[i] === 0x20 &&
    b[i + 1] === 0x45 &&
    b[i + 2] === 0x20 &&
    b[i + 3] === 0x76 &&
    b[i + 4] === 0x65 &&
    b[i + 5] === 0x72 &&
    b[i + 6] === 0x20
  );
}

/** Start of the token after the one at byte `i` of a value ending at `limit`, or -1. */
function nextToken(b: Uint8Array, i: number, limit: number): number {
  let k = i;
  while (k < limit && b[k] !== 0x20) k++;
  if (k === limit) return -1;
  while (k < limit && b[k] === 0x20) k++;
  return k < limit ? k : -1;
}

/** The bytes the `A[]` values of a file are read from, and how their text is decoded. */
interface ValueSource {
  readonly bytes: Buffer;
  readonly charset: SgfCharset;
}

const NO_SOURCE: ValueSource = { bytes: Buffer.alloc(0), charset: 'utf8' };

/**
 * Reads the numbers of an `A[]` value from its bytes and of a `DA[]` value from its text, in place, without
 * substrings: the hot path of the SGF reader (it runs for every candidate of every move). One per file: it
 * keeps the `A[]` value it reads ({@link begin}), where the last number ended and the token bounds of the
 * last `DA[]`. Another one ({@link LATE}) reads what a candidate reads when asked ({@link SgfCandidate}).
 */
class ValueScanner {
  /** The bytes of the `A[]` value being read, its end (exclusive) and how its text is decoded. */
  private b: Buffer = NO_SOURCE.bytes;
  private limit = 0;
  private charset: SgfCharset = 'utf8';
  /** Where {@link b} and {@link charset} come from: one object per buffer, shared by its candidates. */
  private src: ValueSource = NO_SOURCE;
  /** The end of the number {@link numberAt} or {@link probAt} read last (a space or the end). */
  private end = 0;
  /** Start and end offsets of the tokens {@link evalCubeValues} found. */
  private readonly bounds = new Int32Array(128);

  /** Starts reading raw value `k` of `raw`; its start. */
  begin(raw: SgfRawValues, k: number): number {
    if (raw.bytes !== this.src.bytes) this.src = { bytes: raw.bytes, charset: raw.charset };
    this.b = raw.bytes;
    this.charset = raw.charset;
    this.limit = raw.spans[2 * k + 1]!;
    return raw.spans[2 * k]!;
  }

  /**
   * Starts reading a value of `src` whose end is not kept: its tokens up to the last one read must end with a
   * space (as those before a candidate's equity do), so that the end of the bytes gives the same reading.
   */
  beginLate(src: ValueSource): void {
    this.src = src;
    this.b = src.bytes;
    this.charset = src.charset;
    this.limit = src.bytes.length;
  }

  /** The text of bytes `from..to` of the value (as the lexer would have decoded them). */
  private text(from: number, to: number): string {
    return this.b.toString(this.charset, from, to);
  }

  /** The end of the token at `i`: the next space or the end of the value. */
  private tokenEnd(i: number): number {
    const { b, limit } = this;
    let k = i;
    while (k < limit && b[k] !== 0x20) k++;
    return k;
  }

  /**
   * The number written at `i` up to the next space or the end: gnuBG's `%f` form (`0.495682`, `-0.011652`)
   * is read digit by digit without a substring ((integer of all digits) ÷ 10^k is correctly rounded, so the
   * result equals `Number(text)`); any other form goes through `Number`. NaN when unreadable.
   */
  numberAt(i: number): number {
    const { b, limit: n } = this;
    let k = i;
    const neg = b[k] === 0x2d;
    if (neg) k++;
    let m = 0;
    let scale = 1;
    let digits = 0;
    let dot = false;
    for (; k < n; k++) {
      const c = b[k]!;
      if (c >= 0x30 && c <= 0x39) {
        m = m * 10 + (c - 0x30);
        if (dot) scale *= 10;
        digits++;
      } else if (c === 0x2e && !dot) dot = true;
      else break;
    }
    if (digits > 0 && digits <= 15 && (k === n || b[k] === 0x20)) {
      this.end = k;
      return neg ? -(m / scale) : m / scale;
    }
    this.end = this.tokenEnd(i);
    return Number(this.text(i, this.end));
  }

  /**
   * A probability written at `i` as gnuBG writes it, `d.dddddd` and a space (checked, then read without a
   * loop: the hot path); anything else through {@link numberAt}. The integer of the 7 digits ÷ 10^6 is
   * correctly rounded, so the result equals `Number(text)`.
   */
  probAt(i: number): number {
    const v = this.b;
    if (i + 8 >= this.limit) return this.numberAt(i);
    const a = v[i]! - 0x30;
    const b = v[i + 2]! - 0x30;
    const c = v[i + 3]! - 0x30;
    const d = v[i + 4]! - 0x30;
    const e = v[i + 5]! - 0x30;
    const f = v[i + 6]! - 0x30;
    const g = v[i + 7]! - 0x30;
    if (
      v[i + 1] !== 0x2e ||
      v[i + 8] !== 0x20 ||
      !(a >= 0 && a <= 9 && b >= 0 && b <= 9 && c >= 0 && c <= 9 && d >= 0 && d <= 9) ||
      !(e >= 0 && e <= 9 && f >= 0 && f <= 9 && g >= 0 && g <= 9)
    ) {
      return this.numberAt(i);
    }
    this.end = i + 8;
    return (a * 1000000 + b * 100000 + c * 10000 + d * 1000 + e * 100 + f * 10 + g) / 1000000;
  }

  /** The start of the token `n` tokens after the one at `i`, or -1 when the value ends before it. */
  skipTokens(i: number, n: number): number {
    let at = i;
    for (let k = 0; k < n; k++) {
      this.end = this.tokenEnd(at);
      at = this.afterNumber();
      if (at < 0) return -1;
    }
    return at;
  }

  /** The probabilities p0..p4 written from the token at `i` on (five tokens, each ending with a space). */
  probabilitiesFrom(i: number): Probabilities | undefined {
    const p0 = this.probAt(i);
    const p1 = this.probAt(this.afterNumber());
    const p2 = this.probAt(this.afterNumber());
    const p3 = this.probAt(this.afterNumber());
    const p4 = this.probAt(this.afterNumber());
    return probabilitiesOf(p0, p1, p2, p3, p4);
  }

  /** The start of the token after the number just read by {@link probAt} / {@link numberAt}, or -1. */
  afterNumber(): number {
    const k = this.end + 1;
    if (k >= this.limit) return -1;
    return this.b[k] !== 0x20 ? k : nextToken(this.b, this.end, this.limit);
  }

  /** The depth of the plies token at `i` ("1C", "2", "10C"); undefined when unreadable. */
  depthAt(i: number): string | undefined {
    const c = this.b[i]! - 0x30;
    const next = i + 1 < this.limit ? this.b[i + 1]! : 0;
    if (c >= 0 && c <= 9 && !(next >= 0x30 && next <= 0x39)) return DEPTH_BY_DIGIT[c];
    return depthName(this.text(i, this.tokenEnd(i)));
  }

  /**
   * True when the value names the move `letters` (ASCII point letters, as a move that could be played has):
   * its first token, or none before `E`/`X`/`R`.
   */
  namesMove(start: number, letters: string): boolean {
    const { b, limit } = this;
    const n = letters.length;
    if (n === 0) {
      const c = b[start];
      return start + 1 < limit && (c === 0x45 || c === 0x58 || c === 0x52) && b[start + 1] === 0x20;
    }
    if (start + n >= limit || b[start + n] !== 0x20) return false;
    for (let k = 0; k < n; k++) if (b[start + k] !== letters.charCodeAt(k)) return false;
    return true;
  }

  /**
   * Parses the checker candidate begun ({@link begin} at `start`), `[letters E ver 3 p0 p1 p2 p3 p4 eq
   * plies…]` (or `X … Score s1 …`), into the model's candidate: the common evaluation form is read in place
   * ({@link evalCandidate}); anything unusual goes from its text through the general tokenizer
   * ({@link tokenCandidate}). One object shape: `depth` and `probs` are undefined when unknown.
   */
  candidate(start: number, side: Side): Candidate | null {
    const { b, limit } = this;
    let sp = start;
    while (sp < limit && sp - start <= 8 && b[sp] !== 0x20) sp++;
    const len = sp - start;
    if (len > 0 && len <= 8 && sp + 7 <= limit && isEvalMark(b, sp))
      return this.evalCandidate(start, sp, side);
    return tokenCandidate(this.text(start, limit), side);
  }

  /**
   * The candidate `letters E ver N p0 p1 p2 p3 p4 eq plies` (the letters from `start` to `sp`) read in place,
   * without substrings or an intermediate object: this runs for every candidate of every move. Its letters
   * are checked and its equity and depth read now; its play and probabilities when asked
   * ({@link SgfCandidate}: the five probabilities are skipped here, the equity found after them).
   */
  private evalCandidate(start: number, sp: number, side: Side): Candidate | null {
    if (!hopsReadable(this.b, side, start, sp)) return null;
    const i = nextToken(this.b, sp + 7, this.limit); // p0, after "E ver N"
    const at = i < 0 ? -1 : this.skipTokens(i, 5);
    if (at < 0) return null;
    const equity = this.numberAt(at);
    if (!isSaneValue(equity)) return null;
    const pl = this.afterNumber();
    return new SgfCandidate(equity, pl < 0 ? undefined : this.depthAt(pl), this.src, start, side, null, null);
  }

  /** The play of the candidate whose letters start at `start` ({@link evalCandidate} checked them). */
  latePlay(start: number, side: Side): Play {
    return parseHops(this.b, side, start, this.tokenEnd(start))!;
  }

  /** The probabilities of the candidate whose letters start at `start` ({@link evalCandidate} read it). */
  lateProbabilities(start: number): Probabilities | undefined {
    return this.probabilitiesFrom(nextToken(this.b, this.tokenEnd(start) + 7, this.limit));
  }

  /**
   * The cubeful values of the common `DA[E …]` form read in place: its tokens located (white space as `\s`
   * among ASCII characters), only the three it needs taken out. `undefined` when the value is not that form
   * in ASCII or has more than 64 tokens: {@link parseCubeValues} then splits it (the same result, slower;
   * splitting every DA[] took 4 % of the memory the reading of an SGF allocated).
   */
  evalCubeValues(value: string): CubeValues | null | undefined {
    const count = this.locateTokens(value);
    if (count < 0) return undefined;
    const bounds = this.bounds;
    const token = (k: number): string => value.slice(bounds[2 * k], bounds[2 * k + 1]);
    if (count === 0 || token(0) !== 'E') return undefined;
    return evalFormValues(count, token);
  }

  /** Locates the tokens of `value` in {@link bounds}: their count, or -1 past 64 tokens or outside ASCII. */
  private locateTokens(value: string): number {
    const n = value.length;
    let count = 0;
    let i = 0;
    while (i < n) {
      const c = value.charCodeAt(i);
      if (c > 0x7e) return -1;
      if (c === 0x20 || (c >= 0x09 && c <= 0x0d)) {
        i++;
        continue;
      }
      if (count === 64) return -1;
      this.bounds[2 * count] = i;
      while (i < n) {
        const d = value.charCodeAt(i);
        if (d > 0x7e) return -1;
        if (d === 0x20 || (d >= 0x09 && d <= 0x0d)) break;
        i++;
      }
      this.bounds[2 * count + 1] = i;
      count++;
    }
    return count;
  }
}

/** Reads candidates' plays and probabilities when they are asked for (not during a file's reading). */
const LATE = new ValueScanner();

/**
 * A checker-play candidate of an `A[]` value ({@link LazyCandidate}): its equity and depth read with the file,
 * its play and probabilities from the file's bytes the first time they are asked for. One warm pass of
 * `analyseBytes` over the 73 reference SGFs allocated 230 MB with every candidate's play and probabilities
 * read at once (as an array and an object each), 161 MB with them read when asked. A candidate read from its
 * text ({@link tokenCandidate}) has them from the start (`src` null).
 */
class SgfCandidate extends LazyCandidate {
  #src: ValueSource | null;
  /** The first byte of the candidate's point letters in `src`. */
  readonly #start: number;
  readonly #side: Side;

  constructor(
    equity: number,
    depth: string | undefined,
    src: ValueSource | null,
    start: number,
    side: Side,
    play: Play | null,
    probs: Probabilities | undefined | null,
  ) {
    super(equity, depth, play, probs);
    this.#src = src;
    this.#start = start;
    this.#side = side;
  }

  protected readPlay(): Play {
    LATE.beginLate(this.#src!);
    return LATE.latePlay(this.#start, this.#side);
  }

  protected readProbs(): Probabilities | undefined {
    LATE.beginLate(this.#src!);
    return LATE.lateProbabilities(this.#start);
  }

  /** Lets go of the file's bytes. */
  protected release(): void {
    this.#src = null;
  }
}

/** p0..p4 as gnuBG stores them (P(win), P(win gammon), P(win bg), P(lose gammon), P(lose bg)). */
function probabilitiesOf(
  p0: number,
  p1: number,
  p2: number,
  p3: number,
  p4: number,
): Probabilities | undefined {
  if (
    !(
      p0 >= 0 &&
      p0 <= 1 &&
      p1 >= 0 &&
      p1 <= 1 &&
      p2 >= 0 &&
      p2 <= 1 &&
      p3 >= 0 &&
      p3 <= 1 &&
      p4 >= 0 &&
      p4 <= 1
    )
  ) {
    return undefined;
  }
  return { win: p0, winGammon: p1, winBackgammon: p2, loseGammon: p3, loseBackgammon: p4 };
}

/**
 * A candidate in any other form, split into tokens: an evaluation `E` (its `probs` p0..p4), or a rollout `X`
 * (its `probs` the first five `Output` values, formats.md §2.3) or `R`.
 */
function tokenCandidate(value: string, side: Side): Candidate | null {
  const tok = tokens(value, 1000);
  let t = 0;
  let letters = '';
  if (tok[0] !== 'E' && tok[0] !== 'X' && tok[0] !== 'R') {
    letters = tok[0] ?? '';
    t = 1;
  }
  const play = textHops(letters, side);
  if (!play) return null;
  const kind = tok[t];
  t++;
  if (tok[t] === 'ver') t += 2;
  if (kind === 'E') {
    const equity = num(tok[t + 5]);
    if (!isSaneValue(equity)) return null;
    const plies = tok[t + 6];
    const depth = plies === undefined ? undefined : depthName(plies);
    return new SgfCandidate(equity, depth, null, 0, side, play, probabilitiesAt(tok, t));
  }
  if (kind === 'X' || kind === 'R') {
    const s = tok.indexOf('Score', t);
    const equity = num(tok[s + 1]);
    if (s < 0 || !isSaneValue(equity)) return null;
    // extended rollout: "Output o0..o6" with o0..o4 = p0..p4 (the old `R` form is not documented: left out)
    const o = kind === 'X' ? tok.indexOf('Output', t) : -1;
    const probs = o < 0 ? undefined : probabilitiesAt(tok, o + 1);
    return new SgfCandidate(equity, 'rollout', null, 0, side, play, probs);
  }
  return null;
}

/** The probabilities of the five tokens from `t` on. */
function probabilitiesAt(tok: readonly string[], t: number): Probabilities | undefined {
  return probabilitiesOf(num(tok[t]), num(tok[t + 1]), num(tok[t + 2]), num(tok[t + 3]), num(tok[t + 4]));
}

/** What a `DA[]` gives: the cubeful no double and double/take, and the depth when it says. */
interface CubeValues {
  readonly nd: number;
  readonly dt: number;
  readonly depth?: string;
}

/**
 * The values of the `E` form from its `count` tokens: no double and double/take are the 7th of the last
 * two 7-vectors (the last 14 tokens), the plies the token after `E` (after `E ver N` in newer files).
 */
function evalFormValues(count: number, token: (k: number) => string): CubeValues | null {
  if (count < 15) return null;
  const nd = Number(token(count - 8));
  const dt = Number(token(count - 1));
  if (!isSaneValue(nd) || !isSaneValue(dt)) return null;
  const depth = depthName(token(token(1) === 'ver' ? 3 : 1));
  return depth === undefined ? { nd, dt } : { nd, dt, depth };
}

/** Reads the two cubeful values (no double, double/take) of a `DA[]` string; null when unreadable. */
function parseCubeValues(value: string, scan: ValueScanner): CubeValues | null {
  const fast = scan.evalCubeValues(value);
  if (fast !== undefined) return fast;
  const tokens = value.trim().split(/\s+/);
  if (tokens[0] === 'E') return evalFormValues(tokens.length, (k) => tokens[k]!);
  if (tokens[0] === 'X') {
    const i = tokens.indexOf('NoDouble');
    const j = tokens.indexOf('DoubleTake');
    if (i < 0 || j < 0 || tokens[i + 1] !== 'Output' || tokens[j + 1] !== 'Output') return null;
    const nd = num(tokens[i + 8]);
    const dt = num(tokens[j + 8]);
    if (!isSaneValue(nd) || !isSaneValue(dt)) return null;
    return { nd, dt, depth: 'rollout' };
  }
  return null;
}

/**
 * The property of the checker-play candidates, which the lexer leaves as bytes ({@link SgfNode.raw}): each
 * candidate is read for its ASCII letters and numbers only, so that its text is decoded only in a warning
 * or an unusual form.
 */
export const CANDIDATES = 'A';

/**
 * Values the lexer kept as text (a node's `A[]` with an escape, or no raw property asked for) as raw values:
 * their UTF-8 bytes, which decode to the same text (the lexer's text holds no lone surrogate).
 */
function rawOf(values: string[] | undefined): SgfRawValues | null {
  if (values === undefined) return null;
  const parts = values.map((v) => Buffer.from(v, 'utf8'));
  const spans: number[] = [];
  let at = 0;
  for (const p of parts) {
    spans.push(at, at + p.length);
    at += p.length;
  }
  return { bytes: Buffer.concat(parts), charset: 'utf8', spans };
}

function first(node: SgfNode, id: string): string | undefined {
  return node.props.get(id)?.[0];
}

/** Reads `MI[length:N][game:G][ws:S0][bs:S1]`. */
function readMatchInfo(root: SgfNode): Map<string, string> {
  const out = new Map<string, string>();
  for (const v of root.props.get('MI') ?? []) {
    const k = v.indexOf(':');
    if (k > 0) out.set(v.slice(0, k), v.slice(k + 1));
  }
  return out;
}

function intOf(v: string | undefined, dflt: number): number {
  if (v === undefined) return dflt;
  const n = Number.parseInt(v, 10);
  return Number.isFinite(n) ? n : dflt;
}

interface GameState {
  board: Board;
  /** The game's decisions and cube. */
  game: GameBuilder;
}

/** Which marks of a node belong to the decision: the move's (BM/DO, luck GW/GB, C) or the pre-roll cube's (BC/DC). */
type MarkKind = 'move' | 'pre-roll cube';

function skillOf(node: SgfNode, bad: string, doubtful: string): Annotation['skill'] {
  const v = node.props.get(bad)?.[0];
  if (v !== undefined) return v === '2' ? 'very-bad' : 'bad';
  return node.props.has(doubtful) ? 'doubtful' : undefined;
}

/** The stored marks of a node: gnuBG writes BM[1|2]/DO[] for the move or cube action, BC/DC for a missed
 *  double before the roll, GW/GB[1|2] for a roll good for White/Black, C[] for a comment. */
function readAnnotation(node: SgfNode, player: Side, kind: MarkKind): Annotation | undefined {
  const out: { skill?: Annotation['skill']; luck?: Annotation['luck']; comment?: string } = {};
  const skill = kind === 'move' ? skillOf(node, 'BM', 'DO') : skillOf(node, 'BC', 'DC');
  if (skill) out.skill = skill;
  if (kind === 'move') {
    const good = node.props.get(player === 0 ? 'GW' : 'GB')?.[0];
    const bad = node.props.get(player === 0 ? 'GB' : 'GW')?.[0];
    if (good !== undefined) out.luck = good === '2' ? 'very-lucky' : 'lucky';
    else if (bad !== undefined) out.luck = bad === '2' ? 'very-unlucky' : 'unlucky';
    const c = node.props.get('C')?.[0];
    if (c) out.comment = c;
  }
  return out.skill || out.luck || out.comment ? out : undefined;
}

/** Options for the conversion. */
export interface SgfToModelOptions {
  readonly file: string;
  readonly met: Met;
}

/** Builds the match from the lexed trees of one SGF file. */
export function sgfToModel(
  trees: SgfTree[],
  opts: SgfToModelOptions,
): { match: Match; warnings: ParseWarning[] } {
  const extra = trees[MAX_GAMES];
  if (extra) throw new CorruptFileError({ file: opts.file, line: extra.line, column: 1 }, TOO_MANY_GAMES);
  return new SgfReader(opts.file, opts.met).read(trees);
}

/** What the root node of the first game says of the whole match. */
interface MatchHeader {
  players: [string, string];
  matchLength: number;
  date: string | null;
  event: string | null;
  round: string | null;
  place: string | null;
  program: string | null;
  rules: { crawford: boolean; jacoby: boolean; cube: boolean };
}

/** A game's result from its root's `RE[W+2]`, `RE[B+4R]`. */
interface GameResult {
  readonly winner: Side | null;
  readonly points: number;
  readonly resigned: boolean;
}

const NO_RESULT: GameResult = { winner: null, points: 0, resigned: false };

/** Reads the games of one SGF file: one game tree after another, node by node. */
class SgfReader {
  private readonly warnings: ParseWarning[] = [];
  private readonly scan = new ValueScanner();
  /** The first game's, as gnuBG writes it; the defaults when the file has no first root. */
  private header: MatchHeader = {
    players: ['White', 'Black'],
    matchLength: 0,
    date: null,
    event: null,
    round: null,
    place: null,
    program: null,
    rules: { crawford: false, jacoby: false, cube: true },
  };
  private checkerDepth: string | null = null;
  private cubeDepth: string | null = null;

  private readonly file: string;
  private readonly met: Met;

  constructor(file: string, met: Met) {
    this.file = file;
    this.met = met;
  }

  read(trees: SgfTree[]): { match: Match; warnings: ParseWarning[] } {
    const games: Game[] = [];
    for (let g = 0; g < trees.length; g++) {
      const tree = trees[g]!;
      const root = tree.nodes[0];
      if (!root) continue;
      this.checkGame(root);
      if (g === 0) this.header = this.readHeader(root);
      games.push(this.readGame(tree, root, g));
    }
    const { program, rules, ...h } = this.header;
    const { checkerDepth, cubeDepth } = this;
    const analyser: AnalyserInfo | null =
      program || checkerDepth || cubeDepth
        ? { program: program ?? 'unknown', checkerDepth, cubeDepth }
        : null;
    const match: Match = {
      file: this.file,
      format: 'sgf',
      players: h.players,
      matchLength: h.matchLength,
      date: h.date,
      event: h.event,
      round: h.round,
      place: h.place,
      rules,
      analyser,
      games,
    };
    return { match, warnings: this.warnings };
  }

  private loc(node: SgfNode): SourceLocation {
    return { file: this.file, format: 'sgf', line: node.line, column: node.column };
  }

  private where(node: SgfNode): ErrorLocation {
    return { file: this.file, line: node.line, column: node.column };
  }

  private failAt(node: SgfNode): (message: string) => Error {
    return (message) => new CorruptFileError(this.where(node), message);
  }

  private warn(node: SgfNode, message: string): void {
    this.warnings.push({ line: node.line, message });
  }

  /** Throws when a game is not backgammon (`GM[]` other than 6). */
  private checkGame(root: SgfNode): void {
    const gm = first(root, 'GM');
    if (gm !== undefined && gm !== '6') {
      throw new CorruptFileError(this.where(root), `GM[${shown(gm)}] is not backgammon (GM[6])`);
    }
  }

  /** The match as the first game's root gives it: players, length, date, event, program and rules. */
  private readHeader(root: SgfNode): MatchHeader {
    const date = readDate(first(root, 'DT'), this.file);
    if (date.problem !== null) this.warnings.push({ message: date.problem });
    const ap = first(root, 'AP');
    const rules = (first(root, 'RU') ?? '').split(':');
    return {
      players: [
        normalizeName(first(root, 'PW') ?? '') || 'White',
        normalizeName(first(root, 'PB') ?? '') || 'Black',
      ],
      matchLength: intOf(readMatchInfo(root).get('length'), 0),
      date: date.day,
      event: first(root, 'EV') ?? null,
      round: first(root, 'RO') ?? null,
      place: first(root, 'PC') ?? null,
      program: ap ? ap.replace(':', ' ') : null,
      rules: {
        crawford: rules.includes('Crawford'),
        jacoby: rules.includes('Jacoby'),
        cube: !rules.includes('NoCube'),
      },
    };
  }

  /** One game tree: its root's score, cube and result, then its nodes in order. */
  private readGame(tree: SgfTree, root: SgfNode, g: number): Game {
    const mi = readMatchInfo(root);
    const crawfordGame = (first(root, 'RU') ?? '').split(':').includes('CrawfordGame');
    const score: [number, number] = [intOf(mi.get('ws'), 0), intOf(mi.get('bs'), 0)];
    const game = new GameBuilder(g, this.header.matchLength, score, crawfordGame);
    const st: GameState = { board: initialBoard(), game };
    const cv = first(root, 'CV');
    if (cv !== undefined) game.cubeValue = cubeValueOf(cv, this.where(root));
    const result = this.readResult(root);
    for (let k = 1; k < tree.nodes.length; k++) this.readNode(tree.nodes[k]!, st);
    return game.finish(result.winner, result.points, result.resigned);
  }

  /** The result `RE[]` of a game; none when absent, unreadable or impossible (with a warning). */
  private readResult(root: SgfNode): GameResult {
    const re = first(root, 'RE');
    if (!re) return NO_RESULT;
    const m = /^([WB])\+(\d+)(R?)/.exec(re);
    if (!m) return NO_RESULT;
    if (Number(m[2]) > 3 * MAX_CUBE) {
      this.warn(root, `result RE[${shown(re)}] is not a possible score; ignored`);
      return NO_RESULT;
    }
    return { winner: m[1] === 'W' ? 0 : 1, points: Number(m[2]), resigned: m[3] === 'R' };
  }

  /** A node after the root: board setup, then a move `W[]` or `B[]` (a cube action or a roll), if any. */
  private readNode(node: SgfNode, st: GameState): void {
    const wv = node.props.get('W');
    const bv = node.props.get('B');
    applySetup(node, st, this.file);
    if (!wv && !bv) return;
    if (wv && bv) this.warn(node, 'a node with both W[] and B[]: B[] ignored');
    const side: Side = wv ? 0 : 1;
    const value = (wv ?? bv)![0] ?? '';
    if (value === 'double' || value === 'take' || value === 'drop')
      this.onCubeAction(node, side, value, st.game);
    else this.onRoll(node, side, value, st);
  }

  /** A double, or the take or pass that answers one; a double while one is open is a beaver (or raccoon),
   *  as gnuBG reads it. A take or pass carries the double's analysis, or its own when the file starts there. */
  private onCubeAction(
    node: SgfNode,
    side: Side,
    value: 'double' | 'take' | 'drop',
    game: GameBuilder,
  ): void {
    const marks = readAnnotation(node, side, 'move');
    if (value === 'double') {
      if (game.open) game.beaver(side, this.loc(node), marks, this.failAt(node));
      else game.double(side, this.cubeAnalysis(node, side, game), this.loc(node), marks);
      return;
    }
    const analysis =
      game.open?.analysis ?? this.cubeAnalysis(node, game.open?.doubler ?? (side === 0 ? 1 : 0), game);
    game.answer(side, value === 'take', analysis, this.loc(node), marks, this.failAt(node));
  }

  /**
   * A roll and its play, with the pre-roll cube decision when the node has its analysis (`DA[]`). Any other
   * value (GNU Gibbon's `resign:2`, `accept`, `reject`, …) is skipped, as gnuBG's SGF reader skips a value
   * that does not start with two dice (sgf.c RestoreNode: "illegal roll -- ignore"); the game's result is
   * its RE[].
   */
  private onRoll(node: SgfNode, side: Side, value: string, st: GameState): void {
    const d1 = value.charCodeAt(0) - 0x30;
    const d2 = value.charCodeAt(1) - 0x30;
    if (!(d1 >= 1 && d1 <= 6 && d2 >= 1 && d2 <= 6)) {
      this.warn(
        node,
        `move value "${shown(value)}" is neither a roll nor a cube action; skipped, as gnuBG does`,
      );
      return;
    }
    const hops = textHops(value.slice(2), side);
    if (!hops) throw new CorruptFileError(this.where(node), `bad point letters in move "${shown(value)}"`);
    const game = st.game;
    if (node.props.has('DA')) {
      const marks = readAnnotation(node, side, 'pre-roll cube');
      game.cube(side, 'no-double', this.cubeAnalysis(node, side, game), this.loc(node), marks);
    }
    const dice: [number, number] = [d1, d2];
    const board = st.board;
    const after = this.play(node, board, side, hops, value);
    const legal = this.checkLegal(node, board, side, hops, dice, after, value);
    const { candidates, playedIndex } = this.candidates(node, board, side, value.slice(2), after);
    const luck = this.luck(node);
    game.checker({
      player: side,
      dice,
      board,
      played: hops as Play,
      source: this.loc(node),
      annotation: readAnnotation(node, side, 'move'),
      candidates,
      playedIndex,
      legalCount: legalCountIfNeeded(candidates, board, side, dice, legal),
      luck,
    });
    st.board = after;
  }

  /** The position after the play; a play that cannot be made is an error. */
  private play(node: SgfNode, board: Board, side: Side, hops: Hop[], value: string): Board {
    try {
      return applyPlay(board, side, hops);
    } catch (e) {
      throw new CorruptFileError(
        this.where(node),
        `move "${shown(value)}" cannot be played: ${(e as Error).message}`,
        { cause: e },
      );
    }
  }

  /**
   * Warns when the play is not legal. Full legal-move generation is costly: it runs only when the quick test
   * cannot vouch for the play; the list made is returned for the forced-play rule ({@link legalCountIfNeeded}).
   */
  private checkLegal(
    node: SgfNode,
    board: Board,
    side: Side,
    hops: Hop[],
    dice: [number, number],
    after: Board,
    value: string,
  ): LegalPlay[] | null {
    const [d1, d2] = dice;
    if (isSurelyLegal(board, side, hops, d1, d2)) return null;
    const legal = legalPlays(board, side, d1, d2);
    const playedKey = boardKey(after);
    if (!legal.some((l) => l.key === playedKey) && !(legal.length === 0 && hops.length === 0)) {
      this.warn(node, `move ${value} is not a legal play of ${d1}${d2}`);
    }
    return legal;
  }

  /**
   * The candidates `A[]` of a roll, best first, and which one was played: the one named by `letters`, else
   * the first reaching the position `after` (its key made only then: most plays are found by their letters).
   */
  private candidates(
    node: SgfNode,
    board: Board,
    side: Side,
    letters: string,
    after: Board,
  ): { candidates: Candidate[]; playedIndex: number | null } {
    let playedIndex: number | null = null;
    const a = node.raw ?? rawOf(node.props.get(CANDIDATES));
    // the first value is the index of the played move among them, not read (the letters are compared)
    if (!a || a.spans.length <= 2) return { candidates: [], playedIndex };
    // made at its size: grown by push, these arrays made the reading of the 73 reference SGFs allocate 4 MB more
    const values = a.spans.length / 2 - 1;
    const candidates: Candidate[] = new Array(values);
    let count = 0;
    const scan = this.scan;
    for (let c = 1; 2 * c < a.spans.length; c++) {
      const start = scan.begin(a, c);
      const parsed = scan.candidate(start, side);
      if (!parsed) {
        this.warn(node, `unreadable candidate A[${shown(rawText(a, c))}]`);
        continue;
      }
      if (parsed.depth && this.checkerDepth === null) this.checkerDepth = parsed.depth;
      // gnuBG writes the played move and its candidate with the same letters
      if (playedIndex === null && scan.namesMove(start, letters)) playedIndex = count;
      candidates[count++] = parsed;
    }
    if (count < values) candidates.length = count; // unreadable ones left out
    // otherwise compare resulting positions, as gnuBG does (another hop order, chained hops)
    const playedKey = playedIndex === null && candidates.length > 0 ? boardKey(after) : '';
    for (let c = 0; playedIndex === null && c < candidates.length; c++) {
      try {
        if (boardKey(applyPlay(board, side, candidates[c]!.play)) === playedKey) playedIndex = c;
      } catch {
        this.warn(node, `candidate ${c + 1} cannot be played on this position`);
      }
    }
    return { candidates, playedIndex };
  }

  /** The luck `LU[]` of a roll; null when absent or not computed. */
  private luck(node: SgfNode): number | null {
    const lu = first(node, 'LU');
    if (lu === undefined) return null;
    const x = Number(lu);
    const luck = isSaneValue(x) ? x : null;
    // gnuBG writes LU[-inf] for a roll whose luck it did not compute; other values out of range are damage
    if (luck === null && Number.isFinite(x)) this.warn(node, `luck LU[${shown(lu)}] out of range; left out`);
    return luck;
  }

  /** The cube analysis `DA[]` of a node from `doubler`'s view, in EMG; null when absent or unreadable. */
  private cubeAnalysis(node: SgfNode, doubler: Side, game: GameBuilder): CubeAnalysis | null {
    const da = first(node, 'DA');
    if (da === undefined) return null;
    const v = parseCubeValues(da, this.scan);
    if (!v) {
      this.warn(node, `unreadable cube analysis DA[${shown(da)}]`);
      return null;
    }
    if (v.depth && this.cubeDepth === null) this.cubeDepth = v.depth;
    if (game.matchLength <= 0) return { nd: v.nd, dt: v.dt, dp: 1 };
    const ci = {
      score0: game.score[0],
      score1: game.score[1],
      matchLength: game.matchLength,
      player: doubler,
      cubeValue: game.cubeValue,
      crawfordGame: game.crawfordGame,
    };
    const nd = mwc2eq(this.met, ci, v.nd);
    const dt = mwc2eq(this.met, ci, v.dt);
    if (!Number.isFinite(nd) || !Number.isFinite(dt)) {
      // a dead cube (both outcomes give the same MWC) happens only at a score outside the match
      this.warn(
        node,
        `cube analysis DA[] cannot be converted to equity at ${game.score[0]}-${game.score[1]} of a ${game.matchLength}-point match; ignored`,
      );
      return null;
    }
    return { nd, dt, dp: doublePassEquity(this.met, ci) };
  }
}

/** The value of a `CV[]` (1 when unreadable); a cube above MAX_CUBE is an error. */
function cubeValueOf(v: string, where: ErrorLocation): number {
  const cube = Math.max(1, intOf(v, 1));
  if (cube > MAX_CUBE)
    throw new CorruptFileError(where, `bad cube value CV[${shown(v)}] (above ${MAX_CUBE})`);
  return cube;
}

/** Applies board-setup properties (AE/AW/AB, CV, CP). Throws CorruptFileError when the position they give
 *  is impossible. */
function applySetup(node: SgfNode, st: GameState, file: string): void {
  const where = { file, line: node.line, column: node.column };
  const cv = node.props.get('CV')?.[0];
  if (cv !== undefined) {
    st.game.cubeValue = cubeValueOf(cv, where);
  }
  const cp = node.props.get('CP')?.[0];
  if (cp !== undefined) {
    st.game.cubeOwner = cp === 'w' ? 0 : cp === 'b' ? 1 : -1;
  }
  if (node.props.has('AE') || node.props.has('AW') || node.props.has('AB')) {
    const b: [number[], number[]] = [st.board[0].slice(), st.board[1].slice()];
    const clear = node.props.get('AE') ?? [];
    for (const v of clear) {
      // `a:y` range or single letters: clear those points for both sides
      const [from, to] = v.includes(':') ? v.split(':') : [v, v];
      // only a..y mean something: clamp, so that a range like [\0:\uffff] costs 25 steps, not 65 536
      const lo = Math.max((from ?? 'a').charCodeAt(0), A);
      const hi = Math.min((to ?? 'y').charCodeAt(0), Y);
      for (let c = lo; c <= hi; c++) {
        const p0 = letterToPoint(c, 0);
        const p1 = letterToPoint(c, 1);
        if (p0 >= 1 && p0 <= 24) b[0][p0 - 1] = 0;
        if (p1 >= 1 && p1 <= 24) b[1][p1 - 1] = 0;
        if (c === Y) {
          b[0][24] = 0;
          b[1][24] = 0;
        }
      }
    }
    for (const [id, side] of [
      ['AW', 0],
      ['AB', 1],
    ] as const) {
      for (const v of node.props.get(id) ?? []) {
        const p = letterToPoint(v.charCodeAt(0), side);
        if (p >= 1 && p <= 25) b[side][p === 25 ? 24 : p - 1]! += 1;
        else throw new CorruptFileError(where, `bad setup point ${id}[${shown(v)}]`);
      }
    }
    st.board = [b[0], b[1]];
    try {
      validateBoard(st.board);
    } catch (e) {
      throw new CorruptFileError(where, `impossible position after AE/AW/AB: ${(e as Error).message}`);
    }
  }
}
