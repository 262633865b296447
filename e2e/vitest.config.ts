import { defineConfig } from 'vitest/config';

// End-to-end suites drive the built app in Chromium against real server processes. One file at a
// time: this machine has two cores, and a browser plus a server already fill them.
export default defineConfig({
  test: {
    include: ['e2e/**/*.e2e.test.ts'],
    testTimeout: 120_000,
    hookTimeout: 120_000,
    fileParallelism: false,
    pool: 'forks',
  },
});
