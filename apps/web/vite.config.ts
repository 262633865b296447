import { createHash } from 'node:crypto';
import { createRequire } from 'node:module';
import path from 'node:path';
import { defineConfig, type Plugin } from 'vite';
import type { OutputBundle, OutputChunk } from 'rollup';
import react from '@vitejs/plugin-react';

/** Where `vite dev` forwards API, WebSocket and image calls: a server started as the brief describes. */
const devServerTarget = process.env.KESTREL_DEV_API ?? 'http://127.0.0.1:8090';

/**
 * Vendor chunks, split by when they are needed and how often they change:
 * - vendor-react: React, ReactDOM and the router, needed by every screen;
 * - vendor-data: TanStack Query, i18next, zustand;
 * - antd-mobile: antd-mobile's runtime (theme, utilities, ahooks...).
 *   Its components are NOT forced in here: each goes with the screens that use it, so the tab bar
 *   and toast load with the shell while a dialog loads with the screen that opens one;
 * - antd-mobile-motion: react-spring, use-gesture and the antd-mobile utilities that import them. Only
 *   animated or draggable components (popups, masks, pull to refresh, swipers) need them, so they stay
 *   out of the runtime the shell loads up front;
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
  [
    /node_modules\/(@react-spring|@use-gesture)\/|node_modules\/antd-mobile\/es\/utils\/(reduce-and-restore-motion|use-drag-and-pinch|use-tab-list-scroll)\./,
    'antd-mobile-motion',
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

/** The service worker's source, bundled on its own to /sw.js (scope: the whole app). */
const SERVICE_WORKER_SOURCE = path.resolve(import.meta.dirname, 'src/shared/offline/service-worker.ts');
/**
 * Screens the worker keeps besides the entry: the launch page that opens the app, and the pages a
 * failure leads to (network error, line switch), so they can be shown with no network at all.
 */
const OFFLINE_SCREENS = [
  'src/features/launch/screens/LaunchScreen.tsx',
  'src/features/network-error/screens/NetworkErrorScreen.tsx',
  'src/features/language/screens/LineScreen.tsx',
];
/** Unhashed files of the shell (apps/web/index.html and public/). */
const OFFLINE_PUBLIC_FILES = ['/index.html', '/logo.svg', '/manifest.webmanifest', '/icon-192.png'];

/** A chunk's file and, transitively, the files it imports statically, with their CSS. */
function filesLoadedWith(chunk: OutputChunk, bundle: OutputBundle, found: Set<string>): void {
  if (found.has(chunk.fileName)) return;
  found.add(chunk.fileName);
  for (const css of chunk.viteMetadata?.importedCss ?? []) found.add(css);
  for (const imported of chunk.imports) {
    const next = bundle[imported];
    if (next?.type === 'chunk') filesLoadedWith(next, bundle, found);
  }
}

/**
 * Builds /sw.js from src/shared/offline/service-worker.ts and writes into it the list of files the app
 * shell needs offline (the entry, the offline screens, what they import) and a build id derived from
 * that list, so each release's worker fills a cache of its own and drops the previous one.
 */
function serviceWorker(): Plugin {
  return {
    name: 'kestrel-service-worker',
    apply: 'build',
    buildStart() {
      this.emitFile({ type: 'chunk', id: SERVICE_WORKER_SOURCE, fileName: 'sw.js' });
    },
    generateBundle(_options, bundle) {
      const worker = bundle['sw.js'];
      if (worker?.type !== 'chunk') throw new Error('the service worker chunk is missing');
      if (worker.imports.length > 0)
        throw new Error(`sw.js must be one classic script, but imports ${worker.imports.join(', ')}`);
      const found = new Set<string>();
      for (const chunk of Object.values(bundle)) {
        if (chunk.type !== 'chunk' || chunk === worker) continue;
        const source = chunk.facadeModuleId ? path.relative(import.meta.dirname, chunk.facadeModuleId) : '';
        if (chunk.isEntry || OFFLINE_SCREENS.includes(source.split(path.sep).join('/')))
          filesLoadedWith(chunk, bundle, found);
      }
      const missing = OFFLINE_SCREENS.filter(
        (screen) =>
          !Object.values(bundle).some((chunk) => chunk.type === 'chunk' && chunk.facadeModuleId?.endsWith(screen)),
      );
      if (missing.length > 0) throw new Error(`no chunk for offline screens: ${missing.join(', ')}`);
      const files = [...OFFLINE_PUBLIC_FILES, ...[...found].sort().map((file) => `/${file}`)];
      const buildId = createHash('sha256').update(files.join('\n')).digest('hex').slice(0, 12);
      worker.code = worker.code
        .replaceAll('__KESTREL_SHELL_FILES__', JSON.stringify(files))
        .replaceAll('__KESTREL_BUILD_ID__', JSON.stringify(buildId));
    },
  };
}

/**
 * The other tabs' screens: their files are fetched ahead as low-priority prefetches once the first
 * screen has settled (src/shared/lazy/prefetch-tab-files.ts), so switching tabs reads them from the
 * cache. The trade tab's forms (TradeArea) are a chunk of their own below its header.
 */
const TAB_SCREENS = [
  'src/features/markets/screens/MarketsScreen.tsx',
  'src/features/trade/screens/TradeScreen.tsx',
  'src/features/trade/components/TradeArea.tsx',
  'src/features/wallet/screens/WalletScreen.tsx',
  'src/features/me/screens/MeScreen.tsx',
];

/**
 * Writes into the app the list of files the other tabs need beyond what the entry loads (scripts and
 * stylesheets, `__KESTREL_TAB_FILES__`). Fetching them with import() instead evaluated every module and
 * applied every stylesheet to the page at once: long tasks and a restyle of the whole first screen on a
 * phone, right after it appeared. The entry's name already depends on these files' names (its dynamic
 * imports list them), so writing the list after hashing keeps names and contents in step.
 */
function tabFileList(): Plugin {
  return {
    name: 'kestrel-tab-file-list',
    apply: 'build',
    // After Vite's own generateBundle work, which drops the chunks that only carried a stylesheet.
    generateBundle: { order: 'post', handler: (_options, bundle) => writeTabFileList(bundle) },
  };
}

function writeTabFileList(bundle: OutputBundle): void {
  const chunks = Object.values(bundle).filter((chunk): chunk is OutputChunk => chunk.type === 'chunk');
  const sourceOf = (chunk: OutputChunk) =>
    chunk.facadeModuleId
      ? path
          .relative(import.meta.dirname, chunk.facadeModuleId)
          .split(path.sep)
          .join('/')
      : '';
  const upFront = new Set<string>();
  for (const chunk of chunks) if (chunk.isEntry && chunk.fileName !== 'sw.js') filesLoadedWith(chunk, bundle, upFront);
  const files = new Set<string>();
  for (const screen of TAB_SCREENS) {
    const chunk = chunks.find((candidate) => sourceOf(candidate) === screen);
    if (!chunk) throw new Error(`no chunk for tab screen ${screen}`);
    const found = new Set<string>();
    filesLoadedWith(chunk, bundle, found);
    for (const file of found) if (!upFront.has(file) && bundle[file]) files.add(`/${file}`);
  }
  const list = JSON.stringify([...files].sort());
  let written = 0;
  for (const chunk of chunks) {
    if (chunk.fileName === 'sw.js' || !chunk.code.includes('__KESTREL_TAB_FILES__')) continue;
    chunk.code = chunk.code.replaceAll('__KESTREL_TAB_FILES__', list);
    written += 1;
  }
  if (written === 0) throw new Error('no chunk reads __KESTREL_TAB_FILES__');
}

/**
 * Moves the built stylesheet links from <head> to the end of <body>. In <head> they block the first
 * paint, so on a slow line the phone stays blank until both files arrive although index.html carries the
 * splash with its own inline styles. At the end of <body> the splash paints as soon as the HTML is
 * parsed, and the module scripts still run only once the stylesheets are in (a parser-inserted
 * stylesheet blocks scripts), so React never draws an unstyled screen.
 */
function stylesheetsAfterSplash(): Plugin {
  const stylesheetLink = /\s*<link rel="stylesheet"[^>]*>/g;
  return {
    name: 'kestrel-stylesheets-after-splash',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(html) {
        const links = html.match(stylesheetLink) ?? [];
        if (links.length === 0) return html;
        const withoutLinks = html.replace(stylesheetLink, '');
        return withoutLinks.replace('</body>', `${links.map((link) => link.trim()).join('\n')}\n</body>`);
      },
    },
  };
}

/**
 * react-router 7's package.json sends every bundler to its development build (its issue #12532, #14753:
 * a stopgap upstream), which keeps dev-only warnings and checks in production. A production build of
 * the app takes the production build of the router that sits beside it in the same package.
 */
const routerDist = path.join(path.dirname(createRequire(import.meta.url).resolve('react-router')), '..', 'production');
const PRODUCTION_ROUTER = [
  { find: /^react-router$/, replacement: path.join(routerDist, 'index.mjs') },
  { find: /^react-router\/dom$/, replacement: path.join(routerDist, 'dom-export.mjs') },
];

export default defineConfig(({ command }) => ({
  // No build tricks: the app imports the contract's schema-free view (@kestrel/contract/web), so zod and
  // the endpoint schemas never enter the bundle, and each English set is a plain JSON file.
  plugins: [react(), serviceWorker(), tabFileList(), stylesheetsAfterSplash()],
  resolve: { alias: command === 'build' ? PRODUCTION_ROUTER : [] },
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
}));
