/**
 * Help that teaches: `bdb --help` and every command's `--help` fit 80 columns and give examples, what the
 * command reads and its exit codes; every example runs as printed (exit 0) from a folder holding
 * examples/, as a user would paste it.
 */
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Command } from 'commander';
import { beforeAll, describe, expect, it } from 'vitest';
import { COMMAND_HELP } from '../../src/cli/help.js';
import { buildProgram } from '../../src/cli/main.js';
import { BIN, call } from '../helpers/cli.js';

const EXAMPLES = fileURLToPath(new URL('../../examples', import.meta.url));

/** Every command of the program by its path under `bdb` (`stats`, `tournament pair`). */
let paths: string[] = [];

beforeAll(async () => {
  const program = await buildProgram();
  const walk = (cmd: Command, prefix: string[]): string[] =>
    cmd.commands.flatMap((c) => [[...prefix, c.name()].join(' '), ...walk(c, [...prefix, c.name()])]);
  paths = walk(program, []);
});

/** The example command lines of a help text (`  $ bdb …`). */
function examples(help: string): string[] {
  return help
    .split('\n')
    .filter((l) => l.startsWith('  $ '))
    .map((l) => l.slice(4));
}

describe('every command has its help', () => {
  it('an entry per command, and no entry without a command', () => {
    expect(paths.length).toBeGreaterThan(20);
    expect(paths.filter((p) => !(p in COMMAND_HELP))).toEqual([]);
    expect(Object.keys(COMMAND_HELP).filter((k) => !paths.includes(k))).toEqual([]);
  });

  it('bdb --help and each command --help: at most 80 columns, examples, inputs, exit codes', async () => {
    for (const path of ['', ...paths]) {
      const r = await call(...path.split(' ').filter((w) => w !== ''), '--help');
      const name = `bdb ${path} --help`;
      expect(r.code, name).toBe(0);
      const long = r.stdout.split('\n').filter((l) => [...l].length > 80);
      expect(long, name).toEqual([]);
      expect(examples(r.stdout).length, name).toBeGreaterThanOrEqual(2);
      expect(examples(r.stdout).length, name).toBeLessThanOrEqual(3);
      if (path === '') continue;
      // exit codes as src/cli/exit.ts numbers them
      expect(r.stdout.replace(/\s+/g, ' '), name).toMatch(/ Exit codes: 0 [^;]*; (1 [^;]*; )?2 usage error/);
      if (COMMAND_HELP[path]!.reads !== 'none') expect(r.stdout, name).toContain('\nReads');
    }
  });

  it('a command reading matches names every format of the registry', async () => {
    const r = await call('stats', '--help');
    const text = r.stdout.replace(/\s+/g, ' ');
    for (const f of [
      'eXtreme Gammon (.xg, .xgp)',
      'GNU Backgammon SGF (.sgf)',
      '(.mat:',
      'text export (.txt)',
    ])
      expect(text).toContain(f);
  });

  it('the options the configuration gives a default for are named', async () => {
    expect((await call('stats', '--help')).stdout.replace(/\s+/g, ' ')).toContain(
      'Defaults: bdb config sets --player, --alias, --thresholds, the library',
    );
    // review takes the shared reading options: --player and --alias too
    expect((await call('review', '--help')).stdout.replace(/\s+/g, ' ')).toContain(
      'Defaults: bdb config sets --player, --alias, --thresholds (bdb config --help)',
    );
  });
});

describe('every example runs as printed', () => {
  it('from a folder holding examples/, each exits 0', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'bdb-help-examples-'));
    symlinkSync(EXAMPLES, join(dir, 'examples'));
    const bin = join(dir, 'bin');
    mkdirSync(bin);
    writeFileSync(join(bin, 'bdb'), `#!/bin/sh\nexec "${process.execPath}" "${BIN}" "$@"\n`, { mode: 0o755 });
    // the user's folders, empty: fish, when installed, has made its completions folder
    const home = join(dir, 'home');
    mkdirSync(join(home, '.config', 'fish', 'completions'), { recursive: true });
    const env = {
      ...process.env,
      PATH: `${bin}:${process.env.PATH}`,
      HOME: home,
      XDG_CONFIG_HOME: join(home, '.config'),
      XDG_DATA_HOME: join(home, '.local', 'share'),
      BDB_LIBRARY: '',
      NO_COLOR: '1',
    };
    const lines: string[] = [];
    // in the order of COMMAND_HELP, which makes what the next ones use (the library, the settings)
    for (const path of Object.keys(COMMAND_HELP)) {
      for (const line of examples((await call(...path.split(' '), '--help')).stdout))
        if (!lines.includes(line)) lines.push(line);
    }
    expect(lines.length).toBeGreaterThan(40);
    const failed: string[] = [];
    for (const line of lines) {
      const r = spawnSync('bash', ['-c', line], { cwd: dir, env, encoding: 'utf8', timeout: 120_000 });
      if (r.status !== 0) failed.push(`${line}: exit ${r.status}: ${r.stderr.trim()}`);
    }
    expect(failed).toEqual([]);
    // some 55 runs of bdb, a few with DuckDB: about 2 minutes on a loaded 2-core machine
  }, 600_000);
});
