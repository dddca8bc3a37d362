/**
 * Reading the matches named on the command line, for every command that reports per match or per person
 * (`stats`, `biases`, `plan`): folders walked, gnuBG text exports grouped into matches, one line on stderr
 * per file that cannot be read (the batch goes on), exit 1 when some input failed or nothing was found.
 *
 * A played match is counted once, however many files hold it (a copy, its SGF and its text export, its XG
 * file and its transcript: {@link matchFingerprint}). Files are read analysed formats first (XG, gnuBG SGF,
 * gnuBG text, then transcripts; path order within each), so the reading kept is the analysed one; the
 * others are set aside, listed as duplicates and summed up in one line on stderr. A file byte for byte the
 * same as one read before (a copy) is set aside so without being parsed again. `allReadings` keeps them all.
 */

import { readFileSync, readSync, statSync } from 'node:fs';
import { newHash } from '../core/hash.js';
import { BdbError } from '../errors.js';
import type { Met } from '../met/index.js';
import { defaultMet, matchKey } from '../metrics/match-report.js';
import { type FilteredFields, type MatchFilter, matchFields, passesFilter } from '../model/filter.js';
import type { Match } from '../model/types.js';
import { type Detected, type MatchUnit, parseMatchFiles } from '../parsers/index.js';
import type { ParseWarning } from '../parsers/types.js';
import { pause } from './blocking.js';
import { EXIT, type ExitCode } from './exit.js';
import { describeFailure, oneLine } from './failure.js';
import { inputFiles, inputName, matchUnits, STDIN_NAME, STDIN_PATH } from './files.js';
import { DEFAULT_MAX_FILE_MB } from './options.js';
import { errorTerminal, statusLine, writeErr } from './output.js';

/** What reading the inputs gave. */
export interface MatchInputResult {
  /** Matches read and counted (failed files and duplicates left out). */
  readonly read: number;
  readonly errors: { file: string; message: string }[];
  /** Files holding a match already read from another file. */
  readonly duplicates: { file: string; sameAs: string }[];
  /** EXIT.ok all inputs read, EXIT.someFailed some failed or none found. */
  readonly exitCode: ExitCode;
}

/** How to read. */
export interface ReadMatchesOptions {
  readonly met?: Met;
  /** Only matches passing this filter are handed on and counted (`--since` …). */
  readonly filter?: MatchFilter;
  /** Draw a progress line on stderr (only on a terminal). */
  readonly progress?: boolean;
  /** Keep every reading of a match found in several files (`--all-readings`). */
  readonly allReadings?: boolean;
  /** The largest file read, in MB (`--max-file-size`). */
  readonly maxFileMb?: number;
}

/** The error for a file above the size read at most. */
function tooLarge(file: string, bytes: number, maxMb: number, more: string): BdbError {
  const mb = bytes / 1024 / 1024;
  return new BdbError(
    'TOO_LARGE',
    `${file}: ${more}${mb < 10 ? mb.toFixed(1) : Math.round(mb)} MB, above the ${maxMb} MB read at most (--max-file-size); not read`,
  );
}

/**
 * All of standard input, up to `maxMb` MB (more is refused with the same error as a file: a stream has no
 * size to look at first, so it is read until the limit is passed).
 */
function readStdin(maxMb: number): Uint8Array {
  const max = maxMb * 1024 * 1024;
  const chunks: Buffer[] = [];
  let total = 0;
  const chunk = Buffer.alloc(64 * 1024);
  for (;;) {
    let n: number;
    try {
      n = readSync(0, chunk, 0, chunk.length, null);
    } catch (e) {
      const code = (e as NodeJS.ErrnoException).code;
      // a non-blocking pipe with nothing written yet; the end of a closed one
      if (code === 'EAGAIN') {
        pause(5);
        continue;
      }
      if (code === 'EOF') break;
      throw e;
    }
    if (n === 0) break;
    total += n;
    if (total > max) throw tooLarge(STDIN_NAME, total, maxMb, 'more than ');
    chunks.push(Buffer.from(chunk.subarray(0, n)));
  }
  const b = Buffer.concat(chunks, total);
  return new Uint8Array(b.buffer, b.byteOffset, b.length);
}

/**
 * The bytes of the files of one match unit, each named as messages name it (`-`: `<stdin>`); a file above
 * `maxMb` MB is refused unread. The bytes are read for this unit alone and nobody changes them: they are
 * handed to the reader (`owned`), which may keep views over them.
 */
export function readUnit(
  unit: readonly string[],
  maxMb: number = DEFAULT_MAX_FILE_MB,
): { file: string; bytes: Uint8Array; owned: true }[] {
  return unit.map((file) => {
    if (file === STDIN_PATH) return { file: STDIN_NAME, bytes: readStdin(maxMb), owned: true };
    const size = statSync(file).size;
    if (size > maxMb * 1024 * 1024) throw tooLarge(file, size, maxMb, '');
    const b = readFileSync(file);
    return { file, bytes: new Uint8Array(b.buffer, b.byteOffset, b.length), owned: true };
  });
}

/** The hash of a unit's bytes (its files in order, each with its length): equal for byte-identical copies. */
function unitHash(inputs: readonly { bytes: Uint8Array }[]): string {
  const h = newHash('sha1');
  for (const { bytes } of inputs) h.update(`${bytes.length}:`).update(bytes);
  return h.digest('base64');
}

/** The sizes of a unit's files, in order: byte-identical units have the same. */
function sizesOf(inputs: readonly { bytes: Uint8Array }[]): string {
  return inputs.map((f) => f.bytes.length).join(':');
}

/**
 * The first unit read of each size ({@link sizesOf}): its files, and the hash of its bytes once a second
 * unit of its size asks for it (null when its files cannot be read again). Its key is `#` and its sizes.
 */
interface FirstOfSize {
  readonly files: readonly string[];
  hash?: string | null;
}

/**
 * A unit's bytes, read, with the name messages give it, the format told when its files were found, and the
 * hash of its bytes (null: every copy counts).
 */
export interface ReadUnit {
  readonly name: string;
  readonly format: Detected;
  readonly inputs: { file: string; bytes: Uint8Array }[];
  readonly bytesKey: string | null;
}

/**
 * The bookkeeping of one reading of the inputs, whoever parses (the main thread, or worker threads with
 * `--jobs`): the units in order, the failures (one line each on stderr), the matches read twice (by bytes
 * or by {@link matchFingerprint}), the filter, the progress line, and the closing lines and exit code.
 */
export class ReadRun {
  private readonly errors: { file: string; message: string }[] = [];
  private readonly duplicates: { file: string; sameAs: string }[] = [];
  private n = 0;
  private failed = 0;
  private filtered = 0;
  private missing = 0;
  private skipped = 0;
  /** A played match found in several files is counted once, from the best reading (read first). */
  private readonly seen = new Map<string, string>();
  /** The bytes of each unit whose match was identified: a copy is set aside unparsed, as its original. */
  private readonly seenBytes = new Map<string, string>();
  /** The first unit of each size read: only units of a size read before are hashed ({@link bytesKeyOf}). */
  private readonly firstOfSize = new Map<string, FirstOfSize>();
  private readonly tty: boolean;
  private readonly opts: ReadMatchesOptions;
  /**
   * Whether the units are compared, copies and other readings set aside: true unless `allReadings`, or
   * {@link units} found one unit (it has nothing to be a copy of, so neither its bytes nor its match are
   * hashed). Set by {@link units}.
   */
  compares = false;

  constructor(opts: ReadMatchesOptions) {
    this.opts = opts;
    this.tty = opts.progress === true && errorTerminal().terminal;
  }

  private clearLine(): void {
    if (this.tty) statusLine();
  }

  /** Records a failed input and says it on stderr, one line. */
  fail(file: string, message: string): void {
    this.failed++;
    this.errors.push({ file, message });
    this.clearLine();
    writeErr(`bdb: ${oneLine(message)}\n`);
  }

  /** The match units under `paths`, in reading order (analysed formats first); a missing path fails. */
  units(paths: readonly string[]): MatchUnit[] {
    const files = inputFiles(paths, {
      onMissing: (p, why) => {
        this.missing++;
        this.fail(p, `${p}: ${why}`);
      },
      onSkipped: () => {
        this.skipped++;
      },
    });
    const units = matchUnits([...files], this.opts.allReadings !== true);
    this.compares = this.opts.allReadings !== true && units.length > 1;
    return units;
  }

  /**
   * Reads the next unit's bytes; null when it cannot be read (said) or is a copy of a unit whose match was
   * read (listed as its duplicate).
   */
  read(unit: MatchUnit): ReadUnit | null {
    this.n++;
    if (this.tty && this.n % 25 === 0) statusLine(`bdb: ${this.n} matches read…`);
    const name = inputName(unit.files[0]!);
    let inputs: { file: string; bytes: Uint8Array }[];
    try {
      inputs = readUnit(unit.files, this.opts.maxFileMb);
    } catch (e) {
      this.fail(
        name,
        e instanceof BdbError
          ? e.message
          : `${name}: cannot read: ${(e as NodeJS.ErrnoException).code ?? (e as Error).message}`,
      );
      return null;
    }
    const u: ReadUnit = {
      name,
      format: unit.format,
      inputs,
      bytesKey: this.compares ? this.bytesKeyOf(unit.files, inputs) : null,
    };
    return this.isCopy(u) ? null : u;
  }

  /**
   * The key of a unit's bytes: equal for byte-identical units, else different. Copies have the same size, so
   * the first unit of a size is known by its size (`#` and the sizes: no hash is made, nor needed while it is
   * the only one of its size: hashing every unit took 3 % of `bdb stats` on 1,000 bench matches); a later
   * unit of that size is hashed, and so is the first, its files read again, once: a later unit with the
   * first's bytes gets the first's key. Files are read again only for sizes that repeat.
   */
  private bytesKeyOf(files: readonly string[], inputs: readonly { bytes: Uint8Array }[]): string {
    const sizes = sizesOf(inputs);
    const first = this.firstOfSize.get(sizes);
    if (first === undefined) {
      this.firstOfSize.set(sizes, { files });
      return `#${sizes}`;
    }
    const hash = unitHash(inputs);
    if (first.hash === undefined) {
      let again: { bytes: Uint8Array }[] | null = null;
      // standard input is not read twice
      if (!first.files.includes(STDIN_PATH)) {
        try {
          again = readUnit(first.files, this.opts.maxFileMb);
        } catch {
          // gone or unreadable since: no copy of it
        }
      }
      // changed since it was read (another size): not what was read then
      first.hash = again !== null && sizesOf(again) === sizes ? unitHash(again) : null;
    }
    return hash === first.hash ? `#${sizes}` : hash;
  }

  /** True (and listed as a duplicate) when the unit's bytes are those of a unit whose match was read. */
  isCopy(u: ReadUnit): boolean {
    const copyOf = u.bytesKey === null ? undefined : this.seenBytes.get(u.bytesKey);
    if (copyOf === undefined) return false;
    this.duplicates.push({ file: u.name, sameAs: copyOf });
    return true;
  }

  /**
   * After a unit is parsed: whether its match is handed on. Not when it is another reading of a match read
   * (`key`: its {@link matchKey}, null when every reading counts), listed as a duplicate, nor when the
   * filter leaves it out.
   */
  admit(u: ReadUnit, key: string | null, fields: FilteredFields): boolean {
    const first = key === null ? undefined : this.seen.get(key);
    // (a match without fingerprint is counted every time it is read: its copies are parsed as before)
    if (u.bytesKey !== null && key !== null) this.seenBytes.set(u.bytesKey, first ?? u.name);
    if (first !== undefined) {
      this.duplicates.push({ file: u.name, sameAs: first });
      return false;
    }
    if (key !== null) this.seen.set(key, u.name);
    if (this.opts.filter && !passesFilter(this.opts.filter, fields)) {
      this.filtered++;
      return false;
    }
    return true;
  }

  /** The closing lines on stderr, and what the reading gave. */
  finish(): MatchInputResult {
    const { errors, duplicates, n, missing, failed, skipped } = this;
    if (n >= 25) this.clearLine();
    if (duplicates.length > 0) {
      const k = duplicates.length;
      writeErr(
        `bdb: ${k} file${k === 1 ? '' : 's'} set aside: ${k === 1 ? 'another reading' : 'other readings'} of matches read from other files, each counted once (listed in the JSON "duplicates"; --all-readings keeps them)\n`,
      );
    }
    if (skipped > 0) {
      writeErr(
        `bdb: ${skipped} other file${skipped === 1 ? '' : 's'} in the folders skipped (not match files: another format, a pipe or device, a link back to a folder being read)\n`,
      );
    }
    // listed by path, whatever the reading order (as the library lists them)
    const byFile = (a: { file: string }, b: { file: string }): number =>
      a.file < b.file ? -1 : a.file > b.file ? 1 : 0;
    errors.sort(byFile);
    duplicates.sort(byFile);
    const read = n + missing - failed - duplicates.length - this.filtered;
    if (failed > 0) {
      writeErr(`bdb: ${failed} of ${n + missing} input${n + missing === 1 ? '' : 's'} failed\n`);
      return { read, errors, duplicates, exitCode: EXIT.someFailed };
    }
    if (n === 0) {
      writeErr('bdb: no match files found\n');
      return { read, errors, duplicates, exitCode: EXIT.someFailed };
    }
    return { read, errors, duplicates, exitCode: EXIT.ok };
  }
}

/**
 * Reads every match under `paths`, calling `onMatch` for each (an exception thrown by it fails that file
 * only); errors go to stderr, one line each.
 */
export function readMatches(
  paths: readonly string[],
  onMatch: (match: Match, warnings: readonly ParseWarning[]) => void,
  opts: ReadMatchesOptions = {},
): MatchInputResult {
  const met = opts.met ?? defaultMet();
  const run = new ReadRun(opts);
  for (const unit of run.units(paths)) {
    const u = run.read(unit);
    if (u === null) continue;
    try {
      const { match, warnings } = parseMatchFiles(u.inputs, met, u.format);
      // the hash of the match's identity, not its text (about 1.5 KB a match, held for every match read)
      const key = run.compares ? matchKey(match) : null;
      if (run.admit(u, key, matchFields(match))) onMatch(match, warnings);
    } catch (e) {
      // the user's bad input, or a bug in bdb: reported, and fatal to this file only, not to the batch
      run.fail(u.name, describeFailure(u.name, e));
    }
  }
  return run.finish();
}
