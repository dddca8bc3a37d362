/**
 * The cases the fuzzer kept (test/fuzz-corpus/, its README): each, read as every command reads a match,
 * gives finite figures or a BdbError naming the file, never anything else.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { expect, test } from 'vitest';
import { runCase } from '../helpers/fuzz-case.js';

const DIR = new URL('../fuzz-corpus/', import.meta.url).pathname;
const cases = readdirSync(DIR).filter((f) => !f.startsWith('.') && f !== 'README.md');

test('the folder is there, with its README', () => {
  expect(readdirSync(DIR)).toContain('README.md');
});

test.each(cases)('%s', (name) => {
  const r = runCase(name, new Uint8Array(readFileSync(`${DIR}${name}`)), true);
  expect(r).not.toMatchObject({ kind: 'fail' });
});
