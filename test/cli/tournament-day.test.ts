/**
 * The director's day on an event file (issue 41, item 2): `add-player`, `withdraw`, `result --no-show`,
 * `undo` and `log`. Every change is logged in the file; a refused change prints one line naming the file,
 * exits 1 and leaves the file byte for byte as it was (its SHA-256 before and after); a corrupt file is one
 * line too. The events are the examples (examples/swiss-8.json: 8 players, 3 rounds of 4 played, no
 * recorded boards; examples/ko-8.json: a knock-out, round 1 paired and played) and events made here; each
 * expectation is the file as it was before, or what the examples' own JSON says.
 */
import { createHash } from 'node:crypto';
import { copyFileSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, test } from 'vitest';
import { call } from '../helpers/cli.js';

const EXAMPLES = fileURLToPath(new URL('../../examples/', import.meta.url));
const tmp = mkdtempSync(join(tmpdir(), 'bdb-tournament-day-'));
afterAll(() => rmSync(tmp, { recursive: true, force: true }));

interface EventJson {
  players: { name: string; rating?: number; withdrawnAfterRound?: number; enteredRound?: number }[];
  pairings?: { round: number; player: string; opponent: string }[];
  results: { round: number; player: string; opponent: string; result: string; forfeit?: boolean }[];
  log?: { what: string; said: string }[];
  [key: string]: unknown;
}
const read = (file: string): EventJson => JSON.parse(readFileSync(file, 'utf8')) as EventJson;
const withoutLog = (e: EventJson): EventJson => {
  const { log: _, ...rest } = e;
  return rest as EventJson;
};
const sha = (file: string): string => createHash('sha256').update(readFileSync(file)).digest('hex');

/** `tournament result FILE 1`, the start of a round-1 result's command line. */
const round1 = (file: string): string[] => ['tournament', 'result', file, '1'];

/** A copy of an example in the test's folder. */
function example(name: string, as: string): string {
  const file = join(tmp, as);
  copyFileSync(join(EXAMPLES, name), file);
  return file;
}

/** `bdb ARGS` is refused: exit 1, one line on stderr naming `file` and containing `what`, the file untouched. */
async function refused(file: string, what: string, ...args: string[]): Promise<void> {
  const before = sha(file);
  const r = await call(...args);
  expect(r.code, r.stderr).toBe(1);
  expect(r.stdout).toBe('');
  const lines = r.stderr.trimEnd().split('\n');
  expect(lines, r.stderr).toHaveLength(1);
  expect(lines[0]).toContain(file);
  expect(lines[0]).toContain(what);
  expect(sha(file)).toBe(before);
}

describe('late entries', () => {
  test('Swiss: paired from the next round; the event keeps its rounds', async () => {
    const file = example('swiss-8.json', 'late.json');
    const r = await call('tournament', 'add-player', file, 'Ivo', '--rating', '1600');
    expect(r.code, r.stderr).toBe(0);
    // swiss-8.json has results up to round 3: the late entry plays from round 4
    expect(r.stdout).toContain('Ivo entered, paired from round 4');
    expect(read(file).players.at(-1)).toEqual({ name: 'Ivo', rating: 1600, enteredRound: 4 });
    const p = await call('tournament', 'pair', '--json', file);
    expect(p.code, p.stderr).toBe(0);
    const pairing = JSON.parse(p.stdout) as {
      round: number;
      pairs: { player: string; opponent: string }[];
      bye: string | null;
    };
    expect(pairing.round).toBe(4);
    const inRound = [...pairing.pairs.flatMap((b) => [b.player, b.opponent]), pairing.bye];
    expect(inRound).toContain('Ivo');
  });

  test('a knock-out refuses once round 1 is paired; a name already in is refused', async () => {
    const ko = example('ko-8.json', 'ko-late.json');
    await refused(ko, 'round 1 is paired', 'tournament', 'add-player', ko, 'Ivo');
    const sw = example('swiss-8.json', 'late-twice.json');
    await refused(sw, 'is in the event already', 'tournament', 'add-player', sw, 'Akiko');
  });
});

describe('withdrawals', () => {
  test('Swiss: never paired again', async () => {
    const file = example('swiss-8.json', 'withdraw.json');
    const r = await call('tournament', 'withdraw', file, 'Bruno');
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout).toContain('Bruno withdrew after round 3');
    const p = await call('tournament', 'pair', '--json', file);
    expect(p.code, p.stderr).toBe(0);
    const pairing = JSON.parse(p.stdout) as {
      pairs: { player: string; opponent: string }[];
      bye: string | null;
    };
    expect([...pairing.pairs.flatMap((b) => [b.player, b.opponent]), pairing.bye]).not.toContain('Bruno');
    await refused(file, 'withdrew after round 3 already', 'tournament', 'withdraw', file, 'Bruno');
    await refused(file, 'no player "Nobody"', 'tournament', 'withdraw', file, 'Nobody');
  });

  test('a knock-out: the game paired is lost by forfeit; without one, refused with what to do', async () => {
    const file = example('ko-8.json', 'ko-withdraw.json');
    await refused(file, 'loses his next game by forfeit', 'tournament', 'withdraw', file, 'Akiko');
    expect((await call('tournament', 'pair', file)).code).toBe(0);
    const board = read(file).pairings!.find((p) => p.round === 2)!;
    const r = await call('tournament', 'withdraw', file, board.player);
    expect(r.code, r.stderr).toBe(0);
    expect(read(file).results.at(-1)).toEqual({
      round: 2,
      player: board.opponent,
      opponent: board.player,
      result: 'win',
      forfeit: true,
    });
  });
});

describe('results, undo and the log', () => {
  test('--no-show: a forfeit win for the other player', async () => {
    const file = join(tmp, 'noshow.json');
    expect((await call('tournament', 'new', file, '--players', 'Ann,Bob,Cid,Dan')).code).toBe(0);
    expect((await call('tournament', 'result', file, '1', 'Ann', 'Bob', '--no-show', 'Bob')).code).toBe(0);
    expect(read(file).results).toEqual([
      { round: 1, player: 'Ann', opponent: 'Bob', result: 'win', forfeit: true },
    ]);
  });

  test('undo after a result gives the file as before it (log aside); after a correction, the first result', async () => {
    const file = join(tmp, 'undo.json');
    expect((await call('tournament', 'new', file, '--players', 'Ann,Bob,Cid,Dan,Eve')).code).toBe(0);
    expect((await call('tournament', 'pair', file)).code).toBe(0);
    const paired = read(file);
    const [b1, b2] = paired.pairings!;
    expect(
      (await call('tournament', 'result', file, '1', b1!.player, b1!.opponent, '--score', '7-3')).code,
    ).toBe(0);
    const afterFirst = read(file);
    expect(
      (await call('tournament', 'result', file, '1', b2!.player, b2!.opponent, '--winner', b2!.opponent))
        .code,
    ).toBe(0);
    const u = await call('tournament', 'undo', file);
    expect(u.code, u.stderr).toBe(0);
    expect(withoutLog(read(file))).toEqual(withoutLog(afterFirst));
    // a correction, then its undo: the score 7-3 is back
    const fix = await call(...round1(file), b1!.player, b1!.opponent, '--score', '2-7', '--replace');
    expect(fix.code, fix.stderr).toBe(0);
    expect((await call('tournament', 'undo', file)).code).toBe(0);
    expect(withoutLog(read(file))).toEqual(withoutLog(afterFirst));
    // the first result, then the pairing: the file as after `new`
    expect((await call('tournament', 'undo', file)).code).toBe(0);
    expect(withoutLog(read(file))).toEqual(withoutLog(paired));
    expect((await call('tournament', 'undo', file)).code).toBe(0);
    const fresh = read(file);
    expect(fresh.pairings).toBeUndefined();
    expect(fresh.results).toEqual([]);
    await refused(file, 'nothing to undo', 'tournament', 'undo', file);
    const log = await call('tournament', 'log', '--json', file);
    const whats = (JSON.parse(log.stdout) as { log: { what: string }[] }).log.map((e) => e.what);
    expect(whats).toEqual(['new', 'pair', 'result', 'result', 'undo', 'result', 'undo', 'undo', 'undo']);
  });

  test('impossible results are refused, the file untouched: a player paired twice, a finished match', async () => {
    const file = join(tmp, 'impossible.json');
    expect((await call('tournament', 'new', file, '--players', 'Ann,Bob,Cid,Dan')).code).toBe(0);
    expect((await call('tournament', 'pair', file)).code).toBe(0);
    const [b1, b2] = read(file).pairings!;
    // b1's first player against b2's: each plays someone else this round
    await refused(
      file,
      'are not paired in round 1',
      ...round1(file),
      b1!.player,
      b2!.player,
      '--winner',
      b1!.player,
    );
    expect(
      (await call('tournament', 'result', file, '1', b1!.player, b1!.opponent, '--winner', b1!.player)).code,
    ).toBe(0);
    await refused(
      file,
      'already has a result',
      ...round1(file),
      b1!.player,
      b1!.opponent,
      '--winner',
      b1!.opponent,
    );
    // a late entry after the pairing: the pairing can no longer be taken back (his first round follows it)
    expect((await call('tournament', 'undo', file)).code).toBe(0);
    expect((await call('tournament', 'add-player', file, 'Eve')).code).toBe(0);
    await refused(file, 'Eve entered after round 1 was paired', 'tournament', 'undo', file);
  });

  test('an older file without a log reads as before: log empty', async () => {
    const text = await call('tournament', 'log', join(EXAMPLES, 'swiss-8.json'));
    expect(text.code).toBe(0);
    expect(text.stdout).toContain('no change logged');
    const json = await call('tournament', 'log', '--json', join(EXAMPLES, 'swiss-8.json'));
    expect((JSON.parse(json.stdout) as { log: unknown[] }).log).toEqual([]);
  });

  test('a corrupt event file: one line naming it, for every command of the day, the file untouched', async () => {
    const file = join(tmp, 'corrupt.json');
    writeFileSync(file, '{ "name": "Cut", "system": { "type": "swiss" }, "players": [');
    await refused(file, 'not valid JSON', 'tournament', 'add-player', file, 'Ivo');
    await refused(file, 'not valid JSON', 'tournament', 'withdraw', file, 'Ivo');
    await refused(file, 'not valid JSON', 'tournament', 'undo', file);
    await refused(file, 'not valid JSON', 'tournament', 'log', file);
    await refused(file, 'not valid JSON', 'tournament', 'result', file, '1', 'A', 'B', '--no-show', 'B');
    const badLog = join(tmp, 'bad-log.json');
    const e = read(join(EXAMPLES, 'swiss-8.json'));
    writeFileSync(badLog, JSON.stringify({ ...e, log: [{ at: 'yesterday', what: 'result', said: 'x' }] }));
    await refused(badLog, 'log[0].at: expected an ISO 8601 time', 'tournament', 'undo', badLog);
  });
});
