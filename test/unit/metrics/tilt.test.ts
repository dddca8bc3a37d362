/**
 * Tilt and form (src/metrics/tilt.ts; issue 39, item 4) against gnuBG's own per-game statistics.
 *
 * gnuBG's text export (GNU Backgammon 1.07.001, Text Export 1.128; 1.08 for ../shared/reference-matches/
 * gnubg-text) writes one file per game, each ending with "X wins N points" and "Game statistics for game
 * k": per player the unforced moves, the close or actual cube decisions, the overall "Error total EMG" and
 * the "Luck total EMG". This test reads those printed lines itself (no bdb code) and checks, for the games
 * following a lost game (and a won one), and following a game of bad luck (and the others): the games
 * counted and gnuBG's decisions exactly, and the error rate 1000 × Σ EMG / Σ decisions to the precision the
 * printed figures allow (three decimals per game, see expectGroup).
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test } from 'vitest';
import { defaultMet } from '../../../src/metrics/match-report.js';
import { seatMatches } from '../../../src/metrics/player-stats.js';
import { BAD_LUCK_GAME, TiltRows, tilt } from '../../../src/metrics/tilt.js';
import { parseMatchFiles } from '../../../src/parsers/index.js';
import { call } from '../../helpers/cli.js';
import { bytesOf, refFiles, shared } from '../../helpers/fixtures.js';

interface PrintedGame {
  readonly winner: string | null;
  /** Per player: overall error total (EMG, as a cost: positive), decisions, luck total (EMG). */
  readonly players: Map<string, { emg: number; decisions: number; luck: number | null }>;
}

/** The two numbers of a statistics line: `Label   -0.616 (-13.818%)   -1.043 (-26.148%)` or `Label  21  18`. */
function pair(line: string): [number, number] {
  const decimals = [...line.matchAll(/([+-]?\d+\.\d+) \(/g)].map((m) => Number(m[1]));
  if (decimals.length === 2) return decimals as [number, number];
  const ints = line.trim().split(/\s+/).slice(-2).map(Number);
  return ints as [number, number];
}

/** The game printed in one export file. */
function printedGame(text: string): PrintedGame {
  const lines = text.split(/\r?\n/);
  const win = lines.map((l) => /^(.+) wins \d+ points?$/.exec(l)).find((m) => m !== null);
  const start = lines.findIndex((l) => l.startsWith('Game statistics for game'));
  const block = lines.slice(start);
  const names = ((line: string) => [line.slice(41, 65).trim(), line.slice(65).trim()])(
    block.find((l) => l.startsWith('Player '))!,
  );
  const first = (label: string, from = 0): [number, number] | null => {
    const l = block.slice(from).find((x) => x.startsWith(label));
    return l === undefined ? null : pair(l);
  };
  const overall = block.findIndex((l) => l.startsWith('Overall statistics'));
  const error = first('Error total EMG', overall)!;
  const unforced = first('Unforced moves')!;
  const close = first('Close or actual cube decisions')!;
  const luck = first('Luck total EMG');
  const players = new Map(
    names.map((n, i) => [
      n,
      { emg: -error[i]!, decisions: unforced[i]! + close[i]!, luck: luck === null ? null : luck[i]! },
    ]),
  );
  return { winner: win ? win[1]! : null, players };
}

/** The matches of a folder of exports: the files of one match (NAME.txt, NAME_002.txt …) in game order. */
function printedMatches(folder: string): PrintedGame[][] {
  const byMatch = new Map<string, string[]>();
  for (const f of readdirSync(folder)
    .filter((f) => f.endsWith('.txt'))
    .sort()) {
    const base = f.replace(/(_\d{3})?\.txt$/, '');
    byMatch.set(base, [...(byMatch.get(base) ?? []), f]);
  }
  return [...byMatch.values()].map((files) =>
    files.map((f) => printedGame(readFileSync(join(folder, f), 'utf8'))),
  );
}

interface Expected {
  games: number;
  decisions: number;
  emg: number;
}

/** The games of `player` after a game meeting `after` (A) and after the others that `known` admits (B). */
function expected(
  matches: readonly PrintedGame[][],
  player: string,
  known: (g: PrintedGame) => boolean,
  after: (g: PrintedGame) => boolean,
): { after: Expected; otherwise: Expected } {
  const out = { after: { games: 0, decisions: 0, emg: 0 }, otherwise: { games: 0, decisions: 0, emg: 0 } };
  for (const games of matches) {
    if (!games[0]!.players.has(player)) continue;
    for (let k = 1; k < games.length; k++) {
      if (!known(games[k - 1]!)) continue;
      const into = after(games[k - 1]!) ? out.after : out.otherwise;
      const p = games[k]!.players.get(player)!;
      into.games++;
      into.decisions += p.decisions;
      into.emg += p.emg;
    }
  }
  return out;
}

interface JsonGroup {
  games: number;
  gnubgDecisions: number;
  gnubgErrorRate: number | null;
  pr: number | null;
}

/** The group's figures against the printed ones: counts exactly, the rate within the printed rounding. */
function expectGroup(got: JsonGroup, want: Expected): void {
  expect(got.games).toBe(want.games);
  expect(got.gnubgDecisions).toBe(want.decisions);
  if (want.decisions === 0) {
    expect(got.gnubgErrorRate).toBeNull();
    return;
  }
  // each game's total is printed to 0.001 EMG (off by at most 0.0005), and bdb takes each error from the
  // equities as printed, to 0.001 (gnuBG from its unrounded ones): a game's total may differ by one more
  // unit of the last printed digit. 0.0015 EMG a game, about 1 % of the rate over Llabba's 233 games.
  const bound = (1000 * 0.0015 * want.games) / want.decisions;
  expect(Math.abs(got.gnubgErrorRate! - (1000 * want.emg) / want.decisions)).toBeLessThanOrEqual(bound);
}

async function tiltOf(folder: string, player: string) {
  const r = await call('stats', folder, '--json', '--player', player, '--no-progress');
  expect(r.code, r.stderr).toBe(0);
  const p = (
    JSON.parse(r.stdout) as { players: { player: string; tilt: Record<string, Record<string, JsonGroup>> }[] }
  ).players[0]!;
  expect(p.player).toBe(player);
  return p.tilt;
}

const BGLAB = shared('reference-matches/gnubg-text-bglab');
const LUCK = shared('reference-matches/gnubg-text');

test.skipIf(BGLAB.absent)(
  BGLAB.title('after a lost game against after a won game: Llabba’s 2023 (79 gnuBG 4-ply exports)'),
  async () => {
    const folder = BGLAB.dir;
    const matches = printedMatches(folder);
    const want = expected(
      matches,
      'Llabba',
      (g) => g.winner !== null,
      (g) => g.winner !== 'Llabba',
    );
    expect(want.after.games).toBeGreaterThan(100); // the history has enough games after a loss to say anything
    const tilt = await tiltOf(folder, 'Llabba');
    expectGroup(tilt.afterLoss!.after!, want.after);
    expectGroup(tilt.afterLoss!.otherwise!, want.otherwise);
    // no roll of these exports carries luck: no game of bad luck can be told, n/a
    expect(tilt.afterBadLuck!.after!.pr).toBeNull();
    expect(tilt.afterBadLuck!.otherwise!.gnubgErrorRate).toBeNull();
  },
);

test.skipIf(LUCK.absent).each(['lasse', 'klara'])(
  LUCK.title(
    'after a game of bad luck (net luck ≤ −0.6 EMG) against the others: %s, gnuBG 1.08 exports with luck',
  ),
  async (player) => {
    const folder = LUCK.dir;
    const matches = printedMatches(folder).filter((m) => m[0]!.players.has(player));
    const net = (g: PrintedGame): number => {
      const [own, other] = [g.players.get(player)!, [...g.players].find(([n]) => n !== player)![1]];
      return own.luck! - other.luck!;
    };
    // a printed net luck within its rounding (0.001) of the threshold could fall either side: none here
    for (const g of matches.flat()) expect(Math.abs(net(g) - BAD_LUCK_GAME)).toBeGreaterThan(0.001);
    const want = expected(
      matches,
      player,
      (g) => g.players.get(player)!.luck !== null,
      (g) => net(g) <= BAD_LUCK_GAME,
    );
    const tilt = await tiltOf(folder, player);
    expectGroup(tilt.afterBadLuck!.after!, want.after);
    expectGroup(tilt.afterBadLuck!.otherwise!, want.otherwise);
    expect(want.after.games + want.otherwise.games).toBeGreaterThan(0);
  },
);

test('TiltRows (the rows bdb biases keeps packed) gives the figures of the tilt state over the same seats', () => {
  // the gnuBG matches of test/reference-matches/gnubg (SGF), both seats of each, in the order read
  const met = defaultMet();
  const state = tilt.empty();
  const packed = new TiltRows();
  for (const file of refFiles('gnubg', '.sgf')) {
    const { match } = parseMatchFiles([{ file, bytes: bytesOf(file) }], met);
    for (const seat of seatMatches(met, match)) {
      tilt.add(state, seat);
      packed.add(seat);
    }
  }
  expect(state.afterLoss.length).toBeGreaterThan(0);
  const figures = tilt.finish(state);
  expect(figures).not.toBeNull();
  // the same numbers to the last bit: packing a row in a Float64Array keeps every double
  expect(packed.finish()).toStrictEqual(figures);
});
