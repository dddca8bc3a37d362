/**
 * One match, four files: the HSBT Paris 2023 match Kévin Unger – Maxence Job as eXtreme Gammon saved it
 * (xg/test.xg), as GNU Backgammon saved it (sgf/gbf_test.sgf) and as two transcripts (mat/gbf_test.mat,
 * Jellyfish dialect; mat/gbf_test_xg_export.txt, XG's export with BOM and CRLF). All must give the same
 * games, scores, Crawford games, winners, dice, played moves (compared by the position they reach) and
 * cube actions.
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

test.each(['sgf/gbf_test.sgf', 'mat/gbf_test.mat', 'mat/gbf_test_xg_export.txt'])(
  'test.xg and %s describe the same match move by move',
  (other) => {
    const met = defaultMet();
    const xg = parseBytes(bytesOf(`${REF_DIR}xg/test.xg`), { file: 'test.xg', met }).match;
    const them = parseBytes(bytesOf(`${REF_DIR}${other}`), { file: other, met }).match;
    expect(them.players).toEqual(xg.players);
    expect(them.matchLength).toBe(xg.matchLength);
    const a = flow(xg);
    const b = flow(them);
    expect(a.length).toBe(7);
    expect(b.length).toBe(a.length);
    for (let g = 0; g < a.length; g++) {
      expect({ game: g, ...b[g], events: b[g]!.events.length }).toEqual({
        game: g,
        ...a[g],
        events: a[g]!.events.length,
      });
      expect(b[g]!.events).toEqual(a[g]!.events);
    }
  },
);
