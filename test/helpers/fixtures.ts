/** Paths of the reference files copied into the repository (see test/reference-matches/README.md). */
import { readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

/** The folder of copied reference files. */
export const REF_DIR = fileURLToPath(new URL('../reference-matches/', import.meta.url));

/** The files of a reference sub-folder with the given extension, sorted. */
export function refFiles(sub: string, ext: string): string[] {
  return readdirSync(`${REF_DIR}${sub}`)
    .filter((f) => f.endsWith(ext))
    .sort()
    .map((f) => `${REF_DIR}${sub}/${f}`);
}

/** The bytes of a file as a Uint8Array. */
export function bytesOf(path: string): Uint8Array {
  const b = readFileSync(path);
  return new Uint8Array(b.buffer, b.byteOffset, b.length);
}
