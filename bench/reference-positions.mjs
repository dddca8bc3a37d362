// Times the selection of reference positions (spec/metrics.md §8) among 10,000 candidates: positions from
// seeded random legal games, spread over 12 families (a quarter of them cube decisions at 4 scores).
// Run after `npm run build`:  node bench/reference-positions.mjs [candidates] [seed]
import { performance } from 'node:perf_hooks';
import { boardKey, initialBoard } from '../dist/core/board.js';
import { legalPlays } from '../dist/core/moves.js';
import { referenceCandidates, selectReferencePositions } from '../dist/metrics/reference-positions.js';
import { seededRandom } from '../dist/tournament/swiss.js';

const n = Number(process.argv[2] ?? 10_000);
const seed = Number(process.argv[3] ?? 1);
const rand = seededRandom(seed);
const die = () => 1 + Math.floor(rand() * 6);

// positions of random games until n distinct ones
const positions = [];
const seen = new Set();
while (positions.length < n) {
  let board = initialBoard();
  let side = rand() < 0.5 ? 0 : 1;
  for (let ply = 0; ply < 200 && positions.length < n; ply++) {
    const plays = legalPlays(board, side, die(), die());
    if (plays.length > 0) board = plays[Math.floor(rand() * plays.length)].result;
    side = side === 0 ? 1 : 0;
    const off0 = 15 - board[0].reduce((a, b) => a + b, 0);
    const off1 = 15 - board[1].reduce((a, b) => a + b, 0);
    if (off0 === 15 || off1 === 15) break;
    const key = `${boardKey(board)}${side}`;
    if (seen.has(key)) continue;
    seen.add(key);
    positions.push({ board, side, key });
  }
}
const scores = ['3/5', '5/3', '7/7', '0/0'];
const errors = positions.map((p, i) => {
  const family = Math.floor(rand() * 12);
  const cube = family >= 9;
  const scoreKey = cube ? scores[Math.floor(rand() * scores.length)] : '';
  const loss = -Math.log(1 - rand()) * 0.01;
  return {
    positionKey: p.key,
    group: `family${family}${cube ? `|${scoreKey}` : ''}`,
    nature: cube ? 'cube' : 'checker',
    scoreKey,
    board: p.board,
    onRoll: p.side,
    loss,
    difficulty: loss * rand() * 0.5,
    tight: rand() < 0.2,
    ref: i,
  };
});

const t0 = performance.now();
const cands = referenceCandidates(errors);
const t1 = performance.now();
const chosen = selectReferencePositions(cands, { size: 50 });
const t2 = performance.now();
console.log(
  `${cands.length} candidates: grouped in ${(t1 - t0).toFixed(0)} ms, ${chosen.length} positions selected in ` +
    `${(t2 - t1).toFixed(0)} ms (total ${(t2 - t0).toFixed(0)} ms); covered ${chosen.reduce((s, c) => s + c.covered, 0)} neighbours`,
);
