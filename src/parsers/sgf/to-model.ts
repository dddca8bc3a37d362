/**
 * gnuBG SGF game trees → the decision model (spec/formats.md §2).
 *
 * - `W[...]` / `B[...]` are moves of seat 0 / seat 1; values `double`, `take`, `drop` or dice + point letters.
 * - `A[i][cand]...` lists the checker-play candidates best first; each equity is cubeful EMG.
 * - `DA[...]` holds the cube analysis: two 7-vectors (no double, double/take) whose last value is MWC at match
 *   play (money equity at money play); converted to EMG here with gnuBG's mwc2eq, DP = +1.
 * - `LU[x]` is the luck of the roll in EMG; `-inf`, `inf`, `nan` mean "not computed" (null).
 * The `GS[]` statistics tags are never read: every figure is computed from the analysis.
 */
import type { Board, Hop, Play, Side } from '../../core/board.js';
import { boardKey, initialBoard, validateBoard } from '../../core/board.js';
import { applyPlay, isSurelyLegal, legalPlays } from '../../core/moves.js';
import { CorruptFileError, type ErrorLocation } from '../../errors.js';
import type { Met } from '../../met/index.js';
import { mwc2eq } from '../../met/index.js';
import type {
  AnalyserInfo,
  Annotation,
  Candidate,
  CheckerDecision,
  CubeAnalysis,
  CubeDecision,
  Decision,
  Game,
  Match,
  SourceLocation,
} from '../../model/types.js';
import { normalizeName } from '../text-decode.js';
import type { ParseWarning } from '../types.js';
import type { SgfNode, SgfTree } from './lexer.js';

const A = 0x61; // 'a'
const X = 0x78; // 'x'
const Y = 0x79; // 'y' (the bar)
/** The largest cube gnuBG plays with (backgammon.h MAX_CUBE = 1 << 12); a file going above it is corrupt. */
const MAX_CUBE = 4096;

/** Converts an SGF point letter to the mover's own point number: 1..24, 25 = bar, 0 = off. */
function letterToPoint(code: number, side: Side): number {
  if (code === 0x79) return 25; // y = bar
  if (code === 0x7a) return 0; // z = off
  if (code < A || code > X) return -1;
  return side === 0 ? code - A + 1 : X - code + 1;
}

/** Parses point letters (pairs from/to) into hops; null when malformed. */
function parseHops(letters: string, side: Side): Hop[] | null {
  if (letters.length % 2 !== 0 || letters.length > 8) return null;
  const hops: Hop[] = [];
  for (let k = 0; k < letters.length; k += 2) {
    const from = letterToPoint(letters.charCodeAt(k), side);
    const to = letterToPoint(letters.charCodeAt(k + 1), side);
    if (from < 1 || to < 0 || to >= from) return null;
    hops.push({ from, to });
  }
  return hops;
}

/** A value quoted in a one-line message: at most 40 characters, control characters escaped. */
function shown(v: string): string {
  return JSON.stringify(v.length > 40 ? `${v.slice(0, 40)}…` : v).slice(1, -1);
}

function num(token: string | undefined): number {
  if (token === undefined) return Number.NaN;
  return Number(token);
}

/** Splits on runs of white space into at most `max` tokens (no regular expression). */
function tokens(value: string, max: number): string[] {
  const out: string[] = [];
  const n = value.length;
  let i = 0;
  while (i < n && out.length < max) {
    while (i < n && value.charCodeAt(i) <= 0x20) i++;
    if (i >= n) break;
    let j = i;
    while (j < n && value.charCodeAt(j) > 0x20) j++;
    out.push(value.slice(i, j));
    i = j;
  }
  return out;
}

const depthNames = new Map<string, string>();
/** "1C" → "1-ply" (cached: one string per depth). */
function depthName(plies: string): string | undefined {
  let d = depthNames.get(plies);
  if (d === undefined) {
    const k = Number.parseInt(plies, 10);
    if (!Number.isFinite(k)) return undefined;
    d = `${k}-ply`;
    if (depthNames.size < 64) depthNames.set(plies, d);
  }
  return d;
}

/** Start of the token after the one at `i` (single spaces, as gnuBG writes), or -1. */
function nextToken(v: string, i: number): number {
  const j = v.indexOf(' ', i);
  if (j < 0) return -1;
  let k = j + 1;
  while (v.charCodeAt(k) === 0x20) k++;
  return k < v.length ? k : -1;
}

/**
 * Parses a checker candidate `[letters E ver 3 p0 p1 p2 p3 p4 eq plies…]` (or `X … Score s1 …`). The
 * common evaluation form is scanned in place (this runs for every candidate of every move); anything
 * unusual goes through the general tokenizer.
 */
function parseCandidate(
  value: string,
  side: Side,
): { letters: string; hops: Hop[]; equity: number; depth?: string } | null {
  const sp = value.indexOf(' ');
  if (sp > 0 && sp <= 8 && value.startsWith(' E ver ', sp)) {
    const letters = value.slice(0, sp);
    const hops = parseHops(letters, side);
    if (!hops) return null;
    // tokens after "E ver N": p0 p1 p2 p3 p4 eq plies
    let i = nextToken(value, sp + 7); // p0
    for (let k = 0; k < 5 && i >= 0; k++) i = nextToken(value, i);
    if (i < 0) return null;
    const j = value.indexOf(' ', i);
    const equity = Number(value.slice(i, j < 0 ? undefined : j));
    if (!Number.isFinite(equity)) return null;
    if (j < 0) return { letters, hops, equity };
    const pe = value.indexOf(' ', j + 1);
    const depth = depthName(value.slice(j + 1, pe < 0 ? undefined : pe));
    return depth === undefined ? { letters, hops, equity } : { letters, hops, equity, depth };
  }
  const tok = tokens(value, 1000);
  let t = 0;
  let letters = '';
  if (tok[0] !== 'E' && tok[0] !== 'X' && tok[0] !== 'R') {
    letters = tok[0] ?? '';
    t = 1;
  }
  const hops = parseHops(letters, side);
  if (!hops) return null;
  const kind = tok[t];
  t++;
  if (tok[t] === 'ver') t += 2;
  if (kind === 'E') {
    const equity = num(tok[t + 5]);
    if (!Number.isFinite(equity)) return null;
    const plies = tok[t + 6];
    const depth = plies === undefined ? undefined : depthName(plies);
    return depth === undefined ? { letters, hops, equity } : { letters, hops, equity, depth };
  }
  if (kind === 'X' || kind === 'R') {
    const s = tok.indexOf('Score', t);
    const equity = num(tok[s + 1]);
    if (s < 0 || !Number.isFinite(equity)) return null;
    return { letters, hops, equity, depth: 'rollout' };
  }
  return null;
}

/** Reads the two cubeful values (no double, double/take) of a `DA[]` string; null when unreadable. */
function parseCubeValues(value: string): { nd: number; dt: number; depth?: string } | null {
  const tokens = value.trim().split(/\s+/);
  if (tokens[0] === 'E') {
    if (tokens.length < 15) return null;
    const nums = tokens.slice(-14).map(Number);
    const nd = nums[6];
    const dt = nums[13];
    if (nd === undefined || dt === undefined || !Number.isFinite(nd) || !Number.isFinite(dt)) return null;
    const pliesTok = tokens[1] === 'ver' ? tokens[3] : tokens[1];
    const plies = pliesTok ? Number.parseInt(pliesTok, 10) : Number.NaN;
    return Number.isFinite(plies) ? { nd, dt, depth: `${plies}-ply` } : { nd, dt };
  }
  if (tokens[0] === 'X') {
    const i = tokens.indexOf('NoDouble');
    const j = tokens.indexOf('DoubleTake');
    if (i < 0 || j < 0 || tokens[i + 1] !== 'Output' || tokens[j + 1] !== 'Output') return null;
    const nd = num(tokens[i + 8]);
    const dt = num(tokens[j + 8]);
    if (!Number.isFinite(nd) || !Number.isFinite(dt)) return null;
    return { nd, dt, depth: 'rollout' };
  }
  return null;
}

function first(node: SgfNode, id: string): string | undefined {
  return node.props.get(id)?.[0];
}

/** Reads `MI[length:N][game:G][ws:S0][bs:S1]`. */
function readMatchInfo(root: SgfNode): Map<string, string> {
  const out = new Map<string, string>();
  for (const v of root.props.get('MI') ?? []) {
    const k = v.indexOf(':');
    if (k > 0) out.set(v.slice(0, k), v.slice(k + 1));
  }
  return out;
}

function intOf(v: string | undefined, dflt: number): number {
  if (v === undefined) return dflt;
  const n = Number.parseInt(v, 10);
  return Number.isFinite(n) ? n : dflt;
}

interface GameState {
  board: Board;
  cubeValue: number;
  cubeOwner: -1 | 0 | 1;
  pending: { doubler: Side; analysis: CubeAnalysis | null; beavers: number } | null;
}

/** Which marks of a node belong to the decision: the move's (BM/DO, luck GW/GB, C) or the pre-roll cube's (BC/DC). */
type MarkKind = 'move' | 'pre-roll cube';

function skillOf(node: SgfNode, bad: string, doubtful: string): Annotation['skill'] {
  const v = node.props.get(bad)?.[0];
  if (v !== undefined) return v === '2' ? 'very-bad' : 'bad';
  return node.props.has(doubtful) ? 'doubtful' : undefined;
}

/** The stored marks of a node: gnuBG writes BM[1|2]/DO[] for the move or cube action, BC/DC for a missed
 *  double before the roll, GW/GB[1|2] for a roll good for White/Black, C[] for a comment. */
function readAnnotation(node: SgfNode, player: Side, kind: MarkKind): Annotation | undefined {
  const out: { skill?: Annotation['skill']; luck?: Annotation['luck']; comment?: string } = {};
  const skill = kind === 'move' ? skillOf(node, 'BM', 'DO') : skillOf(node, 'BC', 'DC');
  if (skill) out.skill = skill;
  if (kind === 'move') {
    const good = node.props.get(player === 0 ? 'GW' : 'GB')?.[0];
    const bad = node.props.get(player === 0 ? 'GB' : 'GW')?.[0];
    if (good !== undefined) out.luck = good === '2' ? 'very-lucky' : 'lucky';
    else if (bad !== undefined) out.luck = bad === '2' ? 'very-unlucky' : 'unlucky';
    const c = node.props.get('C')?.[0];
    if (c) out.comment = c;
  }
  return out.skill || out.luck || out.comment ? out : undefined;
}

/** The number of legal plays matters to XG's forced-play rule only with at most one candidate, or when all
 *  candidates have the same equity to the millipoint (spec/metrics.md §2.2); otherwise it is not computed. */
function needsLegalCount(candidates: readonly Candidate[]): boolean {
  if (candidates.length <= 1) return true;
  const e0 = Math.round(candidates[0]!.equity * 1000);
  return candidates.every((c) => Math.round(c.equity * 1000) === e0);
}

/** Options for the conversion. */
export interface SgfToModelOptions {
  readonly file: string;
  readonly met: Met;
}

/** Builds the match from the lexed trees of one SGF file. */
export function sgfToModel(
  trees: SgfTree[],
  opts: SgfToModelOptions,
): { match: Match; warnings: ParseWarning[] } {
  const { file, met } = opts;
  const warnings: ParseWarning[] = [];
  const games: Game[] = [];
  let players: [string, string] = ['White', 'Black'];
  let matchLength = 0;
  let date: string | null = null;
  let event: string | null = null;
  let round: string | null = null;
  let place: string | null = null;
  let crawfordRule = false;
  let jacoby = false;
  let cubeUse = true;
  let program: string | null = null;
  let checkerDepth: string | null = null;
  let cubeDepth: string | null = null;

  for (let g = 0; g < trees.length; g++) {
    const tree = trees[g]!;
    const root = tree.nodes[0];
    if (!root) continue;
    const loc = (node: SgfNode): SourceLocation => ({
      file,
      format: 'sgf',
      line: node.line,
      column: node.column,
    });
    const gm = first(root, 'GM');
    if (gm !== undefined && gm !== '6') {
      throw new CorruptFileError(
        { file, line: root.line, column: root.column },
        `GM[${shown(gm)}] is not backgammon (GM[6])`,
      );
    }
    const mi = readMatchInfo(root);
    if (g === 0) {
      players = [
        normalizeName(first(root, 'PW') ?? '') || 'White',
        normalizeName(first(root, 'PB') ?? '') || 'Black',
      ];
      matchLength = intOf(mi.get('length'), 0);
      date = first(root, 'DT') ?? null;
      event = first(root, 'EV') ?? null;
      round = first(root, 'RO') ?? null;
      place = first(root, 'PC') ?? null;
      const ap = first(root, 'AP');
      program = ap ? ap.replace(':', ' ') : null;
    }
    const rules = (first(root, 'RU') ?? '').split(':');
    if (g === 0) {
      crawfordRule = rules.includes('Crawford');
      jacoby = rules.includes('Jacoby');
      cubeUse = !rules.includes('NoCube');
    }
    const crawfordGame = rules.includes('CrawfordGame');
    const score: [number, number] = [intOf(mi.get('ws'), 0), intOf(mi.get('bs'), 0)];
    const st: GameState = { board: initialBoard(), cubeValue: 1, cubeOwner: -1, pending: null };
    const cv = first(root, 'CV');
    if (cv !== undefined) st.cubeValue = cubeValueOf(cv, { file, line: root.line, column: root.column });
    const decisions: Decision[] = [];
    let winner: 0 | 1 | null = null;
    let points = 0;
    let resigned = false;
    const re = first(root, 'RE');
    if (re) {
      const m = /^([WB])\+(\d+)(R?)/.exec(re);
      if (m && Number(m[2]) > 3 * MAX_CUBE) {
        warnings.push({
          line: root.line,
          message: `result RE[${shown(re)}] is not a possible score; ignored`,
        });
      } else if (m) {
        winner = m[1] === 'W' ? 0 : 1;
        points = Number(m[2]);
        resigned = m[3] === 'R';
      }
    }

    // Decisions are built as whole object literals with one shape (no spreads): V8 turns objects made by
    // spreading into slow dictionaries, which cost more than the rest of the reading.
    const cube = (
      player: Side,
      node: SgfNode,
      action: CubeDecision['action'],
      analysis: CubeAnalysis | null,
      marks: MarkKind = 'move',
      beaver?: boolean,
      afterBeaver?: boolean,
    ): CubeDecision => ({
      player,
      gameIndex: g,
      index: decisions.length,
      matchLength,
      score,
      crawfordGame,
      cubeValue: st.cubeValue,
      cubeOwner: st.cubeOwner,
      source: loc(node),
      annotation: readAnnotation(node, player, marks),
      kind: 'cube',
      action,
      analysis,
      beaver,
      afterBeaver,
    });

    const cubeAnalysis = (node: SgfNode, doubler: Side): CubeAnalysis | null => {
      const da = first(node, 'DA');
      if (da === undefined) return null;
      const v = parseCubeValues(da);
      if (!v) {
        warnings.push({ line: node.line, message: `unreadable cube analysis DA[${shown(da)}]` });
        return null;
      }
      if (v.depth && cubeDepth === null) cubeDepth = v.depth;
      if (matchLength > 0) {
        const ci = {
          score0: score[0],
          score1: score[1],
          matchLength,
          player: doubler,
          cubeValue: st.cubeValue,
          crawfordGame,
        };
        const nd = mwc2eq(met, ci, v.nd);
        const dt = mwc2eq(met, ci, v.dt);
        if (!Number.isFinite(nd) || !Number.isFinite(dt)) {
          // a dead cube (both outcomes give the same MWC) happens only at a score outside the match
          warnings.push({
            line: node.line,
            message: `cube analysis DA[] cannot be converted to equity at ${score[0]}-${score[1]} of a ${matchLength}-point match; ignored`,
          });
          return null;
        }
        return { nd, dt, dp: 1 };
      }
      return { nd: v.nd, dt: v.dt, dp: 1 };
    };

    /** Doubles the cube (a take or a beaver at `node`); a cube above MAX_CUBE is an error. */
    const doubleCube = (node: SgfNode): void => {
      if (st.cubeValue * 2 > MAX_CUBE) {
        throw new CorruptFileError(
          { file, line: node.line, column: node.column },
          `the cube would go to ${st.cubeValue * 2}, above ${MAX_CUBE} (the largest cube)`,
        );
      }
      st.cubeValue *= 2;
    };

    for (let k = 1; k < tree.nodes.length; k++) {
      const node = tree.nodes[k]!;
      const wv = node.props.get('W');
      const bv = node.props.get('B');
      const setupDone = applySetup(node, st, file);
      if (!wv && !bv) {
        if (!setupDone && node.props.size > 0 && !node.props.has('PL') && !node.props.has('C')) {
          // unknown node kinds are skipped
        }
        continue;
      }
      if (wv && bv) warnings.push({ line: node.line, message: 'a node with both W[] and B[]: B[] ignored' });
      const side: Side = wv ? 0 : 1;
      const value = (wv ?? bv)![0] ?? '';
      if (value === 'double') {
        if (st.pending) {
          // A beaver (or raccoon): the responder takes and redoubles at once, keeping the cube. Counted as a
          // take with the original double's analysis; the doubler's answer to it has no analysis of its own.
          const beaverer = side;
          decisions.push(
            cube(beaverer, node, 'take', st.pending.beavers === 0 ? st.pending.analysis : null, 'move', true),
          );
          doubleCube(node);
          st.cubeOwner = st.pending.doubler === 0 ? 1 : 0;
          st.pending.beavers++;
          continue;
        }
        const analysis = cubeAnalysis(node, side);
        decisions.push(cube(side, node, 'double', analysis));
        st.pending = { doubler: side, analysis, beavers: 0 };
        continue;
      }
      if (value === 'take' || value === 'drop') {
        const doubler: Side = st.pending?.doubler ?? (side === 0 ? 1 : 0);
        const afterBeaver = (st.pending?.beavers ?? 0) > 0;
        const analysis = st.pending?.analysis ?? cubeAnalysis(node, doubler);
        decisions.push(
          cube(
            side,
            node,
            value === 'take' ? 'take' : 'pass',
            analysis,
            'move',
            undefined,
            afterBeaver || undefined,
          ),
        );
        if (value === 'take') {
          doubleCube(node);
          st.cubeOwner = doubler === 0 ? 1 : 0;
        }
        st.pending = null;
        continue;
      }
      if (value === 'resign' || value === 'beaver' || value === 'raccoon') {
        warnings.push({ line: node.line, message: `move value "${value}" is not analysed by bdb; skipped` });
        continue;
      }
      // dice + move
      const d1 = value.charCodeAt(0) - 0x30;
      const d2 = value.charCodeAt(1) - 0x30;
      if (!(d1 >= 1 && d1 <= 6 && d2 >= 1 && d2 <= 6)) {
        throw new CorruptFileError(
          { file, line: node.line, column: node.column },
          `bad move value "${shown(value)}" (expected two dice 1-6 and point letters)`,
        );
      }
      const hops = parseHops(value.slice(2), side);
      if (!hops) {
        throw new CorruptFileError(
          { file, line: node.line, column: node.column },
          `bad point letters in move "${shown(value)}"`,
        );
      }
      if (node.props.has('DA')) {
        const analysis = cubeAnalysis(node, side);
        decisions.push(cube(side, node, 'no-double', analysis, 'pre-roll cube'));
      }
      let after: Board;
      try {
        after = applyPlay(st.board, side, hops);
      } catch (e) {
        throw new CorruptFileError(
          { file, line: node.line, column: node.column },
          `move ${JSON.stringify(value)} cannot be played: ${(e as Error).message}`,
          { cause: e },
        );
      }
      const playedKey = boardKey(after);
      // Full legal-move generation is costly; it runs when the quick test cannot vouch for the play, and
      // when the forced-play rule needs the number of legal plays (see below).
      let legal: ReturnType<typeof legalPlays> | null = null;
      if (!isSurelyLegal(st.board, side, hops, d1, d2)) {
        legal = legalPlays(st.board, side, d1, d2);
        if (!legal.some((l) => l.key === playedKey) && !(legal.length === 0 && hops.length === 0)) {
          warnings.push({ line: node.line, message: `move ${value} is not a legal play of ${d1}${d2}` });
        }
      }
      const candidates: Candidate[] = [];
      let playedIndex: number | null = null;
      const a = node.props.get('A');
      if (a && a.length > 1) {
        const letters = value.slice(2);
        for (let c = 1; c < a.length; c++) {
          const parsed = parseCandidate(a[c]!, side);
          if (!parsed) {
            warnings.push({ line: node.line, message: `unreadable candidate A[${shown(a[c]!)}]` });
            continue;
          }
          if (parsed.depth && checkerDepth === null) checkerDepth = parsed.depth;
          // gnuBG writes the played move and its candidate with the same letters
          if (playedIndex === null && parsed.letters === letters) playedIndex = candidates.length;
          candidates.push(
            parsed.depth
              ? { play: parsed.hops, equity: parsed.equity, depth: parsed.depth }
              : { play: parsed.hops, equity: parsed.equity },
          );
        }
        // otherwise compare resulting positions, as gnuBG does (another hop order, chained hops)
        for (let c = 0; playedIndex === null && c < candidates.length; c++) {
          try {
            if (boardKey(applyPlay(st.board, side, candidates[c]!.play)) === playedKey) playedIndex = c;
          } catch {
            warnings.push({
              line: node.line,
              message: `candidate ${c + 1} cannot be played on this position`,
            });
          }
        }
      }
      const lu = first(node, 'LU');
      let luck: number | null = null;
      if (lu !== undefined) {
        const x = Number(lu);
        luck = Number.isFinite(x) ? x : null;
      }
      decisions.push({
        player: side,
        gameIndex: g,
        index: decisions.length,
        matchLength,
        score,
        crawfordGame,
        cubeValue: st.cubeValue,
        cubeOwner: st.cubeOwner,
        source: loc(node),
        annotation: readAnnotation(node, side, 'move'),
        kind: 'checker',
        dice: [d1, d2],
        played: hops as Play,
        legalCount: needsLegalCount(candidates) ? (legal ?? legalPlays(st.board, side, d1, d2)).length : null,
        candidates,
        playedIndex,
        luck,
        board: st.board,
      } satisfies CheckerDecision);
      st.board = after;
    }
    if (st.pending && winner === null) {
      // a double that was never answered: nothing to add
    }
    games.push({ index: g, score, crawfordGame, winner, points, resigned, decisions });
  }
  const analyser: AnalyserInfo | null =
    program || checkerDepth || cubeDepth ? { program: program ?? 'unknown', checkerDepth, cubeDepth } : null;
  return {
    match: {
      file,
      format: 'sgf',
      players,
      matchLength,
      date,
      event,
      round,
      place,
      rules: { crawford: crawfordRule, jacoby, cube: cubeUse },
      analyser,
      games,
    },
    warnings,
  };
}

/** The value of a `CV[]` (1 when unreadable); a cube above MAX_CUBE is an error. */
function cubeValueOf(v: string, where: ErrorLocation): number {
  const cube = Math.max(1, intOf(v, 1));
  if (cube > MAX_CUBE)
    throw new CorruptFileError(where, `bad cube value CV[${shown(v)}] (above ${MAX_CUBE})`);
  return cube;
}

/** Applies board-setup properties (AE/AW/AB, CV, CP); returns true if the node had any. Throws
 *  CorruptFileError when the position they give is impossible. */
function applySetup(node: SgfNode, st: GameState, file: string): boolean {
  let any = false;
  const where = { file, line: node.line, column: node.column };
  const cv = node.props.get('CV')?.[0];
  if (cv !== undefined) {
    st.cubeValue = cubeValueOf(cv, where);
    any = true;
  }
  const cp = node.props.get('CP')?.[0];
  if (cp !== undefined) {
    st.cubeOwner = cp === 'w' ? 0 : cp === 'b' ? 1 : -1;
    any = true;
  }
  if (node.props.has('AE') || node.props.has('AW') || node.props.has('AB')) {
    const b: [number[], number[]] = [st.board[0].slice(), st.board[1].slice()];
    const clear = node.props.get('AE') ?? [];
    for (const v of clear) {
      // `a:y` range or single letters: clear those points for both sides
      const [from, to] = v.includes(':') ? v.split(':') : [v, v];
      // only a..y mean something: clamp, so that a range like [\0:\uffff] costs 25 steps, not 65 536
      const lo = Math.max((from ?? 'a').charCodeAt(0), A);
      const hi = Math.min((to ?? 'y').charCodeAt(0), Y);
      for (let c = lo; c <= hi; c++) {
        const p0 = letterToPoint(c, 0);
        const p1 = letterToPoint(c, 1);
        if (p0 >= 1 && p0 <= 24) b[0][p0 - 1] = 0;
        if (p1 >= 1 && p1 <= 24) b[1][p1 - 1] = 0;
        if (c === Y) {
          b[0][24] = 0;
          b[1][24] = 0;
        }
      }
    }
    for (const [id, side] of [
      ['AW', 0],
      ['AB', 1],
    ] as const) {
      for (const v of node.props.get(id) ?? []) {
        const p = letterToPoint(v.charCodeAt(0), side);
        if (p >= 1 && p <= 25) b[side][p === 25 ? 24 : p - 1]! += 1;
        else throw new CorruptFileError(where, `bad setup point ${id}[${shown(v)}]`);
      }
    }
    st.board = [b[0], b[1]];
    try {
      validateBoard(st.board);
    } catch (e) {
      throw new CorruptFileError(where, `impossible position after AE/AW/AB: ${(e as Error).message}`);
    }
    any = true;
  }
  return any;
}
