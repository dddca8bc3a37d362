/**
 * The one line printed (after `bdb: `) when reading or analysing an input throws. A `BdbError` is the
 * user's bad input and carries its own message (naming the file); a Node error with a `code` (ENOENT,
 * EACCES …) is a file that cannot be read; anything else is a bug in bdb.
 */
import { BdbError } from '../errors.js';

/** The message for an exception thrown while reading or analysing `file`. */
export function describeFailure(file: string, e: unknown): string {
  if (e instanceof BdbError) return e.message;
  const code = (e as NodeJS.ErrnoException).code;
  if (code) return `${file}: cannot read: ${code}`;
  return `${file}: internal error (please report): ${(e as Error).message}`;
}
