import { describe, expect, it } from 'vitest';
import { CorruptFileError } from '../../../src/errors.js';
import {
  EventFileError,
  parseEventJson,
  parseResultsCsv,
  withResults,
} from '../../../src/tournament/file.js';

const base = {
  name: 'Test',
  system: { type: 'swiss' },
  players: [{ name: 'Ann' }, { name: 'Ben', rating: 1600 }, { name: 'Cy', withdrawnAfterRound: 1 }],
  tiebreaks: ['kts', 'buchholz'],
  results: [
    { round: 1, player: 'Ann', opponent: 'Ben', result: 'win' },
    { round: 1, player: 'Cy', opponent: 'bye', result: 'win' },
  ],
};

function parse(value: unknown): ReturnType<typeof parseEventJson> {
  return parseEventJson(JSON.stringify(value), 'event.json');
}

function message(f: () => unknown): string {
  try {
    f();
  } catch (e) {
    expect(e).toBeInstanceOf(Error);
    return (e as Error).message;
  }
  throw new Error('expected an error');
}

describe('parseEventJson', () => {
  it('reads a valid event', () => {
    const e = parse(base);
    expect(e.name).toBe('Test');
    expect(e.system).toEqual({ type: 'swiss' });
    expect(e.players).toEqual([
      { name: 'Ann' },
      { name: 'Ben', rating: 1600 },
      { name: 'Cy', withdrawnAfterRound: 1 },
    ]);
    expect(e.tiebreaks).toEqual(['kts', 'buchholz']);
    expect(e.tiebreakOptions).toEqual({});
    expect(e.results).toHaveLength(2);
  });

  it('reads a McMahon system and tiebreak options', () => {
    const e = parse({
      ...base,
      system: { type: 'mcmahon', groups: [1400, 1600], bar: 1600, floor: 1400 },
      tiebreakOptions: { bye: 'own-score', absent: 'zero', opponentUnplayed: 'as-draw', absentPoints: 1 },
    });
    expect(e.system).toEqual({ type: 'mcmahon', groups: [1400, 1600], bar: 1600, floor: 1400 });
    expect(e.tiebreakOptions).toEqual({
      bye: 'own-score',
      absent: 'zero',
      opponentUnplayed: 'as-draw',
      absentPoints: 1,
    });
  });

  it('reads FIDE C.07 art. 16 as the unplayed-round rule, with absentPoints beside it', () => {
    const e = parse({ ...base, tiebreakOptions: { unplayed: 'fide-2026', absentPoints: 0.5 } });
    expect(e.tiebreakOptions).toEqual({ unplayed: 'fide-2026', absentPoints: 0.5 });
  });

  it('names the file and the JSON path of an unknown player', () => {
    const results = [...base.results, { round: 2, player: 'Ann', opponent: 'Bob', result: 'win' }];
    const m = message(() => parse({ ...base, results }));
    expect(m).toBe('event.json: results[2].opponent: unknown player "Bob"');
  });

  it.each([
    [{ ...base, system: { type: 'round-robin' } }, 'event.json: system.type: expected one of swiss, mcmahon'],
    [{ ...base, system: { type: 'mcmahon' } }, 'event.json: system.groups: expected an array, got undefined'],
    [
      { ...base, system: { type: 'mcmahon', groups: [1600, 1400] } },
      'event.json: system.groups[1]: rating thresholds must be ascending',
    ],
    [
      { ...base, players: [{ name: 'Ann' }, { name: 'Ann' }] },
      'event.json: players[1].name: player "Ann" is listed twice',
    ],
    [
      { ...base, players: [{ name: 'bye' }] },
      'event.json: players[0].name: "bye" cannot be a player\'s name',
    ],
    [
      { ...base, players: [{ name: 'Ann', rating: '1500' }] },
      'event.json: players[0].rating: expected a number',
    ],
    [{ ...base, tiebreaks: ['kts', 'elo'] }, 'event.json: tiebreaks[1]: expected one of kts, buchholz'],
    [{ ...base, tiebreaks: ['kts', 'kts'] }, 'event.json: tiebreaks[1]: "kts" is listed twice'],
    [
      { ...base, tiebreakOptions: { bye: 'half' } },
      'event.json: tiebreakOptions.bye: expected one of ignore, zero',
    ],
    [
      { ...base, tiebreakOptions: { unplayed: 'fide-2023' } },
      'event.json: tiebreakOptions.unplayed: expected one of fide-2024, fide-2026, got "fide-2023"',
    ],
    [
      { ...base, tiebreakOptions: { unplayed: 'fide-2024', bye: 'zero', opponentUnplayed: 'actual' } },
      'event.json: tiebreakOptions.unplayed: "fide-2024" (FIDE C.07 art. 16) replaces "bye", "opponentUnplayed": give one or the other',
    ],
    [
      { ...base, system: { type: 'mcmahon', groups: [1500] }, tiebreakOptions: { unplayed: 'fide-2026' } },
      'event.json: tiebreakOptions.unplayed: FIDE C.07 art. 16 is for Swiss points',
    ],
    [{ ...base, rounds: 0 }, 'event.json: rounds: expected a whole number ≥ 1, got 0'],
    [{ ...base, colour: 'red' }, 'event.json: colour: unknown field'],
    [
      { ...base, results: [{ round: 1.5, player: 'Ann', opponent: 'Ben', result: 'win' }] },
      'event.json: results[0].round: expected a round number ≥ 1, got 1.5',
    ],
    [
      { ...base, results: [{ round: 1, player: 'Ann', opponent: 'Ben', result: 'won' }] },
      'event.json: results[0].result: expected one of win, loss, draw, double-forfeit, got "won"',
    ],
    [
      { ...base, results: [{ round: 1, player: 'Ann', opponent: 'bye', result: 'loss' }] },
      'event.json: results[0].result: a bye is a win',
    ],
    [
      { ...base, results: [{ round: 1, player: 'Ann', opponent: 'bye', result: 'double-forfeit' }] },
      'event.json: results[0].result: a bye is a win',
    ],
    [
      {
        ...base,
        results: [{ round: 1, player: 'Ann', opponent: 'Ben', result: 'double-forfeit', score: '0-0' }],
      },
      'event.json: results[0].score: a double forfeit has no score',
    ],
    [
      {
        ...base,
        results: [{ round: 1, player: 'Ann', opponent: 'Ben', result: 'double-forfeit', forfeit: true }],
      },
      'event.json: results[0].forfeit: a double forfeit needs no "forfeit" field',
    ],
    [
      {
        ...base,
        results: [
          { round: 1, player: 'Ann', opponent: 'Ben', result: 'double-forfeit' },
          { round: 1, player: 'Ben', opponent: 'Ann', result: 'win' },
        ],
      },
      'event.json: results: conflicting results for "Ben" in round 1',
    ],
    [
      { ...base, results: [{ round: 1, player: 'Ann', opponent: 'Ann', result: 'win' }] },
      'event.json: results[0].opponent: "Ann" is paired with himself',
    ],
    [
      {
        ...base,
        results: [
          { round: 1, player: 'Ann', opponent: 'Ben', result: 'win' },
          { round: 1, player: 'Ben', opponent: 'Ann', result: 'win' },
        ],
      },
      'event.json: results: conflicting results for "Ben" in round 1',
    ],
  ])('rejects %j with a located message', (value, expected) => {
    const m = message(() => parse(value));
    expect(m.startsWith(expected)).toBe(true);
    expect(m).not.toContain('\n');
  });

  it('rejects text that is not JSON, as an EventFileError', () => {
    expect(() => parseEventJson('{ "players": ', 'event.json')).toThrow(EventFileError);
    expect(message(() => parseEventJson('[]', 'event.json'))).toBe(
      'event.json: expected an object, got an array',
    );
  });
});

describe('parseResultsCsv', () => {
  const players = ['Ann', 'Ben', 'Cy'];

  it('reads rows by the header, in any column order, with quotes, byes and comments', () => {
    const csv = '\uFEFFplayer,round,opponent,result\r\n# round 2\r\n"Ann",2,Cy,Draw\r\nBen,2,BYE,win\r\n\r\n';
    expect(parseResultsCsv(csv, 'r.csv', players)).toEqual([
      { round: 2, player: 'Ann', opponent: 'Cy', result: 'draw' },
      { round: 2, player: 'Ben', opponent: 'bye', result: 'win' },
    ]);
  });

  it('reports errors with the file and the line', () => {
    const bad = (text: string): CorruptFileError => {
      try {
        parseResultsCsv(text, 'r.csv', players);
      } catch (e) {
        expect(e).toBeInstanceOf(CorruptFileError);
        return e as CorruptFileError;
      }
      throw new Error('expected an error');
    };
    expect(bad('round,player,opponent,result\n2,Ann,Bob,win\n').message).toBe(
      'r.csv:2: opponent: unknown player "Bob"',
    );
    expect(bad('round,player,result\n').message).toContain('r.csv:1: header must name the columns');
    expect(bad('round,player,opponent,result\n\n2,Ann,Ben\n').message).toBe(
      'r.csv:3: expected 4 fields as in the header, got 3',
    );
    expect(bad('round,player,opponent,result\nx,Ann,Ben,win\n').message).toBe(
      'r.csv:2: round: expected a round number ≥ 1, got "x"',
    );
    expect(bad('round,player,opponent,result\n1,"Ann,Ben,win\n').message).toBe(
      'r.csv:2: unterminated quoted field',
    );
    expect(bad('').message).toContain('r.csv:1: empty file');
  });

  it('adds the CSV results to the event and checks the combination', () => {
    const event = parse(base);
    const more = parseResultsCsv('round,player,opponent,result\n2,Ann,Cy,loss\n', 'r.csv', players);
    expect(withResults(event, more, 'r.csv').results).toHaveLength(3);
    const clash = parseResultsCsv('round,player,opponent,result\n1,Ann,Cy,loss\n', 'r.csv', players);
    expect(() => withResults(event, clash, 'r.csv')).toThrow(
      'r.csv: results: conflicting results for "Ann" in round 1',
    );
  });
});
