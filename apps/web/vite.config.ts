import { fileURLToPath } from 'node:url';
import { isBuyerPage } from '@fpy/contracts/buyer-pages';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';
import { contractsForWeb } from './vite/contracts-for-web.ts';

const API = 'http://127.0.0.1:9527';

/**
 * The buyer's delivery pages are a second entry (delivery.html: React and plain CSS, no antd) that the server
 * answers for BUYER_PAGE_PATHS; the dev server does the same, so /smsDetail?c=… works under `vite` too.
 */
const buyerPages = (): Plugin => ({
  name: 'fpy-buyer-pages',
  configureServer(server) {
    server.middlewares.use((req, _res, next) => {
      const [path, query] = (req.url ?? '').split('?');
      if (req.method === 'GET' && isBuyerPage(path)) req.url = `/delivery.html${query ? `?${query}` : ''}`;
      next();
    });
  },
});

export default defineConfig({
  // The console gets light route objects instead of the zod contracts (vite/contracts-for-web.ts).
  plugins: [contractsForWeb(), react(), buyerPages()],
  server: {
    port: 5173,
    proxy: {
      '/api': { target: API, changeOrigin: true },
      '/v1': { target: API, changeOrigin: true },
    },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    // The budgets (login ≤ 196 KB gzip of JS and CSS, console ≤ 600 KB gzip) are checked on what Chromium loads
    // (scripts/bench/bundle-size.ts, tests/browser/login-budget.e2e.ts);
    // echarts alone is larger than the default warning threshold.
    chunkSizeWarningLimit: 900,
    rollupOptions: {
      input: {
        main: fileURLToPath(new URL('index.html', import.meta.url)),
        delivery: fileURLToPath(new URL('delivery.html', import.meta.url)),
      },
    },
  },
});
