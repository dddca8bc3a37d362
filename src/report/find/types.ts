/** `bdb find`'s typed result: the decisions a search found, costliest first, and how they are laid out. */
import type { RowList } from '../../metrics/blot-bias.js';
import type { FoundDecision } from '../../model/found-decision.js';
import type { TextBoardOptions } from '../board-text.js';

/** A decision found (src/model/found-decision.ts). */
export type FoundRow = FoundDecision;

/** What a search gave. */
export interface FindResult {
  /** The saved search run (`bdb find NAME`), or null. */
  readonly name: string | null;
  /** The filters as options of `bdb find` (each set of a narrowed saved search, joined by ' and '); '' none. */
  readonly filters: string;
  /** Decisions passing the search, in all. */
  readonly total: number;
  /** At most this many listed (`--limit`); null: all. */
  readonly limit: number | null;
  /**
   * The decisions listed, MWC lost first, then the error: read once, in order, by each output (the CLI keeps
   * them in a temporary file, so a search listing all its decisions holds none in memory).
   */
  readonly decisions: RowList<FoundRow>;
}

/** How the text is laid out: its width, and the boards under each decision (`--boards`), or none. */
export interface FindView {
  readonly width: number;
  readonly ascii: boolean;
  readonly boards: TextBoardOptions | null;
}

/** `bdb find --saved`: the saved searches, by name. */
export interface SavedList {
  readonly searches: readonly {
    readonly name: string;
    /** Its filters as options of `bdb find`. */
    readonly filters: string;
    /** When it was saved (ISO, UTC). */
    readonly savedAt: string;
  }[];
}
