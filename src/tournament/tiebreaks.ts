/**
 * Tiebreaks, each a pure function of the results (a {@link ResultTable}): KTS (XXYYYZZZ), Buchholz
 * (plus Cut-1 and Median), SOS, SOSOS, Sonneborn-Berger, OMW% and head-to-head.
 *
 * How rounds without a game count is an explicit option ({@link TiebreakRules}); the defaults follow
 * the published rule each tiebreak comes from (see `docs` in each function and /shared/spec/tournament.md).
 */

import {
  DEFAULT_POINTS,
  describePoints,
  KTS_POINTS,
  RESULT_VALUE,
  type ResultTable,
  type RoundEntry,
  type Scoring,
  TournamentError,
} from './event.js';

/**
 * How one of the player's own rounds without a game (a bye, or an absence — including every round
 * after a withdrawal — or a double forfeit, which counts as an absence here) counts as an opponent
 * contribution:
 * - 'ignore': the round adds nothing (and is not a contribution for Cut-1/Median);
 * - 'zero': a dummy opponent with 0 (KTS: "il bye risulta avere 0 punti");
 * - 'own-score': a dummy opponent with the player's own score (FIDE 2023 tiebreak regulations);
 * - a function: a dummy opponent with the value it returns for the player (e.g. the start MMS
 *   for McMahon SOS, EGF/OpenGotha practice).
 */
export type UnplayedRule = 'ignore' | 'zero' | 'own-score' | ((player: string) => number);

/** How an opponent's own rounds without a game count in the score used for tiebreaks. */
export type OpponentUnplayedRule = 'actual' | 'as-draw';

/** How a score is made from a history (defaults: win 1, loss 0, bye = win, absence = 0, double forfeit = loss). */
export interface ScoreRules {
  readonly points?: Scoring;
  /** Points for an absent round (EGF McMahon practice: half a win). */
  readonly absentPoints?: number;
  /** Starting score per player (McMahon MMS₀); missing players start at 0. */
  readonly initial?: ReadonlyMap<string, number>;
}

/** The two wordings of FIDE C.07 art. 16: 2024 (in force from 1 April 2024) and 2026 (from 1 March 2026). */
export const FIDE_EDITIONS = [2024, 2026] as const;

export type FideEdition = (typeof FIDE_EDITIONS)[number];

/**
 * FIDE C.07 (tie-break regulations) art. 16 on unplayed rounds, as a whole: the opponents' tiebreaks see
 * an adjusted score (16.3), the player's own unplayed rounds are games against a dummy with his own
 * score (16.4; 2026 caps it, 16.4.1–16.4.2), and Cut-1 cuts a voluntary unplayed round first (16.5).
 */
export interface FideUnplayedRule {
  readonly edition: FideEdition;
  /** The number of rounds of the tournament (the planned rounds): 2026's cap of 16.4.2. */
  readonly rounds: number;
}

export interface TiebreakRules extends ScoreRules {
  readonly bye?: UnplayedRule;
  readonly absent?: UnplayedRule;
  readonly opponentUnplayed?: OpponentUnplayedRule;
  /** FIDE C.07 art. 16 in place of `bye`, `absent` and `opponentUnplayed` (giving both is refused). */
  readonly fide?: FideUnplayedRule;
}

const DEFAULT_RULES = { bye: 'ignore', absent: 'ignore', opponentUnplayed: 'actual' } as const;

/** FIDE's rule in words, for the rules line: "unplayed rounds: FIDE C.07 (2024) art. 16". */
export function describeFideRule(fide: FideUnplayedRule): string {
  const caps =
    fide.edition === 2026
      ? `, the dummy capped by the scheduled opponent's adjusted score (forfeits) or a draw × ${fide.rounds} rounds`
      : '';
  return `unplayed rounds: FIDE C.07 (${fide.edition}) art. 16${caps}`;
}

/** One line describing the rules in force, for printing next to standings. */
export function describeTiebreakRules(rules: TiebreakRules = {}): string {
  const name = (r: UnplayedRule): string => (typeof r === 'function' ? 'custom value' : r);
  const pts = rules.points ?? DEFAULT_POINTS;
  const parts = [`points ${describePoints(pts)} / bye ${pts.win} / absent ${rules.absentPoints ?? 0}`];
  if (rules.fide) parts.push(describeFideRule(rules.fide));
  else
    parts.push(
      `own bye: ${name(rules.bye ?? DEFAULT_RULES.bye)}`,
      `own absence or withdrawal: ${name(rules.absent ?? DEFAULT_RULES.absent)}`,
      `opponents' unplayed rounds: ${rules.opponentUnplayed ?? DEFAULT_RULES.opponentUnplayed}`,
    );
  if (rules.initial) parts.push('with starting scores');
  return parts.join('; ');
}

function entriesOf(table: ResultTable, name: string): readonly RoundEntry[] {
  return table.history.get(name) ?? [];
}

/** The points a round gives (a game or forfeit its result's, a bye a win, a double forfeit a loss). */
function entryPoints(e: RoundEntry, rules: ScoreRules): number {
  const pts = rules.points ?? DEFAULT_POINTS;
  if (e.kind === 'played') return pts[e.result];
  if (e.kind === 'bye') return pts.win;
  if (e.kind === 'double-forfeit') return pts.loss;
  return rules.absentPoints ?? 0;
}

/** Scores of every player under the score rules. */
export function scores(table: ResultTable, rules: ScoreRules = {}): Map<string, number> {
  const out = new Map<string, number>();
  for (const name of table.players) {
    let total = rules.initial?.get(name) ?? 0;
    for (const e of entriesOf(table, name)) total += entryPoints(e, rules);
    out.set(name, total);
  }
  return out;
}

/** FIDE C.07 art. 16.2's categories of an unplayed round (16.2.1 … 16.2.5). */
export type FideCategory = 1 | 2 | 3 | 4 | 5;

/** One round of a player as FIDE C.07 art. 16 sees it. */
export interface FideRound {
  readonly entry: RoundEntry;
  /** 16.2's category; null for a game played. */
  readonly category: FideCategory | null;
  /** A voluntary unplayed round (16.1.2): a requested bye (an absence) or a forfeit loss. */
  readonly vur: boolean;
  /** The points the round gave. */
  readonly points: number;
}

/**
 * 16.1.2: a voluntary unplayed round is a requested bye or a forfeit loss. An absence (a withdrawal's
 * later rounds, a late entry's missed ones) is a requested bye (16.1.1); a double forfeit is a forfeit
 * loss for both.
 */
function isVur(e: RoundEntry): boolean {
  return (
    e.kind === 'absent' ||
    e.kind === 'double-forfeit' ||
    (e.kind === 'played' && e.forfeit === true && e.result === 'loss')
  );
}

/** A player's rounds in art. 16's terms: each unplayed round's category (16.2) and whether it is a VUR. */
export function fideRounds(entries: readonly RoundEntry[], rules: ScoreRules = {}): FideRound[] {
  return entries.map((entry, i) => {
    const vur = isVur(entry);
    const points = entryPoints(entry, rules);
    let category: FideCategory | null;
    if (entry.kind === 'played') category = entry.forfeit ? (entry.result === 'win' ? 2 : 4) : null;
    else if (entry.kind === 'bye') category = 1;
    else if (entry.kind === 'double-forfeit') category = 4;
    // a requested bye: 16.2.3 when a round that is not a VUR follows it, else (the last round, or only
    // VURs after it) 16.2.5
    else category = entries.slice(i + 1).some((e) => !isVur(e)) ? 3 : 5;
    return { entry, category, vur, points };
  });
}

/** The everything art. 16 needs of an event: each player's rounds, own and adjusted scores. */
interface FideView {
  readonly rule: FideUnplayedRule;
  readonly rounds: ReadonlyMap<string, readonly FideRound[]>;
  /** Scores as the standings give them (the dummy's score, 16.4). */
  readonly own: ReadonlyMap<string, number>;
  /** 16.3: the scores the opponents' tiebreaks use (16.2.5's rounds as draws). */
  readonly adjusted: ReadonlyMap<string, number>;
  readonly draw: number;
}

function fideView(table: ResultTable, rules: TiebreakRules, rule: FideUnplayedRule): FideView {
  const draw = (rules.points ?? DEFAULT_POINTS).draw;
  const rounds = new Map<string, FideRound[]>();
  const adjusted = new Map<string, number>();
  for (const name of table.players) {
    const list = fideRounds(entriesOf(table, name), rules);
    rounds.set(name, list);
    let total = rules.initial?.get(name) ?? 0;
    for (const r of list) total += r.category === 5 ? draw : r.points;
    adjusted.set(name, total);
  }
  return { rule, rounds, own: scores(table, rules), adjusted, draw };
}

/** 16.4: the dummy's score for one of the player's unplayed rounds (2026: capped, 16.4.1–16.4.2). */
function fideDummy(view: FideView, name: string, r: FideRound): number {
  const own = view.own.get(name) ?? 0;
  if (view.rule.edition === 2024) return own;
  const e = r.entry;
  // 16.4.1: a forfeit (16.2.2, 16.2.4), at most the scheduled opponent's adjusted score
  if ((r.category === 2 || r.category === 4) && (e.kind === 'played' || e.kind === 'double-forfeit'))
    return Math.min(own, view.adjusted.get(e.opponent) ?? 0);
  // 16.4.2: every other unplayed round, at most a draw's points × the rounds of the tournament
  return Math.min(own, view.draw * view.rule.rounds);
}

/** 16.4: the result against the dummy matches the points given (win 1, draw ½, loss 0; between, in proportion). */
function fideDummyResult(points: number, rules: ScoreRules): number {
  const pts = rules.points ?? DEFAULT_POINTS;
  if (points === pts.draw) return RESULT_VALUE.draw;
  if (pts.win === pts.loss) return 0;
  return Math.min(1, Math.max(0, (points - pts.loss) / (pts.win - pts.loss)));
}

/** The FIDE rule of the rules, refusing it next to the rules it replaces. */
function fideRule(rules: TiebreakRules): FideUnplayedRule | undefined {
  const f = rules.fide;
  if (f && (rules.bye !== undefined || rules.absent !== undefined || rules.opponentUnplayed !== undefined)) {
    throw new TournamentError(
      'FIDE C.07 art. 16 replaces the bye, absent and opponentUnplayed rules: give one or the others',
    );
  }
  return f;
}

/** Scores as seen by opponents' tiebreaks: with 'as-draw', every unplayed round counts as a draw. */
function opponentScores(table: ResultTable, rules: TiebreakRules): Map<string, number> {
  if ((rules.opponentUnplayed ?? 'actual') === 'actual') return scores(table, rules);
  const pts = rules.points ?? DEFAULT_POINTS;
  const out = new Map<string, number>();
  for (const name of table.players) {
    let total = rules.initial?.get(name) ?? 0;
    for (const e of entriesOf(table, name)) total += e.kind === 'played' ? pts[e.result] : pts.draw;
    out.set(name, total);
  }
  return out;
}

function unplayedValue(rule: UnplayedRule, player: string, own: number): number | undefined {
  if (rule === 'ignore') return undefined;
  if (rule === 'zero') return 0;
  if (rule === 'own-score') return own;
  return rule(player);
}

/** One round's value in a sum of opponents' values; `vur` marks FIDE's voluntary unplayed rounds. */
interface Contribution {
  readonly value: number;
  readonly vur: boolean;
}

/** Per-round contributions (opponent values) of one player, applying the unplayed-round rules. */
function contributions(
  table: ResultTable,
  name: string,
  value: ReadonlyMap<string, number>,
  own: number,
  rules: TiebreakRules,
): Contribution[] {
  const out: Contribution[] = [];
  for (const e of entriesOf(table, name)) {
    let v: number | undefined;
    if (e.kind === 'played') v = value.get(e.opponent) ?? 0;
    else if (e.kind === 'bye') v = unplayedValue(rules.bye ?? DEFAULT_RULES.bye, name, own);
    // an absence, or a double forfeit: the player's own round without an opponent
    else v = unplayedValue(rules.absent ?? DEFAULT_RULES.absent, name, own);
    if (v !== undefined) out.push({ value: v, vur: false });
  }
  return out;
}

/**
 * FIDE C.07 art. 16's contributions of one player: a game played counts the opponent's `value`, an
 * unplayed round (a forfeit included, never counted against the scheduled opponent) its `dummy`.
 */
function fideContributions(
  view: FideView,
  name: string,
  value: ReadonlyMap<string, number>,
  dummy: (r: FideRound) => number,
): Contribution[] {
  return (view.rounds.get(name) ?? []).map((r) =>
    r.category === null && r.entry.kind === 'played'
      ? { value: value.get(r.entry.opponent) ?? 0, vur: false }
      : { value: dummy(r), vur: r.vur },
  );
}

/**
 * The sum without the `low` lowest and the `high` highest contributions. The lowest cuts take the
 * voluntary unplayed rounds first, lowest first (FIDE C.07 art. 16.5; only FIDE's rule marks them), then
 * the lowest of the others; the highest cuts come from what is left, all alike.
 */
function cutSum(c: readonly Contribution[], low: number, high: number): number {
  const byCut = [...c].sort((a, b) => Number(b.vur) - Number(a.vur) || a.value - b.value);
  const rest = byCut.slice(Math.min(low, byCut.length)).sort((a, b) => a.value - b.value);
  return rest.slice(0, Math.max(0, rest.length - high)).reduce((s, x) => s + x.value, 0);
}

export interface BuchholzOptions extends TiebreakRules {
  /** Drop this many lowest contributions (Cut-1: 1). */
  readonly cutLowest?: number;
  /** Drop this many highest contributions (Median: 1, with cutLowest 1). */
  readonly cutHighest?: number;
}

/** Buchholz: the sum of the opponents' scores, optionally without the lowest/highest contributions. */
export function buchholz(table: ResultTable, options: BuchholzOptions = {}): Map<string, number> {
  const low = options.cutLowest ?? 0;
  const high = options.cutHighest ?? 0;
  const fide = fideRule(options);
  const out = new Map<string, number>();
  if (fide) {
    // 16.3: opponents' adjusted scores; 16.4: a dummy with the own score for each unplayed round
    const view = fideView(table, options, fide);
    for (const name of table.players) {
      const c = fideContributions(view, name, view.adjusted, (r) => fideDummy(view, name, r));
      out.set(name, cutSum(c, low, high));
    }
    return out;
  }
  const own = scores(table, options);
  const opp = opponentScores(table, options);
  for (const name of table.players) {
    out.set(name, cutSum(contributions(table, name, opp, own.get(name) ?? 0, options), low, high));
  }
  return out;
}

/** Buchholz Cut-1: without the lowest contribution. */
export function buchholzCut1(table: ResultTable, rules: TiebreakRules = {}): Map<string, number> {
  return buchholz(table, { ...rules, cutLowest: 1 });
}

/** Median Buchholz: without the lowest and the highest contribution. */
export function buchholzMedian(table: ResultTable, rules: TiebreakRules = {}): Map<string, number> {
  return buchholz(table, { ...rules, cutLowest: 1, cutHighest: 1 });
}

/**
 * SOS (sum of opponents' scores) — Buchholz under its Go name; for McMahon pass the start scores as
 * `initial`, the Go points (win 1) and, for EGF practice, `bye`/`absent` as a function returning the
 * player's start MMS.
 */
export function sos(table: ResultTable, rules: TiebreakRules = {}): Map<string, number> {
  return buchholz(table, rules);
}

/**
 * SOSOS: the sum of the opponents' SOS; unplayed rounds follow the same rules applied to SOS values
 * (FIDE C.07 art. 16, which has no SOSOS: a game played counts the opponent's SOS, an unplayed round,
 * a forfeit included, the player's own SOS, as 16.4's dummy carries the own score, without 2026's caps).
 */
export function sosos(table: ResultTable, rules: TiebreakRules = {}): Map<string, number> {
  const first = sos(table, rules);
  const fide = fideRule(rules);
  const view = fide ? fideView(table, rules, fide) : undefined;
  const out = new Map<string, number>();
  for (const name of table.players) {
    const c = view
      ? fideContributions(view, name, first, () => first.get(name) ?? 0)
      : contributions(table, name, first, first.get(name) ?? 0, rules);
    out.set(
      name,
      c.reduce((s, x) => s + x.value, 0),
    );
  }
  return out;
}

/** Sonneborn-Berger: Σ opponent's score × result (1 / ½ / 0); a bye is a win against its dummy value. */
export function sonnebornBerger(table: ResultTable, rules: TiebreakRules = {}): Map<string, number> {
  const fide = fideRule(rules);
  if (fide) {
    // 16.3 and 16.4: a game counts the opponent's adjusted score × the result; an unplayed round the
    // dummy's score × the result its points match
    const view = fideView(table, rules, fide);
    const out = new Map<string, number>();
    for (const name of table.players) {
      let total = 0;
      for (const r of view.rounds.get(name) ?? []) {
        if (r.category === null && r.entry.kind === 'played')
          total += (view.adjusted.get(r.entry.opponent) ?? 0) * RESULT_VALUE[r.entry.result];
        else total += fideDummy(view, name, r) * fideDummyResult(r.points, rules);
      }
      out.set(name, total);
    }
    return out;
  }
  const own = scores(table, rules);
  const opp = opponentScores(table, rules);
  const out = new Map<string, number>();
  for (const name of table.players) {
    let total = 0;
    for (const e of entriesOf(table, name)) {
      if (e.kind === 'played') total += (opp.get(e.opponent) ?? 0) * RESULT_VALUE[e.result];
      else if (e.kind === 'bye') total += unplayedValue(rules.bye ?? 'ignore', name, own.get(name) ?? 0) ?? 0;
    }
    out.set(name, total);
  }
  return out;
}

export interface OmwOptions {
  /** Minimum match-win share (Magic Tournament Rules: 0.33). */
  readonly floor?: number;
}

/**
 * Match-win percentage per the Magic Tournament Rules (on their own 3/1/0 match points, whatever the
 * event's scheme): match points / (3 × rounds played, byes
 * included), floored at 0.33; 0.33 too (the floor) for a player who played no round.
 */
export function matchWinPercent(table: ResultTable, options: OmwOptions = {}): Map<string, number> {
  const floor = options.floor ?? 0.33;
  const out = new Map<string, number>();
  for (const name of table.players) {
    let points = 0;
    let played = 0;
    for (const e of entriesOf(table, name)) {
      if (e.kind === 'played') {
        points += KTS_POINTS[e.result];
        played++;
      } else if (e.kind === 'bye') {
        points += KTS_POINTS.win;
        played++;
      }
    }
    out.set(name, played === 0 ? floor : Math.max(floor, points / (KTS_POINTS.win * played)));
  }
  return out;
}

/**
 * OMW%: the mean of the opponents' match-win % (each floored at 0.33), ignoring bye and absent
 * rounds; a withdrawn opponent's share counts the rounds he played. No opponent: the floor.
 */
export function opponentsMatchWinPercent(table: ResultTable, options: OmwOptions = {}): Map<string, number> {
  const mwp = matchWinPercent(table, options);
  const floor = options.floor ?? 0.33;
  const out = new Map<string, number>();
  for (const name of table.players) {
    const values: number[] = [];
    for (const e of entriesOf(table, name))
      if (e.kind === 'played') values.push(mwp.get(e.opponent) ?? floor);
    out.set(name, values.length === 0 ? floor : values.reduce((s, x) => s + x, 0) / values.length);
  }
  return out;
}

/**
 * Head-to-head among a group of tied players: the result points (1 / ½ / 0) each scored in the
 * games played between members of the group (every meeting counts).
 */
export function headToHead(table: ResultTable, tied: readonly string[]): Map<string, number> {
  const group = new Set(tied);
  const out = new Map<string, number>();
  for (const name of tied) {
    let total = 0;
    for (const e of entriesOf(table, name)) {
      if (e.kind === 'played' && group.has(e.opponent)) total += RESULT_VALUE[e.result];
    }
    out.set(name, total);
  }
  return out;
}

/** The data the KTS tiebreak needs: rounds so far, points, and each player's opponents (null = bye). */
export interface KtsInput {
  readonly rounds: number;
  /** Points of a win (KTS: 3), the most a round can give: YYY and ZZZ are shares of it. */
  readonly win?: number;
  readonly points: ReadonlyMap<string, number>;
  readonly opponents: ReadonlyMap<string, readonly (string | null)[]>;
}

export interface KtsValue {
  readonly xx: number;
  readonly yyy: number;
  readonly zzz: number;
  /** XX × 10⁶ + YYY × 10³ + ZZZ. */
  readonly value: number;
}

/**
 * KTS tiebreak XXYYYZZZ (seed `kts-tiebreak-it.txt`): XX = points; YYY = ⌊1000 × Σ opponents' points
 * / (W × n²)⌋; ZZZ = ⌊1000 × Σ opponents' opponents' points / (W × n³)⌋, W the points of a win (3 in
 * the KTS rules, whose formula writes 3; 1 with the default win 1 / loss 0), with each opponent's
 * opponent counted once per path (the player himself once per opponent); "il bye risulta avere 0
 * punti, e gli avversari del bye si considera abbiano sempre 0 punti".
 * YYY and ZZZ reach 1000 only when every opponent (resp. opponent's opponent) won every round; the
 * document does not say how to print that, so they are capped at 999 to keep the three digits.
 */
export function ktsFromOpponents(input: KtsInput): Map<string, KtsValue> {
  const n = input.rounds;
  const w = input.win ?? KTS_POINTS.win;
  const pts = (name: string | null): number => (name === null ? 0 : (input.points.get(name) ?? 0));
  const out = new Map<string, KtsValue>();
  for (const [name, xx] of input.points) {
    const opponents = input.opponents.get(name) ?? [];
    let sum1 = 0;
    let sum2 = 0;
    for (const o of opponents) {
      sum1 += pts(o);
      if (o !== null) for (const q of input.opponents.get(o) ?? []) sum2 += pts(q);
    }
    const yyy = n === 0 ? 0 : Math.min(999, Math.floor((1000 * sum1) / (w * n * n)));
    const zzz = n === 0 ? 0 : Math.min(999, Math.floor((1000 * sum2) / (w * n * n * n)));
    out.set(name, { xx, yyy, zzz, value: xx * 1_000_000 + yyy * 1000 + zzz });
  }
  return out;
}

/**
 * KTS tiebreaks from the results: n = rounds played so far; byes are 0-point opponents. Points are
 * the event's (`points`, default win 1 / loss 0; the KTS rules' own 3/1/0 is {@link KTS_POINTS}), a bye
 * a win, an absent round worth `absentPoints` (the event's option, default 0).
 */
export function kts(
  table: ResultTable,
  options: { readonly absentPoints?: number; readonly points?: Scoring } = {},
): Map<string, KtsValue> {
  const rules: { -readonly [K in keyof ScoreRules]: ScoreRules[K] } = {};
  if (options.absentPoints !== undefined) rules.absentPoints = options.absentPoints;
  if (options.points !== undefined) rules.points = options.points;
  const points = scores(table, rules);
  const opponents = new Map<string, (string | null)[]>();
  for (const name of table.players) {
    const list: (string | null)[] = [];
    for (const e of entriesOf(table, name)) {
      if (e.kind === 'played') list.push(e.opponent);
      else if (e.kind === 'bye') list.push(null);
    }
    opponents.set(name, list);
  }
  return ktsFromOpponents({
    rounds: table.rounds,
    points,
    opponents,
    win: (options.points ?? DEFAULT_POINTS).win,
  });
}

/** KTS value formatted as in the document: 7 or 8 digits (XX without padding, YYY and ZZZ padded). */
export function formatKts(v: KtsValue): string {
  return `${v.xx}${String(v.yyy).padStart(3, '0')}${String(v.zzz).padStart(3, '0')}`;
}
