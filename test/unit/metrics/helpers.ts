/** Hand-built decisions for metric unit tests. */
import { initialBoard } from '../../../src/core/board.js';
import type { Candidate, CheckerDecision, CubeAction, CubeDecision } from '../../../src/model/types.js';

const base = {
  player: 0 as const,
  gameIndex: 0,
  index: 0,
  matchLength: 7,
  score: [0, 0] as const,
  crawfordGame: false,
  cubeValue: 1,
  cubeOwner: -1 as const,
  source: { file: 'unit', format: 'sgf' as const },
};

/** A checker decision with candidates of the given equities; `played` indexes the candidates. */
export function checker(
  equities: number[],
  played: number | null,
  legalCount: number | null,
  over: Partial<CheckerDecision> = {},
): CheckerDecision {
  const candidates: Candidate[] = equities.map((equity, i) => ({
    play: [{ from: 24 - i, to: 20 - i }],
    equity,
  }));
  return {
    ...base,
    kind: 'checker',
    dice: [4, 1],
    board: initialBoard(),
    played: [],
    legalCount,
    candidates,
    playedIndex: played,
    luck: null,
    ...over,
  };
}

/** A cube decision with (ND, DT, DP) equities. */
export function cube(
  action: CubeAction,
  nd: number,
  dt: number,
  dp = 1,
  over: Partial<CubeDecision> = {},
): CubeDecision {
  return { ...base, kind: 'cube', action, analysis: { nd, dt, dp }, ...over };
}
