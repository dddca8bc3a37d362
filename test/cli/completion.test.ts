/**
 * `bdb completion bash|zsh|fish`: scripts the shells accept, naming every command and option of the
 * program, and completing as a user types. bash is always checked; zsh and fish when they are installed
 * (.ci/run installs them).
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type Command, Help } from 'commander';
import { beforeAll, describe, expect, it } from 'vitest';
import { buildProgram } from '../../src/cli/main.js';
import { bdb } from '../helpers/cli.js';

const dir = mkdtempSync(join(tmpdir(), 'bdb-completion-'));
/** The shells' environment: fish keeps its own files under XDG_CONFIG_HOME, here a folder of this test's. */
const env = { ...process.env, XDG_CONFIG_HOME: dir, XDG_DATA_HOME: dir };

/** Is this shell installed? */
function has(shell: string): boolean {
  return spawnSync(shell, ['-c', 'exit 0'], { env }).status === 0;
}

/** Every command under `bdb`, as its path of names, with its long options. */
let commands: { path: string[]; options: string[] }[] = [];

beforeAll(async () => {
  const program = await buildProgram();
  const help = new Help();
  const walk = (cmd: Command, path: string[]): void => {
    for (const sub of cmd.commands) {
      const p = [...path, sub.name()];
      commands.push({ path: p, options: help.visibleOptions(sub).flatMap((o) => (o.long ? [o.long] : [])) });
      walk(sub, p);
    }
  };
  commands = [];
  walk(program, []);
});

/** The script of a shell, written to a file. */
function script(shell: string): string {
  const r = bdb('completion', shell);
  expect(r.code, r.stderr).toBe(0);
  expect(r.stderr).toBe('');
  const file = join(dir, `bdb.${shell}`);
  writeFileSync(file, r.stdout);
  return file;
}

/** What bash's completion offers for the words typed (the last one being completed). */
function bashComplete(file: string, ...words: string[]): string[] {
  const r = spawnSync(
    'bash',
    [
      '-c',
      `source "$1"; shift; COMP_WORDS=("$@"); COMP_CWORD=$(($# - 1)); _bdb_complete; printf '%s\\n' "\${COMPREPLY[@]}"`,
      'bash',
      file,
      ...words,
    ],
    { encoding: 'utf8' },
  );
  expect(r.status, r.stderr).toBe(0);
  return r.stdout.split('\n').filter((l) => l !== '');
}

describe('bash', () => {
  it('bash -n accepts the script, which names every command and its options', () => {
    const file = script('bash');
    const r = spawnSync('bash', ['-n', file], { encoding: 'utf8' });
    expect(r.status, r.stderr).toBe(0);
    const text = bdb('completion', 'bash').stdout;
    expect(commands.length).toBeGreaterThan(20);
    for (const { path, options } of commands) {
      const node = `'/${path.join('/')}')`;
      expect(text, path.join(' ')).toContain(node);
      const line = text.split('\n').find((l) => l.trim().startsWith(node))!;
      for (const o of options) expect(line, `${path.join(' ')} ${o}`).toMatch(new RegExp(`[' ]${o}[' ]`));
    }
  });

  it('completes commands, subcommands, options and choices as typed', () => {
    const file = script('bash');
    const top = commands.filter((c) => c.path.length === 1).map((c) => c.path[0]!);
    expect(bashComplete(file, 'bdb', '')).toEqual([...top, 'help']);
    expect(bashComplete(file, 'bdb', 'st')).toEqual(top.filter((n) => n.startsWith('st')));
    expect(bashComplete(file, 'bdb', 'stats', '--th')).toEqual(['--thresholds']);
    expect(bashComplete(file, 'bdb', 'tournament', 'p')).toEqual(['pair']);
    expect(bashComplete(file, 'bdb', 'completion', '')).toEqual(['bash', 'zsh', 'fish']);
    expect(bashComplete(file, 'bdb', 'config', 'get', '')).toEqual([
      'player',
      'aliases',
      'thresholds',
      'library',
      'gnubg',
    ]);
    expect(bashComplete(file, 'bdb', 'help', 'tou')).toEqual(['tournament']);
    // an option's value and a command's paths: the shell's own file names (nothing offered here)
    expect(bashComplete(file, 'bdb', 'stats', '--player', '')).toEqual([]);
    expect(bashComplete(file, 'bdb', 'stats', 'x.xg', '')).toEqual([]);
    // a word that is an option's value is not a command
    expect(bashComplete(file, 'bdb', 'stats', '--player', 'plan', '--po')).toEqual([]);
  });
});

describe.skipIf(!has('zsh'))('zsh', () => {
  it('zsh -n accepts the script; it offers commands, options and choices', () => {
    const file = script('zsh');
    expect(spawnSync('zsh', ['-n', file]).status).toBe(0);
    // the completion system's functions replaced by ones that print what they are given
    const probe = `compdef() { :; }
_describe() { local arr=$4; print -r -- "\${(P)arr}"; }
compadd() { print -r -- "\${(P)2}"; }
_files() { print -r -- FILES; }
source "$1"; shift; words=("$@"); CURRENT=$#; _bdb`;
    const z = (...words: string[]) =>
      spawnSync('zsh', ['-c', probe, 'zsh', file, ...words], { encoding: 'utf8' }).stdout.trim();
    expect(z('bdb', 'tournament', '')).toMatch(/^standings:.* pair:.* review:/);
    expect(z('bdb', 'stats', '--')).toContain('--thresholds:');
    expect(z('bdb', 'completion', '')).toBe('bash zsh fish');
    expect(z('bdb', 'stats', '')).toBe('FILES');
  });
});

describe.skipIf(!has('fish'))('fish', () => {
  it('fish -n accepts the script; complete -C offers commands, options and choices', () => {
    const file = script('fish');
    expect(spawnSync('fish', ['-n', file], { env }).status).toBe(0);
    const f = (line: string) =>
      spawnSync('fish', ['-c', `source $argv[1]; complete -C '${line}'`, file], { encoding: 'utf8', env })
        .stdout.split('\n')
        .filter((l) => l !== '')
        .map((l) => l.split('\t')[0]);
    expect(f('bdb st')).toEqual(['stats', 'study']);
    expect(f('bdb stats --th')).toEqual(['--thresholds']);
    expect(f('bdb tournament p')).toEqual(['pair']);
    expect(f('bdb completion ')).toEqual(['bash', 'fish', 'zsh']);
  });
});
