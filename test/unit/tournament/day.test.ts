/**
 * The director's day (issue 41, item 2) on generated events of every format (src/tournament/generate.ts) and
 * on a Swiss event played here: an undo after a result gives the event as it was before the result (its log
 * aside), and after a corrected result the result it replaced, at its place; an undo after a pairing gives
 * the event before it; a withdrawn player is never paired again (the rule checker src/tournament/check.ts
 * on the formats' events, and a count made here on the Swiss one); a late entry is paired from the next round
 * on, his missed rounds worth 0 points (an absent round of a Swiss event, default absentPoints 0). Every
 * expectation is the event as it was before the change, or a count made here from the event's own boards
 * and results.
 */
import { describe, expect, it } from 'vitest';
import { checkEvent } from '../../../src/tournament/check.js';
import {
  addPlayer,
  enterResult,
  type GameResult,
  newEvent,
  pairingLogged,
  recordFormatPairing,
  recordPairing,
  resultLogged,
  undoLast,
  withdrawPlayer,
} from '../../../src/tournament/edit.js';
import { BYE, DOUBLE_FORFEIT, type RoundResult } from '../../../src/tournament/event.js';
import type { EventFile } from '../../../src/tournament/file.js';
import { EventFinished, pairFormatRound } from '../../../src/tournament/format.js';
import { FORMAT_TYPES } from '../../../src/tournament/format-config.js';
import { generateEvent } from '../../../src/tournament/generate.js';
import { computeStandings, eventRanking, pairNextRound } from '../../../src/tournament/standings.js';

const AT = '2026-12-06T09:00:00.000Z';

/** The event without its log. */
function withoutLog(e: EventFile): EventFile {
  const { log: _, ...rest } = e;
  return rest;
}

/** The game of a recorded result, as the director enters it. */
function gameOf(r: RoundResult): GameResult {
  if (r.result === DOUBLE_FORFEIT)
    return { round: r.round, player: r.player, opponent: r.opponent, winner: null, doubleForfeit: true };
  const winner = r.result === 'win' ? r.player : r.result === 'loss' ? r.opponent : null;
  return {
    round: r.round,
    player: r.player,
    opponent: r.opponent,
    winner,
    ...(r.forfeit ? { forfeit: true } : {}),
  };
}

/** Every round's games: the first player named on each board wins. */
function playOn(event: EventFile, from: number): EventFile {
  let e = event;
  for (let guard = 0; guard < 100; guard++) {
    let p: ReturnType<typeof pairFormatRound>;
    try {
      p = pairFormatRound(e, { seed: from + guard }, eventRanking(e));
    } catch (x) {
      if (x instanceof EventFinished) return e;
      throw x;
    }
    e = recordFormatPairing(e, p);
    for (const b of p.boards)
      e = enterResult(e, { round: p.round, player: b.player, opponent: b.opponent, winner: b.player }).event;
  }
  throw new Error('the event did not finish');
}

/** Rounds (≥ `after`) in which `name` has a board or a result. */
function roundsOf(e: EventFile, name: string): number[] {
  const rounds = new Set<number>();
  for (const p of e.pairings ?? []) if (p.player === name || p.opponent === name) rounds.add(p.round);
  for (const r of e.results) if (r.player === name || r.opponent === name) rounds.add(r.round);
  return [...rounds].sort((a, b) => a - b);
}

const SEEDS = Array.from({ length: 8 }, (_, i) => i + 1);

describe('undo, on generated events of every format', () => {
  it('after a result: the event as before the result (log aside); after a correction: the result it replaced, at its place', () => {
    let tried = 0;
    for (const type of FORMAT_TYPES) {
      for (const seed of SEEDS) {
        const full = generateEvent(type, seed, 12).event;
        const k = full.results.findLastIndex((r) => r.opponent !== BYE);
        if (k === -1) continue;
        const r = full.results[k]!;
        const before: EventFile = { ...full, results: full.results.filter((_, i) => i !== k) };
        const entered = enterResult(before, gameOf(r));
        expect(entered.outcome, `${type} ${seed}`).toBe('added');
        const undone = undoLast(resultLogged(entered, r.player, AT));
        expect(withoutLog(undone.event), `${type} ${seed}`).toEqual(before);
        // a correction (the other player won) taken back: the first result, where it was
        if (r.result === 'win') {
          const other = enterResult(full, {
            ...gameOf(r),
            winner: r.opponent,
            forfeit: false,
            replace: true,
          });
          expect(other.outcome).toBe('replaced');
          const back = undoLast(resultLogged(other, r.player, AT));
          expect(withoutLog(back.event), `${type} ${seed}`).toEqual(full);
        }
        tried++;
      }
    }
    expect(tried).toBeGreaterThanOrEqual(40);
  });

  it('after a pairing without results: the event as before the pairing', () => {
    let tried = 0;
    for (const type of FORMAT_TYPES) {
      for (const seed of SEEDS) {
        const g = generateEvent(type, seed, 12);
        if (g.rounds < 2) continue;
        const last = g.rounds;
        const e = g.event;
        const before: EventFile = {
          ...e,
          pairings: (e.pairings ?? []).filter((p) => p.round < last),
          results: e.results.filter((r) => r.round < last),
        };
        const p = pairFormatRound(before, { seed }, eventRanking(before));
        const paired = pairingLogged(
          recordFormatPairing(before, p),
          p.round,
          p.boards.length,
          p.byes.map((b) => b.player),
          AT,
        );
        expect(withoutLog(undoLast(paired).event), `${type} ${seed}`).toEqual(before);
        tried++;
      }
    }
    expect(tried).toBeGreaterThanOrEqual(30);
  });

  it('refused: an event without a log (a generated one) has nothing to undo', () => {
    const g = generateEvent('single', 3, 12).event;
    expect(() => undoLast(g)).toThrow('nothing to undo');
  });
});

describe('withdrawals', () => {
  it('lives: a player withdrawn half-way is never paired again, and the checker passes the finished event', () => {
    for (const seed of SEEDS) {
      const g = generateEvent('lives', seed, 12);
      const k = Math.max(1, Math.floor(g.rounds / 2));
      const cut: EventFile = {
        ...g.event,
        players: g.event.players.map(({ withdrawnAfterRound: w, ...p }) =>
          w !== undefined && w < k ? { ...p, withdrawnAfterRound: w } : p,
        ),
        pairings: (g.event.pairings ?? []).filter((p) => p.round <= k),
        results: g.event.results.filter((r) => r.round <= k),
      };
      // a player still in after round k: one with a board in round k
      const board = (cut.pairings ?? []).find((p) => p.round === k);
      if (board === undefined) continue;
      const out = withdrawPlayer(cut, board.player);
      expect(out.afterRound).toBe(k);
      const done = playOn(out.event, seed);
      expect(roundsOf(done, board.player).filter((r) => r > k)).toEqual([]);
      expect(checkEvent(done, { finished: true, ranking: eventRanking(done) }), `lives ${seed}`).toBeNull();
    }
  });

  it('a knock-out: the player with a game to play loses it by forfeit; the checker passes the finished event', () => {
    let tried = 0;
    for (const type of ['single', 'consolation', 'double'] as const) {
      for (const seed of SEEDS) {
        const g = generateEvent(type, seed, 12);
        const last = g.rounds;
        const board = (g.event.pairings ?? []).find((p) => p.round === last);
        if (board === undefined) continue;
        const open: EventFile = {
          ...g.event,
          results: g.event.results.filter((r) => r.round < last || r.opponent === BYE),
        };
        const out = withdrawPlayer(open, board.player);
        expect(out.forfeit).toEqual({
          round: last,
          player: board.opponent,
          opponent: board.player,
          result: 'win',
          forfeit: true,
        });
        let e = out.event;
        for (const b of (e.pairings ?? []).filter((p) => p.round === last && p !== board))
          e = enterResult(e, { round: last, player: b.player, opponent: b.opponent, winner: b.player }).event;
        const done = playOn(e, seed);
        expect(
          checkEvent(done, { finished: true, ranking: eventRanking(done) }),
          `${type} ${seed}`,
        ).toBeNull();
        tried++;
      }
    }
    expect(tried).toBeGreaterThanOrEqual(20);
  });
});

describe('a Swiss evening: a withdrawal and a late entry', () => {
  it('the withdrawn player is never paired after his round; the late one in every round from his first, 0 points before', () => {
    const names = ['A1', 'A2', 'A3', 'A4', 'A5', 'A6', 'A7', 'A8', 'A9'];
    let e = newEvent({ name: 'Evening', players: names.map((name) => ({ name })), rounds: 5 });
    const play = (round: number): void => {
      const p = pairNextRound(e).pairing;
      expect(p.round).toBe(round);
      e = recordPairing(e, p);
      for (const [a, b] of p.pairs) e = enterResult(e, { round, player: a, opponent: b, winner: a }).event;
    };
    play(1);
    play(2);
    e = withdrawPlayer(e, 'A3').event;
    const late = addPlayer(e, { name: 'Late' });
    expect(late.firstRound).toBe(3);
    e = late.event;
    for (let round = 3; round <= 5; round++) play(round);
    expect(roundsOf(e, 'A3').filter((r) => r > 2)).toEqual([]);
    expect(roundsOf(e, 'Late')).toEqual([3, 4, 5]);
    // each round from 3: every player still in (8 old ones and Late) exactly once, on a board or the bye
    for (let round = 3; round <= 5; round++) {
      const seen = [
        ...(e.pairings ?? []).filter((p) => p.round === round).flatMap((p) => [p.player, p.opponent]),
        ...e.results.filter((r) => r.round === round && r.opponent === BYE).map((r) => r.player),
      ].sort();
      expect(seen).toEqual([...names.filter((n) => n !== 'A3'), 'Late'].sort());
    }
    // Late's points: his wins and byes (1 each), rounds 1 and 2 absent (0)
    const wins = e.results.filter((r) => r.player === 'Late' && r.result === 'win').length;
    const row = computeStandings(e).rows.find((r) => r.player === 'Late')!;
    expect(row.points).toBe(wins);
  });

  it('refused: a late entry in a knock-out once round 1 is paired, a name already in, a withdrawal before a round played', () => {
    const ko = generateEvent('single', 5, 12).event;
    expect(() => addPlayer(ko, { name: 'Late' })).toThrow("the single format's round 1 is paired");
    expect(() => addPlayer(ko, { name: ko.players[0]!.name })).toThrow('is in the event already');
    const sw = newEvent({ name: 'S', players: ['A', 'B', 'C', 'D'].map((name) => ({ name })) });
    const p = pairNextRound(sw).pairing;
    const paired = recordPairing(sw, p);
    expect(() => withdrawPlayer(paired, p.pairs[0]![0], 0)).toThrow('is in round 1');
  });
});

describe('a McMahon late entry', () => {
  it('his missed rounds count ½ each, the absent round of McMahon (spec/tournament.md: EGF practice, OpenGotha)', () => {
    const players = ['M1=1900', 'M2=1850', 'M3=1700', 'M4=1650', 'M5=1500', 'M6=1450'].map((p) => {
      const [name, rating] = p.split('=');
      return { name: name!, rating: Number(rating) };
    });
    let e = newEvent({
      name: 'Late McMahon',
      players,
      system: { type: 'mcmahon', groups: [1600, 1800] },
      rounds: 4,
    });
    for (const round of [1, 2]) {
      const p = pairNextRound(e).pairing;
      e = recordPairing(e, p);
      for (const [a, b] of p.pairs) e = enterResult(e, { round, player: a, opponent: b, winner: a }).event;
    }
    e = addPlayer(e, { name: 'Late', rating: 1550 }).event;
    // rating 1550 is below the first threshold 1600: group 0, start score 0; two rounds absent, ½ each
    const row = computeStandings(e).rows.find((r) => r.player === 'Late')!;
    expect(row.start).toBe(0);
    expect(row.points).toBe(1);
    const p = pairNextRound(e).pairing;
    expect([...p.pairs.flat(), p.bye]).toContain('Late');
  });
});
