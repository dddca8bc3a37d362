/**
 * Expanding command-line paths into the files to read. A file named on the command line is always read.
 * In folders (walked recursively, hidden entries skipped) a file is read when its extension is one of a
 * registered format's, or when its first bytes are recognised by a format (content detection); other
 * files are skipped and counted.
 */
import { closeSync, opendirSync, openSync, readSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { detectFormat, formats } from '../parsers/index.js';

/** Extensions that mark a match file by themselves; `.txt` is shared by many formats and by other files,
 *  so such files are taken only when their content is recognised. */
const EXTENSIONS = formats
  .flatMap((f) => f.extensions.map((e) => e.toLowerCase()))
  .filter((e) => e !== '.txt');

/** True when the first kilobytes of `file` are recognised by a registered format. */
function sniffFile(file: string): boolean {
  let fd: number | null = null;
  try {
    fd = openSync(file, 'r');
    const head = new Uint8Array(4096);
    const n = readSync(fd, head, 0, head.length, 0);
    return detectFormat(head.subarray(0, n)) !== null;
  } catch {
    return false;
  } finally {
    if (fd !== null) closeSync(fd);
  }
}

function walk(dir: string, out: (f: string) => void, skipped: () => void): void {
  const entries: string[] = [];
  const d = opendirSync(dir);
  try {
    for (let e = d.readSync(); e !== null; e = d.readSync()) {
      if (e.name.startsWith('.')) continue;
      if (e.isDirectory()) entries.push(`${e.name}/`);
      else if (e.isFile()) entries.push(e.name);
    }
  } finally {
    d.closeSync();
  }
  entries.sort();
  for (const name of entries) {
    if (name.endsWith('/')) {
      walk(join(dir, name.slice(0, -1)), out, skipped);
      continue;
    }
    const path = join(dir, name);
    const lower = name.toLowerCase();
    if (EXTENSIONS.some((x) => lower.endsWith(x)) || sniffFile(path)) out(path);
    else skipped();
  }
}

/** Callbacks for paths that cannot be expanded, and for folder files that are not match files. */
export interface InputFileEvents {
  onMissing(path: string, why: string): void;
  onSkipped?(): void;
}

/** Yields the files under `paths` in a stable order (folders sorted by name). */
export function* inputFiles(paths: readonly string[], events: InputFileEvents): Generator<string> {
  for (const p of paths) {
    let st: ReturnType<typeof statSync>;
    try {
      st = statSync(p);
    } catch {
      events.onMissing(p, 'no such file or folder');
      continue;
    }
    if (st.isDirectory()) {
      const list: string[] = [];
      try {
        walk(
          p,
          (f) => list.push(f),
          () => events.onSkipped?.(),
        );
      } catch (e) {
        events.onMissing(p, `cannot read folder: ${(e as Error).message}`);
        continue;
      }
      yield* list;
    } else yield p;
  }
}
