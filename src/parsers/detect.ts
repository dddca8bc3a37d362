/**
 * Each input's format, told once from its first bytes, and the files of each match gathered into a unit
 * `{ format, files }`: one file for most formats; for a format that writes a match in several files (gnuBG's
 * text export: NAME.txt, NAME_002.txt …) the files its {@link MatchFormat.siblings} and
 * {@link MatchFormat.group} say belong together. The format goes with the unit to its reader, so no later
 * step looks at the bytes again to tell it. The files, their first bytes and the folders' listings are the
 * caller's to give (the CLI reads the disk); here formats and groups are decided from names and heads.
 */
import { basename, dirname, extname, join } from 'node:path';
import { UsageError } from '../errors.js';
import { FormatId, readingRank } from '../model/types.js';
import { gnubgTextFormat } from './gnubg-text/index.js';
import { matFormat } from './mat/index.js';
import { sgfFormat } from './sgf/index.js';
import type { MatchFormat } from './types.js';
import { xgFormat } from './xg/index.js';
import { xgTextFormat } from './xg-text/index.js';

/** Every format bdb reads, in detection order. Adding a format = one line here. */
export const formats: readonly MatchFormat[] = [
  xgFormat,
  sgfFormat,
  xgTextFormat,
  matFormat,
  gnubgTextFormat,
];

/**
 * What a file's first bytes told: a format's id; null when no format claims them (a file named to be read
 * is read all the same, and its reader says why it cannot); undefined when they were not seen (standard
 * input, whose bytes come only with its reading: they are then told once, by the reader's caller).
 */
export type Detected = FormatId | null | undefined;

/** A file to read and what its first bytes told. */
export interface DetectedFile {
  readonly file: string;
  readonly format: Detected;
}

/** The files of one match, in reading order, and their format. */
export interface MatchUnit {
  readonly format: Detected;
  readonly files: readonly string[];
}

/** The names in a folder, sorted; null when it cannot be listed. */
export type ListFolder = (dir: string) => readonly string[] | null;

/** The format whose sniff claims `head` (each format's sniff called once at most, in registry order); null if none. */
export function detectFormat(head: Uint8Array): MatchFormat | null {
  for (const f of formats) if (f.sniff(head)) return f;
  return null;
}

/** The registered format of an id. */
export function formatById(id: FormatId): MatchFormat {
  const format = formats.find((f) => f.id === id);
  if (format === undefined) throw new UsageError(`no reader for the format "${id}"`);
  return format;
}

/** A file and the format its first bytes (HEAD_BYTES of them, fewer in a shorter file) tell. */
export function detectFile(file: string, head: Uint8Array): DetectedFile {
  return { file, format: detectFormat(head)?.id ?? null };
}

/** Extensions that mark a match file by themselves; `.txt` is shared by many formats and by other files,
 *  so such files are taken only when their content is recognised. */
const EXTENSIONS = formats
  .flatMap((f) => f.extensions.map((e) => e.toLowerCase()))
  .filter((e) => e !== '.txt');

/**
 * Whether a file found in a folder is read: its name ends with a format's own extension (`.xg`, `.sgf`,
 * `.mat` …), or its first bytes are a format's. Other files are skipped.
 */
export function isMatchFile(f: DetectedFile): boolean {
  const lower = basename(f.file).toLowerCase();
  return EXTENSIONS.some((x) => lower.endsWith(x)) || (f.format !== null && f.format !== undefined);
}

/** True when `file` is named as one of `format`'s files. */
function namedAs(format: MatchFormat, file: string): boolean {
  const lower = file.toLowerCase();
  return format.extensions.some((x) => lower.endsWith(x));
}

/**
 * Gathers the matches of a format that writes a match in several files: its files among `files` (told by
 * their bytes and named as its files) with the other files of their matches found beside them in their
 * folders (each folder listed once; those files are read with their match, their bytes not looked at
 * before), grouped by the format. Each file of a group is mapped to its unit in `unitOf`.
 */
function gather(
  format: MatchFormat,
  files: readonly DetectedFile[],
  list: ListFolder,
  unitOf: Map<string, MatchUnit>,
): void {
  const { siblings, group } = format;
  if (siblings === undefined || group === undefined) return;
  const given = files.filter((f) => f.format === format.id && namedAs(format, f.file)).map((f) => f.file);
  const paths = [...given];
  const listed = new Set(given);
  const finders = new Map<string, ((name: string) => readonly string[]) | null>();
  for (const f of given) {
    const dir = dirname(f);
    let find = finders.get(dir);
    if (find === undefined) {
      const names = list(dir);
      find = names === null ? null : siblings(names);
      finders.set(dir, find);
    }
    for (const name of find?.(basename(f)) ?? []) {
      const p = join(dir, name);
      if (!listed.has(p)) {
        listed.add(p);
        paths.push(p);
      }
    }
  }
  for (const files of group(paths)) {
    const unit: MatchUnit = { format: format.id, files };
    for (const p of files) if (!unitOf.has(p)) unitOf.set(p, unit);
  }
}

/** The format a file's name promises, for its reading rank: `.xg`, `.xgp`, `.sgf`; any other ranks as a transcript. */
const RANK_BY_NAME: Readonly<Record<string, FormatId>> = {
  '.xg': FormatId.Xg,
  '.xgp': FormatId.Xgp,
  '.sgf': FormatId.Sgf,
};

/**
 * The reading rank ({@link readingRank}) of a unit: a group of a multi-file format ranks as its format, any
 * other unit as the format its name promises, as ranked before the format went with the unit (so that the
 * order of the matches, and which reading of a match is kept, stay as they were).
 */
function unitRank(unit: MatchUnit, grouped: boolean): number {
  if (grouped && unit.format) return readingRank(unit.format);
  return readingRank(RANK_BY_NAME[extname(unit.files[0]!).toLowerCase()] ?? FormatId.Mat);
}

/**
 * The matches to read: one unit per file, except that the files of a match a format writes in several
 * (gnuBG's text export: NAME.txt, NAME_002.txt …) are one unit, which takes the place of its first file
 * met in `files`. In input order, or with `byReading` best reading first ({@link readingRank}; input order
 * within a rank).
 *
 * @param files - the files found, each with the format its first bytes told
 * @param list - lists a folder, for the other files of a match beside its first file
 */
export function matchUnits(files: readonly DetectedFile[], list: ListFolder, byReading = false): MatchUnit[] {
  const unitOf = new Map<string, MatchUnit>();
  for (const format of formats) gather(format, files, list, unitOf);
  const out: MatchUnit[] = [];
  const done = new Set<MatchUnit>();
  for (const f of files) {
    const unit = unitOf.get(f.file);
    if (unit === undefined) out.push({ format: f.format, files: [f.file] });
    else if (!done.has(unit)) {
      done.add(unit);
      out.push(unit);
    }
  }
  if (!byReading) return out;
  const rank = new Map(out.map((u) => [u, unitRank(u, done.has(u))]));
  return out.sort((a, b) => rank.get(a)! - rank.get(b)!);
}
