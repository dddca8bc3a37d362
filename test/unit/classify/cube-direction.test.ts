import { describe, expect, test } from 'vitest';
import {
  bestCubeLabel,
  bestCubeVerdict,
  canonicalCubeAction,
  cubeDirection,
  cubeTheme,
  decisionCubeDirection,
  normaliseCubeLabel,
} from '../../../src/classify/cube-direction.js';
import { cube } from '../metrics/helpers.js';

describe('label normalisation and parsing (classifier.md §3a)', () => {
  test('deletes space, tab, slash, comma, dash, underscore and dot; lower-cases', () => {
    expect(normaliseCubeLabel(' Double,\tTake/-_. ')).toBe('doubletake');
  });

  test('best labels', () => {
    expect(bestCubeVerdict('')).toBeNull();
    expect(bestCubeVerdict('whatever')).toBeNull();
    expect(bestCubeVerdict('No double, take')).toEqual({ shouldDouble: false, shouldPass: false });
    expect(bestCubeVerdict('Double No')).toEqual({ shouldDouble: false, shouldPass: false });
    expect(bestCubeVerdict('No redouble, take')).toEqual({ shouldDouble: false, shouldPass: false });
    expect(bestCubeVerdict('Double, take')).toEqual({ shouldDouble: true, shouldPass: false });
    expect(bestCubeVerdict('Double, pass')).toEqual({ shouldDouble: true, shouldPass: true });
    expect(bestCubeVerdict('Redouble/Drop')).toEqual({ shouldDouble: true, shouldPass: true });
    // too good is tested before the plain "double": it rules against doubling
    expect(bestCubeVerdict('Too good to double, pass')).toEqual({ shouldDouble: false, shouldPass: true });
    expect(bestCubeVerdict('Too good to redouble, take')).toEqual({ shouldDouble: false, shouldPass: false });
  });

  test('played labels: no double first, then double, take, pass', () => {
    expect(canonicalCubeAction('ND')).toBe('no-double');
    expect(canonicalCubeAction('No double')).toBe('no-double');
    expect(canonicalCubeAction('Double No')).toBe('no-double');
    expect(canonicalCubeAction('No redouble')).toBe('no-double');
    expect(canonicalCubeAction('Double/Take')).toBe('double');
    expect(canonicalCubeAction('Double/Pass')).toBe('double');
    expect(canonicalCubeAction('Redouble')).toBe('double');
    expect(canonicalCubeAction('DT')).toBe('take');
    expect(canonicalCubeAction('take')).toBe('take');
    expect(canonicalCubeAction('DP')).toBe('pass');
    expect(canonicalCubeAction('Drop')).toBe('pass');
    expect(canonicalCubeAction('pass')).toBe('pass');
    expect(canonicalCubeAction('resign')).toBeNull();
    expect(canonicalCubeAction('')).toBeNull();
  });
});

describe('the matrix, every cell', () => {
  const cases: [string, string, string | null][] = [
    // no double
    ['Double, take', 'No double', 'offer_missed'],
    ['Double, pass', 'No double', 'offer_missed'],
    ['No double, take', 'No double', 'offer_right'],
    ['Too good to double, pass', 'No double', 'offer_right'],
    // double
    ['Double, take', 'Double', 'offer_right'],
    ['Double, pass', 'Double/Pass', 'offer_right'],
    ['No double, take', 'Double', 'offer_premature'],
    ['Too good to double, pass', 'Double', 'offer_premature'],
    ['Too good to double, take', 'Double/Take', 'offer_premature'],
    // pass
    ['Double, pass', 'Pass', 'answer_right'],
    ['Too good to double, pass', 'Pass', 'answer_right'],
    ['Double, take', 'Pass', 'answer_wrong_pass'],
    ['No double, take', 'Pass', 'answer_wrong_pass'],
    // take
    ['Double, pass', 'Take', 'answer_wrong_take'],
    ['Too good to double, pass', 'Take', 'answer_wrong_take'],
    ['Double, take', 'Take', 'answer_right'],
    ['No double, take', 'Take', 'answer_right'],
    // unreadable labels: the row is dropped
    ['', 'Take', null],
    ['Double, take', 'resign', null],
  ];
  test.each(cases)('best %s, played %s → %s', (best, played, cell) => {
    expect(cubeDirection(best, played)).toBe(cell);
  });

  test('only the four error cells are themes', () => {
    expect(cubeTheme('offer_missed')).toBe('offer_missed');
    expect(cubeTheme('offer_premature')).toBe('offer_premature');
    expect(cubeTheme('answer_wrong_pass')).toBe('answer_wrong_pass');
    expect(cubeTheme('answer_wrong_take')).toBe('answer_wrong_take');
    expect(cubeTheme('offer_right')).toBeNull();
    expect(cubeTheme('answer_right')).toBeNull();
    expect(cubeTheme(null)).toBeNull();
  });
});

describe('from a decision (ND, DT, DP doubler-view; best by gnuBG proper cube action)', () => {
  // ND 0.5 < DT 0.6 < DP 1: double, take
  test('double/take position', () => {
    expect(decisionCubeDirection(cube('no-double', 0.5, 0.6))).toBe('offer_missed');
    expect(decisionCubeDirection(cube('double', 0.5, 0.6))).toBe('offer_right');
    expect(decisionCubeDirection(cube('take', 0.5, 0.6))).toBe('answer_right');
    expect(decisionCubeDirection(cube('pass', 0.5, 0.6))).toBe('answer_wrong_pass');
  });
  // ND 0.7 < DP 1 < DT 1.2: double, pass
  test('double/pass position', () => {
    expect(decisionCubeDirection(cube('no-double', 0.7, 1.2))).toBe('offer_missed');
    expect(decisionCubeDirection(cube('double', 0.7, 1.2))).toBe('offer_right');
    expect(decisionCubeDirection(cube('take', 0.7, 1.2))).toBe('answer_wrong_take');
    expect(decisionCubeDirection(cube('pass', 0.7, 1.2))).toBe('answer_right');
  });
  // ND 0.3 > DT 0.2: no double, take
  test('no double position', () => {
    expect(decisionCubeDirection(cube('no-double', 0.3, 0.2))).toBe('offer_right');
    expect(decisionCubeDirection(cube('double', 0.3, 0.2))).toBe('offer_premature');
    expect(decisionCubeDirection(cube('take', 0.3, 0.2))).toBe('answer_right');
  });
  // ND 1.1 > DP 1, DT 1.3 ≥ DP: too good to double, pass — a double is premature
  test('too good position', () => {
    expect(decisionCubeDirection(cube('no-double', 1.1, 1.3))).toBe('offer_right');
    expect(decisionCubeDirection(cube('double', 1.1, 1.3))).toBe('offer_premature');
    expect(decisionCubeDirection(cube('pass', 1.1, 1.3))).toBe('answer_right');
    expect(decisionCubeDirection(cube('take', 1.1, 1.3))).toBe('answer_wrong_take');
  });
  test('no analysis, analysed position or answer to a beaver → null', () => {
    expect(decisionCubeDirection({ ...cube('take', 0.5, 0.6), analysis: null })).toBeNull();
    expect(decisionCubeDirection(cube('take', 0.5, 0.6, 1, { fromPosition: true }))).toBeNull();
    expect(decisionCubeDirection(cube('take', 0.5, 0.6, 1, { afterBeaver: true }))).toBeNull();
  });
});

describe('best label from the equities (gnuBG proper cube action)', () => {
  test.each([
    [0.5, 0.6, 1, 'Double, take'],
    [0.7, 1.2, 1, 'Double, pass'],
    [0.3, 0.2, 1, 'No double, take'],
    [1.1, 1.3, 1, 'Too good to double, pass'],
    [1.1, 0.9, 1, 'Too good to double, take'],
  ])('ND %d DT %d DP %d → %s', (nd, dt, dp, label) => {
    expect(bestCubeLabel({ nd, dt, dp })).toBe(label);
  });
});
