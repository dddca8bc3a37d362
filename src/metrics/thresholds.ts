/**
 * The error and blunder thresholds' presets (spec §16): a leaf module, since the configuration, loaded on
 * every run, names them (src/metrics/difficulty.ts re-exports them with the comparisons that use them).
 */

/** Error and blunder thresholds: a decision with e ≥ threshold / 1000 is an error (a blunder). */
export interface ErrorThresholds {
  /** Error threshold, mpt of equity (inclusive). */
  readonly errorMpt: number;
  /** Blunder threshold, mpt of equity (inclusive). */
  readonly blunderMpt: number;
}

/** The presets of spec §16: eXtreme Gammon, GNU Backgammon, and blunderDB's own library default. */
export const THRESHOLD_PRESETS = {
  xg: { errorMpt: 20, blunderMpt: 80 },
  gnubg: { errorMpt: 40, blunderMpt: 80 },
  blunderdb: { errorMpt: 50, blunderMpt: 100 },
} as const satisfies Record<string, ErrorThresholds>;
