/**
 * `npm run parity`: the gnuBG parity score over every analysed match of ../shared/reference-matches
 * (gnubg-generated/ and gnubg-real/), not only the subset copied into the repository. Prints, per field,
 * how many players match gnuBG's printed figure digit for digit and how many lie within the SGF storage
 * bound; fails if any lies outside.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { expect, test } from 'vitest';
import { defaultMet, reportMatch } from '../../src/metrics/match-report.js';
import { parseBytes } from '../../src/parsers/index.js';
import { buildReview } from '../../src/review/review.js';
import { compareGnubg, type FieldComparison } from '../helpers/compare-gnubg.js';
import { shared } from '../helpers/fixtures.js';
import { parseGnubgStatsTxt } from '../helpers/gnubg-stats-txt.js';
import { checkLegality } from '../helpers/legality.js';
import { storageBounds } from '../helpers/storage-bound.js';

/** `npm run parity` needs ../shared beside the clone (it fails, never skips, when it is absent). */
const REFERENCE = shared('reference-matches');
const SHARED = REFERENCE.dir;

/** One compared figure of one player of a shared SGF. */
interface SharedRow {
  readonly name: string;
  readonly seat: 0 | 1;
  readonly r: FieldComparison;
}

/**
 * Every figure of every shared SGF compared with a printout of gnuBG's statistics (`statsFile` gives its
 * path for the SGF's path); `onMatch` is called once per match.
 */
function* sharedComparisons(statsFile: (sgf: string) => string, onMatch: () => void): Generator<SharedRow> {
  const met = defaultMet();
  for (const dir of ['gnubg-generated', 'gnubg-real']) {
    for (const f of readdirSync(`${SHARED}${dir}`)
      .filter((x) => x.endsWith('.sgf'))
      .sort()) {
      const path = `${SHARED}${dir}/${f}`;
      const { match } = parseBytes(new Uint8Array(readFileSync(path)), { file: path, met });
      const report = reportMatch(match, met);
      const printed = parseGnubgStatsTxt(readFileSync(statsFile(path), 'utf8'));
      const bounds = storageBounds(met, match);
      onMatch();
      for (const seat of [0, 1] as const) {
        const rows = compareGnubg(
          report.stats[seat].gnubg!,
          printed[seat],
          bounds[seat],
          bounds[1 - seat]!,
          match.matchLength,
        );
        for (const r of rows) yield { name: `${dir}/${f}`, seat, r };
      }
    }
  }
}

test('gnuBG parity over all reference matches', () => {
  expect(
    REFERENCE.present,
    `npm run parity reads the shared reference set beside the clone: ${SHARED} is absent`,
  ).toBe(true);
  const perField = new Map<string, { exact: number; within: number; total: number; worst: number }>();
  const outside: string[] = [];
  let matches = 0;
  const rows = sharedComparisons(
    (path) => path.replace(/\.sgf$/, '.stats.txt'),
    () => matches++,
  );
  for (const { name, seat, r } of rows) {
    const s = perField.get(r.field) ?? { exact: 0, within: 0, total: 0, worst: 0 };
    s.total++;
    if (r.exact) s.exact++;
    if (r.withinBound) s.within++;
    else outside.push(`${name} seat ${seat} ${r.field}: bdb ${r.ours} gnuBG ${r.gnubg}`);
    s.worst = Math.max(s.worst, Math.abs((r.ours ?? 0) - r.gnubg));
    perField.set(r.field, s);
  }
  const lines = [...perField].map(
    ([k, s]) =>
      `${k.padEnd(24)} exact ${String(s.exact).padStart(3)}/${s.total}  within bound ${s.within}/${s.total}  worst |Δ| ${s.worst.toPrecision(3)}`,
  );
  const all = [...perField.values()].reduce(
    (a, s) => ({ e: a.e + s.exact, w: a.w + s.within, t: a.t + s.total }),
    {
      e: 0,
      w: 0,
      t: 0,
    },
  );
  console.info(
    `gnuBG parity over ${matches} matches (${matches * 2} players):\n${lines.join('\n')}\nall fields: exact ${all.e}/${all.t}, within bound ${all.w}/${all.t}`,
  );
  expect(outside).toEqual([]);
  // every match read, and every field gnuBG prints for every player compared (the second units and the
  // FIBS lines depend on match or money play and on what gnuBG prints as n/a)
  expect(matches).toBe(68);
  for (const [field, s] of perField)
    if (!field.startsWith('fibs.') && !/(MWCPct|Points|Pct|Ppg)$/.test(field))
      expect(s.total, field).toBe(2 * matches);
  expect(perField.size).toBe(51);
});

// gnuBG 1.07.001 loading each shared SGF and printing `show statistics match` (made here, one gnuBG process
// per file: test/reference-matches/gnubg-reload/README.md): it reads the same stored values bdb reads, so
// every count must be equal, class by class, and every other figure within the storage bound (all but a few
// are digit for digit: the rest differ in the last printed digit, float32 sums, or in the FIBS luck-based
// difference, which amplifies them)
test('gnuBG reading the same SGFs: every count equal', () => {
  const RELOAD = new URL('../reference-matches/gnubg-reload/', import.meta.url).pathname;
  let matches = 0;
  let compared = 0;
  let exact = 0;
  const diffs: string[] = [];
  const inexact: string[] = [];
  const rows = sharedComparisons(
    (path) => `${RELOAD}${path.slice(path.lastIndexOf('/') + 1).replace(/\.sgf$/, '.stats.txt')}`,
    () => matches++,
  );
  for (const { name, seat, r } of rows) {
    compared++;
    const line = `${name} seat ${seat} ${r.field}: bdb ${r.ours} gnuBG ${r.gnubg}`;
    if (r.exact) exact++;
    else inexact.push(line);
    if (!r.withinBound || (r.bound === 0 && !r.exact)) diffs.push(line);
  }
  console.info(
    `gnuBG reading the same SGFs: ${matches} matches, ${compared} figures, ${exact} digit for digit\n${inexact.join('\n')}`,
  );
  expect(matches).toBe(68);
  expect(diffs).toEqual([]);
});

test('every played move and candidate of all shared SGFs is legal', () => {
  const met = defaultMet();
  const report = { played: 0, candidates: 0, illegal: [] as string[] };
  let files = 0;
  for (const dir of ['gnubg-generated', 'gnubg-real', 'sgf']) {
    for (const f of readdirSync(`${SHARED}${dir}`).filter((x) => x.endsWith('.sgf'))) {
      const path = `${SHARED}${dir}/${f}`;
      checkLegality(parseBytes(new Uint8Array(readFileSync(path)), { file: path, met }).match, report);
      files++;
    }
  }
  console.info(
    `legal moves: ${files} files, ${report.played} played moves and ${report.candidates} candidates checked`,
  );
  expect(report.illegal).toEqual([]);
});

test("the review's luck-adjusted result A equals gnuBG's printed Luck adjusted result", () => {
  const met = defaultMet();
  let compared = 0;
  let exact = 0;
  const outside: string[] = [];
  for (const dir of ['gnubg-generated', 'gnubg-real']) {
    for (const f of readdirSync(`${SHARED}${dir}`).filter((x) => x.endsWith('.sgf'))) {
      const path = `${SHARED}${dir}/${f}`;
      const { match } = parseBytes(new Uint8Array(readFileSync(path)), { file: path, met });
      if (match.matchLength === 0) continue;
      const printed = parseGnubgStatsTxt(readFileSync(path.replace(/\.sgf$/, '.stats.txt'), 'utf8'));
      const review = buildReview(match, met);
      const bounds = storageBounds(met, match);
      for (const seat of [0, 1] as const) {
        const p = printed[seat].luckAdjusted;
        const a = review.reviews[seat].luck.adjustedPct;
        if (!p || a === null) continue;
        compared++;
        if (a.toFixed(p.decimals) === p.value.toFixed(p.decimals)) exact++;
        const tol = 0.5 * 10 ** -p.decimals + bounds[0].luckSecond + bounds[1].luckSecond + 1e-9;
        if (Math.abs(a - p.value) > tol) outside.push(`${dir}/${f} seat ${seat}: A ${a} gnuBG ${p.value}`);
      }
    }
  }
  console.info(
    `luck-adjusted result A: ${compared} players compared, ${exact} digit for digit, ${compared - outside.length} within bound`,
  );
  expect(outside).toEqual([]);
});
