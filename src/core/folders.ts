/**
 * Making a folder and its missing parents, bounded by the path's depth.
 *
 * Node's own `mkdirSync(path, { recursive: true })` (v20) never returns when the kernel answers ENOENT for a
 * folder whose parent exists, as /proc and /sys do (`/proc/nope`): it retries the same mkdir forever, at
 * 100 % CPU, inside one native call, so not even SIGTERM's handler can run. Here each missing folder is made
 * once, from the nearest existing one down, and the first refusal is thrown as the system gave it.
 */
import { mkdirSync, statSync } from 'node:fs';
import { dirname, resolve } from 'node:path';

/** Whether `path` exists (as anything). */
function exists(path: string): boolean {
  try {
    statSync(path);
    return true;
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code === 'ENOENT') return false;
    throw e;
  }
}

/**
 * Makes `path` and its missing parents (nothing when it is a folder already). Throws the system's error
 * (ENOENT, EACCES, EROFS, ENOTDIR, ENOSPC …) of the first folder it cannot make.
 */
export function makeFolders(path: string): void {
  const missing: string[] = [];
  for (let p = resolve(path); !exists(p); ) {
    missing.push(p);
    const up = dirname(p);
    if (up === p) break;
    p = up;
  }
  for (const folder of missing.reverse()) {
    try {
      mkdirSync(folder);
    } catch (e) {
      // made meanwhile by another process
      if ((e as NodeJS.ErrnoException).code !== 'EEXIST') throw e;
    }
  }
  // the path exists: it must be a folder
  if (!statSync(path).isDirectory()) {
    const e = new Error(`ENOTDIR: not a directory, mkdir '${path}'`) as NodeJS.ErrnoException;
    e.code = 'ENOTDIR';
    throw e;
  }
}
