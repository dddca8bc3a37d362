/**
 * Expanding command-line paths into the files to read. A file named on the command line is always read.
 * In folders (walked recursively, hidden entries skipped) a file is read when its extension is one of a
 * registered format's, or when its first bytes are recognised by a format (content detection); other
 * files are skipped and counted.
 */
import { closeSync, opendirSync, openSync, readdirSync, readSync, realpathSync, statSync } from 'node:fs';
import { basename, dirname, extname, join } from 'node:path';
import { isatty } from 'node:tty';
import { UsageError } from '../errors.js';
import { HEAD_BYTES } from '../model/format-info.js';
import { FormatId, readingRank } from '../model/types.js';
import { groupGnubgTextFiles, sniffGnubgText } from '../parsers/gnubg-text/index.js';
import { detectFormat, formats } from '../parsers/index.js';

/** Extensions that mark a match file by themselves; `.txt` is shared by many formats and by other files,
 *  so such files are taken only when their content is recognised. */
const EXTENSIONS = formats
  .flatMap((f) => f.extensions.map((e) => e.toLowerCase()))
  .filter((e) => e !== '.txt');

/** True when the first kilobytes of `file` are recognised by a registered format. */
function sniffFile(file: string): boolean {
  return detectFormat(headOf(file)) !== null;
}

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
  out: (f: string) => void,
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
    const lower = name.toLowerCase();
    if (EXTENSIONS.some((x) => lower.endsWith(x)) || sniffFile(path)) out(path);
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

/**
 * Yields the files under `paths` in a stable order (folders sorted by name); `-` is standard input, read
 * once (a second `-` is a usage error), and never from a terminal (reported: bdb would wait for typing).
 */
export function* inputFiles(paths: readonly string[], events: InputFileEvents): Generator<string> {
  if (paths.filter((p) => p === STDIN_PATH).length > 1)
    throw new UsageError(`${STDIN_PATH} (standard input) can be given once`);
  for (const p of paths) {
    if (p === STDIN_PATH) {
      if (isatty(0)) events.onMissing(STDIN_NAME, STDIN_TERMINAL);
      else yield p;
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
      const list: string[] = [];
      walk(
        p,
        (f) => list.push(f),
        () => events.onSkipped?.(),
        (path, why) => events.onMissing(path, why),
        new Set([real]),
      );
      yield* list;
    } else yield p;
  }
}

/** True when bytes are a gnuBG text export (read with its sibling game files, not alone). */
function isGnubgText(bytes: Uint8Array): boolean {
  return sniffGnubgText(bytes.subarray(0, HEAD_BYTES));
}

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

/** The reading rank ({@link readingRank}) of a unit, told by its files' names (and whether it is gnuBG text). */
function unitRank(unit: readonly string[], text: boolean): number {
  if (text) return readingRank(FormatId.GnubgText);
  const ext = extname(unit[0]!).toLowerCase();
  return readingRank(
    ext === '.xg'
      ? FormatId.Xg
      : ext === '.xgp'
        ? FormatId.Xgp
        : ext === '.sgf'
          ? FormatId.Sgf
          : FormatId.Mat,
  );
}

/**
 * A name as a case-insensitive regular expression (without the u flag) compares it: each UTF-16 unit
 * upper-cased when that gives one unit, and not a non-ASCII unit turned into an ASCII one (ECMAScript's
 * Canonicalize). Two names fold to the same text exactly when `/^a$/i` matches `b`.
 */
function foldCase(name: string): string {
  let out = '';
  for (let i = 0; i < name.length; i++) {
    const c = name[i]!;
    const u = c.toUpperCase();
    out += u.length !== 1 || (c.charCodeAt(0) >= 128 && u.charCodeAt(0) < 128) ? c : u;
  }
  return out;
}

/**
 * The numbered game files (NAME_002.txt …) of gnuBG text exports, found by listing each folder once: a
 * folder of N exports is listed once, not once per export (it was N listings of the whole folder, 75 s for
 * 1,975 exports of 8 games on average).
 */
class GameFiles {
  /** Folder → folded stem → its game files' names, sorted; null when the folder cannot be listed. */
  private readonly folders = new Map<string, Map<string, string[]> | null>();

  /** The game files of the export whose first file is `dir`/`stem`.txt (the stem compared as {@link foldCase}). */
  of(dir: string, stem: string): readonly string[] {
    let byStem = this.folders.get(dir);
    if (byStem === undefined) {
      byStem = null;
      try {
        const names = readdirSync(dir).sort();
        byStem = new Map();
        for (const n of names) {
          const m = /^(.*)_\d{3}\.txt$/i.exec(n);
          if (!m) continue;
          const key = foldCase(m[1]!);
          const list = byStem.get(key);
          if (list) list.push(n);
          else byStem.set(key, [n]);
        }
      } catch {
        // an unreadable folder: its first files are read alone
      }
      this.folders.set(dir, byStem);
    }
    return byStem?.get(foldCase(stem)) ?? [];
  }
}

/**
 * The matches to read: one file each, except gnuBG text exports, whose per-game files (NAME.txt,
 * NAME_002.txt …) are grouped into one match. In input order, or with `byReading` best reading first
 * ({@link readingRank}; input order within a rank).
 */
export function matchUnits(files: readonly string[], byReading = false): string[][] {
  const given = files.filter((f) => f.toLowerCase().endsWith('.txt') && isGnubgText(headOf(f)));
  // a match given by its first file brings its other games: NAME_002.txt … in the same folder
  const text = [...given];
  const listed = new Set(given);
  const games = new GameFiles();
  for (const f of given) {
    const m = /^(.*)\.txt$/i.exec(basename(f));
    if (!m || /_\d{3}$/.test(m[1]!)) continue;
    const dir = dirname(f);
    for (const n of games.of(dir, m[1]!)) {
      const p = join(dir, n);
      if (!listed.has(p)) {
        listed.add(p);
        text.push(p);
      }
    }
  }
  const textSet = new Set(text);
  const groupOf = new Map<string, string[]>();
  for (const g of groupGnubgTextFiles(text)) for (const f of g) groupOf.set(f, g);
  const out: string[][] = [];
  const done = new Set<string[]>();
  for (const f of files) {
    if (!textSet.has(f)) out.push([f]);
    else {
      const g = groupOf.get(f)!;
      if (!done.has(g)) {
        done.add(g);
        out.push(g);
      }
    }
  }
  if (!byReading) return out;
  const rank = new Map(out.map((u) => [u, unitRank(u, textSet.has(u[0]!))]));
  return out.sort((a, b) => rank.get(a)! - rank.get(b)!);
}
