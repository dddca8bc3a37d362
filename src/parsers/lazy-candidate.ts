/**
 * A checker-play candidate whose play and probabilities are read from the file the first time they are asked
 * for, then kept: the SGF reader's (from the file's bytes) and the XG reader's (from its move record's
 * fields). Most readers of a match ask only the equities, and the play and probabilities of the best and the
 * played candidates; a reader makes its candidates with the equity and depth, and says how to read the rest.
 *
 * `play` and `probs` are getters, not own properties: a spread (`{ ...c }`) or `structuredClone` of a
 * candidate loses them (name them instead); JSON.stringify gives all four ({@link LazyCandidate.toJSON}).
 */
import type { Play } from '../core/board.js';
import type { Candidate, Probabilities } from '../model/types.js';

export abstract class LazyCandidate implements Candidate {
  readonly equity: number;
  readonly depth: string | undefined;
  #play: Play | null;
  /** Null until read (undefined: read, and not probabilities). */
  #probs: Probabilities | undefined | null;

  /** `play`, `probs`: already known (null: read when asked). */
  constructor(
    equity: number,
    depth: string | undefined,
    play: Play | null,
    probs: Probabilities | undefined | null,
  ) {
    this.equity = equity;
    this.depth = depth;
    this.#play = play;
    this.#probs = probs;
  }

  /** The play, read from the file (called once, when it is first asked for). */
  protected abstract readPlay(): Play;
  /** The probabilities, read from the file (called once, when they are first asked for). */
  protected abstract readProbs(): Probabilities | undefined;
  /** Lets go of what the play and probabilities were read from: both are read. */
  protected abstract release(): void;

  get play(): Play {
    if (this.#play === null) {
      this.#play = this.readPlay();
      if (this.#probs !== null) this.release();
    }
    return this.#play;
  }

  get probs(): Probabilities | undefined {
    if (this.#probs === null) {
      this.#probs = this.readProbs();
      if (this.#play !== null) this.release();
    }
    return this.#probs;
  }

  /** The candidate as a plain object, as JSON shows it. */
  toJSON(): Candidate {
    return { play: this.play, equity: this.equity, depth: this.depth, probs: this.probs };
  }
}
