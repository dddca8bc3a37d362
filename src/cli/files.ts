/**
 * Expanding command-line paths into the files to read, each with the format its first bytes tell (read once
 * here, decided by src/parsers/detect.ts). A file named on the command line is always read. In folders
 * (walked recursively, hidden entries skipped) a file is read when its extension is one of a registered
 * format's, or when its first bytes are recognised by a format (content detection); other files are skipped
 * and counted.
 */
import { closeSync, opendirSync, openSync, readdirSync, readSync, realpathSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { isatty } from 'node:tty';
import { UsageError } from '../errors.js';
import { HEAD_BYTES } from '../model/format-info.js';
import {
  type DetectedFile,
  detectFile,
  isMatchFile,
  type MatchUnit,
  matchUnits as unitsOf,
} from '../parsers/index.js';

/** Why a path cannot be read, from the error of its `stat`. */
function whyNot(e: unknown): string {
  const code = (e as NodeJS.ErrnoException).code;
  return code === 'ELOOP'
    ? 'a loop of symbolic links'
    : code === 'EACCES' || code === 'EPERM'
      ? 'permission denied'
      : code === 'ENOENT'
        ? 'no such file or folder'
        : code === 'ENAMETOOLONG'
          ? 'the path is too long to open'
          : `cannot be read (${code ?? (e as Error).message})`;
}

/**
 * Walks a folder in name order. Symbolic links are followed: to a file, it is read like one; to a folder,
 * walked unless it is one the walk is already in (`seen`, by real path: then skipped and counted); broken
 * ones and loops of links are reported (`problem`); pipes, devices and sockets are skipped and counted. A
 * folder that cannot be listed (permission denied, a path too long …) is reported by its own path, once,
 * and the walk goes on beside it.
 */
function walk(
  dir: string,
  out: (f: DetectedFile) => void,
  skipped: () => void,
  problem: (path: string, why: string) => void,
  seen: Set<string>,
): void {
  const entries: string[] = [];
  let d: ReturnType<typeof opendirSync>;
  try {
    d = opendirSync(dir);
  } catch (err) {
    problem(dir, whyNot(err));
    return;
  }
  try {
    for (let e = d.readSync(); e !== null; e = d.readSync()) {
      if (e.name.startsWith('.')) continue;
      if (e.isDirectory()) entries.push(`${e.name}/`);
      else if (e.isFile()) entries.push(e.name);
      else if (e.isSymbolicLink()) {
        try {
          const st = statSync(join(dir, e.name));
          if (st.isDirectory()) entries.push(`${e.name}/`);
          else if (st.isFile()) entries.push(e.name);
          else skipped();
        } catch (err) {
          problem(join(dir, e.name), whyNot(err));
        }
      } else skipped();
    }
  } catch (err) {
    // the listing failed part way (an I/O error): the folder is reported, none of its files read
    problem(dir, whyNot(err));
    return;
  } finally {
    d.closeSync();
  }
  entries.sort();
  for (const name of entries) {
    if (name.endsWith('/')) {
      const sub = join(dir, name.slice(0, -1));
      let real: string;
      try {
        real = realpathSync(sub);
      } catch (err) {
        problem(sub, whyNot(err));
        continue;
      }
      if (seen.has(real)) {
        // a link back to a folder being read: its files are read once, through the folder itself
        skipped();
        continue;
      }
      seen.add(real);
      walk(sub, out, skipped, problem, seen);
      seen.delete(real);
      continue;
    }
    const path = join(dir, name);
    const found = detectFile(path, headOf(path));
    if (isMatchFile(found)) out(found);
    else skipped();
  }
}

/** Why standard input is not read when it is a terminal. */
export const STDIN_TERMINAL =
  'standard input is a terminal: give a match file through a pipe or a redirection (bdb stats - < match.xg)';

/** Callbacks for paths that cannot be expanded, and for folder files that are not match files. */
export interface InputFileEvents {
  onMissing(path: string, why: string): void;
  onSkipped?(): void;
}

/** The path that names standard input (`bdb stats -`, `cat m.xg | bdb review -`). */
export const STDIN_PATH = '-';

/** How standard input is named in messages and in the output. */
export const STDIN_NAME = '<stdin>';

/** The name of an input in messages: `<stdin>` for `-`, else the path as given. */
export function inputName(path: string): string {
  return path === STDIN_PATH ? STDIN_NAME : path;
}

/** A file named to be read, with what its first bytes tell (standard input's are seen only with its reading). */
export function namedFile(path: string): DetectedFile {
  return path === STDIN_PATH ? { file: path, format: undefined } : detectFile(path, headOf(path));
}

/**
 * Yields the files under `paths` in a stable order (folders sorted by name), each with the format its first
 * bytes tell; `-` is standard input, read once (a second `-` is a usage error), and never from a terminal
 * (reported: bdb would wait for typing).
 */
export function* inputFiles(paths: readonly string[], events: InputFileEvents): Generator<DetectedFile> {
  if (paths.filter((p) => p === STDIN_PATH).length > 1)
    throw new UsageError(`${STDIN_PATH} (standard input) can be given once`);
  for (const p of paths) {
    if (p === STDIN_PATH) {
      if (isatty(0)) events.onMissing(STDIN_NAME, STDIN_TERMINAL);
      else yield namedFile(p);
      continue;
    }
    let st: ReturnType<typeof statSync>;
    try {
      st = statSync(p);
    } catch (e) {
      events.onMissing(p, whyNot(e));
      continue;
    }
    if (!st.isDirectory() && !st.isFile()) {
      // a FIFO would wait for a writer forever, a device (/dev/zero) never ends
      events.onMissing(p, 'not a regular file (a pipe, a device or a socket); not read');
      continue;
    }
    if (st.isDirectory()) {
      let real: string;
      try {
        real = realpathSync(p);
      } catch (e) {
        events.onMissing(p, whyNot(e));
        continue;
      }
      const list: DetectedFile[] = [];
      walk(
        p,
        (f) => list.push(f),
        () => events.onSkipped?.(),
        (path, why) => events.onMissing(path, why),
        new Set([real]),
      );
      yield* list;
    } else yield namedFile(p);
  }
}

/** The first bytes of a file (HEAD_BYTES at most), which tell its format; none when it cannot be read. */
function headOf(file: string): Uint8Array {
  let fd: number | null = null;
  try {
    fd = openSync(file, 'r');
    const head = new Uint8Array(HEAD_BYTES);
    return head.subarray(0, readSync(fd, head, 0, head.length, 0));
  } catch {
    return new Uint8Array(0);
  } finally {
    if (fd !== null) closeSync(fd);
  }
}

/** The names in a folder, sorted; null when it cannot be listed (its exports' first files are then read alone). */
function listFolder(dir: string): string[] | null {
  try {
    return readdirSync(dir).sort();
  } catch {
    return null;
  }
}

/**
 * The matches to read (src/parsers/detect.ts): one file each, except gnuBG text exports, whose per-game
 * files (NAME.txt, NAME_002.txt …) found beside their first file are one match. In input order, or with
 * `byReading` best reading first (XG, SGF, gnuBG text, then transcripts; input order within a rank).
 */
export function matchUnits(files: readonly DetectedFile[], byReading = false): MatchUnit[] {
  return unitsOf(files, listFolder, byReading);
}
