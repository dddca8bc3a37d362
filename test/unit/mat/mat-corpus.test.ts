/**
 * The .mat reader on the 1,777 real transcripts of corpora/galaxy-mat/ (Backgammon Galaxy `.txt` and
 * Backgammon Studio exports): every one is recognised and read without an error, every play is legal on the
 * board the reader tracked, every finished match has its winner, and the warnings are the few known oddities
 * of the sites' exports (counted by kind below, so that a change in the reading shows here). The whole corpus
 * is read when ../shared is beside the clone; the 21 transcripts of it copied in test/reference-matches/galaxy/
 * always are, with the same checks.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { expect, test } from 'vitest';
import { defaultMet, matchOutcome } from '../../../src/metrics/match-report.js';
import type { Match } from '../../../src/model/types.js';
import { matFormat } from '../../../src/parsers/mat/index.js';
import type { ParseWarning } from '../../../src/parsers/types.js';
import { REF_DIR, shared } from '../../helpers/fixtures.js';
import { checkLegality, type LegalityReport } from '../../helpers/legality.js';

const met = defaultMet();
const GALAXY = shared('corpora/galaxy-mat');

/** A warning's kind: its message with numbers and quoted text blanked. */
function kindOf(w: ParseWarning): string {
  return w.message.replace(/"[^"]*"/g, '"…"').replace(/\d+/g, 'N');
}

/** The warnings of the corpus, by kind (see the test of the whole corpus). */
const KNOWN_KINDS: Record<string, number> = {
  '"…" and the match: more than a resignation at cube N gives; read as the resignation of the match (N points)': 4,
  '"…" by resignation is not N, N or N times the cube (N); read as N': 2,
  '"…", but the game ended by bearing off for N; N kept': 4,
  'no name in the left column; called "…"': 3,
  'no name in the right column; called "…"': 8,
};

/**
 * Reads the transcripts `files` of `dir`: none fails, every play is legal, every finished match has its
 * winner. Returns the warnings by kind and the games and decisions read.
 */
function readAll(dir: string, files: string[]) {
  const started = performance.now();
  const kinds = new Map<string, number>();
  const failures: string[] = [];
  const matches: { file: string; match: Match; text: string }[] = [];
  let games = 0;
  let checker = 0;
  let cube = 0;
  for (const f of files) {
    const b = readFileSync(`${dir}${f}`);
    const bytes = new Uint8Array(b.buffer, b.byteOffset, b.length);
    if (!matFormat.sniff(bytes.subarray(0, 4096))) {
      failures.push(`${f}: not recognised`);
      continue;
    }
    try {
      const { match, warnings } = matFormat.parse(bytes, { file: f, met });
      for (const w of warnings) kinds.set(kindOf(w), (kinds.get(kindOf(w)) ?? 0) + 1);
      matches.push({ file: f, match, text: b.toString('utf8') });
      games += match.games.length;
      for (const g of match.games) {
        for (const d of g.decisions) {
          if (d.kind === 'checker') checker++;
          else cube++;
        }
      }
    } catch (e) {
      failures.push(`${f}: ${(e as Error).message}`);
    }
  }
  const readMs = performance.now() - started;
  expect(failures).toEqual([]);

  // every play reaches the position of a legal play from the tracked board
  const legality: LegalityReport = { played: 0, candidates: 0, illegal: [] };
  for (const { match } of matches) checkLegality(match, legality);
  expect(legality.played).toBe(checker);
  expect(legality.illegal).toEqual([]);

  // a transcript that says "and the match" has a winner who reached the match length
  let finished = 0;
  for (const { file, match, text } of matches) {
    if (!text.includes('and the match')) continue;
    finished++;
    const { winner, finalScore } = matchOutcome(match);
    expect(winner, file).not.toBeNull();
    expect(finalScore[winner!], file).toBeGreaterThanOrEqual(match.matchLength);
  }
  return { kinds: Object.fromEntries([...kinds].sort()), games, checker, cube, finished, readMs };
}

test.skipIf(GALAXY.absent)(
  GALAXY.title('galaxy-mat: 1,777 transcripts read, plays legal, known warnings only'),
  () => {
    const files = GALAXY.names().filter((f) => f.endsWith('.txt'));
    expect(files).toHaveLength(1777);
    const r = readAll(GALAXY.dir, files);
    expect(r.readMs).toBeLessThan(30_000);
    expect(r.games).toBeGreaterThan(5000);
    expect(r.checker).toBeGreaterThan(200_000);
    expect(r.cube).toBeGreaterThan(5000);
    // the warnings of this corpus, by kind: names left empty by the site, Backgammon Studio's "Wins 4016
    // points", Galaxy's match resignations, and single-game "16 point match" files (money games with the Jacoby
    // rule, by their look) writing a centred-cube gammon as 1 point
    expect(r.kinds).toEqual(KNOWN_KINDS);
    expect(r.finished).toBeGreaterThan(1000);
  },
);

test('the 21 galaxy-mat transcripts of test/reference-matches/galaxy: read, plays legal, known warnings only', () => {
  const dir = `${REF_DIR}galaxy/`;
  const files = readdirSync(dir)
    .filter((f) => f.endsWith('.txt'))
    .sort();
  expect(files).toHaveLength(21);
  const r = readAll(dir, files);
  // 17 of the 21 say "and the match" (grep -c; the other 4 stop before the end), each with its winner
  expect(r.finished).toBe(17);
  for (const [kind, n] of Object.entries(r.kinds))
    expect(n, kind).toBeLessThanOrEqual(KNOWN_KINDS[kind] ?? 0);
});
