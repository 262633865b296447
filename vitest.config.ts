import path from 'node:path';
import { defineConfig } from 'vitest/config';

// One runner for the whole house. Web component tests opt into jsdom per file
// (`// @vitest-environment jsdom`), everything else runs in Node.
export default defineConfig({
  resolve: {
    // Tests see every English text, as the running app does once the server's pack (or every lazy
    // set) has loaded. Which set carries which key is checked by english-packs.test.ts and the
    // contract's web-entry test; the split itself only matters to the first screen's size budget.
    alias: [
      {
        find: /^@kestrel\/contract\/english\/[a-z-]+\.json$/,
        replacement: path.resolve(import.meta.dirname, 'packages/contract/src/i18n/locales/en.json'),
      },
    ],
  },
  test: {
    include: [
      'packages/*/src/**/*.test.ts',
      'apps/server/src/**/*.test.ts',
      'apps/web/src/**/*.test.{ts,tsx}',
      'apps/admin/src/**/*.test.{ts,tsx}',
    ],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    pool: 'forks',
    setupFiles: ['./vitest.setup.ts'],
  },
});
