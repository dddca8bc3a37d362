/**
 * `--met FILE`: the figures with another match equity table, named in the JSON settings. g0001.sgf (a
 * 3-point match played and analysed by gnuBG 1.07.001, test/reference-matches/README.md) read with gnuBG's
 * own Kazaross-XG2.xml gives exactly the default figures; with a hand-made 3-point table, the equity figures
 * (EMG, which no table enters) stay and the MWC ones change.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { call } from '../helpers/cli.js';
import { REF_DIR } from '../helpers/fixtures.js';
import { metXml, POST3, PRE3 } from '../helpers/met-xml.js';

const G0001 = `${REF_DIR}gnubg/g0001.sgf`;
const KAZAROSS = `${REF_DIR}met/Kazaross-XG2.xml`;
const tmp = mkdtempSync(join(tmpdir(), 'bdb-met-cli-'));
afterAll(() => rmSync(tmp, { recursive: true, force: true }));

interface Player {
  player: string;
  errorEmg: { total: number; checker: number };
  lossMwcPct: { total: number };
  l7MwcPct: number | null;
}
interface Stats {
  settings: { met: { name: string; file: string | null } };
  players: Player[];
}

async function stats(...args: string[]): Promise<Stats> {
  const r = await call('stats', G0001, '--json', ...args);
  expect(r.code).toBe(0);
  return JSON.parse(r.stdout) as Stats;
}

describe('--met FILE', () => {
  it("gnuBG's Kazaross-XG2.xml: the bundled table's figures, the file named", async () => {
    const base = await stats();
    const same = await stats('--met', KAZAROSS);
    expect(base.settings.met).toEqual({ name: 'Kazaross XG2 25 point MET', file: null });
    expect(same.settings.met).toEqual({ name: 'Kazaross XG2 25 point MET', file: KAZAROSS });
    expect(same.players).toEqual(base.players);
  });

  // the SGF stores cube equities as MWC (DA[]), turned into EMG with the table: only chequer play's EMG
  // (A[], stored as equity) is the same whatever the table
  it('another table: the same chequer-play equity, other MWC figures', async () => {
    const three = join(tmp, 'three.xml');
    writeFileSync(three, metXml('Three', PRE3, POST3));
    const base = await stats();
    const other = await stats('--met', three);
    expect(other.settings.met).toEqual({ name: 'Three', file: three });
    other.players.forEach((p, i) => {
      expect(p.errorEmg.checker).toBe(base.players[i]!.errorEmg.checker);
      expect(p.lossMwcPct.total).not.toBe(base.players[i]!.lossMwcPct.total);
    });
  });

  it('a bad file is a usage error naming it; with --library, --met is refused', async () => {
    const bad = join(tmp, 'bad.xml');
    writeFileSync(bad, 'not xml');
    const r = await call('stats', G0001, '--met', bad);
    expect(r.code).toBe(2);
    // a usage error ends with the pointer to the command's help
    expect(r.stderr).toBe(`bdb: --met ${bad}: not an XML file (see bdb stats --help)\n`);
    const rv = await call('review', G0001, '--met', bad);
    expect(rv.code).toBe(2);
    expect(rv.stderr).toBe(`bdb: --met ${bad}: not an XML file (see bdb review --help)\n`);
    const lib = await call('stats', '--library', join(tmp, 'lib.duckdb'), '--met', KAZAROSS);
    expect(lib.code).toBe(2);
    expect(lib.stderr).toContain('--met applies to match files');
  });
});
