/**
 * A folder of copies (issue 15, item 3): a file byte for byte the same as one read before is set aside
 * without being parsed, as the same duplicate as its original, and the figures are those of the original
 * alone. Files whose match has no identity (no decision) are parsed and counted every time, as before.
 */
import { copyFileSync, mkdirSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeEach, describe, expect, test, vi } from 'vitest';
import { REF_DIR } from '../helpers/fixtures.js';

const parsed = vi.hoisted(() => ({ files: [] as string[] }));

vi.mock('../../src/parsers/index.js', async (importOriginal) => {
  const real = await importOriginal<typeof import('../../src/parsers/index.js')>();
  return {
    ...real,
    parseMatchFiles: (
      inputs: { file: string; bytes: Uint8Array }[],
      met: Parameters<typeof real.parseMatchFiles>[1],
    ) => {
      parsed.files.push(inputs[0]!.file);
      return real.parseMatchFiles(inputs, met);
    },
  };
});

const { readMatches } = await import('../../src/cli/match-input.js');

const dir = mkdtempSync(join(tmpdir(), 'bdb-copies-'));
const folder = join(dir, 'matches');
afterAll(() => rmSync(dir, { recursive: true, force: true }));
beforeEach(() => {
  parsed.files = [];
});

/** Reads `paths` quietly; the players of each match handed on, and the result. */
function read(paths: string[], allReadings = false) {
  const players: string[] = [];
  const write = process.stderr.write;
  process.stderr.write = () => true;
  try {
    const result = readMatches(paths, (m) => players.push(m.players.join(' vs ')), { allReadings });
    return { players, result };
  } finally {
    process.stderr.write = write;
  }
}

describe('byte-identical copies', () => {
  const xg = join(folder, 'a', 'test.xg');
  const copies = [join(folder, 'b', 'test.xg'), join(folder, 'c', 'test copy.xg')];
  const sgf = join(folder, 'a', 'gbf_test.sgf');
  test('are set aside unparsed, as duplicates of the file read first', () => {
    for (const f of [xg, ...copies]) {
      mkdirSync(join(f, '..'), { recursive: true });
      copyFileSync(`${REF_DIR}xg/test.xg`, f);
    }
    copyFileSync(`${REF_DIR}sgf/gbf_test.sgf`, sgf);
    const { players, result } = read([folder]);
    // test.xg and gbf_test.sgf are the same match (test/reference-matches/README.md): XG's file counts
    expect(players).toEqual(['Kévin Unger vs Maxence Job']);
    expect(result.read).toBe(1);
    expect(result.duplicates).toEqual(
      [...copies, sgf].map((file) => ({ file, sameAs: xg })).sort((p, q) => (p.file < q.file ? -1 : 1)),
    );
    // the SGF is another reading (parsed, then found to be the same match); the copies are not parsed
    expect(parsed.files.sort()).toEqual([xg, sgf].sort());
  });

  test('--all-readings reads and counts every copy', () => {
    const { players, result } = read([folder], true);
    expect(players).toHaveLength(4);
    expect(result.duplicates).toEqual([]);
    expect(parsed.files).toHaveLength(4);
  });
});

test('a transcript without any decision is read every time, as before', () => {
  const text = ' 0 point match\n\n Game 1\n Anna : 0                     Bert : 0\n';
  writeFileSync(join(dir, 'e1.mat'), text);
  writeFileSync(join(dir, 'e2.mat'), text);
  const { result } = read([join(dir, 'e1.mat'), join(dir, 'e2.mat')]);
  expect(result.duplicates).toEqual([]);
  expect(parsed.files).toEqual([join(dir, 'e1.mat'), join(dir, 'e2.mat')]);
});

test('files of the same size are copies only when their bytes are the same', () => {
  // two matches in files of one size: the transcript (test/reference-matches/README.md, kevung/gbf) and the
  // same with one player renamed in as many letters; then a copy of each
  const same = join(dir, 'same-size');
  mkdirSync(same, { recursive: true });
  const text = readFileSync(`${REF_DIR}mat/charlot1-charlot2_7p_2025-11-08-2305.mat`, 'latin1');
  const renamed = text.replaceAll('charlot1', 'charlotX');
  expect(renamed).not.toBe(text);
  const [a, b, c, d] = ['a.mat', 'b.mat', 'c.mat', 'd.mat'].map((f) => join(same, f)) as [
    string,
    string,
    string,
    string,
  ];
  writeFileSync(a, text, 'latin1');
  writeFileSync(b, renamed, 'latin1');
  writeFileSync(c, text, 'latin1');
  writeFileSync(d, renamed, 'latin1');
  expect(statSync(b).size).toBe(statSync(a).size);
  const { players, result } = read([same]);
  expect(players).toEqual(['charlot1 vs charlot2', 'charlotX vs charlot2']);
  expect(result.read).toBe(2);
  expect(result.duplicates).toEqual([
    { file: c, sameAs: a },
    { file: d, sameAs: b },
  ]);
  // the copies are not parsed
  expect(parsed.files).toEqual([a, b]);
});
