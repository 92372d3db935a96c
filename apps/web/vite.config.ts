import { fileURLToPath } from 'node:url';
import { PHONE_ENTRIES, phoneEntryHtml, phoneEntryOf } from '@fpy/contracts/phone-entries';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';
import { contractsForWeb } from './vite/contracts-for-web.ts';

const API = 'http://127.0.0.1:9527';

/**
 * The phone entries (@fpy/contracts/phone-entries: React and plain CSS, no antd) are entries of their own that the
 * server answers for their routes; the dev server does the same, so /smsDetail?c=… works under `vite` too.
 */
const phonePages = (): Plugin => ({
  name: 'fpy-phone-pages',
  configureServer(server) {
    server.middlewares.use((req, _res, next) => {
      const [path, query] = (req.url ?? '').split('?');
      const entry = req.method === 'GET' ? phoneEntryOf(path) : undefined;
      if (entry) req.url = `/${phoneEntryHtml(entry.name)}${query ? `?${query}` : ''}`;
      next();
    });
  },
});

/** The console (index.html) and one HTML input per phone entry, named as the entry. */
export const buildInputs = (): Record<string, string> => ({
  main: fileURLToPath(new URL('index.html', import.meta.url)),
  ...Object.fromEntries(
    PHONE_ENTRIES.map((e) => [e.name, fileURLToPath(new URL(phoneEntryHtml(e.name), import.meta.url))]),
  ),
});

export default defineConfig({
  // The console gets light route objects instead of the zod contracts (vite/contracts-for-web.ts).
  plugins: [contractsForWeb(), react(), phonePages()],
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
      input: buildInputs(),
    },
  },
});
