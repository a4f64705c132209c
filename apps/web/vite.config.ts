import { fileURLToPath, URL } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { compression } from 'vite-plugin-compression2';

// The API serves the built cabinet under /app/ on the same origin, so the dev and preview servers proxy
// /api to it and the app never needs a configurable API host.
const apiProxy = { '/api': { target: 'http://127.0.0.1:3000', changeOrigin: false } };

export default defineConfig({
  base: '/app/',
  // Brotli and gzip copies of every text asset, made once at build time: the API serves them as they are
  // (@fastify/static preCompressed), so no request pays for compression and the wire carries ~30 %.
  plugins: [react(), compression({ algorithms: ['brotliCompress', 'gzip'] })],
  resolve: {
    alias: { '@': fileURLToPath(new URL('./src', import.meta.url)) },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
  },
  server: { proxy: apiProxy },
  preview: { proxy: apiProxy },
});
