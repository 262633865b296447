import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { defineConfig, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';
import { leanEndpoints } from './build/lean-endpoints';
import { englishSubset } from './build/english-packs';

/** Where `vite dev` forwards API, WebSocket and image calls: a server started as the brief describes. */
const devServerTarget = process.env.KESTREL_DEV_API ?? 'http://127.0.0.1:8090';

const INERT_ZOD = fileURLToPath(new URL('./build/inert-zod.ts', import.meta.url));

/**
 * The contract's schemas serve the app as types only (build/inert-zod.ts says why), so for modules of
 * @kestrel/contract `zod` resolves to an inert builder. The app's own imports of zod are untouched.
 */
function inertContractSchemas(): Plugin {
  return {
    name: 'kestrel:inert-contract-schemas',
    enforce: 'pre',
    // Endpoints keep only what the app reads at run time (build/lean-endpoints.ts says why).
    transform(code, id) {
      if (!/[\\/]packages[\\/]contract[\\/]src[\\/]endpoints[\\/][^\\/]+\.ts$/.test(id)) return null;
      return { code: leanEndpoints(code, id), map: null };
    },
    resolveId(source, importer) {
      if (source === 'zod' && importer && /[\\/]packages[\\/]contract[\\/]/.test(importer)) return INERT_ZOD;
      return null;
    },
  };
}

/**
 * `en.json?english=<set>` answers the English keys of one set (build/english-packs.ts says why), so
 * the texts of lazy screens load with those screens and not with the first one.
 */
function englishPacks(): Plugin {
  const pattern = /[\\/]locales[\\/]en\.json\?english=([a-z-]+)$/;
  return {
    name: 'kestrel:english-packs',
    enforce: 'pre',
    load(id) {
      const set = pattern.exec(id)?.[1];
      if (!set) return null;
      const file = id.slice(0, id.indexOf('?'));
      this.addWatchFile(file);
      const pack = JSON.parse(readFileSync(file, 'utf8')) as Record<string, string>;
      return JSON.stringify(englishSubset(pack, set));
    },
  };
}

/**
 * Vendor chunks, split by when they are needed and how often they change:
 * - vendor-react: React, ReactDOM and the router, needed by every screen;
 * - vendor-data: TanStack Query, i18next, zustand;
 * - antd-mobile: antd-mobile's runtime (theme, utilities, react-spring, use-gesture, ahooks...).
 *   Its components are NOT forced in here: each goes with the screens that use it, so the tab bar
 *   and toast load with the shell while a dialog loads with the screen that opens one;
 * - charts: lightweight-charts, imported only by chart screens, so it never loads up front.
 * Icons (antd-mobile-icons) likewise travel with the screens that draw them.
 */
const CHUNK_RULES: readonly [RegExp, string | undefined][] = [
  [
    /node_modules\/(react|react-dom|scheduler|react-router|react-router-dom|cookie|set-cookie-parser)\//,
    'vendor-react',
  ],
  [/node_modules\/(lightweight-charts|fancy-canvas)\//, 'charts'],
  [
    /node_modules\/(@tanstack|i18next|react-i18next|html-parse-stringify|void-elements|zustand|use-sync-external-store)\//,
    'vendor-data',
  ],
  [/node_modules\/antd-mobile-icons\//, undefined],
  [/node_modules\/antd-mobile\/es\/components\/(?!config-provider\/)/, undefined],
];

function chunkOf(id: string): string | undefined {
  if (!id.includes('node_modules')) return undefined;
  for (const [pattern, chunk] of CHUNK_RULES) if (pattern.test(id)) return chunk;
  return 'antd-mobile';
}

export default defineConfig({
  plugins: [inertContractSchemas(), englishPacks(), react()],
  server: {
    proxy: {
      '/api': { target: devServerTarget, changeOrigin: true },
      '/img': { target: devServerTarget, changeOrigin: true },
      '/ws': { target: devServerTarget, ws: true, changeOrigin: true },
    },
  },
  build: {
    target: 'es2020',
    manifest: true,
    // The size budget (scripts/size.mjs) is the guard; Vite's own warning would only repeat it.
    chunkSizeWarningLimit: 600,
    rollupOptions: {
      output: { manualChunks: chunkOf },
      treeshake: {
        // DESIGN §1: @kestrel/domain and @kestrel/contract are pure (no I/O, nothing runs on import),
        // so a module of theirs that the app uses nothing from is left out entirely.
        moduleSideEffects: (id) => !/[\\/]packages[\\/](domain|contract)[\\/]/.test(id),
        // Building an endpoint or a schema has no side effects (and in this build the schemas are
        // inert): endpoints the app never calls are dropped, with their schemas.
        manualPureFunctions: ['defineEndpoint', 'quoteList', 'z'],
      },
    },
  },
});
