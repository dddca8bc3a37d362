/**
 * Text that fits a width: the columns of the terminal the output goes to, or {@link FULL_WIDTH} (piped or
 * redirected: every line as long as it is, so scripts and files get the same lines whatever the terminal).
 * The CLI decides the width (src/cli/output.ts); the renderers take it as a number. Lines are broken at
 * spaces (or between the `·`-separated parts of a line), never inside a word: a word longer than the width
 * (an XGID, a file path) keeps its own line whole, so it can still be copied.
 *
 * What is wrapped is one line (a paragraph, a summary, a heading): a control character in it can only come
 * from a name it holds (a file's, a player's, an event's), so it is shown as its escape, a line break as
 * `\n` (src/core/text-controls.ts), before the line is measured and broken. (The text as a whole, line breaks
 * kept, is escaped again where it is written: src/cli/output.ts.)
 */
import { escapeControls } from './text-controls.js';

/** No limit: the width when the output is not a terminal. */
export const FULL_WIDTH = Number.POSITIVE_INFINITY;

/** The separator of the parts of a one-line summary ("file — A vs B · 7-point match · 7 games"). */
export const PART_SEPARATOR = ' · ';

/**
 * Code points counted two columns wide, as [first, last] pairs in order: East Asian Wide and Fullwidth
 * (Unicode's EastAsianWidth.txt: Hangul Jamo, CJK, kana, Hangul syllables, fullwidth forms …) and the
 * symbol and emoji blocks (Miscellaneous Symbols, Dingbats, U+1F000 …), which terminals draw one or two
 * wide: counted two, a cell is at worst padded by one, never cut (a table cuts what it finds wider than
 * its column: src/report/cli-table.ts).
 */
const WIDE: readonly (readonly [number, number])[] = [
  [0x1100, 0x115f],
  [0x2329, 0x232a],
  [0x2600, 0x27bf],
  [0x2e80, 0x303e],
  [0x3040, 0x3247],
  [0x3250, 0x4dbf],
  [0x4e00, 0xa4cf],
  [0xa960, 0xa97f],
  [0xac00, 0xd7a3],
  [0xf900, 0xfaff],
  [0xfe10, 0xfe19],
  [0xfe30, 0xfe6f],
  [0xff00, 0xff60],
  [0xffe0, 0xffe6],
  [0x1b000, 0x1b2ff],
  [0x1f000, 0x1faff],
  [0x20000, 0x3fffd],
];

/**
 * The columns a string takes in a table: control characters and the combining diacritics U+0300–U+036F
 * none, the {@link WIDE} code points two, the others one (as cli-table3 measured, with string-width 4;
 * the tables' boxes are drawn with this measure, src/report/cli-table.ts). @example displayWidth('李雷 vs Zoë') // => 11
 */
export function displayWidth(s: string): number {
  let w = 0;
  // by code units, a surrogate pair joined into its code point (a lone surrogate counts one, as a code
  // point of its own): a table measures every cell, and this runs before anything is warm
  for (let i = 0; i < s.length; i++) {
    let cp = s.charCodeAt(i);
    if (cp >= 0x20 && cp < 0x7f) {
      w++;
      continue;
    }
    if (cp >= 0xd800 && cp <= 0xdbff && i + 1 < s.length) {
      const low = s.charCodeAt(i + 1);
      if (low >= 0xdc00 && low <= 0xdfff) {
        cp = 0x10000 + ((cp - 0xd800) << 10) + (low - 0xdc00);
        i++;
      }
    }
    if (cp <= 0x1f || (cp >= 0x7f && cp <= 0x9f) || (cp >= 0x300 && cp <= 0x36f)) continue;
    w += cp >= 0x1100 && isWide(cp) ? 2 : 1;
  }
  return w;
}

/** True when `cp` is in one of the {@link WIDE} ranges. */
function isWide(cp: number): boolean {
  for (const [a, b] of WIDE) {
    if (cp < a) return false;
    if (cp <= b) return true;
  }
  return false;
}

/** How lines are broken: the first line's indent, the following lines' indent (default the same). */
export interface WrapOptions {
  readonly indent?: string;
  readonly hang?: string;
}

/**
 * Joins `parts` with `sep` into lines of at most `width` columns (indents included), breaking only between
 * parts (the separator is dropped at a break); a part too long for a line is broken at its spaces, and a
 * word longer than a line keeps a line of its own. With {@link FULL_WIDTH}: one line.
 */
export function wrapParts(
  parts: readonly string[],
  sep: string,
  width: number,
  opts: WrapOptions = {},
): string[] {
  const indent = opts.indent ?? '';
  const hang = opts.hang ?? indent;
  // one line: a name's control characters shown as escapes (see the module comment)
  const shown = parts.map(escapeControls);
  if (width === FULL_WIDTH) return [`${indent}${shown.join(sep)}`];
  const lines: string[] = [];
  let line = indent;
  let empty = true;
  const room = (): number => width - displayWidth(line);
  const flush = (): void => {
    lines.push(line.trimEnd());
    line = hang;
    empty = true;
  };
  for (const part of shown) {
    const glue = empty ? '' : sep;
    if (displayWidth(glue + part) <= room()) {
      line += glue + part;
      empty = false;
      continue;
    }
    if (!empty) flush();
    if (displayWidth(part) <= room() || sep === ' ' || !part.includes(' ')) {
      line += part;
      empty = false;
      continue;
    }
    // a long part of a `·` line: its words, on as many lines as it takes
    const words = wrapParts(part.split(' '), ' ', width, { indent: line, hang });
    for (const w of words.slice(0, -1)) lines.push(w);
    line = words[words.length - 1]!;
    empty = false;
  }
  if (!empty || lines.length === 0) lines.push(line.trimEnd());
  return lines;
}

/** A paragraph (one line) broken at its spaces into lines of at most `width` columns (see {@link wrapParts}). */
export function wrapText(line: string, width: number, opts: WrapOptions = {}): string[] {
  // one line: a name's control characters shown as escapes (see the module comment)
  const text = escapeControls(line);
  // a line that fits is kept as it is (its runs of spaces too)
  if (displayWidth(`${opts.indent ?? ''}${text}`) <= width) return [`${opts.indent ?? ''}${text}`];
  const lead = /^ */.exec(text)![0];
  const indent = `${opts.indent ?? ''}${lead}`;
  // a unit stays with its number: "26.35 %" never breaks before the %
  const words: string[] = [];
  for (const w of text.slice(lead.length).split(/ +/)) {
    if (w.startsWith('%') && words.length > 0) words[words.length - 1] += ` ${w}`;
    else words.push(w);
  }
  return wrapParts(words, ' ', width, {
    indent,
    hang: opts.hang ?? indent,
  });
}

/** A one-line summary whose parts are separated by ` · `, broken between its parts (see {@link wrapParts}). */
export function wrapSummary(text: string, width: number, opts: WrapOptions = {}): string[] {
  return wrapParts(text.split(PART_SEPARATOR), PART_SEPARATOR, width, opts);
}

/** Every line of a block of text wrapped with {@link wrapText}, joined again; blank lines kept. */
export function fitLines(text: string, width: number): string {
  if (width === FULL_WIDTH) return text;
  return text
    .split('\n')
    .flatMap((l) => (l === '' ? [''] : wrapText(l, width)))
    .join('\n');
}
