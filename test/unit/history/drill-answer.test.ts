/**
 * bdb drill's check of an answer (src/history/drill-answer.ts) on real decisions: Llabba's match against
 * BoardLord (test/history/llabba, gnuBG 1.07.001 text exports). Expected plays and equities as gnuBG prints
 * them in the files (file and move cited).
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { checkAnswer, drillQuestion } from '../../../src/history/drill-answer.js';
import type { CheckerDecision, CubeDecision, Decision } from '../../../src/model/types.js';
import { parseMatchFiles } from '../../../src/parsers/index.js';

const DIR = fileURLToPath(new URL('../../history/llabba', import.meta.url));
const MATCH = 'BoardLord - Llabba 7pt Backgammon Studio 2023_08_09 18_11_07';
const files = ['', '_002', '_003'].map((s) => join(DIR, `${MATCH}${s}.txt`));
const { match } = parseMatchFiles(files.map((file) => ({ file, bytes: new Uint8Array(readFileSync(file)) })));

/** Llabba's checker play in game `g` (from 1) with roll `dice`, the `nth` of that roll (from 1). */
function play(g: number, dice: string, nth = 1): CheckerDecision {
  const seat = match.players.indexOf('Llabba');
  const all = match.games[g - 1]!.decisions.filter(
    (d): d is CheckerDecision =>
      d.kind === 'checker' && d.player === seat && `${d.dice[0]}${d.dice[1]}` === dice,
  );
  return all[nth - 1]!;
}

describe("drill answers on Llabba's match", () => {
  // file _002, "Move number 22: Llabba to play 41": 6/2 4/3 +0.319, 11/6 +0.275 (-0.045), 6/1 +0.274
  // (-0.045), 11/7 2/1 -0.042 (-0.361), 11/10 6/2 -0.084 (-0.404)
  const d = play(2, '41');
  it('the best play in any order, the others with what they lose', () => {
    expect(drillQuestion(d)).toBe('your play with 41?');
    expect(checkAnswer(d, '4/3 6/2')).toEqual({
      right: true,
      answer: '6/2 4/3',
      best: '6/2 4/3',
      equityLost: 0,
    });
    const wrong = checkAnswer(d, '6/2 11/10') as { right: boolean; equityLost: number };
    expect(wrong.right).toBe(false);
    expect(wrong.equityLost).toBeCloseTo(0.319 + 0.084, 9);
    // 11/6 written hop by hop is the same play
    expect(checkAnswer(d, '11/7/6')).toMatchObject({ answer: '11/6', right: false });
    expect((checkAnswer(d, '11/7/6') as { equityLost: number }).equityLost).toBeCloseTo(0.319 - 0.275, 9);
  });
  it('a play that is not legal with the roll, or not a play', () => {
    expect(checkAnswer(d, '6/1 6/2')).toEqual({ problem: '6/1 6/2 is not a legal play with 41' });
    expect(checkAnswer(d, '')).toEqual({ problem: 'no move is not a legal play with 41' });
    expect(checkAnswer(d, 'bar/20')).toMatchObject({ problem: expect.stringMatching(/^not a play here: /) });
  });
  it('a take or pass: DT 0.661, DP 1.000 (first file, BoardLord redoubles to 4, "Move number 30")', () => {
    const take = match.games[0]!.decisions.find(
      (x): x is CubeDecision => x.kind === 'cube' && x.action === 'take' && x.cubeValue === 2,
    ) as Decision;
    expect(drillQuestion(take)).toBe('take or pass?');
    expect(checkAnswer(take, 'T')).toMatchObject({ right: true, answer: 'Take', equityLost: 0 });
    expect((checkAnswer(take, 'drop') as { equityLost: number }).equityLost).toBeCloseTo(1 - 0.661, 9);
    expect(checkAnswer(take, 'double')).toEqual({ problem: 'answer take or pass (t, p), not "double"' });
  });
});
