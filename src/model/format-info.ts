/**
 * Each format's name and file extensions, in the registry's order (src/parsers/index.ts): the parsers'
 * registry spreads these into its formats, and the help lists them without loading a parser.
 */
import { FormatId } from './types.js';

/**
 * How many of a file's first bytes tell its format (each reader's sniff, the SGF's declared charset, and
 * whether a .txt is a gnuBG text export): read once from the disk and handed to every test.
 */
export const HEAD_BYTES = 4096;

/** What a format is called and how its files are usually named. */
export interface FormatInfo {
  readonly id: FormatId;
  readonly name: string;
  readonly extensions: readonly string[];
}

export const XG_INFO: FormatInfo = { id: FormatId.Xg, name: 'eXtreme Gammon', extensions: ['.xg', '.xgp'] };
export const SGF_INFO: FormatInfo = { id: FormatId.Sgf, name: 'GNU Backgammon SGF', extensions: ['.sgf'] };
export const XG_TEXT_INFO: FormatInfo = {
  id: FormatId.XgText,
  name: 'eXtreme Gammon position text',
  extensions: ['.txt'],
};
export const MAT_INFO: FormatInfo = {
  id: FormatId.Mat,
  name: 'Match transcript (.mat: gnuBG, Jellyfish, XG, Backgammon Galaxy, Backgammon Studio)',
  extensions: ['.mat'],
};
export const GNUBG_TEXT_INFO: FormatInfo = {
  id: FormatId.GnubgText,
  name: 'GNU Backgammon text export',
  extensions: ['.txt'],
};

/** The formats in the registry's order. */
export const FORMAT_INFOS: readonly FormatInfo[] = [
  XG_INFO,
  SGF_INFO,
  XG_TEXT_INFO,
  MAT_INFO,
  GNUBG_TEXT_INFO,
];
