// The command's bundle: `npm run build` compiles src/ into dist/ (tsc), then this script joins the CLI's
// modules and the pure-JS dependencies (commander, simple-statistics, ts-fsrs) into chunks
// under dist/bundle/, which bin/bdb.js runs. `bdb stats test.xg` then opens 30 JavaScript files instead of
// 119 and ends about 0.05 s sooner (0.39 against 0.45 s), and each worker thread of `--jobs` starts
// sooner too (bench/README.md, startup section).
//
// The commands still load lazily: each is its own chunk, loaded when named (`--splitting`).
// dist/index.js (the library's API) stays as tsc wrote it; only the command is bundled.
//
// What stays outside the bundle, loaded from node_modules at run time:
// - DuckDB's native addon (the `.node` file of @duckdb/node-bindings-PLATFORM; the few lines of
//   @duckdb/node-bindings that choose it are bundled), fast-xml-parser and iconv-lite, each required when first
//   needed (iconv-lite for charsets other than UTF-8, ISO-8859-1 and Windows-1252: bundled, its
//   tables of Asian code pages made a 0.7 MB chunk that every reading command compiled);
// - data/kazaross-xg2.json, found two levels above the module that reads it: dist/bundle/ is two levels
//   below the package's root, as dist/met/ is (src/met/load.ts).
// The worker threads' entry points keep their names (read-worker.js, import-worker.js, inflate-worker.js)
// beside the chunk that starts them, as `new URL('./read-worker.js', import.meta.url)` expects.
import { createHash } from 'node:crypto';
import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');

/**
 * commander loads node:child_process when it is loaded, for subcommands that are programs of their own
 * (bdb has none), and with it net, dgram and the socket list: about 9 ms of every run (a CPU profile of
 * `bdb stats` on one match). So does detect-libc, which @duckdb/node-bindings asks whether Linux's C
 * library is musl, for a command it runs only when reading the node binary's header did not tell: 5–7 ms
 * of every command opening a library (`require('@duckdb/node-bindings')` 18.7–19.5 ms against 12.5–13.8 ms
 * for its addon alone, 3 runs each). Their `require('node:child_process')` becomes an object whose
 * functions they call (`spawn`; `exec`, `execSync`) load the module when called.
 */
const lazyChildProcess = {
  name: 'lazy-child-process',
  setup(b) {
    b.onResolve({ filter: /^(node:)?child_process$/ }, (args) =>
      /[\\/](commander|detect-libc)[\\/]/.test(args.importer)
        ? { path: 'child_process', namespace: 'bdb-lazy' }
        : undefined,
    );
    b.onLoad({ filter: /.*/, namespace: 'bdb-lazy' }, () => ({
      contents: `const load = () => require('node:child_process');
module.exports = {
  spawn: (...args) => load().spawn(...args),
  exec: (...args) => load().exec(...args),
  execSync: (...args) => load().execSync(...args),
};`,
      loader: 'js',
    }));
  },
};

/**
 * @duckdb/node-api, DuckDB's JavaScript API over its native addon, is 124 CommonJS files: requiring them
 * from node_modules took 55–75 ms of every library command (resolving each file, then compiling it; a CPU
 * profile of `require('@duckdb/node-api')`). Bundled, they are compiled with the command and come from the
 * code cache; only the addon (@duckdb/node-bindings) is still loaded from node_modules. src/library/duckdb.ts
 * requires the API through `createRequire` (tsc's ES modules have no `require`), which esbuild cannot
 * follow: in the bundle that call becomes a plain `require`, which it bundles.
 */
const DUCKDB_REQUIRE = "createRequire(import.meta.url)('@duckdb/node-api')";
const bundledDuckdb = {
  name: 'bundled-duckdb',
  setup(b) {
    b.onLoad({ filter: /[\\/]dist[\\/]library[\\/]duckdb\.js$/ }, (args) => {
      const text = readFileSync(args.path, 'utf8');
      if (!text.includes(DUCKDB_REQUIRE)) {
        return {
          errors: [{ text: `${args.path} no longer holds ${DUCKDB_REQUIRE}: update bundle-cli.mjs` }],
        };
      }
      return { contents: text.replace(DUCKDB_REQUIRE, "require('@duckdb/node-api')"), loader: 'js' };
    });
  },
};
const outdir = join(root, 'dist', 'bundle');

/**
 * What both builds share: node 20, the packages loaded at run time, commander's lazy child_process, DuckDB's
 * API bundled.
 */
const common = {
  absWorkingDir: root,
  bundle: true,
  platform: 'node',
  target: 'node20',
  // the addon itself (a `.node` file) is loaded by node; the JavaScript choosing it is bundled
  external: ['*.node', 'iconv-lite', 'fast-xml-parser'],
  // @duckdb/node-bindings names the addon of an unknown platform by a template: left to node at run time
  logOverride: { 'unsupported-require-call': 'silent' },
  plugins: [lazyChildProcess, bundledDuckdb],
  // Without the indentation and comments, the script is 1.4 MB instead of 1.9: V8 still scans the source
  // of every function it compiles that the code cache does not hold, and the worker threads compile their
  // chunks whole. `bdb stats` on one match: 0.90× the wall time (20 pairs in turn, load 0.7). Names are
  // kept, so CPU profiles and error messages still name bdb's functions.
  minifyWhitespace: true,
  logLevel: 'warning',
};

rmSync(outdir, { recursive: true, force: true });
await build({
  ...common,
  entryPoints: {
    main: 'dist/cli/main.js',
    'read-worker': 'dist/cli/read-worker.js',
    'import-worker': 'dist/library/import-worker.js',
    'inflate-worker': 'dist/library/inflate-worker.js',
  },
  outdir,
  splitting: true,
  format: 'esm',
  chunkNames: 'chunk-[hash]',
  // commander is CommonJS: its require('node:events') … need a require in an ES module
  banner: {
    js: "import { createRequire as bdbCreateRequire } from 'node:module'; const require = bdbCreateRequire(import.meta.url);",
  },
});

// The command as one CommonJS script, dist/bundle/cli.cjs, which bin/bdb.js compiles through V8's code
// cache (node:vm's cachedData; Node 20 has no code cache for ES modules): a run whose command has been run
// before deserialises the compiled functions instead of parsing and compiling them. The ES chunks above
// stay for the worker threads, which start from read-worker.js / import-worker.js beside this file, and
// for the tests, which call the bundle's `run` in their own process.
// Its first line names a hash of its text: bin/bdb.js keys its cache files by it, so no cache is ever
// used with another build's text (V8 itself checks the text's length, not its content).
const cli = await build({
  ...common,
  entryPoints: ['dist/cli/main.js'],
  outfile: join(outdir, 'cli.cjs'),
  format: 'cjs',
  // the modules' own URL (workers, data, createRequire) is the script's: it sits beside the ES chunks
  define: { 'import.meta.url': 'bdbScriptUrl' },
  banner: { js: "const bdbScriptUrl = require('node:url').pathToFileURL(__filename).href;" },
  write: false,
});
const text = cli.outputFiles[0].text;
// No character above U+00FF, so that V8 holds the script (and the copy it compiles) one byte a character:
// one such character makes the whole text two bytes a character, 2.8 MB instead of 1.4 (each). esbuild
// writes them as escapes, but not in a regular expression literal or a String.raw template: write them as
// escapes there (\uFF1A).
let wide = -1;
for (let i = 0; i < text.length && wide < 0; i++) if (text.charCodeAt(i) > 0xff) wide = i;
if (wide >= 0) {
  const around = text.slice(Math.max(0, wide - 60), wide + 20);
  throw new Error(
    `bundle-cli: dist/bundle/cli.cjs holds a character above U+00FF in …${around}…: write it as an escape`,
  );
}
const hash = createHash('sha256').update(text).digest('hex').slice(0, 16);
writeFileSync(join(outdir, 'cli.cjs'), `// bdb-cli ${hash}\n${text}`);
