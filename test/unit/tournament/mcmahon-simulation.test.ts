/**
 * Seeded simulation of the McMahon engine: 300 random events of 6 to 300 players, each played for
 * ⌈log₂ N⌉ + 1 rounds with rating-weighted random results (a few draws), withdrawals (some before
 * round 1) and a few unplayed matches (both players absent). Every event has its own rating groups
 * (0 to 8 thresholds), and most have a bar, a floor or both, with some unrated players and ratings
 * that fall exactly on a threshold.
 *
 * After every round the pairing is checked against what src/tournament/mcmahon.ts and the shared
 * engine of src/tournament/swiss.ts promise, with facts computed here, independently of the code
 * under test:
 *
 *  - MMS₀: the initial McMahon score of every player is the test's own rule (group index of the
 *    rating, clamped to [group of the floor, group of the bar]; unrated = the floor's group or 0),
 *    and the McMahon score used for pairing is MMS₀ + win 1 / draw ½ / loss 0, bye 1, absent ½
 *    (EGF practice), recomputed here from the results;
 *  - never a dead end: every active player is paired exactly once, or is the one bye;
 *  - no second bye while an active player without a bye could take it;
 *  - no avoidable rematch: the number of rematches equals V/2 − M, M the maximum matching of the
 *    non-rematch pairs (and allowed byes);
 *  - McMahon-score groups: the pairing's Σ (group distance)², the bye a group below the lowest,
 *    equals the lower bound L (one pair-down from each odd prefix of groups, to the adjacent group,
 *    none from even ones) whenever the bye and rematch rules allow it; otherwise it is the least
 *    Σ d² among the pairings with the fewest repeated byes and rematches;
 *  - the bye goes to the lowest-ranked player (McMahon score, then SOS with a bye or absent round
 *    counting the player's own MMS₀, then rating) the three tiers above allow;
 *  the last two by an independent dense maximum-weight matching with the four tiers packed into
 *  one weight (always when the group bound is not met, and for every bye in fields up to 80).
 */
import { describe, expect, it } from 'vitest';
import type { MatchResult, McMahonSystem, Player, RoundResult } from '../../../src/tournament/event.js';
import type { EventFile } from '../../../src/tournament/file.js';
import { mcmahonInitialScores, mcmahonScores, pairMcMahonRound } from '../../../src/tournament/mcmahon.js';
import { pairNextRound } from '../../../src/tournament/standings.js';
import type { SwissPairing } from '../../../src/tournament/swiss.js';
import { prng } from '../../helpers/prng.js';
import { bestTiers, checkRoundBasics, FLIP, playRound, type Tiers } from '../../helpers/tournament-sim.js';

const EVENTS = 300;
const MAX_N = 300;
/** Fields up to this size get the dense check on every bye (bye rank), not only off the bound. */
const DENSE_BYE_MAX = 80;
const GO_POINTS: Readonly<Record<MatchResult, number>> = { win: 1, draw: 0.5, loss: 0 };

/** Field size of event `ev`: mostly 6–40, every 6th 41–100, every 30th 150–250, the last 300. */
function fieldSize(ev: number, rnd: () => number): number {
  if (ev === 0) return 6;
  if (ev === EVENTS - 1) return MAX_N;
  if (ev % 30 === 29) return 150 + Math.floor(rnd() * 101);
  if (ev % 6 === 5) return 41 + Math.floor(rnd() * 60);
  const r = rnd();
  return 6 + Math.floor(r * r * 35);
}

/** Random rating groups (thresholds on a 50-point grid), with a bar and/or a floor most of the time. */
function randomSystem(rnd: () => number): McMahonSystem {
  const k = Math.floor(rnd() * 9); // 0..8 thresholds
  const groups: number[] = [];
  let t = 1000 + 50 * Math.floor(rnd() * 8);
  for (let i = 0; i < k; i++) {
    groups.push(t);
    t += 50 * (1 + Math.floor(rnd() * 5));
  }
  const x = rnd();
  let bar: number | undefined;
  let floor: number | undefined;
  if (x < 0.6)
    bar = rnd() < 0.5 && k > 0 ? groups[Math.floor(rnd() * k)]! : 1300 + 50 * Math.floor(rnd() * 16);
  if (x > 0.3)
    floor = rnd() < 0.5 && k > 0 ? groups[Math.floor(rnd() * k)]! : 900 + 50 * Math.floor(rnd() * 12);
  if (bar !== undefined && floor !== undefined && floor > bar) [bar, floor] = [floor, bar];
  return {
    type: 'mcmahon',
    groups,
    ...(bar !== undefined ? { bar } : {}),
    ...(floor !== undefined ? { floor } : {}),
  };
}

/**
 * MMS₀ by the test's own reading of the rule: the rating group is the number of thresholds at or
 * below the rating; the bar caps it at the bar's group, the floor raises it to the floor's group;
 * an unrated player starts at the floor's group (group 0 without a floor).
 */
function expectedStart(system: McMahonSystem, rating: number | undefined): number {
  const groupOf = (r: number): number => system.groups.filter((g) => g <= r).length;
  const low = system.floor === undefined ? 0 : groupOf(system.floor);
  if (rating === undefined) return low;
  const high = system.bar === undefined ? Number.POSITIVE_INFINITY : groupOf(system.bar);
  return Math.max(low, Math.min(high, groupOf(rating)));
}

/** The state before a round, recomputed from the results (not from the engine). */
interface State {
  readonly active: readonly string[];
  readonly mms: ReadonlyMap<string, number>;
  readonly sos: ReadonlyMap<string, number>;
  readonly met: ReadonlyMap<string, ReadonlySet<string>>;
  readonly hadBye: ReadonlySet<string>;
}

function state(
  players: readonly Player[],
  start: ReadonlyMap<string, number>,
  results: readonly RoundResult[],
  round: number,
): State {
  // rounds so far: the highest round with a result; a round without an entry is an absent round
  const rounds = results.reduce((m, r) => Math.max(m, r.round), 0);
  const mms = new Map<string, number>(players.map((p) => [p.name, start.get(p.name)!]));
  const met = new Map<string, Set<string>>(players.map((p) => [p.name, new Set<string>()]));
  const opponents = new Map<string, string[]>(players.map((p) => [p.name, []]));
  const absent = new Map<string, number>(players.map((p) => [p.name, rounds])); // rounds − entries
  const byes = new Map<string, number>(players.map((p) => [p.name, 0]));
  for (const r of results) {
    if (r.opponent === 'bye') {
      byes.set(r.player, byes.get(r.player)! + 1);
      mms.set(r.player, mms.get(r.player)! + 1);
    } else {
      if (r.result === 'double-forfeit') throw new Error('the simulation plays every game');
      met.get(r.player)!.add(r.opponent);
      met.get(r.opponent)!.add(r.player);
      opponents.get(r.player)!.push(r.opponent);
      opponents.get(r.opponent)!.push(r.player);
      absent.set(r.opponent, absent.get(r.opponent)! - 1);
      mms.set(r.player, mms.get(r.player)! + GO_POINTS[r.result]);
      mms.set(r.opponent, mms.get(r.opponent)! + GO_POINTS[FLIP[r.result]]);
    }
    absent.set(r.player, absent.get(r.player)! - 1);
  }
  for (const p of players) mms.set(p.name, mms.get(p.name)! + absent.get(p.name)! * 0.5);
  // SOS: opponents' current McMahon scores; a bye or absent round counts the player's own MMS₀
  const sos = new Map<string, number>();
  for (const p of players) {
    let s = (absent.get(p.name)! + byes.get(p.name)!) * start.get(p.name)!;
    for (const o of opponents.get(p.name)!) s += mms.get(o)!;
    sos.set(p.name, s);
  }
  const active = players
    .filter((p) => p.withdrawnAfterRound === undefined || p.withdrawnAfterRound >= round)
    .map((p) => p.name);
  const hadBye = new Set(players.filter((p) => byes.get(p.name)! > 0).map((p) => p.name));
  return { active, mms, sos, met, hadBye };
}

describe('McMahon simulation (300 seeded events, 6–300 players)', () => {
  it('keeps every McMahon pairing rule after every round', () => {
    const rnd = prng(20_260_307);
    const tally = {
      events: 0,
      rounds: 0,
      minN: Number.POSITIVE_INFINITY,
      maxN: 0,
      large: 0,
      withBar: 0,
      withFloor: 0,
      clampedByBar: 0,
      clampedByFloor: 0,
      unrated: 0,
      onThreshold: 0,
      byes: 0,
      rematches: 0,
      rematchChecks: 0,
      pairDowns: 0,
      firstRoundPairDowns: 0,
      halfPointGroups: 0,
      denseChecks: 0,
      offBound: 0,
      byeRankChecks: 0,
      absentRounds: 0,
      withdrawals: 0,
      viaPairNextRound: 0,
    };
    for (let ev = 0; ev < EVENTS; ev++) {
      const n = fieldSize(ev, rnd);
      const rounds = Math.ceil(Math.log2(n)) + 1;
      const system = randomSystem(rnd);
      const players: Player[] = Array.from({ length: n }, (_, i) => {
        const unrated = rnd() < 0.03;
        const withdraw = rnd() < 0.05;
        const rating = 900 + 10 * Math.floor(rnd() * 131); // 900..2200, on a 10-point grid
        return {
          name: `P${i + 1}`,
          ...(unrated ? {} : { rating }),
          ...(withdraw ? { withdrawnAfterRound: Math.floor(rnd() * rounds) } : {}),
        };
      });
      const start = new Map(players.map((p) => [p.name, expectedStart(system, p.rating)]));
      const ratingOf = new Map(players.map((p) => [p.name, p.rating]));
      const playing = new Map(players.map((p) => [p.name, p.rating ?? system.floor ?? 1000]));
      const where0 = `event ${ev} (N ${n}, ${JSON.stringify(system)})`;

      // MMS₀: the engine's initial scores are the test's bar / floor / group rule.
      const results: RoundResult[] = [];
      const event: EventFile = {
        name: `sim ${ev}`,
        system,
        players,
        rounds,
        results,
        tiebreaks: ['sos'],
        tiebreakOptions: {},
      };
      expect(Object.fromEntries(mcmahonInitialScores(event)), where0).toEqual(Object.fromEntries(start));

      tally.events++;
      tally.minN = Math.min(tally.minN, n);
      tally.maxN = Math.max(tally.maxN, n);
      if (n >= 150) tally.large++;
      if (system.bar !== undefined) tally.withBar++;
      if (system.floor !== undefined) tally.withFloor++;
      for (const p of players) {
        if (p.withdrawnAfterRound !== undefined) tally.withdrawals++;
        if (p.rating === undefined) {
          tally.unrated++;
          continue;
        }
        if (system.groups.includes(p.rating)) tally.onThreshold++;
        if (
          system.bar !== undefined &&
          p.rating > system.bar &&
          system.groups.some((g) => g > system.bar! && g <= p.rating!)
        )
          tally.clampedByBar++;
        if (
          system.floor !== undefined &&
          p.rating < system.floor &&
          system.groups.some((g) => g > p.rating! && g <= system.floor!)
        )
          tally.clampedByFloor++;
      }

      for (let round = 1; round <= rounds; round++) {
        const s = state(players, start, results, round);
        if (s.active.length < 2) break;
        const where = `${where0}, round ${round}`;
        // The public path (event file → pairNextRound) on odd events, the McMahon API on even ones.
        let p: SwissPairing;
        if (ev % 2 === 1) {
          const next = pairNextRound({ ...event, results: [...results] }, ev * 7919 + round, true); // forced: the unplayed matches stay unplayed
          tally.viaPairNextRound++;
          p = next.pairing;
          // the scores it paired on are the test's McMahon scores
          for (const x of players)
            expect(next.scores.get(x.name), `${where}, ${x.name}`).toBe(s.mms.get(x.name));
        } else {
          p = pairMcMahonRound({ ...event, results: [...results] }, { seed: ev * 7919 + round, round });
          const engine = mcmahonScores({ ...event, results: [...results] });
          for (const x of players) expect(engine.get(x.name), `${where}, ${x.name}`).toBe(s.mms.get(x.name));
        }
        expect(p.round, where).toBe(round);
        tally.rounds++;

        // 1–3. No dead end, no avoidable second bye, only unavoidable rematches.
        const { repeated, rematches } = checkRoundBasics(p, s, where, tally);
        expect(p.repeatedBye, where).toBe(repeated === 1);

        // 4. McMahon-score groups (the bye = one group below the lowest).
        const distinct = [...new Set(s.active.map((x) => s.mms.get(x)!))].sort((a, b) => b - a);
        if (distinct.some((x) => !Number.isInteger(x))) tally.halfPointGroups++;
        const groupIndex = new Map(distinct.map((x, i) => [x, i]));
        const group = new Map(s.active.map((x) => [x, groupIndex.get(s.mms.get(x)!)!]));
        const groups = distinct.length;
        const sizes = new Array<number>(groups).fill(0);
        for (const x of s.active) sizes[group.get(x)!]!++;
        let lowerBound = 0;
        let prefix = 0;
        const oddBelow: boolean[] = []; // oddBelow[k]: an odd count down to group k
        for (let k = 0; k < groups; k++) {
          prefix += sizes[k]!;
          oddBelow.push(prefix % 2 === 1);
          if (prefix % 2 === 1) lowerBound++;
        }
        const crossings = new Array<number>(groups).fill(0);
        let cost = 0;
        const span = (ga: number, gb: number): void => {
          const [hi, lo] = ga < gb ? [ga, gb] : [gb, ga];
          cost += (lo - hi) ** 2;
          for (let k = hi; k < lo; k++) crossings[k]!++;
        };
        for (const [a, b] of p.pairs) span(group.get(a)!, group.get(b)!);
        if (p.bye !== null) span(group.get(p.bye)!, groups);
        expect(p.scoreGroupCost, where).toBe(cost);
        const downs = crossings.reduce((x, y) => x + y, 0);
        tally.pairDowns += downs;
        if (round === 1) tally.firstRoundPairDowns += downs;
        if (cost === lowerBound) {
          // every pair inside a group or between adjacent groups; a player crosses below group k
          // exactly when the groups down to k hold an odd count
          for (let k = 0; k < groups; k++)
            expect(crossings[k], `${where}, group ${k}`).toBe(oddBelow[k] ? 1 : 0);
        } else {
          expect(cost, where).toBeGreaterThan(lowerBound);
          tally.offBound++;
        }

        // 5. Dense check: the least [repeated bye, rematches, Σ d², bye rank], lexicographically.
        if (cost !== lowerBound || (p.bye !== null && s.active.length <= DENSE_BYE_MAX)) {
          tally.denseChecks++;
          const key = (x: string): [number, number, number] => [
            s.mms.get(x)!,
            s.sos.get(x)!,
            ratingOf.get(x) ?? Number.NEGATIVE_INFINITY,
          ];
          const below = (a: [number, number, number], b: [number, number, number]): boolean =>
            a[0] < b[0] || (a[0] === b[0] && (a[1] < b[1] || (a[1] === b[1] && a[2] < b[2])));
          const keys = new Map(s.active.map((x) => [x, key(x)]));
          const byeRank = new Map(
            s.active.map((x) => [x, s.active.filter((y) => below(keys.get(y)!, keys.get(x)!)).length]),
          );
          // a repeated bye costs only while someone active has had none (else it is forced)
          const avoidable = repeated === 1 && !s.active.every((x) => s.hadBye.has(x)) ? 1 : 0;
          const got: Tiers = [avoidable, rematches, cost, p.bye === null ? 0 : byeRank.get(p.bye)!];
          if (p.bye !== null) tally.byeRankChecks++;
          expect(got, where).toEqual(bestTiers(s, group, groups, byeRank));
        }

        // Results: rating-weighted, about 2 % of matches not played (both players absent).
        tally.absentRounds += playRound(rnd, round, p.pairs, p.bye, playing, 0.02, results);
      }
    }
    expect(tally.events).toBe(EVENTS);
    expect(tally.minN).toBe(6);
    expect(tally.maxN).toBe(MAX_N);
    expect(tally.large).toBeGreaterThanOrEqual(10);
    // the rules and checks above were exercised, not vacuous
    expect(tally.clampedByBar).toBeGreaterThan(0);
    expect(tally.clampedByFloor).toBeGreaterThan(0);
    expect(tally.unrated).toBeGreaterThan(0);
    expect(tally.onThreshold).toBeGreaterThan(0);
    expect(tally.firstRoundPairDowns).toBeGreaterThan(0);
    expect(tally.halfPointGroups).toBeGreaterThan(0);
    expect(tally.byeRankChecks).toBeGreaterThan(100);
    expect(tally.absentRounds).toBeGreaterThan(0);
    expect(tally.withdrawals).toBeGreaterThan(0);
    expect(tally.rematchChecks).toBeGreaterThan(0);
    expect(tally.offBound).toBeGreaterThan(100);
    console.info('mcmahon simulation', tally);
  }, 120_000);
});
