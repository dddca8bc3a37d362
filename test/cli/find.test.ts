/**
 * `bdb find` on a real history: Llabba's 79 Backgammon Studio matches (test/history/README.md; gnuBG 1.07.001
 * text exports, one file per game), imported into a library. The expected counts come from outside bdb's
 * find: from the text exports read here directly (each `Move number N:  NAME to play DD` block is a checker
 * play, each `NAME doubles to N` block a double answered by the other player; the first line of a file gives
 * the game's score and whether it is the Crawford game; gnuBG's board diagram gives the bar), or, where the
 * condition is a plain column of the `decisions` view (the default "mistakes" filter, the error, the class,
 * the classifications, the days), from `bdb sql` on those columns alone. The pattern, the XGID wildcards,
 * the pips and the borne-off checkers are checked on positions read by hand from gnuBG's diagrams (file and
 * move cited).
 */
import { cpSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { DuckDBInstance } from '@duckdb/node-api';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { POINT_COLUMNS } from '../../src/library/migrate-positions.js';
import { SCHEMA_VERSION } from '../../src/library/schema.js';
import { bdbWith, call } from '../helpers/cli.js';
import { SchemaChecker } from '../helpers/json-schema.js';

const LLABBA = fileURLToPath(new URL('../history/llabba', import.meta.url));
const tmp = mkdtempSync(join(tmpdir(), 'bdb-find-'));
const lib = join(tmp, 'llabba.duckdb');
const L = ['--library', lib];

afterAll(() => rmSync(tmp, { recursive: true, force: true }));

interface Found {
  file: string;
  game: number;
  move: number;
  player: string;
  kind: string;
  dice: string | null;
  errorEmg: number | null;
  lossMwc: number | null;
  xgid: string | null;
  positionId: string | null;
}
interface FindJson {
  search: { name: string | null; filters: string };
  total: number;
  limit: number | null;
  decisions: Found[];
}

async function find(...args: string[]): Promise<FindJson> {
  const r = await call('find', ...L, '--json', ...args);
  expect(r.code, r.stderr).toBe(0);
  const j = JSON.parse(r.stdout) as FindJson;
  expect(new SchemaChecker().errors(j, 'docs/schema/find.schema.json')).toEqual([]);
  return j;
}

/** How many decisions pass (`--limit 1`: the count only matters). */
async function total(...args: string[]): Promise<number> {
  return (await find('--limit', '1', ...args)).total;
}

/** One number from `bdb sql` (plain columns only). */
async function sqlCount(where: string): Promise<number> {
  const r = await call(
    'sql',
    `SELECT count(*) AS n FROM decisions d JOIN matches m USING (match_id) WHERE ${where}`,
    ...L,
    '--json',
  );
  expect(r.code, r.stderr).toBe(0);
  return Number((JSON.parse(r.stdout) as { n: number }[])[0]!.n);
}

/** A block of gnuBG's text export: who moves, what, and the game it is in. */
interface Block {
  file: string;
  mover: string;
  /** The roll of a checker play, as printed; null for a double. */
  dice: string | null;
  /** Away scores of the mover and the other player when the game began; Crawford game. */
  away: number;
  otherAway: number;
  crawford: boolean;
  /** The mover's and the other player's checkers on the bar, from the diagram. */
  moverOnBar: boolean;
  otherOnBar: boolean;
}

/**
 * Every checker play and double of the text exports, read with regular expressions of this test (not bdb's
 * reader): the score line `The score (after N games) is: A a, B b (match to L points)[, Crawford game]`, the
 * diagram's `X: NAME` label (`X: NAME (Cube: 2)` when X owns the cube) and its bar column (`|BAR|`, the
 * three characters between the two halves), and the block heads.
 */
function readBlocks(): Block[] {
  const out: Block[] = [];
  for (const file of readdirSync(LLABBA).filter((f) => f.endsWith('.txt'))) {
    const text = readFileSync(join(LLABBA, file), 'utf8');
    const head =
      /^The score \(after \d+ games?\) is: (.+) (\d+), (.+) (\d+) \(match to (\d+) points?\)(, Crawford game)?/m.exec(
        text,
      );
    if (!head) throw new Error(`${file}: no score line`);
    const score = new Map([
      [head[1]!, Number(head[2])],
      [head[3]!, Number(head[4])],
    ]);
    const length = Number(head[5]);
    const parts = text.split(/^(?=Move number \d+:)/m).slice(1);
    for (const part of parts) {
      const m = /^Move number \d+: {2}(.+?) (?:to play (\d\d)|doubles to \d+)$/m.exec(part);
      if (!m) continue;
      const mover = m[1]!;
      const other = [...score.keys()].find((n) => n !== mover)!;
      const x = /X: (.+?)(?: \(Cube: \d+\))?$/m.exec(part)?.[1]?.trim();
      const moverMark = x === mover ? 'X' : 'O';
      const otherMark = moverMark === 'X' ? 'O' : 'X';
      const bar = [...part.matchAll(/^.\|.{18}\|(.{3})\|.{18}\|/gm)].map((b) => b[1]!).join('');
      out.push({
        file,
        mover,
        dice: m[2] ?? null,
        away: length - score.get(mover)!,
        otherAway: length - score.get(other)!,
        crawford: head[6] !== undefined,
        moverOnBar: bar.includes(moverMark),
        otherOnBar: bar.includes(otherMark),
      });
    }
  }
  return out;
}

describe('bdb find on Llabba’s history', () => {
  let blocks: Block[];
  let checker: Block[];
  beforeAll(async () => {
    const r = await call('import', LLABBA, ...L);
    expect(r.code, r.stderr).toBe(0);
    blocks = readBlocks();
    checker = blocks.filter((b) => b.dice !== null);
  }, 240_000);

  it('the text exports hold 25,591 checker plays and 676 doubles (the counts below start from them)', async () => {
    // every block of the 629 files: 25,531 + 60 "to play" heads, 674 + 2 "doubles to" heads (a name with spaces)
    expect(checker.length).toBe(25_591);
    expect(blocks.length - checker.length).toBe(676);
    expect(await total('--all-decisions', '--kind', 'checker')).toBe(25_591);
  });

  it('--dice in either order, and doubles; --kind take: one answer per double', async () => {
    const roll = (a: string, b: string): number => checker.filter((c) => c.dice === a || c.dice === b).length;
    expect(roll('31', '13')).toBe(1475);
    expect(await total('--all-decisions', '--dice', '31')).toBe(1475);
    expect(await total('--all-decisions', '--dice', '13')).toBe(1475);
    const doubles = checker.filter((c) => c.dice![0] === c.dice![1]).length;
    expect(await total('--all-decisions', '--dice', 'doubles')).toBe(doubles);
    expect(await total('--all-decisions', '--kind', 'take')).toBe(676);
  });

  it('--player (with an alias for the other spelling), --score and --crawford', async () => {
    const llabba = checker.filter((c) => c.mover.toLowerCase() === 'llabba').length;
    expect(
      await total('--all-decisions', '--kind', 'checker', '--player', 'Llabba', '--alias', 'llabba=Llabba'),
    ).toBe(llabba);
    const at = checker.filter((c) => c.away === 2 && c.otherAway === 4).length;
    expect(at).toBeGreaterThan(100);
    expect(await total('--all-decisions', '--kind', 'checker', '--score', '2-4')).toBe(at);
    const crawford = checker.filter((c) => c.crawford).length;
    expect(await total('--all-decisions', '--kind', 'checker', '--crawford')).toBe(crawford);
  });

  it('--pattern me:bar and opp:bar: the bar column of gnuBG’s diagrams', async () => {
    const mine = checker.filter((c) => c.moverOnBar).length;
    const theirs = checker.filter((c) => c.otherOnBar).length;
    expect(mine).toBeGreaterThan(500);
    expect(await total('--all-decisions', '--kind', 'checker', '--pattern', 'me:bar')).toBe(mine);
    expect(await total('--all-decisions', '--kind', 'checker', '--pattern', 'opp:bar')).toBe(theirs);
    expect(await total('--all-decisions', '--kind', 'checker', '--pattern', 'me:bar=0 opp:bar=0')).toBe(
      checker.filter((c) => !c.moverOnBar && !c.otherOnBar).length,
    );
  });

  // "BoardLord - Llabba 7pt Backgammon Studio 2023_08_09 18_11_07.txt", move 2, "Llabba to play 42" (Position
  // ID 4PPgASjgc/ABMA), read
  // from gnuBG's diagram in Llabba's numbering: Llabba 24-point ×2, 13 ×5, 8 ×3, 6 ×5; BoardLord (after
  // 24/23 13/8) on Llabba's 12 ×4, 17 ×4, 19 ×5, 2 ×1, 1 ×1; "Pip counts: O 161, X 167".
  const FIRST = 'BoardLord - Llabba 7pt Backgammon Studio 2023_08_09 18_11_07.txt';
  const opening = ['--all-decisions', '--player', 'Llabba', '--dice', '24'];
  /** The decisions of that match of the kind, at the position gnuBG's block prints (its Position ID). */
  const at = (j: FindJson, positionId: string, kind = 'checker'): Found[] =>
    j.decisions.filter((d) => d.file.endsWith(FIRST) && d.positionId === positionId && d.kind === kind);
  const MOVE_2 = '4PPgASjgc/ABMA';
  const MOVE_30 = '8e4DAIDd2wEAAA';

  it('a checker play read by hand: pattern, pips and XGID with wildcards', async () => {
    const pattern = 'me:24=2,13=5,8=3,6=5 opp:12=4,17=4,19=5,2=1,1=1';
    const j = await find(
      ...opening,
      '--pattern',
      pattern,
      '--pips-me',
      '167',
      '--pips-opp',
      '161',
      '--limit',
      '0',
    );
    expect(at(j, MOVE_2)).toHaveLength(1);
    expect(at(j, MOVE_2)[0]!.xgid).toMatch(/^XGID=-aa---E-C---dE---d-e----B-:0:0:1:42:/);
    // one count off: not found
    expect(
      at(await find(...opening, '--pattern', 'me:24=2,13=5,8=3,6=4', '--limit', '0'), MOVE_2),
    ).toHaveLength(0);
    expect(at(await find(...opening, '--pips-me', '168-', '--limit', '0'), MOVE_2)).toHaveLength(0);
    // the position as an XGID: whole, with ? in place of the opponent's back checkers, and one point wrong
    expect(
      at(
        await find(
          '--all-decisions',
          '--xgid',
          'XGID=-aa---E-C---dE---d-e----B-:0:0:1:42:0:0:0:7:10',
          '--limit',
          '0',
        ),
        MOVE_2,
      ),
    ).toHaveLength(1);
    expect(
      at(await find('--all-decisions', '--xgid', '-??---E-C---dE---d-e----B-', '--limit', '0'), MOVE_2),
    ).toHaveLength(1);
    expect(
      at(await find('--all-decisions', '--xgid', '-aa---E-C---dE---d-e----C-', '--limit', '0'), MOVE_2),
    ).toHaveLength(0);
  });

  // the same file, move 30: "BoardLord doubles to 4" (Position ID 8e4DAIDd2wEAAA), "* Llabba accepts". The
  // diagram is BoardLord's (the
  // doubler's) numbering; Llabba's checkers on its 19 ×5, 20 ×3, 21 ×4, 24 ×1 are Llabba's own 6, 5, 4 and 1,
  // two borne off; BoardLord's 6 ×3, 5 ×2, 4 ×4, 3 ×3, 2 ×2 are Llabba's 19–23, one off. "Pip counts: O 57,
  // X 62". The cube was BoardLord's at 2 (Llabba doubled at move 19, BoardLord accepted); 7-point match, 0-0.
  it('a take read by hand: the pattern and pips are those of the player who answers, in their numbering', async () => {
    const take = [
      '--all-decisions',
      '--kind',
      'take',
      '--player',
      'Llabba',
      '--pattern',
      'me:6=5,5=3,4=4,1=1,off=2 opp:19=3,20=2,21=4,22=3,23=2,off=1',
      '--pips-me',
      '62',
      '--pips-opp',
      '57',
      '--cube',
      '2',
      '--cube-owner',
      'opp',
      '--score',
      '7-7',
      '--limit',
      '0',
    ];
    expect(at(await find(...take), MOVE_30, 'take')).toHaveLength(1);
    // the doubler's view of the same points finds nothing for the taker
    expect(
      at(
        await find('--all-decisions', '--kind', 'take', '--pattern', 'me:19=5', '--limit', '0'),
        MOVE_30,
        'take',
      ),
    ).toHaveLength(0);
    expect(
      at(await find('--all-decisions', '--kind', 'take', '--race', '--limit', '0'), MOVE_30, 'take'),
    ).toHaveLength(1);
  });

  it('by default the mistakes, costliest in MWC first; the plain columns agree (bdb sql)', async () => {
    const j = await find('--kind', 'checker', '--dice', '31', '--limit', '0');
    expect(j.total).toBe(
      await sqlCount("d.counted AND d.error > 0 AND d.kind = 'checker' AND d.dice IN ('31', '13')"),
    );
    expect(j.decisions).toHaveLength(j.total);
    const losses = j.decisions.map((d) => d.lossMwc ?? -1);
    expect(losses).toEqual([...losses].sort((a, b) => b - a));
    const first = await find();
    expect(first.limit).toBe(20);
    expect(first.decisions).toHaveLength(20);
    expect(first.total).toBe(await sqlCount('d.counted AND d.error > 0'));
  });

  it('every decision listed passes through a temporary file, read back in order: the same outputs', () => {
    // a budget of 64 characters: each few rows go to the file (src/cli/spill.ts), as --limit 0 on a large
    // library sends them all
    for (const args of [['--json'], ['--boards'], []]) {
      const run = (spill: string | undefined) =>
        bdbWith({ env: { BDB_SPILL_CHARS: spill } }, 'find', ...L, '--limit', '0', '--dice', '65', ...args);
      const spilled = run('64');
      const held = run(undefined);
      expect(spilled.code, spilled.stderr).toBe(0);
      expect(spilled.stdout.length).toBeGreaterThan(10_000);
      expect(spilled.stdout).toBe(held.stdout);
    }
  });

  it('--min-error and --class at XG’s thresholds (20/80 mpt, src/metrics/thresholds.ts) and gnuBG’s (40/80)', async () => {
    expect(await total('--min-error', '0.1')).toBe(await sqlCount('d.counted AND d.error >= 0.1 - 1e-9'));
    expect(await total('--class', 'blunder')).toBe(await sqlCount('d.counted AND d.error >= 0.08 - 1e-9'));
    expect(await total('--class', 'error')).toBe(
      await sqlCount('d.counted AND d.error >= 0.02 - 1e-9 AND d.error < 0.08 - 1e-9'),
    );
    expect(await total('--class', 'doubtful')).toBe(
      await sqlCount('d.counted AND d.error > 0 AND d.error < 0.02 - 1e-9'),
    );
    expect(await total('--class', 'error', '--thresholds', 'gnubg')).toBe(
      await sqlCount('d.counted AND d.error >= 0.04 - 1e-9 AND d.error < 0.08 - 1e-9'),
    );
  });

  it('--plan, --phase, --theme, --cube, --event and dates agree with the plain columns (bdb sql)', async () => {
    expect(await total('--plan', 'holding', '--phase', 'middlegame')).toBe(
      await sqlCount("d.counted AND d.error > 0 AND d.game_plan = 'holding' AND d.phase = 'middlegame'"),
    );
    expect(await total('--theme', 'offer_missed')).toBe(
      await sqlCount("d.counted AND d.error > 0 AND d.theme = 'offer_missed'"),
    );
    expect(await total('--cube', '2', '--cube-owner', 'me', '--post-crawford')).toBe(
      await sqlCount(
        "d.counted AND d.error > 0 AND d.cube = 2 AND d.cube_owner = 'player' AND NOT d.crawford AND (d.away = 1 OR d.opponent_away = 1)",
      ),
    );
    expect(await total('--since', '2023-07-01', '--until', '2023-09-30', '--event', 'ONLINE')).toBe(
      await sqlCount(
        "d.counted AND d.error > 0 AND m.day BETWEEN DATE '2023-07-01' AND DATE '2023-09-30' AND m.event ILIKE '%online%'",
      ),
    );
  });

  it('saved searches: save, run, narrow, list, survive reopening, forget', async () => {
    const typed = await find('--kind', 'checker', '--dice', '31');
    const saved = await find('--save', 'thirty-ones', '--kind', 'checker', '--dice', '31');
    expect(saved.total).toBe(typed.total);
    expect(saved.search).toEqual({ name: 'thirty-ones', filters: '--kind checker --dice 31' });
    // another process: the library opened again
    const again = await find('thirty-ones');
    expect(again.decisions).toEqual(typed.decisions);
    const narrowed = await find('thirty-ones', '--pattern', 'me:bar');
    expect(narrowed.total).toBe(await total('--kind', 'checker', '--dice', '31', '--pattern', 'me:bar'));
    expect(narrowed.total).toBeLessThan(typed.total);
    expect(narrowed.search.filters).toBe('--kind checker --dice 31 and --pattern me:bar');
    const list = await call('find', '--saved', ...L, '--json');
    expect(JSON.parse(list.stdout).searches).toMatchObject([
      { name: 'thirty-ones', filters: '--kind checker --dice 31' },
    ]);
    expect(new SchemaChecker().errors(JSON.parse(list.stdout), 'docs/schema/find-saved.schema.json')).toEqual(
      [],
    );
    const gone = await call('find', '--forget', 'thirty-ones', ...L);
    expect(gone.code, gone.stderr).toBe(0);
    const none = await call('find', 'thirty-ones', ...L);
    expect([none.code, none.stderr]).toEqual([
      1,
      "bdb: no saved search named 'thirty-ones' (bdb find --saved lists them)\n",
    ]);
  });

  it('text: a heading, a line per decision; --boards a board under each; --html a page with a board each', async () => {
    const r = await call('find', ...L, '--player', 'Llabba', '--limit', '3', '--boards');
    expect(r.code, r.stderr).toBe(0);
    const lines = r.stdout.split('\n');
    expect(lines[0]).toMatch(/^\d+ decisions match \(--player Llabba\): the 3 that lost the most MWC shown$/);
    expect(lines.filter((l) => /^\d\. \d{4}-\d{2}-\d{2} · /.test(l))).toHaveLength(3);
    expect(lines.filter((l) => l.includes('BAR'))).toHaveLength(3);
    const page = join(tmp, 'find.html');
    const h = await call('find', ...L, '--player', 'Llabba', '--limit', '5', '--html', page);
    expect(h.code, h.stderr).toBe(0);
    const html = readFileSync(page, 'utf8');
    expect(html.match(/<svg[^>]*class="board"/g)).toHaveLength(5);
    expect(html).toContain('<h1>bdb find</h1>');
  });

  it('the point columns (schema 11) hold what the stored XGID says, from the decision maker’s side', async () => {
    // the XGID's character at index i (0–25) as a signed count: A–P the bottom side's 1–16, a–p the top's
    const val = (i: number): string =>
      `(CASE WHEN substr(d.xgid, ${6 + i}, 1) BETWEEN 'A' AND 'P' THEN ascii(substr(d.xgid, ${6 + i}, 1)) - 64
        WHEN substr(d.xgid, ${6 + i}, 1) BETWEEN 'a' AND 'p' THEN 96 - ascii(substr(d.xgid, ${6 + i}, 1)) ELSE 0 END)`;
    // the bottom side is on roll; a take's decision maker is the top side, whose point p is index 25 − p
    const expected = (c: string, p: number): string =>
      c === 'bar'
        ? `CASE WHEN d.kind = 'take' THEN -${val(0)} ELSE ${val(25)} END`
        : c === 'opponent_bar'
          ? `CASE WHEN d.kind = 'take' THEN ${val(25)} ELSE -${val(0)} END`
          : `CASE WHEN d.kind = 'take' THEN -${val(25 - p)} ELSE ${val(p)} END`;
    const wrong = POINT_COLUMNS.map((c, i) => `d.${c} IS DISTINCT FROM ${expected(c, i + 1)}`).join(' OR ');
    expect(await sqlCount(`d.xgid IS NOT NULL AND (${wrong})`)).toBe(0);
    // and they are filled: as many decisions with my checker on my 6-point and the opponent's on my 1-point
    // as the XGID's characters say
    expect(await sqlCount('d.p6 > 0 AND d.p1 < 0')).toBe(
      await sqlCount(`${expected('p6', 6)} > 0 AND ${expected('p1', 1)} < 0 AND d.xgid IS NOT NULL`),
    );
    expect(await sqlCount('d.p6 > 0')).toBeGreaterThan(0);
  });

  it('a schema 8 library is upgraded to the figures, point columns and saved searches an import stores', async () => {
    const old = join(tmp, 'old.duckdb');
    cpSync(lib, old);
    cpSync(`${lib}.sources`, `${old}.sources`, { recursive: true });
    const figures = `SELECT match_id, game, decision, pips, opponent_pips, borne_off, opponent_borne_off, contact,
      ${POINT_COLUMNS.join(', ')} FROM decisions ORDER BY ALL`;
    const read = async (path: string): Promise<unknown[][]> => {
      const inst = await DuckDBInstance.create(path, { access_mode: 'READ_ONLY' });
      const con = await inst.connect();
      const out = (await con.runAndReadAll(figures)).getRowsJS();
      con.closeSync();
      inst.closeSync();
      return out;
    };
    const stored = await read(lib);
    // the positions' figures every import stores: no decision with an XGID lacks them
    expect(stored.filter((r) => r[3] === null).length).toBe(await sqlCount('d.xgid IS NULL'));
    const inst = await DuckDBInstance.create(old);
    const con = await inst.connect();
    for (const c of ['pips', 'opponent_pips', 'borne_off', 'opponent_borne_off', 'contact', ...POINT_COLUMNS])
      await con.run(`ALTER TABLE decisions DROP COLUMN ${c}`);
    await con.run("DROP TABLE searches; UPDATE meta SET value = '8' WHERE key = 'schema_version'");
    con.closeSync();
    inst.closeSync();
    expect((await call('find', '--library', old)).stderr).toMatch(
      /library schema 8 needs upgrading: run bdb import once to upgrade it \(no file needed\)/,
    );
    // as the line says: bdb import with no file upgrades it, and says so
    const upgrade = await call('import', '--library', old);
    expect([upgrade.code, upgrade.stdout]).toEqual([
      0,
      `${old}: up to date (schema ${SCHEMA_VERSION}); no file given, nothing imported\n`,
    ]);
    // with no file and no library, it makes none
    const none = join(tmp, 'none.duckdb');
    const made = await call('import', '--library', none);
    expect([made.code, existsSync(none)]).toEqual([1, false]);
    expect(made.stderr).toMatch(/no library here/);
    expect(await read(old)).toEqual(stored);
    expect((await call('find', '--saved', '--library', old)).stdout).toMatch(/^no saved search/);
  });

  it('--save takes the writer’s lock: another process holding the library makes it wait, then stop', async () => {
    const inst = await DuckDBInstance.create(lib);
    try {
      const r = bdbWith(
        { env: { BDB_LIBRARY_WAIT_MS: '300' } },
        'find',
        ...L,
        '--save',
        'x',
        '--kind',
        'take',
      );
      expect(r.code).toBe(1);
      expect(r.stderr).toMatch(/^bdb: .*llabba\.duckdb: in use by another process/);
    } finally {
      inst.closeSync();
    }
    expect((await call('find', ...L, '--saved')).stdout).not.toMatch(/\bx\b/);
  });

  it('bad input: one clear line each', async () => {
    // values are bound, never spliced into the SQL: quotes and SQL in them are only text to match
    expect(await total('--event', "x' OR 1=1 --")).toBe(0);
    const who = await call('find', ...L, '--player', "x'); DROP TABLE decisions; --");
    expect(who.code).toBe(1);
    expect(who.stderr.split('\n')[0]).toMatch(/^bdb: no player 'x'\); DROP TABLE decisions; --'/);
    expect(await total('--all-decisions')).toBe(await sqlCount('TRUE'));
    const token = await call('find', ...L, '--pattern', 'me:6 you:5');
    expect([token.code, token.stderr]).toEqual([
      2,
      'bdb: --pattern: "you:5": the side is me or opp, not you (see bdb find --help)\n',
    ]);
    const point = await call('find', ...L, '--pattern', 'me:25');
    expect(point.stderr).toBe(
      'bdb: --pattern: "me:25": point 25 is not 1–24 (or bar, off) (see bdb find --help)\n',
    );
    const plan = await call('find', ...L, '--plan', 'prime');
    expect(plan.code).toBe(2);
    expect(plan.stderr).toContain('--plan expects one of race, bearin, crunch, backgame, acepoint, blitz');
    const nothing = await call('find', ...L, '--kind', 'take', '--dice', '31');
    expect([nothing.code, nothing.stdout]).toEqual([0, 'no decision matches: --kind take --dice 31\n']);
    const empty = join(tmp, 'empty.duckdb');
    expect((await call('alias', 'add', 'A', 'B', '--library', empty)).code).toBe(0);
    const e = await call('find', '--library', empty);
    expect([e.code, e.stderr]).toEqual([
      1,
      `bdb: ${empty}: no match in the library (bdb import adds some)\n`,
    ]);
    const missing = await call('find', '--library', join(tmp, 'none.duckdb'));
    expect(missing.code).toBe(1);
    expect(existsSync(join(tmp, 'none.duckdb'))).toBe(false);
  });
});
