import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';

/** Where `vite dev` forwards API and WebSocket calls: a server started as the README describes. */
const devServerTarget = process.env.KESTREL_DEV_API ?? 'http://127.0.0.1:8090';

/**
 * The operator console: its own bundle, served by the server under /admin/ (apps/server/src/app.ts).
 * It never shares a chunk with the customer app, so the phone's size budget is untouched.
 */
export default defineConfig({
  base: '/admin/',
  plugins: [react()],
  server: {
    proxy: {
      '/api': { target: devServerTarget, changeOrigin: true },
      '/uploads': { target: devServerTarget, changeOrigin: true },
      '/ws': { target: devServerTarget, ws: true, changeOrigin: true },
    },
  },
  build: {
    target: 'es2020',
    chunkSizeWarningLimit: 2000,
    rollupOptions: {
      output: {
        manualChunks: (id) => {
          if (!id.includes('node_modules')) return undefined;
          if (/node_modules\/(react|react-dom|scheduler|react-router|react-router-dom)\//.test(id))
            return 'vendor-react';
          if (/node_modules\/(antd|@ant-design|rc-[a-z-]+|@rc-component)\//.test(id)) return 'vendor-antd';
          return 'vendor';
        },
      },
    },
  },
});
