/**
 * Every `--json` output against its JSON Schema (docs/schema/, docs/json.md), on the real files of
 * test/reference-matches and examples/, read as files and from a library imported from them. The schemas
 * are checked as well: draft 2020-12, every key described with its unit, closed objects, and one schema
 * for each output bdb names in its `$schema`. The richer outputs of a long history (a known habitual
 * level, before/after windows with decisions) are checked where those tests make them
 * (tournament-review, study and progress tests).
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { JSON_OUTPUTS, type JsonOutput } from '../../src/report/json.js';
import { BIN, call } from '../helpers/cli.js';
import { REF_DIR } from '../helpers/fixtures.js';
import { loadSchemas, SCHEMA_DIR, SchemaChecker } from '../helpers/json-schema.js';

const EXAMPLES = fileURLToPath(new URL('../../examples/', import.meta.url));
const tmp = mkdtempSync(join(tmpdir(), 'bdb-json-schema-'));
const lib = join(tmp, 'lib.duckdb');
const checker = new SchemaChecker();

afterAll(() => rmSync(tmp, { recursive: true, force: true }));

/** Runs bdb (no library of the machine: BDB_LIBRARY names one that does not exist) and parses its JSON. */
function run(...args: string[]): unknown {
  const r = spawnSync(process.execPath, [BIN, ...args], {
    encoding: 'utf8',
    env: { ...process.env, NO_COLOR: '1', BDB_LIBRARY: join(tmp, 'none.duckdb') },
    timeout: 120_000,
    maxBuffer: 256 * 1024 * 1024,
  });
  expect(r.status, `bdb ${args.join(' ')}: ${r.stderr}`).toBe(0);
  return JSON.parse(r.stdout);
}

/** The output of `bdb ARGS` conforms to the schema of `output`, which its `$schema` names. */
function conforms(output: JsonOutput, ...args: string[]): Record<string, unknown> {
  const j = run(...args) as Record<string, unknown>;
  expect(j.$schema).toBe(`docs/schema/${output}.schema.json`);
  expect(j.schemaVersion).toBe(2);
  expect(checker.errors(j, `docs/schema/${output}.schema.json`), `bdb ${args.join(' ')}`).toEqual([]);
  return j;
}

type Node = Record<string, unknown>;

/** Every property schema of a schema, with its path. */
function properties(schema: unknown, path: string, out: [string, Node][] = []): [string, Node][] {
  if (typeof schema !== 'object' || schema === null) return out;
  const s = schema as Node;
  for (const [k, v] of Object.entries((s.properties ?? {}) as Record<string, Node>)) {
    out.push([`${path}.${k}`, v]);
    properties(v, `${path}.${k}`, out);
  }
  for (const [k, v] of Object.entries((s.$defs ?? {}) as Record<string, Node>))
    properties(v, `${path}#${k}`, out);
  for (const k of ['items', 'additionalProperties'] as const) properties(s[k], `${path}[]`, out);
  for (const k of ['prefixItems', 'anyOf'] as const)
    for (const sub of (s[k] ?? []) as unknown[]) properties(sub, `${path}[]`, out);
  return out;
}

/** Every object schema with properties inside a schema. */
function objects(schema: unknown, path: string, out: [string, Node][] = []): [string, Node][] {
  if (typeof schema !== 'object' || schema === null) return out;
  const s = schema as Node;
  if (s.properties !== undefined) out.push([path, s]);
  for (const [k, v] of Object.entries((s.properties ?? {}) as Record<string, Node>))
    objects(v, `${path}.${k}`, out);
  for (const [k, v] of Object.entries((s.$defs ?? {}) as Record<string, Node>))
    objects(v, `${path}#${k}`, out);
  for (const k of ['items', 'additionalProperties'] as const) objects(s[k], `${path}[]`, out);
  for (const k of ['prefixItems', 'anyOf'] as const)
    for (const sub of (s[k] ?? []) as unknown[]) objects(sub, `${path}[]`, out);
  return out;
}

describe('the schemas (docs/schema/)', () => {
  const schemas = loadSchemas();

  it('one per output bdb names in its $schema, and the shared definitions; $id is the file', () => {
    const files = readdirSync(SCHEMA_DIR).sort();
    expect(files).toEqual([...JSON_OUTPUTS, 'common'].map((n) => `${n}.schema.json`).sort());
    for (const [id, s] of schemas) {
      expect(s.$schema).toBe('https://json-schema.org/draft/2020-12/schema');
      expect(files).toContain(id.replace('docs/schema/', ''));
      // Ajv's strict mode refuses a keyword it does not know or an ambiguous schema
      expect(() => checker.compile(id), id).not.toThrow();
    }
    for (const name of JSON_OUTPUTS) {
      const s = schemas.get(`docs/schema/${name}.schema.json`)!;
      expect(s.required).toEqual(expect.arrayContaining(['$schema', 'schemaVersion']));
      expect((s.properties as Record<string, Node>).$schema!.const).toBe(`docs/schema/${name}.schema.json`);
    }
  });

  it('every key is described; every number with its unit; every object closed', () => {
    for (const [id, s] of schemas) {
      for (const [path, p] of properties(s, id)) {
        // a $ref without a description of its own is described where it points (in $defs, checked too)
        if (p.$ref === undefined) expect(typeof p.description, path).toBe('string');
        const types = [p.type].flat();
        if (types.includes('number') || types.includes('integer'))
          expect(p.description, path).toMatch(/ Unit: [^.]+\./);
      }
      for (const [path, o] of objects(s, id)) {
        expect(o.additionalProperties, path).toBe(false);
        const required = (o.required ?? []) as string[];
        for (const k of required) expect(Object.keys(o.properties as Node), path).toContain(k);
      }
    }
  });

  it('figures of the metrics name their spec section', () => {
    const stats = schemas.get('docs/schema/stats.schema.json')!;
    const text = JSON.stringify(stats);
    for (const section of ['§1.3', '§2.1', '§2.2', '§3', '§4', '§5', '§16']) expect(text).toContain(section);
    const ps = (stats.$defs as Record<string, Node>).playerStats!.properties as Record<string, Node>;
    expect(ps.snowieErPr!.description).toMatch(
      /Unit: PR \(500 × mean EMG per decision\)\. Spec: spec\/metrics\.md §2\.1\./,
    );
  });

  it('strict enough to matter: a renamed key, an extra key, a wrong type or a missing key is refused', () => {
    const j = run('stats', '--json', `${REF_DIR}gnubg/g0011.sgf`) as {
      players: Record<string, unknown>[];
      matches: { stats: Record<string, unknown>[] }[];
    };
    const id = 'docs/schema/stats.schema.json';
    expect(checker.errors(j, id)).toEqual([]);
    const p = j.players[0]!;
    const renamed = structuredClone(j);
    const q = renamed.players[0]!;
    q.snowieER = q.snowieErPr;
    delete q.snowieErPr;
    expect(checker.errors(renamed, id)).toEqual([
      '$.players[0]: missing snowieErPr',
      '$.players[0].snowieER: not allowed',
    ]);
    const typed = structuredClone(j);
    typed.players[0]!.pr = 'n/a';
    expect(checker.errors(typed, id)).toEqual(['$.players[0].pr: "n/a" is not number or null']);
    const zeroForNull = structuredClone(j);
    (zeroForNull.matches[0]!.stats[0]!.decisions as Record<string, unknown>).total = 1.5;
    expect(checker.errors(zeroForNull, id)).toEqual([
      // null is allowed: a file without any analysis has no count of decisions (unanalysed.test.ts)
      '$.matches[0].stats[0].decisions.total: 1.5 is not integer or null',
    ]);
    expect(p.gnubg).not.toBeNull();
    const nested = structuredClone(j);
    delete (nested.players[0]!.gnubg as Record<string, unknown>).snowieErMemg;
    expect(checker.errors(nested, id)).toEqual(['$.players[0].gnubg: missing snowieErMemg']);
  });
});

describe('every output on the reference matches, read as files', () => {
  it('stats: every match; a transcript and a money session; every reading; bootstrap intervals', () => {
    conforms('stats', 'stats', '--json', REF_DIR);
    const j = conforms('stats', 'stats', '--json', `${REF_DIR}mat/gbf_test.mat`, `${REF_DIR}gnubg/g0011.sgf`);
    // an unanalysed transcript (no analyser, no gnuBG figures) and a money session (null MWC figures)
    const matches = j.matches as { format: string; analyser: unknown; matchLength: number }[];
    expect(matches.map((m) => [m.format, m.analyser === null, m.matchLength]).sort()).toEqual([
      ['mat', true, 7],
      ['sgf', false, 0],
    ]);
    conforms('stats', 'stats', '--json', '--all-readings', '--thresholds', 'blunderdb', `${REF_DIR}gnubg`);
    conforms(
      'stats',
      'stats',
      '--json',
      '--interval',
      'bca',
      '--resamples',
      '200',
      `${REF_DIR}gnubg/g0002.sgf`,
    );
  });

  it('biases, plan and progress on every match', () => {
    conforms('biases', 'biases', '--json', REF_DIR);
    conforms('plan', 'plan', '--json', REF_DIR);
    conforms('progress', 'progress', '--json', REF_DIR);
    conforms('progress', 'progress', '--json', '--by', '3', `${REF_DIR}gnubg`);
  });

  it('review: XG, gnuBG (a wrong take), a money session, a text export, a transcript, a forfeit', () => {
    for (const f of [
      'xg/test.xg',
      'gnubg/g0001.sgf',
      'gnubg/g0011.sgf',
      'gnubg/g0002.txt',
      'mat/gbf_test.mat',
      'gnubg-forfeit/forfeit.sgf',
      'xgp/BothAnalysis.xgp',
    ])
      conforms('review', 'review', '--json', `${REF_DIR}${f}`);
    // --player: the review of the person named only (g0001.sgf: Zoë Ångström vs Niels)
    const one = conforms('review', 'review', '--json', '--player', 'Niels', `${REF_DIR}gnubg/g0001.sgf`);
    const reviews = (one.review as { reviews: { player: string; seat: number }[] }).reviews;
    expect(reviews.map((p) => [p.player, p.seat])).toEqual([['Niels', 1]]);
  });

  it('tournament standings and pair: Swiss, KTS, McMahon (start scores, a bye), and from match files', () => {
    for (const e of ['swiss-8.json', 'kts-example.json', 'mcmahon-12.json'])
      conforms('tournament-standings', 'tournament', 'standings', '--json', `${EXAMPLES}${e}`);
    for (const e of ['swiss-8.json', 'mcmahon-12.json'])
      conforms('tournament-pair', 'tournament', 'pair', '--dry-run', '--json', `${EXAMPLES}${e}`);
    const j = conforms(
      'tournament-standings',
      'tournament',
      'standings',
      '--json',
      `${REF_DIR}xg`,
      `${REF_DIR}gnubg/g0001.sgf`,
      `${REF_DIR}gnubg/g0001.txt`,
    );
    expect((j.duplicates as unknown[]).length).toBe(1);
    // match files without --event do not say how many rounds their event plans
    expect(j.plannedRounds).toBeNull();
  });

  it('tournament standings, pair and bracket of events with a format: a knock-out with consolation, Swiss with lives', () => {
    for (const e of ['ko-8.json', 'lives-6.json']) {
      const s = conforms('tournament-standings', 'tournament', 'standings', '--json', `${EXAMPLES}${e}`);
      expect((s.format as { finished: boolean }).finished).toBe(false);
      conforms('tournament-pair', 'tournament', 'pair', '--dry-run', '--json', `${EXAMPLES}${e}`);
    }
    // the knock-out's brackets: after round 1 (a score, a forfeit), and with round 2 from its CSV
    conforms('tournament-bracket', 'tournament', 'bracket', '--json', `${EXAMPLES}ko-8.json`);
    conforms(
      'tournament-bracket',
      'tournament',
      'bracket',
      '--json',
      `${EXAMPLES}ko-8.json`,
      '--results',
      `${EXAMPLES}ko-8-round2.csv`,
    );
  });

  it("tournament log: a director's changes (new, pair, result, a replaced result, add-player, withdraw, undo)", () => {
    const file = join(tmp, 'day.json');
    /** Runs a command that prints text (one line), exit 0. */
    const change = (...args: string[]): void => {
      const r = spawnSync(process.execPath, [BIN, ...args], {
        encoding: 'utf8',
        env: { ...process.env, NO_COLOR: '1' },
      });
      expect(r.status, `bdb ${args.join(' ')}: ${r.stderr}`).toBe(0);
    };
    const names = ['Ann', 'Bob', 'Cid', 'Dan'];
    change('tournament', 'new', file, '--players', names.join(','));
    const pairing = run('tournament', 'pair', '--json', file) as {
      pairs: { player: string; opponent: string }[];
    };
    const [a, b] = [pairing.pairs[0]!.player, pairing.pairs[0]!.opponent];
    change('tournament', 'result', file, '1', a, b, '--winner', a);
    change('tournament', 'result', file, '1', a, b, '--winner', b, '--replace');
    change('tournament', 'add-player', file, 'Eve');
    change('tournament', 'withdraw', file, a);
    change('tournament', 'undo', file);
    const j = conforms('tournament-log', 'tournament', 'log', '--json', file);
    // the event file itself, and the examples': docs/tournament-event.schema.json (beside the outputs' schemas)
    const id = 'docs/tournament-event.schema.json';
    const schema = JSON.parse(readFileSync(fileURLToPath(new URL(`../../${id}`, import.meta.url)), 'utf8'));
    const events = new SchemaChecker(new Map([...loadSchemas(), [id, schema]]));
    expect(events.errors(JSON.parse(readFileSync(file, 'utf8')), id)).toEqual([]);
    for (const e of ['swiss-8.json', 'kts-example.json', 'mcmahon-12.json', 'ko-8.json', 'lives-6.json'])
      expect(events.errors(JSON.parse(readFileSync(`${EXAMPLES}${e}`, 'utf8')), id), e).toEqual([]);
    // what the schema refuses, the reader refuses too: an unknown field
    expect(events.errors({ system: { type: 'swiss' }, players: [{ name: 'A', age: 3 }] }, id)).toEqual([
      '$.players[0].age: not allowed',
    ]);
    expect((j.log as { what: string }[]).map((e) => e.what)).toEqual([
      'new',
      'pair',
      'result',
      'result',
      'add-player',
      'withdraw',
      'undo',
    ]);
  });

  it('tournament review of a folder without a library (habitual level unknown)', () => {
    conforms('tournament-review', 'tournament', 'review', '--json', '--matches', `${REF_DIR}xg`);
  });
});

describe('every output on a library imported from the reference matches', () => {
  beforeAll(async () => {
    const r = await call('import', REF_DIR, '--library', lib);
    expect(r.code, r.stderr).toBe(0);
    // a family and a position studied (test.xg's first position, in the library), one position not in it
    for (const target of [
      'holding/checker/blots',
      'XGID=-b----E-C---eE---c-e----B-:0:0:1:51:0:0:0:7:10',
      'XGID=-b----E-C---eE---c-e----B-:0:0:1:52:0:0:0:5:10',
    ])
      expect((await call('study', 'mark', target, '--date', '2024-01-01', '--library', lib)).code).toBe(0);
    expect((await call('alias', 'add', 'Kévin Unger', 'Kévin UNGER', '--library', lib)).code).toBe(0);
  }, 240_000);

  it('stats, biases, plan and progress --library', () => {
    const s = conforms('stats', 'stats', '--json', '--library', lib);
    expect((s.duplicates as unknown[]).length).toBeGreaterThan(0);
    conforms('biases', 'biases', '--json', '--library', lib);
    const p = conforms('plan', 'plan', '--json', '--library', lib);
    // with study marks, each person's plan lists the positions studied
    expect((p.players as { referencePositions: object }[])[0]!.referencePositions).toHaveProperty('studied');
    conforms('progress', 'progress', '--json', '--library', lib, '--player', 'Kévin Unger');
  });

  it('scout, with and without a player for the record', () => {
    const j = conforms('scout', 'scout', 'kévin unger', '--json', '--library', lib);
    expect(j.player).toBe('Kévin Unger');
    expect((j.record as { reason: string | null }).reason).toBe('no player');
    conforms('scout', 'scout', 'Niels', '--json', '--library', lib, '--me', 'Zoë Ångström');
  });

  it('study, study list and alias list', () => {
    conforms('study', 'study', '--json', '--library', lib);
    conforms('study', 'study', '--json', '--library', lib, '--player', 'Kévin Unger');
    const marks = conforms('study-list', 'study', 'list', '--json', '--library', lib);
    expect(marks.marks).toHaveLength(3);
    const aliases = conforms('alias-list', 'alias', 'list', '--json', '--library', lib);
    expect(aliases.aliases).toEqual([{ name: 'Kévin Unger', alias: 'Kévin UNGER' }]);
  });

  it('find: every decision (money, cube, takes), a saved search, none found, the saved list', () => {
    // every decision of every reference match: money sessions (no MWC), cube decisions, takes, unanalysed
    const all = conforms('find', 'find', '--json', '--library', lib, '--all-decisions', '--limit', '0');
    expect((all.decisions as unknown[]).length).toBe(all.total);
    expect(all.limit).toBeNull();
    const saved = conforms('find', 'find', '--json', '--library', lib, '--save', 'takes', '--kind', 'take');
    expect(saved.search).toEqual({ name: 'takes', filters: '--kind take' });
    const none = conforms('find', 'find', '--json', '--library', lib, '--kind', 'take', '--dice', '31');
    expect([none.total, none.decisions]).toEqual([0, []]);
    const list = conforms('find-saved', 'find', '--saved', '--json', '--library', lib);
    expect((list.searches as { name: string }[]).map((x) => x.name)).toEqual(['takes']);
  });

  it('tournament review of a library event, and of a folder against the library', () => {
    const j = conforms(
      'tournament-review',
      'tournament',
      'review',
      'HSBT Paris 2023',
      '--json',
      '--library',
      lib,
    );
    expect(j.source).toBe('library');
    conforms(
      'tournament-review',
      'tournament',
      'review',
      '--json',
      '--matches',
      `${REF_DIR}xg`,
      '--library',
      lib,
    );
  });
});
