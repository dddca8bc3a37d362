/**
 * gnuBG text export → decision model (src/parsers/gnubg-text/), on small hand-written files and on edits of
 * a real export: header and score line, blocks, cube tables (taker's view), beavers, luck, skill marks,
 * MWC output, Position ID checks, multi-file matches, grouping and sniffing.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, test } from 'vitest';
import { initialBoard } from '../../../src/core/board.js';
import { positionId } from '../../../src/core/position-id.js';
import { CorruptFileError } from '../../../src/errors.js';
import { eq2mwc } from '../../../src/met/index.js';
import { defaultMet } from '../../../src/metrics/match-report.js';
import type { CheckerDecision, CubeDecision, Decision } from '../../../src/model/types.js';
import {
  gnubgTextFormat,
  groupGnubgTextFiles,
  parseGnubgTextGame,
  parseGnubgTextMatch,
  sniffGnubgText,
} from '../../../src/parsers/gnubg-text/index.js';
import { REF_DIR } from '../../helpers/fixtures.js';

const met = defaultMet();
const enc = new TextEncoder();
/** g0001 and g0002 of the gnubg-generated set (test/reference-matches/README.md). */
const GENERATED = `${REF_DIR}gnubg/`;
const REF = REF_DIR;

function game(text: string, file = 't.txt') {
  return parseGnubgTextGame(enc.encode(text), file, met);
}

function checker(d: Decision | undefined): CheckerDecision {
  expect(d?.kind).toBe('checker');
  return d as CheckerDecision;
}

function cube(d: Decision | undefined): CubeDecision {
  expect(d?.kind).toBe('cube');
  return d as CubeDecision;
}

function corrupt(f: () => unknown): CorruptFileError {
  try {
    f();
  } catch (e) {
    expect(e).toBeInstanceOf(CorruptFileError);
    return e as CorruptFileError;
  }
  throw new Error('no error');
}

const START_ID = positionId(initialBoard(), 0);

/** A small 5-point game: Alice opens 31, Bob doubles, Alice takes, Bob dances, Alice wins. */
const SMALL = `The score (after 0 games) is: Alice 0, Bob 0 (match to 5 points)

Match Information:
Date: 11/29/26
Event: Club night
Place: Home

Move number 1:  Alice to play 31

 GNU Backgammon  Position ID: ${START_ID}
                 Match ID   : MIEFAAAAAAAE
* Alice moves 8/5 6/5
Alert: lucky roll! ( +0.312)

Rolled 31 (+0.312):
*    1. Cubeful 1-ply    8/5 6/5                      Eq.: +0.150
       0.560 0.170 0.010 - 0.440 0.120 0.005
     2. Cubeful 1-ply    24/23 13/10                  Eq.: -0.010 (-0.160)
       0.500 0.140 0.006 - 0.500 0.130 0.006


Move number 2:  Bob on roll, cube decision?

* Bob doubles

Alert: wrong double (-0.300)!
 [very bad]
Cube analysis
1-ply cubeless equity -0.150 (Money: -0.150)
  0.440 0.120 0.005 - 0.560 0.170 0.010
Cubeful equities:
1. No double           -0.120
2. Double, pass        +1.000  (+1.120)
3. Double, take        -0.420  (-0.300)
Proper cube action: No double, take (20.0%)
Move number 3:  Bob doubles to 2

* Alice accepts

Cube analysis
1-ply cubeless equity +0.150 (Money: +0.150)
  0.560 0.170 0.010 - 0.440 0.120 0.005
Cubeful equities:
1. No double           +0.120
2. Double, pass        -1.000  (-1.120)
3. Double, take        +0.420  (+0.300)
Proper cube action: No double, take (20.0%)
Move number 4:  Bob to play 66

* Bob moves 24/18(2) 13/7(2)

Rolled 66:
*    24/18(2) 13/7(2)


Alice wins 2 points

Game statistics for game 1

Player                                   Alice                   Bob

Output generated Sun Nov 29 10:00:00 2026
 by GNU Backgammon 1.07.001 20221114 (Text Export version 1.128)
`;

describe('one file', () => {
  test('header, decisions, cube tables turned to the doubler, result', () => {
    const f = game(SMALL);
    expect(f.warnings).toEqual([]);
    expect(f.players).toEqual(['Alice', 'Bob']);
    expect(f.matchLength).toBe(5);
    expect(f.gameNumber).toBe(0);
    expect(f.score).toEqual([0, 0]);
    expect(f.crawfordGame).toBe(false);
    // as printed: the match reads the day (src/core/dates.ts)
    expect(f.date).toBe('11/29/26');
    expect(f.event).toBe('Club night');
    expect(f.place).toBe('Home');
    expect(f.analyser).toEqual({
      program: 'GNU Backgammon 1.07.001',
      checkerDepth: '1-ply',
      cubeDepth: '1-ply',
    });
    const g = f.games[0]!;
    expect(g.winner).toBe(0);
    expect(g.points).toBe(2);
    // Bob still has all his checkers and nothing was passed: the game was resigned
    expect(g.resigned).toBe(true);
    const [m1, dbl, take, last] = g.decisions;
    const c = checker(m1);
    expect(c.player).toBe(0);
    expect(c.dice).toEqual([3, 1]);
    expect(c.luck).toBe(0.312);
    expect(c.annotation).toEqual({ luck: 'lucky' });
    expect(c.candidates.map((x) => x.equity)).toEqual([0.15, -0.01]);
    expect(c.candidates[0]!.depth).toBe('1-ply');
    expect(c.playedIndex).toBe(0);
    const d = cube(dbl);
    expect(d).toMatchObject({ player: 1, action: 'double', cubeValue: 1, cubeOwner: -1 });
    expect(d.analysis).toEqual({ nd: -0.12, dt: -0.42, dp: 1 });
    expect(d.annotation).toEqual({ skill: 'very-bad' });
    const t = cube(take);
    expect(t).toMatchObject({ player: 0, action: 'take', cubeValue: 1, cubeOwner: -1 });
    // the take uses the double's analysis, in the doubler's view
    expect(t.analysis).toEqual({ nd: -0.12, dt: -0.42, dp: 1 });
    // the played move printed without a list: not analysed
    const n = checker(last);
    expect(n).toMatchObject({ player: 1, cubeValue: 2, cubeOwner: 0, candidates: [], luck: null });
    expect(n.played).toHaveLength(4);
    expect(n.playedIndex).toBeNull();
  });

  test('a take without the double block uses its own table, negated', () => {
    const text = SMALL.replace(/Move number 2:[\s\S]*?Move number 3:/, 'Move number 3:');
    const f = game(text);
    const t = cube(f.games[0]!.decisions[1]);
    expect(t.action).toBe('take');
    expect(t.analysis).toEqual({ nd: -0.12, dt: -0.42, dp: 1 });
    expect(f.warnings.map((w) => w.message)).toEqual(['move number 3 follows 1: moves are missing']);
  });

  test('score line: Crawford, post-Crawford, money, names with ", N"', () => {
    const crawford = game(
      SMALL.replace(
        'Alice 0, Bob 0 (match to 5 points)',
        'Alice 4, Bob 2 (match to 5 points), Crawford game',
      ),
    );
    expect(crawford.score).toEqual([4, 2]);
    expect(crawford.crawfordGame).toBe(true);
    expect(crawford.games[0]!.crawfordGame).toBe(true);
    const post = game(
      SMALL.replace(
        'after 0 games) is: Alice 0, Bob 0 (match to 5 points)',
        'after 3 games) is: Alice 4, Bob 3 (match to 5 points), post-Crawford play',
      ),
    );
    expect(post.gameNumber).toBe(3);
    expect(post.postCrawford).toBe(true);
    expect(post.crawfordGame).toBe(false);
    const money = game(SMALL.replace('Alice 0, Bob 0 (match to 5 points)', 'Alice 2, Bob 0'));
    expect(money.matchLength).toBe(0);
    expect(money.score).toEqual([2, 0]);
    const odd = SMALL.replaceAll('Alice', 'Ann, 7 Lee').replace(
      '* Ann, 7 Lee moves 8/5 6/5',
      ' +13-14-15-16-17-18------19-20-21-22-23-24-+     O: Ann, 7 Lee\n* Ann, 7 Lee moves 8/5 6/5',
    );
    expect(game(odd).players).toEqual(['Ann, 7 Lee', 'Bob']);
  });

  test('dates: a game file keeps its Date line as printed; the match reads the day (test/unit/parsers/dates.test.ts)', () => {
    const date = (d: string) => game(SMALL.replace('Date: 11/29/26', `Date: ${d}`)).date;
    expect(date('11/29/26')).toBe('11/29/26');
    expect(date('05/09/2023')).toBe('05/09/2023');
    expect(game(SMALL.replace('Date: 11/29/26\n', '')).date).toBeNull();
  });

  test('a wrong Position ID is an error at its line', () => {
    const e = corrupt(() => game(SMALL.replace(START_ID, '4PPgATDgc/ABMA')));
    expect(e.location.line).toBe(10);
    expect(e.detail).toContain('Position ID');
    const bad = corrupt(() => game(SMALL.replace(START_ID, 'not-an-id!!')));
    expect(bad.location.line).toBe(10);
  });

  test('a move that cannot be played is an error at its line', () => {
    const e = corrupt(() => game(SMALL.replace('* Alice moves 8/5 6/5', '* Alice moves 7/4 6/5')));
    expect(e.location.line).toBe(12);
    expect(e.detail).toContain('no checker');
  });

  test('an illegal but playable move is read with a warning', () => {
    const f = game(SMALL.replace('* Alice moves 8/5 6/5', '* Alice moves 13/10'));
    expect(f.warnings.map((w) => w.message)).toEqual([
      'move "13/10" is not a legal play of 31',
      'the candidate marked "*" is not the move played',
    ]);
    expect(checker(f.games[0]!.decisions[0]).playedIndex).toBeNull();
  });

  test('not a text export, or broken structure: CorruptFileError with a line', () => {
    expect(corrupt(() => game('')).location.line).toBe(1);
    expect(corrupt(() => game('\n\nhello\n')).location.line).toBe(3);
    expect(corrupt(() => game(SMALL.replace('Alice to play 31', 'Carol to play 31'))).location.line).toBe(8);
    expect(corrupt(() => game(SMALL.replace('* Alice moves', '* Bob moves'))).location.line).toBe(12);
    expect(
      corrupt(() => game(SMALL.replace('(match to 5 points)', '(match to 99 points)'))).location.line,
    ).toBe(1);
    expect(
      corrupt(() => game(SMALL.replace('Alice wins 2 points', 'Alice wins 2 points\nBob wins 1 point')))
        .location.line,
    ).toBeGreaterThan(40);
  });

  test('a file cut inside its last block keeps what came before, with a warning', () => {
    const cut = SMALL.slice(0, SMALL.indexOf('* Bob doubles'));
    const f = game(cut);
    expect(f.games[0]!.decisions).toHaveLength(1);
    expect(f.games[0]!.winner).toBeNull();
    expect(f.warnings.map((w) => w.message)).toEqual([
      'the file ends inside this move block (truncated): block ignored',
      'game 1 ends without gnuBG\'s "Game statistics" (file truncated?)',
    ]);
  });

  test('garbage lines are skipped with a warning', () => {
    const f = game(SMALL.replace('Rolled 31 (+0.312):', 'Rolled 31 (+0.312):\n@@@ garbage @@@'));
    expect(f.warnings.map((w) => w.message)).toEqual(['unrecognised line ignored: "@@@ garbage @@@"']);
    expect(checker(f.games[0]!.decisions[0]).candidates).toHaveLength(2);
  });

  test('annotations become comments', () => {
    const f = game(
      SMALL.replace('Move number 2:', 'Annotation:\nNice opening.\nTwo lines.\n\nMove number 2:'),
    );
    expect(checker(f.games[0]!.decisions[0]).annotation).toEqual({
      luck: 'lucky',
      comment: 'Nice opening.\nTwo lines.',
    });
  });
});

describe('beavers', () => {
  const beaver = `The score (after 0 games) is: Sofía 0, Bob 0

Move number 1:  Sofía on roll, cube decision?

* Sofía doubles

Cube analysis
1-ply cubeless equity +1.221
Cubeful equities:
1. No double           +1.332
2. Double, take        +2.296  (+0.964)
3. Double, pass        +1.000  (-0.332)
Proper cube action: Too good to double, pass (25.6%)
Move number 2:  Sofía doubles to 2

* Bob doubles

Cannot analyse beaver nor raccoons!
Move number 3:  Bob doubles to 4

* Sofía accepts

Cannot analyse beaver nor raccoons!
Sofía wins 4 points

Game statistics for game 1
`;
  test('a beaver is a take with the double analysis; the answer to it is flagged', () => {
    const f = game(beaver);
    expect(f.warnings).toEqual([]);
    const [d, b, a] = f.games[0]!.decisions.map(cube);
    expect(d).toMatchObject({ player: 0, action: 'double', cubeValue: 1 });
    expect(b).toMatchObject({ player: 1, action: 'take', beaver: true, cubeValue: 1, cubeOwner: -1 });
    expect(b!.analysis).toEqual(d!.analysis);
    expect(a).toMatchObject({ player: 0, action: 'take', afterBeaver: true, cubeValue: 2, cubeOwner: 1 });
  });
});

describe('MWC output ("set output mwc on")', () => {
  test('candidates, cube table and luck in MWC are turned back into EMG', () => {
    const ci = {
      score0: 0,
      score1: 0,
      matchLength: 5,
      player: 0 as const,
      cubeValue: 1,
      crawfordGame: false,
    };
    const pct = (e: number) => `${(100 * eq2mwc(met, ci, e)).toFixed(2)}%`;
    const luck = `${(100 * (eq2mwc(met, ci, 0.312) - eq2mwc(met, ci, 0))).toFixed(3)}%`;
    const text = SMALL.replace('Rolled 31 (+0.312):', `Rolled 31 (+${luck}):`)
      .replace('Eq.: +0.150', `MWC: ${pct(0.15)}`)
      .replace('Eq.: -0.010 (-0.160)', `MWC: ${pct(-0.01)} (-7.00%)`);
    const f = game(text);
    expect(f.warnings.map((w) => w.message)).toEqual([
      'equities are printed as MWC (gnuBG "set output mwc on"): converted back to EMG with the match equity table, at the printed precision',
    ]);
    const c = checker(f.games[0]!.decisions[0]);
    expect(c.candidates[0]!.equity).toBeCloseTo(0.15, 3);
    expect(c.candidates[1]!.equity).toBeCloseTo(-0.01, 3);
    expect(c.luck).toBeCloseTo(0.312, 3);
    const ciBob = { ...ci, player: 1 as const };
    const cubeText = SMALL.replace('1-ply cubeless equity -0.150', '1-ply cubeless MWC  46.00%')
      .replace(
        '1. No double           -0.120',
        `1. No double            ${(100 * eq2mwc(met, ciBob, -0.12)).toFixed(2)}%`,
      )
      .replace(
        '3. Double, take        -0.420  (-0.300)',
        `3. Double, take         ${(100 * eq2mwc(met, ciBob, -0.42)).toFixed(2)}%`,
      )
      .replace(
        '2. Double, pass        +1.000  (+1.120)',
        `2. Double, pass        ${(100 * eq2mwc(met, ciBob, 1)).toFixed(2)}%`,
      );
    const a = cube(game(cubeText).games[0]!.decisions[1]).analysis!;
    expect(a.nd).toBeCloseTo(-0.12, 3);
    expect(a.dt).toBeCloseTo(-0.42, 3);
    expect(a.dp).toBeCloseTo(1, 3);
  });
});

describe('matches of several files', () => {
  const files = ['g0002.txt', 'g0002_002.txt', 'g0002_003.txt', 'g0002_004.txt'].map((f) => ({
    file: `${GENERATED}${f}`,
    bytes: new Uint8Array(readFileSync(`${GENERATED}${f}`)),
  }));

  test('files are put in game order whatever the order given', () => {
    const { match, warnings } = parseGnubgTextMatch([...files].reverse(), met);
    expect(warnings).toEqual([]);
    expect(match.games.map((g) => g.index)).toEqual([0, 1, 2, 3]);
    expect(match.games.map((g) => g.score)).toEqual([
      [0, 0],
      [2, 0],
      [3, 0],
      [3, 4],
    ]);
    expect(match.games[3]!.crawfordGame).toBe(true);
    expect(match.file).toBe(files[0]!.file);
    expect(match.format).toBe('gnubg-text');
    expect(match.players).toEqual(['Kévin', "O'Brien"]);
  });

  test('a missing game is a warning; another match is an error', () => {
    const { warnings } = parseGnubgTextMatch([files[0]!, files[2]!, files[3]!], met);
    expect(warnings.map((w) => w.message)).toEqual(['g0002_003.txt: games 2–2 are missing']);
    const other = {
      file: `${GENERATED}g0001_002.txt`,
      bytes: new Uint8Array(readFileSync(`${GENERATED}g0001.txt`)),
    };
    const e = corrupt(() => parseGnubgTextMatch([files[0]!, other], met));
    expect(e.detail).toContain('not the same match');
  });

  test('the MatchFormat reads one file as a match', () => {
    expect(gnubgTextFormat.id).toBe('gnubg-text');
    const { match, warnings } = gnubgTextFormat.parse(files[2]!.bytes, { file: 'x.txt', met });
    expect(match.games.map((g) => g.index)).toEqual([2]);
    expect(warnings.map((w) => w.message)).toEqual([
      'the match starts with game 3: earlier games are missing',
    ]);
  });
});

describe('groupGnubgTextFiles', () => {
  test('by stem, in game order, in order of first appearance', () => {
    expect(
      groupGnubgTextFiles([
        'b/x_003.txt',
        'a/m.txt',
        'b/x.txt',
        'a/m_010.txt',
        'a/m_002.txt',
        'b/x_002.TXT',
        'a/m.txt',
        'c/lone_002.txt',
        'd/notes.md',
      ]),
    ).toEqual([
      ['b/x.txt', 'b/x_002.TXT', 'b/x_003.txt'],
      ['a/m.txt', 'a/m_002.txt', 'a/m_010.txt'],
      ['c/lone_002.txt'],
      ['d/notes.md'],
    ]);
  });

  test('Windows separators and numbered files without their first', () => {
    expect(groupGnubgTextFiles(['C:\\m\\g_003.txt', 'C:\\m\\g_002.txt'])).toEqual([
      ['C:\\m\\g_002.txt', 'C:\\m\\g_003.txt'],
    ]);
  });
});

describe('sniffGnubgText', () => {
  const head = (path: string) => new Uint8Array(readFileSync(path)).subarray(0, 4096);
  test('gnuBG text exports', () => {
    expect(sniffGnubgText(head(`${GENERATED}g0002.txt`))).toBe(true);
    expect(sniffGnubgText(head(`${GENERATED}g0002_004.txt`))).toBe(true);
    expect(sniffGnubgText(head(`${REF}gnubg-text/bglab_BoardLord-Llabba_7pt_4ply_game1.txt`))).toBe(true);
    expect(sniffGnubgText(enc.encode(`\uFEFF${SMALL}`))).toBe(true);
  });
  test('other files', () => {
    expect(sniffGnubgText(head(`${REF}mat/gbf_test.mat`))).toBe(false);
    expect(sniffGnubgText(head(`${REF}mat/gbf_test_xg_export.txt`))).toBe(false);
    expect(sniffGnubgText(head(`${REF}xg-text/03_DT_EN.txt`))).toBe(false);
    expect(sniffGnubgText(head(`${GENERATED}g0002.sgf`))).toBe(false);
    expect(sniffGnubgText(head(`${GENERATED}g0002.stats.txt`))).toBe(false);
    expect(sniffGnubgText(new Uint8Array(0))).toBe(false);
    expect(sniffGnubgText(enc.encode('The score is 3-2\n'))).toBe(false);
    // a score line followed by 40 lines that are no gnuBG board
    expect(sniffGnubgText(enc.encode(`${SMALL.split('\n')[0]}\n${'x\n'.repeat(3000)}`))).toBe(false);
  });
});
