/**
 * `npm test` needs nothing beside the clone: a test reads the shared reference set (`../shared/`, optional)
 * only through `shared()` of test/helpers/fixtures.ts, which says whether it is there so that the test is
 * skipped with the reason in its title when it is not. This fails on any other path to it in the test code
 * (comments, which cite the files' provenance, are not code).
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, test } from 'vitest';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));
/** The one file allowed to name the shared folder. */
const HELPER = 'test/helpers/fixtures.ts';
/** This file, whose examples name it. */
const SELF = 'test/repo/shared-reads.test.ts';

function codeFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((f) => {
    const p = join(dir, f);
    if (statSync(p).isDirectory()) return f === 'node_modules' || f.startsWith('.') ? [] : codeFiles(p);
    return /\.(ts|mts|js|mjs|cjs)$/.test(f) ? [p] : [];
  });
}

/** The code of a source file without its comments (strings keep their text; lines keep their numbers). */
function withoutComments(text: string): string {
  return text
    .replace(/\/\*[\s\S]*?\*\//g, (c) => c.replace(/[^\n]/g, ''))
    .replace(/(^|[^:'"`\\])\/\/.*$/gm, '$1');
}

/** The lines of `code` that reach the shared folder, as `N: line`. */
function sharedPaths(code: string): string[] {
  const reach =
    /\.\.\/shared\b|\/work\/shared\b|\bshared\/(reference-matches|corpora|data|tools|spec|seeds)\b|['"`]shared['"`]/;
  return code
    .split('\n')
    .map((line, k) => (reach.test(line) ? `${k + 1}: ${line.trim()}` : ''))
    .filter((l) => l !== '');
}

test('the detector sees the ways a test used to reach ../shared, and not a comment', () => {
  const seen = (s: string) => sharedPaths(withoutComments(s)).length;
  expect(seen("const D = new URL('../../../../shared/reference-matches/', import.meta.url);")).toBe(1);
  expect(
    seen("const K = fileURLToPath(new URL('../../../shared/data/met/Kazaross-XG2.xml', import.meta.url));"),
  ).toBe(1);
  expect(seen("readdirSync('/work/shared/corpora/galaxy-mat')")).toBe(1);
  expect(seen("join(root, '..', 'shared', 'corpora')")).toBe(1);
  expect(seen('/**\n * copied from ../shared/reference-matches/xg (README)\n */\n')).toBe(0);
  expect(seen('/* ../shared/corpora */ const x = 1; // ../shared/data')).toBe(0);
});

test(`no test reaches ../shared except through ${HELPER}`, () => {
  const files = [
    ...codeFiles(join(ROOT, 'test')),
    ...readdirSync(ROOT)
      .filter((f) => /^vitest\..*config\.ts$|^vitest\.config\.ts$/.test(f))
      .map((f) => join(ROOT, f)),
  ];
  expect(files.length).toBeGreaterThan(100);
  const offending = files
    .map((f) => relative(ROOT, f))
    .filter((f) => f !== HELPER && f !== SELF)
    .flatMap((f) =>
      sharedPaths(withoutComments(readFileSync(join(ROOT, f), 'utf8'))).map((l) => `${f}:${l}`),
    );
  expect(
    offending,
    'read ../shared through shared() of test/helpers/fixtures.ts, skipped when absent',
  ).toEqual([]);
});
