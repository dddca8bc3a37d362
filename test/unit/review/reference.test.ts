/**
 * The review against the programs' own output: the positions of reviewed decisions against the Position IDs
 * gnuBG printed in its text export of the same match (g0001.txt, g0002*.txt) and an XGID written by XG; the
 * luck-adjusted result against gnuBG's "Luck adjusted result" (NAME.stats.txt).
 */
import { readFileSync } from 'node:fs';
import { describe, expect, test } from 'vitest';
import { initialBoard } from '../../../src/core/board.js';
import { applyPlay } from '../../../src/core/moves.js';
import { positionId } from '../../../src/core/position-id.js';
import { parseXgid } from '../../../src/core/xgid-parse.js';
import { defaultMet } from '../../../src/metrics/match-report.js';
import type { Match } from '../../../src/model/types.js';
import { parseBytes } from '../../../src/parsers/index.js';
import { luckAdjustedResult } from '../../../src/review/luck.js';
import { decisionPosition, decisionXgid, sideOnRoll } from '../../../src/review/position.js';
import { buildReview } from '../../../src/review/review.js';
import { bytesOf, REF_DIR } from '../../helpers/fixtures.js';
import { parseGnubgStatsTxt } from '../../helpers/gnubg-stats-txt.js';
import { storageBounds } from '../../helpers/storage-bound.js';
import { checker } from '../metrics/helpers.js';

const met = defaultMet();

function load(path: string): Match {
  return parseBytes(bytesOf(path), { file: path, met }).match;
}

/** The moves of a gnuBG text export in order: "to play" or not, the dice, and the Position ID printed. */
function exportedMoves(text: string): { toPlay: boolean; dice: string | null; id: string }[] {
  const out: { toPlay: boolean; dice: string | null; id: string }[] = [];
  const lines = text.split(/\r?\n/);
  for (let i = 0; i < lines.length; i++) {
    if (!/^Move number \d+:/.test(lines[i]!)) continue;
    const m = / to play (\d)(\d)$/.exec(lines[i]!);
    for (let k = i + 1; k < i + 6 && k < lines.length; k++) {
      const p = /Position ID: (\S+)/.exec(lines[k]!);
      if (p) {
        out.push({ toPlay: m !== null, dice: m ? `${m[1]}${m[2]}` : null, id: p[1]! });
        break;
      }
    }
  }
  return out;
}

function sortedDice(s: string): string {
  const [a, b] = [Number(s[0]), Number(s[1])];
  return `${Math.max(a, b)}${Math.min(a, b)}`;
}

describe('positions of the reviewed decisions equal gnuBG’s own export', () => {
  test.each(['g0001', 'g0002'])('%s', (name) => {
    const match = load(`${REF_DIR}gnubg/${name}.sgf`);
    const review = buildReview(match, met);
    let checked = 0;
    let cubes = 0;
    for (const p of review.reviews) {
      expect(p.toReview.length).toBeGreaterThan(0);
      for (const d of p.toReview) {
        const g = d.game - 1;
        const txt = readFileSync(
          `${REF_DIR}gnubg/${name}${g === 0 ? '' : `_${String(g + 1).padStart(3, '0')}`}.txt`,
          'utf8',
        );
        const moves = exportedMoves(txt);
        // the m-th roll of the game; a cube decision is shown by gnuBG just after roll m − 1, same position
        const rolls = moves.flatMap((x, i) => (x.toPlay ? [i] : []));
        const at = d.kind === 'checker' ? rolls[d.move - 1]! : d.move === 1 ? 0 : rolls[d.move - 2]! + 1;
        const expected = moves[at]!;
        expect(d.positionId, `${p.player} game ${d.game} move ${d.move}`).toBe(expected.id);
        // the XGID is the same position, the side on roll at the bottom and on roll
        const x = parseXgid(d.xgid!);
        expect(x.onRoll).toBe(0);
        expect(positionId(x.board, x.onRoll)).toBe(expected.id);
        const decision = match.games[g]!.decisions[d.decisionIndex]!;
        const me = sideOnRoll(decision);
        expect(x.score).toEqual([decision.score[me], decision.score[me === 0 ? 1 : 0]]);
        expect(x.crawford).toBe(decision.crawfordGame);
        expect(x.matchLength).toBe(match.matchLength);
        expect(x.cubeValue).toBe(decision.cubeValue);
        if (d.kind === 'checker') {
          expect(sortedDice(`${x.dice![0]}${x.dice![1]}`)).toBe(sortedDice(expected.dice!));
          expect(`${d.checker!.dice[0]}${d.checker!.dice[1]}`).toBe(sortedDice(expected.dice!));
        } else {
          expect(x.dice).toBeUndefined();
          cubes++;
        }
        checked++;
      }
    }
    expect(checked).toBeGreaterThanOrEqual(4);
    if (name === 'g0001') {
      expect(cubes).toBeGreaterThan(0);
      // Zoë Ångström's wrong take (−1.093 EMG, gnuBG "Alert: wrong take"), shown by gnuBG as the doubler's position
      const take = review.reviews[0].toReview[0]!;
      expect(take.cube?.action).toBe('Take');
      expect(take.cube?.bestAction).toBe('Too good to double, pass');
      expect(take.errorEMG).toBeCloseTo(1.093, 3);
      expect(take.positionId).toBe('g9cFMEjYztABBg');
    }
  });
});

describe('XGID', () => {
  test.each(['EN', 'DE', 'FR'])(
    'a checker position equals the XGID eXtreme Gammon wrote (01_checkerPosition_%s)',
    (lang) => {
      const path = `${REF_DIR}xg-text/01_checkerPosition_${lang}.txt`;
      const match = load(path);
      const game = match.games[0]!;
      const pos = decisionPosition(game, 0)!;
      const written = /XGID=\S+/.exec(readFileSync(path, 'utf8'))![0];
      expect(decisionXgid(match, game.decisions[0]!, pos)).toBe(written);
    },
  );

  test('seat 1 on roll: sides, score and cube owner are swapped so that seat 1 is the bottom player', () => {
    const board = initialBoard();
    const seat1 = board[1].slice();
    seat1[23]! -= 1; // one back checker on the bar
    seat1[24] = 1;
    const d = checker([0, -0.1], 1, null, {
      player: 1,
      board: [board[0], seat1],
      dice: [2, 5],
      score: [2, 5],
      cubeValue: 2,
      cubeOwner: 1,
    });
    const match = { rules: { crawford: true, jacoby: false, cube: true } } as Match;
    const x = decisionXgid(match, d, { board: d.board, onRoll: 1 });
    expect(x).toBe('XGID=-b----E-C---eE---c-e----AA:1:1:1:52:5:2:0:7:10');
    expect(parseXgid(x!).board).toEqual([seat1, board[0]]);
  });
});

describe('board of a cube decision', () => {
  test.each(['xg/test.xg', 'gnubg/g0001.sgf', 'gnubg/g0002.sgf', 'sgf/gbf_test.sgf'])(
    '%s: the previous play applied gives the board of the next roll',
    (file) => {
      const match = load(`${REF_DIR}${file}`);
      let n = 0;
      for (const game of match.games) {
        game.decisions.forEach((d, i) => {
          if (d.kind !== 'cube') return;
          const pos = decisionPosition(game, i);
          expect(pos).not.toBeNull();
          expect(pos!.onRoll).toBe(sideOnRoll(d));
          const prev = game.decisions
            .slice(0, i)
            .reverse()
            .find((x) => x.kind === 'checker');
          if (prev?.kind !== 'checker') return;
          expect(applyPlay(prev.board, prev.player, prev.played)).toEqual(pos!.board);
          n++;
        });
      }
      expect(n).toBeGreaterThan(10);
    },
  );
});

describe('luck-adjusted result A equals gnuBG’s "Luck adjusted result"', () => {
  const matchPlay = [
    'g0001',
    'g0002',
    'g0012',
    'g0016',
    'g0022',
    'g0027',
    'g0036',
    'match1004844',
    'match3243887',
    'match956620',
  ];
  test.each(matchPlay)('%s', (name) => {
    const match = load(`${REF_DIR}gnubg/${name}.sgf`);
    const printed = parseGnubgStatsTxt(readFileSync(`${REF_DIR}gnubg/${name}.stats.txt`, 'utf8'));
    const bounds = storageBounds(met, match);
    const luck = luckAdjustedResult(met, match);
    // C uses both players' luck, each stored with 5 decimals
    const tol = 0.005 + bounds[0].luckSecond + bounds[1].luckSecond;
    for (const seat of [0, 1] as const) {
      const a = luck.seats[seat].adjusted;
      expect(a).not.toBeNull();
      expect(Math.abs(100 * a! - printed[seat].luckAdjusted!.value)).toBeLessThanOrEqual(tol);
    }
    expect(luck.rollsWithLuck).toBeGreaterThan(0);
  });

  test('money sessions have no A', () => {
    for (const name of ['g0011', 'g0035', 'g0047']) {
      const l = luckAdjustedResult(met, load(`${REF_DIR}gnubg/${name}.sgf`));
      expect(l.seats[0]).toEqual({ result: null, luck: null, adjusted: null, reason: 'money session' });
    }
  });

  test('charlot (LU[-inf], luck unknown): no A, coverage 0', () => {
    const l = luckAdjustedResult(met, load(`${REF_DIR}sgf/charlot1-charlot2_7p_2025-11-08-2305.sgf`));
    expect(l.rollsWithLuck).toBe(0);
    expect(l.rollsPlayed).toBeGreaterThan(0);
    expect(l.seats[0].adjusted).toBeNull();
  });
});
