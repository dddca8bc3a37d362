/**
 * One match, three files: the HSBT Paris 2023 match Kévin Unger – Maxence Job as eXtreme Gammon saved it
 * (xg/test.xg) and as GNU Backgammon saved it (sgf/gbf_test.sgf). Both must give the same games, scores,
 * Crawford games, winners, dice, played moves (compared by the position they reach) and cube actions.
 * (The .mat transcript of the same match joins this comparison with the .mat reader.)
 */
import { expect, test } from 'vitest';
import { defaultMet } from '../../src/analyse.js';
import { boardKey } from '../../src/core/board.js';
import { applyPlay } from '../../src/core/moves.js';
import type { Match } from '../../src/model/types.js';
import { parseBytes } from '../../src/parsers/index.js';
import { bytesOf, REF_DIR } from '../helpers/fixtures.js';

/** The flow of a match in a format-neutral form. */
function flow(m: Match) {
  return m.games.map((g) => ({
    score: g.score,
    crawford: g.crawfordGame,
    winner: g.winner,
    points: g.points,
    events: g.decisions
      .filter((d) => d.kind === 'checker' || d.action !== 'no-double')
      .map((d) =>
        d.kind === 'checker'
          ? `${d.player} ${Math.max(...d.dice)}${Math.min(...d.dice)} ${boardKey(applyPlay(d.board, d.player, d.played))}`
          : `${d.player} ${d.action} cube ${d.cubeValue}`,
      ),
  }));
}

test('test.xg and gbf_test.sgf describe the same match move by move', () => {
  const met = defaultMet();
  const xg = parseBytes(bytesOf(`${REF_DIR}xg/test.xg`), { file: 'test.xg', met }).match;
  const sgf = parseBytes(bytesOf(`${REF_DIR}sgf/gbf_test.sgf`), { file: 'gbf_test.sgf', met }).match;
  expect(xg.players).toEqual(sgf.players);
  expect(xg.matchLength).toBe(sgf.matchLength);
  const a = flow(xg);
  const b = flow(sgf);
  expect(a.length).toBe(7);
  expect(a.length).toBe(b.length);
  for (let g = 0; g < a.length; g++) {
    expect({ game: g, ...a[g], events: a[g]!.events.length }).toEqual({ game: g, ...b[g], events: b[g]!.events.length });
    expect(a[g]!.events).toEqual(b[g]!.events);
  }
});
