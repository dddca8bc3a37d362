/**
 * The files a command writes for the user (`bdb export OUT`, `--html OUT`, a tournament's event file), all
 * through one rule:
 *
 * - never the library (through any path: a symbolic or hard link is the same file, told by its device and
 *   inode), its write-ahead log or anything in its `.sources` folder, nor an input of the command (a file
 *   named, or a match file found in a folder named): refused as a usage error, whatever `--force` says;
 * - an existing file is replaced only with `--force` (else one line, exit 1); a folder never;
 * - the bytes go to a hidden temporary file beside the output (`.tmp-PID-NAME`: the name keeps its
 *   extension), flushed to disk, then renamed onto it: a failed or killed write leaves no half file, and an
 *   existing file whole. A symbolic link to a file is followed: the file it names is replaced, not the link.
 *   A device or a pipe (`/dev/stdout`) is written in place: nothing there to replace.
 */
import { createHash } from 'node:crypto';
import {
  closeSync,
  fsyncSync,
  linkSync,
  lstatSync,
  openSync,
  realpathSync,
  renameSync,
  rmSync,
  type Stats,
  statSync,
  unlinkSync,
  writeFileSync,
} from 'node:fs';
import { basename, dirname, extname, join, resolve, sep } from 'node:path';
import { UsageError } from '../errors.js';
import { sourcesDir } from '../library/sources.js';
import { oneLine } from './failure.js';
import { inputFiles, STDIN_PATH } from './files.js';
import { cliLibraryPath } from './library-input.js';
import { writeErr, writeFailure } from './output.js';

/** What an output must not be, and whether it may replace a file. */
export interface OutputRules {
  /** `--force`: an existing file is replaced. */
  readonly force: boolean;
  /** The libraries the command reads or names (each with its log and sources folder). */
  readonly libraries?: readonly string[];
  /** The paths the command reads: files, and folders (the match files found in them); `-` is ignored. */
  readonly inputs?: readonly string[];
}

/** `stat` of a path (through links), or null when there is nothing there. */
function statOrNull(path: string): Stats | null {
  try {
    return statSync(path);
  } catch {
    return null;
  }
}

/** True when `a` and `b` are one file: the same device and inode. */
function same(a: Stats, b: Stats): boolean {
  return a.dev === b.dev && a.ino === b.ino;
}

/** An existing file's identity, its device and inode (the same through any link), or null. */
export function fileKey(path: string): string | null {
  const st = statOrNull(path);
  return st === null ? null : `${st.dev}:${st.ino}`;
}

/** True when the two paths name one existing file (through links, symbolic or hard). */
export function sameFile(a: string, b: string): boolean {
  const sa = statOrNull(a);
  const sb = sa === null ? null : statOrNull(b);
  return sa !== null && sb !== null && same(sa, sb);
}

/** The path with its folder's links resolved (and its own, when it is one to an existing file). */
function realPath(path: string): string {
  try {
    return realpathSync(path);
  } catch {
    try {
      return join(realpathSync(dirname(path)), basename(path));
    } catch {
      return resolve(path);
    }
  }
}

/** The usage error of an output that is a file bdb must not write over. */
function notThere(path: string, what: string): UsageError {
  return new UsageError(`${path}: is ${what}; bdb does not write over it: give another file`);
}

/** Throws when `path` is a library's file or lies in its sources folder. */
function checkLibraries(path: string, st: Stats | null, libraries: readonly string[]): void {
  const real = realPath(path);
  for (const lib of libraries) {
    const libSt = statOrNull(lib);
    if (st !== null && libSt !== null && same(st, libSt)) throw notThere(path, `the library ${lib}`);
    const libReal = realPath(lib);
    if (real === `${libReal}.wal`) throw notThere(path, `the write-ahead log of the library ${lib}`);
    const sources = realPath(sourcesDir(lib));
    if (real === sources || real.startsWith(sources + sep))
      throw notThere(path, `in the sources folder of the library ${lib}`);
  }
}

/** Throws when the existing output `st` is one of the inputs (files named, match files in folders named). */
function checkInputs(path: string, st: Stats, inputs: readonly string[], deep: boolean): void {
  const folders: string[] = [];
  for (const p of inputs) {
    if (p === STDIN_PATH) continue;
    const ist = statOrNull(p);
    if (ist === null) continue;
    if (ist.isDirectory()) folders.push(p);
    else if (same(st, ist)) throw notThere(path, `an input (${p})`);
  }
  if (!deep || folders.length === 0) return;
  // missing and unreadable paths are the reading's to report
  for (const { file } of inputFiles(folders, { onMissing() {} })) {
    const ist = statOrNull(file);
    if (ist !== null && same(st, ist)) throw notThere(path, `an input (${file})`);
  }
}

/**
 * Checks that `path` may be written under `rules`, before any work: throws a UsageError when it is the
 * library or an input; returns the one line saying why not when it is a folder or an existing file without
 * `--force`; null when it may be written. `deep` also lists the folders named to find the match files in
 * them (done once, at the start: the check before the write skips it).
 */
export function checkOutput(path: string, rules: OutputRules, deep = true): string | null {
  const st = statOrNull(path);
  checkLibraries(path, st, rules.libraries ?? []);
  if (st === null) return null;
  if (st.isDirectory()) return `${path}: cannot write: is a folder`;
  // a device or a pipe is written as it is (/dev/stdout)
  if (!st.isFile()) return null;
  checkInputs(path, st, rules.inputs ?? [], deep);
  if (!rules.force) return `${path}: already exists (give --force to replace it)`;
  return null;
}

/** The longest file name the usual file systems take, in bytes. */
const NAME_MAX = 255;

/**
 * The name of the temporary file written beside the output named `name`: `.tmp-PID-NAME`, or, when that
 * would be longer than a file system takes, `.tmp-PID-` and a digest of the name with its extension (an
 * output whose own name is at the limit can still be written).
 */
export function tempName(name: string): string {
  const prefix = `.tmp-${process.pid}-`;
  const whole = prefix + name;
  if (Buffer.byteLength(whole) <= NAME_MAX) return whole;
  const digest = createHash('sha256').update(name).digest('hex').slice(0, 16);
  const ext = extname(name);
  return prefix + digest + (Buffer.byteLength(ext) <= 32 ? ext : '');
}

/** Why a write failed, the first line of it (DuckDB's messages run on). */
function failure(path: string, e: unknown, replaces: boolean): string {
  return `${path}: cannot write${replaces ? ' (left unchanged)' : ''}: ${writeFailure(e).split('\n')[0]}`;
}

/**
 * An output being written: {@link OutputFile.start} checks it (again: the inputs named, not the folders'
 * files), the bytes go to {@link OutputFile.writePath}, then {@link OutputFile.finish} puts them in place
 * (or {@link OutputFile.fail} removes them).
 */
export class OutputFile {
  /** The output as the user named it. */
  readonly path: string;
  /** Where to write: the temporary file beside the output (an absolute path), or the output itself (a
   *  device, a pipe). */
  readonly writePath: string;
  /** The file the temporary one replaces (the output, or the file a link of it names). */
  private readonly target: string;
  private readonly force: boolean;
  /** Whether a file is there to be replaced (then left unchanged by a failure). */
  private readonly replaces: boolean;

  private constructor(path: string, writePath: string, target: string, force: boolean, replaces: boolean) {
    this.path = path;
    this.writePath = writePath;
    this.target = target;
    this.force = force;
    this.replaces = replaces;
  }

  /** The output ready to be written, or the one line saying why it may not be (see {@link checkOutput}). */
  static start(path: string, rules: OutputRules): OutputFile | string {
    const refused = checkOutput(path, rules, false);
    if (refused !== null) return refused;
    const st = statOrNull(path);
    // a device or a pipe: written as it is
    if (st !== null && !st.isFile()) return new OutputFile(path, path, path, rules.force, false);
    // a link to a file: the file is replaced
    const link = st !== null && lstatSync(path).isSymbolicLink();
    const target = link ? realpathSync(path) : resolve(path);
    const temp = join(dirname(target), tempName(basename(target)));
    try {
      rmSync(temp, { force: true });
    } catch (e) {
      return failure(path, e, st !== null);
    }
    return new OutputFile(path, temp, target, rules.force, st !== null);
  }

  /** Puts the written bytes in place; null, else the one line saying why not (nothing left behind). */
  finish(): string | null {
    if (this.writePath === this.target) return null;
    try {
      const fd = openSync(this.writePath, 'r');
      try {
        fsyncSync(fd);
      } finally {
        closeSync(fd);
      }
      if (this.force) renameSync(this.writePath, this.target);
      else placeNew(this.writePath, this.target);
      return null;
    } catch (e) {
      return this.fail(e);
    }
  }

  /** After a failed write: removes the temporary file; returns the one line saying why. */
  fail(e: unknown): string {
    if (this.writePath !== this.target) {
      try {
        rmSync(this.writePath, { force: true });
      } catch {
        // the temporary file could not be removed either: the output itself is untouched
      }
    }
    if ((e as NodeJS.ErrnoException).code === 'EEXIST')
      return `${this.path}: already exists (give --force to replace it)`;
    // DuckDB names the file it wrote: the user knows the output's name, not the temporary one's
    return failure(this.path, e, this.replaces).replaceAll(this.writePath, this.path);
  }
}

/**
 * Puts the finished `temp` at `target`, which must not exist: a hard link fails (EEXIST) when a file came
 * there meanwhile; a file system without hard links gets a rename.
 */
function placeNew(temp: string, target: string): void {
  try {
    linkSync(temp, target);
  } catch (e) {
    const code = (e as NodeJS.ErrnoException).code;
    if (code !== 'EPERM' && code !== 'ENOTSUP' && code !== 'EOPNOTSUPP' && code !== 'EMLINK') throw e;
    renameSync(temp, target);
    return;
  }
  unlinkSync(temp);
}

/** Writes `text` to the output `path` under `rules`; null when written, else the one line saying why not. */
export function writeOutputText(path: string, rules: OutputRules, text: string): string | null {
  return writeOutputPieces(path, rules, (write) => write(text));
}

/** Text gathered before it goes to the file. */
const PIECE_CHARS = 1 << 16;

/**
 * Writes to the output `path` under `rules` the text `produce` hands its writer, piece by piece as it is made
 * (a page listing every decision is never whole in memory), under the same rules as {@link writeOutputText}:
 * nothing is left behind when it fails. Null when written, else the one line saying why not.
 */
export function writeOutputPieces(
  path: string,
  rules: OutputRules,
  produce: (write: (text: string) => void) => void,
): string | null {
  const out = OutputFile.start(path, rules);
  if (typeof out === 'string') return out;
  // an error of the writing is the one line; one of `produce` (a fault of bdb's) goes on, the file removed
  let writing = true;
  try {
    const fd = openSync(out.writePath, 'w');
    try {
      let buf = '';
      const flush = (): void => {
        writing = true;
        writeFileSync(fd, buf);
        buf = '';
        writing = false;
      };
      writing = false;
      produce((text) => {
        buf += text;
        if (buf.length >= PIECE_CHARS) flush();
      });
      if (buf.length > 0) flush();
      writing = true;
    } finally {
      closeSync(fd);
    }
  } catch (e) {
    const line = out.fail(e);
    if (!writing) throw e;
    return line;
  }
  return out.finish();
}

/**
 * The rules of a page a command writes (`--html OUT`): not one of its `inputs`, not the library it reads
 * (`library`: its `--library` value, undefined for the default one; null when it reads files), nor the
 * default library.
 */
export function pageRules(
  force: boolean | undefined,
  inputs: readonly string[],
  library: string | undefined | null,
): OutputRules {
  const libraries = [cliLibraryPath(undefined)];
  if (library !== null) libraries.push(cliLibraryPath(library));
  return { force: force === true, inputs, libraries };
}

/**
 * {@link checkOutput} before the work, said: true (after one line on stderr) when the output may not be
 * written; a usage error (the library, an input) is thrown.
 */
export function outputRefused(path: string, rules: OutputRules): boolean {
  const why = checkOutput(path, rules);
  if (why === null) return false;
  writeErr(`bdb: ${oneLine(why)}\n`);
  return true;
}

/**
 * Writes a page (`--html OUT`) under `rules` and names it on stderr (`bdb: wrote OUT`); false after one line
 * on stderr saying why it was not written.
 */
export function writePage(path: string, rules: OutputRules, html: string): boolean {
  const failed = writeOutputText(path, rules, html);
  if (failed !== null) {
    writeErr(`bdb: ${oneLine(failed)}\n`);
    return false;
  }
  writeErr(`bdb: wrote ${path}\n`);
  return true;
}
