/**
 * The JSON outputs (schemaVersion 2; docs/json.md). Every output begins with `$schema`, the path of its JSON
 * Schema in the bdb package (docs/schema/COMMAND.schema.json), and `schemaVersion`. A key carries its unit
 * in its name (docs/json.md "Key names"); the internal types (PlayerStats, GnubgFigures …) are mapped to the
 * keys here, so renaming a field inside bdb never renames a key. Other programs rely on the keys: extend
 * them, and rename one only with a new schemaVersion (CHANGELOG.md). Figures keep full precision; keys come
 * in a fixed order.
 */
import type { RegistryFigures } from '../metrics/index.js';
import type { MatchReport } from '../metrics/match-report.js';
import type {
  GnubgCubeErrorFigures,
  GnubgFigures,
  IntervalFigure,
  PlayerStats,
} from '../metrics/player-stats.js';
import type { DecisionRef } from '../review/decision-refs.js';

/** The version of every JSON output; a renamed or removed key makes a new one (CHANGELOG.md). */
export const JSON_SCHEMA_VERSION = 2;

/** The outputs with a schema: one per command, or per subcommand (docs/schema/NAME.schema.json). */
export const JSON_OUTPUTS = [
  'stats',
  'biases',
  'plan',
  'progress',
  'review',
  'study',
  'study-list',
  'alias-list',
  'tournament-standings',
  'tournament-pair',
  'tournament-bracket',
  'tournament-review',
  'tournament-log',
  'scout',
  'find',
  'find-saved',
  'drill-stats',
] as const;
export type JsonOutput = (typeof JSON_OUTPUTS)[number];

/** The two keys every output begins with. */
export interface JsonHead {
  readonly $schema: string;
  readonly schemaVersion: typeof JSON_SCHEMA_VERSION;
}

/** `$schema` and `schemaVersion` of an output: the schema's path relative to the package's root. */
export function jsonHead(output: JsonOutput): JsonHead {
  return { $schema: `docs/schema/${output}.schema.json`, schemaVersion: JSON_SCHEMA_VERSION };
}

/** A file that could not be read (the message is the line printed on stderr, without `bdb: `). */
export interface JsonFailure {
  file: string;
  message: string;
}

/** A file holding a match already read from another file: counted once, under `sameAs`. */
export interface JsonDuplicate {
  file: string;
  sameAs: string;
}

/** A gnuBG cube-error bucket (count and EMG null without any analysis). */
export interface JsonGnubgCubeErrors {
  count: number | null;
  errorEmg: number | null;
  errorMwcPct: number | null;
  errorPoints: number | null;
}

/**
 * gnuBG's own figures for one player (GnubgFigures, unit in every name). Without any analysis (a transcript)
 * every figure but the moves played and the actual result is null.
 */
export interface JsonGnubgFigures {
  totalMoves: number;
  unforcedMoves: number | null;
  checkerErrorEmg: number | null;
  checkerErrorMwcPct: number | null;
  checkerErrorPoints: number | null;
  totalCubeDecisions: number | null;
  closeCubeDecisions: number | null;
  doubles: number | null;
  takes: number | null;
  passes: number | null;
  cubeErrorEmg: number | null;
  cubeErrorMwcPct: number | null;
  cubeErrorPoints: number | null;
  cubeErrors: Record<keyof GnubgFigures['cubeErrors'], JsonGnubgCubeErrors>;
  totalErrorEmg: number | null;
  totalErrorMwcPct: number | null;
  totalErrorPoints: number | null;
  checkerErrorRateMemg: number | null;
  cubeErrorRateMemg: number | null;
  errorRateMemg: number | null;
  snowieErMemg: number | null;
  moveMarks: GnubgFigures['moveMarks'];
  rollMarks: GnubgFigures['rollMarks'];
  luckEmg: number | null;
  luckMwcPct: number | null;
  luckPoints: number | null;
  luckRateMemg: number | null;
  actualResultMwcPct: number | null;
  luckAdjustedResultMwcPct: number | null;
  actualResultPpg: number | null;
  luckAdjustedResultPpg: number | null;
  fibs: GnubgFigures['fibs'];
  ratings: GnubgFigures['ratings'];
}

/**
 * The figures of one player (PlayerStats, unit in every name), then the registry's figures of their own
 * under their ids (src/metrics/index.ts).
 */
export type JsonPlayerStats = JsonFixedStats & RegistryFigures;

interface JsonFixedStats {
  player: string;
  matches: number;
  analysedMatches: number;
  pr: number | null;
  prChecker: number | null;
  prCube: number | null;
  decisions: PlayerStats['decisions'];
  errorEmg: PlayerStats['equityError'];
  lossMwcPct: PlayerStats['mwcLossPct'];
  lossMwcPctPerMatch: number | null;
  l7MwcPct: number | null;
  prInterval: IntervalFigure;
  l7MwcPctInterval: IntervalFigure;
  level: string | null;
  /** The counts null without any analysis. */
  difficulty: {
    scoredDecisions: number | null;
    difficultyMwcPct: number | null;
    excessMwcPct: number | null;
    excessMwcPctPerMatch: number | null;
    ratio: number | null;
    errors: number | null;
    avoidableErrors: number | null;
  };
  elo: number | null;
  eloFloored: boolean;
  snowieErPr: number | null;
  gnubg: JsonGnubgFigures | null;
}

/** One match in the JSON report. */
export interface JsonMatch {
  file: string;
  format: string;
  matchLength: number;
  players: readonly [string, string];
  games: number;
  winner: string | null;
  finalScore: readonly [number, number];
  date: string | null;
  event: string | null;
  analyser: MatchReport['analyser'];
  warnings: { line?: number; offset?: number; message: string }[];
  stats: readonly [JsonPlayerStats, JsonPlayerStats];
}

/** The settings the figures depend on, as every command records them. */
export interface JsonSettings {
  thresholds: { preset: string; errorMpt: number; blunderMpt: number };
  difficultyTauEmg: number;
  /** The match equity table (null file: the bundled one). */
  met: { name: string; file: string | null };
}

/** The whole `bdb stats` report. */
export interface JsonReport extends JsonHead {
  /** Settings the figures depend on; `interval`: how the intervals were computed (null: the closed form). */
  settings: JsonSettings & {
    interval: { method: 'closed' | 'bootstrap' | 'bca'; resamples: number | null; seed: number | null };
  };
  matches: JsonMatch[];
  players: JsonPlayerStats[];
  failures: JsonFailure[];
  duplicates: JsonDuplicate[];
}

function cubeErrors(b: GnubgCubeErrorFigures): JsonGnubgCubeErrors {
  return { count: b.count, errorEmg: b.emg, errorMwcPct: b.mwcPct, errorPoints: b.points };
}

/** gnuBG's figures under their JSON keys. */
export function jsonGnubg(g: GnubgFigures): JsonGnubgFigures {
  const c = g.cubeErrors;
  return {
    totalMoves: g.totalMoves,
    unforcedMoves: g.unforcedMoves,
    checkerErrorEmg: g.checkerErrorEMG,
    checkerErrorMwcPct: g.checkerErrorMWCPct,
    checkerErrorPoints: g.checkerErrorPoints,
    totalCubeDecisions: g.totalCubeDecisions,
    closeCubeDecisions: g.closeCubeDecisions,
    doubles: g.doubles,
    takes: g.takes,
    passes: g.passes,
    cubeErrorEmg: g.cubeErrorEMG,
    cubeErrorMwcPct: g.cubeErrorMWCPct,
    cubeErrorPoints: g.cubeErrorPoints,
    cubeErrors: {
      missedDoubleBelowCP: cubeErrors(c.missedDoubleBelowCP),
      missedDoubleAboveCP: cubeErrors(c.missedDoubleAboveCP),
      wrongDoubleBelowDP: cubeErrors(c.wrongDoubleBelowDP),
      wrongDoubleAboveTG: cubeErrors(c.wrongDoubleAboveTG),
      wrongTake: cubeErrors(c.wrongTake),
      wrongPass: cubeErrors(c.wrongPass),
    },
    totalErrorEmg: g.totalErrorEMG,
    totalErrorMwcPct: g.totalErrorMWCPct,
    totalErrorPoints: g.totalErrorPoints,
    checkerErrorRateMemg: g.checkerErrorRateMEMG,
    cubeErrorRateMemg: g.cubeErrorRateMEMG,
    errorRateMemg: g.errorRateMEMG,
    snowieErMemg: g.snowieER,
    moveMarks: { ...g.moveMarks },
    rollMarks: { ...g.rollMarks },
    luckEmg: g.luckEMG,
    luckMwcPct: g.luckMWCPct,
    luckPoints: g.luckPoints,
    luckRateMemg: g.luckRateMEMG,
    actualResultMwcPct: g.actualResultPct,
    luckAdjustedResultMwcPct: g.luckAdjustedResultPct,
    actualResultPpg: g.actualResultPpg,
    luckAdjustedResultPpg: g.luckAdjustedResultPpg,
    fibs: { ...g.fibs },
    ratings: { ...g.ratings },
  };
}

/** A player's figures under their JSON keys. */
export function jsonPlayerStats(s: PlayerStats): JsonPlayerStats {
  const d = s.difficulty;
  return {
    player: s.player,
    matches: s.matches,
    analysedMatches: s.analysedMatches,
    pr: s.pr,
    prChecker: s.prChecker,
    prCube: s.prCube,
    decisions: { ...s.decisions },
    errorEmg: { ...s.equityError },
    lossMwcPct: { ...s.mwcLossPct },
    lossMwcPctPerMatch: s.mwcLossPerMatchPct,
    l7MwcPct: s.l7Pct,
    prInterval: { ...s.prInterval },
    l7MwcPctInterval: { ...s.l7Interval },
    level: s.level,
    difficulty: {
      scoredDecisions: d.decisions,
      difficultyMwcPct: d.difficultyPct,
      excessMwcPct: d.excessPct,
      excessMwcPctPerMatch: d.excessPerMatchPct,
      ratio: d.ratio,
      errors: d.errors,
      avoidableErrors: d.avoidableErrors,
    },
    elo: s.elo,
    eloFloored: s.eloFloored,
    snowieErPr: s.snowieER,
    gnubg: s.gnubg === null ? null : jsonGnubg(s.gnubg),
    ...s.figures,
  };
}

/** The JSON entry of one match. */
export function jsonMatch(r: MatchReport): JsonMatch {
  return {
    file: r.file,
    format: r.format,
    matchLength: r.matchLength,
    players: r.players,
    games: r.games,
    winner: r.winner,
    finalScore: r.finalScore,
    date: r.date,
    event: r.event,
    analyser: r.analyser,
    warnings: r.warnings.map((w) => ({ ...w })),
    stats: [jsonPlayerStats(r.stats[0]), jsonPlayerStats(r.stats[1])],
  };
}

/** Serialises any JSON output: two-space indent, a final line break. */
export function renderJson(report: unknown): string {
  return `${JSON.stringify(report, null, 2)}\n`;
}

/**
 * An array of a JSON output whose items are made one at a time as {@link writeJson} writes them, from a list
 * read in order (an array, or rows kept in a temporary file), so an output listing every decision never
 * holds all their objects at once. `JSON.stringify` sees the whole array.
 */
export class LazyJsonArray<T> implements Iterable<T> {
  readonly length: number;
  /**
   * Whether its items hold no LazyJsonArray of their own: {@link writeJson} then writes each with
   * `JSON.stringify` (the same text, about six times sooner than walking it; 100,000 decisions of
   * `bdb find --json`).
   */
  readonly plain: boolean;
  private readonly items: () => Iterator<T>;
  private constructor(length: number, items: () => Iterator<T>, plain: boolean) {
    this.length = length;
    this.items = items;
    this.plain = plain;
  }

  /**
   * The items of `list`, each mapped by `f` when it is written; `plain`: the items hold no LazyJsonArray
   * ({@link plain}).
   */
  static of<A, T>(
    list: Iterable<A> & { readonly length: number },
    f: (a: A) => T,
    plain = false,
  ): LazyJsonArray<T> {
    return new LazyJsonArray(
      list.length,
      function* () {
        for (const a of list) yield f(a);
      },
      plain,
    );
  }

  [Symbol.iterator](): Iterator<T> {
    return this.items();
  }

  toJSON(): T[] {
    return [...this];
  }
}

/** Bytes gathered before {@link writeJson} hands them on. */
const JSON_CHUNK = 1 << 16;

/**
 * Writes `value` as {@link renderJson} renders it (the same bytes: `JSON.stringify(value, null, 2)` and a line
 * break) in pieces of about 64 KB, walking it as it goes: the text is never whole in memory, and the items of
 * a {@link LazyJsonArray} are made one at a time. For outputs whose size grows with the decisions read
 * (`biases`, `plan`).
 */
export function writeJson(value: unknown, write: (chunk: string) => void): void {
  let buf = '';
  const out = (s: string): void => {
    buf += s;
    if (buf.length >= JSON_CHUNK) {
      write(buf);
      buf = '';
    }
  };
  // JSON.stringify's rules: toJSON first; undefined, functions and symbols are left out of objects and are
  // null in arrays; non-finite numbers are null
  const skipped = (v: unknown): boolean =>
    v === undefined || typeof v === 'function' || typeof v === 'symbol';
  const walk = (key: string, raw: unknown, indent: string): void => {
    const v =
      raw !== null &&
      typeof raw === 'object' &&
      !(raw instanceof LazyJsonArray) &&
      typeof (raw as { toJSON?: unknown }).toJSON === 'function'
        ? (raw as { toJSON(k: string): unknown }).toJSON(key)
        : raw;
    if (v === null || typeof v !== 'object') {
      out(skipped(v) ? 'null' : (JSON.stringify(v) as string));
      return;
    }
    const inner = `${indent}  `;
    if (v instanceof LazyJsonArray || Array.isArray(v)) {
      const plain = v instanceof LazyJsonArray && v.plain;
      let i = 0;
      for (const item of v as Iterable<unknown>) {
        out(i === 0 ? `[\n${inner}` : `,\n${inner}`);
        if (skipped(item)) out('null');
        else if (plain) out((JSON.stringify(item, null, 2) as string).replaceAll('\n', `\n${inner}`));
        else walk(String(i), item, inner);
        i++;
      }
      out(i === 0 ? '[]' : `\n${indent}]`);
      return;
    }
    let first = true;
    for (const k of Object.keys(v)) {
      const item = (v as Record<string, unknown>)[k];
      if (skipped(item)) continue;
      out(first ? `{\n${inner}${JSON.stringify(k)}: ` : `,\n${inner}${JSON.stringify(k)}: `);
      first = false;
      walk(k, item, inner);
    }
    out(first ? '{}' : `\n${indent}}`);
  };
  walk('', value, '');
  out('\n');
  if (buf.length > 0) write(buf);
}

/** `JSON.stringify(value, null, 2)` as it reads nested `depth` levels deep (two spaces a level). */
function nested(value: unknown, depth: number): string {
  return JSON.stringify(value, null, 2).replaceAll('\n', `\n${'  '.repeat(depth)}`);
}

/**
 * Writes the `bdb stats` report of {@link renderJson} piece by piece, each match as it comes, so a run over
 * thousands of matches never holds them all: the bytes are those `renderJson` would write for the whole report.
 */
export class JsonReportWriter {
  private readonly write: (s: string) => void;
  private count = 0;
  constructor(write: (s: string) => void, settings: JsonReport['settings']) {
    this.write = write;
    const head = jsonHead('stats');
    write(
      `{\n  "$schema": ${JSON.stringify(head.$schema)},\n  "schemaVersion": ${head.schemaVersion},` +
        `\n  "settings": ${nested(settings, 1)},\n  "matches": [`,
    );
  }

  /** One entry of `matches`. */
  match(m: JsonMatch): void {
    this.write(`${this.count++ === 0 ? '\n' : ',\n'}    ${nested(m, 2)}`);
  }

  /** The rest of the report; the writer is done. */
  end(rest: Pick<JsonReport, 'players' | 'failures' | 'duplicates'>): void {
    this.write(this.count === 0 ? ']' : '\n  ]');
    this.write(`,\n  "players": ${nested(rest.players, 1)}`);
    this.write(`,\n  "failures": ${nested(rest.failures, 1)}`);
    this.write(`,\n  "duplicates": ${nested(rest.duplicates, 1)}\n}\n`);
  }
}

/** Where a decision is: its file, game, roll and index, and its position (XGID, gnuBG Position ID). */
export interface JsonDecisionRef {
  file: string;
  game: number;
  move: number;
  decisionIndex: number;
  kind: 'checker' | 'cube';
  xgid: string | null;
  positionId: string | null;
}

/** A decision reference under its JSON keys. */
export function jsonDecisionRef(r: DecisionRef): JsonDecisionRef {
  return {
    file: r.file,
    game: r.game,
    move: r.move,
    decisionIndex: r.decisionIndex,
    kind: r.kind,
    xgid: r.xgid,
    positionId: r.positionId,
  };
}
