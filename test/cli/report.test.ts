/**
 * `bdb report … --html OUT` on test/reference-matches/xg/test.xg (XG 2.19, Kévin Unger vs Maxence Job): the
 * page's figures are those of `bdb stats --json`, `bdb biases --json`, `bdb plan --json` and `bdb review
 * --json` on the same file (the page carries each figure's unrounded value in `data-figure` / `data-value`),
 * and the PR is the one XG shows (expected/test.xg.json: 7.79 and 13.87). The same on the library, with
 * progress over time.
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, test } from 'vitest';
import { call } from '../helpers/cli.js';
import { REF_DIR } from '../helpers/fixtures.js';

const XG = `${REF_DIR}xg/test.xg`;
const tmp = mkdtempSync(join(tmpdir(), 'bdb-report-'));
afterAll(() => rmSync(tmp, { recursive: true, force: true }));

interface StatsPlayer {
  player: string;
  matches: number;
  pr: number | null;
  prChecker: number | null;
  prCube: number | null;
  prInterval: { low: number | null; high: number | null };
  l7MwcPct: number | null;
  l7MwcPctInterval: { low: number | null; high: number | null };
  elo: number | null;
  level: string | null;
  decisions: { total: number; checker: number; double: number; take: number };
  errorEmg: { total: number; checker: number; double: number; take: number };
  lossMwcPct: { total: number; checker: number; double: number; take: number };
}

/** The sections of the page, by player: the section's HTML. */
function sections(html: string): Map<string, string> {
  const out = new Map<string, string>();
  for (const m of html.matchAll(
    /<section class="person" id="person-\d+" data-player="([^"]*)">([\s\S]*?)<\/section>/g,
  ))
    out.set(m[1]!.replace(/&#39;/g, "'").replace(/&amp;/g, '&'), m[2]!);
  return out;
}

/** The figures of a section: data-figure → [value, text shown]. */
function figures(section: string): Map<string, { value: number | string | null; text: string }> {
  const out = new Map<string, { value: number | string | null; text: string }>();
  for (const m of section.matchAll(/data-figure="(\w+)" data-value="([^"]*)">([^<]*)</g)) {
    const raw = m[2]!;
    const value = raw === 'null' ? null : Number.isNaN(Number(raw)) ? raw : Number(raw);
    out.set(m[1]!, { value, text: m[3]! });
  }
  return out;
}

/** The engine Elo of an L₇ (fraction), by spec/metrics.md §3: D = 2000/√7 · log10(q / (1 − q)), q = ½ − L₇. */
function specElo(l7: number): number {
  const q = Math.max(0.01, 0.5 - Math.max(l7, 0));
  return (2000 / Math.sqrt(7)) * Math.log10(q / (1 - q));
}

/** Every figure of a section against the person's `bdb stats --json` entry. */
function expectStats(section: string, s: StatsPlayer): void {
  const f = figures(section);
  const v = (k: string): number | string | null => {
    expect(f.has(k), k).toBe(true);
    return f.get(k)!.value;
  };
  expect(v('pr')).toBe(s.pr);
  expect(v('prLow')).toBe(s.prInterval.low);
  expect(v('prHigh')).toBe(s.prInterval.high);
  expect(v('level')).toBe(s.level);
  expect(v('l7Pct')).toBe(s.l7MwcPct);
  expect(v('l7Low')).toBe(s.l7MwcPctInterval.low);
  expect(v('l7High')).toBe(s.l7MwcPctInterval.high);
  expect(v('elo')).toBe(s.elo);
  expect(v('eloLow') as number).toBeCloseTo(specElo(s.l7MwcPctInterval.high! / 100), 9);
  expect(v('eloHigh') as number).toBeCloseTo(specElo(s.l7MwcPctInterval.low! / 100), 9);
  expect(v('matches')).toBe(s.matches);
  expect(v('decisions')).toBe(s.decisions.total);
  expect(v('decisionsChecker')).toBe(s.decisions.checker);
  expect(v('decisionsCube')).toBe(s.decisions.double + s.decisions.take);
  expect(v('prChecker')).toBe(s.prChecker);
  expect(v('prCube')).toBe(s.prCube);
  expect(v('equityChecker')).toBe(s.errorEmg.checker);
  expect(v('equityCube')).toBe(s.errorEmg.double + s.errorEmg.take);
  expect(v('equityTotal')).toBe(s.errorEmg.total);
  expect(v('mwcChecker')).toBe(s.lossMwcPct.checker);
  expect(v('mwcCube')).toBe(s.lossMwcPct.double + s.lossMwcPct.take);
  expect(v('mwcTotal')).toBe(s.lossMwcPct.total);
  // PR by plan and by phase: the groups share out the PR's decisions and errors
  for (const key of ['plan', 'phase']) {
    const groups = [
      ...section.matchAll(
        new RegExp(`data-${key}="[^"]*" data-decisions="(\\d+)" data-error="([^"]+)"`, 'g'),
      ),
    ];
    expect(groups.length, key).toBeGreaterThan(0);
    expect(groups.reduce((n, m) => n + Number(m[1]), 0)).toBe(s.decisions.total);
    expect(groups.reduce((e, m) => e + Number(m[2]), 0)).toBeCloseTo(s.errorEmg.total, 9);
  }
}

/** The XGIDs of the boards of a part of a section (each board's <title> starts with its XGID). */
function boardXgids(part: string): string[] {
  return [...part.matchAll(/<title>(XGID=[^\n<]+)/g)].map((m) => m[1]!);
}

/** The part of a section between two headings' texts. */
function part(section: string, from: string, to: string): string {
  const a = section.indexOf(from);
  const b = section.indexOf(to, a);
  expect(a, from).toBeGreaterThanOrEqual(0);
  return section.slice(a, b < 0 ? undefined : b);
}

describe('bdb report on test.xg', async () => {
  const out = join(tmp, 'report.html');
  const r = await call('report', XG, '--html', out);
  const html = r.code === 0 ? readFileSync(out, 'utf8') : '';
  const stats = JSON.parse((await call('stats', XG, '--json')).stdout) as { players: StatsPlayer[] };

  test('one standalone page, a section per player, most matches first', () => {
    expect(r.code, r.stderr).toBe(0);
    expect(r.stderr).toContain(`wrote ${out} (2 players, 1 match)`);
    expect(html.startsWith('<!DOCTYPE html>')).toBe(true);
    expect(html).not.toMatch(/<script|<link|src=|@import|url\(/);
    expect([...sections(html).keys()]).toEqual(['Kévin Unger', 'Maxence Job']);
  });

  test('PR, L7, Elo, level, the checker/cube split and PR by plan and phase are bdb stats’ figures', () => {
    const s = sections(html);
    for (const p of stats.players) expectStats(s.get(p.player)!, p);
    // eXtreme Gammon's own display of this match (expected/test.xg.json, block xg): PR 7.79 and 13.87, and
    // the decisions, equity and MWC lost it shows, as the page rounds them
    for (const [name, xg] of [
      [
        'Kévin Unger',
        { pr: '7.79', n: '162', checker: '145', eq: '2.523', eqChecker: '2.147', mwc: '30.03 %' },
      ],
      [
        'Maxence Job',
        { pr: '13.87', n: '140', checker: '124', eq: '3.884', eqChecker: '3.599', mwc: '51.20 %' },
      ],
    ] as const) {
      const f = figures(s.get(name)!);
      expect(f.get('pr')!.text).toBe(xg.pr);
      expect(f.get('decisions')!.text).toBe(xg.n);
      expect(f.get('decisionsChecker')!.text).toBe(xg.checker);
      expect(f.get('equityTotal')!.text).toBe(xg.eq);
      expect(f.get('equityChecker')!.text).toBe(xg.eqChecker);
      expect(f.get('mwcTotal')!.text).toBe(xg.mwc);
    }
  });

  test('the biases chart: B and its interval per row, as bdb biases computes them', async () => {
    const biases = JSON.parse((await call('biases', XG, '--json')).stdout) as {
      players: {
        player: string;
        takePass: { bias: number; low: number; high: number };
        doubles: { bias: number; low: number; high: number };
        blots: { bias: number; low: number; high: number };
        blotsExposure: { bias: number; low: number; high: number };
      }[];
    };
    const s = sections(html);
    for (const p of biases.players) {
      const sec = s.get(p.player)!;
      for (const [label, e] of [
        ['Take/pass', p.takePass],
        ['Doubles', p.doubles],
        ['Blots', p.blots],
        ['Blots, exposure', p.blotsExposure],
      ] as const) {
        const m = new RegExp(
          `data-bias="${label}" data-b="([^"]+)" data-low="([^"]+)" data-high="([^"]+)"`,
        ).exec(sec);
        expect(m, label).not.toBeNull();
        expect([Number(m![1]), Number(m![2]), Number(m![3])]).toEqual([e.bias, e.low, e.high]);
      }
    }
  });

  test('the study plan draws bdb plan’s reference positions; the worst decisions are the review’s', async () => {
    const plan = JSON.parse((await call('plan', XG, '--json', '--positions', '6')).stdout) as {
      players: { player: string; referencePositions: { selected: { xgid: string }[] } }[];
    };
    const review = JSON.parse((await call('review', XG, '--json')).stdout) as {
      review: { reviews: { player: string; toReview: { xgid: string }[] }[] };
    };
    const s = sections(html);
    for (const p of plan.players) {
      const sec = s.get(p.player)!;
      expect(boardXgids(part(sec, '<h3>Study plan', '<h3>Worst decisions'))).toEqual(
        p.referencePositions.selected.map((x) => x.xgid),
      );
    }
    for (const p of review.review.reviews) {
      const worst = boardXgids(part(s.get(p.player)!, '<h3>Worst decisions', '<h3>Progress'));
      // one match: its decisions to review come first, in the review's order
      expect(worst.length).toBeGreaterThanOrEqual(p.toReview.length);
      expect(worst.slice(0, p.toReview.length)).toEqual(p.toReview.map((d) => d.xgid));
    }
  });

  test('reference positions name both players on the board; families, plans and phases in plain words', () => {
    const s = sections(html);
    const pairs: [string, string][] = [
      ['Kévin Unger', 'Maxence Job'],
      ['Maxence Job', 'Kévin Unger'],
    ];
    for (const [me, other] of pairs) {
      const plan = part(s.get(me)!, '<h3>Study plan', '<h3>Worst decisions');
      const boards = [...plan.matchAll(/<svg [^>]*class="board"[\s\S]*?<\/svg>/g)].map((m) => m[0]);
      expect(boards.length).toBeGreaterThan(0);
      for (const b of boards) {
        expect(b).toContain(`>${me}</text>`);
        expect(b).toContain(`>${other}</text>`);
        expect(b).not.toContain('>opponent</text>');
      }
      // each family and reference position in words (docs/glossary.md, docs/themes.md), its token beside
      const names = [
        ...plan.matchAll(/<strong>\d+\. ([^<]*)<\/strong> <code class="token">([^<]*)<\/code>/g),
      ];
      expect(names.length).toBeGreaterThan(0);
      for (const [, words, token] of names) {
        expect(token).toMatch(/^[a-z]+\/(checker|cube)\/[a-z_-]+/);
        expect(words).toMatch(/ · (checker play|cube): [a-z]/);
        expect(words).not.toContain('/');
      }
      // PR by game plan: 'Contact game', not 'contact'
      const byPlan = part(s.get(me)!, '<h3>PR by game plan', '<h3>PR by game phase');
      expect(byPlan).not.toMatch(/<td>(contact|holding|mutualholding|primevprime|bearin|acepoint)<\/td>/);
      expect(byPlan).toMatch(
        /<td>(Contact game|Holding game|Mutual holding game|Race|Blitz|Back game)<\/td>/,
      );
    }
  });

  test('--player: that person only; an unknown name is refused with the closest one', async () => {
    const one = join(tmp, 'one.html');
    const r1 = await call('report', XG, '--player', 'Maxence Job', '--html', one);
    expect(r1.code).toBe(0);
    const page = readFileSync(one, 'utf8');
    expect([...sections(page).keys()]).toEqual(['Maxence Job']);
    // the title names the person, the event and the day the file gives (XG 2.19's match header of test.xg:
    // HSBT Paris 2023, 2023-11-26), not the file
    expect(page).toContain('<title>Maxence Job · HSBT Paris 2023 · 2023-11-26 — player report</title>');
    const bad = await call('report', XG, '--player', 'Kevin Ungerr', '--html', join(tmp, 'bad.html'));
    expect(bad.code).toBe(1);
    expect(bad.stderr).toBe("bdb: no player 'Kevin Ungerr' — did you mean 'Kévin Unger'?\n");
  });

  test('a money session: no MWC, no L7, no Elo (n/a, never 0 or NaN); a transcript: no figure at all', async () => {
    const money = join(tmp, 'money.html');
    expect((await call('report', `${REF_DIR}gnubg/g0011.sgf`, '--html', money)).code).toBe(0);
    const page = readFileSync(money, 'utf8');
    expect(page).not.toContain('NaN');
    for (const sec of sections(page).values()) {
      const f = figures(sec);
      for (const k of ['l7Pct', 'elo', 'eloLow', 'eloHigh', 'mwcTotal', 'mwcChecker', 'mwcCube'])
        expect(f.get(k), k).toEqual({ value: null, text: 'n/a' });
      expect(typeof f.get('pr')!.value).toBe('number');
    }
    const mat = join(tmp, 'mat.html');
    expect((await call('report', `${REF_DIR}mat/gbf_test.mat`, '--html', mat)).code).toBe(0);
    const transcript = readFileSync(mat, 'utf8');
    expect(transcript).not.toContain('data-figure');
    expect(
      transcript.match(/no analysed decision \(transcripts without analysis\): no figure/g),
    ).toHaveLength(2);
  });

  test('usage errors: no --html, a bad --positions', async () => {
    const r1 = await call('report', XG);
    expect(r1.code).toBe(2);
    expect(r1.stderr).toBe('bdb: bdb report writes a page: give --html OUT.html (see bdb report --help)\n');
    const r2 = await call('report', XG, '--html', join(tmp, 'x.html'), '--positions', '0');
    expect(r2.code).toBe(2);
  });
});

describe('bdb report on files: title and progress', () => {
  test('the title names the players, the event and the day, not the path', async () => {
    const out = join(tmp, 'title.html');
    expect((await call('report', XG, '--html', out)).code).toBe(0);
    const html = readFileSync(out, 'utf8');
    // test.xg's header as XG 2.19 shows it: Kévin Unger vs Maxence Job, HSBT Paris 2023, 2023-11-26
    const title = 'Kévin Unger and Maxence Job · HSBT Paris 2023 · 2023-11-26 — player report';
    expect(html).toContain(`<title>${title}</title>`);
    expect(html).toContain(`<h1>${title}</h1>`);
  });

  test('progress over the files’ dates: bdb progress’s periods, a month without a match shown, not bridged', async () => {
    // Kévin UNGER's three XG matches of test/reference-matches/xg (their headers in XG 2.19: Aachen
    // Backgammon Festival 2024-08-03 and 2024-08-10, Entrainement live 2024-10-24): no match in 2024-09
    const dir = `${REF_DIR}xg`;
    const out = join(tmp, 'unger.html');
    const r = await call('report', dir, '--player', 'Kévin UNGER', '--html', out);
    expect(r.code, r.stderr).toBe(0);
    const page = readFileSync(out, 'utf8');
    expect(page).toContain('<title>Kévin UNGER · 2024-08-03 – 2024-10-24 — player report</title>');
    const progress = JSON.parse(
      (await call('progress', dir, '--player', 'Kévin UNGER', '--json')).stdout,
    ) as {
      periods: { label: string; pr: number }[];
    };
    expect(progress.periods.map((p) => p.label)).toEqual(['2024-08', '2024-10']);
    const sec = sections(page).get('Kévin UNGER')!;
    expect(sec).toContain('<h4>PR by month</h4>');
    for (const p of progress.periods) {
      expect(sec).toContain(`<td>${p.label}</td>`);
      expect(sec).toContain(`<td class="num">${p.pr.toFixed(2)}</td>`);
    }
    // the chart: a grey slot for 2024-09 saying so, and no PR line drawn from 2024-08 to 2024-10
    const chart = part(sec, '<svg class="chart', '</svg>');
    expect(chart).toMatch(/<rect class="gap"[^>]*><title>2024-09: no match<\/title><\/rect>/);
    expect(chart).toContain('>2024-09</text>');
    expect(chart).not.toContain('class="pr-line"');
    expect(chart.match(/<circle class="pt"/g)).toHaveLength(2);
  });
});

describe('bdb report --library', () => {
  test('the same figures as bdb stats --library, and progress over time', async () => {
    const lib = join(tmp, 'lib.duckdb');
    expect((await call('import', XG, '--library', lib)).code).toBe(0);
    const out = join(tmp, 'lib.html');
    const r = await call('report', '--library', lib, '--html', out);
    expect(r.code, r.stderr).toBe(0);
    const html = readFileSync(out, 'utf8');
    const stats = JSON.parse((await call('stats', '--library', lib, '--json')).stdout) as {
      players: StatsPlayer[];
    };
    const s = sections(html);
    expect([...s.keys()]).toEqual(['Kévin Unger', 'Maxence Job']);
    for (const p of stats.players) expectStats(s.get(p.player)!, p);
    // progress: bdb progress's sections (one month: 2023-11, the date of the match)
    const progress = JSON.parse(
      (await call('progress', '--library', lib, '--player', 'Kévin Unger', '--json')).stdout,
    ) as { periods: { label: string; pr: number }[] };
    const kevin = s.get('Kévin Unger')!;
    expect(kevin).toContain('<h4>PR by month</h4>');
    expect(progress.periods.map((p) => p.label)).toEqual(['2023-11']);
    expect(kevin).toContain(`<td>2023-11</td>`);
    expect(kevin).toContain(`<td class="num">${progress.periods[0]!.pr.toFixed(2)}</td>`);
  });
});
