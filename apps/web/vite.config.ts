import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath, URL } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';
import { compression } from 'vite-plugin-compression2';
import { catalogues } from './vite-catalogues';

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

/** A module test: exactly these files (paths from apps/web), as Rolldown names modules (absolute paths). */
const files = (...paths: string[]) => {
  const ids = new Set(paths.map((path) => fileURLToPath(new URL(path, import.meta.url))));
  return (id: string) => ids.has(id);
};
/** A module test: ids matching any of these. */
const matching =
  (...patterns: RegExp[]) =>
  (id: string) =>
    patterns.some((pattern) => pattern.test(id));
const either =
  (...tests: ((id: string) => boolean)[]) =>
  (id: string) =>
    tests.some((test) => test(id));

/**
 * Chunks cut along the two budgeted first loads (decision 0292). Left to itself, Rolldown makes a chunk of
 * every set of modules the same lazy routes share: home's first visit downloaded 106 files and sign-in's 30,
 * and brotli of many small files (each with its own dictionary and its imports by hashed name) costs ~30 kB
 * more than of the same code in a few. A group takes a module with everything it imports statically, the
 * highest priority first; what no group takes is split as before.
 */
const firstLoadChunks = {
  groups: [
    // What index.html loads before anything shows: the entry chunk.
    { name: 'entry', tags: ['$initial' as const], priority: 40 },
    // What both the sign-in card and the cabinet run, whichever comes first: React, the router, Mantine's
    // style system and the field and card both show, the icons' base, the API error.
    {
      name: 'kit',
      priority: 30,
      test: either(
        matching(
          /node_modules[\\/](react|react-dom|scheduler|react-router|clsx)[\\/]/,
          /@mantine[\\/]core[\\/]esm[\\/]components[\\/](Paper|Input|InputBase|TextInput|CloseButton)[\\/]/,
          /@mantine[\\/]hooks[\\/]esm[\\/](use-id|utils[\\/]random-id)[\\/]/,
          /@tabler[\\/]icons-react[\\/]dist[\\/]esm[\\/](defaultAttributes|createReactComponent)[.]mjs$/,
        ),
        // What the sign-in card shares with the cabinet's first screen; left to the sign-in group, home
        // would fetch the whole sign-in chunk for them.
        matching(/catalogue:ru:.*packages[\\/]contracts[\\/]src[\\/]i18n[\\/]en[.]json/),
        files(
          'src/lib/api-error.ts',
          'src/lib/use-action.ts',
          'src/lib/i18n/contracts-text.ts',
          'src/lib/i18n/language-names.ts',
          '../../packages/contracts/src/i18n/text.ts',
          '../../packages/contracts/src/i18n/ids.ts',
        ),
      ),
    },
    // The sign-in card (/auth-app) as it shows, with the passkey button (where the browser has passkeys) and
    // the Yandex ID button (lazily, where the installation has it); its later steps and the passkey ceremony
    // stay lazy.
    {
      name: 'sign-in',
      priority: 20,
      test: files(
        'src/routes/sign-in-route.tsx',
        'src/app/layouts/auth-layout.tsx',
        'src/features/auth/components/passkey-sign-in.tsx',
        'src/features/auth/components/yandex-sign-in.tsx',
      ),
    },
    // The signed-in shell, the cabinet's header and home with its organizations table: home's first screen.
    {
      name: 'cabinet',
      priority: 10,
      test: files(
        'src/app/signed-in-shell.tsx',
        'src/app/query-client.ts',
        'src/app/layouts/default-layout.tsx',
        'src/routes/home-route.tsx',
        'src/features/organizations/components/organizations-table.tsx',
      ),
    },
    // The endpoint tables of home's calls, zod with them (lib/lazy-endpoints.ts): one chunk, on the first call.
    {
      name: 'calls',
      priority: 5,
      test: files(
        ...['profile', 'organizations', 'invitations', 'transfers', 'site'].map(
          (area) => `../../packages/contracts/src/endpoints/${area}.ts`,
        ),
      ),
    },
  ],
};

export default defineConfig({
  base: '/app/',
  // Brotli and gzip copies of every text asset, made once at build time: the API serves them as they are
  // (@fastify/static preCompressed), so no request pays for compression and the wire carries ~30 %.
  plugins: [
    catalogues(),
    react(),
    productionReactRouter,
    compression({ algorithms: ['brotliCompress', 'gzip'] }),
  ],
  resolve: {
    alias: [{ find: '@', replacement: fileURLToPath(new URL('./src', import.meta.url)) }],
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    // dist/.vite/manifest.json: which files each screen needs, for the first-load budgets (.size-limit.js).
    // The API does not serve dot folders.
    manifest: true,
    // Every browser the cabinet supports preloads modules itself (Chrome 66, Firefox 115, Safari 17): the
    // polyfill's 0.4 kB would come with every first load for none of them.
    modulePreload: { polyfill: false },
    // The first load lists every lazy chunk by name (the preload table in the entry): hashes alone keep
    // that table short (decision 0111). The first-load groups' chunks carry their group's name, which
    // .size-limit.js finds them by in the manifest (decision 0292).
    rollupOptions: {
      output: {
        chunkFileNames: (chunk) =>
          firstLoadChunks.groups.some((group) => group.name === chunk.name)
            ? 'assets/[name]-[hash].js'
            : 'assets/[hash].js',
        codeSplitting: firstLoadChunks,
      },
    },
  },
  server: { proxy: apiProxy },
  preview: { proxy: apiProxy },
});
