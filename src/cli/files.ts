/** Expanding command-line paths into the files to read: files as given, folders walked recursively. */
import { opendirSync, statSync } from 'node:fs';
import { join } from 'node:path';

/** Extensions read when walking folders (a file named on the command line is always read). */
export const MATCH_EXTENSIONS = ['.sgf'];

function walk(dir: string, out: (f: string) => void): void {
  const entries: string[] = [];
  const d = opendirSync(dir);
  try {
    for (let e = d.readSync(); e !== null; e = d.readSync()) {
      if (e.name.startsWith('.')) continue;
      if (e.isDirectory()) entries.push(`${e.name}/`);
      else if (e.isFile() && MATCH_EXTENSIONS.some((x) => e.name.toLowerCase().endsWith(x)))
        entries.push(e.name);
    }
  } finally {
    d.closeSync();
  }
  entries.sort();
  for (const name of entries) {
    if (name.endsWith('/')) walk(join(dir, name.slice(0, -1)), out);
    else out(join(dir, name));
  }
}

/** Yields the files under `paths` in a stable order; a missing path is reported through `onMissing`. */
export function* inputFiles(
  paths: readonly string[],
  onMissing: (p: string, why: string) => void,
): Generator<string> {
  for (const p of paths) {
    let st: ReturnType<typeof statSync>;
    try {
      st = statSync(p);
    } catch {
      onMissing(p, 'no such file or folder');
      continue;
    }
    if (st.isDirectory()) {
      const list: string[] = [];
      try {
        walk(p, (f) => list.push(f));
      } catch (e) {
        onMissing(p, `cannot read folder: ${(e as Error).message}`);
        continue;
      }
      yield* list;
    } else yield p;
  }
}
