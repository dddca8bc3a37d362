/**
 * The signed biases of each person (spec/metrics.md §10): collection over matches, the JSON view and the
 * tables. Figures come from src/metrics/{take-pass,doubles,blot,exposure}-bias.ts; nothing is printed here.
 */

import { compareNames } from '../core/name-order.js';
import { escapeControls } from '../core/text-controls.js';
import { FULL_WIDTH, wrapText } from '../core/text-width.js';
import { type AnalysisAudit, AuditCollector } from '../metrics/analysis-mix.js';
import {
  BOARD_BIAS,
  STORED_ACTIONS,
  STORED_DIRECTIONS,
  type StoredBiasMatch,
  type StoredDecisionKey,
  type StoredDecisionRef,
} from '../metrics/bias-columns.js';
import type { BiasEstimate } from '../metrics/bias-estimator.js';
import {
  addBiasRow,
  BIAS_MIN_DECISIONS,
  type BiasTally,
  biasEstimate,
  emptyBiasTally,
} from '../metrics/bias-estimator.js';
import {
  type BlotBias,
  type BlotBiasRow,
  blotBiasFrom,
  blotBiasItem,
  blotRow,
  boardBiasInput,
  type RowList,
} from '../metrics/blot-bias.js';
import { isCounted } from '../metrics/counting.js';
import { decisionError } from '../metrics/decision-error.js';
import {
  addDoubles,
  addDoublesCell,
  type DoublesBias,
  type DoublesTally,
  doublesOf,
  emptyDoublesTally,
  scoreCellOfAways,
} from '../metrics/doubles-bias.js';
import {
  addExposureRow,
  type ExposureBias,
  type ExposureBiasRow,
  type ExposureSums,
  emptyExposureSums,
  exposureBiasFrom,
  exposureBiasItem,
  exposureRow,
} from '../metrics/exposure-bias.js';
import { type AggregateOptions, personSeats } from '../metrics/match-report.js';
import { seatMatches } from '../metrics/player-stats.js';
import { addTakePass, addTakePassCell } from '../metrics/take-pass-bias.js';
import { type TiltComparison, type TiltFigures, TiltRows } from '../metrics/tilt.js';
import type { Match } from '../model/types.js';
import { type DecisionRef, decisionRef, playedAndBest } from '../review/decision-refs.js';
import { auditLines, jsonAudit } from './analysis-mix.js';
import { renderTextBoard, type TextBoardOptions } from './board-text.js';
import { type BoardView, boardView } from './board-view.js';
import { fitTable } from './cli-table.js';
import { fixed, matchesAnalysedText, percent, signed, withoutAnalysis } from './format.js';
import { jsonDecisionRef, LazyJsonArray } from './json.js';
import { memoryRows, type RowStore, type RowStores } from './row-store.js';

/** A checker play of the blot biases: where it is, and (when the collector keeps them) the plays' text. */
export interface BiasRef extends DecisionRef {
  /** The play made and the best play, kept only for boards (`BiasCollector` option `plays`), never in JSON. */
  readonly played?: string;
  readonly best?: string;
}

/** The biases of one person. */
export interface PlayerBiases {
  readonly player: string;
  readonly matches: number;
  /** Of those, the matches with a decision of the person counted in PR (analysed). */
  readonly analysedMatches: number;
  /** Decisions counted in PR (analysed); 0 for a person known only from transcripts. */
  readonly analysed: number;
  readonly takePass: BiasEstimate;
  readonly doubles: DoublesBias;
  readonly blots: BlotBias<BiasRef>;
  readonly exposure: ExposureBias<BiasRef>;
  /** Tilt and form (src/metrics/tilt.ts); null without a match equity table given, or an analysed game to compare. */
  readonly tilt: TiltFigures | null;
  /** Which analysers and depths the person's matches mix, and those below BMAB's norm (as `bdb stats`). */
  readonly audit: AnalysisAudit;
}

interface Pending {
  matches: number;
  analysedMatches: number;
  analysed: number;
  /** The cube decisions are reduced to the biases' counts as they stream by. */
  takePass: BiasTally;
  doubles: DoublesTally;
  /**
   * Checker plays are reduced to their figures as they stream by (no board or candidate list is kept), and
   * to their rows when the collector keeps them (null: it does not).
   */
  blotTally: BiasTally;
  blotsUnread: number;
  exposureSums: ExposureSums;
  exposureUnread: number;
  rows: PendingRows | null;
  /** Without rows, the costliest blot rows with more or fewer blots than the best play, when kept. */
  costliest: BlotBiasRow<BiasRef>[] | null;
  tilt: TiltRows;
  audit: AuditCollector;
}

/** A person's blot rows, as a collector that keeps them keeps them. */
interface PendingRows {
  blots: RowStore<BlotBiasRow<BiasRef>>;
  blotsUnread: RowStore<BiasRef>;
  exposure: RowStore<ExposureBiasRow<BiasRef>>;
  exposureUnread: RowStore<BiasRef>;
}

/** No rows: what a collector keeping the figures only gives as a person's lists. */
const NO_ROWS: RowList<never> = [];

/** What a {@link BiasCollector} keeps beyond the counts. */
export interface BiasKeep {
  /** Keep each blot row's played and best plays as text (for boards; costs a little memory). */
  readonly plays?: boolean;
  /**
   * Where the rows go (default: memory; the CLI keeps them in a temporary file for `bdb biases --json`);
   * null: nowhere, the figures only (`bdb biases` as tables, `scout`, `report`: no decision's reference is
   * made, the rows are empty lists).
   */
  readonly rows?: RowStores | null;
  /**
   * With `rows` null: each person's `costliest` blot rows where the play left more or fewer blots than the
   * best play are kept, as {@link biasedBlotRows} picks them (`bdb biases --boards`: a reference is made for
   * a decision only when it enters them).
   */
  readonly costliest?: number;
  /** The match equity table: given, the tilt and form figures are counted too (`bdb biases`). */
  readonly met?: Met;
}

/** The match equity table, as the metrics take it (the report layer does not read tables itself). */
type Met = Parameters<typeof seatMatches>[0];

/** Collects each person's decisions over matches (aliases and the player filter as `stats`). */
export class BiasCollector {
  private readonly byName = new Map<string, Pending>();
  private readonly opts: AggregateOptions;
  private readonly plays: boolean;
  private readonly rows: RowStores | null;
  private readonly costliest: number;
  private readonly met: Met | null;
  /** The costliest rows' references still to read, with the stored decisions' keys (`addStored`). */
  private readonly pendingRefs = new Map<BiasRef, StoredDecisionKey>();
  constructor(opts: AggregateOptions = {}, keep: BiasKeep = {}) {
    this.opts = opts;
    this.plays = keep.plays === true;
    this.rows = keep.rows === undefined ? memoryRows : keep.rows;
    this.costliest = this.rows === null ? (keep.costliest ?? 0) : 0;
    this.met = keep.met ?? null;
  }

  /** The persons of a match's seats (null: not followed), each made when first seen. */
  private seatsOf(match: Pick<Match, 'players'>): [Pending | null, Pending | null] {
    return personSeats(match, this.byName, this.opts, () => ({
      matches: 0,
      analysedMatches: 0,
      analysed: 0,
      takePass: emptyBiasTally(),
      doubles: emptyDoublesTally(),
      blotTally: emptyBiasTally(),
      blotsUnread: 0,
      exposureSums: emptyExposureSums(),
      exposureUnread: 0,
      rows: this.rows && {
        blots: this.rows<BlotBiasRow<BiasRef>>(),
        blotsUnread: this.rows<BiasRef>(),
        exposure: this.rows<ExposureBiasRow<BiasRef>>(),
        exposureUnread: this.rows<BiasRef>(),
      },
      costliest: this.costliest > 0 ? [] : null,
      tilt: new TiltRows(),
      audit: new AuditCollector(),
    }));
  }

  /** Adds both seats of a match. */
  add(match: Match): void {
    const seats = this.seatsOf(match);
    for (const p of seats) p?.audit.add(match);
    // the seats' figures (every decision's error and MWC lost) only for a match of a person followed
    if (this.met !== null && (seats[0] || seats[1])) {
      const seen = seatMatches(this.met, match);
      for (const seat of [0, 1] as const) {
        const p = seats[seat];
        if (p) p.tilt.add(seen[seat]);
      }
    }
    const analysedIn = new Set<Pending>();
    for (const game of match.games) {
      game.decisions.forEach((d, i) => {
        const p = seats[d.player];
        if (!p || d.fromPosition) return;
        // counted in PR: analysed, not forced, with an error (the decisions the library stores as counted)
        if (isCounted(d) && decisionError(d) !== null) {
          p.analysed++;
          analysedIn.add(p);
        }
        if (d.kind === 'cube') {
          addTakePass(p.takePass, d);
          addDoubles(p.doubles, d);
          return;
        }
        // the row kind and the boards after the played and the best play, made once for both biases
        const input = boardBiasInput(d);
        if (input.kind.kind === 'skip') return;
        const rows = p.rows;
        if (rows === null) {
          // the figures only: no reference is made
          const blot = blotBiasItem(d, null, input);
          if (blot !== null && 'row' in blot) {
            const { row } = blot;
            addBiasRow(p.blotTally, row.x, row.error);
            if (p.costliest && row.x !== 0 && joinsCostliest(p.costliest, row.error, this.costliest))
              addCostliest(p.costliest, { ...row, ref: this.refOf(match, game, i) }, this.costliest);
          } else if (blot !== null) p.blotsUnread++;
          const exposure = exposureBiasItem(d, null, input);
          if (exposure !== null && 'row' in exposure) addExposureRow(p.exposureSums, exposure.row);
          else if (exposure !== null) p.exposureUnread++;
          return;
        }
        const ref = this.refOf(match, game, i);
        const blot = blotBiasItem(d, ref, input);
        if (blot !== null) {
          if ('row' in blot) {
            addBiasRow(p.blotTally, blot.row.x, blot.row.error);
            rows.blots.push(blot.row);
          } else {
            p.blotsUnread++;
            rows.blotsUnread.push(blot.unread);
          }
        }
        const exposure = exposureBiasItem(d, ref, input);
        if (exposure !== null) {
          if ('row' in exposure) {
            addExposureRow(p.exposureSums, exposure.row);
            rows.exposure.push(exposure.row);
          } else {
            p.exposureUnread++;
            rows.exposureUnread.push(exposure.unread);
          }
        }
      });
    }
    for (const p of analysedIn) p.analysedMatches++;
  }

  /**
   * Adds both seats of a match the library read from its columns (src/library/read.ts
   * `libraryBiasMatches`): the same figures {@link BiasCollector.add} makes of the parsed match, by the same
   * functions, from what the import stored of each counted decision (src/library/rows.ts `boardBiasCells`)
   * and the seats' stored tilt states. A collector listing rows needs each decision's place read with the
   * match (`places`); one keeping the costliest rows only gets their references at the end
   * ({@link BiasCollector.storedRefKeys}).
   */
  addStored(m: StoredBiasMatch): void {
    const seats = this.seatsOf(m);
    for (const p of seats) p?.audit.add(m);
    if (this.met !== null)
      for (const seat of [0, 1] as const) {
        const p = seats[seat];
        const state = m.tilt?.[seat];
        if (!p) continue;
        if (!state) throw new Error('biases: a stored tally without its tilt state');
        p.tilt.addState(state);
      }
    const analysedIn = new Set<Pending>();
    const c = m.decisions;
    for (let i = 0; i < c.length; i++) {
      const p = seats[c.seat[i] === 1 ? 1 : 0];
      if (!p) continue;
      p.analysed++;
      analysedIn.add(p);
      const e = c.error[i]!;
      const action = STORED_ACTIONS[c.action[i]! - 1];
      if (action !== undefined) {
        const dir = STORED_DIRECTIONS[c.direction[i]!] ?? null;
        if (action === 'take' || action === 'pass') addTakePassCell(p.takePass, dir, e);
        else {
          const away = c.away[i]!;
          const other = c.opponentAway[i]!;
          addDoublesCell(
            p.doubles,
            dir,
            e,
            scoreCellOfAways(away < 0 ? null : away, other < 0 ? null : other),
          );
        }
        continue;
      }
      const board = c.board[i]!;
      if (board !== BOARD_BIAS.unread && board !== BOARD_BIAS.free && board !== BOARD_BIAS.read) continue;
      const rows = p.rows;
      if (board === BOARD_BIAS.unread) {
        p.blotsUnread++;
        p.exposureUnread++;
        if (rows) {
          const ref = storedRef(m, i);
          rows.blotsUnread.push(ref);
          rows.exposureUnread.push(ref);
        }
        continue;
      }
      const read = board === BOARD_BIAS.read;
      // the figures only: no reference is made (a row joining the costliest gets one below)
      const ref = rows ? storedRef(m, i) : null;
      const blot = blotRow(ref, e, read ? [c.blotsPlayed[i]!, c.blotsBest[i]!] : null);
      const exposure = exposureRow(ref, e, read ? [c.shotsPlayed[i]!, c.shotsBest[i]!] : null);
      addBiasRow(p.blotTally, blot.x, blot.error);
      addExposureRow(p.exposureSums, exposure);
      if (rows && ref) {
        rows.blots.push({ ...blot, ref });
        rows.exposure.push({ ...exposure, ref });
      } else if (p.costliest && blot.x !== 0 && joinsCostliest(p.costliest, blot.error, this.costliest)) {
        // its move, XGID and plays are read once the matches are (storedRefKeys); the row it pushes out
        // (when the list is full) needs none any more
        const at = storedRef(m, i, false);
        if (p.costliest.length >= this.costliest) this.pendingRefs.delete(p.costliest.at(-1)!.ref);
        this.pendingRefs.set(at, [m.id, c.game[i]!, c.decision[i]!]);
        addCostliest(p.costliest, { ...blot, ref: at }, this.costliest);
      }
    }
    for (const p of analysedIn) p.analysedMatches++;
  }

  /**
   * Where the costliest blot rows kept from stored matches are ({@link BiasCollector.addStored} knows their
   * keys, not their references): the library reads those few decisions' references, then
   * {@link BiasCollector.fillStoredRefs} completes the rows.
   */
  storedRefKeys(): StoredDecisionKey[] {
    const keys: StoredDecisionKey[] = [];
    for (const p of this.byName.values())
      for (const r of p.costliest ?? []) {
        const key = this.pendingRefs.get(r.ref);
        if (key) keys.push(key);
      }
    return keys;
  }

  /** Completes the costliest blot rows kept from stored matches with the references read (`matchId:game:decision`). */
  fillStoredRefs(found: ReadonlyMap<string, StoredDecisionRef>): void {
    for (const p of this.byName.values()) {
      const rows = p.costliest;
      if (!rows) continue;
      rows.forEach((r, k) => {
        const key = this.pendingRefs.get(r.ref);
        const stored = key && found.get(key.join(':'));
        if (!stored) return;
        const plays = this.plays ? { played: stored.played ?? 'n/a', best: stored.best ?? 'n/a' } : {};
        const { move, xgid, positionId } = stored;
        rows[k] = { ...r, ref: { ...r.ref, move, xgid, positionId, ...plays } };
      });
    }
    this.pendingRefs.clear();
  }

  /** The reference of decision `i` of `game`, with the plays' text when the collector keeps them. */
  private refOf(match: Match, game: Match['games'][number], i: number): BiasRef {
    const found = decisionRef(match, game, i).ref;
    const d = game.decisions[i]!;
    return this.plays && d.kind === 'checker' ? { ...found, ...playedAndBest(d) } : found;
  }

  /** The biases, by name. */
  results(): PlayerBiases[] {
    return [...this.eachResult()];
  }

  /**
   * The biases of the persons `keeps` accepts, by name, each person's made when the list reaches it: a reader
   * going through them once (the JSON output) holds one person's figures at a time, not every person's (their
   * doubles' score cells, their tilt figures), which over 10,000 matches and their 138 persons was 13 MB.
   */
  eachResult(keeps: (person: string) => boolean = () => true): RowList<PlayerBiases> {
    const names = [...this.byName.keys()].filter(keeps).sort(compareNames);
    const resultOf = (player: string): PlayerBiases => this.resultOf(player, this.byName.get(player)!);
    return {
      length: names.length,
      *[Symbol.iterator]() {
        for (const player of names) yield resultOf(player);
      },
    };
  }

  /** The biases of one person, or null when no match of theirs was added. */
  result(player: string): PlayerBiases | null {
    const p = this.byName.get(player);
    return p ? this.resultOf(player, p) : null;
  }

  private resultOf(player: string, p: Pending): PlayerBiases {
    return {
      player,
      matches: p.matches,
      analysedMatches: p.analysedMatches,
      analysed: p.analysed,
      takePass: biasEstimate(p.takePass),
      doubles: doublesOf(p.doubles),
      blots: blotBiasFrom(
        p.blotTally,
        p.blotsUnread,
        p.rows?.blots ?? p.costliest ?? NO_ROWS,
        p.rows?.blotsUnread ?? NO_ROWS,
      ),
      exposure: exposureBiasFrom(
        p.exposureSums,
        p.exposureUnread,
        p.rows?.exposure ?? NO_ROWS,
        p.rows?.exposureUnread ?? NO_ROWS,
      ),
      tilt: this.met === null ? null : p.tilt.finish(),
      audit: p.audit.result(),
    };
  }
}

/**
 * A bias under its JSON keys: N, P, M and their costs, B with its 95 % bounds, the verdict. `analysed` false:
 * the person has no analysed decision at all (a transcript), so the counts and costs are unknown (null), not 0.
 */
function jsonEstimate(e: BiasEstimate, analysed = true): JsonBiasEstimate {
  const count = (x: number): number | null => (analysed ? x : null);
  return {
    n: count(e.n),
    plus: count(e.plus),
    minus: count(e.minus),
    plusCostMpt: count(e.plusCostMpt),
    minusCostMpt: count(e.minusCostMpt),
    bias: e.bias,
    low: e.low,
    high: e.high,
    verdict: e.verdict,
  };
}

/** A bias as `bdb biases --json` gives it (counts and costs null without any analysed decision). */
export interface JsonBiasEstimate {
  n: number | null;
  plus: number | null;
  minus: number | null;
  plusCostMpt: number | null;
  minusCostMpt: number | null;
  bias: number | null;
  low: number | null;
  high: number | null;
  verdict: string;
}

/**
 * The JSON entry of one person (full precision; each blot row traced to its decision). A person without any
 * analysed decision (a transcript) has null counts and costs, never 0.
 */
export function jsonPlayerBiases(p: PlayerBiases): unknown {
  const e = (x: BiasEstimate): JsonBiasEstimate => jsonEstimate(x, p.analysed > 0);
  const count = (x: number): number | null => (p.analysed > 0 ? x : null);
  return {
    player: p.player,
    matches: p.matches,
    analysedMatches: p.analysedMatches,
    ...jsonAudit(p.audit),
    takePass: e(p.takePass),
    doubles: e(p.doubles.overall),
    doublesByScore: p.doubles.byScore.map((c) => ({
      away: c.away,
      opponentAway: c.opponentAway,
      ...e(c.estimate),
    })),
    blots: {
      ...e(p.blots.estimate),
      unread: count(p.blots.unread),
      unreadShare: p.blots.unreadShare,
      // one flat object a decision: written by JSON.stringify, not walked (src/report/json.ts LazyJsonArray)
      decisions: LazyJsonArray.of(
        p.blots.rows,
        (r) => ({
          ...jsonDecisionRef(r.ref),
          x: r.x,
          errorEmg: r.error,
          blotsPlayed: r.blotsPlayed,
          blotsBest: r.blotsBest,
        }),
        true,
      ),
      unreadDecisions: LazyJsonArray.of(p.blots.unreadRefs, jsonDecisionRef, true),
    },
    blotsExposure: {
      ...e(p.exposure.estimate),
      meanShotDifference: p.exposure.meanShotDifference,
      meanShotDifferenceLow: p.exposure.meanLow,
      meanShotDifferenceHigh: p.exposure.meanHigh,
      unread: count(p.exposure.unread),
      unreadShare: p.exposure.unreadShare,
      // one flat object a decision: written by JSON.stringify, not walked (src/report/json.ts LazyJsonArray)
      decisions: LazyJsonArray.of(
        p.exposure.rows,
        (r) => ({
          ...jsonDecisionRef(r.ref),
          x: r.x,
          errorEmg: r.error,
          shotsPlayed: r.shotsPlayed,
          shotsBest: r.shotsBest,
        }),
        true,
      ),
      unreadDecisions: LazyJsonArray.of(p.exposure.unreadRefs, jsonDecisionRef, true),
    },
    ...(p.tilt === null ? {} : { tilt: p.tilt }),
  };
}

function interval(e: { low: number | null; high: number | null }, digits: number): string {
  return e.low === null || e.high === null ? 'n/a' : `${signed(e.low, digits)} … ${signed(e.high, digits)}`;
}

/** The columns of a bias table (terminal and HTML). */
export const BIAS_TABLE_HEAD = ['Bias', 'N', 'P (mpt)', 'M (mpt)', 'B', '95 %', 'Verdict'] as const;

/** The cells of a bias table's row (terminal and HTML). */
export function biasRow(label: string, e: BiasEstimate): string[] {
  return [
    label,
    String(e.n),
    `${e.plus} (${fixed(e.plusCostMpt, 0)})`,
    `${e.minus} (${fixed(e.minusCostMpt, 0)})`,
    signed(e.bias, 3),
    interval(e, 3),
    e.verdict,
  ];
}

/** How many blot decisions are drawn per person with `--boards` (the costliest). */
export const BLOT_BOARDS = 10;

/**
 * The reference of stored decision `i` of `m`: with its place read (`places`, a collector listing rows), or
 * (`placed` false) its file, game and index only, its place to be read later.
 */
function storedRef(m: StoredBiasMatch, i: number, placed = true): BiasRef {
  const c = m.decisions;
  const place = placed ? c.places?.[i] : null;
  if (place === undefined) throw new Error('biases: stored rows listed without their places');
  return {
    file: m.file,
    game: c.game[i]!,
    move: place?.move ?? 0,
    decisionIndex: c.decision[i]! - 1,
    kind: 'checker',
    xgid: place?.xgid ?? null,
    positionId: place?.positionId ?? null,
  };
}

/** Whether a row of error `error` coming after those of `costliest` (costliest first) joins the `most` first. */
function joinsCostliest(costliest: readonly BlotBiasRow<BiasRef>[], error: number, most: number): boolean {
  return costliest.length < most || costliest[most - 1]!.error < error;
}

/**
 * Adds a row coming after those of `costliest` (costliest first, at most `most`): after the rows of the same
 * or a larger error, so ties stay in the order of the rows.
 */
function addCostliest(costliest: BlotBiasRow<BiasRef>[], r: BlotBiasRow<BiasRef>, most: number): void {
  if (!joinsCostliest(costliest, r.error, most)) return;
  let at = costliest.length;
  while (at > 0 && costliest[at - 1]!.error < r.error) at--;
  costliest.splice(at, 0, r);
  if (costliest.length > most) costliest.pop();
}

/**
 * The blot rows where the play made left more or fewer blots than the best play: how many there are, and
 * the `most` costliest, costliest first (ties in the order of the rows). One pass, `most` rows held.
 */
export function biasedBlotRows(
  p: PlayerBiases,
  most: number,
): { count: number; costliest: BlotBiasRow<BiasRef>[] } {
  const costliest: BlotBiasRow<BiasRef>[] = [];
  for (const r of p.blots.rows) if (r.x !== 0) addCostliest(costliest, r, most);
  // every row with x ≠ 0 is a P or an M of the estimate (the rows kept may be the costliest only)
  const count = p.blots.estimate.plus + p.blots.estimate.minus;
  return { count, costliest };
}

/** The board of a blot row (null when its position is unknown): the person on roll at the bottom. */
export function blotRowBoard(person: string, r: BlotBiasRow<BiasRef>): BoardView | null {
  return boardView({
    xgid: r.ref.xgid,
    names: [person, 'opponent'],
    played: r.ref.played === undefined ? null : { text: r.ref.played },
    best: r.ref.best === undefined ? null : { text: r.ref.best },
  });
}

/** The costliest blot decisions of one person, each with its text board; the text within `width` columns. */
function blotBoards(p: PlayerBiases, text: TextBoardOptions, width: number): string[] {
  const { count, costliest } = biasedBlotRows(p, BLOT_BOARDS);
  const say = (line: string, hang = ''): string[] => wrapText(line, width, { hang });
  if (count === 0) return say('Blot decisions: none with more or fewer blots than the best play.');
  const lines = say(
    'Blot decisions where the play made left more or fewer blots than the best play, ' +
      `costliest first: ${costliest.length} of ${count}${count > BLOT_BOARDS ? ' (all in --json)' : ''}`,
  );
  costliest.forEach((r, i) => {
    lines.push(
      ...say(
        `${i + 1}. ${r.x > 0 ? 'more' : 'fewer'} blots: ${r.blotsPlayed ?? 'n/a'} after the play made, ` +
          `${r.blotsBest ?? 'n/a'} after the best, error ${fixed(r.error, 3)} EMG`,
        '   ',
      ),
      ...say(`   played ${r.ref.played ?? 'n/a'}, best ${r.ref.best ?? 'n/a'}`),
      ...say(`   game ${r.ref.game}, move ${r.ref.move} of ${r.ref.file}`),
    );
    const v = blotRowBoard(p.player, r);
    lines.push(
      ...(v ? renderTextBoard(v, { ...text, indent: '   ' }) : ['   (no board: the position is unknown)']),
    );
  });
  return lines;
}

/** What the terminal biases draw, and within how many columns. */
export interface BiasesTextOptions {
  /** The costliest blot decisions with text boards (`--boards`), or none. */
  readonly boards?: TextBoardOptions | null;
  /** The columns the text fits (default {@link FULL_WIDTH}: no limit). */
  readonly width?: number;
  /** Every score cell of the doubles, those with too few decisions for a verdict too (`--all-cells`). */
  readonly allCells?: boolean;
}

/** One bias of a person: its label, whether it is a score cell of the doubles, and its estimate. */
export interface BiasRow {
  readonly label: string;
  /** True for a score cell under Doubles. */
  readonly sub: boolean;
  readonly estimate: BiasEstimate;
}

/** The biases of a person in the order the table and the chart show them. */
export function biasRows(p: PlayerBiases): BiasRow[] {
  return [
    { label: 'Take/pass', sub: false, estimate: p.takePass },
    { label: 'Doubles', sub: false, estimate: p.doubles.overall },
    ...p.doubles.byScore.map((c) => ({
      label: c.away === 0 ? 'money' : `${c.away}-away / ${c.opponentAway}-away`,
      sub: true,
      estimate: c.estimate,
    })),
    { label: 'Blots', sub: false, estimate: p.blots.estimate },
    { label: 'Blots, exposure', sub: false, estimate: p.exposure.estimate },
  ];
}

/** The table of one person (and the blot decisions drawn, with `boards`), within `opts.width` columns. */
export function renderPlayerBiases(p: PlayerBiases, opts: BiasesTextOptions = {}): string {
  const width = opts.width ?? FULL_WIDTH;
  // a score cell below the decisions a verdict needs says nothing yet: left out unless asked for
  const all = biasRows(p);
  const shown = opts.allCells ? all : all.filter((r) => !(r.sub && r.estimate.verdict === 'insufficient'));
  const hidden = all.length - shown.length;
  const rows = shown.map((r) => biasRow(r.sub ? `  ${r.label}` : r.label, r.estimate));
  const read = p.blots.estimate.n + p.blots.unread;
  const lines = [
    // one line: the name's control characters shown as escapes (src/core/text-controls.ts)
    `${escapeControls(p.player)} — ${matchesAnalysedText(p.matches, p.analysedMatches)}`,
    ...auditLines(p.audit, width),
    fitTable({ head: [...BIAS_TABLE_HEAD], rows }, width, { ascii: opts.boards?.ascii }),
    ...(hidden > 0
      ? wrapText(
          `${hidden} score cell${hidden === 1 ? '' : 's'} of the doubles with fewer than ${BIAS_MIN_DECISIONS} ` +
            'decisions (insufficient) not shown: --all-cells shows them.',
          width,
        )
      : []),
    ...wrapText(
      `Shots left vs best play: ${signed(p.exposure.meanShotDifference, 2)} per decision (95 % ${interval(
        { low: p.exposure.meanLow, high: p.exposure.meanHigh },
        2,
      )}), rolls of 36.`,
      width,
    ),
    ...wrapText(
      `Unreadable checker plays (left out of the blot biases): ${p.blots.unread} of ${read} (${percent(
        p.blots.unreadShare === null ? null : 100 * p.blots.unreadShare,
        1,
      )}).`,
      width,
    ),
  ];
  if (p.tilt !== null) lines.push(...tiltLines(p.tilt, width));
  if (opts.boards) lines.push(...blotBoards(p, opts.boards, width));
  return lines.join('\n');
}

/** One group's PR as the tilt lines print it: `PR 3.19 (95 % 2.82 … 3.55) over 233 games`. */
function tiltGroupText(g: TiltComparison['after']): string {
  if (g.pr === null) return `n/a (${g.games} game${g.games === 1 ? '' : 's'})`;
  const iv =
    g.prInterval.low === null ? '' : ` (95 % ${fixed(g.prInterval.low, 2)} … ${fixed(g.prInterval.high, 2)})`;
  return `PR ${fixed(g.pr, 2)}${iv} over ${g.games} game${g.games === 1 ? '' : 's'}`;
}

/** What a comparison says: worse or better after the event when its interval excludes 0, else no sure difference. */
function tiltVerdict(c: TiltComparison): string {
  if (c.difference === null) return 'n/a';
  const iv = c.differenceInterval;
  const bounds =
    iv.low === null || iv.high === null ? '' : ` (95 % ${signed(iv.low, 2)} … ${signed(iv.high, 2)})`;
  const sure = iv.low !== null && iv.high !== null && (iv.low > 0 || iv.high < 0);
  const words = !sure ? 'no sure difference' : iv.low! > 0 ? 'plays worse after it' : 'plays better after it';
  return `${signed(c.difference, 2)}${bounds}: ${words}, over ${c.matches} match${c.matches === 1 ? '' : 'es'}`;
}

/**
 * What the tilt and form figures of a person say (src/metrics/tilt.ts), one sentence a comparison: the
 * PRs after the event and after the others, the difference with its interval and whether it is sure.
 */
export function tiltSentences(t: TiltFigures): [string, string] {
  const luck =
    t.afterBadLuck.matches === 0
      ? 'After a game of bad luck: n/a (no roll of these matches carries its luck).'
      : `After a game of bad luck: ${tiltGroupText(t.afterBadLuck.after)}; after the others: ${tiltGroupText(
          t.afterBadLuck.otherwise,
        )}; difference ${tiltVerdict(t.afterBadLuck)}.`;
  return [
    `Tilt: after a lost game ${tiltGroupText(t.afterLoss.after)}; after a won game ${tiltGroupText(
      t.afterLoss.otherwise,
    )}; difference ${tiltVerdict(t.afterLoss)}.`,
    luck,
  ];
}

/** The tilt and form lines of a person, within `width` columns. */
function tiltLines(t: TiltFigures, width: number): string[] {
  return tiltSentences(t).flatMap((line) => wrapText(line, width));
}

/** The legend printed once under the tables, within `width` columns. */
export function biasesLegend(width: number = FULL_WIDTH): string {
  return wrapText(
    'P: the too bold decisions (a wrong take; a double too early or when too good; a play leaving more blots ' +
      'or shots than the best play) and what they cost, in millipoints of equity; M: the too cautious ones (a ' +
      'wrong pass; a missed double; a play leaving fewer). B = (P − M) / N, from −1 (always too cautious) to +1 ' +
      "(always too bold), with its 95 % interval (a score interval, Wilson's, honest with few decisions). " +
      `Verdict from ${BIAS_MIN_DECISIONS} decisions: too much when the whole interval is above 0, not enough ` +
      "when below, balanced otherwise. Doubles: the decisions to double or not, by score (player's away / " +
      "opponent's away). Blots: checker plays in contact. Terms explained in docs/glossary.md.",
    width,
  ).join('\n');
}

/** All persons' tables, within `opts.width` columns. */
export function renderBiases(players: readonly PlayerBiases[], opts: BiasesTextOptions = {}): string {
  return withoutAnalysis(
    players,
    (p) => p.analysed > 0,
    (p) => renderPlayerBiases(p, opts),
    opts.width,
  );
}
