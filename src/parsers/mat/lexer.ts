/**
 * .mat (Jellyfish-style) match transcripts, lexical level: the text → header fields, the match length and
 * per game the players' line and the actions in file order, each with the seat of its column
 * (spec/formats.md §3.3). Nothing here knows the board; the moves are read as written.
 *
 * Both dialects have the same skeleton:
 *
 * ```
 * ; [Site "BackgammonGalaxy"]          header lines (optional; `;` or `#` comments)
 * 7 point match                        (0 = a money session, gnuBG)
 *  Game 1
 *  klara : 0                       lasse : 0
 *   1)                             41: 13/9 24/23       the left column is seat 0, the right seat 1
 *   2) 44: 24/20 20/16 6/2 6/2     65: 25/20
 *   7) 61: 25/24 22/16              Doubles => 2
 *   8)  Takes                      31: 13/10 10/9
 *       Wins 1 point                                     an action on a line of its own
 * ```
 *
 * A row's columns are told apart by the actions' first words (dice `dd:` or a keyword), not by fixed
 * positions: a long move overflows into the right column with a single space (`11: 25/24 23/22 22/21* 13/12
 * 61: 25/24 20/14`). A row with one action gives it to the right column when it starts far from the row number.
 */

import { CorruptFileError, shown } from '../../errors.js';
import { MAX_GAMES, TOO_MANY_GAMES } from '../game-builder.js';
import { scanChain, scannedChain } from '../hop-chain.js';

/** One checker hop as written, in the mover's numbering (25 = bar, 0 = off). */
export interface WrittenHop {
  readonly from: number;
  readonly to: number;
}

/** What follows the dice of a roll. */
export type WrittenMove =
  /** Hops as written (a repeat `(2)` already expanded, chains `a/b/c` split, consolidated hops kept). */
  | { readonly kind: 'hops'; readonly hops: readonly WrittenHop[] }
  /** Nothing after the dice. */
  | { readonly kind: 'none' }
  /** `Cannot Move` (XG and the sites). */
  | { readonly kind: 'cannot' }
  /** `???` or `????`: XG's mark of a roll that was not played (the game ended by a resignation after it). */
  | { readonly kind: 'unknown' };

interface At {
  readonly seat: 0 | 1;
  /** 1-based line and column of the action's first character. */
  readonly line: number;
  readonly column: number;
}

/** One action of a game. */
export type MatEntry = At &
  (
    | { readonly kind: 'roll'; readonly dice: readonly [number, number]; readonly move: WrittenMove }
    /** `Doubles => N` (value as written; null when missing). */
    | { readonly kind: 'double'; readonly value: number | null }
    /** `Beavers => N` / `Raccoons => N`: a take and an immediate redouble (money play). */
    | { readonly kind: 'beaver'; readonly value: number | null }
    | { readonly kind: 'take' }
    | { readonly kind: 'drop' }
    /** `Wins N point(s)[ and the match]`. */
    | { readonly kind: 'wins'; readonly points: number; readonly match: boolean }
    /** `Losses N point(s)` (Backgammon Galaxy writes it in the loser's column before the `Wins` line). */
    | { readonly kind: 'losses'; readonly points: number }
  );

/** One game: its header and actions. */
export interface MatGame {
  /** The number after `Game`. */
  readonly number: number;
  readonly line: number;
  /** Names of the left and right columns as written (not yet normalised; may be empty). */
  readonly names: readonly [string, string];
  /** Scores at the start of the game as written on the players' line. */
  readonly score: readonly [number, number];
  /** Line of the players' line. */
  readonly scoreLine: number;
  readonly entries: readonly MatEntry[];
}

/** A whole transcript. */
export interface MatFile {
  /** `; [Key "Value"]` header fields before the match line (first occurrence of each key). */
  readonly headers: ReadonlyMap<string, string>;
  readonly matchLength: number;
  readonly matchLine: number;
  readonly games: readonly MatGame[];
  /** Non-fatal problems found while reading the text. */
  readonly notes: readonly { line: number; message: string }[];
}

/** The longest match gnuBG (MAXSCORE) and bdb's match equity table know. */
export const MAX_MATCH_LENGTH = 64;

export const MATCH_LINE = /^\s*(\d+)\s+point\s+match\s*$/i;
const GAME_LINE = /^\s*Game\s+(\d+)\s*$/i;
const ROW_START = /^\s*(\d+)\)/;
const ROW_NUMBER = /^\d+\)$/;

/** A row action starting at or beyond this distance from the row's `)` is in the right column. */
const RIGHT_OFFSET_IN_ROW = 12;
/** An action on a line of its own starting at or beyond this column (0-based) is in the right column. */
const RIGHT_COLUMN_ALONE = 20;

/** Reads a header field `; [Key "Value"]` (a trimmed comment line); null when the line is not one. */
function headerField(t: string): [string, string] | null {
  let i = 1;
  while (i < t.length && t.charCodeAt(i) <= 0x20) i++;
  if (t[i] !== '[' || !t.endsWith(']')) return null;
  const q1 = t.indexOf('"', i);
  const q2 = q1 < 0 ? -1 : t.indexOf('"', q1 + 1);
  if (q2 < 0 || t.slice(q2 + 1, -1).trim() !== '') return null;
  const key = t.slice(i + 1, q1).trim();
  return key === '' ? null : [key, t.slice(q1 + 1, q2)];
}

/** Position after the digits starting at `i` (i itself when none). */
function digitsEnd(s: string, i: number): number {
  let j = i;
  while (j < s.length && s.charCodeAt(j) >= 0x30 && s.charCodeAt(j) <= 0x39) j++;
  return j;
}

/**
 * Reads a game's players' line ` name0 : score0    name1 : score1` (the first name ends at the first colon,
 * the second at the last one, as gnuBG reads it); null when the line is not one.
 */
function playersLine(s: string): { names: [string, string]; score: [number, number] } | null {
  const c0 = s.indexOf(':');
  const c1 = s.lastIndexOf(':');
  if (c0 < 0 || c1 === c0) return null;
  let i = c0 + 1;
  while (i < c1 && s.charCodeAt(i) <= 0x20) i++;
  const e0 = digitsEnd(s, i);
  if (e0 === i || e0 - i > 9 || !(s.charCodeAt(e0) <= 0x20)) return null;
  const score0 = Number(s.slice(i, e0));
  let j = c1 + 1;
  while (j < s.length && s.charCodeAt(j) <= 0x20) j++;
  const e1 = digitsEnd(s, j);
  if (e1 === j || e1 - j > 9 || s.slice(e1).trim() !== '') return null;
  return { names: [s.slice(0, c0).trim(), s.slice(e0, c1).trim()], score: [score0, Number(s.slice(j, e1))] };
}

export interface Token {
  readonly text: string;
  /** 0-based index in the line. */
  readonly start: number;
}

/** Splits a line into white-space separated tokens from `from` on (no regular expression). */
function tokenize(s: string, from: number): Token[] {
  const out: Token[] = [];
  const n = s.length;
  let i = from;
  while (i < n) {
    while (i < n && s.charCodeAt(i) <= 0x20) i++;
    if (i >= n) break;
    let j = i;
    while (j < n && s.charCodeAt(j) > 0x20) j++;
    out.push({ text: s.slice(i, j), start: i });
    i = j;
  }
  return out;
}

const KEYWORDS = new Set(['doubles', 'beavers', 'raccoons', 'takes', 'drops', 'wins', 'losses']);

/** True when a token starts an action: dice (`51:`) or one of the keywords. */
function startsEntry(t: string): boolean {
  const c = t.indexOf(':');
  if (c > 0) {
    for (let k = 0; k < c; k++) {
      const d = t.charCodeAt(k);
      if (d < 0x30 || d > 0x39) return false;
    }
    return true;
  }
  return KEYWORDS.has(t.toLowerCase());
}

/** Reads a point of a move: 1..25, `bar` (25), `off` (0); NaN when not one. */
function pointOf(s: string): number {
  const l = s.toLowerCase();
  if (l === 'bar') return 25;
  if (l === 'off') return 0;
  if (s.length === 0 || s.length > 2) return Number.NaN;
  for (let k = 0; k < s.length; k++) {
    const d = s.charCodeAt(k);
    if (d < 0x30 || d > 0x39) return Number.NaN;
  }
  const p = Number(s);
  return p <= 25 ? p : Number.NaN;
}

/** Reads the text of a transcript. Throws CorruptFileError (with line and column) on what it cannot read. */
export function lexMat(text: string, file: string): MatFile {
  return new MatLexer(text, file).read();
}

/** Makes the error of a place in the transcript. */
export type Fail = (line: number, column: number, msg: string) => never;

/** A game being read. */
interface GameBeingRead {
  number: number;
  line: number;
  names: [string, string];
  score: [number, number];
  scoreLine: number;
  entries: MatEntry[];
}

/** Reads a transcript line by line: the header up to the match line, then its games. */
class MatLexer {
  private readonly lines: string[];
  /** The 0-based index of the line being read. */
  private i = 0;
  private readonly headers = new Map<string, string>();
  private readonly notes: { line: number; message: string }[] = [];
  private readonly games: MatGame[] = [];
  private game: GameBeingRead | null = null;
  private readonly fail: Fail;

  constructor(text: string, file: string) {
    this.lines = text.split(/\r\n|\n|\r/);
    this.fail = (line, column, msg) => {
      throw new CorruptFileError({ file, line, column }, msg);
    };
  }

  read(): MatFile {
    const { matchLength, matchLine } = this.readHeader();
    this.readGames();
    if (this.game) this.games.push(this.game);
    return { headers: this.headers, matchLength, matchLine, games: this.games, notes: this.notes };
  }

  /** The comments and header fields up to the match line, and that line. */
  private readHeader(): { matchLength: number; matchLine: number } {
    const lines = this.lines;
    for (; this.i < lines.length; this.i++) {
      const s = lines[this.i]!;
      const t = s.trim();
      if (t === '' || t === '\u001a') continue;
      if (t.startsWith(';') || t.startsWith('#')) {
        const f = headerField(t);
        if (f && !this.headers.has(f[0])) this.headers.set(f[0], f[1]);
        continue;
      }
      const lineNo = this.i + 1;
      const m = MATCH_LINE.exec(s);
      if (!m) {
        this.fail(
          lineNo,
          s.length - s.trimStart().length + 1,
          `expected the " N point match" line, found "${shown(t)}" (a header line before it starts with ; or #)`,
        );
      }
      const matchLength = Number(m![1]);
      if (!(matchLength <= MAX_MATCH_LENGTH)) {
        this.fail(
          lineNo,
          1,
          `match length ${shown(m![1]!)} is above ${MAX_MATCH_LENGTH} (the longest match bdb reads)`,
        );
      }
      this.i++;
      return { matchLength, matchLine: lineNo };
    }
    return this.fail(1, 1, 'no " N point match" line (not a .mat transcript, or an empty one)');
  }

  /** The lines after the match line: game lines, rows of actions, actions on lines of their own. */
  private readGames(): void {
    const lines = this.lines;
    for (; this.i < lines.length; this.i++) {
      const s = lines[this.i]!;
      const lineNo = this.i + 1;
      const t = s.trim();
      if (t === '' || t === '\u001a') continue;
      if (t.startsWith(';') || t.startsWith('#')) {
        if (/^[;#]\s*Set\s+Pos/i.test(t)) {
          this.fail(lineNo, 1, 'a position set with "; Set Pos=" is not supported');
        }
        continue; // a comment
      }
      const gm = GAME_LINE.exec(s);
      if (gm) {
        this.startGame(lineNo, Number(gm[1]));
        continue;
      }
      if (MATCH_LINE.test(s)) {
        this.notes.push({
          line: lineNo,
          message: 'a second match starts here; only the first match of the file is read',
        });
        return;
      }
      const row = ROW_START.exec(s);
      const paren = row ? row[0].length - 1 : -1;
      this.readEntries(tokenize(s, paren + 1), lineNo, s, paren);
    }
  }

  /** A ` Game N` line and the players' line that follows it (the cursor moves to that line). */
  private startGame(lineNo: number, number: number): void {
    if (this.game) this.games.push(this.game);
    // stop at the first game past the limit, before its entries cost memory
    if (this.games.length >= MAX_GAMES) this.fail(lineNo, 1, TOO_MANY_GAMES);
    const expectedNumber = this.games.length + 1;
    if (number !== expectedNumber) {
      this.notes.push({ line: lineNo, message: `game ${number} where game ${expectedNumber} was expected` });
    }
    const lines = this.lines;
    let j = this.i + 1;
    while (j < lines.length && lines[j]!.trim() === '') j++;
    const pl = j < lines.length ? playersLine(lines[j]!) : null;
    if (!pl) {
      this.fail(
        Math.min(j, lines.length - 1) + 1,
        1,
        j < lines.length
          ? `expected the players' line " name : score   name : score" after " Game ${number}"`
          : `the file ends after " Game ${number}"`,
      );
    }
    const score = pl!.score;
    if (!(score[0] <= 1e6 && score[1] <= 1e6)) this.fail(j + 1, 1, 'a score above a million');
    this.game = { number, line: lineNo, names: pl!.names, score, scoreLine: j + 1, entries: [] };
    this.i = j;
  }

  /**
   * Reads the actions of the tokens `toks` (a row's body after its `)` at `rowParen`, or a line of its own,
   * `rowParen` -1): the first action's column is told by its position, the others are in the right column.
   */
  private readEntries(toks: Token[], lineNo: number, s: string, rowParen: number): void {
    if (toks.length === 0) return;
    const g = this.game;
    if (!g)
      this.fail(lineNo, toks[0]!.start + 1, `"${shown(toks[0]!.text)}" before the first " Game 1" line`);
    const groups = this.groupActions(toks, lineNo, rowParen);
    if (groups.length === 0) return;
    const firstStart = groups[0]![0]!.start;
    const firstRight =
      rowParen >= 0 ? firstStart - rowParen >= RIGHT_OFFSET_IN_ROW : firstStart >= RIGHT_COLUMN_ALONE;
    const count = [0, 0];
    groups.forEach((grp, k) => {
      const seat: 0 | 1 = k > 0 || firstRight ? 1 : 0;
      const e = readEntry(grp, seat, lineNo, this.fail);
      // "Losses" (Backgammon Galaxy's extra, in no reliable column) is not counted
      if (e.kind !== 'losses' && ++count[seat]! > 1) {
        this.fail(
          lineNo,
          grp[0]!.start + 1,
          `two actions in the ${seat === 0 ? 'left' : 'right'} column of one line ("${shown(s.trim())}")`,
        );
      }
      g!.entries.push(e);
    });
  }

  /** The tokens of a line in groups, one an action: each starts with dice (`51:`) or a keyword. */
  private groupActions(toks: Token[], lineNo: number, rowParen: number): Token[][] {
    const groups: Token[][] = [];
    for (const t of toks) {
      if (startsEntry(t.text)) groups.push([t]);
      else if (rowParen >= 0 && ROW_NUMBER.test(t.text)) {
        // a row number inside a row: Backgammon Galaxy sometimes nests its last row into the previous one
      } else if (groups.length === 0) this.fail(lineNo, t.start + 1, `unreadable text "${shown(t.text)}"`);
      else groups[groups.length - 1]!.push(t);
    }
    return groups;
  }
}

/** Reads one action from its tokens (the first one starts it). */
function readEntry(toks: Token[], seat: 0 | 1, line: number, fail: Fail): MatEntry {
  // entries are built as whole object literals (no spreads), which keeps them fast objects
  const first = toks[0]!;
  const column = first.start + 1;
  const colon = first.text.indexOf(':');
  if (colon > 0) {
    const d1 = first.text.charCodeAt(0) - 0x30;
    const d2 = first.text.charCodeAt(1) - 0x30;
    if (colon !== 2 || !(d1 >= 1 && d1 <= 6 && d2 >= 1 && d2 <= 6)) {
      fail(
        line,
        column,
        `bad dice "${shown(first.text.slice(0, colon))}" (expected two dice 1-6, e.g. "51:")`,
      );
    }
    let moveToks = toks.slice(1);
    // a move glued to the colon ("51:13/8") is read as if spaced
    if (first.text.length > 3)
      moveToks = [{ text: first.text.slice(3), start: first.start + 3 }, ...moveToks];
    return { seat, line, column, kind: 'roll', dice: [d1, d2], move: readMove(moveToks, line, fail) };
  }
  const rest = toks.slice(1);
  const restText = rest.map((t) => t.text).join(' ');
  const word = first.text.toLowerCase();
  switch (word) {
    case 'doubles':
    case 'beavers':
    case 'raccoons': {
      let value: number | null = null;
      const m = /^=>\s*(\d{1,6})$/.exec(restText);
      if (m) value = Number(m[1]);
      else if (restText !== '') {
        fail(line, rest[0]!.start + 1, `unreadable "${shown(first.text)} ${shown(restText)}"`);
      }
      return word === 'doubles'
        ? { seat, line, column, kind: 'double', value }
        : { seat, line, column, kind: 'beaver', value };
    }
    case 'takes':
    case 'drops':
      if (restText !== '') {
        fail(line, rest[0]!.start + 1, `unexpected "${shown(restText)}" after "${first.text}"`);
      }
      return word === 'takes' ? { seat, line, column, kind: 'take' } : { seat, line, column, kind: 'drop' };
    case 'wins':
    case 'losses': {
      const m = /^(\d{1,9})\s+points?(\s+and\s+the\s+match)?$/i.exec(restText);
      if (!m) {
        fail(
          line,
          column,
          `unreadable "${shown(`${first.text} ${restText}`)}" (expected "${first.text} N point")`,
        );
      }
      const points = Number(m![1]);
      return word === 'wins'
        ? { seat, line, column, kind: 'wins', points, match: m![2] !== undefined }
        : { seat, line, column, kind: 'losses', points };
    }
    default:
      return fail(line, column, `unreadable action "${shown(first.text)}"`);
  }
}

const NO_MOVE: WrittenMove = { kind: 'none' };
const CANNOT_MOVE: WrittenMove = { kind: 'cannot' };
const UNKNOWN_MOVE: WrittenMove = { kind: 'unknown' };

/** The points of the hop chain {@link plainHops} is reading. */
const chain = new Int8Array(8);

/**
 * Reads a well-formed hop token of {@link readMove} in one pass over its characters (src/parsers/hop-chain.ts;
 * a transcript may mark hits after any point, as many as it likes), every hop moving down from a point
 * 1..25 to one 0..24, and no more than four hops in the roll. Its hops are added to `hops`, as readMove
 * reads them. Any other token returns false with nothing added, for {@link tokenHops} to read it or to say
 * what is wrong with it.
 */
export function plainHops(s: string, hops: WrittenHop[]): boolean {
  const n = scanChain(s, chain, Number.POSITIVE_INFINITY, true);
  const times = scannedChain.repeat;
  if (n === 0 || hops.length + times * (n - 1) > 4) return false;
  for (let k = 0; k + 1 < n; k++) {
    const from = chain[k]!;
    const to = chain[k + 1]!;
    if (from < 1 || to > 24 || to >= from) return false;
  }
  for (let r = 0; r < times; r++)
    for (let k = 0; k + 1 < n; k++) hops.push({ from: chain[k]!, to: chain[k + 1]! });
  return true;
}

/** Reads the move after the dice of a roll. */
function readMove(toks: readonly Token[], line: number, fail: Fail): WrittenMove {
  if (toks.length === 0) return NO_MOVE;
  const t0 = toks[0]!.text;
  if (toks.length === 2 && /^cannot$/i.test(t0) && /^move$/i.test(toks[1]!.text)) return CANNOT_MOVE;
  if (toks.length === 1 && (t0 === '???' || t0 === '????')) return UNKNOWN_MOVE;
  const hops: WrittenHop[] = [];
  for (const tok of toks) if (!plainHops(tok.text, hops)) tokenHops(tok, hops, line, fail);
  return { kind: 'hops', hops };
}

/**
 * Adds the hops of one token of a move to `hops` (`fail` says what is wrong with a token it cannot read):
 * every token {@link plainHops} does not read. Exported for the tests, which check that the two read the
 * same hops.
 */
export function tokenHops(tok: Token, hops: WrittenHop[], line: number, fail: Fail): void {
  let s = tok.text;
  const bad = (why: string): never =>
    fail(line, tok.start + 1, `bad move "${shown(tok.text)}"${why ? ` (${why})` : ''}`);
  let times = 1;
  const rep = /\((\d)\)$/.exec(s);
  if (rep) {
    times = Number(rep[1]);
    if (times < 1 || times > 4) bad('a checker can be moved at most four times');
    s = s.slice(0, rep.index);
  }
  const parts = s.split('/');
  if (parts.length < 2) bad('expected from/to');
  const points: number[] = [];
  for (const p of parts) {
    // hit marks: '*' after a point (a chain may mark an intermediate hit: 13/9*/5)
    let q = p;
    while (q.endsWith('*')) q = q.slice(0, -1);
    const v = pointOf(q);
    if (Number.isNaN(v)) bad(`"${shown(p)}" is not a point, "bar" or "off"`);
    points.push(v);
  }
  for (let k = 0; k + 1 < points.length; k++) {
    const from = points[k]!;
    const to = points[k + 1]!;
    if (from < 1) bad('a move cannot start off the board');
    if (to > 24) bad('a move cannot end on the bar');
    if (to >= from) bad('a checker moves from a higher point to a lower one');
  }
  for (let r = 0; r < times; r++) {
    for (let k = 0; k + 1 < points.length; k++) hops.push({ from: points[k]!, to: points[k + 1]! });
  }
  if (hops.length > 4) bad('more than four checker moves in one roll');
}
