/**
 * `writeOutputPieces` (src/cli/output-file.ts) writes a page as it is made (`bdb report`, `bdb find --html`).
 * A failure of the writing is the one line the command prints (test/cli/output-files.test.ts makes one with
 * a file size limit); a fault while the page is made is not a write failure: it goes on to the caller as
 * thrown, and the half-written file is removed, an existing page left as it was.
 */
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, test } from 'vitest';
import { writeOutputPieces } from '../../../src/cli/output-file.js';

const tmp = mkdtempSync(join(tmpdir(), 'bdb-pieces-'));
afterAll(() => rmSync(tmp, { recursive: true, force: true }));

describe('writeOutputPieces', () => {
  test('pieces past the buffer go to the file in order', () => {
    const out = join(tmp, 'whole.html');
    const piece = 'x'.repeat(40_000);
    const failed = writeOutputPieces(out, { force: false }, (write) => {
      for (let i = 0; i < 5; i++) write(`${i}${piece}`);
    });
    expect(failed).toBeNull();
    const text = readFileSync(out, 'utf8');
    expect(text.length).toBe(5 * 40_001);
    expect([0, 1, 2, 3, 4].map((i) => text[i * 40_001])).toEqual(['0', '1', '2', '3', '4']);
  });

  test('a fault while the page is made is thrown, nothing left behind, an old page unchanged', () => {
    const d = mkdtempSync(join(tmp, 'fault-'));
    const out = join(d, 'page.html');
    const fault = (write: (text: string) => void): void => {
      // past the buffer, so part of the page is on disk when the fault comes
      write('y'.repeat(100_000));
      throw new Error('report: a fault of the page');
    };
    expect(() => writeOutputPieces(out, { force: false }, fault)).toThrow('report: a fault of the page');
    expect(readdirSync(d)).toEqual([]);
    writeFileSync(out, 'old page\n');
    expect(() => writeOutputPieces(out, { force: true }, fault)).toThrow('report: a fault of the page');
    expect(readFileSync(out, 'utf8')).toBe('old page\n');
    expect(readdirSync(d)).toEqual(['page.html']);
  });
});
