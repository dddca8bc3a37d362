/** `bdb biases`' typed result and how its tables are laid out. */

import type { RowList } from '../../metrics/blot-bias.js';
import type { BiasesTextOptions, PlayerBiases } from '../biases.js';
import type { JsonSettings } from '../json.js';

/** What a run gives: the persons followed, with the matches counted and the files that failed. */
export interface BiasesResult {
  readonly settings: JsonSettings;
  /** Matches counted (with `--player`, those of the persons named). */
  readonly read: number;
  /** By name; the JSON output reads them one at a time (BiasCollector.eachResult makes each when read). */
  readonly players: RowList<PlayerBiases>;
  readonly failures: readonly { file: string; message: string }[];
  readonly duplicates: readonly { file: string; sameAs: string }[];
}

/** The tables' layout: width, boards, every score cell. */
export type BiasesView = BiasesTextOptions & { readonly width: number };
