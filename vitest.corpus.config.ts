import { defineConfig } from 'vitest/config';

// `BDB_CORPUS=DIR npm run parity:corpus`: not part of `npm test`; DIR is a folder of gnuBG-made matches (made by
// ../shared/tools/gnubg-corpus.sh; see test/corpus/gnubg-corpus.ts).
export default defineConfig({
  test: { include: ['test/corpus/*.ts'], testTimeout: 3_600_000 },
});
