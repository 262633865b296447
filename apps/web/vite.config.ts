import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';

/** Where `vite dev` forwards API, WebSocket and image calls: a server started as the brief describes. */
const devServerTarget = process.env.KESTREL_DEV_API ?? 'http://127.0.0.1:8090';

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
  // The rich-text sanitizer travels with the screens that show operator HTML (notices, help articles).
  [/node_modules\/dompurify\//, undefined],
  // The QR encoder travels with the invitation poster, the one screen that draws a QR code.
  [/node_modules\/(qrcode|dijkstrajs)\//, undefined],
  [/node_modules\/antd-mobile\/es\/components\/(?!config-provider\/)/, undefined],
];

function chunkOf(id: string): string | undefined {
  if (!id.includes('node_modules')) return undefined;
  for (const [pattern, chunk] of CHUNK_RULES) if (pattern.test(id)) return chunk;
  return 'antd-mobile';
}

export default defineConfig({
  // No build tricks: the app imports the contract's schema-free view (@kestrel/contract/web), so zod and
  // the endpoint schemas never enter the bundle, and each English set is a plain JSON file.
  plugins: [react()],
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
        // Building a route has no side effects: routes the app never calls are dropped.
        manualPureFunctions: ['route'],
      },
    },
  },
});
