/**
 * The event file's "format" field (issue 41): read, written back the same, and each mistake one line
 * naming the file and the JSON path; files without it read as before.
 */
import { describe, expect, it } from 'vitest';
import { eventFileText, parseEventJson } from '../../../src/tournament/file.js';

const players = ['A', 'B', 'C', 'D'].map((name) => ({ name }));

function parse(format: unknown, extra: Record<string, unknown> = {}) {
  return parseEventJson(
    JSON.stringify({ system: { type: 'swiss' }, format, players, ...extra }),
    'event.json',
  );
}

function message(f: () => unknown): string {
  try {
    f();
  } catch (e) {
    return (e as Error).message;
  }
  throw new Error('no error');
}

describe('the format field', () => {
  it.each([
    { type: 'single', seeding: 'rating' },
    { type: 'single', seeding: 'random', seed: 42 },
    {
      type: 'consolation',
      seeding: 'draw',
      brackets: [
        { name: 'consolation', from: 'main', first: 1, last: 2 },
        { name: 'last-chance', from: 'consolation', first: 1, last: 1 },
      ],
    },
    { type: 'double', seeding: 'draw', reset: false },
    { type: 'lives', lives: 3 },
    { type: 'round-robin' },
    { type: 'qualifier', swissRounds: 3, top: 4 },
  ])('reads %j and writes it back the same', (format) => {
    const event = parse(format);
    expect(event.format).toEqual(format);
    expect(parseEventJson(eventFileText(event), 'again.json')).toEqual(event);
  });

  it('a consolation without brackets: the consolation from main round 1, the last chance from its round 1', () => {
    expect(parse({ type: 'consolation', seeding: 'draw' }).format).toEqual({
      type: 'consolation',
      seeding: 'draw',
      brackets: [
        { name: 'consolation', from: 'main', first: 1, last: 1 },
        { name: 'last-chance', from: 'consolation', first: 1, last: 1 },
      ],
    });
  });

  it.each([
    [
      { type: 'ladder' },
      'format.type: expected one of single, consolation, double, lives, round-robin, qualifier, got "ladder"',
    ],
    [{ type: 'single', seeding: 'random' }, 'format.seed: a random seeding needs the seed of its draw'],
    [
      { type: 'single', seeding: 'draw', lives: 2 },
      'format.lives: unknown field (expected type, seeding, seed)',
    ],
    [{ type: 'double', seeding: 'draw' }, 'format.reset: expected true or false, got undefined'],
    [{ type: 'lives', lives: 0 }, 'format.lives: expected a whole number ≥ 1, got 0'],
    [
      { type: 'qualifier', swissRounds: 2, top: 5 },
      "format.top: the knock-out takes 2 to 4 players (the event's), got 5",
    ],
    [
      { type: 'consolation', seeding: 'draw', brackets: [{ name: 'c', from: 'x', first: 1 }] },
      'format.brackets[0].from: expected one of main, got "x"',
    ],
    [
      { type: 'consolation', seeding: 'draw', brackets: [{ name: 'c', from: 'main', first: 2, last: 1 }] },
      'format.brackets[0].last: the last round (1) is before the first (2)',
    ],
  ])('%j: one line naming the field', (format, detail) => {
    expect(message(() => parse(format))).toBe(`event.json: ${detail}`);
  });

  it('a format with "rounds", or on McMahon points, is refused', () => {
    expect(message(() => parse({ type: 'round-robin' }, { rounds: 3 }))).toBe(
      'event.json: rounds: the round-robin format plans its own rounds: leave "rounds" out',
    );
    expect(
      message(() => parse({ type: 'round-robin' }, { system: { type: 'mcmahon', groups: [1500] } })),
    ).toBe('event.json: format: a format is played on Swiss points: the system must be "swiss"');
  });

  it('a file without a format has none', () => {
    expect(
      parseEventJson(JSON.stringify({ system: { type: 'swiss' }, players }), 'e.json').format,
    ).toBeUndefined();
  });
});
