/**
 * A decision `bdb find` found: what its list shows and its boards draw, as the library's `decisions` and
 * `matches` rows give it (src/library/find.ts reads it, src/report/find/ shows it).
 */
export interface FoundDecision {
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
  /** The match's analyser and depths as its file records them (the library's `matches` row); null when none. */
  readonly analyser: string | null;
  readonly checkerDepth: string | null;
  readonly cubeDepth: string | null;
}
