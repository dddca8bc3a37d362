/**
 * What every run of `bdb` loads before it knows the command (src/cli/main.ts and what it imports
 * statically: the configuration, the help, the errors) reads no match: the readers, the analysis and the
 * library and the match equity tables are loaded by the commands that need them (main.ts's lazy command
 * table), so `bdb --version`, `bdb config` and `bdb sql` stay quick.
 */
import { readFileSync } from 'node:fs';
import { dirname, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, it } from 'vitest';

const SRC = fileURLToPath(new URL('../../src/', import.meta.url));

/** The files `file` imports at run time (not `import type`, not `import()`), and theirs. */
function staticImports(file: string, seen = new Set<string>()): Set<string> {
  if (seen.has(file)) return seen;
  seen.add(file);
  const text = readFileSync(file, 'utf8');
  for (const m of text.matchAll(/^import\s+(?!type\s)[^;]*?from\s+'(\.[^']+)\.js';/gms))
    staticImports(resolve(dirname(file), `${m[1]}.ts`), seen);
  return seen;
}

it('src/cli/main.ts loads no reader, analysis or library module before the command is known', () => {
  const loaded = [...staticImports(`${SRC}cli/main.ts`)].map((f) => relative(SRC, f)).sort();
  expect(loaded).toContain('cli/config.ts');
  expect(loaded).toContain('cli/help.ts');
  expect(loaded.filter((f) => /^(parsers|library|history|report)\/|^analyse\.ts$/.test(f))).toEqual([]);
  // nor the match equity tables (the configuration names the threshold presets, a leaf module)
  expect(loaded.filter((f) => /^met\/|^metrics\/(?!thresholds\.ts$)/.test(f))).toEqual([]);
});

/** The packages the files of `files` import at run time (not `import type`, not `import()`, not `require`). */
function packagesOf(files: Iterable<string>): Set<string> {
  const out = new Set<string>();
  for (const file of files)
    for (const m of readFileSync(file, 'utf8').matchAll(
      /^import\s+(?!type\s)[^;]*?from\s+'([^.'][^']*)';/gms,
    ))
      if (!m[1]!.startsWith('node:')) out.add(m[1]!);
  return out;
}

it('bdb stats on files loads neither DuckDB, the library, the workers nor the MET XML parser', () => {
  // the command's module and the file route's reader (imported by it when it reads files)
  const graph = staticImports(`${SRC}cli/commands/stats.ts`, staticImports(`${SRC}cli/match-input.ts`));
  const loaded = [...graph].map((f) => relative(SRC, f));
  const library = loaded.filter((f) =>
    /^library\/(open|duckdb|sql|schema|read|totals|import|import-pool|rows)\.ts$|^cli\/read-pool\.ts$|^core\/worker-pool\.ts$/.test(
      f,
    ),
  );
  expect(library).toEqual([]);
  // fast-xml-parser is loaded by `--met FILE` only (src/met/xml.ts requires it on first use), iconv-lite by
  // a text in a charset other than UTF-8, ISO-8859-1 or Windows-1252 (src/parsers/text-decode.ts)
  expect([...packagesOf(graph)].sort()).toEqual(['commander', 'simple-statistics']);
});
