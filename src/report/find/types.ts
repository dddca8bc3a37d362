/** `bdb find`'s typed result: the decisions a search found, costliest first, and how they are laid out. */
import type { TextBoardOptions } from '../board-text.js';

/** A decision found, as the library's `decisions` and `matches` rows give it (src/library/find.ts). */
export interface FoundRow {
  readonly matchId: number;
  readonly file: string;
  /** The match's day (ISO), null when undated. */
  readonly date: string | null;
  readonly event: string | null;
  readonly game: number;
  readonly move: number;
  /** The decision's place in its game, from 1. */
  readonly decision: number;
  readonly player: string;
  readonly opponent: string;
  /** `checker`, `double` or `take`. */
  readonly kind: string;
  readonly action: string | null;
  readonly dice: string | null;
  readonly matchLength: number;
  readonly away: number | null;
  readonly opponentAway: number | null;
  readonly crawford: boolean;
  readonly cube: number;
  /** `centre`, `player` (the decision maker's) or `opponent`. */
  readonly cubeOwner: string;
  readonly played: string | null;
  readonly best: string | null;
  readonly playedEquity: number | null;
  readonly bestEquity: number | null;
  readonly error: number | null;
  readonly mwcLoss: number | null;
  readonly xgid: string | null;
  readonly positionId: string | null;
  readonly gamePlan: string | null;
  readonly phase: string | null;
  readonly theme: string | null;
}

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
  /** The decisions listed, MWC lost first, then the error. */
  readonly decisions: readonly FoundRow[];
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
