/**
 * Repository rules (spec/architecture.md §2.2, §2.9, §2.16): data flows parsers → model → metrics →
 * library → history → report → cli, nothing imports "rightwards"; only the CLI prints or exits; importing the library registers
 * nothing on `process`.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, test } from 'vitest';

const SRC = fileURLToPath(new URL('../../src/', import.meta.url));

function sources(dir: string): string[] {
  return readdirSync(dir).flatMap((f) => {
    const p = join(dir, f);
    return statSync(p).isDirectory() ? sources(p) : p.endsWith('.ts') ? [p] : [];
  });
}

/** Layer of a file: its first folder under src/ (src/index.ts, the library entry, and src/errors.ts are the root). */
function layer(file: string): string {
  const rel = relative(SRC, file);
  return rel.includes('/') ? rel.slice(0, rel.indexOf('/')) : 'root';
}

// the library entry (src/index.ts) and the CLI may import every layer
const ENTRY = [
  'core',
  'met',
  'model',
  'classify',
  'metrics',
  'review',
  'report',
  'parsers',
  'tournament',
  'library',
  'history',
  'engine',
];

// what each layer may import (besides itself)
const allowed: Record<string, string[]> = {
  core: [],
  met: [],
  model: ['core'],
  parsers: ['core', 'met', 'model'],
  // the board classifiers (game plan, phase, themes, cube direction): pure functions of the decision model
  classify: ['core', 'met', 'model'],
  metrics: ['core', 'met', 'model', 'classify'],
  review: ['core', 'met', 'model', 'metrics'],
  tournament: [],
  // the player's library (DuckDB): rows made by the metrics layer, read back for the report and the CLI
  library: ['core', 'met', 'model', 'classify', 'metrics', 'review', 'parsers'],
  // the analysis engine driver (bdb analyse runs GNU Backgammon): reads its inputs and outputs with the
  // parsers, nothing downstream
  engine: ['core', 'met', 'model', 'parsers'],
  // a player's history over the library or files: progress, tournament review, before/after study
  history: ['core', 'met', 'model', 'classify', 'metrics', 'review', 'parsers', 'library'],
  report: ['core', 'classify', 'metrics', 'model', 'review', 'history'],
  cli: ENTRY,
  root: ENTRY,
};

test('no rightward imports between layers', () => {
  const bad: string[] = [];
  for (const file of sources(SRC)) {
    const from = layer(file);
    const text = readFileSync(file, 'utf8');
    for (const m of text.matchAll(/(?:from |import\()'(\.[^']+)'/g)) {
      const target = join(file, '..', m[1]!.replace(/\.js$/, '.ts'));
      const to = layer(target);
      // errors.ts may be imported by everyone; the root entry (index.ts) may import every layer, and no layer
      // imports it (a layer importing the entry would be a cycle through everything it exports)
      if (to === from || relative(SRC, target) === 'errors.ts') continue;
      if (!allowed[from]?.includes(to)) bad.push(`${relative(SRC, file)} → ${relative(SRC, target)}`);
    }
  }
  expect(bad).toEqual([]);
});

test('the root holds only the entry and the errors', () => {
  const root = readdirSync(SRC).filter((f) => f.endsWith('.ts'));
  expect(root.sort()).toEqual(['errors.ts', 'index.ts']);
});

test('history runs no query: from the library it takes row types and pure functions, never a connection', () => {
  const storage = /^library\/(open|read|sql|duckdb|query|import|merge|export|totals)\.js$/;
  const bad = sources(join(SRC, 'history')).flatMap((file) =>
    [...readFileSync(file, 'utf8').matchAll(/^(?:import|export)( type)?[^;]*?from '\.\.\/([^']+)';/gms)]
      .filter((m) => m[1] === undefined && storage.test(m[2]!))
      .map((m) => `${relative(SRC, file)}: ${m[2]}`),
  );
  expect(bad).toEqual([]);
});

test('only the CLI prints or exits', () => {
  const bad = sources(SRC)
    .filter((f) => layer(f) !== 'cli')
    .filter((f) => /console\.|process\.(exit|stdout|stderr)/.test(readFileSync(f, 'utf8')))
    .map((f) => relative(SRC, f));
  expect(bad).toEqual([]);
});

test('importing the library registers nothing on process', async () => {
  const before = process.eventNames().map((e) => [e, process.listenerCount(e)]);
  await import('../../src/index.js');
  expect(process.eventNames().map((e) => [e, process.listenerCount(e)])).toEqual(before);
});
