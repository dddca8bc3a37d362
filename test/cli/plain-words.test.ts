/**
 * Plain words on the terminal (issue 14: "blunderDB's four (its 60 mp silence)" and the like): what the
 * reading commands print on real matches (test/reference-matches: test.xg, the gnuBG money session g0011,
 * the XG folder for a tournament; Llabba's history for progress) holds no formula symbol, no other
 * program's internals and no pointer into the specification; the legends point to docs/glossary.md,
 * which explains each word they use.
 */
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, test } from 'vitest';
import { call, callWith } from '../helpers/cli.js';
import { REF_DIR } from '../helpers/fixtures.js';

const TEST_XG = `${REF_DIR}xg/test.xg`;
const MONEY = `${REF_DIR}gnubg/g0011.sgf`;
const LLABBA = fileURLToPath(new URL('../history/llabba', import.meta.url));
const GLOSSARY = readFileSync(fileURLToPath(new URL('../../docs/glossary.md', import.meta.url)), 'utf8');

/** Formula letters, other programs' internals, the specification: details that belong in docs/. */
const JARGON = /[ℓτΣρσ√§]|blunderDB|silence|spec\/|closed form|\bd ≤|\be ≥/;

const RUNS: readonly (readonly string[])[] = [
  ['stats', TEST_XG, MONEY],
  ['biases', TEST_XG],
  ['plan', TEST_XG, MONEY],
  ['review', TEST_XG],
  ['review', MONEY],
  ['progress', '--alias', 'Llabba=llabba', LLABBA],
];

describe('plain words', () => {
  test.each(RUNS)('%s %s: no formula symbol nor jargon on stdout', async (...args) => {
    const r = await call(...args);
    expect(r.code).toBe(0);
    const lines = r.stdout.split('\n').filter((l) => JARGON.test(l));
    expect(lines).toEqual([]);
  });

  test('tournament review of a folder: none either', async () => {
    const r = await callWith(
      { env: { BDB_LIBRARY: '/nonexistent/library.duckdb' } },
      'tournament',
      'review',
      '--matches',
      `${REF_DIR}xg`,
    );
    expect(r.code).toBe(0);
    expect(r.stdout.split('\n').filter((l) => JARGON.test(l))).toEqual([]);
  });

  test('the legends point to docs/glossary.md, which explains the words they use', async () => {
    for (const args of [
      ['stats', TEST_XG],
      ['biases', TEST_XG],
      ['plan', TEST_XG],
      ['review', TEST_XG],
    ]) {
      expect((await call(...args)).stdout, args[0]).toContain('docs/glossary.md');
    }
    for (const word of [
      '**Difficulty**',
      '**Avoidable error**',
      '**Lost beyond difficulty**',
      '**MWC lost / difficulty**',
      '**R** (recoverable MWC)',
      '**Reference positions**',
      '**Themes** line',
      'blunderDB',
      '**P**',
      '**B**',
      '**By formula**',
      '**Error gap**',
      '**Millipoints**',
    ])
      expect(GLOSSARY).toContain(word);
  });
});
