/**
 * The .mat reader on small hand-written transcripts: recognising the format, the two columns, the ways moves
 * are written (consolidated, chained, repeated, bar/off in any case, hits on the way), cube actions, game ends
 * (bear-off, pass, resignation), the Crawford game, and the warnings and errors of odd or broken input.
 */
import { describe, expect, test } from 'vitest';
import { CorruptFileError } from '../../../src/errors.js';
import { defaultMet } from '../../../src/metrics/match-report.js';
import type { CheckerDecision, CubeDecision, Match } from '../../../src/model/types.js';
import { matFormat, sniffMat } from '../../../src/parsers/mat/index.js';
import type { ParseWarning } from '../../../src/parsers/types.js';

const met = defaultMet();
const enc = new TextEncoder();

function read(text: string): { match: Match; warnings: readonly ParseWarning[] } {
  return matFormat.parse(enc.encode(text), { file: 't.mat', met });
}

function fails(text: string): CorruptFileError {
  try {
    read(text);
  } catch (e) {
    expect(e).toBeInstanceOf(CorruptFileError);
    return e as CorruptFileError;
  }
  return expect.fail('expected a CorruptFileError');
}

function checkers(m: Match, game = 0): CheckerDecision[] {
  return m.games[game]!.decisions.filter((d): d is CheckerDecision => d.kind === 'checker');
}

function cubes(m: Match, game = 0): CubeDecision[] {
  return m.games[game]!.decisions.filter((d): d is CubeDecision => d.kind === 'cube');
}

/** A transcript of one game after a header: `rows` are the lines after the players' line. */
function oneGame(rows: string[], length = 7, header = ''): string {
  return `${header}\n ${length} point match\n\n Game 1\n alice : 0                      bob : 0\n${rows.join('\n')}\n`;
}

describe('sniff', () => {
  const yes = (s: string) => expect(sniffMat(enc.encode(s)), JSON.stringify(s.slice(0, 40))).toBe(true);
  const no = (s: string) => expect(sniffMat(enc.encode(s)), JSON.stringify(s.slice(0, 40))).toBe(false);
  test('recognises the match line, after header fields, a BOM, CR LF', () => {
    yes(' 7 point match\n\n Game 1\n');
    yes('; [Site "BackgammonGalaxy"]\n; [Player 1 "a"]\n\n5 point match\n');
    yes('\uFEFF; [Event "HSBT"]\r\n\r\n7 point match\r\n');
    yes(' 0 point match\n'); // gnuBG's money session
    yes('# comment\n 11 Point Match\n');
  });
  test('does not claim other texts', () => {
    no('');
    no('The score (after 0 games) is: klara 0, lasse 0 (match to 5 points)\n');
    no('XGID=-b----E-C---eE---c-e----B-:0:0:1:52:0:0:0:0:10\n 7 point match\n');
    no('(;FF[4]GM[6]CA[UTF-8]AP[GNU Backgammon:1.07.001]MI[length:3])');
    no('; [Site "x"]\nhello\n7 point match\n');
    no('7 point matches\n');
  });
});

describe('columns and players', () => {
  test('seat 0 is the left column; an empty left column means the right player starts', () => {
    const { match, warnings } = read(
      oneGame([
        '  1)                             41: 13/9 24/23',
        '  2) 44: 24/20 20/16 6/2 6/2     65: 25/20',
      ]),
    );
    expect(warnings.filter((w) => !w.message.includes('no end'))).toEqual([]);
    expect(match.players).toEqual(['alice', 'bob']);
    const c = checkers(match);
    expect(c.map((d) => [d.player, d.dice.join('')])).toEqual([
      [1, '41'],
      [0, '44'],
      [1, '65'],
    ]);
    expect(c[0]!.source).toEqual({ file: 't.mat', format: 'mat', line: 6, column: 34 });
  });

  test('a long left move overflowing into the right column with one space', () => {
    const { match } = read(
      oneGame([
        '  1) 31: 8/5 6/5                 42: 8/4 6/4',
        '  2) 11: 24/23 24/23 23/22 23/22 61: 13/7 8/7',
      ]),
    );
    expect(checkers(match).map((d) => d.player)).toEqual([0, 1, 0, 1]);
  });

  test('names are NFC-normalised and trimmed; an empty name gets a placeholder and a warning', () => {
    const nfd = 'Ke\u0301vin';
    const { match } = read(` 3 point match\n Game 1\n ${nfd} : 0      Zoé : 0\n  1) 31: 8/5 6/5\n`);
    expect(match.players).toEqual(['Kévin', 'Zoé']);
    const r = read(' 3 point match\n Game 1\n  : 0                            lasse : 0\n  1) 31: 8/5 6/5\n');
    expect(r.match.players).toEqual(['Player 1', 'lasse']);
    expect(r.warnings.map((w) => w.message)).toContain('no name in the left column; called "Player 1"');
  });

  test('header fields: Event, Round, Site, EventDate; the columns win over Player 1/2', () => {
    const { match } = read(
      oneGame(
        ['  1) 31: 8/5 6/5'],
        5,
        '; [Site "Backgammon Studio"]\n; [Event "Online match"]\n; [Round "Round 0"]\n; [Player 1 "bob"]\n; [Player 2 "alice"]\n; [EventDate "2023.08.09"]',
      ),
    );
    expect(match.players).toEqual(['alice', 'bob']);
    expect([match.place, match.event, match.round, match.date]).toEqual([
      'Backgammon Studio',
      'Online match',
      'Round 0',
      '2023-08-09',
    ]);
  });
});

describe('moves', () => {
  test('consolidated hops are read in die-sized steps', () => {
    const { match, warnings } = read(
      oneGame(['  1) 41: 13/8                    11: 24/20', '  2) 52: 13/6                    33: 13/7(2)']),
    );
    expect(warnings.filter((w) => !w.message.includes('no end'))).toEqual([]);
    for (const d of checkers(match)) {
      for (const h of d.played) expect([d.dice[0], d.dice[1]]).toContain(h.from - h.to);
    }
    expect(checkers(match).map((d) => d.played.length)).toEqual([2, 4, 2, 4]);
  });

  test('a hit on an intermediate point of a consolidated hop is found', () => {
    // alice leaves a blot on bob's 7 point (her 18); bob's 33: 13/4 passes through it
    const { match, warnings } = read(
      oneGame(['  1) 62: 24/18 13/11             33: 13/4 6/3', '  2) 31: 25/22 24/23']),
    );
    expect(warnings.filter((w) => !w.message.includes('no end'))).toEqual([]);
    const c = checkers(match);
    expect(c[2]!.board[0][24]).toBe(1); // alice is on the bar
    expect(c[1]!.played).toHaveLength(4);
  });

  test('chains, hit marks, repeats, bar and off in any case or as gnuBG numbers (25, 0)', () => {
    // alice leaves blots on her 24, 18 and 11; bob hits the one on 11 (his 14) with a chained 64; alice enters
    const game = (enter: string) =>
      read(
        oneGame([
          '  1) 62: 24/18 13/11             64: 24/18/14*',
          `  2) 51: ${enter} 13/8            22: 13/11(2) 6/4(2)`,
        ]),
      );
    const a = game('BAR/24');
    expect(a.warnings.map((w) => w.message)).toEqual(['game 1 has no end (unfinished)']);
    const c = checkers(a.match);
    expect(c[2]!.board[0][24]).toBe(1); // alice on the bar before her 51
    expect(c[2]!.played).toEqual([
      { from: 25, to: 24 },
      { from: 13, to: 8 },
    ]);
    expect(c[3]!.played).toHaveLength(4);
    const plays = (m: Match) => checkers(m).map((d) => [d.player, d.dice, d.board, d.played]);
    expect(plays(game('bar/24').match)).toEqual(plays(a.match));
    expect(plays(game('25/24').match)).toEqual(plays(a.match));
    // "Off" in any case is read (and then refused by the board: no bearing off from the start)
    expect(fails(' 1 point match\n Game 1\n a : 0    b : 0\n  1) 31: 6/Off 6/oFF\n').detail).toBe(
      'move 31: 6/off 6/off cannot be played: hop 1 (6/0): bearing off not allowed, a checker is on point 8',
    );
  });

  test('a move that is not legal is kept with a warning; the board follows it', () => {
    const { match, warnings } = read(oneGame(['  1) 31: 6/5 6/5']));
    expect(warnings.map((w) => [w.line, w.message])).toContainEqual([
      6,
      'move 31: 6/5 6/5 is not a legal play of 31',
    ]);
    expect(checkers(match)[0]!.played).toHaveLength(2);
  });

  test('a move that cannot be played is a corrupt file at its line and column', () => {
    const e = fails(oneGame(['  1) 31: 8/5 6/5                 42: 8/4 6/4', '  2) 31: 5/2 4/3']));
    expect(e.location).toEqual({ file: 't.mat', line: 7, column: 6 });
    expect(e.message).toBe(
      't.mat:7:6: move 31: 5/2 4/3 cannot be played: hop 2 (4/3): no checker on point 4',
    );
  });

  test('bad dice and unreadable moves are corrupt files', () => {
    expect(fails(oneGame(['  1) 71: 13/6'])).location).toEqual({ file: 't.mat', line: 6, column: 6 });
    expect(fails(oneGame(['  1) 5: 13/8'])).detail).toMatch(/bad dice "5"/);
    expect(fails(oneGame(['  1) 31: 8-5 6/5'])).location.column).toBe(10);
    expect(fails(oneGame(['  1) 31: 8/5 6/7'])).detail).toMatch(/higher point to a lower one/);
    expect(fails(oneGame(['  1) 31: 8/5 6/5 hello'])).detail).toMatch(/bad move "hello"/);
    expect(fails(oneGame(['  1) 31: 8/5(5)'])).detail).toMatch(/at most four times/);
  });

  test('no move written: a roll not played (a resignation follows), "Cannot Move" while plays exist', () => {
    const r = read(oneGame(['  1) 31: 8/5 6/5                 42:', '      Wins 1 point']));
    expect(checkers(r.match)).toHaveLength(1); // bob's 42 was not played: he resigned
    const g = r.match.games[0]!;
    expect([g.winner, g.points, g.resigned]).toEqual([0, 1, true]);
    expect(r.warnings).toEqual([]);
    const c = read(oneGame(['  1) 31: 8/5 6/5                 42: Cannot Move', '  2) 31: 6/3 8/7']));
    expect(c.warnings.map((w) => w.message)).toContainEqual(
      expect.stringMatching(/^"Cannot Move" with 42, but \d+ plays are legal$/),
    );
    expect(c.warnings.map((w) => w.message)).toContainEqual(
      'roll 42 has no move although several plays were legal, and the game goes on; read as not played',
    );
  });
});

describe('cube and game ends', () => {
  test('double, take, redouble, pass: values, owners, winner and points', () => {
    const { match, warnings } = read(
      oneGame([
        '  1) 31: 8/5 6/5                  Doubles => 2',
        '  2)  Takes                      42: 8/4 6/4',
        '  3)  Doubles => 4                Drops',
        '      Wins 2 points',
      ]),
    );
    expect(warnings).toEqual([]);
    expect(cubes(match).map((d) => [d.player, d.action, d.cubeValue, d.cubeOwner])).toEqual([
      [1, 'double', 1, -1],
      [0, 'take', 1, -1],
      [0, 'double', 2, 0],
      [1, 'pass', 2, 0],
    ]);
    const g = match.games[0]!;
    expect([g.winner, g.points, g.resigned]).toEqual([0, 2, false]);
    expect(checkers(match)[1]!.cubeValue).toBe(2);
  });

  test('a resignation: "Wins N points" while the game is on', () => {
    const { match } = read(
      oneGame([
        '  1) 31: 8/5 6/5                 42: 8/4 6/4',
        '                                  Wins 2 points',
      ]),
    );
    const g = match.games[0]!;
    expect([g.winner, g.points, g.resigned]).toEqual([1, 2, true]);
  });

  test('a money session ("0 point match"): no Crawford rule, scores carried over', () => {
    const { match, warnings } = read(
      ' 0 point match\n Game 1\n a : 0   b : 0\n  1) 31: 8/5 6/5\n      Wins 1 point\n Game 2\n a : 1    b : 0\n  1) 42: 8/4 6/4\n',
    );
    expect(match.matchLength).toBe(0);
    expect(match.rules.crawford).toBe(false);
    expect(match.games.map((g) => [g.score, g.crawfordGame])).toEqual([
      [[0, 0], false],
      [[1, 0], false],
    ]);
    expect(warnings.map((w) => w.message)).toEqual(['game 2 has no end (unfinished)']);
  });

  test('the Crawford game: the first game where exactly one player needs one point', () => {
    const games = (crawford: string) =>
      read(
        `${crawford}\n 3 point match\n Game 1\n a : 0    b : 0\n      Wins 2 points\n Game 2\n a : 2    b : 0\n                                  Wins 1 point\n Game 3\n a : 2    b : 1\n                                  Wins 1 point\n Game 4\n a : 2    b : 2\n`,
      ).match;
    expect(games('').games.map((g) => g.crawfordGame)).toEqual([false, true, false, false]);
    expect(games('; [Crawford "On"]').games.map((g) => g.crawfordGame)).toEqual([false, true, false, false]);
    const off = games('; [Crawford "Off"]');
    expect(off.rules.crawford).toBe(false);
    expect(off.games.map((g) => g.crawfordGame)).toEqual([false, false, false, false]);
  });

  test('scores that do not follow, games after the match, a second match, an unfinished game', () => {
    const text = ` 3 point match\n Game 1\n a : 0    b : 0\n      Wins 2 points\n Game 2\n a : 1    b : 0\n      Wins 2 points and the match\n Game 3\n a : 3    b : 0\n\n 5 point match\n`;
    const { match, warnings } = read(text);
    expect(match.games).toHaveLength(2);
    expect(warnings.map((w) => w.message)).toEqual([
      'a second match starts here; only the first match of the file is read',
      'game 2 starts at 1-0, but the results before give 2-0',
      'game 3 starts at 3-0, after the end of the match; ignored',
    ]);
    const open = read(oneGame(['  1) 31: 8/5 6/5']));
    expect(open.match.games[0]!.winner).toBeNull();
    expect(open.warnings.map((w) => w.message)).toEqual(['game 1 has no end (unfinished)']);
  });
});

describe('broken files', () => {
  test('an empty file, a file with no match line, a match with no game', () => {
    expect(fails('').location.line).toBe(1);
    expect(fails('hello\n').detail).toMatch(/expected the " N point match" line/);
    expect(fails(' 7 point match\n\n').detail).toMatch(/no game/);
    expect(fails(' 99 point match\n').detail).toMatch(/above 64/);
  });
  test('a game with no players line, text before the first game, garbage in a row', () => {
    expect(fails(' 7 point match\n Game 1\n  1) 31: 8/5 6/5\n').location.line).toBe(3);
    expect(fails(' 7 point match\n  1) 31: 8/5 6/5\n').location.line).toBe(2);
    expect(fails(oneGame(['  1) hello 31: 8/5 6/5'])).location).toEqual({
      file: 't.mat',
      line: 6,
      column: 6,
    });
    expect(fails(oneGame(['  1) Doubles => x'])).location.line).toBe(6);
    expect(fails(oneGame(['  1) 31: 8/5 6/5  42: 8/4 6/4  31: 6/3 8/7'])).detail).toMatch(/two actions/);
  });
});
