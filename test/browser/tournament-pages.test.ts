/**
 * The tournament's pages (`bdb tournament bracket EVENT --html`, `bdb tournament standings EVENT --html`) in
 * Debian's Chromium (playwright-core, as test/browser/tournament-html.test.ts): at a desktop's 1,280 px and
 * a phone's 390 px the page body never scrolls sideways (a bracket wider than a phone scrolls inside its
 * own box), every player of the event file is on the page, the names escaped; printed on A4 (portrait,
 * the page's 12 mm margins: 186 mm = 703 CSS pixels of printable width) every bracket and table fits the
 * width, nothing cut at its right edge. Data: examples/ko-8.json with examples/ko-8-round2.csv (a
 * knock-out of 8 with consolation and last chance), examples/swiss-8.json and mcmahon-12.json, a double
 * elimination of 16 made here (its losers' bracket has 6 rounds: the widest bracket of 16) and a single
 * elimination of 8 made here (its connector lines measured: each round-2 match joined to its two feeders).
 */
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { type Browser, chromium, type Page } from 'playwright-core';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { chromiumPath } from '../helpers/chromium.js';
import { call } from '../helpers/cli.js';

const EXAMPLES = fileURLToPath(new URL('../../examples/', import.meta.url));
const ARTIFACTS = fileURLToPath(new URL('../../test-artifacts/', import.meta.url));

/** A4's printable width with the page's 12 mm margins, in CSS pixels (96 per inch). */
const A4_PRINTABLE_PX = Math.floor(((210 - 2 * 12) / 25.4) * 96);

/** Runs bdb (the built bundle, in the test's process) and expects exit 0. */
async function run(...args: string[]): Promise<void> {
  const r = await call(...args);
  expect(r.code, r.stderr).toBe(0);
}

/** The names of an event file's players, read from the file. */
function playersOf(file: string): string[] {
  return (JSON.parse(readFileSync(file, 'utf8')) as { players: { name: string }[] }).players.map(
    (p) => p.name,
  );
}

const dir = mkdtempSync(join(tmpdir(), 'bdb-tournament-pages-'));
const ko8 = join(dir, 'ko-8.html');
const double16 = join(dir, 'double-16.html');
const swiss = join(dir, 'swiss-8.html');
const mcmahon = join(dir, 'mcmahon-12.html');
const doubleEvent = join(dir, 'double-16.json');
const single8 = join(dir, 'single-8.html');
const singleEvent = join(dir, 'single-8.json');
// eight players, one name long enough to wrap on a phone (its match box taller than the others)
const EIGHT = ['Ann', 'Bo', 'Cid', 'Dan', 'Eve', 'Maximilian-Alexander von Hohenzollern', 'Gus', 'Hal'];
// sixteen players, one name with HTML's special characters, one long enough to wrap
const SIXTEEN = [
  '<b>Ann & "Bo"</b>',
  'Maximilian-Alexander von Hohenzollern-Sigmaringen',
  ...'Cid Dan Eve Fay Gus Hal Ida Jon Kim Lea Max Ned Ola Pia'.split(' '),
];
let browser: Browser;
beforeAll(async () => {
  await run(
    'tournament',
    'bracket',
    `${EXAMPLES}ko-8.json`,
    '--results',
    `${EXAMPLES}ko-8-round2.csv`,
    '--html',
    ko8,
  );
  await run(
    'tournament',
    'new',
    doubleEvent,
    '--format',
    'double',
    '--seeding',
    'draw',
    '--players',
    ...SIXTEEN,
  );
  await run('tournament', 'bracket', doubleEvent, '--html', double16);
  await run(
    'tournament',
    'new',
    singleEvent,
    '--format',
    'single',
    '--seeding',
    'draw',
    '--players',
    ...EIGHT,
  );
  await run('tournament', 'bracket', singleEvent, '--html', single8);
  await run('tournament', 'standings', `${EXAMPLES}swiss-8.json`, '--html', swiss);
  await run('tournament', 'standings', `${EXAMPLES}mcmahon-12.json`, '--html', mcmahon);
  browser = await chromium.launch({ executablePath: chromiumPath(), args: ['--no-sandbox'] });
  mkdirSync(ARTIFACTS, { recursive: true });
}, 120_000);
afterAll(async () => {
  await browser?.close();
  rmSync(dir, { recursive: true, force: true });
});

/** The page's text as shown, the body's scrolling width, and each box's (bracket, table) own widths. */
async function measure(page: Page): Promise<{
  text: string;
  body: number;
  boxes: { scroll: number; client: number }[];
}> {
  return {
    text: await page.evaluate<string>('document.body.innerText'),
    body: await page.evaluate<number>('document.documentElement.scrollWidth'),
    boxes: await page.evaluate<{ scroll: number; client: number }[]>(
      `[...document.querySelectorAll('.bracket, .table-wrap')].map((b) => ({ scroll: b.scrollWidth, client: b.clientWidth }))`,
    ),
  };
}

async function open(file: string, width: number, print = false): Promise<Page> {
  const page = await browser.newPage({ viewport: { width, height: 900 } });
  if (print) await page.emulateMedia({ media: 'print' });
  await page.goto(pathToFileURL(file).href);
  return page;
}

/**
 * The page at `width`: the body no wider than the screen, every name shown, the brackets' headings; its
 * measures for the caller's own checks. A screenshot is kept in test-artifacts/.
 */
async function onScreen(
  file: string,
  width: number,
  names: readonly string[],
  headings: readonly string[],
  shot: string,
): Promise<Page> {
  const page = await open(file, width);
  const m = await measure(page);
  expect(m.body).toBeLessThanOrEqual(width);
  for (const n of names) expect(m.text).toContain(n);
  expect(await page.locator('h2').allInnerTexts()).toEqual(headings);
  await page.screenshot({ path: join(ARTIFACTS, `${shot}-${width}.png`), fullPage: true });
  return page;
}

test('the bracket at 1,280 and 390 px: every player and bracket shown, the body never scrolls sideways', async () => {
  const names = playersOf(`${EXAMPLES}ko-8.json`);
  for (const width of [1280, 390]) {
    // examples/ko-8.json's brackets: the main draw, its consolation (main round 1's losers) and last chance
    const headings = ['Main draw', 'Consolation', 'Last chance'];
    const page = await onScreen(ko8, width, names, headings, 'tournament-bracket');
    // 8 players: 4 + 2 + 1 main matches, 2 + 1 consolation, 1 last chance
    expect(await page.locator('.match').count()).toBe(4 + 2 + 1 + 2 + 1 + 1);
    // at 1,280 px the 3 rounds of 8 players fit the page without scrolling in their box
    const { boxes } = await measure(page);
    if (width === 1280) for (const b of boxes) expect(b.scroll).toBeLessThanOrEqual(b.client);
    await page.close();
  }
}, 120_000);

test('a double elimination of 16: names escaped, the losers bracket scrolls in its box on a phone, never the body', async () => {
  const html = readFileSync(double16, 'utf8');
  expect(html).toContain('&lt;b&gt;Ann &amp; &quot;Bo&quot;&lt;/b&gt;');
  expect(html).not.toContain('<b>Ann');
  for (const width of [1280, 390]) {
    const headings = ['Main draw', "Losers' bracket", 'Grand final'];
    const page = await onScreen(double16, width, SIXTEEN, headings, 'tournament-bracket-double');
    // on the phone the losers' bracket (16 players: 6 rounds) is wider than the screen: it scrolls in its box
    const { boxes } = await measure(page);
    if (width === 390) expect(boxes.some((b) => b.scroll > b.client)).toBe(true);
    await page.close();
  }
}, 120_000);

/** A box's place on the page: its top, bottom, left and right edges and its vertical centre (CSS pixels). */
interface Box {
  top: number;
  bottom: number;
  left: number;
  right: number;
  mid: number;
}

/** The boxes of `selector` inside the `n`th bracket of the page (0 first), top to bottom, left to right. */
async function boxes(page: Page, n: number, selector: string): Promise<Box[]> {
  return page.evaluate<Box[]>(
    `[...document.querySelectorAll('.bracket')[${n}].querySelectorAll(${JSON.stringify(selector)})]
      .map((e) => e.getBoundingClientRect())
      .map((r) => ({ top: r.top, bottom: r.bottom, left: r.left, right: r.right, mid: (r.top + r.bottom) / 2 }))
      .sort((a, b) => a.left - b.left || a.top - b.top)`,
  );
}

/** The match boxes grouped by round: the columns of equal left edge, left to right, each top to bottom. */
function byColumn(matches: readonly Box[]): Box[][] {
  const columns: Box[][] = [];
  for (const m of matches) {
    const last = columns.at(-1);
    if (last !== undefined && Math.abs(last[0]!.left - m.left) < 1) last.push(m);
    else columns.push([m]);
  }
  return columns;
}

test('the connector lines of a single elimination of 8: each round-2 match forked from its two feeders', async () => {
  for (const width of [1280, 390]) {
    const page = await onScreen(single8, width, EIGHT, ['Main draw'], 'tournament-bracket-single');
    // 8 players: rounds of 4, 2 and 1 matches
    const rounds = byColumn(await boxes(page, 0, '.match'));
    expect(rounds.map((r) => r.length)).toEqual([4, 2, 1]);
    const [first, second] = rounds as [Box[], Box[]];
    // the forks into round 2, top to bottom (src/tournament/bracket.ts: round 2's match i takes the
    // winners of round 1's matches 2i and 2i + 1)
    const forks = (await boxes(page, 0, '.join')).filter((j) => j.left < second[0]!.left);
    expect(forks).toHaveLength(2);
    forks.forEach((j, i) => {
      // the vertical bar from the first feeder's centre to the second's, in the gap between the rounds
      expect(Math.abs(j.top - first[2 * i]!.mid), `${width} px, fork ${i} top`).toBeLessThanOrEqual(2);
      expect(Math.abs(j.bottom - first[2 * i + 1]!.mid), `${width} px, fork ${i} bottom`).toBeLessThanOrEqual(
        2,
      );
      expect(j.left).toBeGreaterThanOrEqual(first[2 * i]!.right - 1);
      expect(j.right).toBeLessThanOrEqual(second[i]!.left + 1);
      // the round-2 match sits at the bar's middle, where the line into it leaves the bar
      expect(Math.abs(second[i]!.mid - j.mid), `${width} px, match ${i}`).toBeLessThanOrEqual(2);
    });
    await page.close();
  }
}, 120_000);

test('the losers bracket of 16: a feed-in round has a straight line from its one feeder, no fork', async () => {
  for (const width of [1280, 390]) {
    const page = await open(double16, width);
    // src/tournament/bracket.ts's feed-in bracket of 16: round 1 halves the 8 losers of main round 1 (4
    // matches); round 2 crosses its 4 winners with main round 2's 4 losers; round 3 halves (2); round 4
    // crosses with main round 3's 2 losers; round 5 halves (1); round 6 crosses with main round 4's loser
    const rounds = byColumn(await boxes(page, 1, '.match'));
    expect(rounds.map((r) => r.length)).toEqual([4, 4, 2, 2, 1, 1]);
    // a fork into each halving round's match (3, 5), a straight line into each crossing round's (2, 4, 6)
    expect(await boxes(page, 1, '.join')).toHaveLength(2 + 1);
    const stubs = await boxes(page, 1, '.into.stub');
    expect(stubs).toHaveLength(4 + 2 + 1);
    for (const s of stubs) {
      // the match left of the line and the one right of it: both centred on it
      const ends = rounds
        .flat()
        .filter((m) => Math.abs(m.right - s.left) <= 1 || Math.abs(m.left - s.right) <= 1)
        .filter((m) => m.top < s.mid && m.bottom > s.mid);
      expect(ends, `${width} px`).toHaveLength(2);
      for (const m of ends) expect(Math.abs(m.mid - s.mid), `${width} px`).toBeLessThanOrEqual(2);
    }
    await page.close();
  }
}, 120_000);

test('printed on A4: every bracket and table fits the printable width', async () => {
  for (const file of [ko8, double16, single8, swiss, mcmahon]) {
    const page = await open(file, A4_PRINTABLE_PX, true);
    const m = await measure(page);
    expect(m.body, file).toBeLessThanOrEqual(A4_PRINTABLE_PX);
    for (const b of m.boxes) expect(b.scroll, file).toBeLessThanOrEqual(b.client);
    // every match box and table cell inside the printable width
    const right = await page.evaluate<number>(
      `Math.max(...[...document.querySelectorAll('.match, td, th, h1, p')].map((e) => e.getBoundingClientRect().right))`,
    );
    expect(right, file).toBeLessThanOrEqual(A4_PRINTABLE_PX);
    await page.close();
  }
  // Chromium's own A4 print of the widest page: a PDF
  const page = await open(double16, 1280);
  const pdf = await page.pdf({ format: 'A4' });
  expect(pdf.subarray(0, 5).toString('latin1')).toBe('%PDF-');
  writeFileSync(join(ARTIFACTS, 'tournament-bracket-double-a4.pdf'), pdf);
  await page.close();
}, 120_000);

test('the standings at 1,280 and 390 px: a row per player, the event tiebreaks as columns', async () => {
  for (const [event, file] of [
    [`${EXAMPLES}swiss-8.json`, swiss],
    [`${EXAMPLES}mcmahon-12.json`, mcmahon],
  ] as const) {
    const names = playersOf(event);
    const tiebreaks = (JSON.parse(readFileSync(event, 'utf8')) as { tiebreaks?: string[] }).tiebreaks ?? [];
    const mc =
      (JSON.parse(readFileSync(event, 'utf8')) as { system: { type: string } }).system.type === 'mcmahon';
    for (const width of [1280, 390]) {
      // the standings page has no bracket headings
      const page = await onScreen(file, width, names, [], `tournament-standings-${mc ? 'mcmahon' : 'swiss'}`);
      expect(await page.locator('tbody tr').count()).toBe(names.length);
      // #, player, (McMahon's start), points, then one column per tiebreak of the file
      expect(await page.locator('thead th').count()).toBe(3 + (mc ? 1 : 0) + tiebreaks.length);
      // the table fits a phone's column too
      const { boxes } = await measure(page);
      for (const b of boxes) expect(b.scroll, `${file} at ${width}`).toBeLessThanOrEqual(b.client);
      await page.close();
    }
  }
}, 120_000);
