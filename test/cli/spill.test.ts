/**
 * `bdb biases`, `bdb plan` and `bdb report` keep their long row lists (every blot decision, every error) in a temporary
 * file past a budget of text (src/cli/spill.ts). With BDB_SPILL_CHARS=1000 the rows go to the file every few
 * matches: the output must not change by a byte from the run that keeps every row in memory.
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, test } from 'vitest';
import { callWith } from '../helpers/cli.js';
import { REF_DIR } from '../helpers/fixtures.js';

describe('rows kept in a temporary file', () => {
  const files = [`${REF_DIR}gnubg`, `${REF_DIR}sgf`];
  test.each([
    ['biases', '--json'],
    ['biases', '--boards'],
    ['plan', '--json'],
    ['plan', '--boards'],
  ])('%s %s: the same bytes as with every row in memory', async (command, mode) => {
    const memory = await callWith({ env: { BDB_SPILL_CHARS: '1000000000' } }, command, mode, ...files);
    const spilled = await callWith({ env: { BDB_SPILL_CHARS: '1000' } }, command, mode, ...files);
    expect(memory.code).toBe(0);
    expect(memory.stdout.length).toBeGreaterThan(10_000);
    expect(spilled.stdout).toBe(memory.stdout);
    expect(spilled.stderr).toBe(memory.stderr);
    expect(spilled.code).toBe(memory.code);
  });
});

describe('bdb report with rows kept in a temporary file', () => {
  test('the same page as with every row in memory', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'bdb-spill-report-'));
    try {
      const page = async (chars: string, name: string): Promise<string> => {
        const out = join(dir, name);
        const r = await callWith(
          { env: { BDB_SPILL_CHARS: chars } },
          'report',
          `${REF_DIR}sgf`,
          '--html',
          out,
        );
        expect(r.code).toBe(0);
        return readFileSync(out, 'utf8');
      };
      expect(await page('1000', 'spilled.html')).toBe(await page('1000000000', 'memory.html'));
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
