/**
 * The packs of sources an import leaves (issue 37, item 7): a run that rolls back removes the pack it wrote
 * when no commit named it, keeps it when one did; removeUnusedPacks removes only pack files no row names
 * (src/library/sources.ts). test/cli/import-interrupt.test.ts kills real imports.
 */
import { mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { LibraryImporter } from '../../../src/library/import.js';
import { closeLibrary, openLibrary } from '../../../src/library/open.js';
import { removeUnusedPacks, sourcesDir } from '../../../src/library/sources.js';
import { rows } from '../../../src/library/sql.js';
import { defaultMet } from '../../../src/metrics/match-report.js';
import { bytesOf, refFiles } from '../../helpers/fixtures.js';

const tmp = mkdtempSync(join(tmpdir(), 'bdb-import-packs-'));
afterAll(() => rmSync(tmp, { recursive: true, force: true }));

const [first, second] = refFiles('galaxy', '.txt') as [string, string];
const unit = (file: string) => [{ file, bytes: bytesOf(file) }];
const packs = (path: string): string[] => readdirSync(sourcesDir(path)).filter((f) => f.endsWith('.bin'));

describe("an import's pack", () => {
  it('is removed by a rollback when no commit named it', async () => {
    const path = join(tmp, 'rolled-back.duckdb');
    const lib = await openLibrary(path, { readOnly: false, create: true });
    try {
      const imp = await LibraryImporter.start(lib, defaultMet());
      expect((await imp.add(unit(first))).status).toBe('new');
      expect(packs(path)).toHaveLength(1);
      await imp.rollback();
      expect(packs(path)).toEqual([]);
      expect(await rows(lib.connection, 'SELECT count(*) FROM matches')).toEqual([[0n]]);
    } finally {
      closeLibrary(lib);
    }
  });

  it('is kept by a rollback when an earlier commit named it', async () => {
    const path = join(tmp, 'committed.duckdb');
    const lib = await openLibrary(path, { readOnly: false, create: true });
    try {
      const imp = await LibraryImporter.start(lib, defaultMet());
      expect((await imp.add(unit(first))).status).toBe('new');
      await imp.commit();
      expect((await imp.add(unit(second))).status).toBe('new');
      await imp.rollback();
      expect(packs(path)).toHaveLength(1);
      const [[named]] = (await rows(lib.connection, 'SELECT DISTINCT pack FROM sources')) as [[string]];
      expect(packs(path)).toEqual([named]);
    } finally {
      closeLibrary(lib);
    }
  });
});

describe('removeUnusedPacks', () => {
  it('removes the pack files no row names, nothing else', () => {
    const path = join(tmp, 'by-hand.duckdb');
    const dir = sourcesDir(path);
    // schema 1's per-hash layout, a file bdb did not write, a named pack and an unnamed one
    mkdirSync(join(dir, 'ab'), { recursive: true });
    writeFileSync(join(dir, 'ab', `ab${'0'.repeat(62)}.gz`), 'x');
    writeFileSync(join(dir, 'notes.txt'), 'x');
    writeFileSync(join(dir, 'pack-1700000000000-12.bin'), 'x');
    writeFileSync(join(dir, 'pack-1700000000001-34.bin'), 'x');
    expect(removeUnusedPacks(path, new Set(['pack-1700000000000-12.bin']))).toEqual([
      'pack-1700000000001-34.bin',
    ]);
    expect(readdirSync(dir).sort()).toEqual(['ab', 'notes.txt', 'pack-1700000000000-12.bin']);
    expect(readdirSync(join(dir, 'ab'))).toHaveLength(1);
  });

  it('does nothing where the library has no sources folder', () => {
    expect(removeUnusedPacks(join(tmp, 'none.duckdb'), new Set())).toEqual([]);
  });
});
