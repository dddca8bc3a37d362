/** Checks every played move and every candidate of a match against bdb's legal-move generator. */
import { boardKey } from '../../src/core/board.js';
import { applyPlay, legalPlays } from '../../src/core/moves.js';
import type { Match } from '../../src/model/types.js';

/** Counts of what was checked, and the places of the plays that are not legal. */
export interface LegalityReport {
  played: number;
  candidates: number;
  illegal: string[];
}

/** A play is legal when it reaches the same position as one of legalPlays() (or is empty when none exists). */
export function checkLegality(
  match: Match,
  into: LegalityReport = { played: 0, candidates: 0, illegal: [] },
) {
  for (const g of match.games) {
    for (const d of g.decisions) {
      if (d.kind !== 'checker') continue;
      const legal = new Set(legalPlays(d.board, d.player, d.dice[0], d.dice[1]).map((l) => l.key));
      const ok = (p: typeof d.played): boolean =>
        legal.size === 0 ? p.length === 0 : legal.has(boardKey(applyPlay(d.board, d.player, p)));
      into.played++;
      if (!ok(d.played)) into.illegal.push(`${match.file}:${d.source.line ?? d.source.offset} played`);
      for (const c of d.candidates) {
        into.candidates++;
        if (!ok(c.play))
          into.illegal.push(
            `${match.file}:${d.source.line ?? d.source.offset} candidate ${JSON.stringify(c.play)} dice ${d.dice}`,
          );
      }
    }
  }
  return into;
}
