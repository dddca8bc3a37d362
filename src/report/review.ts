/**
 * The match review for people: per player a small table (PR, L₇, level, decisions, luck-adjusted result)
 * and the three decisions to review, each with lines a player can paste into XG (XGID) or gnuBG (Position
 * ID). No colours.
 */
import Table from 'cli-table3';
import type { IntervalFigure } from '../metrics/player-stats.js';
import type { MatchReview, PlayerReview, ReviewedDecision } from '../review/review.js';
import { fixed, percent, signed } from './format.js';

const plain = { head: [] as string[], border: [] as string[] };

/** "value [low, high]", or the value and why there is no interval. */
function withInterval(value: string, i: IntervalFigure, digits: number): string {
  if (value === 'n/a') return value;
  if (i.low === null || i.high === null) return `${value} (no interval: ${i.reason ?? 'n/a'})`;
  return `${value} [${fixed(i.low, digits)}, ${fixed(i.high, digits)}]`;
}

/** Signed percentage points, e.g. "+8.49 %", or "n/a". */
function signedPct(x: number | null, digits = 2): string {
  const s = signed(x, digits);
  return s === 'n/a' ? s : `${s} %`;
}

/** The one-line title of a reviewed match. */
export function reviewTitle(r: MatchReview): string {
  const kind = r.matchLength > 0 ? `${r.matchLength}-point match` : 'money session';
  const games = `${r.games} game${r.games === 1 ? '' : 's'}`;
  const [a, b] = r.finalScore;
  const result = r.winner
    ? `winner ${r.winner} (${a}–${b})`
    : r.matchLength > 0
      ? `unfinished (${a}–${b})`
      : `${a}–${b}`;
  return `${r.file} — ${r.players[0]} vs ${r.players[1]} · ${kind} · ${games} · ${result}`;
}

function luckCells(p: PlayerReview): [string, string][] {
  const l = p.luck;
  const coverage =
    l.coveragePct === null
      ? 'n/a (no rolls)'
      : `${fixed(l.coveragePct, 0)} % (${l.rollsWithLuck} of ${l.rollsPlayed} rolls)`;
  if (l.adjustedPct === null) {
    return [
      ['Luck-adjusted result A', `n/a (${l.reason ?? 'n/a'})`],
      ['Luck coverage', coverage],
    ];
  }
  return [
    [
      'Luck-adjusted result A',
      `${signedPct(l.adjustedPct)} (result ${signedPct(l.resultPct)}, luck ${signedPct(l.luckPct)})`,
    ],
    ['Luck coverage', coverage],
    ['Error gap L(opponent) − L(player)', signedPct(l.errorGapPct)],
  ];
}

/** The summary table of one player. */
export function renderPlayerSummary(p: PlayerReview): string {
  const t = new Table({ style: plain });
  const rows: [string, string][] = [
    ['PR (95 % interval)', withInterval(fixed(p.pr, 2), p.prInterval, 2)],
    ['L7 (95 % interval)', withInterval(percent(p.l7Pct, 1), p.l7Interval, 1)],
    ['Level (PR band)', p.level ?? 'n/a'],
    ['Decisions (counted)', String(p.decisions)],
    ['Errors (of them avoidable)', `${p.errors} (${p.avoidableErrors})`],
    ...luckCells(p),
    [
      'Hasty / deliberate errors',
      p.haste.checker && p.haste.cube
        ? `checker ${p.haste.checker.hasty} / ${p.haste.checker.deliberate}, cube ${p.haste.cube.hasty} / ${p.haste.cube.deliberate}`
        : `n/a (${p.haste.reason ?? 'n/a'})`,
    ],
  ];
  for (const r of rows) t.push(r);
  // cli-table3 draws a rule between every row; a summary reads better without them
  return t
    .toString()
    .split('\n')
    .filter((line) => !line.startsWith('├'))
    .join('\n');
}

function cubeText(d: ReviewedDecision): string {
  const owner = d.cubeOwner === 'centred' ? 'centred' : d.cubeOwner === 'player' ? 'yours' : "opponent's";
  return `cube ${d.cubeValue} ${owner}`;
}

/** True for a take or pass: XG and gnuBG show it as the doubler's cube decision. */
function answer(d: ReviewedDecision): boolean {
  return d.cube !== null && /^(Take|Pass|Beaver)$/.test(d.cube.action);
}

/** The lines of one decision to review. */
export function renderReviewedDecision(d: ReviewedDecision, n: number): string[] {
  const what =
    d.checker !== null
      ? `checker play, ${d.checker.dice[0]}${d.checker.dice[1]} to play`
      : `cube decision (${d.cube?.action ?? 'n/a'}${answer(d) ? '; the position has the doubler on roll' : ''})`;
  const score = d.matchLength > 0 ? `score ${d.score[0]}–${d.score[1]} of ${d.matchLength}` : 'money';
  const figures =
    `e ${fixed(d.errorEMG, 3)} EMG · ℓ ${percent(d.lossPct, 2)} · d ${percent(d.difficultyPct, 2)} · ` +
    `ℓ − d ${percent(d.avoidableSharePct, 2)}${d.avoidable ? ' (avoidable)' : ''}`;
  const lines = [
    `${n}. Game ${d.game}, move ${d.move}: ${what} · ${score}, ${cubeText(d)}`,
    `   ${figures}`,
    `   ${d.xgid ?? 'XGID: n/a (position unknown)'}`,
    `   Position ID: ${d.positionId ?? 'n/a'}`,
  ];
  if (d.checker) {
    const c = d.checker;
    const w = Math.max(c.played.length, c.best.length);
    lines.push(`   Played: ${c.played.padEnd(w)}  ${signed(c.playedEquity, 3)} (-${fixed(d.errorEMG, 3)})`);
    lines.push(`   Best:   ${c.best.padEnd(w)}  ${signed(c.bestEquity, 3)}`);
  } else if (d.cube) {
    const c = d.cube;
    lines.push(`   Played: ${c.action} (-${fixed(d.errorEMG, 3)})`);
    lines.push(`   Best:   ${c.bestAction}`);
    lines.push(
      `   Cubeful equities (doubler's view): No double ${signed(c.noDouble, 3)} · ` +
        `Double, take ${signed(c.doubleTake, 3)} · Double, pass ${signed(c.doublePass, 3)}`,
    );
  }
  return lines;
}

/** One player's section: name, summary table, decisions to review. */
export function renderPlayerReview(p: PlayerReview): string {
  const lines = [p.player, renderPlayerSummary(p)];
  if (p.toReview.length === 0) {
    lines.push('Decisions to review: none (no error with a known MWC loss ℓ and ℓ − d > 0)');
  } else {
    lines.push('Decisions to review (largest avoidable share ℓ − d first):');
    p.toReview.forEach((d, i) => {
      lines.push(...renderReviewedDecision(d, i + 1));
    });
  }
  return lines.join('\n');
}

/** The whole review: title, both players, and the settings the figures depend on. */
export function renderReview(r: MatchReview): string {
  const t = r.settings.thresholds;
  return [
    reviewTitle(r),
    '',
    renderPlayerReview(r.reviews[0]),
    '',
    renderPlayerReview(r.reviews[1]),
    '',
    `Errors: e ≥ ${t.errorMpt / 1000} EMG (thresholds ${t.errorMpt}/${t.blunderMpt} mpt); avoidable when d ≤ ℓ/10; ` +
      `d with τ = ${r.settings.difficultyTau}. ℓ, d and A in percentage points of MWC. Intervals: 95 %, by games. ` +
      'A > 0: the dice cost the player; A < 0: the play did.',
  ].join('\n');
}
