/**
 * gnuBG match equity table files read at run time (`--met FILE`, src/met/xml.ts): gnuBG's own
 * met/Kazaross-XG2.xml (test/reference-matches/met/, gnuBG 1.08.003; permissive notice) gives exactly the bundled
 * table; a hand-made explicit 3-point table is read cell for cell and extended with Zadeh's values; bad files
 * are refused with their name and what is wrong.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { loadKazarossXG2, MET_SIZE, MetError, zadehMet } from '../../../src/met/index.js';
import { loadMetFile, parseMetXml } from '../../../src/met/xml.js';
import { REF_DIR } from '../../helpers/fixtures.js';
import { metXml, POST3, PRE3 } from '../../helpers/met-xml.js';

const KAZAROSS = `${REF_DIR}met/Kazaross-XG2.xml`;
const tmp = mkdtempSync(join(tmpdir(), 'bdb-met-'));
afterAll(() => rmSync(tmp, { recursive: true, force: true }));

function write(name: string, text: string): string {
  const path = join(tmp, name);
  writeFileSync(path, text);
  return path;
}

function refused(path: string, what: string): void {
  expect(() => loadMetFile(path)).toThrow(MetError);
  expect(() => loadMetFile(path)).toThrow(`${path}: ${what}`);
}

describe('loadMetFile', () => {
  it("gnuBG's Kazaross-XG2.xml is the bundled table, cell for cell (64 × 64 and the post-Crawford row)", () => {
    const a = loadMetFile(KAZAROSS);
    const b = loadKazarossXG2();
    expect(a.name).toBe('Kazaross XG2 25 point MET');
    for (let i = 0; i < MET_SIZE; i++) {
      expect(Array.from(a.pre[i]!)).toEqual(Array.from(b.pre[i]!));
    }
    expect(Array.from(a.post)).toEqual(Array.from(b.post));
  });

  it('a hand-made 3-point table: its cells, then Zadeh beyond (post-Crawford: all but the last value)', () => {
    const met = loadMetFile(write('three.xml', metXml('Three', PRE3, POST3)));
    const z = zadehMet(undefined, 'z');
    expect(met.name).toBe('Three');
    for (let i = 0; i < 3; i++)
      for (let j = 0; j < 3; j++) expect(met.pre[i]![j]).toBe(Math.fround(PRE3[i]![j]!));
    expect(met.pre[3]![0]).toBe(z.pre[3]![0]);
    expect(met.pre[10]![12]).toBe(z.pre[10]![12]);
    expect([met.post[0], met.post[1], met.post[2]]).toEqual([0.5, Math.fround(0.49), z.post[2]]);
  });

  it('bad files: one message naming the file and what is wrong', () => {
    refused(join(tmp, 'none.xml'), 'no such file');
    refused(tmp, 'is a folder');
    refused(write('bin.xml', '\u0000\u0001GNU'), 'not an XML file');
    refused(write('other.xml', '<?xml version="1.0"?><html></html>'), 'no <met> root element');
    refused(write('zadeh.xml', metXml('Z', PRE3, POST3, 'zadeh')), '<pre-crawford-table> of type "zadeh"');
    refused(
      write(
        'rows.xml',
        metXml('R', PRE3.slice(0, 2), POST3).replace('<length>2</length>', '<length>3</length>'),
      ),
      '<pre-crawford-table> has 2 rows, expected 3',
    );
    refused(
      write('big.xml', metXml('B', [[0.5, 1.7, 0.8], ...PRE3.slice(1)], POST3)),
      'pre-Crawford row 1, value 2: 1.7 is not in [0, 1]',
    );
    refused(
      write('anti.xml', metXml('A', [[0.5, 0.9, 0.8], ...PRE3.slice(1)], POST3)),
      'pre-Crawford [1][0] + [0][1] = 1.2, expected 1',
    );
    refused(
      write('text.xml', metXml('T', PRE3, POST3).replace('<me>0.49</me>', '<me>half</me>')),
      'post-Crawford row, value 2: not a number: "half"',
    );
  });

  it('parseMetXml keeps the notice comment', () => {
    expect(parseMetXml(metXml('N', PRE3, POST3), 'n.xml').notice).toContain("hand-made for bdb's tests");
  });
});
