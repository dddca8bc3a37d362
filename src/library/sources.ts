/**
 * The bytes of every imported file, kept beside the library so it stands alone (`bdb biases|plan
 * --library` parse them again; a future bdb can recompute from them): `LIBRARY.sources/ab/abcd….gz`, one
 * gzip file per content hash (SHA-256), written before the rows that name it are committed (a kill leaves
 * at most an unused file, never a row without its bytes). Not in DuckDB: large BLOBs made the database
 * six times larger and its checkpoints need memory in proportion.
 */
import { existsSync, mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { gunzipSync, gzipSync } from 'node:zlib';

/** The folder of a library's sources. */
export function sourcesDir(libraryPath: string): string {
  return `${libraryPath}.sources`;
}

/** Where the bytes of content `sha256` are kept. */
export function sourcePath(libraryPath: string, sha256: string): string {
  return join(sourcesDir(libraryPath), sha256.slice(0, 2), `${sha256}.gz`);
}

/** gzip at level 1: the fastest, a quarter of an SGF's size. */
export function compressSource(bytes: Uint8Array): Uint8Array {
  return gzipSync(bytes, { level: 1 });
}

/** Writes a compressed source unless it is there already (atomically: a temporary name, then a rename). */
export function writeSource(libraryPath: string, sha256: string, compressed: Uint8Array): void {
  const target = sourcePath(libraryPath, sha256);
  if (existsSync(target)) return;
  mkdirSync(dirname(target), { recursive: true });
  const tmp = `${target}.${process.pid}.tmp`;
  writeFileSync(tmp, compressed);
  renameSync(tmp, target);
}

/** The bytes of content `sha256`, or null when the library does not hold them. */
export function readSource(libraryPath: string, sha256: string): Uint8Array | null {
  const p = sourcePath(libraryPath, sha256);
  if (!existsSync(p)) return null;
  return new Uint8Array(gunzipSync(readFileSync(p)));
}
