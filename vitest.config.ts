import { defineConfig } from 'vitest/config';

// One runner for the whole house. Web component tests opt into jsdom per file
// (`// @vitest-environment jsdom`), everything else runs in Node.
export default defineConfig({
  test: {
    include: ['packages/*/src/**/*.test.ts', 'apps/server/src/**/*.test.ts', 'apps/web/src/**/*.test.{ts,tsx}'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    pool: 'forks',
    setupFiles: ['./vitest.setup.ts'],
  },
});
