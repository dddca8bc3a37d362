/**
 * `--ascii` (issue 42: it drew the boards in ASCII but left the tables, charts and names in Unicode, and
 * wrote a Greek name as '????????'): the whole text output of `review`, `biases` and `plan` is plain
 * ASCII, tables line up, names are spelt in Latin letters; the JSON keeps the names as they are.
 * Files: test/reference-matches/gnubg/g0016.sgf (players `李雷` and `Δημήτρης`, gnubg-generated),
 * test/reference-matches/xg/test.xg (`Kévin Unger`).
 */
import { describe, expect, test } from 'vitest';
import { bdb } from '../helpers/cli.js';
import { REF_DIR } from '../helpers/fixtures.js';

const GREEK = `${REF_DIR}gnubg/g0016.sgf`;
const XG = `${REF_DIR}xg/test.xg`;

/** The lines of the output that are not plain ASCII. */
function notAscii(stdout: string): string[] {
  return stdout.split('\n').filter((l) => !/^[\x20-\x7e]*$/.test(l));
}

/** The tables of an output: runs of lines opening with '+' or '|' and closing with '+' or '|'. */
function tables(stdout: string): string[][] {
  const out: string[][] = [];
  let run: string[] = [];
  for (const l of [...stdout.split('\n'), '']) {
    if (/^[+|].*[+|]$/.test(l)) run.push(l);
    else {
      // a board is a run too, with text beside its frame: only a run whose lines all end the frame
      if (run.length >= 3 && /^\+[-+]+\+$/.test(run[0]!)) out.push(run);
      run = [];
    }
  }
  return out;
}

describe('--ascii: plain ASCII text', () => {
  test.each([
    ['review', GREEK],
    ['review', XG],
    ['biases', XG],
    ['plan', XG],
  ])('bdb %s %s --ascii: every line ASCII, every table lined up', (cmd, file) => {
    const r = bdb(cmd, file, '--ascii');
    expect(r.code, r.stderr).toBe(0);
    expect(notAscii(r.stdout)).toEqual([]);
    const found = tables(r.stdout);
    expect(found.length).toBeGreaterThan(0);
    for (const t of found) expect(new Set(t.map((l) => l.length)).size, t.join('\n')).toBe(1);
    // without --ascii the same output has Unicode rules
    expect(notAscii(bdb(cmd, file).stdout).length).toBeGreaterThan(0);
  });

  test('names spelt in Latin letters: Δημήτρης as Dimitris (was ????????), Kévin as Kevin', () => {
    const greek = bdb('review', GREEK, '--ascii').stdout;
    expect(greek).toContain('Dimitris');
    expect(greek).not.toContain('????????');
    // on the boards too: the player on roll's name under the frame
    expect(greek).toMatch(/^ {3}\+12-11.* X Dimitris$/m);
    expect(bdb('review', XG, '--ascii').stdout).toMatch(/^Kevin Unger$/m);
  });

  test('the JSON keeps every name as it is', () => {
    const j = bdb('review', GREEK, '--ascii', '--json');
    expect(j.code).toBe(0);
    expect(j.stdout).toContain('Δημήτρης');
    expect(j.stdout).toBe(bdb('review', GREEK, '--json').stdout);
  });
});
