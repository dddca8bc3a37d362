/**
 * The one line printed (after `bdb: `) when reading or analysing an input throws. A `BdbError` is the
 * user's bad input and carries its own message (naming the file); a Node error with a `code` (ENOENT,
 * EACCES …) is a file that cannot be read; anything else is a bug in bdb.
 */

import { escapeControls } from '../core/text-controls.js';
import { BdbError } from '../errors.js';

/** The message for an exception thrown while reading or analysing `file`. */
export function describeFailure(file: string, e: unknown): string {
  if (e instanceof BdbError) return e.message;
  const code = (e as NodeJS.ErrnoException).code;
  if (code) return `${file}: cannot read: ${code}`;
  return `${file}: internal error (please report): ${(e as Error).message}`;
}

/**
 * A message as one line of a terminal: line breaks and other control characters (a file name may hold
 * them; so may a damaged file's text) shown as escapes (src/core/text-controls.ts: the rule standard output
 * follows too), never acted on, and at most 1,000 characters.
 */
export function oneLine(message: string): string {
  const safe = escapeControls(message);
  return safe.length > 1000 ? `${safe.slice(0, 999)}…` : safe;
}
