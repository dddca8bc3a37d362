import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: { include: ['test/corpus/*.ts'], testTimeout: 3_600_000 },
});
