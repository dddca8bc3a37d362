import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import {
  extendExplicitMet,
  loadKazarossXG2,
  MET_SIZE,
  type Met,
  MetError,
  parseMetJson,
  validateMet,
} from '../../../src/met/index.js';
import { REF_DIR } from '../../helpers/fixtures.js';

const f = Math.fround;
const jsonUrl = new URL('../../../data/kazaross-xg2.json', import.meta.url);
/** gnuBG's met/Kazaross-XG2.xml, the source of data/kazaross-xg2.json (test/reference-matches/README.md). */
const xmlPath = `${REF_DIR}met/Kazaross-XG2.xml`;

function copyMet(met: Met): Met {
  return { name: met.name, pre: met.pre.map((row) => row.slice()), post: met.post.slice() };
}

function expectMetError(fn: () => unknown, cell: string): void {
  try {
    fn();
  } catch (err) {
    expect(err).toBeInstanceOf(MetError);
    expect((err as MetError).code).toBe('MET_INVALID');
    expect((err as MetError).message).toContain(cell);
    return;
  }
  expect.fail(`expected a MetError naming ${cell}`);
}

describe('loadKazarossXG2', () => {
  const met = loadKazarossXG2();

  it('is cached and complete', () => {
    expect(loadKazarossXG2()).toBe(met);
    expect(met.name).toBe('Kazaross XG2 25 point MET');
    expect(met.pre).toHaveLength(MET_SIZE);
    expect(met.post).toHaveLength(MET_SIZE);
    expect(() => validateMet(met)).not.toThrow();
  });

  it('carries the KXG2 values of the XML (spec/formats.md §4.2, spec/metrics.md §12)', () => {
    expect(met.pre[0]![1]).toBe(f(0.67736));
    expect(met.pre[1]![0]).toBe(f(0.32264));
    expect(met.post[0]).toBe(0.5);
    expect(met.post[1]).toBe(f(0.48803));
    expect(met.pre[5]![6]).toBe(f(0.56261));
    expect(met.pre[4]![2]).toBe(f(0.35205));
    for (let i = 0; i < 25; i++) expect(met.pre[i]![i]).toBe(0.5);
  });
});

describe('data/kazaross-xg2.json', () => {
  const json = JSON.parse(readFileSync(jsonUrl, 'utf8'));

  it('has the documented shape and provenance', () => {
    const data = parseMetJson(json, 'kazaross-xg2.json');
    expect(data.info.length).toBe(25);
    expect(data.preCrawford).toHaveLength(25);
    expect(data.postCrawford).toHaveLength(25);
    expect(data.postCrawford[24]).toBe(0.00123);
    expect(data.source.origin).toBe('GNU Backgammon 1.08.003 met/Kazaross-XG2.xml');
    expect(data.source.notice).toContain('Copyright (C) 2011 Neil Kazaross');
    expect(data.source.sha256).toMatch(/^[0-9a-f]{64}$/);
  });

  it('matches the source XML (hash and every number)', () => {
    const xml = readFileSync(xmlPath);
    expect(json.source.sha256).toBe(createHash('sha256').update(xml).digest('hex'));
    const rows = [...xml.toString('utf8').matchAll(/<row>([\s\S]*?)<\/row>/g)].map((m) =>
      [...(m[1] ?? '').matchAll(/<me>\s*([^<\s]+)\s*<\/me>/g)].map((v) => Number(v[1])),
    );
    expect(rows).toHaveLength(26);
    expect(json.preCrawford).toEqual(rows.slice(0, 25));
    expect(json.postCrawford).toEqual(rows[25]);
  });
});

describe('validation', () => {
  const good = loadKazarossXG2();

  it('throws MetError naming the cell of an out-of-range value', () => {
    const bad = copyMet(good);
    bad.pre[3]![7] = 1.5;
    expectMetError(() => validateMet(bad), '[3][7]');
    const badPost = copyMet(good);
    badPost.post[9] = -0.25;
    expectMetError(() => validateMet(badPost), 'post-Crawford [9]');
    const nan = copyMet(good);
    nan.pre[40]![2] = Number.NaN;
    expectMetError(() => validateMet(nan), '[40][2]');
  });

  it('throws on broken antisymmetry, diagonal or dimensions', () => {
    const asym = copyMet(good);
    asym.pre[2]![5] = f(asym.pre[2]![5]! + 0.01);
    expectMetError(() => validateMet(asym), '[5][2]');
    const diag = copyMet(good);
    diag.pre[30]![30] = 0.6;
    expectMetError(() => validateMet(diag), '[30][30]');
    const short = { ...copyMet(good), pre: good.pre.slice(0, 25) };
    expectMetError(() => validateMet(short), 'rows');
    const shortRow = copyMet(good);
    shortRow.pre[4] = new Float32Array(25);
    expectMetError(() => validateMet(shortRow), 'row 4');
  });

  it('rejects malformed source JSON with the field named', () => {
    const json = JSON.parse(readFileSync(jsonUrl, 'utf8'));
    json.preCrawford[2][11] = 1.5;
    expectMetError(() => parseMetJson(json, 'x.json'), 'preCrawford [2][11]');
    const missingRow = JSON.parse(readFileSync(jsonUrl, 'utf8'));
    missingRow.preCrawford.pop();
    expectMetError(() => parseMetJson(missingRow, 'x.json'), 'preCrawford must have 25 rows');
    const badPost = JSON.parse(readFileSync(jsonUrl, 'utf8'));
    badPost.postCrawford[3] = '0.3';
    expectMetError(() => parseMetJson(badPost, 'x.json'), 'postCrawford [3]');
    expectMetError(() => parseMetJson(null, 'x.json'), 'not a JSON object');
  });

  it('extendExplicitMet validates the overlaid explicit part', () => {
    const json = JSON.parse(readFileSync(jsonUrl, 'utf8'));
    const asym = json.preCrawford.map((r: number[]) => r.slice());
    asym[1][6] = 0.9;
    expectMetError(() => extendExplicitMet('bad', asym, json.postCrawford), '[6][1]');
    const rebuilt = extendExplicitMet('copy', json.preCrawford, json.postCrawford);
    for (let i = 0; i < MET_SIZE; i++) expect(rebuilt.pre[i]).toEqual(good.pre[i]);
    expect(rebuilt.post).toEqual(good.post);
  });
});
