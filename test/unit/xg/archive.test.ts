/**
 * The XG container (src/parsers/xg/archive.ts) and the whole-file reader on the real `.xg` and `.xgp`
 * files of the reference set (copied in test/reference-matches/): header, index, inner files, `.xgp` records, rollouts, comments.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { describe, expect, test } from 'vitest';
import { readXgArchive, readXgArchiveIndex, sniffXg } from '../../../src/parsers/xg/archive.js';
import { readXgFile } from '../../../src/parsers/xg/file.js';
import {
  decodeXgComments,
  XG_EVAL_SINGLES,
  XG_RECORD_SIZE,
  XG_ROLLOUT_SIZE,
  xgCandidateLevel,
} from '../../../src/parsers/xg/records.js';
import { REF_DIR } from '../../helpers/fixtures.js';
import { buildXg } from './build-xg.js';

const XG_DIR = `${REF_DIR}xg/`;
const XGP_DIR = `${REF_DIR}xgp/`;

function read(path: string): Uint8Array {
  return new Uint8Array(readFileSync(path));
}

const xgFiles = readdirSync(XG_DIR)
  .filter((f) => f.endsWith('.xg'))
  .sort();
const xgpFiles = readdirSync(XGP_DIR)
  .filter((f) => f.endsWith('.xgp'))
  .sort();

describe('container of the real files', () => {
  test.each([...xgFiles.map((f) => XG_DIR + f), ...xgpFiles.map((f) => XGP_DIR + f)])('%s', (path) => {
    const bytes = read(path);
    expect(sniffXg(bytes.subarray(0, 16))).toBe(true);
    const a = readXgArchive(bytes, 'x');
    expect(a.warnings).toEqual([]);
    expect(a.header.headerVersion).toBe(1);
    expect(a.header.headerSize).toBe(8232);
    expect(a.header.gameId).toBe('2f5af5e1-e021-4832-a423-ef480ec58a0b');
    // the JPEG thumbnail sits right after the header, the archive right after it
    expect(a.thumbnail).toEqual({ offset: 8232, size: a.header.thumbnailSize });
    expect(Array.from(bytes.subarray(8232, 8236))).toEqual([0xff, 0xd8, 0xff, 0xe0]);
    expect(a.archiveStart).toBe(8232 + a.header.thumbnailSize);
    expect(a.trailer).toMatchObject({ version: 1, indexCompressed: true, fileCount: a.entries.length });
    const names = a.entries.map((e) => e.name);
    expect(names[0]).toBe('temp.xg');
    expect(names).toContain('temp.xgi');
    for (const e of a.entries) {
      expect(e).toMatchObject({ path: '', compressed: true, compressionLevel: 2 });
      expect(a.files.get(e.name)).toHaveLength(e.size);
    }
    expect(a.files.get('temp.xg')!.length % XG_RECORD_SIZE).toBe(0);
    expect(a.files.get('temp.xgi')).toHaveLength(2 * XG_RECORD_SIZE);
    const xgr = a.files.get('temp.xgr');
    if (xgr) expect(xgr.length % XG_ROLLOUT_SIZE).toBe(0);
  });

  test('header strings of test.xg', () => {
    const { header } = readXgArchiveIndex(read(`${XG_DIR}test.xg`), 'test.xg');
    expect(header.saveName).toBe('Kévin Unger vs. Maxence Job, 7 point match7-4');
  });

  test('options.names inflates only the named inner files', () => {
    const a = readXgArchive(read(`${XG_DIR}test.xg`), 'test.xg', { names: ['temp.xgi'] });
    expect([...a.files.keys()]).toEqual(['temp.xgi']);
    expect(a.entries).toHaveLength(2);
  });

  test('sniffXg', () => {
    expect(sniffXg(new TextEncoder().encode('RGMH'))).toBe(true);
    expect(sniffXg(new TextEncoder().encode('RGM'))).toBe(false);
    expect(sniffXg(new TextEncoder().encode('(;GM[6]'))).toBe(false);
    expect(sniffXg(new Uint8Array(0))).toBe(false);
  });

  test('a stored (uncompressed) inner file and a thumbnail are read', () => {
    const data = new Uint8Array(XG_RECORD_SIZE);
    data[8] = 1;
    const bytes = buildXg([{ name: 'temp.xg', data, raw: true }], {
      thumbnail: new Uint8Array([0xff, 0xd8, 1, 2]),
    });
    const x = readXgFile(bytes, 'built.xg');
    expect(x.entries[0]).toMatchObject({ compressed: false, size: XG_RECORD_SIZE, offset: 8232 + 4 });
    expect(x.records.map((r) => r.type)).toEqual(['headerGame']);
    expect(x.warnings.map((w) => w.message)).toEqual([
      'temp.xg record 0: not a HeaderMatch; file version unknown, all fields decoded',
    ]);
  });
});

describe('match files', () => {
  test('versions, players and comments', () => {
    const versions = xgFiles.map((f) => readXgFile(read(XG_DIR + f), f).version);
    expect(new Set(versions)).toEqual(new Set([30, 32]));
    const x = readXgFile(read(`${XG_DIR}test.xg`), 'test.xg');
    const hm = x.records[0]!;
    expect(hm.type === 'headerMatch' && [hm.player1, hm.player2, hm.matchLength, hm.date]).toEqual([
      'Kévin Unger',
      'Maxence Job',
      7,
      '2023-11-26T09:30:00',
    ]);
    expect(x.records.at(-1)?.type).toBe('footerMatch');
    expect(x.comments).toEqual([]);
    expect(x.rollouts).toEqual([]);
  });

  test('match_with_comment.xg: two RTF comments, referenced by CommentMove 0 and 1', () => {
    const x = readXgFile(read(`${XG_DIR}match_with_comment.xg`), 'match_with_comment.xg');
    expect(x.comments).toHaveLength(2);
    for (const c of x.comments) {
      expect(c.startsWith('{\\rtf1\\ansi')).toBe(true);
      expect(c).toContain('\r\n');
      expect(c.includes('\u0001') || c.includes('\u0002')).toBe(false);
    }
    expect(x.comments[0]).toContain('coup assez difficile');
    const refs = x.records.flatMap((r) => (r.type === 'move' && r.commentMove >= 0 ? [r.commentMove] : []));
    expect(refs).toEqual([0, 1]);
  });

  test('decodeXgComments: CR LF ends a comment, 0x01 0x02 is a line break, bytes are Windows-1252', () => {
    const b = (s: string) => new Uint8Array(Buffer.from(s, 'latin1'));
    expect(decodeXgComments(b('a\u0001\u0002b\r\n\r\nc\xe9\r\n'))).toEqual(['a\r\nb', '', 'cé']);
    expect(decodeXgComments(b('x'))).toEqual(['x']);
    expect(decodeXgComments(new Uint8Array(0))).toEqual([]);
  });
});

describe('.xgp position files', () => {
  const all = xgpFiles.map((f) => ({ f, x: readXgFile(read(XGP_DIR + f), f) }));

  test('four files', () => {
    expect(all).toHaveLength(4);
  });

  test.each(xgpFiles)('%s: HeaderMatch, HeaderGame, Cube [, Move]; no footers', (f) => {
    const { x } = all.find((a) => a.f === f)!;
    expect(x.warnings).toEqual([]);
    expect(x.version).toBe(30);
    expect(x.header.saveName.startsWith('Position:')).toBe(true);
    const types = x.records.map((r) => r.type);
    expect(types.slice(0, 3)).toEqual(['headerMatch', 'headerGame', 'cube']);
    expect(types.length === 3 || (types.length === 4 && types[3] === 'move')).toBe(true);
    const entry = x.entries.find((e) => e.name === 'temp.xgr');
    expect(x.rollouts).toHaveLength(entry ? entry.size / XG_ROLLOUT_SIZE : 0);
  });

  test('the rollouts of temp.xgr are those copied into the cube and move analyses', () => {
    let checked = 0;
    for (const { x } of all) {
      for (const r of x.records) {
        if (r.type === 'cube' && r.rolloutIndexD >= 0) {
          const ro = x.rollouts[r.rolloutIndexD]!;
          expect(r.doubleD.level).toBe(100);
          expect(ro.result1[6]).toBe(r.doubleD.equB);
          expect(ro.result2[6]).toBe(r.doubleD.equDouble);
          expect([ro.verMaj, ro.verMin]).toEqual([2, 10]);
          checked++;
        }
        if (r.type === 'move') {
          r.rolloutIndexM.forEach((k, j) => {
            if (k < 0) return;
            const ro = x.rollouts[k]!;
            const ev = r.dataMoves.eval.subarray(XG_EVAL_SINGLES * j, XG_EVAL_SINGLES * (j + 1));
            // rolled out from the position after the move: the opponent's view, so mirrored
            expect(xgCandidateLevel(r.dataMoves, j)).toBe(100);
            expect(Array.from(ro.result1)).toEqual([ev[5], ev[4], ev[3], ev[2], ev[1], ev[0], -ev[6]!]);
            expect(ro.rolled).toBe(1296);
            checked++;
          });
        }
      }
    }
    expect(checked).toBe(4);
  });

  test('positions are "in progress" unless saved from a played match; Err* fields', () => {
    const byName = Object.fromEntries(all.map(({ f, x }) => [f, x]));
    const cube = (f: string) => byName[f]!.records.find((r) => r.type === 'cube')!;
    const c1 = cube('TooGoodAndTake.xgp');
    expect(c1.type === 'cube' && [c1.double, c1.errCube, c1.errTake]).toEqual([-1, -1000, -1000]);
    // saved from a match: the decision was played (no double) and analysed
    const c2 = cube('match35253054_2_37.xgp');
    expect(c2.type === 'cube' && c2.double).toBe(0);
    if (c2.type === 'cube') {
      expect(c2.errCube).toBeCloseTo(
        Math.max(c2.doubleD.equB, Math.min(c2.doubleD.equDouble, 1)) - c2.doubleD.equB,
        6,
      );
    }
    const hm = byName['match35253054_2_37.xgp']!.records[0]!;
    expect(hm.type === 'headerMatch' && [hm.player1, hm.player2, hm.matchLength]).toEqual([
      'hairpaint007',
      'gobetzu',
      5,
    ]);
    expect(byName['BothAnalysis.xgp']!.comments).toHaveLength(1);
  });
});
