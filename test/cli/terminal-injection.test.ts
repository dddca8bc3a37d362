/**
 * No terminal injection through names (issue 37, item 5): a file name, a typed player name (--alias,
 * --player), a tournament's event and player names and a `bdb sql` cell may hold control characters (ESC,
 * BEL, a line break, a carriage return, DEL, a C1 control such as U+009B, the 8-bit CSI); none of them
 * reaches standard output as it is, where a terminal would act on it (`ESC ] 0;… BEL` sets the window
 * title, `ESC [2J` and `U+009B 2J` clear the screen, `\r` moves back over a line already printed). Each is
 * shown as standard error shows it (src/cli/failure.ts, oneLine): `\n`, `\r`, `\t` and `\uXXXX` for the
 * others, lower-case hexadecimal, four digits.
 *
 * The name below holds each kind; every command that prints it is run, and its whole standard output may
 * hold no control character but the line breaks bdb itself writes (nor U+2028/U+2029, the Unicode line and
 * paragraph separators), and shows the name in the escaped form. JSON keeps the name exactly (a parser
 * reads the escapes back), and so does CSV written to a pipe or a file, for the programs that read it.
 */
import { spawnSync } from 'node:child_process';
import { copyFileSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, test } from 'vitest';
import { shownOutput } from '../../src/cli/output.js';
import { renderQueryCsv } from '../../src/report/query.js';
import { BIN, bdb, bdbWith } from '../helpers/cli.js';
import { REF_DIR } from '../helpers/fixtures.js';

/** The name: an OSC (window title) ended by BEL, an erase-display CSI, a line break, a CR, DEL, an 8-bit CSI. */
const NAME = 'x\u001b]0;pwned\u0007\u001b[2J\nnew\rline\u007f\u009b2J';
/** The name as standard error shows it (oneLine's rule: \n, \r, and \u plus four lower-case hex digits). */
const SHOWN = 'x\\u001b]0;pwned\\u0007\\u001b[2J\\nnew\\rline\\u007f\\u009b2J';

const DIR = mkdtempSync(join(tmpdir(), 'bdb-inject-'));
afterAll(() => rmSync(DIR, { recursive: true, force: true }));
/** A real analysed match (gnuBG, Zoë Ångström vs Niels) under the hostile name. */
const FILE = join(DIR, `${NAME}.sgf`);
copyFileSync(join(REF_DIR, 'gnubg/g0001.sgf'), FILE);
/** Niels counted under the hostile name, as a user may type it. */
const ALIAS = `${NAME}=Niels`;

/** The control characters a terminal may act on: C0 but the line break, DEL, C1, U+2028 and U+2029. */
const CONTROL = /(?!\n)[\p{Cc}\u2028\u2029]/gu;

/** The output holds no control character but line breaks, and shows the name escaped. */
function expectSafe(out: string, shown: string = SHOWN): void {
  expect(out.match(CONTROL) ?? []).toEqual([]);
  expect(out).toContain(shown);
}

describe('terminal injection: names with control characters are shown escaped (issue 37, item 5)', () => {
  test('stats: the match header names the file escaped', () => {
    const r = bdb('stats', FILE);
    expect(r.code).toBe(0);
    expectSafe(r.stdout, `${DIR}/${SHOWN}.sgf`);
  });

  test('stats --ascii: the same, in plain ASCII', () => {
    const r = bdb('stats', '--ascii', FILE);
    expect(r.code).toBe(0);
    expectSafe(r.stdout, `${DIR}/${SHOWN}.sgf`);
  });

  test('stats --json: the name kept exactly, with no raw DEL or C1 character in the text', () => {
    const r = bdb('stats', '--json', FILE);
    expect(r.code).toBe(0);
    expect(r.stdout.match(CONTROL) ?? []).toEqual([]);
    expect(r.stdout).toContain(
      JSON.stringify(FILE).slice(1, -1).replace('\u007f', '\\u007f').replace('\u009b', '\\u009b'),
    );
    expect(JSON.stringify(JSON.parse(r.stdout))).toContain(JSON.stringify(FILE).slice(1, -1));
  });

  test('review: the header (file, player, winner) and the boards name the player escaped', () => {
    const r = bdb('review', FILE, '--alias', ALIAS, '--boards');
    expect(r.code).toBe(0);
    expectSafe(r.stdout);
    expect(r.stdout).toContain(`${DIR}/${SHOWN}.sgf`);
    expect(r.stdout).toContain(`vs ${SHOWN} ·`);
  });

  test('plan: the player header and the reference positions table (file column)', () => {
    const r = bdb('plan', FILE, '--alias', ALIAS);
    expect(r.code).toBe(0);
    expectSafe(r.stdout);
    expect(r.stdout).toContain(`${SHOWN} — 1 match`);
    expect(r.stdout).toContain(`${DIR}/${SHOWN}.sgf`);
  });

  test('biases: the player header and the positions listed (file) with their boards', () => {
    const r = bdb('biases', FILE, '--alias', ALIAS, '--boards');
    expect(r.code).toBe(0);
    expectSafe(r.stdout);
    expect(r.stdout).toContain(`${SHOWN} — 1 match`);
    expect(r.stdout).toContain(`of ${DIR}/${SHOWN}.sgf`);
  });

  test('progress: the player header', () => {
    const r = bdb('progress', FILE, '--alias', ALIAS, '--player', NAME);
    expect(r.code).toBe(0);
    expectSafe(r.stdout, `${SHOWN}: progress by month`);
  });

  test('report --html: nothing on standard output; the page escapes the name as HTML', () => {
    const page = join(DIR, 'report.html');
    const r = bdb('report', FILE, '--alias', '<b>&x=Niels', '--html', page);
    expect(r.code).toBe(0);
    expect(r.stdout).toBe('');
    const html = readFileSync(page, 'utf8');
    expect(html).toContain('&lt;b&gt;&amp;x');
    expect(html).not.toContain('<b>&x');
  });

  describe('import and sql: a cell holding the file name', () => {
    const lib = join(DIR, `${NAME}.duckdb`);

    test('import names the library escaped', () => {
      const r = bdb('import', FILE, '--library', lib);
      expect(r.code).toBe(0);
      expectSafe(r.stdout, `${DIR}/${SHOWN}.duckdb`);
    });

    test('sql: the table shows the path escaped', () => {
      const r = bdb('sql', 'SELECT path FROM files', '--library', lib);
      expect(r.code).toBe(0);
      expectSafe(r.stdout, `${DIR}/${SHOWN}.sgf`);
    });

    test('sql --json: the path kept exactly, no raw control character in the text', () => {
      const r = bdb('sql', 'SELECT path FROM files', '--library', lib, '--json');
      expect(r.code).toBe(0);
      expect(r.stdout.match(CONTROL) ?? []).toEqual([]);
      expect(JSON.parse(r.stdout)).toEqual([{ path: FILE }]);
    });

    test('sql --csv to a pipe: the path kept exactly, quoted as RFC 4180 asks of a field with line breaks', () => {
      const r = bdb('sql', 'SELECT path FROM files', '--library', lib, '--csv');
      expect(r.code).toBe(0);
      expect(r.stdout).toBe(`path\n"${FILE}"\n`);
    });

    test('CSV is kept exactly for a pipe; for a terminal its fields are shown escaped, each record on one line', () => {
      const q = { columns: ['path'], rows: [[FILE]] };
      const csv = renderQueryCsv(q);
      expect(csv).toBe(`path\n"${FILE}"\n`);
      expect(shownOutput(csv, 'csv', false)).toBe(csv);
      // the whole text on a terminal: the line breaks kept (the name's too: CSV's fields are escaped before)
      const kept = SHOWN.replace('\\n', '\n');
      expect(shownOutput(csv, 'csv', true)).toBe(`path\n"${DIR}/${kept}.sgf"\n`);
      expect(renderQueryCsv(q, true)).toBe(`path\n${DIR}/${SHOWN}.sgf\n`);
    });

    // util-linux's script(1) runs the command on a pseudo-terminal (its line discipline writes \n as \r\n)
    // script(1) is in util-linux (Debian's bsdutils, an essential package): every machine running the tests
    test('sql --csv on a terminal (script(1)): the path shown escaped', () => {
      const r = spawnSync(
        'script',
        [
          '-qec',
          `"${process.execPath}" "${BIN}" sql "SELECT path FROM files" --library "$LIB" --csv`,
          '/dev/null',
        ],
        {
          encoding: 'utf8',
          env: { ...process.env, LIB: lib, NO_COLOR: '1' },
        },
      );
      expect(r.status).toBe(0);
      const out = r.stdout.replaceAll('\r\n', '\n');
      expectSafe(out, `path\n${DIR}/${SHOWN}.sgf\n`);
    });
  });

  test('standard error: a message naming a file without oneLine acts on nothing either', () => {
    const r = bdb('merge', join(DIR, `${NAME}.missing.duckdb`), '--into', join(DIR, 'into.duckdb'));
    expect(r.code).toBe(1);
    expect(r.stderr.match(CONTROL) ?? []).toEqual([]);
    expect(r.stderr).toContain('x\\u001b]0;pwned\\u0007\\u001b[2J');
  });

  test('standard error: a name the user typed, in a message, keeps it on one line', () => {
    const r = bdb('stats', FILE, '--player', NAME);
    expect(r.code).toBe(1);
    expect(r.stdout).toBe('');
    expect(r.stderr.match(CONTROL) ?? []).toEqual([]);
    expect(r.stderr.split('\n').filter((l) => l !== '')).toHaveLength(1);
    expect(r.stderr).toContain(`no player '${SHOWN}'`);
  });

  test('config set, get and list: the player shown escaped, one line each', () => {
    const env = { XDG_CONFIG_HOME: join(DIR, 'config') };
    const set = bdbWith({ env }, 'config', 'set', 'player', NAME);
    expect(set.code).toBe(0);
    expectSafe(set.stdout, `player = ${SHOWN}\n`);
    const get = bdbWith({ env }, 'config', 'get', 'player');
    expect(get.code).toBe(0);
    expect(get.stdout).toBe(`${SHOWN}\n`);
    const list = bdbWith({ env }, 'config', 'list');
    expect(list.code).toBe(0);
    expectSafe(list.stdout, ` ${SHOWN}\n`);
  });

  describe('tournament: event and player names', () => {
    const event = join(DIR, 'event.json');

    test('new: the summary names the event escaped', () => {
      const r = bdb('tournament', 'new', event, '--name', NAME, '--players', `${NAME},Bob,Cid,Dan`);
      expect(r.code).toBe(0);
      expectSafe(r.stdout);
    });

    test('pair: the title (event) and the pairings (player)', () => {
      const r = bdb('tournament', 'pair', event);
      expect(r.code).toBe(0);
      expectSafe(r.stdout, `${SHOWN} — Swiss, round 1 of 2`);
      expect(r.stdout).toMatch(new RegExp(`│ ${SHOWN.replace(/[\\[\]]/g, '\\$&')} +│`));
    });

    test('result: the game entered names the player escaped', () => {
      const pairs = JSON.parse(bdb('tournament', 'standings', event, '--json').stdout);
      expect(pairs.standings.map((s: { player: string }) => s.player)).toContain(NAME);
      const r = bdb('tournament', 'result', event, '1', NAME, 'Bob', '--winner', NAME);
      expect(r.code).toBe(0);
      expect(r.stdout.match(CONTROL) ?? []).toEqual([]);
      expect(`${r.stdout}${r.stderr}`).toContain(SHOWN);
    });

    test('standings: the title, the table and the missing results', () => {
      const r = bdb('tournament', 'standings', event);
      expect(r.code).toBe(0);
      expectSafe(r.stdout, `${SHOWN} — Swiss`);
      expect(r.stdout).toMatch(new RegExp(`│ ${SHOWN.replace(/[\\[\]]/g, '\\$&')} +│`));
    });

    test('standings --ascii: the same in plain ASCII', () => {
      const r = bdbWith({}, 'tournament', 'standings', event, '--ascii');
      expect(r.code).toBe(0);
      expectSafe(r.stdout, `${SHOWN} - Swiss`);
    });
  });
});
