/**
 * Every played move and every analysed candidate of the reference SGFs is a legal play of bdb's move
 * generator (same resulting position as one of legalPlays()).
 */
import { expect, test } from 'vitest';
import { applyPlay, legalPlays } from '../../src/core/moves.js';
import { boardKey } from '../../src/core/board.js';
import { defaultMet } from '../../src/analyse.js';
import { parseBytes } from '../../src/parsers/index.js';
import { bytesOf, refFiles } from '../helpers/fixtures.js';

test('all played moves and candidates are legal', () => {
  const met = defaultMet();
  let played = 0;
  let candidates = 0;
  const illegal: string[] = [];
  for (const file of [...refFiles('gnubg', '.sgf'), ...refFiles('sgf', '.sgf')]) {
    const { match, warnings } = parseBytes(bytesOf(file), { file, met });
    expect(warnings).toEqual([]);
    for (const g of match.games) {
      for (const d of g.decisions) {
        if (d.kind !== 'checker') continue;
        const legal = new Set(legalPlays(d.board, d.player, d.dice[0], d.dice[1]).map((l) => l.key));
        const ok = (p: typeof d.played): boolean =>
          legal.size === 0 ? p.length === 0 : legal.has(boardKey(applyPlay(d.board, d.player, p)));
        played++;
        if (!ok(d.played)) illegal.push(`${file}:${d.source.line} played`);
        for (const c of d.candidates) {
          candidates++;
          if (!ok(c.play)) illegal.push(`${file}:${d.source.line} candidate`);
        }
      }
    }
  }
  expect(illegal).toEqual([]);
  // the counts checked are printed for the record
  console.info(`legal-moves: ${played} played moves and ${candidates} candidates checked`);
  expect(played).toBeGreaterThan(0);
  expect(candidates).toBeGreaterThan(0);
});
