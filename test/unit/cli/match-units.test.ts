import { copyFileSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { inputFiles, matchUnits } from '../../../src/cli/files.js';

// three games of a real gnuBG text export (Backgammon Studio, analysed by gnuBG 1.07; see test/history/README.md)
const EXPORT = new URL('../../history/llabba/', import.meta.url).pathname;
const STEM = 'Llabba - Ciuffo 13pt Backgammon Studio 2023_02_09 15_19_56';

const tmp = mkdtempSync(join(tmpdir(), 'bdb-units-'));
afterAll(() => rmSync(tmp, { recursive: true, force: true }));

/** Copies the export's game `g` (1 = the first file) to `name` in the temporary folder. */
function game(g: number, name: string): void {
  const from = g === 1 ? `${STEM}.txt` : `${STEM}_${String(g).padStart(3, '0')}.txt`;
  copyFileSync(join(EXPORT, from), join(tmp, name));
}

describe('matchUnits: gnuBG text exports', () => {
  it('groups each first file with its numbered game files, whatever the case of the names', () => {
    game(1, 'Match.txt');
    game(2, 'MATCH_002.txt');
    game(3, 'match_003.TXT');
    game(1, 'a.b.txt');
    game(2, 'aXb_002.txt'); // the dot is not a pattern: another stem
    game(2, 'A.B_002.txt');
    game(1, 'straße.txt');
    game(2, 'STRASSE_002.txt'); // ß does not fold to SS
    // 200 more exports of three games each in the same folder: each finds its own games
    for (let k = 0; k < 200; k++) for (const g of [1, 2, 3]) game(g, `m${k}${g === 1 ? '' : `_00${g}`}.txt`);
    const files = [...inputFiles([tmp], { onMissing: () => {} })];
    const units = matchUnits(files).map((u) => u.files.map((f) => f.slice(tmp.length + 1)));
    expect(units).toContainEqual(['Match.txt', 'MATCH_002.txt', 'match_003.TXT']);
    expect(units).toContainEqual(['a.b.txt', 'A.B_002.txt']);
    expect(units).toContainEqual(['aXb_002.txt']);
    expect(units).toContainEqual(['straße.txt']);
    expect(units).toContainEqual(['STRASSE_002.txt']);
    for (let k = 0; k < 200; k++)
      expect(units).toContainEqual([`m${k}.txt`, `m${k}_002.txt`, `m${k}_003.txt`]);
    expect(units).toHaveLength(5 + 200);
  });
});
