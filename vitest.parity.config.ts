import { defineConfig } from 'vitest/config';

// `npm run parity`: gnuBG parity over the whole shared reference set. Unlike `npm test`, it needs the shared
// set beside the clone (../shared/reference-matches, located by test/helpers/fixtures.ts) and fails without it.
export default defineConfig({
  test: { include: ['test/parity/*.ts'], testTimeout: 300_000 },
});
