/**
 * One match, four files: the HSBT Paris 2023 match Kévin Unger – Maxence Job as eXtreme Gammon saved it
 * (xg/test.xg), as GNU Backgammon saved it (sgf/gbf_test.sgf) and as two transcripts (mat/gbf_test.mat,
 * Jellyfish dialect; mat/gbf_test_xg_export.txt, XG's export with BOM and CRLF). All must give the same
 * games, scores, Crawford games, winners, dice, played moves (compared by the position they reach) and
 * cube actions.
 */
import { expect, test } from 'vitest';
import { boardKey } from '../../src/core/board.js';
import { applyPlay } from '../../src/core/moves.js';
import { defaultMet } from '../../src/metrics/match-report.js';
import type { Match } from '../../src/model/types.js';
import { parseGnubgTextMatch } from '../../src/parsers/gnubg-text/index.js';
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

/** Every cube action of a match: who, what, the cube before it, its owner, and the beaver marks. */
function cubeFlow(m: Match) {
  return m.games.map((g) => ({
    winner: g.winner,
    points: g.points,
    cube: g.decisions
      .filter((d) => d.kind === 'cube' && d.action !== 'no-double')
      .map((d) =>
        d.kind === 'cube'
          ? `${d.player} ${d.action} ${d.cubeValue} ${d.cubeOwner}${d.beaver ? ' beaver' : ''}${d.afterBeaver ? ' after-beaver' : ''}`
          : '',
      ),
  }));
}

// Money sessions with chains of beavers and raccoons, saved by gnuBG 1.07.001 as SGF, text export and .mat
// in one session (test/reference-matches/README.md): the three readers move the cube the same way.
test.each(['g0071', 'g0143', 'g0179', 'g0227'])(
  '%s: SGF, text export and .mat move the cube alike',
  (name) => {
    const met = defaultMet();
    const dir = `${REF_DIR}gnubg/`;
    const sgf = parseBytes(bytesOf(`${dir}${name}.sgf`), { file: `${name}.sgf`, met }).match;
    const mat = parseBytes(bytesOf(`${dir}${name}.mat`), { file: `${name}.mat`, met }).match;
    const parts = [`${name}.txt`, `${name}_002.txt`, `${name}_003.txt`];
    const txt = parseGnubgTextMatch(
      parts.map((f) => ({ file: f, bytes: bytesOf(`${dir}${f}`) })),
      met,
    ).match;
    const flow = cubeFlow(sgf);
    expect(flow.some((g) => g.cube.some((c) => c.endsWith(' beaver')))).toBe(true);
    expect(cubeFlow(txt)).toEqual(flow);
    expect(cubeFlow(mat)).toEqual(flow);
  },
);
