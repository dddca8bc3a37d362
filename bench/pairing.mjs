// Times Swiss pairing of a seeded 500-player event: rounds 1..⌈log₂ N⌉, each paired after random
// results of the previous ones. Run after `npm run build`:  node bench/pairing.mjs [players] [seed]
import { performance } from 'node:perf_hooks';
import { pairSwissRound, seededRandom } from '../dist/tournament/swiss.js';

const n = Number(process.argv[2] ?? 500);
const seed = Number(process.argv[3] ?? 1);
const rand = seededRandom(seed);
const players = Array.from({ length: n }, (_, i) => ({
  name: `P${i + 1}`,
  rating: 1500 + Math.floor(rand() * 500),
}));
const rounds = Math.ceil(Math.log2(n));
const results = [];
let total = 0;
let worst = 0;
for (let round = 1; round <= rounds; round++) {
  const event = { players, system: { type: 'swiss' }, rounds, results };
  const t0 = performance.now();
  const pairing = pairSwissRound(event, { seed });
  const ms = performance.now() - t0;
  total += ms;
  worst = Math.max(worst, ms);
  console.log(
    `round ${round}: ${ms.toFixed(0).padStart(6)} ms  (rematches ${pairing.rematches}, score-group cost ${pairing.scoreGroupCost}, bye ${pairing.bye ?? '-'})`,
  );
  for (const [a, b] of pairing.pairs) {
    const r = rand();
    results.push({ round, player: a, opponent: b, result: r < 0.45 ? 'win' : r < 0.9 ? 'loss' : 'draw' });
  }
  if (pairing.bye !== null) results.push({ round, player: pairing.bye, opponent: 'bye', result: 'win' });
}
console.log(`total ${total.toFixed(0)} ms for ${rounds} rounds of ${n} players`);
// the figure to watch: one round of the field (target for 500 players: under 1 s)
const LIMIT_MS = 1000;
console.log(
  `${n}-player round: mean ${(total / rounds).toFixed(0)} ms, slowest ${worst.toFixed(0)} ms (limit ${LIMIT_MS} ms)`,
);
if (worst > LIMIT_MS) {
  console.error(`slowest round ${worst.toFixed(0)} ms is over ${LIMIT_MS} ms`);
  process.exitCode = 1;
}
