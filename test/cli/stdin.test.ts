/**
 * `-` as a path reads standard input (issue 14): the format is told from the content, as for files, and the
 * input is named `<stdin>` in messages and in the output. The bytes piped in are the real reference files
 * (test/reference-matches/README.md): test.xg (XG 2.19 shows PR 7.79 for Kévin Unger), gnuBG's g0001.sgf
 * and the transcript gbf_test.mat.
 */
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { describe, expect, test } from 'vitest';
import { BIN, bdb, bdbWith } from '../helpers/cli.js';
import { REF_DIR } from '../helpers/fixtures.js';

const TEST_XG = `${REF_DIR}xg/test.xg`;
const bytes = (path: string): Uint8Array => readFileSync(path);

describe('- reads standard input', () => {
  test('stats -: the same figures as from the file, the match named <stdin>', () => {
    const piped = bdbWith({ input: bytes(TEST_XG) }, 'stats', '-');
    expect(piped.code).toBe(0);
    expect(piped.stderr).toBe('');
    expect(piped.stdout.startsWith('<stdin> — Kévin Unger vs Maxence Job · 7-point match')).toBe(true);
    const file = bdb('stats', TEST_XG);
    expect(piped.stdout.replace('<stdin>', TEST_XG)).toBe(file.stdout);
    expect(piped.stdout).toContain('7.79');
  });

  test('review -: the review of the match piped in', () => {
    const r = bdbWith({ input: bytes(TEST_XG) }, 'review', '-');
    expect(r.code).toBe(0);
    expect(r.stdout.split('\n')[0]).toBe(
      '<stdin> — Kévin Unger vs Maxence Job · 7-point match · 7 games · winner Kévin Unger (7–4)',
    );
  });

  test('the format is told from the content: a gnuBG SGF and a .mat transcript', () => {
    const sgf = bdbWith({ input: bytes(`${REF_DIR}gnubg/g0001.sgf`) }, 'stats', '--json', '-');
    expect(sgf.code).toBe(0);
    const m = JSON.parse(sgf.stdout).matches[0];
    expect(m.file).toBe('<stdin>');
    expect(m.format).toBe('sgf');
    expect(m.players).toEqual(['Zoë Ångström', 'Niels']); // the README's table: g0001's players
    const mat = bdbWith({ input: bytes(`${REF_DIR}mat/gbf_test.mat`) }, 'stats', '--json', '-');
    expect(mat.code).toBe(0);
    expect(JSON.parse(mat.stdout).matches[0].format).toBe('mat');
  });

  test('with other paths: read with them', () => {
    const r = bdbWith({ input: bytes(TEST_XG) }, 'stats', '--no-matches', '-', `${REF_DIR}gnubg/g0001.sgf`);
    expect(r.code).toBe(0);
    expect(r.stdout).toContain('Players over 2 matches');
  });

  test('messages name <stdin>: nothing piped in is an empty file, exit 1', () => {
    const r = bdbWith({ input: '' }, 'stats', '-');
    expect(r.code).toBe(1);
    expect(r.stderr).toBe('bdb: <stdin>: empty file\nbdb: 1 of 1 input failed\n');
  });

  test('- twice, import - and analyse -, are usage errors (exit 2)', () => {
    const twice = bdbWith({ input: bytes(TEST_XG) }, 'stats', '-', '-');
    expect(twice.code).toBe(2);
    expect(twice.stderr).toBe('bdb: - (standard input) can be given once (see bdb stats --help)\n');
    const imp = bdbWith({ input: bytes(TEST_XG) }, 'import', '--library', '/nonexistent/lib.duckdb', '-');
    expect(imp.code).toBe(2);
    expect(imp.stderr).toContain('import reads files, not standard input');
    // analyse saves each analysis by its input's path: one line saying so, before gnuBG is looked for
    const analyse = bdbWith({ input: bytes(TEST_XG) }, 'analyse', '-');
    expect(analyse.code).toBe(2);
    expect(analyse.stdout).toBe('');
    expect(analyse.stderr.split('\n')).toEqual([
      "bdb: analyse reads files, not standard input (-): the analysis is saved by the file's path; save the input to a file and analyse that file (see bdb analyse --help)",
      '',
    ]);
  });

  test('standard input on a terminal is not waited on: one line, exit 1', () => {
    const cmd = `'${process.execPath}' '${BIN}' review - </dev/tty`;
    const r = spawnSync('script', ['-qec', cmd, '/dev/null'], { encoding: 'utf8', timeout: 60_000 });
    expect(r.status).toBe(1);
    expect(r.stdout.replaceAll('\r', '')).toContain(
      'bdb: <stdin>: standard input is a terminal: give a match file through a pipe or a redirection (bdb stats - < match.xg)\n',
    );
  });
});
