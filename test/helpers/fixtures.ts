/**
 * Where the tests' files are. Everything `npm test` needs is in the repository: the reference files copied
 * into test/reference-matches/ (provenance in its README). The shared reference set beside a clone
 * (`../shared/`: all 386 gnuBG-generated files, the 1,777 Galaxy transcripts …) is optional: a test that
 * needs more than the copies reads it only through `shared()` below and is skipped, with the reason in its
 * title, when it is absent (test/repo/shared-reads.test.ts keeps it so).
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { gunzipSync } from 'node:zlib';

/** The folder of copied reference files. */
export const REF_DIR = fileURLToPath(new URL('../reference-matches/', import.meta.url));

/** The files of a reference sub-folder with the given extension, sorted. */
export function refFiles(sub: string, ext: string): string[] {
  return readdirSync(`${REF_DIR}${sub}`)
    .filter((f) => f.endsWith(ext))
    .sort()
    .map((f) => `${REF_DIR}${sub}/${f}`);
}

/**
 * The matches gnuBG played, analysed and exported whole in test/reference-matches/gnubg/ (SGF, text export,
 * transcript and its printed statistics): four of the shared gnubg-generated set and six made the same way
 * (README there).
 */
export const GNUBG_MADE: readonly string[] = [
  'g0001',
  'g0002',
  'g0035',
  'g0047',
  'g0071',
  'g0143',
  'g0179',
  'g0227',
  'g1262',
  'g1547',
];

/** The bytes of a file as a Uint8Array. */
export function bytesOf(path: string): Uint8Array {
  const b = readFileSync(path);
  return new Uint8Array(b.buffer, b.byteOffset, b.length);
}

/** The text of a copied file kept gzipped to keep the repository small (`NAME.gz`: the original's bytes). */
export function gunzipText(path: string): string {
  return gunzipSync(readFileSync(path)).toString('utf8');
}

/** The shared reference set beside the clone: `../shared/` from the repository root. */
export const SHARED_DIR = fileURLToPath(new URL('../../../shared/', import.meta.url));

/** A folder of the shared reference set, and whether this machine has it. */
export interface SharedFolder {
  /** Its absolute path, ending with '/'. */
  readonly dir: string;
  /** Whether it is there. */
  readonly present: boolean;
  /** Whether it is absent: for `describe.skipIf(folder.absent)`. */
  readonly absent: boolean;
  /** A test's title, with the reason it is skipped when the folder is absent (the reporter prints titles). */
  title(text: string): string;
  /** The names in the folder, sorted; none when it is absent (so that collecting a skipped test works). */
  names(): string[];
}

/** What the title of a test skipped for want of the shared set says (the reporter lists them). */
export const SHARED_SKIP_MARK = '(skipped: needs ../shared/';

/** `sub` of the shared reference set (e.g. 'corpora/galaxy-mat'), for the tests that need more than the copies. */
export function shared(sub: string): SharedFolder {
  const dir = `${SHARED_DIR}${sub.replace(/\/$/, '')}/`;
  const present = existsSync(dir);
  return {
    dir,
    present,
    absent: !present,
    title: (text) => (present ? text : `${text} ${SHARED_SKIP_MARK}${sub}, absent)`),
    names: () => (present ? readdirSync(dir).sort() : []),
  };
}
