/**
 * What `bdb find` searches for, normalised: the filters as typed on the command line, read and checked once
 * (bad input is a usage error naming the option, the token and why), in the form a saved search stores as
 * JSON (`searches.filters`) and src/library/find.ts compiles to SQL. Everything is seen from the decision
 * maker ("me"): the pattern's points in my own numbering, my pips, my away score, the cube as mine or the
 * opponent's.
 *
 * The pattern, `--pattern "me:6,8,13 opp:bar"`: tokens `SIDE:ITEM,ITEM…`, SIDE `me` or `opp`, an ITEM a
 * point 1–24 (numbered from my side: my 24-point is where my back checkers start; the opponent's anchor on
 * my 5-point is `opp:5`), `bar` (checkers on the bar) or `off` (checkers borne off), alone (at least one
 * checker), `+N` (at least N) or `=N` (exactly N; `=0` empty).
 */
import { UsageError } from '../errors.js';

/** Whose checkers a condition counts: the decision maker's or the opponent's. */
export type PatternSide = 'me' | 'opp';

/** A condition on one point of the position, the bar or the checkers borne off: at least / exactly N. */
export interface PointCondition {
  readonly side: PatternSide;
  /** 1–24 in the decision maker's numbering, `bar` or `off`. */
  readonly point: number | 'bar' | 'off';
  /** `atLeast`: N or more checkers; `exactly`: N checkers (0: none). */
  readonly op: 'atLeast' | 'exactly';
  readonly count: number;
}

/** A closed range of whole numbers; a missing end is open. */
export interface WholeRange {
  readonly min?: number;
  readonly max?: number;
}

/** The kinds of decision, as the library's `decisions.kind` names them. */
export const FIND_KINDS = ['checker', 'double', 'take'] as const;
export type FindKind = (typeof FIND_KINDS)[number];

/** The error classes: the bands of bdb's error and blunder thresholds (`--thresholds`, default XG's 20/80). */
export const ERROR_CLASSES = ['doubtful', 'error', 'blunder'] as const;
export type ErrorClass = (typeof ERROR_CLASSES)[number];

/** Who owns the cube, from the decision maker's side. */
export const CUBE_OWNERS = ['me', 'opp', 'centre'] as const;
export type CubeOwnerFilter = (typeof CUBE_OWNERS)[number];

/** An error class with the thresholds it was read under (mpt, inclusive). */
export interface ClassFilter {
  readonly name: ErrorClass;
  /** The thresholds' preset (`--thresholds`: xg, gnubg, blunderdb). */
  readonly preset: string;
  readonly errorMpt: number;
  readonly blunderMpt: number;
}

/**
 * One search's filters, normalised; every key optional, all of them ANDed. Stored as JSON by a saved
 * search (docs/library.md `searches`): add keys, never rename one.
 */
export interface FindFilters {
  readonly pattern?: readonly PointCondition[];
  /** The XGID's position field, 26 characters, `?` = any character. */
  readonly xgid?: string;
  readonly pipsMe?: WholeRange;
  readonly pipsOpp?: WholeRange;
  /** No contact left (a race). */
  readonly race?: boolean;
  readonly plan?: string;
  readonly phase?: string;
  readonly theme?: string;
  /** Away scores: mine, then the opponent's. */
  readonly score?: readonly [number, number];
  readonly crawford?: boolean;
  readonly postCrawford?: boolean;
  readonly cube?: number;
  readonly cubeOwner?: CubeOwnerFilter;
  /** The roll, high die first (`31`), or `doubles`. */
  readonly dice?: string;
  readonly kind?: FindKind;
  /** Smallest error, equity (inclusive). */
  readonly minError?: number;
  readonly errorClass?: ClassFilter;
  /** The players named (`--player`), resolved against the library's names each time the search runs. */
  readonly players?: readonly string[];
  readonly event?: string;
  readonly since?: string;
  readonly until?: string;
  /** Match length (0 = money). */
  readonly length?: number;
  /** Every decision, not only the counted ones with an error. */
  readonly allDecisions?: boolean;
}

/** The number of checkers a side has. */
const CHECKERS = 15;

/** A pattern token refused: which token, and why. */
function badToken(token: string, why: string): UsageError {
  return new UsageError(`--pattern: ${JSON.stringify(token)}: ${why}`);
}

/** Reads one ITEM of a pattern token (`6`, `6+2`, `6=1`, `bar`, `off=0`). */
function patternItem(side: PatternSide, item: string, token: string): PointCondition {
  const m = /^(\d+|bar|off)(?:([+=])(\d+))?$/i.exec(item);
  if (!m)
    throw badToken(
      token,
      `${JSON.stringify(item)} is not a point: write 1–24, bar or off, then +N (at least N) or =N (exactly N)`,
    );
  const where = m[1]!.toLowerCase();
  const point = where === 'bar' || where === 'off' ? where : Number(where);
  if (typeof point === 'number' && !(point >= 1 && point <= 24))
    throw badToken(token, `point ${where} is not 1–24 (or bar, off)`);
  const op = m[2] === '=' ? 'exactly' : 'atLeast';
  const count = m[3] === undefined ? 1 : Number(m[3]);
  if (count > CHECKERS) throw badToken(token, `${item}: a side has ${CHECKERS} checkers`);
  if (op === 'atLeast' && count === 0)
    throw badToken(token, `${item}: at least 0 checkers holds everywhere; write =0 for an empty point`);
  return { side, point, op, count };
}

/**
 * Reads `--pattern`: whitespace-separated tokens `me:…` or `opp:…`, each a comma-separated list of items.
 *
 * @example parsePattern('me:6,8+2 opp:bar') // => [{me 6 ≥1}, {me 8 ≥2}, {opp bar ≥1}]
 */
export function parsePattern(text: string): PointCondition[] {
  const tokens = text
    .trim()
    .split(/\s+/)
    .filter((t) => t !== '');
  if (tokens.length === 0) throw new UsageError('--pattern is empty: give e.g. "me:6,8,13 opp:bar"');
  const out: PointCondition[] = [];
  for (const token of tokens) {
    const colon = token.indexOf(':');
    if (colon < 0) throw badToken(token, 'expected me:POINTS or opp:POINTS (e.g. me:6,8 opp:bar)');
    const side = token.slice(0, colon).toLowerCase();
    if (side !== 'me' && side !== 'opp')
      throw badToken(token, `the side is me or opp, not ${side || 'nothing'}`);
    const items = token.slice(colon + 1).split(',');
    if (items.some((i) => i === '')) throw badToken(token, 'an empty point (two commas, or nothing after :)');
    for (const item of items) out.push(patternItem(side, item, token));
  }
  return out;
}

/** The pattern as `--pattern` takes it, one token per side: `me:6,8+2,bar=0 opp:5`. */
export function patternText(conditions: readonly PointCondition[]): string {
  const item = (c: PointCondition): string =>
    `${c.point}${c.op === 'exactly' ? `=${c.count}` : c.count === 1 ? '' : `+${c.count}`}`;
  return (['me', 'opp'] as const)
    .map((side) => {
      const mine = conditions.filter((c) => c.side === side);
      return mine.length === 0 ? '' : `${side}:${mine.map(item).join(',')}`;
    })
    .filter((t) => t !== '')
    .join(' ');
}

/** The characters of an XGID position field: '-', A–P, a–p; `?` matches any. */
const XGID_POSITION = /^[-A-Pa-p?]{26}$/;

/**
 * Reads `--xgid`: an XGID with or without `XGID=`, or its position field alone; the position may hold `?`
 * wildcards. Only the position is compared (the other fields, if any, are not: --dice, --cube and --score
 * say those).
 */
export function parseXgidPattern(text: string): string {
  let body = text.trim();
  if (body.startsWith('XGID=')) body = body.slice(5);
  const position = body.split(':')[0] ?? '';
  if (position.length !== 26)
    throw new UsageError(
      `--xgid: the position field has ${position.length} characters, expected 26 (e.g. XGID=-b----E-C---eE---c-e----B-:…)`,
    );
  if (!XGID_POSITION.test(position)) {
    const k = [...position].findIndex((c) => !/[-A-Pa-p?]/.test(c));
    throw new UsageError(
      `--xgid: position character ${k} ${JSON.stringify(position[k])} is not '-', A–P, a–p or ? (any)`,
    );
  }
  return position;
}

/** Reads a whole number of `flag` within [lo, hi]. */
function whole(flag: string, value: string, lo: number, hi: number): number {
  const n = /^\d+$/.test(value) ? Number(value) : Number.NaN;
  if (!(n >= lo && n <= hi))
    throw new UsageError(`${flag} expects a whole number from ${lo} to ${hi}, got ${JSON.stringify(value)}`);
  return n;
}

/** Reads a range `N`, `N-M`, `N-` or `-M` of `flag`. */
export function parseRange(flag: string, value: string): WholeRange {
  const m = /^(\d*)-(\d*)$/.exec(value.trim());
  if (!m) {
    const n = whole(flag, value.trim(), 0, 999);
    return { min: n, max: n };
  }
  if (m[1] === '' && m[2] === '')
    throw new UsageError(`${flag} expects N, N-M, N- or -M, got ${JSON.stringify(value)}`);
  const min = m[1] === '' ? undefined : whole(flag, m[1]!, 0, 999);
  const max = m[2] === '' ? undefined : whole(flag, m[2]!, 0, 999);
  if (min !== undefined && max !== undefined && min > max)
    throw new UsageError(`${flag}: ${min} is more than ${max}`);
  return { ...(min === undefined ? {} : { min }), ...(max === undefined ? {} : { max }) };
}

/** A range as `--pips-me` takes it. */
export function rangeText(r: WholeRange): string {
  if (r.min !== undefined && r.min === r.max) return String(r.min);
  return `${r.min ?? ''}-${r.max ?? ''}`;
}

/** Reads `--score A-B`: the away scores, mine first. */
export function parseScore(value: string): [number, number] {
  const m = /^(\d+)-(\d+)$/.exec(value.trim());
  const a = m ? Number(m[1]) : 0;
  const b = m ? Number(m[2]) : 0;
  if (!m || a < 1 || b < 1 || a > 999 || b > 999)
    throw new UsageError(
      `--score expects the away scores A-B, mine first (e.g. 2-4: I need 2 points, my opponent 4), got ${JSON.stringify(value)}`,
    );
  return [a, b];
}

/** Reads `--cube N`: a cube value, a power of two. */
export function parseCube(value: string): number {
  const n = /^\d+$/.test(value) ? Number(value) : Number.NaN;
  if (!(n >= 1 && n <= 4096 && Number.isInteger(Math.log2(n))))
    throw new UsageError(`--cube expects a cube value 1, 2, 4, 8 … 4096, got ${JSON.stringify(value)}`);
  return n;
}

/** Reads `--dice`: two dice 1–6 in either order (stored high first), or `doubles`. */
export function parseDice(value: string): string {
  const v = value.trim().toLowerCase();
  if (v === 'doubles') return v;
  if (!/^[1-6][1-6]$/.test(v))
    throw new UsageError(
      `--dice expects a roll such as 31 (either order) or doubles, got ${JSON.stringify(value)}`,
    );
  return v[0]! >= v[1]! ? v : `${v[1]}${v[0]}`;
}

/** Reads `--min-error E` (equity, e.g. 0.05 for 50 mpt). */
export function parseMinError(value: string): number {
  const n = /^\d*\.?\d+$/.test(value.trim()) ? Number(value) : Number.NaN;
  if (!(n >= 0 && n <= 10))
    throw new UsageError(
      `--min-error expects an equity from 0 to 10 (e.g. 0.08 for 80 mpt), got ${JSON.stringify(value)}`,
    );
  return n;
}

/** Reads a value that must be one of `known` (any case); else a usage error listing them. */
export function oneOf<T extends string>(flag: string, value: string, known: readonly T[]): T {
  const v = value.trim().toLowerCase();
  const hit = known.find((k) => k.toLowerCase() === v);
  if (hit === undefined)
    throw new UsageError(`${flag} expects one of ${known.join(', ')}; got ${JSON.stringify(value)}`);
  return hit;
}

/** Quotes a value for the command line when it needs it. */
function arg(v: string): string {
  return /^[\w.:,+=/-]+$/.test(v) ? v : `'${v.replaceAll("'", "'\\''")}'`;
}

/**
 * The filters as options of `bdb find`, in a fixed order (`--kind checker --dice 31 --pattern 'me:bar'`): how
 * a saved search is listed and a search without a match is told; '' for none.
 */
export function filtersText(f: FindFilters): string {
  const parts: string[] = [];
  const add = (flag: string, v?: string): void => {
    parts.push(v === undefined ? flag : `${flag} ${arg(v)}`);
  };
  for (const p of f.players ?? []) add('--player', p);
  if (f.kind !== undefined) add('--kind', f.kind);
  if (f.dice !== undefined) add('--dice', f.dice);
  if (f.pattern !== undefined) add('--pattern', patternText(f.pattern));
  if (f.xgid !== undefined) add('--xgid', f.xgid);
  if (f.pipsMe !== undefined) add('--pips-me', rangeText(f.pipsMe));
  if (f.pipsOpp !== undefined) add('--pips-opp', rangeText(f.pipsOpp));
  if (f.race) add('--race');
  if (f.plan !== undefined) add('--plan', f.plan);
  if (f.phase !== undefined) add('--phase', f.phase);
  if (f.theme !== undefined) add('--theme', f.theme);
  if (f.score !== undefined) add('--score', `${f.score[0]}-${f.score[1]}`);
  if (f.crawford) add('--crawford');
  if (f.postCrawford) add('--post-crawford');
  if (f.cube !== undefined) add('--cube', String(f.cube));
  if (f.cubeOwner !== undefined) add('--cube-owner', f.cubeOwner);
  if (f.minError !== undefined) add('--min-error', String(f.minError));
  if (f.errorClass !== undefined) {
    add('--class', f.errorClass.name);
    if (f.errorClass.preset !== 'xg') add('--thresholds', f.errorClass.preset);
  }
  if (f.event !== undefined) add('--event', f.event);
  if (f.since !== undefined) add('--since', f.since);
  if (f.until !== undefined) add('--until', f.until);
  if (f.length !== undefined) add('--length', f.length === 0 ? 'money' : String(f.length));
  if (f.allDecisions) add('--all-decisions');
  return parts.join(' ');
}
