/**
 * A match from gnuBG's text export: one file per game (`NAME.txt`, `NAME_002.txt`, `NAME_003.txt` …, gnuBG's
 * `filename_from_iGame`), assembled in game order and checked for consistency.
 */

import { readDate } from '../../core/dates.js';
import { CorruptFileError, shown } from '../../errors.js';
import type { Met } from '../../met/index.js';
import type { AnalyserInfo, Game, Match } from '../../model/types.js';
import type { ParseWarning } from '../types.js';
import { deeperDepth, parseGnubgTextGame } from './game.js';
import { GNUBG_TEXT_FORMAT_ID, type GnubgTextFile } from './types.js';

/** The folder part (with its separator) and the name of a path, `/` or `\` separated. */
function splitPath(path: string): { dir: string; name: string } {
  const k = Math.max(path.lastIndexOf('/'), path.lastIndexOf('\\'));
  return { dir: path.slice(0, k + 1), name: path.slice(k + 1) };
}

/** The stem and game number a file name gives: `X.txt` → (X, 1), `X_005.txt` → (X, 5); null otherwise. */
function stemOf(path: string): { stem: string; game: number; numbered: boolean } | null {
  const { dir, name } = splitPath(path);
  const numbered = /^(.+)_(\d{3,})\.txt$/i.exec(name);
  if (numbered && Number(numbered[2]) >= 2) {
    return { stem: dir + numbered[1]!, game: Number(numbered[2]), numbered: true };
  }
  const plain = /^(.+)\.txt$/i.exec(name);
  return plain ? { stem: dir + plain[1]!, game: 1, numbered: false } : null;
}

/**
 * Groups text-export files into matches: `X.txt`, `X_002.txt`, `X_003.txt` … belong to match `X`, in game
 * order. A numbered file joins `X` when `X.txt` or another `X_NNN.txt` is among the paths; alone, it is a
 * match of its own (a single game exported under a name ending in `_NNN`). Paths not ending in `.txt` are
 * groups of their own. Groups come in the order their first file appears; duplicates are dropped.
 *
 * @param paths - file paths (any separator)
 * @returns the groups, each in game order
 */
export function groupGnubgTextFiles(paths: string[]): string[][] {
  const unique = [...new Set(paths)];
  const parsed = unique.map((p) => ({ path: p, s: stemOf(p) }));
  const members = new Map<string, number>();
  for (const { s } of parsed)
    if (s) members.set(s.stem.toLowerCase(), (members.get(s.stem.toLowerCase()) ?? 0) + 1);
  const groups = new Map<string, { path: string; game: number }[]>();
  const order: string[] = [];
  for (const { path, s } of parsed) {
    let key: string;
    let game = 1;
    if (!s) key = `\0${path}`;
    else if (s.numbered && (members.get(s.stem.toLowerCase()) ?? 0) < 2) key = `\0${path}`;
    else {
      key = s.stem.toLowerCase();
      game = s.game;
    }
    let g = groups.get(key);
    if (!g) {
      g = [];
      groups.set(key, g);
      order.push(key);
    }
    g.push({ path, game });
  }
  return order.map((k) =>
    groups
      .get(k)!
      .sort((a, b) => a.game - b.game || (a.path < b.path ? -1 : a.path > b.path ? 1 : 0))
      .map((x) => x.path),
  );
}

/** The game number of a file from its name (1 for a file without the `_NNN` suffix). */
function fileGameNumber(file: string): number {
  return stemOf(file)?.game ?? 1;
}

/** Builds the match from the parsed files of one match, in order; warnings are prefixed with the file. */
export function assembleGnubgTextMatch(parsed: readonly GnubgTextFile[]): {
  match: Match;
  warnings: ParseWarning[];
} {
  const first = parsed[0];
  if (!first) throw new CorruptFileError({ file: '(no file)' }, 'no text-export file to read');
  const many = parsed.length > 1;
  const warnings: ParseWarning[] = [];
  const note: Note = (f, w) => {
    warnings.push(many ? { ...w, message: `${splitPath(f.file).name}: ${w.message}` } : w);
  };
  // the date as the first file prints it (every file prints the same), its name settling an ambiguous order
  const date = readDate(first.date, first.file);
  if (date.problem !== null) warnings.push({ message: date.problem });
  const games: Game[] = [];
  let prev: Game | null = null;
  for (const f of parsed) {
    if (f !== first) checkSameMatch(f, first);
    for (const w of f.warnings) note(f, w);
    for (const g of f.games) {
      checkFollows(g, prev, f, note);
      games.push(g);
      prev = g;
    }
  }
  return {
    match: {
      file: first.file,
      format: GNUBG_TEXT_FORMAT_ID,
      players: first.players,
      matchLength: first.matchLength,
      date: date.day,
      event: first.event,
      round: first.round,
      place: first.place,
      // the text export does not print the rules: gnuBG's defaults (Crawford rule at match play)
      rules: { crawford: first.matchLength > 0, jacoby: false, cube: true },
      analyser: analyserOf(parsed),
      // every analysed move and roll has its "Alert:" line when gnuBG marked it
      marksComplete: true,
      games,
    },
    warnings,
  };
}

/** Adds a warning of file `f`. */
type Note = (f: GnubgTextFile, w: ParseWarning) => void;

/** Throws when file `f` has other players or another match length than the first file. */
function checkSameMatch(f: GnubgTextFile, first: GnubgTextFile): void {
  if (f.players[0] !== first.players[0] || f.players[1] !== first.players[1]) {
    throw new CorruptFileError(
      { file: f.file, line: 1 },
      `players "${shown(f.players[0], 30)}", "${shown(f.players[1], 30)}" differ from "${shown(first.players[0], 30)}", "${shown(first.players[1], 30)}" of ${first.file}: not the same match`,
    );
  }
  if (f.matchLength !== first.matchLength) {
    throw new CorruptFileError(
      { file: f.file, line: 1 },
      `match length ${f.matchLength} differs from ${first.matchLength} of ${first.file}: not the same match`,
    );
  }
}

/**
 * Checks that game `g` of file `f` follows `prev` (null for the match's first): a game repeated or out of
 * order is an error; games missing, or a score that does not follow from the game before, are warnings.
 */
function checkFollows(g: Game, prev: Game | null, f: GnubgTextFile, note: Note): void {
  if (prev === null) {
    if (g.index > 0)
      note(f, { line: 1, message: `the match starts with game ${g.index + 1}: earlier games are missing` });
    return;
  }
  if (g.index <= prev.index) {
    throw new CorruptFileError(
      { file: f.file, line: 1 },
      `game ${g.index + 1} comes after game ${prev.index + 1}: files out of order or repeated`,
    );
  }
  if (g.index > prev.index + 1) {
    note(f, { line: 1, message: `games ${prev.index + 2}–${g.index} are missing` });
  }
  if (prev.winner !== null) {
    const expect: [number, number] = [prev.score[0], prev.score[1]];
    expect[prev.winner] += prev.points;
    if (g.index === prev.index + 1 && (expect[0] !== g.score[0] || expect[1] !== g.score[1])) {
      note(f, {
        line: 1,
        message: `score ${g.score[0]}-${g.score[1]} does not follow from the previous game (${expect[0]}-${expect[1]})`,
      });
    }
  }
}

/** Every file names the program at its end; the checker depth is the deepest shown, the cube's the first. */
function analyserOf(parsed: readonly GnubgTextFile[]): AnalyserInfo | null {
  const firstOf = (k: 'program' | 'checkerDepth' | 'cubeDepth'): string | null =>
    parsed.map((f) => f.analyser?.[k]).find((v) => v !== null && v !== undefined && v !== 'unknown') ?? null;
  const program = firstOf('program');
  // the deepest of the games' (one file each): see deeperDepth
  const checkerDepth = parsed
    .map((f) => f.analyser?.checkerDepth)
    .reduce<string | null>((d, x) => (x === null || x === undefined ? d : deeperDepth(d, x)), null);
  const cubeDepth = firstOf('cubeDepth');
  return program || checkerDepth || cubeDepth
    ? { program: program ?? 'unknown', checkerDepth, cubeDepth }
    : null;
}

/**
 * Reads a match exported by gnuBG as text, one file per game.
 *
 * @param files - the files of one match (see {@link groupGnubgTextFiles}); sorted here by their `_NNN`
 *   suffix, the first file having none
 * @param met - the match equity table (used only for files printed with MWC output)
 * @returns the match (named after its first file) and the warnings, each prefixed with its file's name when
 *   there are several files
 * @throws CorruptFileError when a file cannot be read, or the files are not games of one match (other
 *   players or match length, a game repeated)
 */
export function parseGnubgTextMatch(
  files: { file: string; bytes: Uint8Array }[],
  met: Met,
): { match: Match; warnings: ParseWarning[] } {
  const sorted = [...files].sort(
    (a, b) =>
      fileGameNumber(a.file) - fileGameNumber(b.file) || (a.file < b.file ? -1 : a.file > b.file ? 1 : 0),
  );
  return assembleGnubgTextMatch(sorted.map((f) => parseGnubgTextGame(f.bytes, f.file, met)));
}
