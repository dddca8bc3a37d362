/**
 * What bdb says of damaged inputs (issue 14): a truncated .xg is "truncated or not an XG file" with the
 * byte offset (not the nonsense its last bytes hold, "archive claims 1280806408 inner files"), and a .mat
 * transcript with a stray line before its match line names that line. The inputs are the real
 * test/reference-matches/xg/test.xg cut short and gbf_test.mat with one line added, written to a temporary
 * folder.
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, test } from 'vitest';
import { call } from '../helpers/cli.js';
import { REF_DIR } from '../helpers/fixtures.js';

const tmp = mkdtempSync(join(tmpdir(), 'bdb-bad-input-'));
afterAll(() => rmSync(tmp, { recursive: true, force: true }));

const xg = readFileSync(`${REF_DIR}xg/test.xg`);
// as Latin-1 text: one character per byte, so the file written back has the same bytes but for the edit
const mat = readFileSync(`${REF_DIR}mat/gbf_test.mat`, 'latin1');

/** Writes `bytes` (a string: one byte per character) to a file of the temporary folder; returns its path. */
function file(name: string, bytes: Uint8Array | string): string {
  const p = join(tmp, name);
  writeFileSync(p, typeof bytes === 'string' ? Buffer.from(bytes, 'latin1') : bytes);
  return p;
}

describe('a truncated .xg', () => {
  test('cut after 20,000 bytes: truncated or not an XG file, at the trailer it lacks (byte 19,964)', async () => {
    const p = file('cut.xg', xg.subarray(0, 20_000));
    const r = await call('stats', p);
    expect(r.code).toBe(1);
    const [line, summary] = r.stderr.split('\n');
    // the last 36 bytes of the 20,000 start at byte 19,964 = 0x4dfc
    expect(line).toMatch(
      new RegExp(
        `^bdb: ${p.replaceAll('.', '\\.')}@0x4dfc \\(archive trailer\\): truncated or not an XG file: its last 36 bytes, from byte 19964, are not the archive trailer that ends an XG file \\(`,
      ),
    );
    expect(summary).toBe('bdb: 1 of 1 input failed');
  });

  test('cut inside its header: truncated or not an XG file, where it ends', async () => {
    const p = file('header.xg', xg.subarray(0, 100));
    const r = await call('stats', p);
    expect(r.code).toBe(1);
    expect(r.stderr.split('\n')[0]).toBe(
      `bdb: ${p}@0x64 (RGMH header): truncated or not an XG file: it ends at byte 100, before the end of its 8232-byte header and the 36-byte archive trailer that ends every XG file`,
    );
  });
});

describe('a .mat with a stray line before its match line', () => {
  test('a title line above the transcript: line 1 named', async () => {
    const p = file('title.mat', `Exported from my club\n${mat}`);
    const r = await call('stats', p);
    expect(r.code).toBe(1);
    expect(r.stderr.split('\n')[0]).toBe(
      `bdb: ${p}:1:1: expected the " N point match" line, found "Exported from my club" (a header line before it starts with ; or #)`,
    );
  });

  test('a header field that lost its ";" among the comments: its line named', async () => {
    const lines = mat.split('\r\n');
    // gbf_test.mat opens with "; [Key "value"]" header lines; the fourth is [Round "Tableau Or 2"]
    lines[3] = lines[3]!.replace(/^; /, '');
    const p = file('field.mat', lines.join('\r\n'));
    const r = await call('review', p);
    expect(r.code).toBe(1);
    expect(r.stderr).toBe(
      `bdb: ${p}:4:1: expected the " N point match" line, found "[Round \\"Tableau Or 2\\"]" (a header line before it starts with ; or #)\n`,
    );
  });

  test('a text that is no transcript is still not a format bdb reads', async () => {
    const p = file('notes.txt', 'my notes\nabout the 7 point match\n');
    const r = await call('stats', p);
    expect(r.code).toBe(1);
    expect(r.stderr.split('\n')[0]).toMatch(/: not a format bdb reads \(/);
  });
});
