import { availableParallelism, tmpdir } from 'node:os';
import { join } from 'node:path';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    // the default reporter, and one line per check skipped because ../shared is absent (fixtures.ts shared())
    reporters: ['default', './test/helpers/skipped-reporter.ts'],
    // two test files at once even on two cores (vitest's default, cores − 1, runs one at a time there): most
    // files spend their time waiting on the `bdb` processes they start, which leaves the other core idle
    maxWorkers: Math.max(2, availableParallelism() - 1),
    testTimeout: 120_000,
    // a beforeAll that imports or analyses the reference matches takes more than the default 10 s under load
    hookTimeout: 300_000,
    // every `bdb` the tests run reads no configuration file of the machine's user (src/cli/config.ts): a
    // folder that does not exist; the configuration's own tests give theirs
    env: { XDG_CONFIG_HOME: join(tmpdir(), 'bdb-tests-no-config') },
  },
});
