/**
 * Position IDs: for every roll of g0001 and g0002, bdb's gnuBG Position ID of the position before the
 * play equals the "Position ID:" gnuBG 1.07.001 printed for that move in its own text export of the same
 * match (NAME.txt, NAME_002.txt … one file per game; `export match text` in tools/gnubg-corpus.sh).
 */
import { readFileSync } from 'node:fs';
import { expect, test } from 'vitest';
import { positionId } from '../../src/core/position-id.js';
import { defaultMet } from '../../src/metrics/match-report.js';
import { parseBytes } from '../../src/parsers/index.js';
import { bytesOf, REF_DIR } from '../helpers/fixtures.js';

/** (dice, position ID) of every "to play" move of a gnuBG text export, in order. */
function exportedPositions(text: string): { dice: string; id: string }[] {
  const out: { dice: string; id: string }[] = [];
  const lines = text.split(/\r?\n/);
  for (let i = 0; i < lines.length; i++) {
    const m = /^Move number \d+:\s+.* to play (\d)(\d)$/.exec(lines[i]!);
    if (!m) continue;
    for (let k = i + 1; k < i + 6 && k < lines.length; k++) {
      const p = /Position ID: (\S+)/.exec(lines[k]!);
      if (p) {
        out.push({ dice: `${m[1]}${m[2]}`, id: p[1]! });
        break;
      }
    }
  }
  return out;
}

test.each(['g0001', 'g0002'])('%s: every position ID equals gnuBG text export', (name) => {
  const met = defaultMet();
  const file = `${REF_DIR}gnubg/${name}.sgf`;
  const { match } = parseBytes(bytesOf(file), { file, met });
  let checked = 0;
  match.games.forEach((game, g) => {
    const txt = readFileSync(
      `${REF_DIR}gnubg/${name}${g === 0 ? '' : `_${String(g + 1).padStart(3, '0')}`}.txt`,
      'utf8',
    );
    const expected = exportedPositions(txt);
    const ours = game.decisions
      .filter((d) => d.kind === 'checker')
      .map((d) => ({
        dice: `${Math.max(...d.dice)}${Math.min(...d.dice)}`,
        id: positionId(d.board, d.player),
      }));
    expect(expected.length).toBeGreaterThan(0);
    expect(ours.map((o) => ({ dice: o.dice, id: o.id }))).toEqual(
      expected.map((e) => ({
        dice: `${Math.max(+e.dice[0]!, +e.dice[1]!)}${Math.min(+e.dice[0]!, +e.dice[1]!)}`,
        id: e.id,
      })),
    );
    checked += expected.length;
  });
  expect(checked).toBeGreaterThan(50);
});
