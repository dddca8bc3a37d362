/**
 * `bdb tournament review` (spec/metrics.md §11) on a real history: Llabba's 79 Backgammon Studio matches,
 * January 2023 – January 2024, analysed by gnuBG (test/history/README.md), imported into a temporary library.
 * Every match there has the event "Online match", so the tournament is made of the 14 matches of September
 * 2023 (the files whose names hold "2023_09": 14 match names, the first "Llabba - karmen48 … 2023_09_06", the
 * last "gsh07 - Llabba … 2023_09_29"), read from a copy of those files (`--matches`), or named as an event
 * after setting their event in a copy of the library.
 *
 * The expected figures are `bdb stats` on the same matches (the tournament side: the folder; the habitual
 * side: the library from T − 365 days to T − 1 day, T = 2023-09-06; no September match falls in that window,
 * so the tournament's exclusion leaves it unchanged and the equality is direct), `bdb plan` on the same
 * files for the study-plan families, and the §11 formula worked here from the sides' own figures.
 */
import { cpSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { DuckDBInstance } from '@duckdb/node-api';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { matchUnits, namedFile } from '../../src/cli/files.js';
import { readUnit } from '../../src/cli/match-input.js';
import { libraryHabitual } from '../../src/cli/tournament-library.js';
import {
  HabitualCollector,
  habitualWindow,
  type ReviewMatch,
  reviewMatch,
  tournamentDay,
  tournamentReview,
} from '../../src/history/tournament-review.js';
import { closeLibrary, openLibrary } from '../../src/library/open.js';
import { loadKazarossXG2 } from '../../src/met/index.js';
import { DEFAULT_THRESHOLDS } from '../../src/metrics/difficulty.js';
import { parseMatchFiles } from '../../src/parsers/index.js';
import { call } from '../helpers/cli.js';
import { SchemaChecker } from '../helpers/json-schema.js';
import { nonFinite } from '../helpers/non-finite.js';

const LLABBA = fileURLToPath(new URL('../history/llabba', import.meta.url));
const tmp = mkdtempSync(join(tmpdir(), 'bdb-tournament-review-'));
const lib = join(tmp, 'llabba.duckdb');
const sept = join(tmp, 'september');
const html = join(tmp, 'review.html');
// the files spell the player "Llabba" in 69 matches and "llabba" in 9: one person, told with an alias
const ALIAS = ['--alias', 'Llabba=llabba'];
// T = the earliest September match day; the habitual window is T − 365 days … T − 1 day (no 29 February between)
const T = '2023-09-06';
const SINCE = '2022-09-06';
const UNTIL = '2023-09-05';

afterAll(() => rmSync(tmp, { recursive: true, force: true }));

interface Side {
  matches: number;
  decisions: number;
  pr: number | null;
  prLow: number | null;
  prHigh: number | null;
  l7MwcPct: number | null;
  l7MwcPctLow: number | null;
  l7MwcPctHigh: number | null;
}
interface DeltaJson {
  delta: number | null;
  sd: number | null;
  low: number | null;
  high: number | null;
  verdict: string;
  reason: string | null;
}
interface Cell {
  matches: number;
  decisions: number;
  pr: number | null;
  prLow: number | null;
  prHigh: number | null;
}
interface Row {
  key: string;
  label: string;
  tournament: Cell;
  habitual: Cell | null;
  vsHabitual: DeltaJson;
}
interface Review {
  schemaVersion: number;
  event: string | null;
  source: string;
  player: string;
  date: string | null;
  lastDay: string | null;
  tournamentMatches: number;
  tournament: Side;
  habitual: {
    since: string | null;
    until: string | null;
    matches: number;
    excluded: number;
    undated: number | null;
    known: boolean;
    reason: string | null;
    figures: Side | null;
  };
  comparison: { pr: DeltaJson; l7MwcPct: DeltaJson };
  rounds: {
    label: string;
    roundName: string | null;
    day: string | null;
    opponent: string;
    file: string;
    figures: Side;
    vsHabitual: DeltaJson;
  }[];
  byRank: Row[];
  byPressure: Row[];
  clock: null;
  clockReason: string;
  studyPlan: {
    families: {
      family: string;
      members: number;
      scored: number;
      recoverableMwc: number | null;
      positions: { file: string; xgid: string | null; played: string; best: string }[];
    }[];
    otherFamilies: number;
    tentativeFamilies: number;
    errors: number;
  };
  failures: unknown[];
  duplicates: unknown[];
}
interface StatsPlayer {
  player: string;
  matches: number;
  pr: number | null;
  decisions: { total: number };
  prInterval: { low: number | null; high: number | null };
  l7MwcPct: number | null;
  l7MwcPctInterval: { low: number | null; high: number | null };
}

/** The figures of a review side as `bdb stats` names them. */
function asStats(s: Side): unknown {
  return {
    matches: s.matches,
    decisions: s.decisions,
    pr: s.pr,
    prLow: s.prLow,
    prHigh: s.prHigh,
    l7MwcPct: s.l7MwcPct,
    l7MwcPctLow: s.l7MwcPctLow,
    l7MwcPctHigh: s.l7MwcPctHigh,
  };
}
function fromStats(p: StatsPlayer): unknown {
  return {
    matches: p.matches,
    decisions: p.decisions.total,
    pr: p.pr,
    prLow: p.prInterval.low,
    prHigh: p.prInterval.high,
    l7MwcPct: p.l7MwcPct,
    l7MwcPctLow: p.l7MwcPctInterval.low,
    l7MwcPctHigh: p.l7MwcPctInterval.high,
  };
}

function json<T>(r: { code: number | null; stdout: string; stderr: string }): T {
  expect(r.code, r.stderr).toBe(0);
  return JSON.parse(r.stdout) as T;
}

/** A copy of the library (with its stored sources) changed by `sql`. */
async function libraryCopy(name: string, sql: string): Promise<string> {
  const copy = join(tmp, name);
  cpSync(lib, copy);
  cpSync(`${lib}.sources`, `${copy}.sources`, { recursive: true });
  const inst = await DuckDBInstance.create(copy);
  const con = await inst.connect();
  await con.run(sql);
  con.closeSync();
  inst.closeSync();
  return copy;
}

describe('bdb tournament review on September 2023 of Llabba’s history', () => {
  let review: Review;
  let stats: { players: StatsPlayer[]; matches: { file: string; players: string[]; stats: StatsPlayer[] }[] };
  let habitualStats: { players: StatsPlayer[] };
  beforeAll(async () => {
    const imp = await call('import', LLABBA, '--library', lib);
    expect(imp.code, imp.stderr).toBe(0);
    mkdirSync(sept);
    for (const f of readdirSync(LLABBA)) if (f.includes('2023_09')) cpSync(join(LLABBA, f), join(sept, f));
    review = json(
      await call(
        'tournament',
        'review',
        '--matches',
        sept,
        '--library',
        lib,
        ...ALIAS,
        '--json',
        '--html',
        html,
      ),
    );
    stats = json(await call('stats', sept, '--player', 'Llabba', ...ALIAS, '--json', '--no-progress'));
    habitualStats = json(
      await call(
        'stats',
        '--library',
        lib,
        '--player',
        'Llabba',
        ...ALIAS,
        '--since',
        SINCE,
        '--until',
        UNTIL,
        '--json',
      ),
    );
  }, 240_000);

  it('the tournament: 14 matches from 2023-09-06 to 2023-09-29, the player in most of them', () => {
    expect(review.schemaVersion).toBe(2);
    expect(review.source).toBe('files');
    expect(review.event).toBe('Online match');
    expect(review.player).toBe('Llabba');
    expect(review.tournamentMatches).toBe(14);
    expect(review.date).toBe(T);
    expect(review.lastDay).toBe('2023-09-29');
    expect(review.failures).toEqual([]);
    expect(review.duplicates).toEqual([]);
  });

  it('the JSON conforms to docs/schema/tournament-review.schema.json, the habitual level known', () => {
    expect(review.habitual.figures).not.toBeNull();
    expect(new SchemaChecker().errors(review, 'docs/schema/tournament-review.schema.json')).toEqual([]);
  });

  it('the tournament side is `bdb stats` on the same files', () => {
    expect(stats.players[0]!.player).toBe('Llabba');
    expect(asStats(review.tournament)).toEqual(fromStats(stats.players[0]!));
    expect(review.tournament.matches).toBe(14);
  });

  it('the habitual level is `bdb stats --library --since T−365 --until T−1`', () => {
    expect(review.habitual.since).toBe(SINCE);
    expect(review.habitual.until).toBe(UNTIL);
    expect(review.habitual.known).toBe(true);
    expect(review.habitual.excluded).toBe(0);
    expect(review.habitual.matches).toBe(habitualStats.players[0]!.matches);
    expect(review.habitual.matches).toBeGreaterThanOrEqual(5);
    expect(asStats(review.habitual.figures!)).toEqual(fromStats(habitualStats.players[0]!));
  });

  it('Δ = tournament − habitual with σ from the upper half-widths (spec §11), worked here', () => {
    const t = review.tournament;
    const h = review.habitual.figures!;
    for (const [d, vt, ht, vh, hh] of [
      [review.comparison.pr, t.pr, t.prHigh, h.pr, h.prHigh],
      [review.comparison.l7MwcPct, t.l7MwcPct, t.l7MwcPctHigh, h.l7MwcPct, h.l7MwcPctHigh],
    ] as const) {
      const delta = vt! - vh!;
      const sd = Math.sqrt(((ht! - vt!) / 1.96) ** 2 + ((hh! - vh!) / 1.96) ** 2);
      expect(d.delta).toBeCloseTo(delta, 12);
      expect(d.sd).toBeCloseTo(sd, 12);
      expect(d.low).toBeCloseTo(delta - 1.96 * sd, 12);
      expect(d.high).toBeCloseTo(delta + 1.96 * sd, 12);
      // both sides have intervals and far more than 20 decisions: a verdict
      expect(d.verdict).toBe(delta - 1.96 * sd > 0 ? 'worse' : delta + 1.96 * sd < 0 ? 'better' : 'as usual');
    }
  });

  it('each round is its match as `bdb stats` shows it, against the habitual PR', () => {
    expect(review.rounds).toHaveLength(14);
    const days = review.rounds.map((r) => r.day);
    expect(days).toEqual([...days].sort());
    for (const r of review.rounds) {
      const m = stats.matches.find((x) => x.file === r.file)!;
      const seat = m.players[0] === 'Llabba' || m.players[0] === 'llabba' ? 0 : 1;
      expect(m.players[1 - seat]).toBe(r.opponent);
      expect(asStats(r.figures)).toEqual({ ...(fromStats(m.stats[seat]!) as object), matches: 1 });
      expect(r.vsHabitual.delta).toBeCloseTo(r.figures.pr! - review.habitual.figures!.pr!, 12);
      expect(r.label).toBe(r.roundName ?? `${r.day} vs ${r.opponent}`);
    }
  });

  it('the rank and pressure cells add up to the side’s counted decisions and errors', () => {
    for (const rows of [review.byRank, review.byPressure]) {
      expect(rows).toHaveLength(4);
      const n = rows.reduce((s, r) => s + r.tournament.decisions, 0);
      expect(n).toBe(review.tournament.decisions);
      // Σe of the cells = PR × N / 500, summed, is the side's Σe
      const e = rows.reduce((s, r) => s + ((r.tournament.pr ?? 0) * r.tournament.decisions) / 500, 0);
      expect(e).toBeCloseTo((review.tournament.pr! * review.tournament.decisions) / 500, 9);
      const nh = rows.reduce((s, r) => s + r.habitual!.decisions, 0);
      expect(nh).toBe(review.habitual.figures!.decisions);
    }
    expect(review.byRank.map((r) => r.label)).toEqual(['1–30', '31–60', '61–90', '91+']);
    expect(review.byPressure.map((r) => r.key)).toEqual(['dmp', 'crawford', 'postCrawford', 'other']);
    // no September match reached DMP (12–12 at 13 points, 8–8 at 9, 6–6 at 7): an empty cell, no verdict
    expect(review.byPressure[0]!.tournament.decisions).toBe(0);
    expect(review.byPressure[0]!.vsHabitual.verdict).toBe('insufficient sample');
    // the first 30 counted decisions of each of the 14 matches: every match has at least 30
    expect(review.byRank[0]!.tournament.decisions).toBe(14 * 30);
  });

  it('the clock breakdown is n/a with its reason', () => {
    expect(review.clock).toBeNull();
    expect(review.clockReason).toBe('n/a — no supported format stores move times');
  });

  it('the study plan: the first 3 families of `bdb plan` over the same files, the others counted', async () => {
    const plan = json<{
      players: { player: string; errors: number; families: { family: string }[]; tentative: unknown[] }[];
    }>(await call('plan', sept, '--player', 'Llabba', ...ALIAS, '--json'));
    const p = plan.players[0]!;
    expect(review.studyPlan.families.map((f) => f.family)).toEqual(
      p.families.slice(0, 3).map((f) => f.family),
    );
    expect(review.studyPlan.otherFamilies).toBe(Math.max(0, p.families.length - 3));
    expect(review.studyPlan.tentativeFamilies).toBe(p.tentative.length);
    expect(review.studyPlan.errors).toBe(p.errors);
  });

  it('the HTML page is standalone, with the chart of the cells', () => {
    const page = readFileSync(html, 'utf8');
    expect(page.startsWith('<!DOCTYPE html>')).toBe(true);
    expect(page).toContain('<svg');
    expect(page).not.toMatch(/NaN|undefined|Infinity/);
    expect(page).not.toMatch(/<script|<link/);
  });

  it('the tables say the same in words', async () => {
    const r = await call('tournament', 'review', '--matches', sept, '--library', lib, ...ALIAS);
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout).toContain("Tournament review of 'Online match' (files) — Llabba");
    expect(r.stdout).toContain(
      `Habitual level: ${review.habitual.matches} matches of 1–64 points, ${SINCE} – ${UNTIL}`,
    );
    expect(r.stdout).toContain('Clock: n/a — no supported format stores move times');
    expect(r.stdout).toMatch(new RegExp(`│ PR +│ ${review.tournament.pr!.toFixed(2)} `));
  });

  it('the library route with an event name gives the same tournament as the files', async () => {
    const ev = await libraryCopy(
      'event.duckdb',
      "UPDATE matches SET event = 'Autumn Open' WHERE day BETWEEN '2023-09-01' AND '2023-09-30'",
    );
    const r = json<Review>(
      await call('tournament', 'review', ' autumn open ', '--library', ev, ...ALIAS, '--json'),
    );
    expect(r.source).toBe('library');
    expect(r.event).toBe('Autumn Open');
    expect(r.player).toBe('Llabba');
    expect(r.tournamentMatches).toBe(14);
    expect(r.date).toBe(T);
    expect(asStats(r.tournament)).toEqual(asStats(review.tournament));
    expect(r.habitual).toEqual(review.habitual);
    expect(r.comparison).toEqual(review.comparison);
    expect(r.byRank).toEqual(review.byRank);
    expect(r.byPressure).toEqual(review.byPressure);
    const strip = (x: Review['rounds'][number]): unknown => ({ ...x, file: undefined });
    expect(r.rounds.map(strip)).toEqual(review.rounds.map(strip));
    // the library reads its stored decision rows, the files are parsed: the same plan, position by position
    const unfile = (p: Review['studyPlan']): unknown => ({
      ...p,
      families: p.families.map((f) => ({
        ...f,
        positions: f.positions.map((x) => ({ ...x, file: undefined })),
      })),
    });
    expect(unfile(r.studyPlan)).toEqual(unfile(review.studyPlan));

    // an unknown event: one line naming the closest, exit 1
    const bad = await call('tournament', 'review', 'autum opn', '--library', ev, ...ALIAS);
    expect(bad.code).toBe(1);
    expect(bad.stdout).toBe('');
    expect(bad.stderr).toBe("bdb: no event 'autum opn' — did you mean 'Autumn Open'?\n");
  }, 120_000);

  it('an unknown event or player: one line, exit 1', async () => {
    const ev = await call('tournament', 'review', 'Online matc', '--library', lib);
    expect(ev.code).toBe(1);
    expect(ev.stdout).toBe('');
    expect(ev.stderr).toBe("bdb: no event 'Online matc' — did you mean 'Online match'?\n");
    const p = await call(
      'tournament',
      'review',
      '--matches',
      sept,
      '--library',
      lib,
      ...ALIAS,
      '--player',
      'Labba',
    );
    expect(p.code).toBe(1);
    expect(p.stdout).toBe('');
    expect(p.stderr).toBe("bdb: no player 'Labba' — did you mean 'Llabba'?\n");
  }, 60_000);

  it('a tournament match stored in the library under another date is left out of the habitual level', async () => {
    // the library's copy of the first September match moved into the habitual window: same match (same
    // fingerprint), so it is not habitual play, and the habitual figures stay those of the window without it
    const moved = await libraryCopy(
      'moved.duckdb',
      "UPDATE matches SET date = '2023-08-15', day = '2023-08-15' WHERE file LIKE '%karmen48%2023_09_06%'",
    );
    const r = json<Review>(
      await call('tournament', 'review', '--matches', sept, '--library', moved, ...ALIAS, '--json'),
    );
    expect(r.habitual.excluded).toBe(1);
    expect(r.habitual.figures).toEqual(review.habitual.figures);
    expect(r.byRank).toEqual(review.byRank);
  }, 120_000);

  it('the habitual cells stored at import equal those made from the files of the window, bit for bit', async () => {
    // the files route: every match of the history parsed and reduced by reviewMatch, in file order
    const met = loadKazarossXG2();
    const window = habitualWindow(T);
    const aliases = new Map([['llabba', 'Llabba']]);
    const fromFiles = new HabitualCollector({ person: 'Llabba', aliases, window, exclude: new Set() });
    for (const unit of matchUnits(
      readdirSync(LLABBA)
        .sort()
        .map((f) => namedFile(join(LLABBA, f))),
    ))
      fromFiles.add(
        reviewMatch(met, parseMatchFiles(readUnit(unit.files), met, unit.format).match, DEFAULT_THRESHOLDS),
      );
    // the library route: the stored tallies and cells alone
    const fromLibrary = new HabitualCollector({ person: 'Llabba', aliases, window, exclude: new Set() });
    const l = await openLibrary(lib, { readOnly: true });
    try {
      await libraryHabitual(l, window, 'xg', fromLibrary, 'Llabba', aliases);
    } finally {
      closeLibrary(l);
    }
    expect(fromLibrary.units().rank.flat().length).toBeGreaterThan(0);
    expect(fromLibrary.units()).toEqual(fromFiles.units());
    expect(fromLibrary.stats()).toEqual(fromFiles.stats());
  }, 120_000);

  it('an undated match of the player in the library is in no window, and said so', async () => {
    // the library's copy of an August 2023 match (habitual window) without its date: it leaves the window
    const undated = await libraryCopy(
      'undated.duckdb',
      "UPDATE matches SET date = NULL, day = NULL WHERE file LIKE '%2023_08_09%'",
    );
    const r = json<Review>(
      await call('tournament', 'review', '--matches', sept, '--library', undated, ...ALIAS, '--json'),
    );
    expect(review.habitual.undated).toBe(0);
    expect(r.habitual.undated).toBe(1);
    expect(r.habitual.matches).toBe(review.habitual.matches - 1);
    const table = (await call('tournament', 'review', '--matches', sept, '--library', undated, ...ALIAS))
      .stdout;
    expect(table).toContain('1 undated match of the player in no window');
  }, 120_000);

  it('without a library the habitual level is unknown, the tournament still reviewed', async () => {
    const before = process.env.BDB_LIBRARY;
    process.env.BDB_LIBRARY = join(tmp, 'none.duckdb');
    try {
      const r = json<Review>(await call('tournament', 'review', '--matches', sept, ...ALIAS, '--json'));
      expect(r.habitual.known).toBe(false);
      expect(r.habitual.figures).toBeNull();
      expect(r.habitual.reason).toMatch(/^habitual level unknown: no library/);
      expect(asStats(r.tournament)).toEqual(asStats(review.tournament));
      expect(r.comparison.pr.verdict).toBe('insufficient sample');
      expect(r.comparison.pr.delta).toBeNull();
      expect(existsSync(join(tmp, 'none.duckdb'))).toBe(false);
    } finally {
      if (before === undefined) delete process.env.BDB_LIBRARY;
      else process.env.BDB_LIBRARY = before;
    }
  });
});

describe('the review in process: every figure finite or null', () => {
  it('September against June – August, and against too few matches', () => {
    const met = loadKazarossXG2();
    const read = (part: string): ReviewMatch[] =>
      matchUnits(
        readdirSync(LLABBA)
          .filter((f) => f.includes(part))
          .sort()
          .map((f) => namedFile(join(LLABBA, f))),
      ).map((unit) =>
        reviewMatch(met, parseMatchFiles(readUnit(unit.files), met, unit.format).match, DEFAULT_THRESHOLDS),
      );
    const aliases = new Map([['llabba', 'Llabba']]);
    const tournament = read('2023_09');
    const date = tournamentDay(tournament)!;
    expect(date).toBe(T);
    const summer = new HabitualCollector({
      person: 'Llabba',
      aliases,
      window: habitualWindow(date),
      exclude: new Set(),
    });
    for (const part of ['2023_06', '2023_07', '2023_08']) for (const m of read(part)) summer.add(m);
    const full = tournamentReview({
      event: null,
      source: 'files',
      person: 'Llabba',
      aliases,
      tournament,
      habitual: summer,
    });
    expect(full.habitual.known).toBe(true);
    expect(nonFinite(full)).toEqual([]);
    const few = new HabitualCollector({
      person: 'Llabba',
      aliases,
      window: habitualWindow(date),
      exclude: new Set(),
    });
    for (const m of read('2023_08').slice(0, 2)) few.add(m);
    const unknown = tournamentReview({
      event: null,
      source: 'files',
      person: 'Llabba',
      aliases,
      tournament,
      habitual: few,
    });
    expect(unknown.habitual.known).toBe(false);
    expect(unknown.habitual.reason).toBe(
      'habitual level unknown: 2 matches in the 365 days before the tournament, 5 needed',
    );
    expect(
      unknown.byRank.every((r) => r.habitual === null && r.delta.verdict === 'insufficient sample'),
    ).toBe(true);
    expect(nonFinite(unknown)).toEqual([]);
  }, 60_000);
});
