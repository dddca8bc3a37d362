/**
 * A failure that is the disk's, not bdb's nor the input's (issue 37, item 4): the file system is full
 * (ENOSPC, or the user's quota: EDQUOT), a file reached its size limit (EFBIG), the file system is read-only
 * (EROFS) or the device failed (EIO). Told from Node's errors by their `code`, and from DuckDB's by their
 * words, since DuckDB gives no code: it says `Could not write file "…": No space left on device` (a WAL, a
 * COPY's output) or `Cannot open file "…": Read-only file system`, in the operating system's words
 * (strerror) after its own. One failure of DuckDB's says it otherwise: a block it could not spill to `<library>.tmp` is
 * an "Out of Memory Error: failed to offload data block … This limit was set by the
 * 'max_temp_directory_size' setting", a setting bdb leaves at its default, 90 % of the disk's free space
 * when the temporary folder is first used. That one is the disk too: more memory is not the answer, nor the
 * advice to raise BDB_DUCKDB_MEMORY (src/library/memory.ts `isOutOfMemory` leaves it out).
 *
 * A leaf module (no DuckDB, no CLI; loaded by every run, with the messages of src/cli/output.ts): the
 * library's memory retry and every command's messages use it.
 */
import { BdbError } from '../errors.js';

/** The system error codes of a disk that cannot take the write, with their words. */
export const DISK_FAILURES: Readonly<Record<string, string>> = {
  ENOSPC: 'no space left on device',
  EDQUOT: 'disk quota exceeded',
  EFBIG: 'file too large',
  EROFS: 'read-only file system',
  EIO: 'input/output error',
};

/** DuckDB's words (the system's own, strerror's) for each code, matched in its message. */
const DUCKDB_WORDS: readonly (readonly [RegExp, string])[] = [
  [/No space left on device/i, 'ENOSPC'],
  // a block that could not be spilled: the temporary folder's limit, set from the disk's free space
  [/failed to offload data block[\s\S]*max_temp_directory_size/i, 'ENOSPC'],
  [/Disk quota exceeded/i, 'EDQUOT'],
  [/File too large/i, 'EFBIG'],
  [/Read-only file system/i, 'EROFS'],
  [/Input\/output error/i, 'EIO'],
];

/**
 * The code of a failure that is the disk's (ENOSPC, EDQUOT, EFBIG, EROFS, EIO), from a Node error or a
 * DuckDB one; null for anything else. A BdbError is never one: its message may quote what an input holds.
 */
export function diskFailure(e: unknown): string | null {
  if (!(e instanceof Error) || e instanceof BdbError) return null;
  const code = (e as NodeJS.ErrnoException).code;
  if (typeof code === 'string') return code in DISK_FAILURES ? code : null;
  for (const [words, c] of DUCKDB_WORDS) if (words.test(e.message)) return c;
  return null;
}

/** A disk failure in words with its code, "no space left on device (ENOSPC)"; null when it is not one. */
export function diskFailureWords(e: unknown): string | null {
  const code = diskFailure(e);
  return code === null ? null : `${DISK_FAILURES[code]} (${code})`;
}
