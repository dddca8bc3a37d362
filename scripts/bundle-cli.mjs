// The command's bundle: `npm run build` compiles src/ into dist/ (tsc), then this script joins the CLI's
// modules and the pure-JS dependencies (commander, cli-table3, simple-statistics) into chunks
// under dist/bundle/, which bin/bdb.js runs. `bdb stats test.xg` then opens 30 JavaScript files instead of
// 119 and ends about 0.05 s sooner (0.39 against 0.45 s), and each worker thread of `--jobs` starts
// sooner too (bench/README.md, startup section).
//
// The commands still load lazily: each is its own chunk, loaded when named (`--splitting`).
// dist/index.js (the library's API) stays as tsc wrote it; only the command is bundled.
//
// What stays outside the bundle, loaded from node_modules at run time:
// - @duckdb/node-api (a native addon), fast-xml-parser and iconv-lite, each required through createRequire
//   when first needed (iconv-lite for charsets other than UTF-8, ISO-8859-1 and Windows-1252: bundled, its
//   tables of Asian code pages made a 0.7 MB chunk that every reading command compiled);
// - data/kazaross-xg2.json, found two levels above the module that reads it: dist/bundle/ is two levels
//   below the package's root, as dist/met/ is (src/met/load.ts).
// The worker threads' entry points keep their names (read-worker.js, import-worker.js) beside the chunk
// that starts them, as `new URL('./read-worker.js', import.meta.url)` expects.
import { rmSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const outdir = join(root, 'dist', 'bundle');

rmSync(outdir, { recursive: true, force: true });
await build({
  absWorkingDir: root,
  entryPoints: {
    main: 'dist/cli/main.js',
    'read-worker': 'dist/cli/read-worker.js',
    'import-worker': 'dist/library/import-worker.js',
  },
  outdir,
  bundle: true,
  splitting: true,
  format: 'esm',
  platform: 'node',
  target: 'node20',
  chunkNames: 'chunk-[hash]',
  external: ['@duckdb/node-api', 'iconv-lite', 'fast-xml-parser'],
  // commander and cli-table3 are CommonJS: their require('node:events') … need a require in an ES module
  banner: {
    js: "import { createRequire as bdbCreateRequire } from 'node:module'; const require = bdbCreateRequire(import.meta.url);",
  },
  logLevel: 'warning',
});
