/**
 * What the npm package holds beside the code: the licence, the changelog, the documents and examples the
 * README links to, and example matches that are the reference files byte for byte; the build runs when
 * the package is packed, not when it is installed. The tarball itself is checked by scripts/check-pack.sh
 * (npm run check:pack, in .ci/run): packing rebuilds dist/, which the other tests use meanwhile.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { REF_DIR } from '../helpers/fixtures.js';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));
const pkg = JSON.parse(readFileSync(`${ROOT}package.json`, 'utf8')) as {
  license: string;
  files: string[];
  scripts: Record<string, string>;
};

/** Is `path` (relative to the root) in the tarball by package.json's `files`? */
function packed(path: string): boolean {
  return pkg.files.some((f) => path === f || path.startsWith(`${f}/`));
}

describe('the package', () => {
  it('LICENSE is the MIT licence package.json names, held by the bdb authors', () => {
    expect(pkg.license).toBe('MIT');
    const text = readFileSync(`${ROOT}LICENSE`, 'utf8');
    expect(text.split('\n')[0]).toBe('MIT License');
    expect(text).toMatch(/^Copyright \(c\) \d{4} the bdb authors$/m);
    expect(text).toContain('THE SOFTWARE IS PROVIDED "AS IS", WITHOUT WARRANTY OF ANY KIND');
  });

  it('CHANGELOG.md starts with the unreleased changes, and ships', () => {
    const text = readFileSync(`${ROOT}CHANGELOG.md`, 'utf8');
    expect(text.split('\n')[0]).toBe('# Changelog');
    expect(text).toMatch(/^## Unreleased$/m);
    expect(packed('CHANGELOG.md')).toBe(true);
  });

  it('builds when packed (prepack), not on every install (prepare)', () => {
    expect(pkg.scripts.prepare).toBeUndefined();
    expect(pkg.scripts.prepack).toContain('npm run build');
    // npm test still builds first
    expect(pkg.scripts.pretest).toContain('npm run build');
  });

  it('every file the README links to exists, and those under docs/ and examples/ ship', () => {
    const readme = readFileSync(`${ROOT}README.md`, 'utf8');
    const links = [...readme.matchAll(/\]\(([^)#\s]+)(?:#[^)]*)?\)/g)]
      .map((m) => m[1]!)
      .filter((l) => !/^[a-z]+:/.test(l));
    expect(links).toContain('docs/library.md');
    expect(links).toContain('examples/README.md');
    for (const link of links) {
      expect(existsSync(`${ROOT}${link}`), link).toBe(true);
      if (link.startsWith('docs/') || link.startsWith('examples/')) expect(packed(link), link).toBe(true);
    }
  });
});

describe('examples/matches', () => {
  it('holds byte-identical copies of two reference matches', () => {
    for (const [copy, original] of [
      ['examples/matches/test.xg', `${REF_DIR}xg/test.xg`],
      ['examples/matches/g0001.sgf', `${REF_DIR}gnubg/g0001.sgf`],
      ['examples/transcripts/match926877.txt', `${REF_DIR}galaxy/match926877.txt`],
    ] as const)
      expect(readFileSync(`${ROOT}${copy}`).equals(readFileSync(original)), copy).toBe(true);
  });
});

describe('examples/*.sh', () => {
  const scripts = readdirSync(`${ROOT}examples`).filter((f) => f.endsWith('.sh'));

  it('two or three of them, each run to exit 0 from any folder', () => {
    expect(scripts.length).toBeGreaterThanOrEqual(2);
    expect(scripts.length).toBeLessThanOrEqual(3);
    const out = mkdtempSync(join(tmpdir(), 'bdb-examples-'));
    for (const script of scripts) {
      // review.sh writes its page into the folder given
      const r = spawnSync('bash', [`${ROOT}examples/${script}`, out], {
        cwd: '/',
        encoding: 'utf8',
        timeout: 300_000,
      });
      expect(r.status, `${script}: ${r.stderr}`).toBe(0);
      if (script === 'stats.sh') {
        // eXtreme Gammon shows PR 7.79 and 13.87 over 162 and 140 decisions for test.xg
        // (test/reference-matches/README.md, expected/test.xg.json)
        expect(r.stdout).toContain('Kévin Unger: PR 7.79 over 162 decisions');
        expect(r.stdout).toContain('Maxence Job: PR 13.87 over 140 decisions');
      }
      if (script === 'review.sh') expect(existsSync(join(out, 'review.html'))).toBe(true);
    }
  }, 600_000);
});
