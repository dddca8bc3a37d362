/**
 * The formats checked like chess engines' pairings are (issue 41, item 6): 1,000 random events per
 * format (src/tournament/generate.ts: random fields, ratings, configurations and results, forfeits,
 * double forfeits and withdrawals where the format has them), each played to its end by the format's
 * engine and replayed by the rule checker (src/tournament/check.ts), which must find no violation; the
 * event must be finished. The checker is shown to check in formats-checker.test.ts.
 */
import { describe, expect, it } from 'vitest';
import { checkEvent } from '../../../src/tournament/check.js';
import { FORMAT_TYPES } from '../../../src/tournament/format-config.js';
import { generateEvent } from '../../../src/tournament/generate.js';
import { eventFormatStatus, eventRanking } from '../../../src/tournament/standings.js';

const EVENTS = 1000;

describe('1,000 generated events per format pass the rule checker', () => {
  // CPU time of this process: the machine's other load does not count against the formats
  const started = process.cpuUsage();
  const wall = Date.now();
  for (const type of FORMAT_TYPES) {
    it(type, () => {
      let rounds = 0;
      let players = 0;
      for (let seed = 1; seed <= EVENTS; seed++) {
        // mostly club fields (2 to 12 players), every tenth event up to 24
        const g = generateEvent(type, seed, seed % 10 === 0 ? 24 : 12);
        const status = eventFormatStatus(g.event);
        expect(status.finished, `${type} seed ${seed}`).toBe(true);
        const violation = checkEvent(g.event, { finished: true, ranking: eventRanking(g.event) });
        expect(violation, `${type} seed ${seed}`).toBeNull();
        rounds += g.rounds;
        players += g.event.players.length;
      }
      // the events were played: on average more than one round, more than 2 players
      expect(rounds / EVENTS).toBeGreaterThan(1);
      expect(players / EVENTS).toBeGreaterThan(2);
    });
  }
  it('stays fast (all formats under 10 s of CPU on this machine)', () => {
    const used = process.cpuUsage(started);
    const ms = (used.user + used.system) / 1000;
    console.log(
      `formats simulation: ${FORMAT_TYPES.length} × ${EVENTS} events, ${Math.round(ms)} ms of CPU (${Date.now() - wall} ms wall)`,
    );
    expect(ms).toBeLessThan(10_000);
  });
});
