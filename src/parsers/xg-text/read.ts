/**
 * XG position text (spec/formats.md §3.2) → position blocks, as printed.
 *
 * XG translates every label (English, French, German, Japanese … "eq:" / "éq:", "Player:" / "Joueur:"), so
 * lines are recognised by their shape and place, never by their words:
 *
 *   XGID=…                                   starts a block (several blocks may be pasted in one file)
 *   X:Player 1   O:Player 2                  names: two "letter:name" fields
 *   Score is X:3 O:6 7 pt.(s) match.         score line (checked against the XGID)
 *    +13-14-…-24-+ … +12-11-…-1-+            the board (skipped: the XGID has the position)
 *   Pip count … / Cube: 2, O own cube        the cube line (checked against the XGID)
 *   X to play 21 | X on roll, cube action    the decision line: starts with the letter of the player
 *   checker:  "    1. 4-ply   19/18 14/12     eq:-0.491 (-0.065)" then two chances lines
 *             "      Player:   25.45% (G:0.00% B:0.00%)"
 *   cube:     "Analyzed in XG Roller++", two chances lines, "Cubeless Equities: No Double=+0.365, Double=+0.791",
 *             three indented "label: +0.580 (-0.109)" lines in the fixed order No double, Double/Take,
 *             Double/Pass, then "Best Cube action: Double / Take"
 *   eXtreme Gammon Version: 2.10, MET: Kazaross XG2
 *
 * Anything else (a user's note, a line of a language not seen) is skipped. Numbers may use a decimal comma.
 */
import { pipCount } from '../../core/board.js';
import { type ParsedXgid, parseXgid, XgidError } from '../../core/xgid-parse.js';
import { CorruptFileError, shown, UnsupportedFormatError } from '../../errors.js';
import { isSaneValue } from '../sane.js';
import { normalizeName } from '../text-decode.js';
import type { ParseWarning } from '../types.js';
import { EQ, NUM, parseNumber } from './notation.js';
import type { XgBestCube, XgChances, XgTextCandidate, XgTextCube } from './types.js';

/** A block as read, before the decision is built. */
export interface RawPosition {
  readonly line: number;
  readonly xgidText: string;
  readonly xgid: ParsedXgid;
  readonly names: readonly [string, string] | null;
  /** Line of the decision ("X to play 21"), or of the XGID when there is none. */
  readonly decisionLine: number;
  readonly candidates: readonly XgTextCandidate[];
  readonly cube: XgTextCube | null;
  readonly version: string | null;
  readonly met: string | null;
}

const XGID_LINE = /^\s*XGID=/;
const BOARD_TOP = /^\s*\+13-14-15-16-17-18-+19-20-21-22-23-24-\+/;
const BOARD_BOTTOM = /^\s*\+12-11-10--9--8--7-+6--5--4--3--2--1-\+/;
/** "X:Player 1   O:Player 2": two "letter:name" fields, at least two spaces apart. */
const NAMES = /^(\S)\s?:(.*?)\s{2,}(\S)\s?:(.*)$/u;
/** The same with a single space between the fields (long names): the last " O:" separates them. */
const NAMES_TIGHT = /^(X):(.*)\s(O):(.*)$/u;
/** "Score is X:3 O:6 7 pt.(s) match." / "Le score est X:3 O:6 match en 7 pt(s)". */
const SCORE = /(\S)\s?:\s*(\d+)\.?\s+(\S)\s?:\s*(\d+)\.?(.*)$/u;
/** "Pip count  X: 111  O: 52 X-O: 3-6/7" / "Course  X: 111  O: 52 …" */
const PIPS = /^\s*\S.*?(\S)\s?:\s*(\d+)\s+(\S)\s?:\s*(\d+)/u;
/** "Cube: 2, O own cube" / "キューブ: 1" / "Videau: 2, X a le videau". */
const CUBE = /^\s*[^:\uFF1A\d]+?\s*[:\uFF1A]\s*(\d+)\s*(?:,.*)?$/u;
/** "    1. 4-ply       19/18 14/12                  eq:-0.491 (-0.065)" */
const CANDIDATE = new RegExp(
  String.raw`^\s*(\d{1,3})\.\s+(.*?)\s+(\S+?)[:\uFF1A]\s*(${EQ})(?:\s*\(\s*(${EQ})\s*\))?\s*$`,
  'u',
);
const CANDIDATE_START = /^\s*\d{1,3}\.\s/;
/** "Player:   25.45% (G:0.00% B:0.00%)" / "Player Winning Chances:   61.38% (G:24.55% B:1.88%)" */
const CHANCES = new RegExp(
  String.raw`^\s*\S.*?[:\uFF1A]\s*(${NUM})\s*%\s*\(\s*[^\s:\uFF1A]+[:\uFF1A]\s*(${NUM})\s*%\s*[^\s:\uFF1A]+[:\uFF1A]\s*(${NUM})\s*%\s*\)\s*$`,
  'u',
);
/** "       No double:     +0.580 (-0.109)" (indented, one value, an optional difference). */
const CUBEFUL = new RegExp(
  String.raw`^\s+([^\s=].*?)\s*[:\uFF1A]\s*(${EQ})(?:\s*\(\s*(${EQ})\s*\))?\s*$`,
  'u',
);
/** A value shown as match winning chances: "…: 45.23%" or "…: 45.23% (-1.05%)" at the end of a line. */
const MWC_TAIL = new RegExp(String.raw`[:\uFF1A]\s*${NUM}\s*%\s*(?:\(\s*${NUM}\s*%?\s*\))?\s*$`, 'u');
/** "Cubeless Equities: No Double=+0.365, Double=+0.791" */
const CUBELESS = new RegExp(String.raw`=\s*(${EQ})\s*,.*=\s*(${EQ})\s*$`, 'u');
/** "eXtreme Gammon Version: 2.10, MET: Kazaross XG2" */
const VERSION =
  /^\s*eXtreme Gammon\s+[^:\uFF1A]*[:\uFF1A]\s*([^,]*?)\s*(?:,\s*[^:\uFF1A]*[:\uFF1A]\s*(.*?))?\s*$/u;

function chancesOf(m: RegExpExecArray): XgChances {
  return { winPct: parseNumber(m[1]!), gammonPct: parseNumber(m[2]!), backgammonPct: parseNumber(m[3]!) };
}

/** Splits a text into lines (LF, CR LF or CR). */
export function splitLines(text: string): string[] {
  return text.split(/\r\n|\r|\n/);
}

/** The 0-based indices of the lines that start a block. */
export function blockStarts(lines: readonly string[]): number[] {
  const out: number[] = [];
  for (let i = 0; i < lines.length; i++) if (XGID_LINE.test(lines[i]!)) out.push(i);
  return out;
}

interface CandidateBuild {
  line: number;
  rank: number;
  depth: string;
  move: string;
  equity: number;
  diff: number | null;
  player: XgChances | null;
  opponent: XgChances | null;
}

/** The best-action wordings seen in XG's output (English, French, German, Japanese), lower case. */
const NO_DOUBLE = [
  'no double',
  'no redouble',
  'pas de double',
  'pas de redouble',
  'nicht doppeln',
  'nicht redoppeln',
];
const NO_DOUBLE_JA = ['ノーダブル', 'ノーリダブル'];
const DOUBLE = ['double', 'redouble', 'doppeln', 'redoppeln'];
const DOUBLE_JA = ['ダブル', 'リダブル'];
const TOO_GOOD = ['too good', 'trop bon', 'zu gut', 'ツーグッド'];
const TAKE = ['take', 'prend', 'annehmen', 'テイク'];
const PASS = ['pass', 'passe', 'ablehnen', 'パス'];

/** Reads "No double / Take", "Trop bon pour redoubler / Passe" …; null when the wording is not known. */
export function bestFromText(text: string): Omit<XgBestCube, 'from'> | null {
  const parts = text.split('/');
  if (parts.length !== 2) return null;
  // the doubler's part may still carry a label without a colon ("Beste Dopplerwürfel Aktion Nicht Redoppeln")
  const a = parts[0]!.trim().toLowerCase();
  const r = parts[1]!.trim().toLowerCase();
  const responder = TAKE.includes(r) ? 'take' : PASS.includes(r) ? 'pass' : null;
  if (!responder) return null;
  const ends = (words: readonly string[]) => words.some((w) => a === w || a.endsWith(` ${w}`));
  let doubler: XgBestCube['doubler'] | null = null;
  if (TOO_GOOD.some((t) => a.includes(t))) doubler = 'too-good';
  else if (ends(NO_DOUBLE) || NO_DOUBLE_JA.some((w) => a.endsWith(w))) doubler = 'no-double';
  else if (ends(DOUBLE) || DOUBLE_JA.some((w) => a.endsWith(w))) doubler = 'double';
  return doubler ? { doubler, responder } : null;
}

/** The best actions implied by the equities: double iff min(DT, DP) > ND; take iff DT ≤ DP. */
export function bestFromEquities(nd: number, dt: number, dp: number): Omit<XgBestCube, 'from'> {
  const responder = dt <= dp ? 'take' : 'pass';
  const doubler = Math.min(dt, dp) > nd ? 'double' : responder === 'pass' ? 'too-good' : 'no-double';
  return { doubler, responder };
}

/**
 * Reads the block of lines [start, end) whose first line is an XGID.
 *
 * @throws CorruptFileError for a bad XGID, a block without analysis, a truncated cube analysis, or an
 *   analysis of the other kind than the XGID says; UnsupportedFormatError for equities shown as MWC
 */
export function readBlock(
  lines: readonly string[],
  start: number,
  end: number,
  file: string,
  warnings: ParseWarning[],
): RawPosition {
  return new BlockReader(lines, start, end, file, warnings).read();
}

/** The XGID of a block's first line; a bad one is an error at its column. */
function xgidOf(xgidLine: string, line: number, file: string): ParsedXgid {
  try {
    return parseXgid(xgidLine);
  } catch (e) {
    if (!(e instanceof XgidError)) throw e;
    throw new CorruptFileError(
      { file, line, column: e.index + 1 },
      `bad XGID "${shown(xgidLine.trim(), 64)}": ${e.message}`,
      { cause: e },
    );
  }
}

/** One line of the cubeful table: its label, value and printed difference. */
interface CubefulLine {
  readonly line: number;
  readonly label: string;
  readonly value: number;
  readonly diff: number | null;
}

/**
 * Reads one block line by line. The lines before the board (names, score), the board, the lines after it
 * (pips, cube) and the decision line are checked against the XGID; after the decision line comes the
 * analysis: candidates and their chances, or the cube's depth, chances, cubeless and cubeful equities and
 * best action. Line numbers `i` are 0-based.
 */
class BlockReader {
  private readonly lines: readonly string[];
  private readonly start: number;
  private readonly end: number;
  private readonly file: string;
  private readonly warnings: ParseWarning[];
  private readonly xgid: ParsedXgid;

  private names: [string, string] | null = null;
  private letters: [string, string] = ['X', 'O'];
  private phase: 'header' | 'board' | 'after-board' | 'analysis' = 'header';
  private decisionLine = -1;
  private scoreSeen = false;
  private cubeSeen = false;
  private pipsSeen = false;
  private readonly candidates: CandidateBuild[] = [];
  /** The candidate whose chances lines may follow. */
  private cand: CandidateBuild | null = null;
  private cubeDepth: string | null = null;
  private cubeChances: XgChances[] = [];
  private cubeless: XgTextCube['cubeless'] = null;
  private readonly cubeful: CubefulLine[] = [];
  private cubefulDone = false;
  private bestText: string | null = null;
  private bestLine = -1;
  private wrongNeeded: string | null = null;
  private version: string | null = null;
  private met: string | null = null;

  constructor(lines: readonly string[], start: number, end: number, file: string, warnings: ParseWarning[]) {
    this.lines = lines;
    this.start = start;
    this.end = end;
    this.file = file;
    this.warnings = warnings;
    this.xgid = xgidOf(lines[start]!, start + 1, file);
  }

  read(): RawPosition {
    for (let i = this.start + 1; i < this.end; i++) this.readLine(i, this.lines[i]!);
    const { start, end } = this;
    if (this.decisionLine < 0) {
      // no decision line: the analysis may still be there (a block pasted without the header lines)
      this.warn(start, 'no "X to play …" / "X on roll, cube action" line found');
    }
    if (this.version === null) {
      this.warn(end - 1, 'no "eXtreme Gammon Version" line: the text may be truncated');
    }
    let cube: XgTextCube | null = null;
    if (this.xgid.dice) this.checkCandidates();
    else cube = this.cube();
    return {
      line: start + 1,
      xgidText: this.lines[start]!.trim(),
      xgid: this.xgid,
      names: this.names,
      decisionLine: (this.decisionLine < 0 ? start : this.decisionLine) + 1,
      candidates: this.candidates,
      cube,
      version: this.version,
      met: this.met,
    };
  }

  private warn(i: number, message: string): void {
    this.warnings.push({ line: i + 1, message });
  }

  private where(i: number): { file: string; line: number; column: number } {
    return { file: this.file, line: i + 1, column: 1 };
  }

  private readLine(i: number, s: string): void {
    if (s.trim() === '') {
      if (this.phase === 'analysis') this.cand = null;
      return;
    }
    const ver = VERSION.exec(s);
    if (ver) {
      this.version = ver[1] || null;
      this.met = ver[2] || null;
      return;
    }
    if (this.phase === 'header' || this.phase === 'after-board') this.readHeaderLine(i, s);
    else if (this.phase === 'board') {
      if (BOARD_BOTTOM.test(s)) this.phase = 'after-board';
    } else this.readAnalysisLine(i, s);
  }

  /** A line before the board (names, score) or after it (pips, cube), or the decision line. */
  private readHeaderLine(i: number, s: string): void {
    const header = this.phase === 'header';
    if (BOARD_TOP.test(s)) {
      this.phase = 'board';
      return;
    }
    const nm: RegExpExecArray | null =
      header && this.names === null ? (NAMES.exec(s) ?? NAMES_TIGHT.exec(s)) : null;
    if (nm) {
      this.letters = [nm[1]!, nm[3]!];
      this.names = [normalizeName(nm[2]!), normalizeName(nm[4]!)];
      return;
    }
    if (this.isDecisionLine(s)) {
      this.onDecision(i, s);
      return;
    }
    const sc = header && !this.scoreSeen ? SCORE.exec(s) : null;
    if (sc) {
      this.onScore(i, sc);
      return;
    }
    const pp = !header && !this.pipsSeen && !this.cubeSeen ? PIPS.exec(s) : null;
    if (pp) {
      this.onPips(i, pp);
      return;
    }
    const cu = !header && !this.cubeSeen ? CUBE.exec(s) : null;
    if (cu) {
      this.cubeSeen = true;
      if (Number(cu[1]) !== this.xgid.cubeValue) {
        this.warn(i, `the cube line says ${cu[1]}, the XGID ${this.xgid.cubeValue}; the XGID is used`);
      }
    }
  }

  private isDecisionLine(s: string): boolean {
    const c = s.charAt(0);
    const next = s.charAt(1);
    return (
      (c === this.letters[0] || c === this.letters[1]) && (next === ' ' || next === ':' || next === '\u3000')
    );
  }

  /** The decision line: its player and dice checked against the XGID's; the analysis follows. */
  private onDecision(i: number, s: string): void {
    const { xgid, letters } = this;
    this.decisionLine = i;
    this.phase = 'analysis';
    const seat = s.charAt(0) === letters[0] ? 0 : 1;
    if (!xgid.doubled && seat !== xgid.onRoll) {
      this.warn(
        i,
        `the text says ${s.charAt(0)} is on roll, the XGID says ${letters[xgid.onRoll]}; the XGID is used`,
      );
    }
    const dice = /([1-6])([1-6])\s*$/.exec(s);
    if (xgid.dice && dice) {
      const [a, b] = [Number(dice[1]), Number(dice[2])];
      const [x, y] = xgid.dice;
      if (!((a === x && b === y) || (a === y && b === x))) {
        this.warn(i, `the text says the roll is ${a}${b}, the XGID says ${x}${y}; the XGID is used`);
      }
    }
  }

  /** The score line, checked against the XGID's score and match length. */
  private onScore(i: number, sc: RegExpExecArray): void {
    const xgid = this.xgid;
    this.scoreSeen = true;
    const printed = [Number(sc[2]), Number(sc[4])];
    if (printed[0] !== xgid.score[0] || printed[1] !== xgid.score[1]) {
      this.warn(
        i,
        `the score line says ${printed[0]}-${printed[1]}, the XGID ${xgid.score[0]}-${xgid.score[1]}; the XGID is used`,
      );
    }
    const len = /(\d+)/.exec(sc[5] ?? '');
    if (len && xgid.matchLength > 0 && Number(len[1]) !== xgid.matchLength) {
      this.warn(
        i,
        `the score line says a ${len[1]}-point match, the XGID ${xgid.matchLength}; the XGID is used`,
      );
    }
  }

  /** The pip counts, checked against the XGID's position. */
  private onPips(i: number, pp: RegExpExecArray): void {
    this.pipsSeen = true;
    for (const [letter, n] of [
      [pp[1]!, Number(pp[2])],
      [pp[3]!, Number(pp[4])],
    ] as const) {
      const seat = letter === this.letters[0] ? 0 : letter === this.letters[1] ? 1 : null;
      const pips = seat === null ? n : pipCount(this.xgid.board, seat);
      if (pips !== n)
        this.warn(i, `the text gives ${letter} ${n} pips, the XGID's position ${pips}; the XGID is used`);
    }
  }

  /** A line after the decision line: a candidate, chances, the cube table, the best action, "wrong … needed". */
  private readAnalysisLine(i: number, s: string): void {
    if (CANDIDATE_START.test(s)) {
      this.onCandidate(i, s);
      return;
    }
    const ch = CHANCES.exec(s);
    if (ch) {
      this.onChances(ch);
      return;
    }
    if (!this.cubefulDone) {
      this.readCubeTableLine(i, s);
      return;
    }
    if (this.bestLine < 0) {
      this.bestLine = i;
      const k = s.search(/[:\uFF1A]/);
      this.bestText = (k >= 0 ? s.slice(k + 1) : s).trim() || null;
      return;
    }
    if (this.wrongNeeded === null && new RegExp(`${NUM}\\s*%\\s*$`).test(s)) this.wrongNeeded = s.trim();
  }

  private onCandidate(i: number, s: string): void {
    const m = CANDIDATE.exec(s);
    const parsed = m ? readCandidate(m, i) : null;
    if (!parsed) {
      if (MWC_TAIL.test(s)) throw mwcShown(this.file, i);
      this.warn(i, `unreadable candidate line "${shown(s.trim())}"; skipped`);
      this.cand = null;
      return;
    }
    this.candidates.push(parsed);
    this.cand = parsed;
  }

  /** A chances line: the candidate's (the mover's, then the opponent's), or, before any, the cube's. */
  private onChances(ch: RegExpExecArray): void {
    const cand = this.cand;
    if (cand) {
      if (!cand.player) cand.player = chancesOf(ch);
      else if (!cand.opponent) cand.opponent = chancesOf(ch);
    } else if (this.candidates.length === 0 && this.cubeChances.length < 2) {
      this.cubeChances = [...this.cubeChances, chancesOf(ch)];
    }
  }

  /** A line before the end of the cubeful table: one of its three lines, the cubeless equities, the depth. */
  private readCubeTableLine(i: number, s: string): void {
    const cubeful = this.cubeful;
    const cf = CUBEFUL.exec(s);
    if (!cf && !this.xgid.dice && /^\s/.test(s) && MWC_TAIL.test(s)) throw mwcShown(this.file, i);
    if (cf) {
      const value = parseNumber(cf[2]!);
      const diff = cf[3] === undefined ? null : parseNumber(cf[3]);
      cubeful.push({ line: i, label: cf[1]!, value, diff });
      if (cubeful.length === 3) this.cubefulDone = true;
      return;
    }
    if (cubeful.length > 0) {
      // a run of fewer than three lines is not the cubeful table (nothing else has this shape)
      this.warn(
        cubeful[0]!.line,
        `${cubeful.length} cubeful equity line(s) where three are expected; ignored`,
      );
      cubeful.length = 0;
    }
    const cl: RegExpExecArray | null = this.cubeless === null ? CUBELESS.exec(s) : null;
    if (cl) {
      this.cubeless = { noDouble: parseNumber(cl[1]!), double: parseNumber(cl[2]!) };
      return;
    }
    if (this.cubeDepth === null && this.cubeChances.length === 0 && this.candidates.length === 0) {
      this.cubeDepth = analysedIn(s);
    }
  }

  /** A checker position's candidates: at least one, their printed differences and ranks as expected. */
  private checkCandidates(): void {
    const candidates = this.candidates;
    if (candidates.length === 0) {
      if (this.cubeful.length > 0) {
        throw new CorruptFileError(
          this.where(this.cubeful[0]!.line),
          'the XGID has a roll to play but the analysis is a cube action',
        );
      }
      throw new CorruptFileError(
        this.where(this.start),
        'checker position without any analysed move (truncated?)',
      );
    }
    const e0 = candidates[0]!.equity;
    for (const c of candidates) {
      if (c.diff !== null && Math.abs(c.equity - e0 - c.diff) > DIFF_TOLERANCE) {
        this.warn(
          c.line - 1,
          `printed difference ${c.diff} is not the equity minus the first's (${(c.equity - e0).toFixed(3)})`,
        );
      }
    }
    for (let k = 0; k < candidates.length; k++) {
      if (candidates[k]!.rank !== k + 1) {
        this.warn(
          candidates[k]!.line - 1,
          `candidate ranked ${candidates[k]!.rank} where ${k + 1} is expected`,
        );
        break;
      }
    }
  }

  /** A cube position's analysis: no candidates, and the three cubeful equities. */
  private cube(): XgTextCube {
    const { candidates, cubeful, start, end } = this;
    if (candidates.length > 0) {
      throw new CorruptFileError(
        this.where(candidates[0]!.line - 1),
        'the XGID has no roll (a cube action) but the analysis lists moves',
      );
    }
    if (cubeful.length < 3) {
      const at = cubeful.length > 0 ? cubeful[cubeful.length - 1]!.line + 1 : Math.max(start, end - 1);
      throw new CorruptFileError(
        this.where(Math.min(at, this.lines.length - 1)),
        `cube position without its three cubeful equities (No double, Double/Take, Double/Pass)${cubeful.length > 0 ? `: only ${cubeful.length} found` : ''} (truncated?)`,
      );
    }
    return buildCube(cubeful, {
      depth: this.cubeDepth,
      chances: this.cubeChances,
      cubeless: this.cubeless,
      bestText: this.bestText,
      bestLine: this.bestLine,
      wrongNeeded: this.wrongNeeded,
      redouble: this.xgid.cubeOwner !== -1,
      warn: (i, message) => this.warn(i, message),
    });
  }
}

function mwcShown(file: string, i: number): UnsupportedFormatError {
  return new UnsupportedFormatError(
    file,
    `line ${i + 1}: the equities are shown as match winning chances (%); bdb reads XG position texts exported with equities (EMG)`,
  );
}

/** Reads a matched candidate line; null when its move or numbers are unreadable. */
function readCandidate(m: RegExpExecArray, i: number): CandidateBuild | null {
  const tokens = m[2]!.trim().split(/\s+/);
  const first = tokens.findIndex((t) => t.includes('/'));
  if (first < 0) return null;
  const moveTokens = tokens.slice(first);
  if (!moveTokens.every((t) => t.includes('/'))) return null;
  const equity = parseNumber(m[4]!);
  const diff = m[5] === undefined ? null : parseNumber(m[5]);
  if (!isSaneValue(equity) || (diff !== null && !isSaneValue(diff))) return null;
  return {
    line: i + 1,
    rank: Number(m[1]),
    depth: tokens.slice(0, first).join(' '),
    move: moveTokens.join(' '),
    equity,
    diff,
    player: null,
    opponent: null,
  };
}

/** The depth named by "Analyzed in XG Roller++" / "Analysé avec XG Roller++" / "Analysiert in 3-ply". */
function analysedIn(s: string): string | null {
  const t = s.trim();
  const roller = /XG\s*Roller\+*\s*$/i.exec(t);
  if (roller) return roller[0].trim();
  const ply = /\d{1,2}[-\s]\S+\s*$/u.exec(t);
  if (ply) return ply[0].trim();
  const ro = /rollout.*$/i.exec(t);
  if (ro) return ro[0].trim();
  return null;
}

interface CubeExtras {
  depth: string | null;
  chances: XgChances[];
  cubeless: XgTextCube['cubeless'];
  bestText: string | null;
  bestLine: number;
  wrongNeeded: string | null;
  /** The doubler owns the cube (labels "No redouble", "Redouble/Take" …). */
  redouble: boolean;
  warn: (i: number, message: string) => void;
}

/** Tolerance of the printed differences: each printed value is rounded to the millipoint on its own. */
const DIFF_TOLERANCE = 0.0025;

function buildCube(lines: readonly CubefulLine[], x: CubeExtras): XgTextCube {
  const [l0, l1, l2] = [lines[0]!, lines[1]!, lines[2]!];
  let [nd, dt, dp] = [l0.value, l1.value, l2.value];
  if (Math.abs(dp + 1) < 0.0005) {
    // printed from the responder's view: turn it to the doubler's
    x.warn(l2.line, 'Double/Pass is -1.000: the equities are read as the responder’s and negated');
    [nd, dt, dp] = [-nd, -dt, -dp];
  } else if (Math.abs(dp - 1) >= 0.0005) {
    x.warn(l2.line, `Double/Pass is ${l2.value}, not +1.000: the three lines may be out of order`);
  }
  const equities = bestFromEquities(nd, dt, dp);
  const fromText = x.bestText === null ? null : bestFromText(x.bestText);
  let best: XgBestCube = { ...equities, from: 'equities' };
  if (fromText) {
    best = { ...fromText, from: 'text' };
    const textDoubles = fromText.doubler === 'double';
    const eqDoubles = equities.doubler === 'double';
    const reply = Math.min(dt, dp);
    // a disagreement beyond the rounding of the printed values means the lines were misread
    if (
      (textDoubles !== eqDoubles && Math.abs(reply - nd) > 0.001) ||
      (fromText.responder !== equities.responder && Math.abs(dt - dp) > 0.001)
    ) {
      x.warn(
        x.bestLine,
        `the best cube action "${shown(x.bestText ?? '')}" does not match the equities; the text is used`,
      );
    }
  }
  const bestEq = Math.max(nd, Math.min(dt, dp));
  const values = [nd, dt, dp];
  for (let k = 0; k < 3; k++) {
    const l = lines[k]!;
    if (l.diff !== null && Math.abs(values[k]! - bestEq - l.diff) > DIFF_TOLERANCE) {
      x.warn(
        l.line,
        `printed difference ${l.diff} is not the equity minus the best (${(values[k]! - bestEq).toFixed(3)})`,
      );
    }
  }
  return {
    line: l0.line + 1,
    depth: x.depth,
    player: x.chances[0] ?? null,
    opponent: x.chances[1] ?? null,
    cubeless: x.cubeless,
    nd,
    dt,
    dp,
    diffs: [l0.diff, l1.diff, l2.diff],
    redouble: x.redouble,
    bestText: x.bestText,
    best,
    wrongNeeded: x.wrongNeeded,
  };
}
