/**
 * Each file's format is told once (src/parsers/detect.ts, issue 38 item 4): reading test/reference-matches
 * through the files route calls each format's `sniff` at most once per file, all of them while the folder is
 * walked; the unit's format goes on to its reader, which sniffs nothing again.
 *
 * Measured on main 2998d1c before the change (the same count, with gnuBG text's sniff also counted where
 * files.ts and parseMatchFiles called it directly): 1,290 sniff calls over the 238 files of the folder, up to
 * 3 per file by gnuBG text's sniff (the walk, the grouping, the parse) and 2 by each other format's (the
 * walk, the parse). After it: 1,010, each format's at most once per file (the walk's one pass over the
 * formats in registry order, stopping at the first that claims the file).
 */
import { createHash } from 'node:crypto';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, expect, it, vi } from 'vitest';
import { inputFiles } from '../../../src/cli/files.js';
import { readMatches } from '../../../src/cli/match-input.js';
import { HEAD_BYTES } from '../../../src/model/format-info.js';
import { formats } from '../../../src/parsers/index.js';
import { REF_DIR } from '../../helpers/fixtures.js';

/** A file's identity as a sniff sees it: the hash of its first bytes. */
function headKey(bytes: Uint8Array): string {
  return createHash('sha1').update(bytes.subarray(0, HEAD_BYTES)).digest('hex');
}

/** Every file under `dir` (hidden ones too), by head: how many files have that head. */
function filesByHead(dir: string, out = new Map<string, number>()): Map<string, number> {
  for (const name of readdirSync(dir)) {
    const p = join(dir, name);
    if (statSync(p).isDirectory()) filesByHead(p, out);
    else {
      const k = headKey(readFileSync(p));
      out.set(k, (out.get(k) ?? 0) + 1);
    }
  }
  return out;
}

/** Counts each format's sniff calls by the head they were given. */
function countSniffs(): Map<string, Map<string, number>> {
  const calls = new Map<string, Map<string, number>>();
  for (const f of formats) {
    const sniff = f.sniff.bind(f);
    const byHead = new Map<string, number>();
    calls.set(f.id, byHead);
    vi.spyOn(f, 'sniff').mockImplementation((head) => {
      const k = headKey(head);
      byHead.set(k, (byHead.get(k) ?? 0) + 1);
      return sniff(head);
    });
  }
  return calls;
}

/** The total of the counts. */
function total(calls: Map<string, Map<string, number>>): number {
  let n = 0;
  for (const byHead of calls.values()) for (const c of byHead.values()) n += c;
  return n;
}

afterEach(() => {
  vi.restoreAllMocks();
});

it('reading test/reference-matches sniffs each file at most once per format, all while walking', () => {
  const heads = filesByHead(REF_DIR);
  const walked = countSniffs();
  const found = [...inputFiles([REF_DIR], { onMissing() {} })];
  vi.restoreAllMocks();
  const read = countSniffs();
  vi.spyOn(process.stderr, 'write').mockImplementation(() => true);
  const result = readMatches([REF_DIR], () => {});
  // the folder's match files are read (the readable ones), and nothing is sniffed but during the walk
  expect(found.length).toBeGreaterThan(100);
  expect(result.read).toBeGreaterThan(50);
  expect(total(read)).toBe(total(walked));
  const twice: string[] = [];
  for (const [format, byHead] of read)
    for (const [k, n] of byHead)
      if (n > heads.get(k)!) twice.push(`${format}: ${n} calls for ${heads.get(k)} files`);
  expect(twice).toEqual([]);
});
