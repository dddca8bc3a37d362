#!/usr/bin/env node
/**
 * `npm run fuzz [-- --minutes N --seed S --only FORMAT]`: runs the mutation fuzzer (test/fuzz/fuzz.ts) with
 * vitest; the options go to it as BDB_FUZZ_MINUTES, BDB_FUZZ_SEED and BDB_FUZZ_ONLY. FORMAT: xg, xgp, sgf,
 * gnubg-text, xg-text, mat. Exit status: vitest's (1 when a case failed; the case is in test/fuzz-corpus/).
 */
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const env = { ...process.env };
const args = process.argv.slice(2);
for (let i = 0; i < args.length; i++) {
  const a = args[i];
  const v = args[i + 1];
  if (a === '--minutes' && v && Number(v) > 0) env.BDB_FUZZ_MINUTES = v;
  else if (a === '--seed' && v && /^\d+$/.test(v)) env.BDB_FUZZ_SEED = v;
  else if (a === '--only' && v) env.BDB_FUZZ_ONLY = v;
  else {
    console.error(`fuzz: ${a} ${v ?? ''}: expected --minutes N, --seed S or --only FORMAT`);
    process.exit(2);
  }
  i++;
}
const minutes = Number(env.BDB_FUZZ_MINUTES ?? '1');
const r = spawnSync(
  process.execPath,
  [
    'node_modules/vitest/vitest.mjs',
    'run',
    '--config',
    'vitest.fuzz.config.ts',
    // the run ends by itself when the time is up; vitest's own limit is above it
    `--testTimeout=${Math.ceil((minutes + 10) * 60_000)}`,
  ],
  { cwd: root, env, stdio: 'inherit' },
);
process.exit(r.status ?? 1);
