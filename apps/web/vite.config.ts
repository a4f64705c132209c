import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath, URL } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';
import { compression } from 'vite-plugin-compression2';

// The API serves the built cabinet under /app/ on the same origin, so the dev and preview servers proxy
// /api to it and the app never needs a configurable API host.
const apiProxy = { '/api': { target: 'http://127.0.0.1:3000', changeOrigin: false } };

/**
 * react-router's package exports point at its development build; its production build (no dev warnings)
 * sits beside it. A build takes the production files; both entry points come from the same folder, so they
 * share one router context (decision 0111).
 */
const reactRouterDist = join(
  dirname(createRequire(import.meta.url).resolve('react-router/package.json')),
  'dist/production',
);
const productionReactRouter: Plugin = {
  name: 'production-react-router',
  config: (_config, { command }) =>
    command === 'build'
      ? {
          resolve: {
            alias: [
              { find: /^react-router$/, replacement: join(reactRouterDist, 'index.mjs') },
              { find: /^react-router\/dom$/, replacement: join(reactRouterDist, 'dom-export.mjs') },
            ],
          },
        }
      : undefined,
};

export default defineConfig({
  base: '/app/',
  // Brotli and gzip copies of every text asset, made once at build time: the API serves them as they are
  // (@fastify/static preCompressed), so no request pays for compression and the wire carries ~30 %.
  plugins: [react(), productionReactRouter, compression({ algorithms: ['brotliCompress', 'gzip'] })],
  resolve: {
    alias: [{ find: '@', replacement: fileURLToPath(new URL('./src', import.meta.url)) }],
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    // dist/.vite/manifest.json: which files each screen needs, for the first-load budgets (.size-limit.js).
    // The API does not serve dot folders.
    manifest: true,
    // The first load lists every lazy chunk by name (the preload table in the entry): hashes alone keep
    // that table short (decision 0111).
    rollupOptions: { output: { chunkFileNames: 'assets/[hash].js' } },
  },
  server: { proxy: apiProxy },
  preview: { proxy: apiProxy },
});
