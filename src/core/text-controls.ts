/**
 * Control characters shown, never acted on (issue 37, item 5): a name bdb prints may hold them (a file's
 * name may hold any character but `/`; a player's or an event's name is what the user typed; a `bdb sql`
 * cell is whatever the query made), and a terminal acts on them: `ESC ] 0;… BEL` sets its window title,
 * `ESC [2J` or the 8-bit `U+009B 2J` clears the screen, `\r` goes back over the line already printed.
 *
 * One rule, the one standard error has always used (src/cli/failure.ts, oneLine), for every control
 * character: the C0 controls (U+0000–U+001F), DEL and the C1 controls (U+007F–U+009F), with the Unicode
 * line and paragraph separators (U+2028, U+2029): `\n`, `\r` and `\t` for a line break, a carriage return
 * and a tab, `\u` and four lower-case hexadecimal digits for the others (ESC is `\u001b`). The escapes are
 * JSON's own, so in a JSON text (where a control character can only stand inside a string) they read back
 * as the characters they show. A backslash is left as it is: a name holding the six characters `\u001b`
 * reads the same as one holding ESC, but neither does anything.
 *
 * Two uses: {@link escapeControls} for the data (a name, a cell: its line breaks too, so a name stays on
 * one line), where it is laid out (src/report/cli-table.ts for every table, and the headers that name a
 * file or a player); {@link escapeControlsKeepingLines} on everything written to standard output
 * (src/cli/output.ts), which keeps only the line breaks bdb itself writes, so that no command, present or
 * future, can print a control character it was given.
 */

/**
 * The control characters shown escaped: C0, DEL, C1 (Unicode's Cc: U+0000–U+001F, U+007F–U+009F), and the
 * Unicode line and paragraph separators. Written as ranges of UTF-16 code units rather than `\p{Cc}` with a
 * look-ahead for the line break: every one is a single code unit outside the surrogates, so it is the same
 * set (test/unit/core/text-controls.test.ts checks every code unit), and the scan over a whole output is about
 * 1.6 times quicker (a 1.3 MB JSON text: 3.5 ms against 6).
 */
// biome-ignore lint/suspicious/noControlCharactersInRegex: matching control characters is its purpose
const CONTROLS = /[\0-\x1f\x7f-\x9f\u2028\u2029]/g;

/** The same but the line break (U+000A). */
// biome-ignore lint/suspicious/noControlCharactersInRegex: matching control characters is its purpose
const CONTROLS_BUT_LINE_BREAK = /[\0-\t\v-\x1f\x7f-\x9f\u2028\u2029]/g;

/** The visible form of one control character (see the module comment). */
function shownAs(c: string): string {
  if (c === '\n') return '\\n';
  if (c === '\r') return '\\r';
  if (c === '\t') return '\\t';
  return `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`;
}

/**
 * The text with every control character shown as an escape, line breaks included: a name or a table cell.
 *
 * @example escapeControls('x\u001b[2J\nnew') // => 'x\\u001b[2J\\nnew'
 */
export function escapeControls(text: string): string {
  return text.replace(CONTROLS, shownAs);
}

/**
 * The text with every control character but the line break shown as an escape: a whole output, whose line
 * breaks are bdb's own (a name's were escaped where it was laid out, {@link escapeControls}).
 */
export function escapeControlsKeepingLines(text: string): string {
  return text.replace(CONTROLS_BUT_LINE_BREAK, shownAs);
}
